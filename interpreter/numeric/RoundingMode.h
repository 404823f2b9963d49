//===- RoundingMode.h - Rounding modes as explicit arguments ----*- C++ -*-===//
//
// Spec: [round.modes]. Every operation that rounds takes its mode as an
// argument; there is no global rounding state. (Unlike Berkeley SoftFloat,
// whose operations read the global softfloat_roundingMode and accumulate into
// the global softfloat_exceptionFlags; our flags come back with each result,
// [status.flags].)
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_ROUNDINGMODE_H
#define QI_NUMERIC_ROUNDINGMODE_H

#include <optional>
#include <string_view>

namespace qi::numeric {

enum class RoundingMode {
  NearestEven,    ///< [round.nearest-even] ties to even significand.
  NearestAway,    ///< [round.nearest-away] ties away from zero.
  NearestUp,      ///< [round.nearest-up] ties toward +infinity.
  TowardZero,     ///< [round.toward-zero] truncation.
  TowardPositive, ///< [round.toward-positive] ceiling.
  TowardNegative, ///< [round.toward-negative] floor.
  Odd,            ///< [round.odd] inexact results get an odd last digit.
};

/// What the truncation to a target's last digit discarded.
enum class Rest { Zero, BelowHalf, Half, AboveHalf };

/// [round.modes]: whether the truncated magnitude q goes up by one unit.
/// Inline: the host fast paths round with it per element too.
constexpr bool incrementMagnitude(RoundingMode mode, bool negative, bool qIsOdd, Rest rest) {
  if (rest == Rest::Zero)
    return false;
  switch (mode) {
  case RoundingMode::NearestEven:
    return rest == Rest::AboveHalf || (rest == Rest::Half && qIsOdd);
  case RoundingMode::NearestAway:
    return rest != Rest::BelowHalf;
  case RoundingMode::NearestUp:
    return rest == Rest::AboveHalf || (rest == Rest::Half && !negative);
  case RoundingMode::TowardZero:
    return false;
  case RoundingMode::TowardPositive:
    return !negative;
  case RoundingMode::TowardNegative:
    return negative;
  case RoundingMode::Odd:
    return !qIsOdd;
  }
  return false;
}

/// [format.overflow]: whether an overflowing result becomes infinite (else
/// the largest finite value).
constexpr bool overflowsToInfinity(RoundingMode mode, bool negative) {
  switch (mode) {
  case RoundingMode::NearestEven:
  case RoundingMode::NearestAway:
  case RoundingMode::NearestUp:
    return true;
  case RoundingMode::TowardPositive:
    return !negative;
  case RoundingMode::TowardNegative:
    return negative;
  case RoundingMode::TowardZero:
  case RoundingMode::Odd:
    return false;
  }
  return false;
}

/// The CLI spelling, e.g. "nearest-even".
std::string_view roundingModeName(RoundingMode mode);
/// Parses a CLI spelling; nullopt when unknown.
std::optional<RoundingMode> parseRoundingMode(std::string_view name);
/// Comma-separated list of every spelling, for error messages and --help.
std::string_view allRoundingModeNames();

} // namespace qi::numeric

#endif
