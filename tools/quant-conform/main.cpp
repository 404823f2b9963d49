//===- main.cpp - quant-conform: run golden suites against backends -------===//
//
// Spec: docs/vendor-guide.md (backends, the command protocol, capability
// files, result classes, diagnosis, reports).
//
//   quant-conform run --backend=NAME [--suite=DIR] [--filter=TERMS] [--profile=P]
//                     [--capabilities=FILE] [--report-dir=DIR] [--jobs=N] ...
//
// Exit status: 0 every selected case passed (unsupported cases are listed
// but do not fail the run); 1 a case failed or errored, or the suite is
// unreadable; 2 usage error; 130 interrupted (Ctrl-C; the reports cover the
// finished cases).
//
//===----------------------------------------------------------------------===//
#include "Backend.h"
#include "Capabilities.h"
#include "ReportWriters.h"
#include "Runner.h"
#include "Subprocess.h"
#include "value/LargeAllocations.h"

#include "generators/GoldenFiles.h"
#include "generators/GoldenFormat.h"
#include "quant/Semantics.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <unistd.h>

using namespace qi::conform;

namespace {

const char *const kUsage =
    "usage: quant-conform run --backend=NAME [options]\n"
    "       quant-conform --help | --version\n"
    "\n"
    "Runs a golden suite (docs/golden-format.md) against a backend and reports, case by case,\n"
    "pass / fail / error / unsupported / expected-rejection, with a diagnosis of every failure.\n"
    "\n"
    "  --backend=NAME        interp | mlir-lowering | mlir-cpu | command\n"
    "  --suite=DIR           a suite (DIR/manifest.json) or a directory of suites (default golden/v1)\n"
    "  --profile=P           the semantics the expected outputs are taken from (default reference)\n"
    "  --filter=TERMS        comma-separated; key=value on op, granularity, storage, expressed,\n"
    "                        shapeKind, category, rejection, or a part of a case ID (all must match)\n"
    "  --capabilities=FILE   what the backend claims; other cases are unsupported (docs/vendor-guide.md);\n"
    "                        mlir-cpu's default is conformance/backends/mlir-cpu.capabilities\n"
    "  --report-dir=DIR      write results.json, junit.xml and report.html there\n"
    "  --jobs=N              cases in parallel (default 1)\n"
    "  --timeout=SECONDS     per case (default 60)\n"
    "  --max-mismatches=N    differing elements listed per case (default 10)\n"
    "  --command=CMD         --backend=command: the vendor command (request directory appended)\n"
    "  --pipeline=PASSES     mlir-lowering / mlir-cpu: the mlir-opt pass pipeline\n"
    "  --quant-interp=PATH   default: beside quant-conform\n"
    "  --mlir-opt=PATH --mlir-runner=PATH --runner-utils=PATH   default: LLVM 22's\n"
    "  --keep-requests       keep each case's scratch directory (printed at the end)\n"
    "  --no-color            plain console summary\n";

int usageError(const std::string &message) {
  std::cerr << "quant-conform: error: " << message << "\nTry 'quant-conform --help'.\n";
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

bool parseCount(const std::string &text, long min, long max, long &value) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 9)
    return false;
  value = std::stol(text);
  return value >= min && value <= max;
}

} // namespace

