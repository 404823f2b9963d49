//===- ReportWritersTest.cpp - The four report writers on synthetic runs --===//
#include "conformance/runner/ReportEscape.h"
#include "conformance/runner/ReportTotals.h"
#include "conformance/runner/ReportWriters.h"
#include "conformance/runner/tests/SampleReport.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

using namespace qi::conform;
using namespace std::string_literals;

namespace {

size_t occurrences(const std::string &text, const std::string &needle) {
  size_t n = 0;
  for (size_t pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + needle.size()))
    ++n;
  return n;
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

/// Control bytes other than '\n' in `text` (a rendered report must have none).
bool hasRawControl(const std::string &text, bool allowEsc = false) {
  return std::any_of(text.begin(), text.end(), [&](char ch) {
    auto b = static_cast<unsigned char>(ch);
    return (b < 0x20 && b != '\n' && b != '\t' && !(allowEsc && b == 0x1b)) || b == 0x7f;
  });
}

// ---- model ----------------------------------------------------------------

TEST(RunReport, OutcomeNamesAreTheDocumentedOnes) {
  EXPECT_EQ(outcomeName(Outcome::Pass), "pass");
  EXPECT_EQ(outcomeName(Outcome::Fail), "fail");
  EXPECT_EQ(outcomeName(Outcome::Error), "error");
  EXPECT_EQ(outcomeName(Outcome::Unsupported), "unsupported");
  EXPECT_EQ(outcomeName(Outcome::ExpectedRejection), "expected-rejection");
}

TEST(RunReport, DiagnosisSummaryCountsEveryExplainingCandidate) {
  RunReport r = samples::sampleReport();
  // mlir-lower-quant-ops explains two fails; toward-zero one; the candidate
  // cut from fail2's shown list still counts (observation 2 of issue 25);
  // reference --nan=zero explains nothing.
  std::vector<std::pair<std::string, size_t>> want = {{"mlir-lower-quant-ops", 2},
                                                      {"exact --rounding=toward-zero", 1},
                                                      {"reference --rounding=toward-zero", 1}};
  EXPECT_EQ(r.diagnosisSummary(), want);
}

TEST(RunReport, DiagnosisSummaryOrderAndDeduplication) {
  RunReport r;
  auto add = [&](Outcome o, std::vector<std::string> explainedBy) {
    CaseResult c;
    c.outcome = o;
    c.explainedBy = std::move(explainedBy);
    r.cases.push_back(c);
  };
  add(Outcome::Fail, {"zeta", "alpha", "zeta"});
  add(Outcome::Fail, {"beta"});
  add(Outcome::Fail, {});
  add(Outcome::Error, {"beta"}); // not a failing case
  std::vector<std::pair<std::string, size_t>> want = {{"alpha", 1}, {"beta", 1}, {"zeta", 1}};
  EXPECT_EQ(r.diagnosisSummary(), want);
  add(Outcome::Fail, {"zeta"});
  want = {{"zeta", 2}, {"alpha", 1}, {"beta", 1}};
  EXPECT_EQ(r.diagnosisSummary(), want);
}

TEST(ReportTotals, PercentOnlyReads100WhenExact) {
  EXPECT_EQ(percentDown(32, 32), "100");
  EXPECT_EQ(percentDown(9999, 10000), "99.9");
  EXPECT_EQ(percentDown(7, 8), "87.5");
  EXPECT_EQ(percentDown(1, 3), "33.3");
  EXPECT_EQ(percentDown(0, 5), "0");
  EXPECT_EQ(percentDown(0, 0), "0");
}

TEST(ReportTotals, SumsOverCases) {
  RunReport r = samples::sampleReport();
  std::map<std::string, size_t> byClass = mismatchesByClass(r);
  EXPECT_EQ(byClass["tie"], 2u);
  EXPECT_EQ(byClass["qnan"], 1u);
  std::map<int64_t, size_t> errors = storedErrorHistogram(r);
  EXPECT_EQ(errors[1], 3u);
  EXPECT_EQ(errors[-4294967295], 1u);
  std::map<std::string, OutcomeCounts> byCategory = countsByCategory(r);
  EXPECT_EQ(byCategory["qcast/per-layer/f32"][Outcome::Pass], 2u);
  EXPECT_EQ(byCategory["qcast/per-layer/f32"][Outcome::ExpectedRejection], 1u);
  EXPECT_EQ(byCategory["qcast/per-layer/f32"].total(), 3u);
}

// ---- escaping ------------------------------------------------------------------

TEST(ReportEscape, IllFormedUtf8BecomesReplacementCharacters) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(validUtf8("a\xff" "b"), "a" + fffd + "b");
  EXPECT_EQ(validUtf8("\xC0\xAF"), fffd + fffd);            // overlong '/'
  EXPECT_EQ(validUtf8("\xED\xA0\x80"), fffd + fffd + fffd); // surrogate
  EXPECT_EQ(validUtf8("\xE6\x97"), fffd + fffd);            // truncated
  EXPECT_EQ(validUtf8("µ 日本 ✓ 😀"), "µ 日本 ✓ 😀");
}

