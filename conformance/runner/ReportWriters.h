//===- ReportWriters.h - quant-conform's four reports -----------*- C++ -*-===//
//
// Spec: docs/vendor-guide.md ("Reports"). Each writer renders a whole
// RunReport into one string; the caller writes it to a terminal or a file.
// All text that came from a backend is escaped for the target format
// (ReportEscape.h); no writer reads anything but the report.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_REPORTWRITERS_H
#define QI_CONFORMANCE_REPORTWRITERS_H

#include "conformance/runner/RunReport.h"

#include <string>

namespace qi::conform {

/// The console summary: a table of outcome counts per category, then every
/// unsupported case with its reason, every error case with its reason and the
/// last stderr line, every failing case with its reason and exact diagnosis
/// matches, the run's diagnosis summary, and a last line
/// `quant-conform: 57 pass, 2 fail, 0 error, 3 unsupported, 6 expected-rejection (68 cases)`.
/// `color` adds ANSI colors (for a terminal). Ends with a newline.
std::string consoleSummary(const RunReport &r, bool color);

/// results.json: every field of the report plus totals, format
/// `quant-conform-results/1` (schema in docs/vendor-guide.md, "results.json").
std::string resultsJson(const RunReport &r);

/// JUnit XML: one <testsuite> per category, one <testcase> per case; fail ->
/// <failure>, error -> <error>, unsupported -> <skipped>, expected-rejection passes.
std::string junitXml(const RunReport &r);

/// One self-contained HTML file (inline CSS, SVG and JS; no external URL):
/// summary, pass matrix per category, mismatch charts, diagnosis summary,
/// details of every failing, error and unsupported case.
std::string htmlReport(const RunReport &r);

} // namespace qi::conform

#endif
