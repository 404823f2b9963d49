//===- main.cpp - quant-conform: run golden suites against backends -------===//
//
// Spec: docs/vendor-guide.md (backends, the command protocol, capability
// files, result classes, diagnosis, reports).
//
//   quant-conform run --backend=NAME [--suite=DIR] [--filter=TERMS] [--profile=P]
//                     [--capabilities=FILE] [--report-dir=DIR] [--jobs=N] ...
//   quant-conform run --calibration-suite=FILE --backend=interp|command [--command=CMD]
//
// Exit status: 0 every selected case passed (unsupported cases are listed
// but do not fail the run); 1 a case failed or errored, or the suite is
// unreadable; 2 usage error; 130 interrupted (Ctrl-C; the reports cover the
// finished cases).
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/Backend.h"
#include "conformance/runner/CalibrationSuite.h"
#include "conformance/runner/Capabilities.h"
#include "conformance/runner/ReportWriters.h"
#include "conformance/runner/Runner.h"
#include "conformance/runner/Subprocess.h"
#include "generators/GoldenFiles.h"
#include "generators/GoldenFormat.h"
#include "interpreter/quant/Semantics.h"
#include "interpreter/requant/RequantizeRecipe.h"
#include "interpreter/value/LargeAllocations.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <string>
#include <unistd.h>

using namespace qi::conform;
namespace cl = llvm::cl;

