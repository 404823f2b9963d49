//===- ChooseParams.cpp - quant-interp --choose-params --------------------===//
//
// Spec: [cli.choose-params] (spec/cli.md).
//
//===----------------------------------------------------------------------===//
#include "tools/quant-interp/ChooseParams.h"

#include "interpreter/calibrate/CalibrationRecipe.h"
#include "interpreter/calibrate/statistics/Statistics.h"
#include "interpreter/ir/Diagnostics.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

namespace qi::tools {

namespace {

using calibrate::Range;

/// One case: the ranges of its channels, and where it came from.
struct RangeCase {
  unsigned line = 1;       ///< the ranges-file line, or 1
  int32_t axis = -1;       ///< -1: per-layer
  std::vector<Range> ranges;
  std::string description; ///< how the text output names the range(s)
  std::string statisticRefusal; ///< a statistic that failed on the data
};

int usage(llvm::raw_ostream &errors, const std::string &message) {
  errors << "quant-interp: error: " << message << "\n";
  return 2;
}

/// The shortest decimal that reads back to `value`; nan, inf, -inf, -0.0.
std::string realText(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  std::string text = calibrate::shortestDecimal(value);
  if (text.find_first_of(".en") == std::string::npos)
    text += ".0";
  return text;
}

std::string describeRanges(const std::vector<Range> &ranges, int32_t axis) {
  std::string text = axis < 0 ? "" : "axis " + std::to_string(axis) + " ";
  for (size_t i = 0; i < ranges.size(); ++i)
    text += (i ? " [" : "[") + realText(ranges[i].min) + ", " + realText(ranges[i].max) + "]";
  return text;
}

std::string jsonString(const std::string &text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += std::string("\\") + c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      quoted += escape;
    } else
      quoted += c;
  }
  return quoted + "\"";
}

/// The binary64 bit pattern, 16 lower-case hex digits after 0x.
std::string scaleBits(const quant::ScaleValue &scale) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%016llx",
                static_cast<unsigned long long>(static_cast<uint64_t>(scale.bits)));
  return buffer;
}

std::string jsonLine(const RangeCase &c, const calibrate::CalibrationRecipe &recipe,
                     const calibrate::Choice &choice) {
  std::string text = "{\"line\": " + std::to_string(c.line) +
                     ", \"recipe\": " + jsonString(recipe.spelling());
  if (!choice.ok)
    return text + ", \"ok\": false, \"refusal\": " + jsonString(choice.refusal) + "}";
  const quant::QuantType &type = choice.type;
  text += ", \"ok\": true, \"type\": " + jsonString(type.spelling) +
          ", \"storage\": " + jsonString(type.storage.name()) +
          ", \"storage_min\": " + std::to_string(type.storageMin) +
          ", \"storage_max\": " + std::to_string(type.storageMax) + ", \"scales\": [";
  for (size_t i = 0; i < type.scales.size(); ++i)
    text += (i ? ", \"" : "\"") + scaleBits(type.scales[i]) + "\"";
  text += "], \"zero_points\": [";
  for (size_t i = 0; i < type.zeroPoints.size(); ++i)
    text += (i ? ", " : "") + std::to_string(type.zeroPoints[i]);
  return text + "]}";
}

std::string choiceText(const calibrate::Choice &choice) {
  return choice.ok ? choice.type.spelling : "refused: " + choice.refusal;
}

calibrate::Choice choose(const RangeCase &c, const calibrate::CalibrationRecipe &recipe,
                         const numeric::FloatFormat &expressed) {
  if (!c.statisticRefusal.empty()) {
    calibrate::Choice refused;
    refused.refusal = c.statisticRefusal;
    return refused;
  }
  return calibrate::chooseParams(recipe, c.ranges, c.axis, expressed);
}

/// Text output of one recipe: `LINE: RANGES -> TYPE`.
void printOne(const std::vector<RangeCase> &cases, const calibrate::CalibrationRecipe &recipe,
              const numeric::FloatFormat &expressed, bool json, llvm::raw_ostream &out) {
  for (const RangeCase &c : cases) {
    calibrate::Choice choice = choose(c, recipe, expressed);
    if (json)
      out << jsonLine(c, recipe, choice) << "\n";
    else
      out << c.line << ": " << c.description << " -> " << choiceText(choice) << "\n";
  }
}

