//===- HostStepValue.h - Exact step constants as host floats ----*- C++ -*-===//
//
// Spec: [fast.environment] (spec/performance.md). The host fast paths of
// qcast and dcast run a step on the host only when its format is binary32 or
// binary64; these convert the exact StepArithmetic's constants (computed by
// the numeric core, never by the host) to the host value with the same bits.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_HOSTSTEPVALUE_H
#define QI_QUANT_HOSTSTEPVALUE_H

#include "numeric/FloatFormat.h"
#include "quant/Recipe.h"
#include "quant/StepArithmetic.h"

#include <cstdint>
#include <cstring>

namespace qi::quant {

/// The f32 or f64 step value `v` as a host double (exact: f32 ⊂ f64).
inline double hostValue(const StepValue &v) {
  if (v.format == &numeric::f32Format()) {
    float f;
    uint32_t bits = static_cast<uint32_t>(v.bits);
    std::memcpy(&f, &bits, 4);
    return f;
  }
  double d;
  uint64_t bits = static_cast<uint64_t>(v.bits);
  std::memcpy(&d, &bits, 8);
  return d;
}

/// Whether steps at precision `p` run in a host format (f32 / f64).
inline bool isHostFormat(Precision p, const numeric::FloatFormat &expressed) {
  return p != Precision::Expressed || &expressed == &numeric::f32Format() ||
         &expressed == &numeric::f64Format();
}

} // namespace qi::quant

#endif
