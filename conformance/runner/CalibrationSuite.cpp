//===- CalibrationSuite.cpp - Calibration golden vectors against a backend -===//
//
// Spec: [conform.calibration], docs/vendor-guide.md ("Calibration suites").
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/CalibrationSuite.h"

#include "conformance/runner/Subprocess.h"
#include "generators/GoldenCalibration.h"
#include "generators/GoldenFormat.h"

#include "llvm/Support/JSON.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <vector>

namespace qi::conform {

namespace {

using generators::AnswerDifference;
using generators::CalibrationAnswer;
using generators::CalibrationCase;
using generators::CalibrationGolden;

/// A backend's answer for one case, or why there is none.
struct BackendAnswer {
  std::optional<CalibrationAnswer> answer;
  std::string error;
};

/// The ranges file of quant-interp --choose-params: line k + 1 is case k.
std::string rangesFileText(const std::vector<const CalibrationCase *> &cases) {
  std::string text;
  for (const CalibrationCase *c : cases) {
    if (c->axis >= 0)
      text += "axis=" + std::to_string(c->axis) + " ";
    for (size_t i = 0; i < c->ranges.size(); ++i)
      text += (i ? " " : "") + generators::rangeEndText(c->ranges[i].min) + " " +
              generators::rangeEndText(c->ranges[i].max);
    text += "\n";
  }
  return text;
}

/// One --json line; nullopt with `error` naming the key.
std::optional<CalibrationAnswer> parseAnswerLine(const llvm::json::Object &o,
                                                 const std::string &recipe, std::string &error) {
  std::optional<llvm::StringRef> spelling = o.getString("recipe");
  if (!spelling || *spelling != recipe) {
    error = "\"recipe\": expected \"" + recipe + "\", got " +
            (spelling ? "\"" + spelling->str() + "\"" : std::string("none"));
    return std::nullopt;
  }
  std::optional<bool> ok = o.getBoolean("ok");
  if (!ok) {
    error = "\"ok\": expected true or false";
    return std::nullopt;
  }
  CalibrationAnswer a;
  a.ok = *ok;
  if (!a.ok) {
    std::optional<llvm::StringRef> refusal = o.getString("refusal");
    a.refusal = refusal ? refusal->str() : "";
    return a;
  }
  std::optional<llvm::StringRef> type = o.getString("type"), storage = o.getString("storage");
  std::optional<int64_t> lo = o.getInteger("storage_min"), hi = o.getInteger("storage_max");
  const llvm::json::Array *scales = o.getArray("scales"), *zeroPoints = o.getArray("zero_points");
  if (!storage || !lo || !hi || !scales || !zeroPoints) {
    error = "an \"ok\": true answer needs \"storage\" (string), \"storage_min\", \"storage_max\" "
            "(integers), \"scales\" and \"zero_points\" (arrays)";
    return std::nullopt;
  }
  a.type = type ? type->str() : "";
  a.storage = storage->str();
  a.storageMin = *lo;
  a.storageMax = *hi;
  for (size_t i = 0; i < scales->size(); ++i) {
    std::optional<llvm::StringRef> text = (*scales)[i].getAsString();
    uint64_t bits = 0;
    if (!text || text->size() != 18 || !text->starts_with("0x") ||
        text->drop_front(2).getAsInteger(16, bits)) {
      error = "\"scales\"[" + std::to_string(i) + "]: expected \"0x\" and 16 hex digits";
      return std::nullopt;
    }
    a.scales.push_back(bits);
  }
  for (size_t i = 0; i < zeroPoints->size(); ++i) {
    std::optional<int64_t> zp = (*zeroPoints)[i].getAsInteger();
    if (!zp) {
      error = "\"zero_points\"[" + std::to_string(i) + "]: expected an integer";
      return std::nullopt;
    }
    a.zeroPoints.push_back(*zp);
  }
  return a;
}

/// Runs the command once for `recipe` with all its cases; one answer per
/// case (an error for every case when the command fails as a whole).
std::vector<BackendAnswer> commandAnswers(const std::string &recipe,
                                          const std::vector<const CalibrationCase *> &cases,
                                          const CalibrationRunOptions &options,
                                          const std::string &scratch, std::ostream &errors) {
  std::vector<BackendAnswer> answers(cases.size());
  auto failAll = [&](const std::string &why) {
    for (BackendAnswer &a : answers)
      a.error = why;
    return answers;
  };
  const std::string file = scratch + "/ranges-" + std::to_string(std::hash<std::string>()(recipe)) +
                           ".txt";
  {
    std::ofstream stream(file, std::ios::binary);
    stream << rangesFileText(cases);
    if (!stream.flush())
      return failAll("cannot write the ranges file " + file);
  }
  ProcessOptions process;
  process.timeoutSeconds = options.timeoutSeconds;
  const std::vector<std::string> argv = {"/bin/sh", "-c", options.command + " \"$@\"", "sh",
                                         "--choose-params", "--calibration=" + recipe,
                                         "--ranges-file=" + file, "--json"};
  ProcessResult r = runProcess(argv, process);
  if (!r.exitedWith(0)) {
    errors << "quant-conform: the command failed for " << recipe << ": "
           << (r.started ? r.describe(options.timeoutSeconds) : r.failure) << "\n";
    if (!r.err.empty())
      errors << tailLines(r.err, 5) << "\n";
    return failAll("the command failed: " +
                   (r.started ? r.describe(options.timeoutSeconds) : r.failure));
  }
  size_t start = 0;
  while (start < r.out.size()) {
    size_t end = r.out.find('\n', start);
    if (end == std::string::npos)
      end = r.out.size();
    const std::string line = r.out.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
    if (!value) {
      errors << "quant-conform: " << recipe << ": an answer is not JSON ("
             << llvm::toString(value.takeError()) << "): " << line.substr(0, 200) << "\n";
      return failAll("the command printed a line that is not JSON");
    }
    const llvm::json::Object *o = value->getAsObject();
    std::optional<int64_t> number = o ? o->getInteger("line") : std::nullopt;
    if (!number || *number < 1 || size_t(*number) > cases.size()) {
      errors << "quant-conform: " << recipe << ": an answer without a \"line\" 1.."
             << cases.size() << ": " << line.substr(0, 200) << "\n";
      return failAll("the command printed an answer for no case");
    }
    BackendAnswer &slot = answers[size_t(*number - 1)];
    if (slot.answer || !slot.error.empty()) {
      slot.answer.reset();
      slot.error = "two answers for line " + std::to_string(*number);
      continue;
    }
    std::string why;
    slot.answer = parseAnswerLine(*o, recipe, why);
    if (!slot.answer)
      slot.error = "malformed answer: " + why;
  }
  for (size_t k = 0; k < answers.size(); ++k)
    if (!answers[k].answer && answers[k].error.empty())
      answers[k].error = "no answer for line " + std::to_string(k + 1);
  return answers;
}

} // namespace

int runCalibrationSuite(const std::string &path, const CalibrationRunOptions &options,
                        std::ostream &out, std::ostream &errors) {
  std::string text, error;
  if (!generators::readFile(path, text, error)) {
    errors << "quant-conform: error: --calibration-suite: cannot read '" << path << "': " << error
           << "\n";
    return 1;
  }
  std::optional<CalibrationGolden> golden = generators::readCalibrationGolden(text, error);
  if (!golden) {
    errors << "quant-conform: error: " << path << ": " << error << "\n";
    return 1;
  }
  std::string scratch;
  if (options.backend == "command") {
    const char *tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/quant-conform-calibration.XXXXXX";
    if (!mkdtemp(templ.data())) {
      errors << "quant-conform: error: cannot create a scratch directory " << templ << "\n";
      return 1;
    }
    scratch = templ;
  }
  size_t totalPassed = 0, totalFailed = 0;
  for (const std::string &recipe : golden->recipes) {
    std::vector<const CalibrationCase *> cases;
    for (const CalibrationCase &c : golden->cases)
      if (c.recipe == recipe)
        cases.push_back(&c);
    std::vector<BackendAnswer> answers(cases.size());
    if (options.backend == "command") {
      answers = commandAnswers(recipe, cases, options, scratch, errors);
    } else {
      for (size_t k = 0; k < cases.size(); ++k) {
        answers[k].answer = generators::deriveCalibrationAnswer(*cases[k], error);
        if (!answers[k].answer)
          answers[k].error = error;
      }
    }
    size_t passed = 0, shown = 0;
    std::vector<std::string> lines;
    for (size_t k = 0; k < cases.size(); ++k) {
      const CalibrationCase &c = *cases[k];
      std::vector<AnswerDifference> differences;
      if (answers[k].answer)
        differences = generators::compareAnswers(c.expected, *answers[k].answer,
                                                 /*compareType=*/false);
      else
        differences.push_back({"(no answer)", "an answer", answers[k].error});
      if (differences.empty()) {
        ++passed;
        continue;
      }
      for (const AnswerDifference &d : differences)
        if (shown++ < options.maxMismatches)
          lines.push_back("    " + c.id + ": " + d.key + ": expected " + d.expected +
                          ", the backend gave " + d.actual);
    }
    const size_t failed = cases.size() - passed;
    totalPassed += passed;
    totalFailed += failed;
    out << (failed ? "FAIL " : "pass ") << recipe << ": " << passed << " passed, " << failed
        << " failed of " << cases.size() << "\n";
    for (const std::string &line : lines)
      out << line << "\n";
    if (shown > options.maxMismatches)
      out << "    ... " << shown - options.maxMismatches << " more differences\n";
  }
  if (!scratch.empty()) {
    std::error_code ec;
    if (options.keepRequests)
      errors << "quant-conform: ranges files kept in " << scratch << "\n";
    else
      std::filesystem::remove_all(scratch, ec);
  }
  out << "calibration suite " << path << " (" << golden->level << ", " << golden->recipes.size()
      << " recipes): " << totalPassed << " passed, " << totalFailed << " failed\n";
  return totalFailed ? 1 : 0;
}

} // namespace qi::conform
