//===- main.cpp - quant-golden: generate, check and export golden suites ----===//
//
// Spec: docs/golden-format.md (format, levels, CLI, errors).
//
//   quant-golden generate --level=smoke|full|exhaustive --out=DIR|- [--seed=N] [--profiles=a,b|all]
//   quant-golden check --suite=DIR
//   quant-golden export --npy --suite=DIR --out=DIR
//   quant-golden coverage --level=smoke|full|exhaustive [--json]
//   quant-golden calibration generate --level=smoke|full --out=FILE|-
//   quant-golden calibration check FILE
//
// Exit status: 0 success; 1 bad suite data (unreadable / corrupt / wrong
// version / mismatching case) or an I/O failure; 2 usage errors (unknown
// subcommand, flag or flag value). Every check of the inputs happens before
// the first byte of output is written.
//
//===----------------------------------------------------------------------===//
#include "generators/FloatText.h"
#include "tools/quant-golden/Calibration.h"
#include "generators/GoldenCoverage.h"
#include "generators/GoldenExpected.h"
#include "generators/GoldenFiles.h"
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenRescale.h"
#include "generators/GoldenRun.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

using namespace qi::generators;
namespace cl = llvm::cl;

namespace {

const char *const kOverview =
    "quant-golden: generate, check and export golden suites (quant-interp-golden/2,\n"
    "docs/golden-format.md)\n"
    "\n"
    "  quant-golden generate --level=smoke|full|exhaustive --out=DIR|- [--seed=N]\n"
    "                        [--profiles=a,b,...|all] [--recipes=a,b,...|all]\n"
    "                        [--skip=N] [--limit=N]\n"
    "  quant-golden check --suite=DIR\n"
    "  quant-golden export --npy --suite=DIR --out=DIR\n"
    "  quant-golden coverage --level=smoke|full|exhaustive [--json]\n"
    "  quant-golden calibration generate --level=smoke|full --out=FILE|-\n"
    "  quant-golden calibration check FILE\n"
    "\n"
    "Exit status: 0 success; 1 bad suite data, a mismatch or a write failure; 2 usage error.\n";

cl::OptionCategory category("quant-golden options");

cl::SubCommand generateCommand("generate", "Write a level's cases and manifest to a directory, "
                                           "or stream them to stdout (--out=-)");
cl::SubCommand checkCommand("check", "Re-evaluate a suite with quant-interp's kernels and run its "
                                     "expected rejections; exit 1 on any mismatch");
cl::SubCommand exportCommand("export", "Write every case of a suite as NumPy .npy files");
cl::SubCommand coverageCommand("coverage", "Print which coverage classes a level's cases hold, and "
                                           "how many feasible feature pairs they cover");
cl::SubCommand calibrationCommand("calibration",
                                  "Calibration golden vectors (quant-interp-calibration-golden/1): "
                                  "generate --level=smoke|full --out=FILE, or check FILE");
cl::list<std::string> calibrationArguments(cl::Positional, cl::desc("generate | check FILE"),
                                           cl::sub(calibrationCommand), cl::cat(category));

// Strings, so that a bad value gets our message (and exit status 2).
cl::opt<std::string> levelFlag("level", cl::desc("smoke, full or exhaustive (required)"),
                               cl::value_desc("level"), cl::sub(generateCommand),
                               cl::sub(coverageCommand), cl::sub(calibrationCommand),
                               cl::cat(category));
cl::opt<std::string> outFlag("out",
                             cl::desc("Output directory (generate: new, empty or an earlier "
                                      "suite; - streams JSON Lines to stdout)"),
                             cl::value_desc("dir"), cl::sub(generateCommand),
                             cl::sub(exportCommand), cl::sub(calibrationCommand),
                             cl::cat(category));
cl::opt<std::string> seedFlag("seed",
                              cl::desc("Suite seed, an unsigned 64-bit integer (default 1)"),
                              cl::value_desc("n"), cl::sub(generateCommand), cl::cat(category));
cl::opt<std::string> profilesFlag("profiles",
                                  cl::desc("Comma-separated profiles of the expected outputs, "
                                           "or all (default: all for smoke, "
                                           "reference,mlir-lower-quant-ops otherwise)"),
                                  cl::value_desc("a,b,..."),
                                  cl::init(std::string(kDefaultProfiles)),
                                  cl::sub(generateCommand), cl::cat(category));
cl::opt<std::string> recipesFlag("recipes",
                                 cl::desc("Comma-separated requantize recipes of the rescale "
                                          "cases' expected outputs, or all (default all)"),
                                 cl::value_desc("a,b,..."),
                                 cl::init(std::string(kDefaultRecipes)),
                                 cl::sub(generateCommand), cl::cat(category));
cl::opt<std::string> skipFlag("skip", cl::desc("With --out=-: leave out the level's first N cases"),
                              cl::value_desc("n"), cl::sub(generateCommand), cl::cat(category));
cl::opt<std::string> limitFlag("limit", cl::desc("With --out=-: stop after N cases"),
                               cl::value_desc("n"), cl::sub(generateCommand), cl::cat(category));
cl::opt<std::string> suiteFlag("suite", cl::desc("The suite: a directory with manifest.json"),
                               cl::value_desc("dir"), cl::sub(checkCommand),
                               cl::sub(exportCommand), cl::cat(category));
cl::opt<bool> jsonFlag("json", cl::desc("Print the manifest's coverage object (JSON), not the table"),
                       cl::sub(coverageCommand), cl::cat(category));
cl::opt<bool> npyFlag("npy", cl::desc("Export as NumPy .npy files (the one format; required)"),
                      cl::sub(exportCommand), cl::cat(category));

/// A command-line problem that llvm::cl cannot see (a missing or bad value).
int usageError(const std::string &message) {
  std::cerr << "quant-golden: error: " << message << "\n";
  return 2;
}
int dataError(const std::string &message) {
  std::cerr << "quant-golden: error: " << message << "\n";
  return 1;
}

/// An unsigned integer in C notation (decimal, 0x hex, 0 octal) up to 2^64 - 1.
bool parseUnsigned(const std::string &text, uint64_t &value) {
  if (text.empty() || text.size() > 20)
    return false;
  char *end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str(), &end, 0);
  if (errno || *end || text[0] == '-')
    return false;
  value = v;
  return true;
}

