//===- ReportConsole.cpp - The console summary ----------------------------===//
#include "conformance/runner/ReportEscape.h"
#include "conformance/runner/ReportTotals.h"
#include "conformance/runner/ReportWriters.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace qi::conform {

namespace {

/// ANSI SGR color of an outcome.
const char *outcomeColor(Outcome o) {
  switch (o) {
  case Outcome::Pass:
    return "32"; // green
  case Outcome::Fail:
    return "31"; // red
  case Outcome::Error:
    return "35"; // magenta
  case Outcome::Unsupported:
    return "33"; // yellow
  case Outcome::ExpectedRejection:
    return "36"; // cyan
  }
  return "0";
}

/// Display width in code points (good enough for the names we print).
size_t width(std::string_view text) {
  return std::count_if(text.begin(), text.end(),
                       [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; });
}

class Console {
public:
  explicit Console(bool color) : color(color) {}

  std::string paint(std::string_view text, const char *sgr) const {
    return color ? fmt::format("\x1b[{}m{}\x1b[0m", sgr, text) : std::string(text);
  }
  std::string bold(std::string_view text) const { return paint(text, "1"); }
  /// `text` right-aligned in `w` columns, colored by `o` when nonzero.
  std::string cell(size_t n, size_t w, Outcome o) const {
    std::string text = fmt::format("{:>{}}", n, w);
    return n ? paint(text, outcomeColor(o)) : text;
  }

private:
  bool color;
};

/// One line for people: escaped, with line breaks and tabs shown as spaces.
std::string oneLine(std::string_view text) {
  std::string line = visibleText(text);
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::replace(line.begin(), line.end(), '\t', ' ');
  return line;
}

/// The last non-blank line of a stderr tail, "" if none.
std::string lastLine(std::string_view tail) {
  size_t end = tail.find_last_not_of(" \t\r\n");
  if (end == std::string_view::npos)
    return "";
  size_t begin = tail.find_last_of('\n', end);
  begin = begin == std::string_view::npos ? 0 : begin + 1;
  return oneLine(tail.substr(begin, end + 1 - begin));
}

void writeHeader(const RunReport &r, const Console &con, std::string &out) {
  out += con.bold(fmt::format("{} {}", oneLine(r.tool), oneLine(r.toolVersion)));
  out += fmt::format(": backend {}", oneLine(r.backend));
  if (!r.backendDetail.empty())
    out += fmt::format(" ({})", oneLine(r.backendDetail));
  out += fmt::format(", suite {}", oneLine(r.suite));
  if (!r.suiteLevel.empty())
    out += fmt::format(" ({})", oneLine(r.suiteLevel));
  out += fmt::format(", profile {}", oneLine(r.profile));
  if (!r.requantize.empty())
    out += fmt::format(", requantize {}", oneLine(r.requantize));
  out += "\n";
  if (!r.capabilities.empty())
    out += fmt::format("capabilities: {}\n", oneLine(r.capabilities));
}

void writeTable(const RunReport &r, const Console &con, std::string &out) {
  std::map<std::string, OutcomeCounts> byCategory = countsByCategory(r);
  std::vector<std::pair<std::string, OutcomeCounts>> rows;
  for (const auto &[category, counts] : byCategory)
    rows.emplace_back(oneLine(category.empty() ? "(none)" : category), counts);
  rows.emplace_back("all", countOutcomes(r));

  size_t nameWidth = width("category");
  for (const auto &row : rows)
    nameWidth = std::max(nameWidth, width(row.first));
  auto pad = [&](const std::string &name) {
    return name + std::string(nameWidth - std::min(nameWidth, width(name)), ' ');
  };

  std::string header = pad("category");
  for (Outcome o : kAllOutcomes)
    header += fmt::format("  {}", outcomeName(o));
  header += "  total";
  out += "\n" + con.bold(header) + "\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto &[name, counts] = rows[i];
    if (i + 1 == rows.size())
      out += std::string(width(header), '-') + "\n";
    std::string line = pad(name);
    for (Outcome o : kAllOutcomes)
      line += "  " + con.cell(counts[o], outcomeName(o).size(), o);
    line += fmt::format("  {:>5}", counts.total());
    out += line + "\n";
  }
}