TEST(ReportEscape, ControlCharactersAreShownNotEmitted) {
  EXPECT_EQ(visibleText("\x1b[31mred\x1b[0m"), "\\x1B[31mred\\x1B[0m");
  EXPECT_EQ(visibleText("a\0b\x7f\r"s), "a\\x00b\\x7F\\x0D");
  EXPECT_EQ(visibleText("\xC2\x85|\xEF\xBF\xBF"), "\\u{0085}|\\u{FFFF}");
  EXPECT_EQ(visibleText("keep\tthese\n"), "keep\tthese\n");
}

TEST(ReportEscape, MarkupAndJson) {
  EXPECT_EQ(htmlEscape("<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(xmlEscape("a\nb\tc<", /*attribute=*/true), "a&#10;b&#9;c&lt;");
  EXPECT_EQ(xmlEscape("a\nb\tc<", /*attribute=*/false), "a\nb\tc&lt;");
  EXPECT_EQ(xmlEscape("\x1b", false), "\\x1B");
  EXPECT_EQ(jsonString("q\"b\\\n\x1b"), "\"q\\\"b\\\\\\n\\u001b\"");
  EXPECT_EQ(jsonString("\0é\xff"s), "\"\\u0000é\xEF\xBF\xBD\"");
}

// ---- console ---------------------------------------------------------------------

TEST(ConsoleSummary, LastLineCountsEveryOutcome) {
  std::vector<std::string> out = lines(consoleSummary(samples::sampleReport(), false));
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), "quant-conform: 2 pass, 3 fail, 1 error, 2 unsupported, 1 expected-rejection (9 cases)");
}

TEST(ConsoleSummary, CoverageClassesPerSuite) {
  std::string out = consoleSummary(samples::sampleReport(), false);
  EXPECT_NE(out.find("\n  smoke (golden/v2/smoke): pairwise 62.5% (5 of 8 feasible pairs), declared 33.3% (1 of 3)\n"
                     "    qcast / dcast: 7 cases, 9 of 12 values, pairwise 62.5%, declared 33.3%\n"
                     "      no case with: rank 4 5+; size >=65536 <b>\\x1B\n"
                     "    rescale: 2 cases, 4 of 4 values, pairwise n/a, declared n/a\n"
                     "  full (golden/v0/full): not recorded (the manifest predates coverage classes)\n"),
            std::string::npos)
      << out;
  EXPECT_LT(out.find("coverage classes"), out.find("quant-conform: 2 pass")) << "before the last line";
  RunReport none = samples::emptyReport();
  none.coverage.clear();
  EXPECT_EQ(consoleSummary(none, false).find("coverage classes"), std::string::npos);
}