int main(int argc, char **argv) {
  qi::keepLargeAllocations(); // [fast.allocation]
  if (argc < 2)
    return usageError("missing subcommand (run)");
  std::string sub = argv[1];
  if (sub == "--help" || sub == "-h") {
    std::cout << kUsage;
    return 0;
  }
  if (sub == "--version") {
    std::cout << "quant-conform " QI_VERSION "\n";
    return 0;
  }
  if (sub != "run")
    return usageError("unknown subcommand '" + sub + "' (expected run)");

  static const std::set<std::string> valueFlags = {
      "backend", "suite", "profile", "filter", "capabilities", "report-dir", "jobs", "timeout",
      "max-mismatches", "command", "pipeline", "quant-interp", "mlir-opt", "mlir-runner",
      "runner-utils"};
  static const std::set<std::string> switchFlags = {"keep-requests", "no-color"};
  std::map<std::string, std::string> flags;
  std::set<std::string> switches;
  std::string commandLine = "quant-conform";
  for (int i = 1; i < argc; ++i)
    commandLine += std::string(" ") + argv[i];
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) != 0)
      return usageError("unexpected argument '" + a + "'");
    size_t eq = a.find('=');
    std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    if (eq == std::string::npos) {
      if (!switchFlags.count(name))
        return usageError(valueFlags.count(name) ? "--" + name + " needs a value (--" + name + "=...)"
                                                 : "unknown flag '" + a + "'");
      switches.insert(name);
      continue;
    }
    if (!valueFlags.count(name))
      return usageError(switchFlags.count(name) ? "--" + name + " takes no value"
                                                : "unknown flag '--" + name + "'");
    if (flags.count(name))
      return usageError("--" + name + " given twice");
    flags[name] = a.substr(eq + 1);
  }
  auto flag = [&](const std::string &name, const std::string &fallback) {
    auto it = flags.find(name);
    return it == flags.end() ? fallback : it->second;
  };

  // Every flag is checked before the first case runs.
  if (!flags.count("backend"))
    return usageError("--backend=NAME is required (" + backendNames() + ")");
  BackendSettings settings;
  const std::string llvmBin = "/usr/lib/llvm-22/bin/";
  settings.quantInterp = flag("quant-interp", selfDirectory() + "/quant-interp");
  settings.mlirOpt = flag("mlir-opt", llvmBin + "mlir-opt");
  settings.mlirRunner = flag("mlir-runner", llvmBin + "mlir-runner");
  settings.runnerUtils = flag("runner-utils", "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so");
  settings.pipeline = flag("pipeline", "");
  settings.command = flag("command", "");
  settings.profile = flag("profile", "reference");
  if (!qi::quant::findProfile(settings.profile))
    return usageError("--profile: unknown profile '" + settings.profile + "' (available: " +
                      qi::quant::allProfileNames() + ")");
  long number = 0;
  if (flags.count("timeout")) {
    if (!parseCount(flags["timeout"], 1, 86400, number))
      return usageError("--timeout: expected whole seconds 1..86400, got '" + flags["timeout"] + "'");
    settings.timeoutSeconds = double(number);
  }
  RunOptions options;
  options.profile = settings.profile;
  options.filter = flag("filter", "");
  options.keepRequests = settings.keepRequests = switches.count("keep-requests") > 0;
  options.progress = isatty(2);
  if (flags.count("jobs")) {
    if (!parseCount(flags["jobs"], 1, 64, number))
      return usageError("--jobs: expected 1..64, got '" + flags["jobs"] + "'");
    options.jobs = unsigned(number);
  }
  if (flags.count("max-mismatches")) {
    if (!parseCount(flags["max-mismatches"], 0, 1000000, number))
      return usageError("--max-mismatches: expected 0..1000000, got '" + flags["max-mismatches"] + "'");
    options.maxMismatches = size_t(number);
  }
  std::string error;
  std::unique_ptr<Backend> backend = makeBackend(flags["backend"], settings, error);
  if (!backend)
    return usageError(error);
  std::string capabilitiesFile = flag("capabilities", "");
  if (!capabilitiesFile.empty()) {
    std::string text;
    if (!qi::golden::readFile(capabilitiesFile, text, error))
      return usageError("--capabilities: cannot read '" + capabilitiesFile + "': " + error);
    std::optional<Capabilities> caps = Capabilities::parse(text, capabilitiesFile, error);
    if (!caps)
      return usageError("--capabilities: " + error);
    options.capabilities = *caps;
  } else if (std::optional<Capabilities> caps =
                 Capabilities::builtIn(flags["backend"], capabilitiesFile)) {
    options.capabilities = *caps;
    capabilitiesFile += " (built in)";
  }
  std::string reportDir = flag("report-dir", "");
  if (!reportDir.empty() && !qi::golden::makeDirectories(reportDir, error))
    return usageError("--report-dir: " + error);

  std::string suiteDir = flag("suite", "golden/v1");
  LoadedSuite suite;
  if (!loadSuites(suiteDir, suite, error)) {
    std::cerr << "quant-conform: error: " << error << "\n";
    return 1;
  }
  if (std::find(suite.profiles.begin(), suite.profiles.end(), options.profile) == suite.profiles.end()) {
    std::string have;
    for (const std::string &p : suite.profiles)
      have += (have.empty() ? "" : ", ") + p;
    return usageError("--profile: the suite " + suiteDir + " has no expected outputs for '" +
                      options.profile + "' (it has: " + have + ")");
  }
  bool ignored = false;
  if (!suite.cases.empty() && !filterMatches(options.filter, suite.cases.front(), ignored, error))
    return usageError(error);

  RunReport report;
  report.toolVersion = QI_VERSION;
  report.commandLine = commandLine;
  report.backend = flags["backend"];
  report.backendDetail = backend->detail();
  report.suite = suiteDir;
  report.suiteLevel = suite.level;
  report.profile = options.profile;
  report.profileDescription = qi::quant::findProfile(options.profile)->describe();
  report.capabilities = capabilitiesFile;
  report.startedAt = nowIso8601();

  // During the run Ctrl-C only stops it (the cases done are reported); while
  // the reports are written it removes the temporary file and ends the process,
  // so no report is ever half-written.
  installRunInterruptHandler();
  runCases(*backend, suite, options, report);
  qi::golden::installInterruptCleanup();

  std::cout << consoleSummary(report, isatty(1) && !switches.count("no-color"));
  std::cout.flush();
  if (!reportDir.empty()) {
    const std::pair<const char *, std::string> files[] = {{"results.json", resultsJson(report)},
                                                          {"junit.xml", junitXml(report)},
                                                          {"report.html", htmlReport(report)}};
    for (const auto &[name, text] : files)
      if (!qi::golden::writeFileAtomic(reportDir, name, text, error)) {
        std::cerr << "quant-conform: error: " << error << "\n";
        return 1;
      }
  }
  if (report.interrupted)
    return 130;
  return report.count(Outcome::Fail) + report.count(Outcome::Error) > 0 ? 1 : 0;
}
