//===- GoldenCoverage.h - The combinatorial coverage of a level -*- C++ -*-===//
//
// Spec: docs/vendor-guide.md, "Coverage classes". What a golden level's
// cases hold, as features of each case (op, granularity, rank, axis
// position, scale classes, zero-point classes, storage width, expressed
// family, shape kind, validity, size band, ...; GoldenCoverageFeatures.cpp)
// and how many of the feasible value pairs (and the declared interacting
// triples) the level covers (GoldenCoverageModel.h). Written into the
// manifest (`coverage`), printed by `quant-golden coverage`, shown per
// suite by quant-conform.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENCOVERAGE_H
#define QI_GENERATORS_GOLDENCOVERAGE_H

#include "generators/GoldenCase.h"
#include "generators/GoldenCoverageModel.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qi::generators {

/// The coverage models, in this order: qcast / dcast, rescale, TOSA operators.
const std::vector<const coverage::Model *> &coverageModels();

/// A case's model (index into coverageModels()) and its values.
struct CaseFeatures {
  size_t domain = 0;
  coverage::CaseValues values;
};
CaseFeatures caseFeatures(const CaseParams &p);

/// Accumulates the cases of a level, one at a time (the exhaustive level
/// streams).
class LevelCoverage {
public:
  LevelCoverage();
  void add(const CaseParams &p);
  /// One entry per model, in coverageModels() order.
  std::vector<coverage::DomainCoverage> result() const;

private:
  std::vector<coverage::Counter> counters_;
};

/// The manifest's `coverage` object: compact, deterministic JSON
/// (docs/vendor-guide.md, "Coverage classes"); at most 20 missing
/// combinations listed per pair or triple, with the count of the rest.
std::string coverageJson(const std::vector<coverage::DomainCoverage> &domains);
std::string coverageJson(const std::vector<CaseParams> &cases);

/// The console table of `quant-golden coverage`: per model one line per
/// feature (values present, the missing ones), the pairs and triples not
/// fully covered, worst first, and the summary lines
/// `pairwise: X of Y feasible pairs covered (Z%); 3-wise: ...`.
std::string coverageTable(const std::vector<coverage::DomainCoverage> &domains,
                          std::string_view title);
std::string coverageTable(const std::vector<CaseParams> &cases, std::string_view title);

/// What quant-conform shows of a manifest's `coverage` object.
struct CoverageSummary {
  struct Domain {
    std::string name, title;
    size_t cases = 0, valuesPresent = 0, values = 0;
    /// Features with values no case has: (feature, those values).
    std::vector<std::pair<std::string, std::vector<std::string>>> missingValues;
    size_t pairsCovered = 0, pairsFeasible = 0, triplesCovered = 0, triplesFeasible = 0;
  };
  std::vector<Domain> domains;
  size_t pairsCovered = 0, pairsFeasible = 0, triplesCovered = 0, triplesFeasible = 0;
  std::string compactJson; ///< the object on one line (keys sorted)
};

/// Reads a `coverage` object (coverageJson's text). False with `error`
/// ("WHERE/domains/0/cases: expected an integer", WHERE the object's JSON
/// path in its file) on anything else.
bool coverageSummaryFromJson(const std::string &json, CoverageSummary &out, std::string &error,
                             const std::string &where = "");

/// "61.3%" (one decimal; "100%" only when complete, "0%" for 0 of 0 ... of 0).
std::string coveragePercent(size_t covered, size_t feasible);

} // namespace qi::generators

#endif
