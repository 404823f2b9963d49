//===- NarrowFloat.cpp - f16 / bf16 / tf32 layouts ------------------------===//
//
// Spec: [fast.narrow-host] (spec/performance.md).
//
//===----------------------------------------------------------------------===//
#include "interpreter/host/NarrowFloat.h"

namespace qi::host {

using namespace numeric;

namespace {

NarrowFormat layoutOf(const FloatFormat &e) {
  NarrowFormat f;
  const unsigned fraction = e.precision - 1;
  f.width = e.sizeInBits;
  f.shift = 52 - fraction;
  f.signBit = uint64_t(1) << (e.sizeInBits - 1);
  f.magnitudeMask = f.signBit - 1;
  f.exponentField = f.magnitudeMask & ~((uint64_t(1) << fraction) - 1);
  f.decodeScale = std::ldexp(1.0, 1023 - e.bias());
  f.minNormal = bitsOfDouble(std::ldexp(1.0, e.minExponent));
  f.maxFinite = bitsOfDouble(std::ldexp(2.0 - std::ldexp(1.0, -int(fraction)), e.maxExponent));
  f.subnormalRounder = std::ldexp(1.0, e.minExponent - int(e.precision) + 53);
  f.quantumExponent = e.minExponent - int(e.precision) + 1;
  f.quantum = std::ldexp(1.0, f.quantumExponent);
  return f;
}

} // namespace

const NarrowFormat *narrowFormat(const FloatFormat &format) {
  static const NarrowFormat f16 = layoutOf(f16Format()), bf16 = layoutOf(bf16Format()),
                            tf32 = layoutOf(tf32Format());
  if (&format == &f16Format())
    return &f16;
  if (&format == &bf16Format())
    return &bf16;
  if (&format == &tf32Format())
    return &tf32;
  return nullptr;
}

const NarrowFormat &binary32Layout() {
  static const NarrowFormat f32 = layoutOf(f32Format());
  return f32;
}

} // namespace qi::host
