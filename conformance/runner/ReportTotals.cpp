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

std::string candidateFigures(const DiagnosisMatch &m) {
  std::string text = fmt::format("reproduced {} / defined {} / undefined {} of {} mismatching", m.reproduced,
                                 m.defined, m.undefined, m.defined + m.undefined);
  if (m.contradicted)
    text += fmt::format(", contradicts {} other element{}", m.contradicted, m.contradicted == 1 ? "" : "s");
  return text;
}

std::vector<std::string> diagnosisLines(const CaseResult &c) {
  std::vector<std::string> lines;
  if (c.diagnosis.empty())
    return lines;
  const DiagnosisMatch &top = c.diagnosis.front();
  const size_t mismatching = top.defined + top.undefined;
  if (top.exact())
    lines.push_back(fmt::format("reproduced exactly by `{}` ({})", top.variant, candidateFigures(top)));
  else if (top.explains())
    lines.push_back(fmt::format("`{}` reproduces every mismatching element it defines ({})", top.variant,
                                candidateFigures(top)));
  else if (top.notContradicted())
    lines.push_back(fmt::format("no known semantics reproduces these outputs; `{}` is not contradicted (it "
                                "defines none of the {} mismatching elements)",
                                top.variant, mismatching));
  else
    lines.push_back(fmt::format("no known semantics reproduces these outputs; closest: `{}` ({})", top.variant,
                                candidateFigures(top)));
  for (size_t i = 1; i < c.diagnosis.size(); ++i) {
    const DiagnosisMatch &m = c.diagnosis[i];
    lines.push_back(fmt::format("{} `{}` ({})", m.explains() ? "also" : "then", m.variant,
                                m.notContradicted() ? "not contradicted: defines none" : candidateFigures(m)));
  }
  if (c.diagnosisMore)
    lines.push_back(fmt::format("... {} more {} (--diagnosis-candidates)", c.diagnosisMore,
                                top.explains() ? (c.diagnosisMore == 1 ? "candidate explains it" : "candidates explain it")
                                               : (c.diagnosisMore == 1 ? "candidate" : "candidates")));
  return lines;
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
