//===- ReportTotals.cpp - Totals and chart data of a run ------------------===//
#include "conformance/runner/ReportTotals.h"

#include <fmt/format.h>

namespace qi::conform {

size_t OutcomeCounts::total() const {
  size_t sum = 0;
  for (size_t k : n)
    sum += k;
  return sum;
}

OutcomeCounts countOutcomes(const RunReport &r) {
  OutcomeCounts counts;
  for (const CaseResult &c : r.cases)
    ++counts[c.outcome];
  return counts;
}

std::map<std::string, OutcomeCounts> countsByCategory(const RunReport &r) {
  std::map<std::string, OutcomeCounts> byCategory;
  for (const CaseResult &c : r.cases)
    ++byCategory[c.category][c.outcome];
  return byCategory;
}

std::map<std::string, size_t> mismatchesByClass(const RunReport &r) {
  std::map<std::string, size_t> sum;
  for (const CaseResult &c : r.cases)
    for (const auto &[inputClass, n] : c.mismatchesByClass)
      sum[inputClass] += n;
  return sum;
}

std::map<int64_t, size_t> storedErrorHistogram(const RunReport &r) {
  std::map<int64_t, size_t> sum;
  for (const CaseResult &c : r.cases)
    for (const auto &[error, n] : c.storedErrorHistogram)
      sum[error] += n;
  return sum;
}

std::map<std::string, std::string> variantDescriptions(const RunReport &r) {
  std::map<std::string, std::string> descriptions;
  for (const CaseResult &c : r.cases)
    for (const DiagnosisMatch &m : c.diagnosis)
      descriptions.emplace(m.variant, m.description);
  return descriptions;
}

std::string percentDown(size_t part, size_t whole) {
  if (whole == 0)
    return "0";
  // Tenths of a percent, rounded down; 128-bit so huge counts cannot overflow.
  auto tenths = static_cast<unsigned long long>(static_cast<unsigned __int128>(part) * 1000 / whole);
  if (tenths % 10 == 0)
    return fmt::format("{}", tenths / 10);
  return fmt::format("{}.{}", tenths / 10, tenths % 10);
}

std::string countsLine(const RunReport &r) {
  OutcomeCounts counts = countOutcomes(r);
  std::string line;
  for (Outcome o : kAllOutcomes)
    line += fmt::format("{}{} {}", line.empty() ? "" : ", ", counts[o], outcomeName(o));
  line += fmt::format(" ({} case{}{})", counts.total(), counts.total() == 1 ? "" : "s",
                      r.interrupted ? ", interrupted" : "");
  return line;
}

} // namespace qi::conform
