//===- SampleReport.h - Synthetic RunReports for the writer tests -*- C++ -*-===//
//
// Shared by ReportWritersTest and write_sample_reports (the file-level and
// Chromium checks), so both test the same data.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_TESTS_SAMPLEREPORT_H
#define QI_CONFORMANCE_TESTS_SAMPLEREPORT_H

#include "conformance/runner/RunReport.h"

namespace qi::conform::samples {

/// A finished run with every outcome, several categories, exact and partial
/// diagnoses, and hostile text (markup, quotes, control characters, NUL,
/// ill-formed and non-ASCII UTF-8, a CDATA terminator) in ids, categories,
/// reasons and stderr tails.
RunReport sampleReport();

/// A run of no cases.
RunReport emptyReport();

/// sampleReport() stopped by Ctrl-C after its first `finished` cases.
RunReport interruptedReport(size_t finished);

} // namespace qi::conform::samples

#endif
