//===- GoldenCalibration.cpp - The cases of the calibration golden levels -===//
//
// Spec: [golden.calibration], docs/golden-format.md ("Calibration golden
// vectors"). Which ranges each level holds per catalogue recipe, their
// expected answers (chooseParams), the range text and the comparison of two
// answers; the JSON text is GoldenCalibrationJson.cpp.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenCalibration.h"

#include "generators/Prng.h"

#include "interpreter/numeric/FloatFormat.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>

namespace qi::generators {

namespace {

using calibrate::Range;

constexpr uint64_t kCalibrationSeed = 1;
/// Random cases per recipe in the full level (the edge classes come on top).
constexpr int kFullPerLayerDraws = 120;
constexpr int kFullPerAxisDraws = 16;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct NamedRanges {
  std::string name;
  int32_t axis;
  std::vector<Range> ranges;
};

/// The edge classes every level holds for a recipe whose storage has
/// `levels` = storage_max - storage_min steps (0 when the recipe refuses
/// [-1, 2], so no tie can be aimed at).
std::vector<NamedRanges> edgeRanges(int64_t levels) {
  const double n = static_cast<double>(levels);
  std::vector<NamedRanges> out = {
      {"straddle", -1, {{-1.0, 2.0}}},
      {"straddle-f32-inexact", -1, {{-0.1, 0.7}}},
      {"straddle-wide", -1, {{-3.75, 1.25e3}}},
      {"min-positive", -1, {{0.5, 4.0}}},
      {"max-negative", -1, {{-4.0, -0.25}}},
      {"zero-width-zero", -1, {{0.0, 0.0}}},
      {"zero-width-negative-zero", -1, {{-0.0, 0.0}}},
      {"zero-width-positive", -1, {{1.5, 1.5}}},
      {"zero-width-negative", -1, {{-2.0, -2.0}}},
      {"tiny-width-one", -1, {{1.0, 1.0 + 0x1p-52}}},
      {"tiny-width-straddle", -1, {{-0x1p-30, 0x1p-30}}},
      {"tiny-f32-subnormal", -1, {{0.0, 0x1p-149}}},
      {"tiny-f64-subnormal", -1, {{-0x1p-1074, 0x1p-1073}}},
      {"huge-f32", -1, {{-1e38, 3e38}}},
      {"huge-f64", -1, {{-1e300, 1e300}}},
      {"nan-min", -1, {{kNan, 1.0}}},
      {"nan-max", -1, {{-1.0, kNan}}},
      {"nan-both", -1, {{kNan, kNan}}},
      {"inf-min", -1, {{-kInf, 1.0}}},
      {"inf-max", -1, {{-1.0, kInf}}},
      {"inf-both", -1, {{-kInf, kInf}}},
      {"min-above-max", -1, {{2.0, 1.0}}},
      {"min-above-max-straddle", -1, {{1.0, -1.0}}},
      {"per-axis", 0, {{-1.0, 2.0}, {0.5, 4.0}, {0.0, 0.0}}},
      {"per-axis-axis1", 1, {{-4.0, -0.25}, {-0.5, 0.5}}},
      {"per-axis-one-bad", 0, {{-1.0, 2.0}, {2.0, 1.0}}},
  };
  if (levels > 0) {
    // The zero point from min, qmin - min / scale with scale = (max - min) /
    // levels, lands exactly on k + 0.5: the recipe's rounding decides.
    out.push_back({"zero-point-tie-low", -1, {{-0.5, n - 0.5}}});
    out.push_back({"zero-point-tie-mid", -1, {{-std::floor(n / 2) - 0.5, n - std::floor(n / 2) - 0.5}}});
    out.push_back({"zero-point-tie-high", -1, {{-(n - 0.5), 0.5}}});
  }
  return out;
}

/// A magnitude 2^e * (1 + m), e in [-24, 24]; one in four rounded to binary32.
double randomMagnitude(SplitMix64 &rng) {
  const int exponent = static_cast<int>(rng.range(-24, 24));
  const double mantissa = static_cast<double>(rng.next() >> 12) * 0x1p-52;
  double value = std::ldexp(1.0 + mantissa, exponent);
  if (rng.chance(4))
    value = static_cast<double>(static_cast<float>(value));
  return value;
}

/// Straddling zero 6 times in 10, above it 2, below it 2.
Range randomRange(SplitMix64 &rng) {
  const uint64_t kind = rng.below(10);
  double a = randomMagnitude(rng), b = randomMagnitude(rng);
  if (kind < 6)
    return {-a, b};
  if (a > b)
    std::swap(a, b);
  return kind < 8 ? Range{a, b} : Range{-b, -a};
}

CalibrationAnswer answerOf(const calibrate::Choice &choice) {
  CalibrationAnswer a;
  a.ok = choice.ok;
  if (!choice.ok) {
    a.refusal = choice.refusal;
    return a;
  }
  a.type = choice.type.spelling;
  a.storage = choice.type.storage.name();
  a.storageMin = choice.type.storageMin;
  a.storageMax = choice.type.storageMax;
  for (const quant::ScaleValue &s : choice.type.scales)
    a.scales.push_back(static_cast<uint64_t>(s.bits));
  a.zeroPoints = choice.type.zeroPoints;
  return a;
}

std::string answerText(const CalibrationAnswer &a) {
  return a.ok ? "ok (" + a.type + ")" : "refused (" + a.refusal + ")";
}

} // namespace

std::string rangeEndText(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const bool negative = bits >> 63;
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  uint64_t fraction = bits & ((uint64_t(1) << 52) - 1);
  std::string text = negative ? "-0x" : "0x";
  if (biased == 0 && fraction == 0)
    return text + "0p+0";
  text += biased == 0 ? "0" : "1";
  if (fraction) {
    char digits[16];
    std::snprintf(digits, sizeof digits, "%013llx", static_cast<unsigned long long>(fraction));
    std::string d = digits;
    d.erase(d.find_last_not_of('0') + 1);
    text += "." + d;
  }
  const int exponent = biased == 0 ? -1022 : biased - 1023;
  return text + "p" + (exponent >= 0 ? "+" : "") + std::to_string(exponent);
}

std::optional<double> parseRangeEndText(const std::string &text) {
  if (text.empty())
    return std::nullopt;
  char *end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (*end != '\0' || rangeEndText(value) != text)
    return std::nullopt;
  return value;
}

std::string scaleBitsText(uint64_t bits) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%016llx", static_cast<unsigned long long>(bits));
  return buffer;
}