TEST(ConsoleSummary, TableRowPerCategory) {
  RunReport r = samples::sampleReport();
  std::string out = consoleSummary(r, false);
  std::map<std::string, OutcomeCounts> byCategory = countsByCategory(r);
  for (const auto &[category, counts] : byCategory) {
    // The row: the category, then the five counts and the total.
    std::string expected = visibleText(category);
    for (Outcome o : kAllOutcomes)
      expected += " " + std::to_string(counts[o]);
    expected += " " + std::to_string(counts.total());
    bool found = false;
    for (std::string line : lines(out)) {
      line = std::regex_replace(line, std::regex(" +"), " ");
      found |= line == expected;
    }
    EXPECT_TRUE(found) << "no row '" << expected << "' in\n" << out;
  }
  EXPECT_NE(out.find("category"), std::string::npos);
  for (Outcome o : kAllOutcomes)
    EXPECT_NE(out.find(std::string(outcomeName(o))), std::string::npos);
}

TEST(ConsoleSummary, ListsUnsupportedErrorsAndFailures) {
  RunReport r = samples::sampleReport();
  std::string out = consoleSummary(r, false);
  for (const CaseResult &c : r.cases) {
    bool listed = out.find(visibleText(c.id) + ": " + visibleText(c.reason)) != std::string::npos;
    bool shouldBe = c.outcome == Outcome::Fail || c.outcome == Outcome::Error || c.outcome == Outcome::Unsupported;
    EXPECT_EQ(listed, shouldBe) << c.id;
  }
  EXPECT_LT(out.find("unsupported (2 cases"), out.find("fail (3 cases")) << "unsupported is listed first";
  EXPECT_NE(out.find("stderr: last words: \\x1B[1mkilled\\x1B[0m <&>"), std::string::npos) << out;
  EXPECT_NE(out.find("reproduced exactly by `mlir-lower-quant-ops` (reproduced 3 / defined 3 / undefined 0 of 3 "
                     "mismatching)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("`mlir-lower-quant-ops` reproduces every mismatching element it defines (reproduced 1 / "
                     "defined 1 / undefined 1 of 2 mismatching)"),
            std::string::npos);
  EXPECT_NE(out.find("also `reference --rounding=toward-zero`"), std::string::npos);
  EXPECT_NE(out.find("... 1 more candidate explains it (--diagnosis-candidates)"), std::string::npos);
  EXPECT_NE(out.find("no known semantics reproduces these outputs; closest: `reference --nan=zero` (reproduced 7 "
                     "/ defined 8 / undefined 0 of 8 mismatching, contradicts 1 other element)"),
            std::string::npos);
  EXPECT_NE(out.find("... 12 more candidates (--diagnosis-candidates)"), std::string::npos);
  size_t summary = out.find("diagnosis (");
  ASSERT_NE(summary, std::string::npos);
  EXPECT_LT(out.find("2 cases  `mlir-lower-quant-ops`", summary),
            out.find("1 case   `reference --rounding=toward-zero`", summary));
  EXPECT_NE(out.find("1 case   `exact --rounding=toward-zero`", summary), std::string::npos);
}

TEST(ConsoleSummary, ColorOnlyWhenAskedAndNeverFromTheBackend) {
  RunReport r = samples::sampleReport();
  std::string plain = consoleSummary(r, false), color = consoleSummary(r, true);
  EXPECT_FALSE(hasRawControl(plain)) << "stderr tails hold ESC, NUL, DEL, CR";
  EXPECT_TRUE(hasRawControl(color));
  EXPECT_FALSE(hasRawControl(color, /*allowEsc=*/true));
  EXPECT_EQ(std::regex_replace(color, std::regex("\x1b\\[[0-9;]*m"), ""), plain);
}

TEST(ConsoleSummary, EmptyAndInterruptedRuns) {
  std::string empty = consoleSummary(samples::emptyReport(), false);
  EXPECT_EQ(lines(empty).back(), "quant-conform: 0 pass, 0 fail, 0 error, 0 unsupported, 0 expected-rejection (0 cases)");
  EXPECT_EQ(empty.find("diagnosis ("), std::string::npos);
  std::string stopped = consoleSummary(samples::interruptedReport(5), false);
  EXPECT_EQ(lines(stopped).back(),
            "quant-conform: 2 pass, 3 fail, 0 error, 0 unsupported, 0 expected-rejection (5 cases, interrupted)");
  EXPECT_NE(stopped.find("interrupted: the run was stopped; this covers the 5 cases finished before"),
            std::string::npos);
}

// ---- results.json ----------------------------------------------------------------

TEST(ResultsJson, EveryFieldEscaped) {
  RunReport r = samples::sampleReport();
  std::string json = resultsJson(r);
  EXPECT_EQ(json.rfind("{\n  \"format\": \"quant-conform-results/2\",", 0), 0u);
  EXPECT_FALSE(hasRawControl(json));
  EXPECT_EQ(validUtf8(json), json);
  EXPECT_NE(json.find("\"id\": \"dcast-sub-channel-i4-bf16-static-<b>&\\\"x'\""), std::string::npos);
  EXPECT_NE(json.find("\\u001b[31merror\\u001b[0m at \\u0001\\u007f line\\tX\\r\\n"), std::string::npos);
  EXPECT_NE(json.find("nul:\\u0000:nul"), std::string::npos);
  EXPECT_NE(json.find("bad utf-8: \xEF\xBF\xBD\xEF\xBF\xBD"), std::string::npos);
  EXPECT_NE(json.find("µ 日本 ✓"), std::string::npos);
  EXPECT_NE(json.find("\"got\": \"poison\", \"storedError\": null"), std::string::npos);
  EXPECT_NE(json.find("\"storedErrorHistogram\": [[-4294967295, 1]]"), std::string::npos);
  EXPECT_NE(json.find("\"counts\": {\"cases\": 9, \"pass\": 2, \"fail\": 3, \"error\": 1, \"unsupported\": 2, "
                      "\"expected-rejection\": 1}"),
            std::string::npos);
  EXPECT_NE(json.find("\"diagnosisSummary\": [{\"variant\": \"mlir-lower-quant-ops\", \"cases\": 2}, "
                      "{\"variant\": \"exact --rounding=toward-zero\", \"cases\": 1}, "
                      "{\"variant\": \"reference --rounding=toward-zero\", \"cases\": 1}]"),
            std::string::npos);
  EXPECT_EQ(occurrences(json, "\"outcome\": "), r.cases.size());
  EXPECT_NE(json.find("\"interrupted\": false"), std::string::npos);
  EXPECT_NE(json.find("\"coverage\": [\n    {\"suite\": \"golden/v2/smoke\", \"level\": \"smoke\", \"coverage\": "
                      "{\"format\":\"quant-interp-coverage/1\",\"pairwise\":{\"covered\":5,\"feasible\":8}}},\n"
                      "    {\"suite\": \"golden/v0/full\", \"level\": \"full\", \"coverage\": null}\n  ],\n"
                      "  \"cases\": ["),
            std::string::npos)
      << json;
}

TEST(ResultsJson, EmptyAndInterruptedRuns) {
  std::string empty = resultsJson(samples::emptyReport());
  EXPECT_NE(empty.find("\"cases\": []"), std::string::npos);
  EXPECT_NE(empty.find("\"byCategory\": {}"), std::string::npos);
  EXPECT_NE(empty.find("\"diagnosisSummary\": []"), std::string::npos);
  std::string stopped = resultsJson(samples::interruptedReport(5));
  EXPECT_NE(stopped.find("\"interrupted\": true"), std::string::npos);
  EXPECT_EQ(occurrences(stopped, "\"outcome\": "), 5u);
}

// ---- JUnit XML ------------------------------------------------------------------------

TEST(JunitXml, SuitesCasesAndCounts) {
  RunReport r = samples::sampleReport();
  std::string xml = junitXml(r);
  EXPECT_NE(xml.find("<testsuites name=\"quant-conform\" tests=\"9\" failures=\"3\" errors=\"1\" skipped=\"2\""),
            std::string::npos);
  EXPECT_EQ(occurrences(xml, "<testsuite "), countsByCategory(r).size());
  EXPECT_EQ(occurrences(xml, "<testcase "), r.cases.size());
  EXPECT_EQ(occurrences(xml, "<failure "), r.count(Outcome::Fail));
  EXPECT_EQ(occurrences(xml, "<error "), r.count(Outcome::Error));
  EXPECT_EQ(occurrences(xml, "<skipped "), r.count(Outcome::Unsupported));
  EXPECT_NE(xml.find("<testsuite name=\"qcast/per-layer/f32\" tests=\"3\" failures=\"0\" errors=\"0\" skipped=\"0\""),
            std::string::npos);
  EXPECT_NE(xml.find("<skipped message=\"unsupported: outside capabilities: expressed f8E4M3FN is not claimed\"/>"),
            std::string::npos);
  // The expected rejection passes: its testcase holds only system output.
  size_t rejected = xml.find("name=\"qcast-per-layer-i8-f32-static-reject000001\"");
  ASSERT_NE(rejected, std::string::npos);
  std::string element = xml.substr(rejected, xml.find("</testcase>", rejected) - rejected);
  EXPECT_EQ(element.find("<failure"), std::string::npos);
  EXPECT_EQ(element.find("<error"), std::string::npos);
  EXPECT_NE(element.find("<system-out>expected rejection"), std::string::npos);
  // The failure body lists the first mismatches.
  EXPECT_NE(xml.find("element 4: input 0x4100 (2.5) [tie], expected 2, got 3 (error +1)"), std::string::npos);
}

TEST(JunitXml, HostileTextIsEscaped) {
  std::string xml = junitXml(samples::sampleReport());
  EXPECT_FALSE(hasRawControl(xml));
  EXPECT_EQ(validUtf8(xml), xml);
  EXPECT_NE(xml.find("classname=\"dcast/sub-channel/&lt;bf16&gt;&amp;&quot;&#39;\" "
                     "name=\"dcast-sub-channel-i4-bf16-static-&lt;b&gt;&amp;&quot;x&#39;\""),
            std::string::npos);
  EXPECT_NE(xml.find("vendor: \\x1B[31merror\\x1B[0m at \\x01\\x7F line\tX\\x0D\n"), std::string::npos);
  EXPECT_NE(xml.find("nul:\\x00:nul ]]&gt; &lt;/failure&gt; µ"), std::string::npos);
  EXPECT_NE(xml.find("message=\"valid program rejected: &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; "
                     "&#39;single&#39; ]]&gt; µ 日本 ✓\""),
            std::string::npos);
}

TEST(JunitXml, EmptyAndInterruptedRuns) {
  std::string empty = junitXml(samples::emptyReport());
  EXPECT_NE(empty.find("tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\""), std::string::npos);
  EXPECT_EQ(occurrences(empty, "<testsuite "), 0u);
  EXPECT_NE(empty.find("</testsuites>"), std::string::npos);
  std::string stopped = junitXml(samples::interruptedReport(5));
  EXPECT_EQ(occurrences(stopped, "<testcase "), 5u);
  EXPECT_NE(stopped.find("<property name=\"interrupted\" value=\"true\"/>"), std::string::npos);
}

// ---- HTML ------------------------------------------------------------------------------------

TEST(HtmlReport, SummaryMatrixAndDetails) {
  RunReport r = samples::sampleReport();
  std::string html = htmlReport(r);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<section id=\"summary\">"), std::string::npos);
  for (Outcome o : kAllOutcomes)
    EXPECT_NE(html.find(fmt::format("data-outcome=\"{}\">{}</span>", outcomeName(o), r.count(o))),
              std::string::npos) << outcomeName(o);
  EXPECT_NE(html.find("<td class=\"mono\">golden/v2/smoke (smoke)</td>"), std::string::npos);
  // Matrix: the row of qcast/per-layer/f32 colors its two nonzero cells.
  EXPECT_NE(html.find("<tr><th class=\"mono\">qcast/per-layer/f32</th><td class=\"n cell o-pass\">2</td>"
                      "<td class=\"n zero\">0</td><td class=\"n zero\">0</td><td class=\"n zero\">0</td>"
                      "<td class=\"n cell o-expected-rejection\">1</td><td class=\"n\">3</td></tr>"),
            std::string::npos);
  // Details: one article per fail, error and unsupported case.
  size_t shown = r.count(Outcome::Fail) + r.count(Outcome::Error) + r.count(Outcome::Unsupported);
  EXPECT_EQ(occurrences(html, "<article "), shown);
  EXPECT_NE(html.find("<tr><td class=\"n\">4</td><td class=\"mono\">0x4100 (2.5)</td><td>tie</td>"
                      "<td class=\"mono\">2</td><td class=\"mono\">3</td><td class=\"n\">+1</td></tr>"),
            std::string::npos);
  EXPECT_NE(html.find("<td class=\"mono\">mlir-lower-quant-ops</td><td class=\"n\">2</td>"), std::string::npos);
}