/// Progress on stderr, only when it is a terminal.
struct Progress {
  bool enabled = isatty(2);
  void show(size_t done, size_t total, const std::string &what) {
    if (!enabled)
      return;
    std::fprintf(stderr, "\r[%zu/%zu] %-70.70s", done, total, what.c_str());
    std::fflush(stderr);
  }
  void finish() {
    if (enabled)
      std::fprintf(stderr, "\r%-80s\r", "");
  }
};

int generate() {
  if (!levelFlag.getNumOccurrences())
    return usageError("generate needs --level=smoke|full|exhaustive");
  std::optional<Level> level = parseLevel(levelFlag);
  if (!level)
    return usageError("unknown level '" + levelFlag + "' (expected smoke, full or exhaustive)");
  const std::string &out = outFlag;
  if (out.empty())
    return usageError("generate needs --out=DIR (or --out=- for JSON Lines on stdout)");
  uint64_t seed = kDefaultSeed;
  if (seedFlag.getNumOccurrences() && !parseUnsigned(seedFlag, seed))
    return usageError("bad --seed value '" + seedFlag + "' (expected an unsigned 64-bit integer)");
  std::string error;
  // [golden.profiles] The smoke level carries every profile's expected
  // outputs; the larger levels the two the suite is built around (the rest
  // would outgrow the repository budget: generate them with --profiles).
  const std::string profileList =
      profilesFlag.getNumOccurrences() || *level != Level::Smoke ? profilesFlag : std::string("all");
  std::optional<std::vector<std::string>> profiles = parseProfileList(profileList, error);
  if (!profiles)
    return usageError("--profiles: " + error);
  std::optional<std::vector<std::string>> recipes = parseRecipeList(recipesFlag, error);
  if (!recipes)
    return usageError("--recipes: " + error);

  uint64_t skip = 0, limit = UINT64_MAX;
  for (auto [flag, target] : {std::pair{&skipFlag, &skip}, std::pair{&limitFlag, &limit}}) {
    if (!flag->getNumOccurrences())
      continue;
    const std::string name = flag->ArgStr.str();
    if (out != "-")
      return usageError("--" + name + " needs --out=- (a suite directory holds a whole level)");
    if (!parseUnsigned(*flag, *target))
      return usageError("bad --" + name + " value '" + *flag + "' (expected an unsigned integer)");
  }
  Progress progress;
  if (out == "-") {
    // One case at a time: built, printed, dropped (the exhaustive level's
    // 2^32 f32 inputs stream in 2^16-element chunks).
    size_t total = levelCaseCount(*level), index = 0;
    uint64_t printed = 0;
    bool writeFailed = false;
    forEachLevelCase(*level, [&](const CaseParams &p) {
      if (index++ < skip)
        return true;
      if (printed >= limit)
        return false;
      GoldenCase c = buildCase(p, *level, seed, *profiles, &*recipes);
      progress.show(index, total, c.id);
      std::string line = caseToJson(c, /*compact=*/true);
      ++printed;
      writeFailed = std::fwrite(line.data(), 1, line.size(), stdout) != line.size();
      return !writeFailed;
    });
    progress.finish();
    return !writeFailed && std::fflush(stdout) == 0 ? 0 : dataError("cannot write to stdout");
  }
  if (*level == Level::Exhaustive)
    return usageError("the exhaustive level (every f32 input: about 2^32 elements) is streamed, "
                      "not stored: use --out=-");

  // The directory must be new, empty, or a previous suite (has manifest.json).
  if (pathExists(out) && !isDirectoryEmpty(out) && !pathExists(out + "/manifest.json"))
    return dataError("'" + out +
                     "' is not empty and holds no manifest.json; refusing to write a suite into it");
  std::string casesDir = out + "/cases";
  if (!makeDirectories(casesDir, error))
    return dataError(error);
  installInterruptCleanup();
  removeStaleTemporaries(out);
  removeStaleTemporaries(casesDir);
  ManifestBuilder manifest(std::string(levelName(*level)), seed, *profiles, *recipes);
  LevelCoverage coverage; // the manifest's `coverage` (docs/vendor-guide.md, "Coverage classes")
  std::set<std::string> written;
  size_t total = levelCaseCount(*level), index = 0;
  std::string failure;
  forEachLevelCase(*level, [&](const CaseParams &p) {
    GoldenCase c = buildCase(p, *level, seed, *profiles, &*recipes);
    progress.show(++index, total, c.id);
    if (!written.insert(c.id).second)
      failure = "internal error: duplicate case id " + c.id;
    else if (!writeFileAtomic(casesDir, c.id + ".json", caseToJson(c), failure))
      return false;
    else
      manifest.add(c, "cases/" + c.id + ".json");
    coverage.add(p);
    return failure.empty();
  });
  if (!failure.empty())
    return dataError(failure);
  progress.finish();
  manifest.setCoverage(coverageJson(coverage.result()));
  if (!writeFileAtomic(out, "manifest.json", manifest.toJson(), error))
    return dataError(error);
  // Case files of an earlier generation that the new manifest does not list.
  for (const std::string &name : listFiles(casesDir, ".json"))
    if (!written.count(name.substr(0, name.size() - 5)))
      std::remove((casesDir + "/" + name).c_str());
  return 0;
}

