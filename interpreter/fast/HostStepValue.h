//===- HostStepValue.h - Exact step constants as host floats ----*- C++ -*-===//
//
// Spec: [fast.environment] (spec/performance.md). The host fast paths of
// qcast and dcast run a step on the host only when its format is binary32 or
// binary64, or (qcast, [fast.narrow-host]) f16 / bf16 / tf32 computed in
// binary64 and rounded back; these convert the exact StepArithmetic's constants (computed by
// the numeric core, never by the host) to the host value with the same bits.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_HOSTSTEPVALUE_H
#define QI_FAST_HOSTSTEPVALUE_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/host/NarrowFloat.h"
#include "interpreter/quant/Recipe.h"
#include "interpreter/quant/StepArithmetic.h"

#include <cstdint>
#include <cstring>

namespace qi::fast {

/// The f32, f64, f16, bf16 or tf32 step value `v` as a host double (exact:
/// each is a subset of f64).
inline double hostValue(const quant::StepValue &v) {
  if (const host::NarrowFormat *narrow = host::narrowFormat(*v.format))
    return narrowToDouble(static_cast<uint64_t>(v.bits), *narrow);
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

/// Whether steps at precision `p` run in a host format: f32 / f64, or with
/// `narrow` also f16 / bf16 / tf32 by [fast.narrow-host] (qcast only).
inline bool isHostFormat(quant::Precision p, const numeric::FloatFormat &expressed,
                         bool narrow = false) {
  return p != quant::Precision::Expressed || &expressed == &numeric::f32Format() ||
         &expressed == &numeric::f64Format() || (narrow && host::narrowFormat(expressed));
}

} // namespace qi::fast

#endif