TEST(HtmlReport, ChartsShowWhereMismatchesFall) {
  std::string html = htmlReport(samples::sampleReport());
  EXPECT_NE(html.find("<title>tie: 2 elements</title>"), std::string::npos);
  EXPECT_NE(html.find("<title>reciprocal-differs: 1 element</title>"), std::string::npos);
  // Two far-apart error values: only those are drawn.
  EXPECT_NE(html.find("<title>error +1: 3 elements</title>"), std::string::npos);
  EXPECT_NE(html.find("<title>error -4294967295: 1 element</title>"), std::string::npos);
  EXPECT_NE(html.find("only the error values that occur"), std::string::npos);

  RunReport narrow;
  CaseResult c;
  c.outcome = Outcome::Fail;
  c.storedErrorHistogram = {{-2, 4}, {1, 1}};
  narrow.cases.push_back(c);
  std::string contiguous = htmlReport(narrow);
  for (const char *bin : {"error -2: 4 elements", "error -1: 0 elements", "error 0: 0 elements", "error +1: 1 element"})
    EXPECT_NE(contiguous.find(bin), std::string::npos) << bin;

  RunReport wide;
  for (int64_t k = 0; k < 50; ++k)
    c.storedErrorHistogram[int64_t(1) << (k % 40)] += 1, c.storedErrorHistogram[-3 * k - 1] += 1;
  wide.cases.push_back(c);
  std::string grouped = htmlReport(wide);
  EXPECT_NE(grouped.find("errors grouped by magnitude"), std::string::npos);
  EXPECT_NE(grouped.find("<title>error +[2^39,2^40): 1 element</title>"), std::string::npos);
}

