//===- write_sample_reports.cpp - Write the sample reports to files -------===//
//
// Usage: write_sample_reports DIR
// Writes DIR/<run>/{results.json,junit.xml,report.html,console.txt} for the
// synthetic runs of SampleReport.h (sample, empty, interrupted), for the
// Python and Chromium checks of check_reports.py.
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/ReportWriters.h"
#include "conformance/runner/tests/SampleReport.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace {

bool writeFile(const std::filesystem::path &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "write_sample_reports: cannot write " << path << "\n";
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: write_sample_reports DIR\n";
    return 2;
  }
  using namespace qi::conform;
  const std::pair<const char *, RunReport> runs[] = {
      {"sample", samples::sampleReport()},
      {"empty", samples::emptyReport()},
      {"interrupted", samples::interruptedReport(5)},
  };
  for (const auto &[name, report] : runs) {
    std::filesystem::path dir = std::filesystem::path(argv[1]) / name;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
      std::cerr << "write_sample_reports: cannot create " << dir << ": " << ec.message() << "\n";
      return 1;
    }
    if (!writeFile(dir / "results.json", resultsJson(report)) || !writeFile(dir / "junit.xml", junitXml(report)) ||
        !writeFile(dir / "report.html", htmlReport(report)) ||
        !writeFile(dir / "console.txt", consoleSummary(report, /*color=*/false)))
      return 1;
  }
  return 0;
}