bool sameBits(const GoldenCase &c, const ExpectedOutput &a, const ExpectedOutput &b, size_t i,
              std::string &fileValue, std::string &kernelValue) {
  const qi::numeric::FloatFormat *E = c.params.type.expressed; // null for rescale
  bool poisonA = std::binary_search(a.poison.begin(), a.poison.end(), int64_t(i));
  bool poisonB = std::binary_search(b.poison.begin(), b.poison.end(), int64_t(i));
  auto text = [&](const ExpectedOutput &e, bool poison) {
    if (poison)
      return std::string("poison");
    if (c.params.op != Op::DCast)
      return std::to_string(e.stored[i]);
    return hexBits(*E, e.floats[i]) + " (" + decimalText(*E, e.floats[i]) + ")";
  };
  fileValue = text(a, poisonA);
  kernelValue = text(b, poisonB);
  return fileValue == kernelValue;
}

int check() {
  if (suiteFlag.empty())
    return usageError("check needs --suite=DIR");
  const std::string &dir = suiteFlag;
  std::string error;
  Manifest manifest;
  std::vector<GoldenCase> cases;
  if (!loadSuite(dir, manifest, cases, error))
    return dataError(error);
  size_t mismatches = 0, compared = 0, rejections = 0;
  Progress progress;
  for (size_t k = 0; k < cases.size(); ++k) {
    const GoldenCase &c = cases[k];
    progress.show(k + 1, cases.size(), c.id);
    std::string file = dir + "/cases/" + c.id + ".json";
    if (c.rejection) {
      // Run the program as quant-interp does: it must fail where and how the
      // file says.
      ++rejections;
      if (!verifyRejection(c, error)) {
        ++mismatches;
        progress.finish();
        std::cout << file << ": /rejection: " << error << "\n";
      }
      continue;
    }
    for (size_t e = 0; e < c.expected.size(); ++e) {
      ExpectedOutput mine;
      // Rescale: the recipe's requantizeElement (and [rescale.inexact]'s
      // intervals); qcast / dcast: the profile's kernels.
      if (!(c.isRescale() ? evaluateRecipe(c, c.expected[e].profile, mine, error)
                          : evaluateProfile(c, c.expected[e].profile, mine, error))) {
        progress.finish();
        return dataError(file + ": " + error);
      }
      if (c.isRescale()) {
        auto intervalText = [](const std::vector<AllowedInterval> &v, size_t k) {
          return k < v.size() ? "[" + std::to_string(v[k].index) + ", " + std::to_string(v[k].lo) +
                                    ", " + std::to_string(v[k].hi) + "]"
                              : std::string("none");
        };
        const std::vector<AllowedInterval> &a = c.expected[e].intervals, &b = mine.intervals;
        for (size_t k = 0; k < std::max(a.size(), b.size()); ++k) {
          std::string fileValue = intervalText(a, k), kernelValue = intervalText(b, k);
          if (fileValue == kernelValue)
            continue;
          ++mismatches;
          progress.finish();
          std::cout << file << ": /expected/" << e << " (" << c.expected[e].profile
                    << ") interval " << k << ": the file says " << fileValue
                    << ", quant-interp's requant code gives " << kernelValue << "\n";
          break;
        }
      }
      size_t shown = 0;
      for (size_t i = 0; i < c.numOutputs(); ++i) {
        ++compared;
        std::string fileValue, kernelValue;
        if (sameBits(c, c.expected[e], mine, i, fileValue, kernelValue))
          continue;
        ++mismatches;
        if (shown++ < 10) {
          progress.finish();
          std::cout << file << ": /expected/" << e << " (" << c.expected[e].profile
                    << ") element " << i << ": the file says " << fileValue
                    << (c.isRescale() ? ", quant-interp's requant code gives "
                                      : ", quant-interp's kernels give ")
                    << kernelValue << "\n";
        }
      }
    }
  }
  progress.finish();
  std::cout << "checked " << cases.size() << " cases, " << compared << " expected elements, "
            << rejections << " rejections: " << (mismatches ? std::to_string(mismatches) + " mismatches"
                                                     : std::string("all agree"))
            << "\n";
  return mismatches ? 1 : 0;
}