namespace {

const char *const kOverview =
    "quant-conform: runs a golden suite (docs/golden-format.md) against a backend and reports,\n"
    "case by case, pass / fail / error / unsupported / expected-rejection, with a diagnosis of\n"
    "every failure (docs/vendor-guide.md)\n"
    "\n"
    "  quant-conform run --backend=NAME [--suite=DIR] [--profile=P] [--filter=TERMS] ...\n"
    "  quant-conform run --calibration-suite=FILE --backend=interp|command [--command=CMD]\n"
    "\n"
    "Exit status: 0 every selected case passed; 1 a case failed or erred, or the suite is\n"
    "unreadable; 2 usage error; 130 interrupted.\n";

/// Where mlir-opt / mlir-runner and libmlir_c_runner_utils.so are by default:
/// QI_TOOLS_DIR and QI_LLVM_PREFIX/lib of the build (tools/CMakeLists.txt).
#define QI_DEFAULT_MLIR_OPT QI_LLVM_TOOLS_DIR "/mlir-opt"
#define QI_DEFAULT_MLIR_RUNNER QI_LLVM_TOOLS_DIR "/mlir-runner"
#define QI_DEFAULT_RUNNER_UTILS QI_LLVM_LIB_DIR "/libmlir_c_runner_utils.so"

cl::OptionCategory category("quant-conform run options");
cl::SubCommand runCommand("run", "Run a golden suite against a backend (exit 1 when a case "
                                 "fails or errs)");

// Strings, so that a bad value gets our message (and exit status 2).
cl::opt<std::string> backendFlag("backend",
                                 cl::desc("interp, mlir-lowering, mlir-cpu, command, onnxruntime, "
                                          "pytorch or xnnpack (required)"),
                                 cl::value_desc("name"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> suiteFlag("suite",
                               cl::desc("A suite (DIR/manifest.json) or a directory of suites "
                                        "(default golden/v2)"),
                               cl::value_desc("dir"), cl::init("golden/v2"), cl::sub(runCommand),
                               cl::cat(category));
cl::opt<std::string> calibrationSuiteFlag(
    "calibration-suite",
    cl::desc("Run a calibration golden file (quant-interp-calibration-golden/1) instead of a "
             "suite: --backend=interp or --backend=command (docs/vendor-guide.md, "
             "\"Calibration suites\")"),
    cl::value_desc("file"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> profileFlag("profile",
                                 cl::desc("The semantics the expected outputs are taken from "
                                          "(default reference)"),
                                 cl::value_desc("name"), cl::init("reference"),
                                 cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> requantizeFlag("requantize",
                                    cl::desc("The requantize recipe rescale cases' expected "
                                             "outputs are taken from (default: the profile's)"),
                                    cl::value_desc("recipe"), cl::sub(runCommand),
                                    cl::cat(category));
cl::opt<std::string> filterFlag("filter",
                                cl::desc("Comma-separated terms, all must match: key=value on op, "
                                         "granularity, storage, expressed, shapeKind, category, "
                                         "rejection, input, output, roundingMode, or a part of a "
                                         "case ID"),
                                cl::value_desc("terms"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> capabilitiesFlag("capabilities",
                                      cl::desc("What the backend claims; other cases are "
                                               "unsupported (mlir-cpu's and mlir-lowering's "
                                               "defaults: conformance/backends/"
                                               "<backend>.capabilities)"),
                                      cl::value_desc("file"), cl::sub(runCommand),
                                      cl::cat(category));
cl::opt<std::string> reportDirFlag("report-dir",
                                   cl::desc("Write results.json, junit.xml and report.html there"),
                                   cl::value_desc("dir"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> jobsFlag("jobs", cl::desc("Cases in parallel, 1..64 (default 1)"),
                              cl::value_desc("n"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> timeoutFlag("timeout",
                                 cl::desc("Per case, whole seconds 1..86400 (default 60)"),
                                 cl::value_desc("seconds"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> maxMismatchesFlag("max-mismatches",
                                       cl::desc("Differing elements listed per case, 0..1000000 "
                                                "(default 10)"),
                                       cl::value_desc("n"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> diagnosisCandidatesFlag(
    "diagnosis-candidates",
    cl::desc("Diagnosis candidates shown per failing case, 1..1000 (default 5); "
             "\"N more\" says how many were cut"),
    cl::value_desc("n"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> commandFlag("command",
                                 cl::desc("--backend=command: the vendor command (the request "
                                          "directory is appended)"),
                                 cl::value_desc("cmd"), cl::sub(runCommand), cl::cat(category));
cl::opt<bool> batchFlag("batch",
                        cl::desc("--backend=command: start the command once per job and send it "
                                 "the request directories on stdin (batch mode)"),
                        cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> pipelineFlag("pipeline",
                                  cl::desc("mlir-lowering / mlir-cpu: the mlir-opt pass pipeline "
                                           "(default: the backend's, docs/vendor-guide.md)"),
                                  cl::value_desc("passes"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> rescalePipelineFlag(
    "rescale-pipeline",
    cl::desc("mlir-lowering / mlir-cpu: the mlir-opt pass pipeline of rescale cases "
             "(default: the backend's, docs/vendor-guide.md)"),
    cl::value_desc("passes"), cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> quantInterpFlag("quant-interp",
                                     cl::desc("The quant-interp binary (default: beside "
                                              "quant-conform)"),
                                     cl::value_desc("path"), cl::sub(runCommand),
                                     cl::cat(category));
cl::opt<std::string> mlirOptFlag("mlir-opt",
                                 cl::desc("mlir-opt for mlir-lowering / mlir-cpu (default "
                                          QI_DEFAULT_MLIR_OPT ")"),
                                 cl::value_desc("path"), cl::init(QI_DEFAULT_MLIR_OPT),
                                 cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> mlirRunnerFlag("mlir-runner",
                                    cl::desc("mlir-runner for mlir-cpu (default "
                                             QI_DEFAULT_MLIR_RUNNER ")"),
                                    cl::value_desc("path"), cl::init(QI_DEFAULT_MLIR_RUNNER),
                                    cl::sub(runCommand), cl::cat(category));
cl::opt<std::string> runnerUtilsFlag("runner-utils",
                                     cl::desc("libmlir_c_runner_utils.so for mlir-cpu (default "
                                              QI_DEFAULT_RUNNER_UTILS ")"),
                                     cl::value_desc("path"), cl::init(QI_DEFAULT_RUNNER_UTILS),
                                     cl::sub(runCommand), cl::cat(category));
cl::opt<bool> keepRequestsFlag("keep-requests",
                               cl::desc("Keep each case's scratch directory (printed at the end)"),
                               cl::sub(runCommand), cl::cat(category));
cl::opt<bool> noColorFlag("no-color", cl::desc("Plain console summary"), cl::sub(runCommand),
                          cl::cat(category));

/// A command-line problem that llvm::cl cannot see (a missing or bad value).
int usageError(const std::string &message) {
  std::cerr << "quant-conform: error: " << message << "\n";
  return 2;
}

std::string selfDirectory() {
  char path[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0)
    return ".";
  std::string p(path, size_t(n));
  return p.substr(0, p.rfind('/'));
}

std::string nowIso8601() {
  std::time_t t = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return text;
}

/// The whole-number value of `flag` in [min, max] (unchanged when the flag is
/// not given); false when the text is not one.
bool parseCount(const cl::opt<std::string> &flag, long min, long max, long &value) {
  if (!flag.getNumOccurrences())
    return true;
  const std::string &text = flag;
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 9)
    return false;
  long parsed = std::stol(text);
  if (parsed < min || parsed > max)
    return false;
  value = parsed;
  return true;
}

/// [conform.calibration] --calibration-suite: the library or a command
/// answering as quant-interp --choose-params; the flags of case suites are
/// refused rather than ignored.
int runCalibration() {
  if (backendFlag != "interp" && backendFlag != "command")
    return usageError("--calibration-suite runs against --backend=interp or --backend=command, "
                      "got '" + backendFlag + "'");
  if (backendFlag == "command" && commandFlag.empty())
    return usageError("--backend=command needs --command='CMD' (invoked as CMD --choose-params "
                      "--calibration=RECIPE --ranges-file=FILE --json)");
  if (backendFlag == "interp" && commandFlag.getNumOccurrences())
    return usageError("--command: only meaningful with --backend=command");
  for (const cl::Option *flag : std::initializer_list<const cl::Option *>{
           &suiteFlag, &profileFlag, &requantizeFlag, &filterFlag, &capabilitiesFlag,
           &reportDirFlag, &jobsFlag, &diagnosisCandidatesFlag, &batchFlag, &pipelineFlag,
           &rescalePipelineFlag, &quantInterpFlag, &mlirOptFlag, &mlirRunnerFlag,
           &runnerUtilsFlag})
    if (flag->getNumOccurrences())
      return usageError("--" + flag->ArgStr.str() + ": not meaningful with --calibration-suite");
  CalibrationRunOptions options;
  options.backend = backendFlag;
  options.command = commandFlag;
  options.keepRequests = keepRequestsFlag;
  long timeout = 60, maxMismatches = 10;
  if (!parseCount(timeoutFlag, 1, 86400, timeout))
    return usageError("--timeout: expected whole seconds 1..86400, got '" + timeoutFlag + "'");
  if (!parseCount(maxMismatchesFlag, 0, 1000000, maxMismatches))
    return usageError("--max-mismatches: expected 0..1000000, got '" + maxMismatchesFlag + "'");
  options.timeoutSeconds = double(timeout);
  options.maxMismatches = size_t(maxMismatches);
  return runCalibrationSuite(calibrationSuiteFlag, options, std::cout, std::cerr);
}

} // namespace

int main(int argc, char **argv) {
  qi::keepLargeAllocations(); // [fast.allocation]
  cl::SetVersionPrinter([](llvm::raw_ostream &os) { os << "quant-conform " QI_VERSION "\n"; });
  cl::HideUnrelatedOptions(category);
  // Every command-line usage error exits 2 (docs/vendor-guide.md).
  if (!cl::ParseCommandLineOptions(argc, argv, kOverview, &llvm::errs()))
    return 2;
  if (!runCommand)
    return usageError("missing subcommand (run; see quant-conform --help)");
  std::string commandLine = "quant-conform";
  for (int i = 1; i < argc; ++i)
    commandLine += std::string(" ") + argv[i];

  // Every flag is checked before the first case runs.
  if (backendFlag.empty())
    return usageError("--backend=NAME is required (" + backendNames() + ")");
  if (calibrationSuiteFlag.getNumOccurrences())
    return runCalibration();
  BackendSettings settings;
  settings.quantInterp = quantInterpFlag.getNumOccurrences() ? std::string(quantInterpFlag)
                                                              : selfDirectory() + "/quant-interp";
  settings.mlirOpt = mlirOptFlag;
  settings.mlirRunner = mlirRunnerFlag;
  settings.runnerUtils = runnerUtilsFlag;
  settings.pipeline = pipelineFlag;
  settings.rescalePipeline = rescalePipelineFlag;
  settings.command = commandFlag;
  settings.batch = batchFlag;
  settings.profile = profileFlag;
  if (!qi::quant::findProfile(settings.profile))
    return usageError("--profile: unknown profile '" + settings.profile + "' (available: " +
                      qi::quant::allProfileNames() + ")");
  // [requant.recipes] The recipe of the rescale cases: --requantize, or the
  // profile's (what quant-interp --profile=P runs).
  std::string recipe(qi::requant::recipeName(qi::quant::findProfile(settings.profile)->requantize));
  if (requantizeFlag.getNumOccurrences()) {
    if (!qi::requant::parseRecipe(requantizeFlag))
      return usageError("--requantize: unknown recipe '" + requantizeFlag + "' (available: " +
                        qi::requant::allRecipeNames() + ")");
    recipe = requantizeFlag;
    settings.requantize = recipe;
  }
  long timeout = 60;
  if (!parseCount(timeoutFlag, 1, 86400, timeout))
    return usageError("--timeout: expected whole seconds 1..86400, got '" + timeoutFlag + "'");
  settings.timeoutSeconds = double(timeout);
  RunOptions options;
  options.profile = settings.profile;
  options.recipe = recipe;
  options.filter = filterFlag;
  options.keepRequests = settings.keepRequests = keepRequestsFlag;
  options.progress = isatty(2);
  long jobs = long(options.jobs), maxMismatches = long(options.maxMismatches);
  if (!parseCount(jobsFlag, 1, 64, jobs))
    return usageError("--jobs: expected 1..64, got '" + jobsFlag + "'");
  options.jobs = unsigned(jobs);
  if (!parseCount(maxMismatchesFlag, 0, 1000000, maxMismatches))
    return usageError("--max-mismatches: expected 0..1000000, got '" + maxMismatchesFlag + "'");
  options.maxMismatches = size_t(maxMismatches);
  long candidates = long(options.diagnosisCandidates);
  if (!parseCount(diagnosisCandidatesFlag, 1, 1000, candidates))
    return usageError("--diagnosis-candidates: expected 1..1000, got '" + diagnosisCandidatesFlag +
                      "'");
  options.diagnosisCandidates = size_t(candidates);
  std::string error;
  std::unique_ptr<Backend> backend = makeBackend(backendFlag, settings, error);
  if (!backend)
    return usageError(error);
  std::string capabilitiesFile = capabilitiesFlag;
  if (!capabilitiesFile.empty()) {
    std::string text;
    if (!qi::generators::readFile(capabilitiesFile, text, error))
      return usageError("--capabilities: cannot read '" + capabilitiesFile + "': " + error);
    std::optional<Capabilities> caps = Capabilities::parse(text, capabilitiesFile, error);
    if (!caps)
      return usageError("--capabilities: " + error);
    options.capabilities = *caps;
  } else if (std::optional<Capabilities> caps =
                 Capabilities::builtIn(backendFlag, capabilitiesFile)) {
    options.capabilities = *caps;
    capabilitiesFile += " (built in)";
  } else if (std::string file = frameworkCapabilitiesFile(backendFlag, settings); !file.empty()) {
    // A framework backend's claim: conformance/frameworks/NAME/NAME.capabilities.
    std::string text;
    if (!qi::generators::readFile(file, text, error))
      return usageError("--backend=" + backendFlag + ": cannot read '" + file + "': " + error);
    std::optional<Capabilities> fcaps = Capabilities::parse(text, file, error);
    if (!fcaps)
      return usageError("--backend=" + backendFlag + ": " + error);
    options.capabilities = *fcaps;
    capabilitiesFile = file;
  }
  const std::string &reportDir = reportDirFlag;
  if (!reportDir.empty() && !qi::generators::makeDirectories(reportDir, error))
    return usageError("--report-dir: " + error);

  const std::string &suiteDir = suiteFlag;
  LoadedSuite suite;
  if (!loadSuites(suiteDir, suite, error)) {
    std::cerr << "quant-conform: error: " << error << "\n";
    return 1;
  }
  // [conform.case-ids] Identical cases met in several suites run once; say so.
  if (suite.duplicateCases > 0)
    std::cerr << "quant-conform: note: " << suite.duplicateCases
              << (suite.duplicateCases == 1 ? " case appears" : " cases appear")
              << " in more than one suite with identical content; each runs once\n";
  auto list = [](const std::vector<std::string> &names) {
    std::string have;
    for (const std::string &p : names)
      have += (have.empty() ? "" : ", ") + p;
    return have;
  };
  if (suite.castCases > 0 && std::find(suite.profiles.begin(), suite.profiles.end(),
                                       options.profile) == suite.profiles.end())
    return usageError("--profile: the suite " + suiteDir + " has no expected outputs for '" +
                      options.profile + "' (it has: " + list(suite.profiles) +
                      "); the same cases with them: quant-golden generate --level=" + suite.level +
                      " --profiles=" + options.profile + " --out=DIR ([golden.profiles])");
  if (suite.rescaleCases > 0 && std::find(suite.recipes.begin(), suite.recipes.end(),
                                          options.recipe) == suite.recipes.end())
    return usageError((requantizeFlag.getNumOccurrences() ? "--requantize: the suite "
                                                          : "--profile: the suite ") +
                      suiteDir + " has no expected outputs of its rescale cases for the recipe '" +
                      options.recipe + "' (it has: " + list(suite.recipes) + ")");
  bool ignored = false;
  if (!suite.cases.empty() && !filterMatches(options.filter, suite.cases.front(), ignored, error))
    return usageError(error);

  RunReport report;
  report.toolVersion = QI_VERSION;
  report.commandLine = commandLine;
  report.backend = backendFlag;
  report.backendDetail = backend->detail();
  report.suite = suiteDir;
  report.suiteLevel = suite.level;
  report.profile = options.profile;
  report.profileDescription = qi::quant::findProfile(options.profile)->describe();
  report.requantize = options.recipe;
  report.requantizeDescription =
      std::string(qi::requant::recipeSummary(*qi::requant::parseRecipe(options.recipe)));
  report.capabilities = capabilitiesFile;
  report.startedAt = nowIso8601();

  // During the run Ctrl-C only stops it (the cases done are reported); while
  // the reports are written it removes the temporary file and ends the process,
  // so no report is ever half-written.
  installRunInterruptHandler();
  runCases(*backend, suite, options, report);
  qi::generators::installInterruptCleanup();

  std::cout << consoleSummary(report, isatty(1) && !noColorFlag);
  std::cout.flush();
  if (!reportDir.empty()) {
    const std::pair<const char *, std::string> files[] = {{"results.json", resultsJson(report)},
                                                          {"junit.xml", junitXml(report)},
                                                          {"report.html", htmlReport(report)}};
    for (const auto &[name, text] : files)
      if (!qi::generators::writeFileAtomic(reportDir, name, text, error)) {
        std::cerr << "quant-conform: error: " << error << "\n";
        return 1;
      }
  }
  if (report.interrupted)
    return 130;
  return report.count(Outcome::Fail) + report.count(Outcome::Error) > 0 ? 1 : 0;
}
