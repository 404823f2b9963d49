//===- ReportJunit.cpp - JUnit XML for CI systems -------------------------===//
//
// The de-facto JUnit schema CI systems read (Jenkins, GitLab, GitHub
// actions): <testsuites> of <testsuite name tests failures errors skipped
// time>, <testcase classname name time> with at most one of <failure>,
// <error>, <skipped>. An expected rejection is a pass.
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/ReportEscape.h"
#include "conformance/runner/ReportTotals.h"
#include "conformance/runner/ReportWriters.h"

#include <fmt/format.h>

#include <cmath>

namespace qi::conform {

namespace {

std::string attr(std::string_view text) { return xmlEscape(text, /*attribute=*/true); }
std::string text(std::string_view text) { return xmlEscape(text, /*attribute=*/false); }

/// Seconds with millisecond resolution, as JUnit readers expect.
std::string seconds(double s) { return fmt::format("{:.3f}", std::isfinite(s) && s > 0 ? s : 0.0); }

/// The body of a <failure>: the first mismatches and the diagnosis.
std::string failureBody(const CaseResult &c) {
  std::string body = fmt::format("{} of {} compared elements differ ({} elements, {} don't-care)\n", c.mismatched,
                                 c.compared, c.elements, c.dontCare);
  if (!c.mismatches.empty())
    body += fmt::format("first {} mismatch{}:\n", c.mismatches.size(), c.mismatches.size() == 1 ? "" : "es");
  for (const Mismatch &m : c.mismatches) {
    body += fmt::format("  element {}: input {} [{}], expected {}, got {}", m.index, m.input, m.inputClass,
                        m.expected, m.got);
    if (m.storedError)
      body += fmt::format(" (error {:+})", *m.storedError);
    body += "\n";
  }
  for (const std::string &line : diagnosisLines(c))
    body += line + "\n";
  if (!c.stderrTail.empty())
    body += "stderr:\n" + c.stderrTail;
  return body;
}

void writeCase(const CaseResult &c, std::string &out) {
  out += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{}\"", attr(c.category), attr(c.id),
                     seconds(c.seconds));
  if (!c.file.empty())
    out += fmt::format(" file=\"{}\"", attr(c.file));
  switch (c.outcome) {
  case Outcome::Pass:
    out += "/>\n";
    return;
  case Outcome::ExpectedRejection:
    out += fmt::format(">\n      <system-out>expected rejection: {}</system-out>\n", text(c.reason));
    break;
  case Outcome::Fail:
    out += fmt::format(">\n      <failure message=\"{}\" type=\"fail\">{}</failure>\n", attr(c.reason),
                       text(failureBody(c)));
    break;
  case Outcome::Error:
    out += fmt::format(">\n      <error message=\"{}\" type=\"error\">{}</error>\n", attr(c.reason),
                       text(c.stderrTail));
    break;
  case Outcome::Unsupported:
    out += fmt::format(">\n      <skipped message=\"unsupported: {}\"/>\n", attr(c.reason));
    break;
  }
  if (!c.stderrTail.empty() && c.outcome != Outcome::Fail && c.outcome != Outcome::Error)
    out += fmt::format("      <system-err>{}</system-err>\n", text(c.stderrTail));
  out += "    </testcase>\n";
}

std::string property(std::string_view name, std::string_view value) {
  return fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", attr(name), attr(value));
}

} // namespace

std::string junitXml(const RunReport &r) {
  OutcomeCounts all = countOutcomes(r);
  double total = 0;
  for (const CaseResult &c : r.cases)
    total += c.seconds;
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" "
                     "time=\"{}\">\n",
                     attr(r.tool), all.total(), all[Outcome::Fail], all[Outcome::Error],
                     all[Outcome::Unsupported], seconds(r.seconds > 0 ? r.seconds : total));

  std::string properties = "    <properties>\n";
  for (auto [name, value] : {std::pair<std::string_view, std::string_view>{"toolVersion", r.toolVersion},
                             {"commandLine", r.commandLine},
                             {"backend", r.backend},
                             {"backendDetail", r.backendDetail},
                             {"suite", r.suite},
                             {"suiteLevel", r.suiteLevel},
                             {"profile", r.profile},
                             {"profileDescription", r.profileDescription},
                             {"requantize", r.requantize},
                             {"requantizeDescription", r.requantizeDescription},
                             {"capabilities", r.capabilities}})
    properties += property(name, value);
  properties += property("interrupted", r.interrupted ? "true" : "false");
  properties += "    </properties>\n";

  for (const auto &[category, counts] : countsByCategory(r)) {
    double time = 0;
    for (const CaseResult &c : r.cases)
      time += c.category == category ? c.seconds : 0;
    out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" "
                       "time=\"{}\" timestamp=\"{}\">\n",
                       attr(category), counts.total(), counts[Outcome::Fail], counts[Outcome::Error],
                       counts[Outcome::Unsupported], seconds(time), attr(r.startedAt));
    out += properties;
    for (const CaseResult &c : r.cases)
      if (c.category == category)
        writeCase(c, out);
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

} // namespace qi::conform
