//===- Runner.cpp - Run a golden suite against a backend ------------------===//
#include "conformance/runner/Runner.h"

#include "conformance/runner/Diagnosis.h"
#include "conformance/runner/Judge.h"
#include "conformance/runner/Subprocess.h"

#include "generators/GoldenTosaOp.h"
#include "generators/GoldenCoverage.h"
#include "generators/GoldenFiles.h"
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenRescale.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

namespace qi::conform {
using generators::GoldenCase;
namespace fs = std::filesystem;

namespace {

/// Case ID -> (content hash, file) of the case loaded under it.
using SeenIds = std::map<std::string, std::pair<uint64_t, std::string>>;

/// The suite's coverage classes from its manifest (docs/vendor-guide.md,
/// "Coverage classes"); a manifest without them is noted as such.
bool readCoverage(const std::string &dir, const generators::Manifest &manifest, LoadedSuite &out,
                  std::string &error) {
  SuiteCoverage sc;
  sc.suite = dir;
  sc.level = manifest.level;
  if (!manifest.coverageJson.empty()) {
    generators::CoverageSummary s;
    if (!generators::coverageSummaryFromJson(manifest.coverageJson, s, error, "/coverage")) {
      error = dir + "/manifest.json: " + error;
      return false;
    }
    sc.recorded = true;
    sc.json = s.compactJson;
    for (const generators::CoverageSummary::Domain &d : s.domains)
      sc.domains.push_back({d.title, d.cases, d.valuesPresent, d.values, d.missingValues,
                            d.pairsCovered, d.pairsFeasible, d.triplesCovered, d.triplesFeasible});
    sc.pairsCovered = s.pairsCovered;
    sc.pairsFeasible = s.pairsFeasible;
    sc.triplesCovered = s.triplesCovered;
    sc.triplesFeasible = s.triplesFeasible;
  }
  out.coverage.push_back(std::move(sc));
  return true;
}

bool loadOne(const std::string &dir, LoadedSuite &out, SeenIds &seen, std::string &error) {
  generators::Manifest manifest;
  std::vector<GoldenCase> cases;
  if (!generators::loadSuite(dir, manifest, cases, error))
    return false;
  auto intersect = [](std::vector<std::string> &have, const std::vector<std::string> &more) {
    std::vector<std::string> common;
    for (const std::string &p : have)
      if (std::find(more.begin(), more.end(), p) != more.end())
        common.push_back(p);
    have = common;
  };
  if (out.level.empty()) {
    out.level = manifest.level;
    out.profiles = manifest.profiles;
    out.recipes = manifest.recipes;
  } else {
    out.level += "+" + manifest.level;
    intersect(out.profiles, manifest.profiles);
    intersect(out.recipes, manifest.recipes);
  }
  if (!readCoverage(dir, manifest, out, error))
    return false;
  for (size_t i = 0; i < cases.size(); ++i) {
    // [conform.case-ids] The same ID twice: the same case (smoke and full
    // share theirs) is run once and counted; two different cases refuse the run.
    const std::string file = dir + "/" + manifest.cases[i].file;
    const uint64_t content = generators::caseContentHash(cases[i]);
    auto [it, inserted] = seen.emplace(cases[i].id, std::make_pair(content, file));
    if (!inserted) {
      if (it->second.first != content) {
        error = "--suite: case ID " + cases[i].id + " names two different cases (inputs or expected "
                "outputs differ): " + it->second.second + " and " + file +
                "; run the suites one at a time";
        return false;
      }
      ++out.duplicateCases;
      continue;
    }
    ++(cases[i].isTosaOp() ? out.tosaOpCases
       : cases[i].isRescale()   ? out.rescaleCases
                                : out.castCases);
    out.files.push_back(file);
    out.cases.push_back(std::move(cases[i]));
  }
  return true;
}

std::string tagValue(const GoldenCase &c, const std::string &key) {
  if (key == "category")
    return generators::caseCategory(c.params);
  if (key == "rejection")
    return c.rejection ? c.rejection->reason : "no";
  if (key == "shapeKind")
    return std::string(generators::shapeKindName(c.params.shapeKind));
  if (c.isTosaOp()) {
    const generators::TosaOpParams &k = c.params.tosaOp;
    if (key == "op")
      return std::string(generators::tosaOpName(k.kind));
    if (key == "types")
      return generators::tosaOpTypesTag(c.params);
    if (key == "purpose")
      return k.purpose;
    return ""; // a qcast / dcast / rescale tag
  }
  if (c.isRescale()) {
    const generators::RescaleParams &r = c.params.rescale;
    if (key == "op")
      return "rescale";
    if (key == "input")
      return generators::rescaleInputTag(r);
    if (key == "output")
      return generators::rescaleOutputTag(r);
    if (key == "roundingMode")
      return std::string(requant::roundingModeName(r.attributes.roundingMode));
    return ""; // a qcast / dcast tag
  }
  const quant::QuantType &t = c.params.type;
  if (key == "op")
    return std::string(generators::opName(c.params.op));
  if (key == "granularity")
    return std::string(generators::granularityName(t.granularity));
  if (key == "storage")
    return generators::storageTag(t);
  if (key == "expressed")
    return std::string(t.expressed->name);
  return ""; // a rescale tag
}

} // namespace

bool loadSuites(const std::string &dir, LoadedSuite &out, std::string &error) {
  SeenIds seen;
  if (generators::pathExists(dir + "/manifest.json"))
    return loadOne(dir, out, seen, error);
  std::vector<std::string> subdirs;
  std::error_code ec;
  for (const fs::directory_entry &e : fs::directory_iterator(dir, ec))
    if (e.is_directory() && generators::pathExists(e.path().string() + "/manifest.json"))
      subdirs.push_back(e.path().string());
  if (ec) {
    error = "--suite: cannot read directory '" + dir + "': " + ec.message();
    return false;
  }
  if (subdirs.empty()) {
    error = "--suite: '" + dir + "' has no manifest.json, and no subdirectory has one";
    return false;
  }
  // smoke first: it is the level every other one extends.
  std::sort(subdirs.begin(), subdirs.end(), [](const std::string &a, const std::string &b) {
    bool sa = fs::path(a).filename() == "smoke", sb = fs::path(b).filename() == "smoke";
    return sa != sb ? sa : a < b;
  });
  for (const std::string &s : subdirs)
    if (!loadOne(s, out, seen, error))
      return false;
  return true;
}

bool filterMatches(const std::string &filter, const GoldenCase &c, bool &matches,
                   std::string &error) {
  static const std::set<std::string> keys = {"op",        "granularity", "storage",
                                             "expressed", "shapeKind",   "category",
                                             "rejection", "input",       "output",
                                             "roundingMode"};
  matches = true;
  std::istringstream in(filter);
  for (std::string term; std::getline(in, term, ',');) {
    if (term.empty())
      continue;
    size_t eq = term.find('=');
    if (eq == std::string::npos) {
      matches = matches && c.id.find(term) != std::string::npos;
      continue;
    }
    std::string key = term.substr(0, eq);
    if (!keys.count(key)) {
      error = "--filter: unknown key '" + key +
              "' (expected op, granularity, storage, expressed, shapeKind, category, rejection, "
              "input, output, roundingMode, or a part of a case ID)";
      return false;
    }
    matches = matches && tagValue(c, key) == term.substr(eq + 1);
  }
  return true;
}

void runCases(const Backend &backend, const LoadedSuite &suite, const RunOptions &options,
              RunReport &report) {
  auto start = std::chrono::steady_clock::now();
  // qcast / dcast: the profile's expected outputs; rescale: the recipe's.
  auto expectedName = [&](const GoldenCase &c) -> const std::string & {
    // TOSA operator cases: their one expected output, TOSA's.
    static const std::string tosa(generators::kTosaOpSemantics);
    return c.isTosaOp() ? tosa : c.isRescale() ? options.recipe : options.profile;
  };
  // Select: the filter drops cases silently (the user asked); capabilities
  // make them `unsupported` (listed).
  std::vector<size_t> selected;
  for (size_t i = 0; i < suite.cases.size(); ++i) {
    bool keep = true;
    std::string ignored;
    filterMatches(options.filter, suite.cases[i], keep, ignored);
    if (keep)
      selected.push_back(i);
  }
  std::vector<std::optional<CaseResult>> results(selected.size());

  const char *tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/quant-conform-XXXXXX";
  std::vector<char> buffer(templ.begin(), templ.end());
  buffer.push_back('\0');
  const char *root = mkdtemp(buffer.data());

  std::atomic<size_t> next{0}, done{0};
  std::mutex progressMutex;
  auto worker = [&]() {
    for (;;) {
      size_t k = next.fetch_add(1);
      if (k >= selected.size() || runInterrupted())
        return;
      const GoldenCase &c = suite.cases[selected[k]];
      const std::string &file = suite.files[selected[k]];
      if (std::optional<std::string> why = options.capabilities.outside(c)) {
        results[k] = unsupportedCase(c, file, "outside capabilities: " + *why);
      } else if (!root) {
        BackendOutput failed;
        failed.reason = "cannot create a scratch directory under " + templ;
        results[k] = judgeCase(c, file, expectedName(c), failed, options.maxMismatches);
      } else {
        std::string scratch = std::string(root) + "/" + std::to_string(k) + "-" + c.id;
        std::error_code ec;
        fs::create_directories(scratch, ec);
        BackendOutput out = backend.run(c, scratch);
        if (out.status == BackendOutput::Status::Error && runInterrupted())
          return; // killed by Ctrl-C: not a result of the backend
        CaseResult r = judgeCase(c, file, expectedName(c), out, options.maxMismatches);
        if (r.outcome == Outcome::Fail)
          diagnoseCase(c, out, expectedName(c), options.diagnosisCandidates, r);
        results[k] = std::move(r);
        if (!options.keepRequests)
          fs::remove_all(scratch, ec);
      }
      size_t finished = ++done;
      if (options.progress) {
        std::lock_guard<std::mutex> lock(progressMutex);
        std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", finished, selected.size(), c.id.c_str());
        std::fflush(stderr);
      }
    }
  };
  unsigned jobs = std::max(1u, options.jobs);
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < jobs; ++j)
    threads.emplace_back(worker);
  for (std::thread &t : threads)
    t.join();
  if (options.progress)
    std::fprintf(stderr, "\r\033[K");
  if (root && !options.keepRequests) {
    std::error_code ec;
    fs::remove_all(root, ec);
  } else if (root) {
    std::fprintf(stderr, "quant-conform: requests kept in %s\n", root);
  }
  report.coverage = suite.coverage;
  report.interrupted = runInterrupted();
  for (std::optional<CaseResult> &r : results)
    if (r)
      report.cases.push_back(std::move(*r));
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace qi::conform
