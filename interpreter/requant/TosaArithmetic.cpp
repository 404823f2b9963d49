//===- TosaArithmetic.cpp - TOSA's integer helpers with their REQUIREs -----===//
//
// Spec: [contract.accumulator], [contract.pool-divide]. The REQUIRE texts are
// those of the specification's main branch, which checks before adding
// (`!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64)`); v1.0.2 checks the
// int64 sum (`c >= minimum_s<in_t>() && c <= maximum_s<in_t>()`). For widths
// up to 48 the two are the same condition; RESCALE's messages already quote
// the first form ([rescale.op] 4).
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/TosaArithmetic.h"

#include <cassert>

namespace qi::requant {

std::string signedTypeName(unsigned width) { return "int" + std::to_string(width) + "_t"; }

int64_t minimumS(unsigned width) { return -(int64_t(1) << (width - 1)); }
int64_t maximumS(unsigned width) { return (int64_t(1) << (width - 1)) - 1; }

namespace {

TosaInt require(std::string where, std::string condition, std::string detail) {
  TosaInt out;
  out.violation = Violation{Violation::Kind::Require, std::move(where), std::move(condition),
                            std::move(detail)};
  return out;
}

std::string operands(const char *aName, int64_t a, const char *bName, int64_t b) {
  return std::string(aName) + " = " + std::to_string(a) + ", " + bName + " = " + std::to_string(b);
}

} // namespace

TosaInt applyAddS(int64_t a, int64_t b, unsigned width, const char *aName,
                  const char *bName) {
  assert(width >= 1 && width <= kMaxTosaIntWidth);
  // a and b are int<width>_t values: the int64 sum is exact.
  if ((b > 0 && a > maximumS(width) - b) || (b < 0 && a < minimumS(width) - b))
    return require("apply_add_s<" + signedTypeName(width) + ">",
                   "!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < "
                   "minimum_s<in_t>() - b_i64)",
                   operands(aName, a, bName, b));
  return TosaInt{a + b, std::nullopt};
}

TosaInt applySubS(int64_t a, int64_t b, unsigned width, const char *aName,
                  const char *bName) {
  assert(width >= 1 && width <= kMaxTosaIntWidth);
  if ((b > 0 && a < minimumS(width) + b) || (b < 0 && a > maximumS(width) + b))
    return require("apply_sub_s<" + signedTypeName(width) + ">",
                   "!(b_i64 > 0 && a_i64 < minimum_s<in_t>() + b_i64) && !(b_i64 < 0 && a_i64 > "
                   "maximum_s<in_t>() + b_i64)",
                   operands(aName, a, bName, b));
  return TosaInt{a - b, std::nullopt};
}

int64_t applyMulS(int64_t a, int64_t b, unsigned width) {
  assert(width >= 1 && width <= kMaxTosaIntWidth);
  // |a|, |b| <= 2^47: the product fits int64 except at (-2^47)^2 = 2^94,
  // which the unsigned product wraps exactly as static_cast truncates.
  const uint64_t product = static_cast<uint64_t>(a) * static_cast<uint64_t>(b);
  const uint64_t sign = uint64_t(1) << (width - 1);
  const uint64_t low = product & ((uint64_t(1) << width) - 1);
  return static_cast<int64_t>((low ^ sign) - sign); // sign-extend the low `width` bits
}

ReciprocalScale reciprocalScale(uint32_t value) {
  ReciprocalScale scale;
  if (value == 0) {
    scale.violation = Violation{Violation::Kind::Require, "reciprocal_scale", "value > 0",
                                "value = 0"};
    return scale;
  }
  // k = 32 - count_leading_zeros(value - 1): (1 << k) / 2 < value <= (1 << k).
  const int leadingZeros = value == 1 ? 32 : __builtin_clz(value - 1);
  const int k = 32 - leadingZeros;
  const int64_t numerator = ((int64_t(1) << 30) + 1) << k;
  scale.multiplier = static_cast<int32_t>(numerator / value); // in [2^30, 2^31)
  scale.shift = static_cast<int8_t>(30 + k);
  return scale;
}

} // namespace qi::requant
