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
// ([fast.environment]); and in any rounding mode with integer operations
// only, into E or binary32 ([fast.narrow-modes]). Checked against
// llvm::APFloat and the numeric core by NarrowFloatTest.
//
//===----------------------------------------------------------------------===//
#ifndef QI_HOST_NARROWFLOAT_H
#define QI_HOST_NARROWFLOAT_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/RoundingMode.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace qi::host {

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
  double quantum = 0;           ///< 2^(emin - p + 1), E's subnormal quantum
  int quantumExponent = 0;      ///< emin - p + 1
};

/// The layout of f16, bf16 or tf32; nullptr for every other format.
const NarrowFormat *narrowFormat(const numeric::FloatFormat &format);
/// binary32 described the same way: a rounding target of roundToNarrow in a
/// mode other than nearest-even ([fast.narrow-modes]); not an expressed
/// format of [fast.narrow-host].
const NarrowFormat &binary32Layout();

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

/// [round.modes]: whether a magnitude truncated to the grid goes up by one
/// unit, given its parity and the dropped rest against half a unit (rest
/// and half in the same units).
inline bool roundsMagnitudeUp(numeric::RoundingMode mode, bool negative, bool odd,
                              uint64_t rest, uint64_t half) {
  using numeric::Rest;
  return numeric::incrementMagnitude(mode, negative, odd,
                                     rest == 0     ? Rest::Zero
                                     : rest < half ? Rest::BelowHalf
                                     : rest == half ? Rest::Half
                                                    : Rest::AboveHalf);
}

/// `v` rounded to E in `mode`, as a binary64, with integer operations only
/// (no host rounding): as numeric::roundToFormat, a result beyond E's
/// largest finite value is +-inf under the nearest modes, toward +inf for
/// positive and toward -inf for negative values, else the largest finite
/// value; below 2^emin the grid is E's subnormal quantum; a zero keeps the
/// sign of v; NaN and +-inf are returned unchanged. [fast.narrow-modes]
inline double roundToNarrow(double v, const NarrowFormat &f, numeric::RoundingMode mode) {
  const uint64_t bits = bitsOfDouble(v), sign = bits & 0x8000000000000000ull,
                 magnitude = bits ^ sign;
  if (magnitude >= 0x7FF0000000000000ull)
    return v;
  const bool negative = sign != 0;
  if (magnitude < f.minNormal) {
    // |v| = M * 2^(ev - 52) (a binary64 subnormal: exponent field 1's
    // scale); count multiples of the quantum 2^qe.
    const uint64_t field = magnitude >> 52;
    const uint64_t m = (magnitude & 0xFFFFFFFFFFFFFull) | (field ? uint64_t(1) << 52 : 0);
    const int drop = f.quantumExponent - (int(field ? field : 1) - 1075);
    uint64_t n = 0;
    bool up;
    if (drop >= 64) { // below a quarter of the quantum, not zero unless m == 0
      up = numeric::incrementMagnitude(mode, negative, false,
                                       m != 0 ? numeric::Rest::BelowHalf : numeric::Rest::Zero);
    } else { // drop > 0: |v| < 2^emin = 2^(p-1) quanta
      n = m >> drop;
      const uint64_t rest = m & ((uint64_t(1) << drop) - 1);
      up = roundsMagnitudeUp(mode, negative, n & 1, rest, uint64_t(1) << (drop - 1));
    }
    return std::copysign(static_cast<double>(n + (up ? 1 : 0)) * f.quantum, v);
  }
  const uint64_t unit = uint64_t(1) << f.shift;
  const uint64_t truncated = magnitude & ~(unit - 1);
  uint64_t rounded = truncated;
  if (roundsMagnitudeUp(mode, negative, (magnitude >> f.shift) & 1, magnitude & (unit - 1),
                        unit >> 1))
    rounded += unit; // a carry into the exponent field is the next binade
  if (rounded > f.maxFinite)
    rounded = numeric::overflowsToInfinity(mode, negative) ? 0x7FF0000000000000ull : f.maxFinite;
  return doubleFromBits(rounded | sign);
}

/// a + b rounded to E in `mode`, for E values a and b (their binary64
/// values), as numeric::floatAdd: the binary64 sum s is nearest-even, so its
/// error e = a + b - s is exact (TwoSum). When e != 0, a + b lies strictly
/// between s and its binary64 neighbour toward e, and no rounding boundary of
/// E (its values and midpoints, <= p + 1 significant bits, in E's normal
/// range because |a + b| >= 2^53 quanta) lies strictly between them; so when
/// s is a boundary the neighbour, else s itself, rounds as a + b does. An
/// exact zero sum is -0 under toward-negative unless both operands are +0.
/// Needs the default floating-point environment. [fast.narrow-modes]
inline double addToNarrow(double a, double b, const NarrowFormat &f, numeric::RoundingMode mode) {
  double s = a + b;
  if (std::isfinite(s)) {
    const double between = s - a, error = (a - (s - between)) + (b - between);
    const uint64_t boundaryBits = (uint64_t(1) << (f.shift - 1)) - 1;
    if (error != 0 && (bitsOfDouble(s) & boundaryBits) == 0)
      s = std::nextafter(s, error > 0 ? INFINITY : -INFINITY);
    else if (s == 0 && mode == numeric::RoundingMode::TowardNegative &&
             (std::signbit(a) || std::signbit(b))) // x + -x, or a -0 operand
      s = -0.0;
  }
  return roundToNarrow(s, f, mode);
}

} // namespace qi::host

#endif