/// `all`: per case a header line, then one row per recipe, aligned; rows
/// with the same choice share a letter (A: the first row's choice, B: the
/// next different one, ...) so that disagreements stand out.
void printAll(const std::vector<RangeCase> &cases, const numeric::FloatFormat &expressed,
              bool json, llvm::raw_ostream &out) {
  const std::vector<calibrate::CalibrationRecipe> &recipes = calibrate::catalogueRecipes();
  size_t width = 0;
  for (const calibrate::CalibrationRecipe &recipe : recipes)
    width = std::max(width, recipe.spelling().size());
  for (const RangeCase &c : cases) {
    std::map<std::string, char> letters;
    std::vector<std::string> rows;
    for (const calibrate::CalibrationRecipe &recipe : recipes) {
      calibrate::Choice choice = choose(c, recipe, expressed);
      if (json) {
        out << jsonLine(c, recipe, choice) << "\n";
        continue;
      }
      const std::string text = choiceText(choice);
      auto [it, added] = letters.emplace(text, static_cast<char>('A' + letters.size()));
      const char letter = letters.size() > 26 ? '?' : it->second;
      std::string spelling = recipe.spelling();
      spelling.resize(width, ' ');
      rows.push_back("  " + std::string(1, letter) + "  " + spelling + "  " + text);
    }
    if (json)
      continue;
    out << c.line << ": " << c.description << " (" << letters.size() << " different choice"
        << (letters.size() == 1 ? "" : "s") << " among " << recipes.size() << " recipes)\n";
    for (const std::string &row : rows)
      out << row << "\n";
  }
}

/// "MIN,MAX" of --range.
std::optional<Range> parseRangeFlag(const std::string &text, std::string &error) {
  const size_t comma = text.find(',');
  if (comma == std::string::npos) {
    error = "--range: expected MIN,MAX, got '" + text + "'";
    return std::nullopt;
  }
  Range range;
  std::string why;
  std::optional<double> low = parseRangeNumber(text.substr(0, comma), why);
  std::optional<double> high = low ? parseRangeNumber(text.substr(comma + 1), why) : std::nullopt;
  if (!low || !high) {
    error = "--range: in '" + text + "': " + why;
    return std::nullopt;
  }
  return Range{*low, *high};
}

/// The cases of a ranges file; false after printing FILE:LINE:COL: error.
bool readRangesFile(const std::string &path, std::vector<RangeCase> &cases,
                    llvm::raw_ostream &errors, bool &unreadable) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buffer) {
    unreadable = true;
    errors << "quant-interp: error: --ranges-file: cannot read '" << path
           << "': " << buffer.getError().message() << "\n";
    return false;
  }
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (size_t index = 0; index < lines.size(); ++index) {
    const llvm::StringRef line = lines[index].rtrim("\r");
    const llvm::StringRef content = line.ltrim();
    if (content.empty() || content.starts_with("//"))
      continue;
    // The tokens, each with its 1-based column.
    std::vector<std::pair<std::string, size_t>> tokens;
    for (size_t at = 0; at < line.size();) {
      if (llvm::isSpace(line[at])) {
        ++at;
        continue;
      }
      size_t end = at;
      while (end < line.size() && !llvm::isSpace(line[end]))
        ++end;
      tokens.push_back({line.substr(at, end - at).str(), at + 1});
      at = end;
    }
    auto fail = [&](size_t column, const std::string &message) {
      errors << path << ":" << index + 1 << ":" << column << ": error: " << message << "\n";
      return false;
    };
    RangeCase c;
    c.line = static_cast<unsigned>(index + 1);
    size_t first = 0;
    if (llvm::StringRef(tokens[0].first).starts_with("axis=")) {
      llvm::StringRef number = llvm::StringRef(tokens[0].first).drop_front(5);
      unsigned axis = 0;
      if (number.getAsInteger(10, axis) || axis > 1000000)
        return fail(tokens[0].second + 5, "expected a channel axis (a non-negative integer) "
                                          "after 'axis=', got '" + number.str() + "'");
      c.axis = static_cast<int32_t>(axis);
      first = 1;
    }
    const size_t numbers = tokens.size() - first;
    if (numbers == 0 || numbers % 2 != 0 || (c.axis < 0 && numbers != 2)) {
      const size_t column =
          numbers == 0 ? line.size() + 1
                       : (c.axis < 0 && numbers > 2 ? tokens[first + 2].second
                                                    : tokens.back().second);
      return fail(column, c.axis < 0 ? "expected 'MIN MAX' or 'axis=N MIN0 MAX0 MIN1 MAX1 ...', "
                                       "got " + std::to_string(numbers) + " number(s)"
                                     : "expected pairs 'MIN MAX' after axis=" +
                                           std::to_string(c.axis) + ", got " +
                                           std::to_string(numbers) + " number(s)");
    }
    std::vector<double> values;
    for (size_t t = first; t < tokens.size(); ++t) {
      std::string why;
      std::optional<double> value = parseRangeNumber(tokens[t].first, why);
      if (!value)
        return fail(tokens[t].second, why);
      values.push_back(*value);
    }
    for (size_t v = 0; v < values.size(); v += 2)
      c.ranges.push_back({values[v], values[v + 1]});
    c.description = describeRanges(c.ranges, c.axis);
    cases.push_back(std::move(c));
  }
  return true;
}

