//===- ReportTotals.h - Totals and chart data of a run ----------*- C++ -*-===//
//
// The only numbers the report writers compute from a RunReport: outcome
// counts per category and the run-wide sums behind the charts. One place, so
// the console, results.json, JUnit XML and HTML always agree.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_REPORTTOTALS_H
#define QI_CONFORMANCE_REPORTTOTALS_H

#include "conformance/runner/RunReport.h"

#include <array>
#include <cstdint>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace qi::conform {

/// Cases per outcome.
struct OutcomeCounts {
  std::array<size_t, std::size(kAllOutcomes)> n{};
  size_t &operator[](Outcome o) { return n[static_cast<size_t>(o)]; }
  size_t operator[](Outcome o) const { return n[static_cast<size_t>(o)]; }
  size_t total() const;
};

/// Outcome counts of the whole run.
OutcomeCounts countOutcomes(const RunReport &r);

/// Outcome counts per case category (`op/granularity/expressed`), by name.
std::map<std::string, OutcomeCounts> countsByCategory(const RunReport &r);

/// Differing elements per input class, summed over every case.
std::map<std::string, size_t> mismatchesByClass(const RunReport &r);

/// qcast stored-value error (got − expected) -> elements, summed over every case.
std::map<int64_t, size_t> storedErrorHistogram(const RunReport &r);

/// "variant" -> its semantics line, from the first DiagnosisMatch naming it.
std::map<std::string, std::string> variantDescriptions(const RunReport &r);

/// One candidate's figures over the case's mismatching elements:
/// "reproduced 3 / defined 3 / undefined 2 of 5 mismatching" and, when it has
/// any, ", contradicts 4 other elements" ([conform.diagnosis]).
std::string candidateFigures(const DiagnosisMatch &m);

/// The diagnosis lines of a failing case, headline first: the candidate that
/// explains the failure ("reproduced exactly by `V`", "`V` reproduces every
/// mismatching element it defines"), or "no known semantics reproduces these
/// outputs" with the closest ones; then the other shown candidates and
/// "… N more". Empty when the case has no diagnosis. Every writer prints these.
std::vector<std::string> diagnosisLines(const CaseResult &c);

/// Percentage of `part` in `whole` rounded down to 0.1, so only an exact
/// match ever reads "100%": "100", "99.9", "50", "0".
std::string percentDown(size_t part, size_t whole);

/// The summary line of a run: "57 pass, 2 fail, 0 error, 3 unsupported,
/// 6 expected-rejection (68 cases)", plus ", interrupted" inside the
/// parentheses for an interrupted run.
std::string countsLine(const RunReport &r);

} // namespace qi::conform

#endif
