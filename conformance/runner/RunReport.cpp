//===- RunReport.cpp - Outcome names and the run's diagnosis summary ------===//
#include "conformance/runner/RunReport.h"

#include <algorithm>
#include <set>

namespace qi::conform {

std::string_view outcomeName(Outcome outcome) {
  switch (outcome) {
  case Outcome::Pass:
    return "pass";
  case Outcome::Fail:
    return "fail";
  case Outcome::Error:
    return "error";
  case Outcome::Unsupported:
    return "unsupported";
  case Outcome::ExpectedRejection:
    return "expected-rejection";
  }
  return "unknown";
}

std::vector<std::pair<std::string, size_t>> RunReport::diagnosisSummary() const {
  std::map<std::string, size_t> casesByVariant;
  for (const CaseResult &c : cases) {
    if (c.outcome != Outcome::Fail)
      continue;
    // A variant listed twice for one case still explains one case.
    std::set<std::string> variants(c.explainedBy.begin(), c.explainedBy.end());
    for (const std::string &variant : variants)
      ++casesByVariant[variant];
  }
  std::vector<std::pair<std::string, size_t>> summary(casesByVariant.begin(), casesByVariant.end());
  // The map is ordered by name, so a stable sort by count keeps names ascending on ties.
  std::stable_sort(summary.begin(), summary.end(),
                   [](const auto &a, const auto &b) { return a.second > b.second; });
  return summary;
}

} // namespace qi::conform
