//===- GoldenCalibration.h - Golden vectors of parameter choice -*- C++ -*-===//
//
// Spec: [golden.calibration] (spec/conformance.md), docs/golden-format.md
// ("Calibration golden vectors"), golden/calibration/v1/schema.json. One
// JSON file per level (quant-interp-calibration-golden/1): per catalogue
// recipe ([calib.recipes]) a set of observed ranges and the storage, bounds,
// scale bits and zero points chooseParams gives, or that the recipe refuses
// the range. Written by `quant-golden calibration generate`, re-derived by
// `quant-golden calibration check`, run against backends by
// `quant-conform run --calibration-suite=FILE`.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENCALIBRATION_H
#define QI_GENERATORS_GOLDENCALIBRATION_H

#include "interpreter/calibrate/CalibrationRecipe.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qi::generators {

inline constexpr const char *kCalibrationFormat = "quant-interp-calibration-golden/1";

/// What a recipe chose for a case, in the terms the file and quant-interp's
/// --choose-params --json lines use. `type` is informative (not compared
/// with a backend's answer); `refusal` text is never compared.
struct CalibrationAnswer {
  bool ok = false;
  std::string type;
  std::string storage;
  int64_t storageMin = 0, storageMax = 0;
  std::vector<uint64_t> scales; ///< binary64 bit patterns
  std::vector<int64_t> zeroPoints;
  std::string refusal;
};

struct CalibrationCase {
  std::string id;
  std::string recipe; ///< canonical spelling, one of the file's recipes
  int32_t axis = -1;  ///< -1: per-layer (exactly one range)
  std::string expressed = "f32";
  std::vector<calibrate::Range> ranges;
  CalibrationAnswer expected;
};

struct CalibrationGolden {
  std::string level; ///< smoke or full
  uint64_t seed = 0;
  std::string generator;
  std::vector<std::string> recipes; ///< canonical spellings, catalogue order
  std::vector<CalibrationCase> cases;
};

/// The cases of `level` ("smoke" or "full"), their expected answers derived
/// with chooseParams; nullopt for another level name.
std::optional<CalibrationGolden> buildCalibrationGolden(const std::string &level);

/// The file text (one case per line), the same bytes on every platform.
std::string calibrationGoldenJson(const CalibrationGolden &golden);

/// Reads and validates a file's text strictly (closed objects, canonical
/// recipe spellings and range text, unique ids, consistent counts); on
/// failure nullopt and `error` = "WHERE: PROBLEM", WHERE naming the case id
/// and the key.
std::optional<CalibrationGolden> readCalibrationGolden(const std::string &text,
                                                       std::string &error);

/// chooseParams for the case, as an answer; nullopt with `error` when the
/// case's recipe or expressed type does not parse.
std::optional<CalibrationAnswer> deriveCalibrationAnswer(const CalibrationCase &c,
                                                         std::string &error);

/// One field in which two answers differ: "/expected/zero_points/0".
struct AnswerDifference {
  std::string key;
  std::string expected, actual;
};
/// Compares ok, storage, bounds, scale bits and zero points (and `type`
/// when `compareType`); refusal texts are not compared.
std::vector<AnswerDifference> compareAnswers(const CalibrationAnswer &expected,
                                             const CalibrationAnswer &actual, bool compareType);

/// A range end as the file writes it: C99 hex float of the binary64 value
/// ("0x1.8p-3", "-0x0p+0", "0x0.0000000000001p-1022") or nan / inf / -inf.
std::string rangeEndText(double value);
/// The inverse of rangeEndText; nullopt for any other text (not canonical).
std::optional<double> parseRangeEndText(const std::string &text);
/// "0x" and 16 lower-case hex digits, as quant-interp --json prints scales.
std::string scaleBitsText(uint64_t bits);

} // namespace qi::generators

#endif
