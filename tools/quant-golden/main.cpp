//===- main.cpp - quant-golden: generate, check and export golden suites ----===//
//
// Spec: docs/golden-format.md (format, levels, CLI, errors).
//
//   quant-golden generate --level=smoke|full|exhaustive --out=DIR|- [--seed=N] [--profiles=a,b|all]
//   quant-golden check --suite=DIR
//   quant-golden export --npy --suite=DIR --out=DIR
//
// Exit status: 0 success; 1 bad suite data (unreadable / corrupt / wrong
// version / mismatching case) or an I/O failure; 2 usage errors (unknown
// subcommand, flag or flag value). Every check of the inputs happens before
// the first byte of output is written.
//
//===----------------------------------------------------------------------===//
#include "generators/Golden.h"
#include "generators/GoldenFiles.h"
#include "generators/GoldenFormat.h"
#include "generators/GoldenRun.h"

#include "quant/Semantics.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <optional>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

using namespace qi::golden;

namespace {

const char *const kUsage =
    "usage: quant-golden generate --level=smoke|full|exhaustive --out=DIR|- [--seed=N] "
    "[--profiles=a,b,...|all]\n"
    "                             [--skip=N] [--limit=N]   (with --out=- only)\n"
    "       quant-golden check --suite=DIR\n"
    "       quant-golden export --npy --suite=DIR --out=DIR\n"
    "       quant-golden --help | --version\n"
    "\n"
    "generate  writes one JSON file per case (DIR/cases/<id>.json) and DIR/manifest.json last;\n"
    "          --out=- streams the cases as JSON Lines to stdout (no manifest); --skip / --limit\n"
    "          stream a slice of the level's cases. Default seed 1, default profiles\n"
    "          reference,mlir-lower-quant-ops.\n"
    "check     re-evaluates every case of a suite with quant-interp's kernels, and runs every\n"
    "          expected-rejection case's program; exit 1 on any mismatch.\n"
    "export    writes DIR/<id>/input.npy, <profile>.npy and <profile>.poison.npy per case.\n"
    "Format: docs/golden-format.md (\"quant-interp-golden/1\").\n";

int usageError(const std::string &message) {
  std::cerr << "quant-golden: error: " << message << "\n"
            << "Try 'quant-golden --help'.\n";
  return 2;
}
int dataError(const std::string &message) {
  std::cerr << "quant-golden: error: " << message << "\n";
  return 1;
}

/// --name=value flags and bare --name switches of one subcommand.
struct Flags {
  std::map<std::string, std::string> values;
  std::set<std::string> switches;
};

bool parseFlags(int argc, char **argv, const std::set<std::string> &valueFlags,
                const std::set<std::string> &switchFlags, Flags &flags, std::string &error) {
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) != 0) {
      error = "unexpected argument '" + a + "'";
      return false;
    }
    size_t eq = a.find('=');
    std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    if (eq != std::string::npos) {
      if (!valueFlags.count(name)) {
        error = switchFlags.count(name) ? "--" + name + " takes no value"
                                        : "unknown flag '--" + name + "' for '" + argv[1] + "'";
        return false;
      }
      if (flags.values.count(name)) {
        error = "--" + name + " given twice";
        return false;
      }
      flags.values[name] = a.substr(eq + 1);
    } else if (switchFlags.count(name)) {
      flags.switches.insert(name);
    } else if (valueFlags.count(name)) {
      error = "--" + name + " needs a value (--" + name + "=...)";
      return false;
    } else {
      error = "unknown flag '" + a + "' for '" + argv[1] + "'";
      return false;
    }
  }
  return true;
}

bool parseSeed(const std::string &text, uint64_t &seed) {
  if (text.empty() || text.size() > 20)
    return false;
  char *end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str(), &end, 0);
  if (errno || *end || text[0] == '-')
    return false;
  seed = v;
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