std::optional<CalibrationAnswer> deriveCalibrationAnswer(const CalibrationCase &c,
                                                         std::string &error) {
  std::optional<calibrate::CalibrationRecipe> recipe =
      calibrate::parseCalibrationRecipe(c.recipe, &error);
  if (!recipe)
    return std::nullopt;
  const numeric::FloatFormat *expressed = numeric::findFloatFormat(c.expressed);
  if (!expressed) {
    error = "unknown expressed type '" + c.expressed + "'";
    return std::nullopt;
  }
  return answerOf(calibrate::chooseParams(*recipe, c.ranges, c.axis, *expressed));
}

std::optional<CalibrationGolden> buildCalibrationGolden(const std::string &level) {
  if (level != "smoke" && level != "full")
    return std::nullopt;
  CalibrationGolden golden;
  golden.level = level;
  golden.seed = kCalibrationSeed;
  golden.generator = "quant-golden calibration generate --level=" + level + " (case generator 1)";
  const numeric::FloatFormat &f32 = *numeric::findFloatFormat("f32");
  std::map<std::string, int> perFamily;
  const std::vector<calibrate::CalibrationRecipe> &recipes = calibrate::catalogueRecipes();
  for (size_t r = 0; r < recipes.size(); ++r) {
    const calibrate::CalibrationRecipe &recipe = recipes[r];
    const std::string spelling = recipe.spelling();
    golden.recipes.push_back(spelling);
    const std::string family(calibrate::familyName(recipe.family));
    const std::string prefix = family + "." + std::to_string(perFamily[family]++) + "-";
    calibrate::Choice probe = calibrate::chooseParams(recipe, {{-1.0, 2.0}}, -1, f32);
    std::vector<NamedRanges> named =
        edgeRanges(probe.ok ? probe.type.storageMax - probe.type.storageMin : 0);
    if (level == "full") {
      // Seeded per recipe position: adding a recipe at the end leaves the
      // draws of the others unchanged.
      SplitMix64 rng(golden.seed * 0x9E3779B97F4A7C15ull + r);
      for (int k = 0; k < kFullPerLayerDraws; ++k)
        named.push_back({"random-" + std::to_string(k), -1, {randomRange(rng)}});
      for (int k = 0; k < kFullPerAxisDraws; ++k) {
        NamedRanges axisCase{"random-axis-" + std::to_string(k), int32_t(rng.below(2)), {}};
        const int channels = static_cast<int>(rng.range(2, 4));
        for (int ch = 0; ch < channels; ++ch)
          axisCase.ranges.push_back(randomRange(rng));
        named.push_back(std::move(axisCase));
      }
    }
    for (NamedRanges &n : named) {
      CalibrationCase c;
      c.id = prefix + n.name;
      c.recipe = spelling;
      c.axis = n.axis;
      c.ranges = std::move(n.ranges);
      c.expected = answerOf(calibrate::chooseParams(recipe, c.ranges, c.axis, f32));
      golden.cases.push_back(std::move(c));
    }
  }
  return golden;
}

std::vector<AnswerDifference> compareAnswers(const CalibrationAnswer &expected,
                                             const CalibrationAnswer &actual, bool compareType) {
  std::vector<AnswerDifference> out;
  if (expected.ok != actual.ok) {
    out.push_back({"/expected/ok", answerText(expected), answerText(actual)});
    return out;
  }
  if (!expected.ok)
    return out; // [conform.calibration] the refusal text is not compared
  auto differ = [&](const std::string &key, const std::string &a, const std::string &b) {
    if (a != b)
      out.push_back({key, a, b});
  };
  differ("/expected/storage", expected.storage, actual.storage);
  differ("/expected/storage_min", std::to_string(expected.storageMin),
         std::to_string(actual.storageMin));
  differ("/expected/storage_max", std::to_string(expected.storageMax),
         std::to_string(actual.storageMax));
  if (expected.scales.size() != actual.scales.size())
    differ("/expected/scales", std::to_string(expected.scales.size()) + " scales",
           std::to_string(actual.scales.size()) + " scales");
  else
    for (size_t i = 0; i < expected.scales.size(); ++i)
      differ("/expected/scales/" + std::to_string(i), scaleBitsText(expected.scales[i]),
             scaleBitsText(actual.scales[i]));
  if (expected.zeroPoints.size() != actual.zeroPoints.size())
    differ("/expected/zero_points", std::to_string(expected.zeroPoints.size()) + " zero points",
           std::to_string(actual.zeroPoints.size()) + " zero points");
  else
    for (size_t i = 0; i < expected.zeroPoints.size(); ++i)
      differ("/expected/zero_points/" + std::to_string(i), std::to_string(expected.zeroPoints[i]),
             std::to_string(actual.zeroPoints[i]));
  if (compareType)
    differ("/expected/type", expected.type, actual.type);
  return out;
}

} // namespace qi::generators
