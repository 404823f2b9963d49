//===- RoundingMode.cpp - Names of rounding modes -------------------------===//
#include "interpreter/numeric/RoundingMode.h"

#include <array>
#include <utility>

namespace qi::numeric {

namespace {
constexpr std::array<std::pair<RoundingMode, std::string_view>, 7> kNames = {{
    {RoundingMode::NearestEven, "nearest-even"},
    {RoundingMode::NearestAway, "nearest-away"},
    {RoundingMode::NearestUp, "nearest-up"},
    {RoundingMode::TowardZero, "toward-zero"},
    {RoundingMode::TowardPositive, "toward-positive"},
    {RoundingMode::TowardNegative, "toward-negative"},
    {RoundingMode::Odd, "odd"},
}};
} // namespace

std::string_view roundingModeName(RoundingMode mode) {
  for (const auto &[m, name] : kNames)
    if (m == mode)
      return name;
  return "?";
}

std::optional<RoundingMode> parseRoundingMode(std::string_view name) {
  for (const auto &[m, spelling] : kNames)
    if (spelling == name)
      return m;
  return std::nullopt;
}

std::string_view allRoundingModeNames() {
  return "nearest-even, nearest-away, nearest-up, toward-zero, "
         "toward-positive, toward-negative, odd";
}

} // namespace qi::numeric
