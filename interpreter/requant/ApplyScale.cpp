//===- ApplyScale.cpp - TOSA apply_scale_32 / apply_scale_16 ---------------===//
//
// Spec: [rescale.apply-scale-32], [rescale.apply-scale-16]. Each line follows
// scale_helpers.tosac; every intermediate provably fits int64 once the
// REQUIREs hold (|value * multiplier| < 2^62, round <= 2^61 + 2^30).
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/ApplyScale.h"

#include <string>

namespace qi::requant {

std::string_view roundingModeName(RoundingMode mode) {
  switch (mode) {
  case RoundingMode::Single:
    return "SINGLE_ROUND";
  case RoundingMode::Inexact:
    return "INEXACT_ROUND";
  case RoundingMode::Double:
    return "DOUBLE_ROUND";
  }
  return "?";
}

std::optional<RoundingMode> parseRoundingMode(std::string_view name) {
  for (RoundingMode mode : {RoundingMode::Single, RoundingMode::Inexact, RoundingMode::Double})
    if (roundingModeName(mode) == name)
      return mode;
  return std::nullopt;
}

int64_t arithmeticShiftRight(int64_t value, unsigned shift) {
  // Floor division by 2^shift without relying on the implementation-defined
  // shift of a negative value (C++17).
  return value >= 0 ? value >> shift : ~(~value >> shift);
}

namespace {

Scaled require(std::string where, std::string condition, std::string detail) {
  Scaled out;
  out.violation = Violation{Violation::Kind::Require, std::move(where), std::move(condition),
                            std::move(detail)};
  return out;
}

/// The REQUIREs both functions share, in the specification's order.
std::optional<Scaled> checkMultiplierAndShift(const char *where, int64_t multiplier,
                                              int shift) {
  if (multiplier < 0)
    return require(where, "multiplier >= 0", "multiplier = " + std::to_string(multiplier));
  if (!(2 <= shift && shift <= 62))
    return require(where, "2 <= shift && shift <= 62", "shift = " + std::to_string(shift));
  return std::nullopt;
}

} // namespace

Scaled applyScale32(int32_t value, int32_t multiplier, int8_t shift, bool doubleRound) {
  if (auto bad = checkMultiplierAndShift("apply_scale_32", multiplier, shift))
    return *bad;
  const int64_t half = int64_t(1) << (shift - 1);
  if (!(value >= -half && value < half))
    return require("apply_scale_32",
                   "value >= (-1 << (shift - 1)) && value < (1 << (shift - 1))",
                   "value = " + std::to_string(value) + ", shift = " + std::to_string(shift));
  int64_t round = half;
  if (doubleRound) {
    if (shift > 31 && value >= 0)
      round += int64_t(1) << 30;
    if (shift > 31 && value < 0)
      round -= int64_t(1) << 30;
  }
  int64_t result = static_cast<int64_t>(value) * multiplier + round;
  result = arithmeticShiftRight(result, static_cast<unsigned>(shift));
  // Fits int32 because of the REQUIRE on value.
  return Scaled{static_cast<int32_t>(result), std::nullopt};
}

Scaled applyScale16(int64_t value, int16_t multiplier, int8_t shift) {
  if (auto bad = checkMultiplierAndShift("apply_scale_16", multiplier, shift))
    return *bad;
  const int64_t round = int64_t(1) << (shift - 1);
  int64_t result = value * multiplier + round;
  result = arithmeticShiftRight(result, static_cast<unsigned>(shift));
  if (!(result >= INT32_MIN && result <= INT32_MAX))
    return require("apply_scale_16",
                   "result >= minimum<int32_t> && result <= maximum<int32_t>",
                   "value = " + std::to_string(value) + ", multiplier = " +
                       std::to_string(multiplier) + ", shift = " + std::to_string(shift) +
                       ", result = " + std::to_string(result));
  return Scaled{static_cast<int32_t>(result), std::nullopt};
}

} // namespace qi::requant