int generate(int argc, char **argv) {
  Flags flags;
  std::string error;
  if (!parseFlags(argc, argv, {"level", "out", "seed", "profiles", "skip", "limit"}, {}, flags,
                  error))
    return usageError(error);
  if (!flags.values.count("level"))
    return usageError("generate needs --level=smoke|full|exhaustive");
  std::optional<Level> level = parseLevel(flags.values["level"]);
  if (!level)
    return usageError("unknown level '" + flags.values["level"] +
                      "' (expected smoke, full or exhaustive)");
  if (!flags.values.count("out") || flags.values["out"].empty())
    return usageError("generate needs --out=DIR (or --out=- for JSON Lines on stdout)");
  uint64_t seed = kDefaultSeed;
  if (flags.values.count("seed") && !parseSeed(flags.values["seed"], seed))
    return usageError("bad --seed value '" + flags.values["seed"] +
                      "' (expected an unsigned 64-bit integer)");
  std::string profileList =
      flags.values.count("profiles") ? flags.values["profiles"] : std::string(kDefaultProfiles);
  std::optional<std::vector<std::string>> profiles = parseProfileList(profileList, error);
  if (!profiles)
    return usageError("--profiles: " + error);

  std::string out = flags.values["out"];
  uint64_t skip = 0, limit = UINT64_MAX;
  for (auto [name, target] : {std::pair{"skip", &skip}, std::pair{"limit", &limit}}) {
    if (!flags.values.count(name))
      continue;
    if (out != "-")
      return usageError(std::string("--") + name + " needs --out=- (a suite directory holds a "
                        "whole level)");
    if (!parseSeed(flags.values[name], *target))
      return usageError(std::string("bad --") + name + " value '" + flags.values[name] +
                        "' (expected an unsigned integer)");
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
      GoldenCase c = buildCase(p, *level, seed, *profiles);
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
  ManifestBuilder manifest(std::string(levelName(*level)), seed, *profiles);
  std::set<std::string> written;
  size_t total = levelCaseCount(*level), index = 0;
  std::string failure;
  forEachLevelCase(*level, [&](const CaseParams &p) {
    GoldenCase c = buildCase(p, *level, seed, *profiles);
    progress.show(++index, total, c.id);
    if (!written.insert(c.id).second)
      failure = "internal error: duplicate case id " + c.id;
    else if (!writeFileAtomic(casesDir, c.id + ".json", caseToJson(c), failure))
      return false;
    else
      manifest.add(c, "cases/" + c.id + ".json");
    return failure.empty();
  });
  if (!failure.empty())
    return dataError(failure);
  progress.finish();
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
  const qi::numeric::FloatFormat &E = *c.params.type.expressed;
  bool poisonA = std::binary_search(a.poison.begin(), a.poison.end(), int64_t(i));
  bool poisonB = std::binary_search(b.poison.begin(), b.poison.end(), int64_t(i));
  auto text = [&](const ExpectedOutput &e, bool poison) {
    if (poison)
      return std::string("poison");
    if (c.params.op == Op::QCast)
      return std::to_string(e.stored[i]);
    return hexBits(E, e.floats[i]) + " (" + decimalText(E, e.floats[i]) + ")";
  };
  fileValue = text(a, poisonA);
  kernelValue = text(b, poisonB);
  return fileValue == kernelValue;
}

int check(int argc, char **argv) {
  Flags flags;
  std::string error;
  if (!parseFlags(argc, argv, {"suite"}, {}, flags, error))
    return usageError(error);
  if (!flags.values.count("suite"))
    return usageError("check needs --suite=DIR");
  std::string dir = flags.values["suite"];
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
      if (!evaluateProfile(c, c.expected[e].profile, mine, error)) {
        progress.finish();
        return dataError(file + ": " + error);
      }
      size_t shown = 0;
      for (size_t i = 0; i < c.numInputs(); ++i) {
        ++compared;
        std::string fileValue, kernelValue;
        if (sameBits(c, c.expected[e], mine, i, fileValue, kernelValue))
          continue;
        ++mismatches;
        if (shown++ < 10) {
          progress.finish();
          std::cout << file << ": /expected/" << e << " (" << c.expected[e].profile
                    << ") element " << i << ": the file says " << fileValue
                    << ", quant-interp's kernels give " << kernelValue << "\n";
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

int exportNpy(int argc, char **argv) {
  Flags flags;
  std::string error;
  if (!parseFlags(argc, argv, {"suite", "out"}, {"npy"}, flags, error))
    return usageError(error);
  if (!flags.switches.count("npy"))
    return usageError("export needs a format: --npy");
  if (!flags.values.count("suite") || !flags.values.count("out") || flags.values["out"].empty())
    return usageError("export needs --suite=DIR and --out=DIR");
  Manifest manifest;
  std::vector<GoldenCase> cases;
  // Everything is read and validated before anything is written.
  if (!loadSuite(flags.values["suite"], manifest, cases, error))
    return dataError(error);
  std::string out = flags.values["out"];
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

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usageError("missing subcommand (generate, check or export)");
  std::string command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return 0;
  }
  if (command == "--version") {
    std::cout << "quant-golden " QI_VERSION " (" << kFormatVersion << ")\n";
    return 0;
  }
  try {
    if (command == "generate")
      return generate(argc, argv);
    if (command == "check")
      return check(argc, argv);
    if (command == "export")
      return exportNpy(argc, argv);
  } catch (const std::exception &e) {
    return dataError(std::string("internal error: ") + e.what());
  }
  return usageError("unknown subcommand '" + command + "' (expected generate, check or export)");
}