int exportNpy() {
  if (!npyFlag)
    return usageError("export needs a format: --npy");
  if (suiteFlag.empty() || outFlag.empty())
    return usageError("export needs --suite=DIR and --out=DIR");
  std::string error;
  Manifest manifest;
  std::vector<GoldenCase> cases;
  // Everything is read and validated before anything is written.
  if (!loadSuite(suiteFlag, manifest, cases, error))
    return dataError(error);
  const std::string &out = outFlag;
  if (!makeDirectories(out, error))
    return dataError(error);
  installInterruptCleanup();
  Progress progress;
  for (size_t k = 0; k < cases.size(); ++k) {
    const GoldenCase &c = cases[k];
    progress.show(k + 1, cases.size(), c.id);
    std::string dir = out + "/" + c.id;
    if (!makeDirectories(dir, error))
      return dataError(error);
    for (auto &[name, bytes] : npyFilesOfCase(c))
      if (!writeFileAtomic(dir, name, bytes, error))
        return dataError(error);
  }
  progress.finish();
  return 0;
}

/// docs/vendor-guide.md, "Coverage classes": the level's parameters only,
/// no case is built.
int printCoverage() {
  if (!levelFlag.getNumOccurrences())
    return usageError("coverage needs --level=smoke|full|exhaustive");
  std::optional<Level> level = parseLevel(levelFlag);
  if (!level)
    return usageError("unknown level '" + levelFlag + "' (expected smoke, full or exhaustive)");
  LevelCoverage coverage;
  forEachLevelCase(*level, [&](const CaseParams &p) {
    coverage.add(p);
    return true;
  });
  std::string text = jsonFlag ? coverageJson(coverage.result()) + "\n"
                              : coverageTable(coverage.result(),
                                              "the " + std::string(levelName(*level)) + " level");
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : dataError("cannot write to stdout");
}

} // namespace

int main(int argc, char **argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "quant-golden " QI_VERSION " (" << kFormatVersion << ")\n";
  });
  cl::HideUnrelatedOptions(category);
  // Every command-line usage error exits 2 (docs/golden-format.md "CLI").
  if (!cl::ParseCommandLineOptions(argc, argv, kOverview, &llvm::errs()))
    return 2;
  try {
    if (generateCommand)
      return generate();
    if (checkCommand)
      return check();
    if (exportCommand)
      return exportNpy();
    if (coverageCommand)
      return printCoverage();
    if (calibrationCommand)
      return runCalibrationCommand(calibrationArguments, levelFlag, outFlag);
  } catch (const std::exception &e) {
    return dataError(std::string("internal error: ") + e.what());
  }
  return usageError("missing subcommand (generate, check, export, coverage or calibration; see "
                    "quant-golden --help)");
}
