//===- Runner.h - Run a golden suite against a backend ----------*- C++ -*-===//
//
// Spec: docs/vendor-guide.md. Loads the suite, selects cases (--filter,
// capabilities), runs the backend on each in a private scratch directory
// (--jobs in parallel), judges and diagnoses each result. Ctrl-C stops
// starting cases; the report then covers the finished ones.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_RUNNER_H
#define QI_CONFORMANCE_RUNNER_H

#include "conformance/runner/Backend.h"
#include "conformance/runner/Capabilities.h"
#include "conformance/runner/RunReport.h"

namespace qi::conform {

/// A suite's cases with the file each came from.
struct LoadedSuite {
  std::string level;
  std::vector<generators::GoldenCase> cases;
  std::vector<std::string> files;
  std::vector<std::string> profiles; ///< profiles with expected outputs in every qcast / dcast case
  std::vector<std::string> recipes;  ///< recipes with expected outputs in every rescale case
  size_t castCases = 0, rescaleCases = 0, tosaOpCases = 0;
  /// Cases met again under the same ID with the same content (a directory of
  /// suites: smoke's cases are in full too), run once.
  size_t duplicateCases = 0;
  /// Each suite's coverage classes (its manifest's `coverage`), in load order.
  std::vector<SuiteCoverage> coverage;
};

/// Loads `dir` (a directory with manifest.json), or every suite directly
/// under `dir` (golden/v2: smoke, full, …). A case ID seen twice with the same
/// content is run once (counted in duplicateCases); with different content
/// the load fails, naming both files ([conform.case-ids]).
bool loadSuites(const std::string &dir, LoadedSuite &out, std::string &error);

/// --filter: comma-separated terms, all of which must match: `key=value`
/// against a tag (op, granularity, storage, expressed, shapeKind, category,
/// rejection; rescale: input, output, roundingMode) or a substring of the
/// case ID. False with `error` on a bad term.
bool filterMatches(const std::string &filter, const generators::GoldenCase &c, bool &matches,
                   std::string &error);

struct RunOptions {
  std::string profile = "reference";
  /// The expected outputs of rescale cases ([requant.recipes]): --requantize,
  /// or the profile's requantize recipe.
  std::string recipe = "tosa";
  std::string filter;
  Capabilities capabilities;
  unsigned jobs = 1;
  size_t maxMismatches = 10;
  size_t diagnosisCandidates = 5; ///< --diagnosis-candidates (kDefaultDiagnosisCandidates)
  bool keepRequests = false;
  bool progress = false;     ///< "[12/59] id" on stderr
};

/// Runs every selected case; fills `report.cases` (suite order), `seconds`
/// and `interrupted`.
void runCases(const Backend &backend, const LoadedSuite &suite, const RunOptions &options,
              RunReport &report);

} // namespace qi::conform

#endif