void writeCaseLists(const RunReport &r, const Console &con, std::string &out) {
  OutcomeCounts counts = countOutcomes(r);
  // Unsupported first and loudly: a case that did not run is never a pass.
  for (Outcome o : {Outcome::Unsupported, Outcome::Error, Outcome::Fail}) {
    if (counts[o] == 0)
      continue;
    std::string heading = fmt::format("{} ({} case{}{})", outcomeName(o), counts[o],
                                      counts[o] == 1 ? "" : "s",
                                      o == Outcome::Unsupported ? ", not run, not counted as passes" : "");
    out += "\n" + con.paint(heading, outcomeColor(o)) + ":\n";
    for (const CaseResult &c : r.cases) {
      if (c.outcome != o)
        continue;
      out += fmt::format("  {}: {}\n", oneLine(c.id), oneLine(c.reason));
      if (o == Outcome::Error) {
        std::string last = lastLine(c.stderrTail);
        out += fmt::format("      stderr: {}\n", last.empty() ? "(empty)" : last);
      }
      if (o != Outcome::Fail)
        continue;
      for (const std::string &line : diagnosisLines(c))
        out += "      " + oneLine(line) + "\n";
    }
  }
}

void writeDiagnosisSummary(const RunReport &r, std::string &out) {
  std::vector<std::pair<std::string, size_t>> summary = r.diagnosisSummary();
  if (summary.empty())
    return;
  out += "\ndiagnosis (failing cases a known semantics explains: it reproduces every mismatching element it "
         "defines, at least one):\n";
  for (const auto &[variant, n] : summary)
    out += fmt::format("  {:>5} case{}  `{}`\n", n, n == 1 ? " " : "s", oneLine(variant));
}

/// Which coverage classes each suite holds (docs/vendor-guide.md,
/// "Coverage classes"): per model its values and the feasible value pairs
/// (and the declared 3- and 4-wise combinations) its cases cover.
void writeCoverage(const RunReport &r, std::string &out) {
  if (r.coverage.empty())
    return;
  // generators::coveragePercent's text (this library links no QiGolden).
  auto share = [](size_t covered, size_t feasible) {
    if (feasible == 0)
      return std::string("n/a");
    if (covered >= feasible)
      return std::string("100%");
    return fmt::format("{}.{}%", covered * 1000 / feasible / 10, covered * 1000 / feasible % 10);
  };
  out += "\ncoverage classes (from each suite's manifest; the missing pairs: quant-golden coverage "
         "--level=LEVEL):\n";
  for (const SuiteCoverage &s : r.coverage) {
    out += fmt::format("  {} ({})", oneLine(s.level), oneLine(s.suite));
    if (!s.recorded) {
      out += ": not recorded (the manifest predates coverage classes)\n";
      continue;
    }
    out += fmt::format(": pairwise {} ({} of {} feasible pairs), declared {} ({} of {})\n",
                       share(s.pairsCovered, s.pairsFeasible), s.pairsCovered, s.pairsFeasible,
                       share(s.triplesCovered, s.triplesFeasible), s.triplesCovered, s.triplesFeasible);
    for (const SuiteCoverage::Domain &d : s.domains) {
      out += fmt::format("    {}: {} cases, {} of {} values, pairwise {}, declared {}\n", oneLine(d.title),
                         d.cases, d.valuesPresent, d.values, share(d.pairsCovered, d.pairsFeasible),
                         share(d.triplesCovered, d.triplesFeasible));
      std::string missing;
      for (const auto &[feature, values] : d.missingValues) {
        missing += (missing.empty() ? "" : "; ") + oneLine(feature);
        for (const std::string &v : values)
          missing += " " + oneLine(v);
      }
      if (!missing.empty())
        out += "      no case with: " + missing + "\n";
    }
  }
}

} // namespace

std::string consoleSummary(const RunReport &r, bool color) {
  Console con(color);
  std::string out;
  writeHeader(r, con, out);
  writeTable(r, con, out);
  writeCaseLists(r, con, out);
  writeDiagnosisSummary(r, out);
  writeCoverage(r, out);
  if (r.interrupted)
    out += "\n" + con.paint(fmt::format("interrupted: the run was stopped; this covers the {} case{} finished before",
                                        r.cases.size(), r.cases.size() == 1 ? "" : "s"),
                            "1;31") + "\n";
  OutcomeCounts counts = countOutcomes(r);
  bool bad = counts[Outcome::Fail] || counts[Outcome::Error] || r.interrupted;
  out += "\n" + con.paint(fmt::format("{}: {}", oneLine(r.tool), countsLine(r)), bad ? "1;31" : "1;32") + "\n";
  return out;
}

} // namespace qi::conform
