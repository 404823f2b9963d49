//===- ReportJson.cpp - results.json (quant-conform-results/2) ------------===//
//
// Schema: docs/vendor-guide.md, "results.json". Keys are written in a fixed
// order, two-space indentation, one case object per case; any change to a
// key or a value's meaning is a new format version.
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/ReportEscape.h"
#include "conformance/runner/ReportTotals.h"
#include "conformance/runner/ReportWriters.h"

#include <fmt/format.h>

#include <cmath>

namespace qi::conform {

namespace {

/// Seconds as a JSON number; a non-finite time (never expected) is null.
std::string number(double seconds) {
  return std::isfinite(seconds) ? fmt::format("{}", seconds) : std::string("null");
}

std::string countsObject(const OutcomeCounts &counts) {
  std::string out = fmt::format("{{\"cases\": {}", counts.total());
  for (Outcome o : kAllOutcomes)
    out += fmt::format(", \"{}\": {}", outcomeName(o), counts[o]);
  return out + "}";
}

/// Writes `"key": value` members (any key text, escaped) with commas, at a given indentation.
class Object {
public:
  Object(std::string &out, int indent) : out(out), indent(indent) { out += "{"; }
  void raw(std::string_view key, std::string_view value) {
    out += first ? "\n" : ",\n";
    first = false;
    out += fmt::format("{:{}}{}: {}", "", indent + 2, jsonString(key), value);
  }
  void str(std::string_view key, std::string_view value) { raw(key, jsonString(value)); }
  void close() { out += first ? "}" : fmt::format("\n{:{}}}}", "", indent); }

private:
  std::string &out;
  int indent;
  bool first = true;
};

std::string mismatchJson(const Mismatch &m) {
  return fmt::format("{{\"index\": {}, \"input\": {}, \"inputClass\": {}, \"expected\": {}, \"got\": {}, "
                     "\"storedError\": {}}}",
                     m.index, jsonString(m.input), jsonString(m.inputClass), jsonString(m.expected),
                     jsonString(m.got), m.storedError ? fmt::format("{}", *m.storedError) : "null");
}

std::string diagnosisJson(const DiagnosisMatch &m) {
  return fmt::format("{{\"variant\": {}, \"description\": {}, \"reproduced\": {}, \"defined\": {}, "
                     "\"undefined\": {}, \"contradicted\": {}, \"explains\": {}, \"exact\": {}}}",
                     jsonString(m.variant), jsonString(m.description), m.reproduced, m.defined, m.undefined,
                     m.contradicted, m.explains() ? "true" : "false", m.exact() ? "true" : "false");
}

/// `[\n      item,\n      item\n    ]` at the indentation of a case member.
template <typename T, typename F> std::string array(const std::vector<T> &items, F render) {
  if (items.empty())
    return "[]";
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i)
    out += fmt::format("{}\n        {}", i ? "," : "", render(items[i]));
  return out + "\n      ]";
}

std::string caseJson(const CaseResult &c) {
  std::string out;
  Object o(out, 4);
  o.str("id", c.id);
  o.str("category", c.category);
  o.str("file", c.file);
  std::string tags = "{";
  for (const auto &[key, value] : c.tags)
    tags += fmt::format("{}{}: {}", tags.size() > 1 ? ", " : "", jsonString(key), jsonString(value));
  o.raw("tags", tags + "}");
  o.str("outcome", outcomeName(c.outcome));
  o.str("reason", c.reason);
  o.str("stderrTail", c.stderrTail);
  o.raw("elements", fmt::format("{}", c.elements));
  o.raw("compared", fmt::format("{}", c.compared));
  o.raw("dontCare", fmt::format("{}", c.dontCare));
  o.raw("mismatched", fmt::format("{}", c.mismatched));
  o.raw("mismatches", array(c.mismatches, mismatchJson));
  std::string byClass = "{";
  for (const auto &[inputClass, n] : c.mismatchesByClass)
    byClass += fmt::format("{}{}: {}", byClass.size() > 1 ? ", " : "", jsonString(inputClass), n);
  o.raw("mismatchesByClass", byClass + "}");
  // Pairs, not an object: the keys are integers.
  std::string histogram = "[";
  for (const auto &[error, n] : c.storedErrorHistogram)
    histogram += fmt::format("{}[{}, {}]", histogram.size() > 1 ? ", " : "", error, n);
  o.raw("storedErrorHistogram", histogram + "]");
  o.raw("diagnosis", array(c.diagnosis, diagnosisJson));
  o.raw("diagnosisMore", fmt::format("{}", c.diagnosisMore));
  std::string explainedBy = "[";
  for (const std::string &v : c.explainedBy)
    explainedBy += (explainedBy.size() > 1 ? ", " : "") + jsonString(v);
  o.raw("explainedBy", explainedBy + "]");
  o.raw("seconds", number(c.seconds));
  o.close();
  return out;
}

} // namespace

std::string resultsJson(const RunReport &r) {
  std::string out;
  Object run(out, 0);
  run.str("format", "quant-conform-results/2");
  run.str("tool", r.tool);
  run.str("toolVersion", r.toolVersion);
  run.str("commandLine", r.commandLine);
  run.str("backend", r.backend);
  run.str("backendDetail", r.backendDetail);
  run.str("suite", r.suite);
  run.str("suiteLevel", r.suiteLevel);
  run.str("profile", r.profile);
  run.str("profileDescription", r.profileDescription);
  run.str("requantize", r.requantize);
  run.str("requantizeDescription", r.requantizeDescription);
  run.str("capabilities", r.capabilities);
  run.str("startedAt", r.startedAt);
  run.raw("seconds", number(r.seconds));
  run.raw("interrupted", r.interrupted ? "true" : "false");
  run.raw("counts", countsObject(countOutcomes(r)));

  std::string byCategory;
  Object categories(byCategory, 2);
  for (const auto &[category, counts] : countsByCategory(r))
    categories.raw(category, countsObject(counts));
  categories.close();
  run.raw("byCategory", byCategory);

  std::string summary = "[";
  for (const auto &[variant, n] : r.diagnosisSummary())
    summary += fmt::format("{}{{\"variant\": {}, \"cases\": {}}}", summary.size() > 1 ? ", " : "",
                           jsonString(variant), n);
  run.raw("diagnosisSummary", summary + "]");

  // Each suite's coverage classes: its manifest's object, or null.
  std::string coverage = "[";
  for (const SuiteCoverage &c : r.coverage)
    coverage += fmt::format("{}\n    {{\"suite\": {}, \"level\": {}, \"coverage\": {}}}",
                            coverage.size() > 1 ? "," : "", jsonString(c.suite), jsonString(c.level),
                            c.recorded ? c.json : "null");
  run.raw("coverage", r.coverage.empty() ? "[]" : coverage + "\n  ]");

  std::string cases = "[";
  for (size_t i = 0; i < r.cases.size(); ++i)
    cases += fmt::format("{}\n    {}", i ? "," : "", caseJson(r.cases[i]));
  run.raw("cases", r.cases.empty() ? "[]" : cases + "\n  ]");
  run.close();
  return out + "\n";
}

} // namespace qi::conform