TEST(HtmlReport, SelfContainedAndEscaped) {
  std::string html = htmlReport(samples::sampleReport());
  EXPECT_FALSE(hasRawControl(html));
  EXPECT_EQ(validUtf8(html), html);
  EXPECT_EQ(occurrences(html, "<script"), 1u) << "only the report's own inline script";
  for (const char *external : {"src=", "href=", "url(", "@import", "<link", "<img", "<iframe"})
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  EXPECT_NE(html.find("unranked-&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("http://example.invalid/?a=1&amp;b=2"), std::string::npos);
  EXPECT_NE(html.find("nul:\\x00:nul ]]&gt; &lt;/failure&gt; µ"), std::string::npos);
  EXPECT_NE(html.find("µ 日本 ✓"), std::string::npos);
}

TEST(HtmlReport, EmptyAndInterruptedRuns) {
  std::string empty = htmlReport(samples::emptyReport());
  EXPECT_NE(empty.find("<section id=\"summary\">"), std::string::npos);
  EXPECT_NE(empty.find("No cases were run."), std::string::npos);
  EXPECT_NE(empty.find("No mismatching elements."), std::string::npos);
  EXPECT_EQ(occurrences(empty, "<article "), 0u);
  EXPECT_NE(empty.find("data-outcome=\"pass\">0</span>"), std::string::npos);
  std::string stopped = htmlReport(samples::interruptedReport(5));
  EXPECT_NE(stopped.find("data-interrupted=\"true\""), std::string::npos);
  EXPECT_NE(stopped.find("<strong>Interrupted:</strong>"), std::string::npos);
  EXPECT_NE(htmlReport(samples::sampleReport()).find("data-interrupted=\"false\""), std::string::npos);
}

} // namespace