/// The values of one --data attribute (float elements, converted exactly to
/// binary64) and its shape; nullopt with `error` set.
std::optional<std::pair<std::vector<double>, std::vector<int64_t>>>
parseData(mlir::MLIRContext &context, const std::string &text, std::string &error) {
  mlir::Attribute attr;
  size_t consumed = 0;
  {
    ir::CapturedDiagnostic captured(context);
    attr = mlir::parseAttribute(text, &context, mlir::Type(), &consumed);
    if (!attr) {
      error = "--data: cannot parse '" + text + "' as an MLIR attribute: " + captured.message();
      return std::nullopt;
    }
  }
  if (!llvm::StringRef(text).drop_front(consumed).trim().empty()) {
    error = "--data: unexpected text after the attribute: '" +
            llvm::StringRef(text).drop_front(consumed).trim().str() + "'";
    return std::nullopt;
  }
  auto dense = llvm::dyn_cast<mlir::DenseFPElementsAttr>(attr);
  if (!dense) {
    error = "--data: expected a dense tensor of floats, e.g. 'dense<[0.5, -1.0]> : "
            "tensor<2xf32>', got '" + text + "'";
    return std::nullopt;
  }
  std::vector<double> values;
  for (llvm::APFloat value : dense.getValues<llvm::APFloat>()) {
    bool lost = false;
    value.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
    values.push_back(value.convertToDouble());
  }
  auto shape = dense.getType().getShape();
  return std::make_pair(std::move(values), std::vector<int64_t>(shape.begin(), shape.end()));
}

/// The one case of --data: the statistic over the batches, per channel
/// along `axis` (or over every value); false after printing a usage error.
bool caseFromData(const ChooseParamsRequest &request, int32_t axis,
                  std::vector<RangeCase> &cases, llvm::raw_ostream &errors) {
  std::string error;
  std::optional<calibrate::Statistic> statistic =
      calibrate::parseStatistic(request.statistic.value_or("minmax"), &error);
  if (!statistic)
    return usage(errors, "--statistic: " + error), false;
  mlir::MLIRContext context;
  std::vector<calibrate::CalibrationData> channels; // [channel][batch]
  for (size_t b = 0; b < request.data.size(); ++b) {
    auto parsed = parseData(context, request.data[b], error);
    if (!parsed)
      return usage(errors, error), false;
    auto &[values, shape] = *parsed;
    int64_t count = 1, stride = 1;
    if (axis >= 0) {
      if (axis >= static_cast<int64_t>(shape.size()))
        return usage(errors, "--axis=" + std::to_string(axis) + ": --data #" +
                                 std::to_string(b + 1) + " has rank " +
                                 std::to_string(shape.size())), false;
      count = shape[axis];
      for (size_t d = axis + 1; d < shape.size(); ++d)
        stride *= shape[d];
    }
    if (b == 0)
      channels.assign(count, calibrate::CalibrationData(request.data.size()));
    else if (static_cast<int64_t>(channels.size()) != count)
      return usage(errors, "--data #" + std::to_string(b + 1) + " has " + std::to_string(count) +
                               " channel(s) along axis " + std::to_string(axis) + ", --data #1 " +
                               std::to_string(channels.size())), false;
    for (size_t i = 0; i < values.size(); ++i)
      channels[(static_cast<int64_t>(i) / stride) % count][b].push_back(values[i]);
  }
  RangeCase c;
  c.axis = axis;
  for (const calibrate::CalibrationData &data : channels) {
    calibrate::StatisticResult result = calibrate::computeStatistic(*statistic, data);
    if (!result.ok && c.statisticRefusal.empty())
      c.statisticRefusal = "statistic " + statistic->spelling() + ": " + result.refusal;
    c.ranges.push_back(result.range);
  }
  c.description = statistic->spelling() + " " +
                  (c.statisticRefusal.empty() ? describeRanges(c.ranges, axis) : "(failed)");
  cases.push_back(std::move(c));
  return true;
}

} // namespace

