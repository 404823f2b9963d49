//===- RoundingMode.h - Rounding modes as explicit arguments ----*- C++ -*-===//
//
// Spec: [round.modes]. As in Berkeley SoftFloat, every operation that rounds
// takes its mode as an argument; there is no global rounding state.
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

/// The CLI spelling, e.g. "nearest-even".
std::string_view roundingModeName(RoundingMode mode);
/// Parses a CLI spelling; nullopt when unknown.
std::optional<RoundingMode> parseRoundingMode(std::string_view name);
/// Comma-separated list of every spelling, for error messages and --help.
std::string_view allRoundingModeNames();

} // namespace qi::numeric

#endif
