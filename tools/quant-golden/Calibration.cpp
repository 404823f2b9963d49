//===- Calibration.cpp - quant-golden calibration generate / check --------===//
//
// Spec: [golden.calibration], docs/golden-format.md ("Calibration golden
// vectors").
//
//   quant-golden calibration generate --level=smoke|full --out=FILE|-
//   quant-golden calibration check FILE
//
// check re-derives every expected answer with chooseParams and reports each
// case that differs; a malformed file is "FILE: WHERE: PROBLEM" (WHERE names
// the case id and key). Exit status as the other subcommands: 0, 1 bad data
// or a mismatch, 2 usage error.
//
//===----------------------------------------------------------------------===//
#include "tools/quant-golden/Calibration.h"

#include "generators/GoldenCalibration.h"
#include "generators/GoldenFiles.h"
#include "generators/GoldenFormat.h"

#include <cstdio>
#include <iostream>

namespace qi::generators {

namespace {

int usageError(const std::string &message) {
  std::cerr << "quant-golden: error: " << message << "\n";
  return 2;
}
int dataError(const std::string &message) {
  std::cerr << "quant-golden: error: " << message << "\n";
  return 1;
}

int generateCalibration(const std::string &level, const std::string &out) {
  if (level.empty())
    return usageError("calibration generate needs --level=smoke|full");
  std::optional<CalibrationGolden> golden = buildCalibrationGolden(level);
  if (!golden)
    return usageError("calibration generate: unknown level '" + level +
                      "' (expected smoke or full)");
  if (out.empty())
    return usageError("calibration generate needs --out=FILE (or --out=- for stdout)");
  const std::string text = calibrationGoldenJson(*golden);
  if (out == "-") {
    const bool written = std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
    return written && std::fflush(stdout) == 0 ? 0 : dataError("cannot write to stdout");
  }
  const size_t slash = out.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : out.substr(0, slash);
  const std::string name = slash == std::string::npos ? out : out.substr(slash + 1);
  std::string error;
  if (name.empty())
    return usageError("--out: '" + out + "' names a directory, expected a file");
  if (!makeDirectories(dir, error) || !writeFileAtomic(dir, name, text, error))
    return dataError(error);
  return 0;
}

int checkCalibration(const std::string &path) {
  std::string text, error;
  if (!readFile(path, text, error))
    return dataError(path + ": cannot read: " + error);
  std::optional<CalibrationGolden> golden = readCalibrationGolden(text, error);
  if (!golden)
    return dataError(path + ": " + error);
  size_t mismatches = 0;
  for (const CalibrationCase &c : golden->cases) {
    std::optional<CalibrationAnswer> mine = deriveCalibrationAnswer(c, error);
    if (!mine)
      return dataError(path + ": case " + c.id + ": /recipe: " + error);
    std::vector<AnswerDifference> differences =
        compareAnswers(c.expected, *mine, /*compareType=*/true);
    if (differences.empty())
      continue;
    ++mismatches;
    for (const AnswerDifference &d : differences)
      std::cout << path << ": case " << c.id << ": " << d.key << ": the file says " << d.expected
                << ", chooseParams gives " << d.actual << "\n";
  }
  std::cout << "checked " << golden->cases.size() << " calibration cases of "
            << golden->recipes.size() << " recipes: "
            << (mismatches ? std::to_string(mismatches) + " mismatching" : std::string("all agree"))
            << "\n";
  return mismatches ? 1 : 0;
}

} // namespace

int runCalibrationCommand(const std::vector<std::string> &arguments, const std::string &level,
                          const std::string &out) {
  if (arguments.empty())
    return usageError("calibration needs an action: generate or check FILE");
  const std::string &action = arguments[0];
  if (action == "generate") {
    if (arguments.size() != 1)
      return usageError("calibration generate takes no file argument (use --out=FILE), got '" +
                        arguments[1] + "'");
    return generateCalibration(level, out);
  }
  if (action == "check") {
    if (!level.empty() || !out.empty())
      return usageError("calibration check takes no --level or --out (the file says its level)");
    if (arguments.size() != 2)
      return usageError("calibration check needs exactly one FILE, got " +
                        std::to_string(arguments.size() - 1));
    return checkCalibration(arguments[1]);
  }
  return usageError("unknown calibration action '" + action + "' (expected generate or check)");
}

} // namespace qi::generators
