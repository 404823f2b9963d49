//===- TosaArithmetic.h - TOSA's integer helpers with their REQUIREs -*- C++ -*-===//
//
// Spec: [contract.accumulator], [contract.pool-divide] (spec/tosa-contractions.md),
// [rescale.op] 4. The signed integer helpers of the TOSA 1.0 specification
// (pseudocode/library/arithmetic_helpers.tosac, scale_helpers.tosac) that
// RESCALE and the contraction and pooling operators share: apply_add_s,
// apply_sub_s, apply_mul_s on an int<width>_t (width 1..48: int32_t
// accumulators, int48_t ones), minimum_s / maximum_s, reciprocal_scale.
//
// Values are the integers the specification's signed types hold (int64_t),
// never bit patterns. A REQUIRE that does not hold comes back as a Violation
// naming the call (`apply_add_s<int32_t>`), never as a wrapped value.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_TOSAARITHMETIC_H
#define QI_REQUANT_TOSAARITHMETIC_H

#include "interpreter/requant/Violation.h"

#include <cstdint>
#include <optional>
#include <string>

namespace qi::requant {

/// The widest signed type the helpers take: int48_t (int64_t sums and
/// products of two such values cannot overflow, so every check is exact).
inline constexpr unsigned kMaxTosaIntWidth = 48;

/// "int32_t", "int48_t": the specification's name of the signed type.
std::string signedTypeName(unsigned width);
/// minimum_s<int<width>_t>(), maximum_s<int<width>_t>().
int64_t minimumS(unsigned width);
int64_t maximumS(unsigned width);

/// A value of int<width>_t, or the REQUIRE that does not hold.
struct TosaInt {
  int64_t value = 0;
  std::optional<Violation> violation;
};

/// apply_add_s<int<width>_t>(a, b): REQUIRE that a + b does not overflow the
/// type. `aName` / `bName` name the operands in the violation's detail
/// ("acc", "value"), as the calling pseudo-code does.
TosaInt applyAddS(int64_t a, int64_t b, unsigned width, const char *aName,
                  const char *bName);
/// apply_sub_s<int<width>_t>(a, b): REQUIRE that a - b does not overflow.
TosaInt applySubS(int64_t a, int64_t b, unsigned width, const char *aName,
                  const char *bName);
/// apply_mul_s<int<width>_t>(a, b): the int64 product, static_cast to the
/// type (truncated and sign-extended: the specification has no REQUIRE here).
int64_t applyMulS(int64_t a, int64_t b, unsigned width);

/// scale_t of reciprocal_scale: multiplier in [2^30, 2^31), shift 30 + k.
struct ReciprocalScale {
  int32_t multiplier = 0;
  int8_t shift = 0;
  std::optional<Violation> violation; ///< REQUIRE(value > 0)
};
/// reciprocal_scale(value): the (multiplier, shift) of 1 / value for
/// apply_scale_32, k = ceil(log2(value)). [contract.pool-divide]
ReciprocalScale reciprocalScale(uint32_t value);

} // namespace qi::requant

#endif
