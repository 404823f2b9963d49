//===- GoldenCalibrationJson.cpp - quant-interp-calibration-golden/1 text -===//
//
// Spec: [golden.calibration], docs/golden-format.md ("Calibration golden
// vectors"), golden/calibration/v1/schema.json. The writer (fixed layout:
// the head one member per line, each case on one line) and the strict
// reader (closed objects; every error names the case id and the key).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenCalibration.h"

#include "generators/GoldenJsonRead.h"
#include "generators/GoldenJsonWrite.h"

#include <set>

namespace qi::generators {

namespace {

using namespace jsonread;
using jsonwrite::quote;

std::string caseJson(const CalibrationCase &c) {
  std::string text = "{\"id\": " + quote(c.id) + ", \"recipe\": " + quote(c.recipe) +
                     ", \"axis\": " + std::to_string(c.axis) +
                     ", \"expressed\": " + quote(c.expressed) + ", \"ranges\": [";
  for (size_t i = 0; i < c.ranges.size(); ++i)
    text += std::string(i ? ", " : "") + "[" + quote(rangeEndText(c.ranges[i].min)) + ", " +
            quote(rangeEndText(c.ranges[i].max)) + "]";
  text += "], \"expected\": {";
  const CalibrationAnswer &e = c.expected;
  if (!e.ok)
    return text + "\"ok\": false, \"refusal\": " + quote(e.refusal) + "}}";
  text += "\"ok\": true, \"type\": " + quote(e.type) + ", \"storage\": " + quote(e.storage) +
          ", \"storage_min\": " + std::to_string(e.storageMin) +
          ", \"storage_max\": " + std::to_string(e.storageMax) + ", \"scales\": " +
          jsonwrite::inlineList(e.scales, [](uint64_t b) { return quote(scaleBitsText(b)); }) +
          ", \"zero_points\": " + jsonwrite::intList(e.zeroPoints);
  return text + "}}";
}

bool isStorageName(const std::string &s) {
  if (s.size() < 2 || s.size() > 3 || (s[0] != 'i' && s[0] != 'u') || s[1] == '0')
    return false;
  for (size_t i = 1; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9')
      return false;
  const int bits = std::stoi(s.substr(1));
  return bits >= 1 && bits <= 32;
}

uint64_t readScaleBits(const std::string &s, const std::string &where) {
  if (s.size() != 18 || s[0] != '0' || s[1] != 'x')
    fail(where, "expected \"0x\" and 16 lower-case hex digits (a binary64 bit pattern), got '" +
                    s + "'");
  uint64_t v = 0;
  for (size_t i = 2; i < s.size(); ++i) {
    const char c = s[i];
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0)
      fail(where, "expected \"0x\" and 16 lower-case hex digits (a binary64 bit pattern), got '" +
                      s + "'");
    v = v << 4 | uint64_t(d);
  }
  return v;
}

CalibrationAnswer readAnswer(const Object &o, size_t channels, const std::string &where) {
  CalibrationAnswer a;
  a.ok = asBool(o.get("ok"), where + "/ok");
  if (!a.ok) {
    closedKeys(o, where, {"ok", "refusal"});
    a.refusal = asString(o.get("refusal"), where + "/refusal");
    if (a.refusal.empty())
      fail(where + "/refusal", "expected the reason of the refusal, got an empty string");
    return a;
  }
  closedKeys(o, where,
             {"ok", "type", "storage", "storage_min", "storage_max", "scales", "zero_points"});
  a.type = asString(o.get("type"), where + "/type");
  if (a.type.rfind("!quant.uniform<", 0) != 0)
    fail(where + "/type", "expected a !quant.uniform<...> type, got '" + a.type + "'");
  a.storage = asString(o.get("storage"), where + "/storage");
  if (!isStorageName(a.storage))
    fail(where + "/storage", "expected a storage type i1..i32 or u1..u32, got '" + a.storage + "'");
  a.storageMin = asInt(o.get("storage_min"), where + "/storage_min");
  a.storageMax = asInt(o.get("storage_max"), where + "/storage_max");
  if (a.storageMin > a.storageMax)
    fail(where + "/storage_max", "storage_max " + std::to_string(a.storageMax) +
                                     " is below storage_min " + std::to_string(a.storageMin));
  const Array &scales = asArray(o.get("scales"), where + "/scales");
  for (size_t i = 0; i < scales.size(); ++i) {
    const std::string at = where + "/scales/" + std::to_string(i);
    a.scales.push_back(readScaleBits(asString(&scales[i], at), at));
  }
  a.zeroPoints = intArray(o.get("zero_points"), where + "/zero_points");
  if (a.scales.size() != channels)
    fail(where + "/scales", "expected " + std::to_string(channels) + " scale(s), one per range, got " +
                                std::to_string(a.scales.size()));
  if (a.zeroPoints.size() != channels)
    fail(where + "/zero_points", "expected " + std::to_string(channels) +
                                     " zero point(s), one per range, got " +
                                     std::to_string(a.zeroPoints.size()));
  return a;
}

CalibrationCase readCase(const Value &v, size_t index, const std::set<std::string> &recipes,
                         std::set<std::string> &ids) {
  std::string where = "/cases/" + std::to_string(index);
  const Object &o = asObject(&v, where);
  CalibrationCase c;
  c.id = asString(o.get("id"), where + "/id");
  if (c.id.empty())
    fail(where + "/id", "expected a case id, got an empty string");
  where += " (case " + c.id + ")";
  if (!ids.insert(c.id).second)
    fail(where + "/id", "duplicate case id '" + c.id + "'");
  closedKeys(o, where, {"id", "recipe", "axis", "expressed", "ranges", "expected"});
  c.recipe = asString(o.get("recipe"), where + "/recipe");
  if (!recipes.count(c.recipe))
    fail(where + "/recipe", "'" + c.recipe + "' is not one of the file's /recipes");
  const int64_t axis = asInt(o.get("axis"), where + "/axis");
  if (axis < -1 || axis > 1000000)
    fail(where + "/axis", "expected -1 (per-layer) or a channel axis 0..1000000, got " +
                              std::to_string(axis));
  c.axis = static_cast<int32_t>(axis);
  c.expressed = asString(o.get("expressed"), where + "/expressed");
  if (c.expressed != "f32")
    fail(where + "/expressed", "expected \"f32\" (the one expressed type of version 1), got '" +
                                   c.expressed + "'");
  const Array &ranges = asArray(o.get("ranges"), where + "/ranges");
  if (ranges.empty() || (c.axis < 0 && ranges.size() != 1))
    fail(where + "/ranges", c.axis < 0 ? "expected exactly one [min, max] (axis -1 is per-layer), got " +
                                             std::to_string(ranges.size())
                                       : std::string("expected at least one [min, max]"));
  for (size_t r = 0; r < ranges.size(); ++r) {
    const std::string at = where + "/ranges/" + std::to_string(r);
    const Array &pair = asArray(&ranges[r], at);
    if (pair.size() != 2)
      fail(at, "expected [min, max], got " + std::to_string(pair.size()) + " element(s)");
    double ends[2];
    for (size_t k = 0; k < 2; ++k) {
      const std::string text = asString(&pair[k], at + "/" + std::to_string(k));
      std::optional<double> value = parseRangeEndText(text);
      if (!value)
        fail(at + "/" + std::to_string(k),
             "expected a canonical C99 hex float of binary64 (e.g. \"0x1.8p-3\", \"-0x0p+0\") "
             "or nan, inf, -inf, got '" + text + "'");
      ends[k] = *value;
    }
    c.ranges.push_back({ends[0], ends[1]});
  }
  c.expected = readAnswer(asObject(o.get("expected"), where + "/expected"), c.ranges.size(),
                          where + "/expected");
  return c;
}

} // namespace

std::string calibrationGoldenJson(const CalibrationGolden &golden) {
  std::string text = "{\n  \"format\": " + quote(kCalibrationFormat) +
                     ",\n  \"generator\": " + quote(golden.generator) +
                     ",\n  \"level\": " + quote(golden.level) +
                     ",\n  \"seed\": " + quote(jsonwrite::hex64(golden.seed)) +
                     ",\n  \"recipes\": [";
  for (size_t i = 0; i < golden.recipes.size(); ++i)
    text += std::string(i ? "," : "") + "\n    " + quote(golden.recipes[i]);
  text += "\n  ],\n  \"cases\": [";
  for (size_t i = 0; i < golden.cases.size(); ++i)
    text += std::string(i ? "," : "") + "\n    " + caseJson(golden.cases[i]);
  return text + "\n  ]\n}\n";
}

std::optional<CalibrationGolden> readCalibrationGolden(const std::string &text,
                                                       std::string &error) {
  std::optional<Value> document = parseJsonText(text, error);
  if (!document)
    return std::nullopt;
  try {
    const Object &top = asObject(&*document, "");
    const std::string format = asString(top.get("format"), "/format");
    if (format != kCalibrationFormat)
      fail("/format", "expected \"" + std::string(kCalibrationFormat) + "\", got '" + format + "'");
    closedKeys(top, "", {"format", "generator", "level", "seed", "recipes", "cases"});
    CalibrationGolden golden;
    golden.generator = asString(top.get("generator"), "/generator");
    golden.level = asString(top.get("level"), "/level");
    golden.seed = parseHex64(asString(top.get("seed"), "/seed"), "/seed");
    std::set<std::string> recipes;
    const Array &recipeList = asArray(top.get("recipes"), "/recipes");
    for (size_t i = 0; i < recipeList.size(); ++i) {
      const std::string at = "/recipes/" + std::to_string(i);
      const std::string spelling = asString(&recipeList[i], at);
      std::string why;
      std::optional<calibrate::CalibrationRecipe> recipe =
          calibrate::parseCalibrationRecipe(spelling, &why);
      if (!recipe)
        fail(at, why);
      if (recipe->spelling() != spelling)
        fail(at, "not the canonical spelling: expected '" + recipe->spelling() + "', got '" +
                     spelling + "'");
      if (!recipes.insert(spelling).second)
        fail(at, "recipe '" + spelling + "' listed twice");
      golden.recipes.push_back(spelling);
    }
    std::set<std::string> ids;
    const Array &cases = asArray(top.get("cases"), "/cases");
    for (size_t i = 0; i < cases.size(); ++i)
      golden.cases.push_back(readCase(cases[i], i, recipes, ids));
    return golden;
  } catch (const FormatError &e) {
    error = e.message;
    return std::nullopt;
  }
}

} // namespace qi::generators