std::optional<double> parseRangeNumber(const std::string &text, std::string &error) {
  if (text.empty() || llvm::isSpace(text[0])) {
    error = "expected a real number (decimal or hexadecimal float, inf, nan), got '" + text + "'";
    return std::nullopt;
  }
  char *end = nullptr;
  errno = 0;
  const double value = std::strtod(text.c_str(), &end);
  if (*end != '\0') {
    error = "expected a real number (decimal or hexadecimal float, inf, nan), got '" + text + "'";
    return std::nullopt;
  }
  if (errno == ERANGE && (std::isinf(value) || value == 0)) {
    error = "'" + text + "' is outside the range of double";
    return std::nullopt;
  }
  return value;
}

int runChooseParams(const ChooseParamsRequest &request, llvm::raw_ostream &out,
                    llvm::raw_ostream &errors) {
  std::optional<calibrate::CalibrationRecipe> recipe;
  const bool all = request.calibration == "all";
  if (request.calibration.empty())
    return usage(errors, "--choose-params needs --calibration=RECIPE (a recipe, or all)");
  if (!all) {
    std::string error;
    recipe = calibrate::parseCalibrationRecipe(request.calibration, &error);
    if (!recipe)
      return usage(errors, "--calibration: " + error);
  }
  const std::string expressedName = request.expressed.value_or("f32");
  const numeric::FloatFormat *expressed = numeric::findFloatFormat(expressedName);
  if (!expressed || (expressedName != "f32" && expressedName != "f16" &&
                     expressedName != "bf16" && expressedName != "f64"))
    return usage(errors, "--expressed: expected f32, f16, bf16 or f64, got '" + expressedName +
                             "'");
  const int sources = !request.ranges.empty() + request.rangesFile.has_value() +
                      !request.data.empty();
  if (sources != 1)
    return usage(errors, "--choose-params takes the ranges from exactly one of --range, "
                         "--ranges-file and --data (" + std::to_string(sources) + " given)");
  if (request.statistic && request.data.empty())
    return usage(errors, "--statistic: only meaningful with --data");
  int32_t axis = -1;
  if (request.axis) {
    unsigned value = 0;
    if (llvm::StringRef(*request.axis).getAsInteger(10, value) || value > 1000000)
      return usage(errors, "--axis: expected a non-negative integer, got '" + *request.axis + "'");
    if (request.rangesFile)
      return usage(errors, "--axis: a ranges file gives the axis on each line (axis=N ...)");
    axis = static_cast<int32_t>(value);
  }
  std::vector<RangeCase> cases;
  if (!request.ranges.empty()) {
    if (axis < 0 && request.ranges.size() != 1)
      return usage(errors, std::to_string(request.ranges.size()) +
                               " --range values (one per channel) need --axis=N; one --range "
                               "without --axis is per-layer");
    RangeCase c;
    c.axis = axis;
    for (const std::string &text : request.ranges) {
      std::string error;
      std::optional<Range> range = parseRangeFlag(text, error);
      if (!range)
        return usage(errors, error);
      c.ranges.push_back(*range);
    }
    c.description = describeRanges(c.ranges, axis);
    cases.push_back(std::move(c));
  } else if (request.rangesFile) {
    bool unreadable = false;
    if (!readRangesFile(*request.rangesFile, cases, errors, unreadable))
      return unreadable ? 2 : 1;
  } else if (!caseFromData(request, axis, cases, errors)) {
    return 2;
  }
  // Everything is read and checked before anything is printed.
  std::string text;
  llvm::raw_string_ostream buffer(text);
  if (all)
    printAll(cases, *expressed, request.json, buffer);
  else
    printOne(cases, *recipe, *expressed, request.json, buffer);
  out << text;
  return 0;
}

} // namespace qi::tools
