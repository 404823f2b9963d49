//===- NarrowFloat.h - f16 / bf16 / tf32 values in host binary64 -*- C++ -*-===//
//
// Spec: [fast.narrow-host] (spec/performance.md). A step of a qcast recipe
// in the expressed format E in {f16, bf16, tf32} is computed by the host as
// one binary64 operation on the (exact) binary64 values of its E operands,
// then rounded to E by roundToNarrow; that equals the correctly rounded E
// operation because binary64 has p' = 53 >= 2p + 2 and keeps every E value
// and every result of +, -, *, / on E values normal. These helpers decode an
// E pattern exactly and round a binary64 to E (nearest-even, E subnormals,
// overflow to infinity, NaN kept) with bit manipulation plus one host
// add/subtract pair, which needs the default floating-point environment
// ([fast.environment]). Checked against llvm::APFloat by NarrowFloatTest.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_NARROWFLOAT_H
#define QI_QUANT_NARROWFLOAT_H

#include "numeric/FloatFormat.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace qi::quant {

/// The layout of an IEEE format E of precision p <= 11 whose exponent range
/// lies inside binary32's (f16, bf16, tf32), relative to binary64.
struct NarrowFormat {
  unsigned width = 0;           ///< bits of an E pattern
  unsigned shift = 0;           ///< 52 - (p - 1): binary64 fraction bits E lacks
  uint64_t signBit = 0, exponentField = 0, magnitudeMask = 0; ///< in E patterns
  double decodeScale = 0;       ///< 2^(1023 - bias(E))
  uint64_t minNormal = 0;       ///< binary64 bits of 2^emin(E)
  uint64_t maxFinite = 0;       ///< binary64 bits of E's largest finite value
  double subnormalRounder = 0;  ///< 2^(emin - p + 53): ulp = E's subnormal quantum
};

/// The layout of f16, bf16 or tf32; nullptr for every other format.
const NarrowFormat *narrowFormat(const numeric::FloatFormat &format);

inline double doubleFromBits(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

inline uint64_t bitsOfDouble(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  return bits;
}

/// The value of the E pattern in the low `width` bits of `bits`, exactly (a
/// NaN stays a NaN). The product by a power of two is exact: the result is a
/// normal binary64.
inline double narrowToDouble(uint64_t bits, const NarrowFormat &f) {
  const uint64_t magnitude = bits & f.magnitudeMask;
  const bool special = (magnitude & f.exponentField) == f.exponentField;
  double v = doubleFromBits((magnitude << f.shift) |
                            (special ? uint64_t(0x7FF0000000000000) : 0));
  if (!special)
    v *= f.decodeScale;
  return (bits & f.signBit) ? -v : v;
}

/// `v` rounded to E, nearest-even, as a binary64: ±inf above E's overflow
/// threshold, E's subnormal quantum below 2^emin, NaN and ±inf unchanged.
inline double roundToNarrow(double v, const NarrowFormat &f) {
  const uint64_t bits = bitsOfDouble(v), sign = bits & 0x8000000000000000ull,
                 magnitude = bits ^ sign;
  if (magnitude >= 0x7FF0000000000000ull)
    return v;
  if (magnitude < f.minNormal) // fixed quantum: one rounding host add, exact subtract
    return std::copysign((std::fabs(v) + f.subnormalRounder) - f.subnormalRounder, v);
  const uint64_t low = (uint64_t(1) << f.shift) - 1;
  uint64_t rounded = (magnitude + (low >> 1) + ((magnitude >> f.shift) & 1)) & ~low;
  if (rounded > f.maxFinite)
    rounded = 0x7FF0000000000000ull;
  return doubleFromBits(rounded | sign);
}

} // namespace qi::quant

#endif
