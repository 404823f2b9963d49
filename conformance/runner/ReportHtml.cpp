//===- ReportHtml.cpp - The self-contained HTML report --------------------===//
//
// One file a vendor can mail or attach to a bug: inline CSS, inline SVG
// charts, a small inline script (verdict line, outcome filters). Nothing is
// loaded from anywhere, and everything stays readable without the script.
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/ReportEscape.h"
#include "conformance/runner/ReportTotals.h"
#include "conformance/runner/ReportWriters.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace qi::conform {

namespace {

std::string esc(std::string_view text) { return htmlEscape(text); }

const char *const kStyle = R"css(
:root{--pass:#2e7d32;--fail:#c62828;--error:#6a1b9a;--unsupported:#e65100;--expected-rejection:#00838f}
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 1.5em 3em;color:#1d1d1f}
h1{font-size:1.6em;margin:.8em 0 .2em}h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.8em}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ddd;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f4f4f6}td.n{text-align:right;font-variant-numeric:tabular-nums}
code,pre,.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}
pre{background:#f6f6f8;border:1px solid #e2e2e6;padding:.5em;white-space:pre-wrap;word-break:break-all}
.counts{display:flex;flex-wrap:wrap;gap:.6em;margin:.8em 0}
.count{border-radius:6px;color:#fff;padding:.4em .9em;min-width:6em}
.count .n{display:block;font-size:1.8em;font-weight:600}
.o-pass{background:var(--pass)}.o-fail{background:var(--fail)}.o-error{background:var(--error)}
.o-unsupported{background:var(--unsupported)}.o-expected-rejection{background:var(--expected-rejection)}
td.zero{color:#aaa;background:#fafafa}td.cell{color:#fff;font-weight:600}
.badge{border-radius:4px;color:#fff;padding:0 .4em;font-size:.85em;margin-right:.4em}
.verdict{font-size:1.15em;font-weight:600;padding:.4em .7em;border-radius:6px;background:#eef5ee}
.verdict.bad{background:#fbeaea}.banner{background:#fff3e0;border:1px solid var(--unsupported);padding:.5em .8em}
.case{border:1px solid #ddd;border-left:6px solid #999;border-radius:4px;padding:.3em .9em;margin:.8em 0}
.case[data-outcome=fail]{border-left-color:var(--fail)}.case[data-outcome=error]{border-left-color:var(--error)}
.case[data-outcome=unsupported]{border-left-color:var(--unsupported)}.case h3{margin:.3em 0;font-size:1.05em}
.hidden{display:none}figure{margin:1em 0}figcaption{font-weight:600;margin-bottom:.3em}
svg text{font:11px system-ui,sans-serif;fill:#333}.muted{color:#777}
#filters label{margin-right:1em}
)css";

// Reads the counts the page shows, so the verdict cannot disagree with them.
const char *const kScript = R"js(
(function () {
  var counts = {};
  document.querySelectorAll('#summary [data-outcome]').forEach(function (e) {
    counts[e.getAttribute('data-outcome')] = parseInt(e.textContent, 10);
  });
  var total = 0;
  for (var k in counts) total += counts[k];
  var bad = counts['fail'] + counts['error'];
  var interrupted = document.body.getAttribute('data-interrupted') === 'true';
  var word = bad ? 'FAIL' : interrupted ? 'INCOMPLETE' : total ? 'PASS' : 'NO CASES';
  var v = document.getElementById('verdict');
  v.textContent = 'Verdict: ' + word + ' \u2014 ' + (counts['pass'] + counts['expected-rejection']) + ' of ' +
    total + ' cases correct (pass or expected rejection); ' + counts['fail'] + ' fail, ' + counts['error'] +
    ' error, ' + counts['unsupported'] + ' unsupported (not run)' + (interrupted ? '; run interrupted' : '');
  v.className = 'verdict' + (bad || interrupted ? ' bad' : '');
  var filters = document.getElementById('filters');
  if (!filters) return;
  ['fail', 'error', 'unsupported'].forEach(function (o) {
    var cases = document.querySelectorAll('#details .case[data-outcome="' + o + '"]');
    if (!cases.length) return;
    var label = document.createElement('label'), box = document.createElement('input');
    box.type = 'checkbox'; box.checked = true;
    box.addEventListener('change', function () {
      cases.forEach(function (c) { c.classList.toggle('hidden', !box.checked); });
    });
    label.appendChild(box);
    label.appendChild(document.createTextNode(' ' + o + ' (' + cases.length + ')'));
    filters.appendChild(label);
  });
})();
)js";

std::string duration(double s) {
  if (!std::isfinite(s) || s < 0)
    return "?";
  if (s < 60)
    return fmt::format("{:.2f} s", s);
  return fmt::format("{} min {:.0f} s", static_cast<long long>(s / 60), std::fmod(s, 60));
}

// ---- SVG charts ------------------------------------------------------------

struct Bar {
  std::string label;
  size_t count;
};

/// Horizontal bars, one row per label.
std::string horizontalBars(const std::vector<Bar> &bars, std::string_view what) {
  size_t max = 1;
  for (const Bar &b : bars)
    max = std::max(max, b.count);
  const int labelW = 190, barW = 460, rowH = 20, w = labelW + barW + 70;
  int h = static_cast<int>(bars.size()) * rowH + 10;
  std::string svg = fmt::format("<svg role=\"img\" aria-label=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">",
                                esc(what), w, h, w, h);
  for (size_t i = 0; i < bars.size(); ++i) {
    int y = 5 + static_cast<int>(i) * rowH;
    double len = std::max(1.0, barW * static_cast<double>(bars[i].count) / max);
    svg += fmt::format("<g><title>{}: {} element{}</title>"
                       "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>"
                       "<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"#c62828\"/>"
                       "<text x=\"{:.1f}\" y=\"{}\">{}</text></g>",
                       esc(bars[i].label), bars[i].count, bars[i].count == 1 ? "" : "s", labelW - 6, y + 14,
                       esc(bars[i].label), labelW, y + 3, len, rowH - 6, labelW + len + 4, y + 14, bars[i].count);
  }
  return svg + "</svg>";
}

/// Vertical bars over ordered bins (a histogram), count labels on top.
std::string verticalBars(const std::vector<Bar> &bins, std::string_view what) {
  size_t max = 1;
  for (const Bar &b : bins)
    max = std::max(max, b.count);
  const int n = static_cast<int>(bins.size());
  size_t longest = 0;
  for (const Bar &b : bins)
    longest = std::max(longest, b.label.size());
  const int barW = std::clamp(640 / std::max(n, 1), 8, 48), plotH = 180, top = 18;
  // Labels wider than their bar are drawn slanted, with room for them.
  const bool rotate = static_cast<double>(longest) * 6.5 > barW - 4;
  const int labelH = rotate ? static_cast<int>(longest) * 6 + 16 : 20, left = rotate ? 60 : 10;
  const int w = left + 10 + n * barW, h = top + plotH + labelH;
  std::string svg = fmt::format("<svg role=\"img\" aria-label=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">",
                                esc(what), w, h, w, h);
  svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#999\"/>", left, top + plotH,
                     w - 10, top + plotH);
  for (int i = 0; i < n; ++i) {
    double barH = bins[i].count ? std::max(1.0, plotH * static_cast<double>(bins[i].count) / max) : 0;
    int x = left + i * barW;
    double cx = x + barW / 2.0;
    svg += fmt::format("<g><title>error {}: {} element{}</title>", esc(bins[i].label), bins[i].count,
                       bins[i].count == 1 ? "" : "s");
    svg += fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" fill=\"#c62828\"/>", x + 1,
                       top + plotH - barH, barW - 2, barH);
    if (bins[i].count)
      svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>", cx,
                         top + plotH - barH - 3, bins[i].count);
    if (rotate)
      svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"end\" transform=\"rotate(-60 {:.1f} {})\">{}</text>",
                         cx, top + plotH + 12, cx, top + plotH + 12, esc(bins[i].label));
    else
      svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>", cx, top + plotH + 14,
                         esc(bins[i].label));
    svg += "</g>";
  }
  return svg + "</svg>";
}

std::string signedLabel(int64_t v) { return v == 0 ? "0" : fmt::format("{:+}", v); }

/// Bins of the stored-value error histogram: every integer when the range is
/// narrow, the occurring values when few, else power-of-two magnitude bins.
std::vector<Bar> errorBins(const std::map<int64_t, size_t> &histogram, std::string &note) {
  std::vector<Bar> bins;
  if (histogram.empty())
    return bins;
  int64_t lo = histogram.begin()->first, hi = histogram.rbegin()->first;
  // Compare in unsigned so the span of extreme errors cannot overflow.
  if (static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) <= 40) {
    for (int64_t v = lo;; ++v) {
      auto it = histogram.find(v);
      bins.push_back({signedLabel(v), it == histogram.end() ? 0 : it->second});
      if (v == hi)
        break;
    }
    return bins;
  }
  if (histogram.size() <= 40) {
    note = "only the error values that occur are shown (the range is wide)";
    for (const auto &[v, n] : histogram)
      bins.push_back({signedLabel(v), n});
    return bins;
  }
  note = "errors grouped by magnitude: ±[2^k, 2^(k+1))";
  // Key: sign * (k + 1), 0 for an error of 0; ordered from most negative.
  std::map<int, size_t> byMagnitude;
  for (const auto &[v, n] : histogram) {
    if (v == 0) {
      byMagnitude[0] += n;
      continue;
    }
    uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    int k = 63 - __builtin_clzll(mag);
    byMagnitude[v < 0 ? -(k + 1) : k + 1] += n;
  }
  for (const auto &[key, n] : byMagnitude) {
    int k = std::abs(key) - 1;
    bins.push_back({key == 0 ? "0" : fmt::format("{}[2^{},2^{})", key < 0 ? "-" : "+", k, k + 1), n});
  }
  return bins;
}

// ---- sections ----------------------------------------------------------------

void writeSummary(const RunReport &r, std::string &out) {
  OutcomeCounts counts = countOutcomes(r);
  out += "<section id=\"summary\">\n<h2>Summary</h2>\n";
  if (r.interrupted)
    out += fmt::format("<p class=\"banner\"><strong>Interrupted:</strong> the run was stopped; this report covers "
                       "the {} case{} finished before.</p>\n",
                       r.cases.size(), r.cases.size() == 1 ? "" : "s");
  out += "<p id=\"verdict\" class=\"verdict\">" + esc(r.tool + ": " + countsLine(r)) + "</p>\n";
  out += "<div class=\"counts\">\n";
  for (Outcome o : kAllOutcomes)
    out += fmt::format("<div class=\"count o-{0}\"><span class=\"n\" data-outcome=\"{0}\">{1}</span>{0}</div>\n",
                       outcomeName(o), counts[o]);
  out += fmt::format("<div class=\"count\" style=\"background:#555\"><span class=\"n\">{}</span>cases</div>\n",
                     counts.total());
  out += "</div>\n<table class=\"meta\">\n";
  auto row = [&](std::string_view name, const std::string &value, bool mono = false) {
    if (!value.empty())
      out += fmt::format("<tr><th>{}</th><td{}>{}</td></tr>\n", name, mono ? " class=\"mono\"" : "", esc(value));
  };
  row("Backend", r.backend);
  row("Backend detail", r.backendDetail, true);
  row("Suite", r.suite + (r.suiteLevel.empty() ? "" : " (" + r.suiteLevel + ")"), true);
  row("Profile", r.profile);
  row("Profile semantics", r.profileDescription, true);
  row("Requantize recipe (rescale cases)", r.requantize);
  row("Recipe", r.requantizeDescription, true);
  row("Capabilities", r.capabilities.empty() ? "(none given: everything claimed)" : r.capabilities, true);
  row("Started", r.startedAt);
  row("Duration", duration(r.seconds));
  row("Tool", r.tool + " " + r.toolVersion);
  row("Command line", r.commandLine, true);
  out += "</table>\n</section>\n";
}

void writeMatrix(const RunReport &r, std::string &out) {
  out += "<section id=\"matrix\">\n<h2>Pass matrix by category</h2>\n";
  if (r.cases.empty()) {
    out += "<p class=\"muted\">No cases were run.</p>\n</section>\n";
    return;
  }
  out += "<table>\n<tr><th>category (op/granularity/expressed)</th>";
  for (Outcome o : kAllOutcomes)
    out += fmt::format("<th>{}</th>", outcomeName(o));
  out += "<th>total</th></tr>\n";
  auto writeRow = [&](const std::string &name, const OutcomeCounts &counts, bool strong) {
    out += fmt::format("<tr><th{}>{}</th>", strong ? "" : " class=\"mono\"", esc(name));
    for (Outcome o : kAllOutcomes) {
      if (counts[o] == 0)
        out += "<td class=\"n zero\">0</td>";
      else
        out += fmt::format("<td class=\"n cell o-{}\">{}</td>", outcomeName(o), counts[o]);
    }
    out += fmt::format("<td class=\"n\">{}</td></tr>\n", counts.total());
  };
  for (const auto &[category, counts] : countsByCategory(r))
    writeRow(category.empty() ? "(none)" : category, counts, false);
  writeRow("all categories", countOutcomes(r), true);
  out += "</table>\n</section>\n";
}

void writeCharts(const RunReport &r, std::string &out) {
  out += "<section id=\"charts\">\n<h2>Where mismatches fall</h2>\n";
  std::vector<Bar> byClass;
  for (const auto &[inputClass, n] : mismatchesByClass(r))
    byClass.push_back({inputClass.empty() ? "(no class)" : inputClass, n});
  std::stable_sort(byClass.begin(), byClass.end(), [](const Bar &a, const Bar &b) { return a.count > b.count; });
  out += "<figure id=\"chart-by-class\"><figcaption>Mismatching elements by input class (all failing "
         "cases)</figcaption>\n";
  out += byClass.empty() ? "<p class=\"muted\">No mismatching elements.</p>"
                         : horizontalBars(byClass, "mismatching elements by input class");
  out += "</figure>\n";

  std::string note;
  std::vector<Bar> bins = errorBins(storedErrorHistogram(r), note);
  out += "<figure id=\"chart-stored-error\"><figcaption>Stored-value error (got \u2212 expected), qcast, "
         "elements</figcaption>\n";
  out += bins.empty() ? "<p class=\"muted\">No qcast mismatch with a defined stored value.</p>"
                      : verticalBars(bins, "histogram of stored-value error");
  if (!note.empty())
    out += "<p class=\"muted\">" + esc(note) + "</p>";
  out += "</figure>\n</section>\n";
}

void writeDiagnosis(const RunReport &r, std::string &out) {
  out += "<section id=\"diagnosis\">\n<h2>Diagnosis</h2>\n";
  std::vector<std::pair<std::string, size_t>> summary = r.diagnosisSummary();
  if (summary.empty()) {
    out += "<p class=\"muted\">No failing case is explained by a known semantics variant.</p>\n";
  } else {
    std::map<std::string, std::string> descriptions = variantDescriptions(r);
    out += "<p>Known semantics (profiles, or a profile with one knob changed) that explain failing cases "
           "(reproduce every mismatching element they define, at least one), by the number of cases:</p>\n";
    out += "<table>\n<tr><th>variant</th><th>failing cases explained</th><th>semantics</th></tr>\n";
    for (const auto &[variant, n] : summary)
      out += fmt::format("<tr><td class=\"mono\">{}</td><td class=\"n\">{}</td><td class=\"mono\">{}</td></tr>\n",
                         esc(variant), n, esc(descriptions[variant]));
    out += "</table>\n";
  }
  out += "</section>\n";
}

void writeCase(const CaseResult &c, std::string &out) {
  std::string_view name = outcomeName(c.outcome);
  out += fmt::format("<article class=\"case\" data-outcome=\"{0}\">\n<h3><span class=\"badge o-{0}\">{0}"
                     "</span><span class=\"mono\">{1}</span></h3>\n<p class=\"reason\">{2}</p>\n",
                     name, esc(c.id), esc(c.reason));
  std::string tags;
  for (const auto &[key, value] : c.tags)
    tags += esc(key) + "=" + esc(value) + " ";
  out += fmt::format("<p class=\"muted\">category <span class=\"mono\">{}</span> \u00b7 file <span "
                     "class=\"mono\">{}</span> \u00b7 {} elements, {} compared, {} don't-care, {} mismatched \u00b7 "
                     "{} \u00b7 <span class=\"mono\">{}</span></p>\n",
                     esc(c.category), esc(c.file), c.elements, c.compared, c.dontCare, c.mismatched,
                     duration(c.seconds), tags);
  if (!c.diagnosis.empty()) {
    out += "<ul class=\"diagnosis\">\n";
    std::vector<std::string> lines = diagnosisLines(c);
    for (size_t i = 0; i < lines.size(); ++i)
      out += fmt::format("<li>{}{}{}</li>\n", i == 0 ? "<strong>" : "", esc(lines[i]), i == 0 ? "</strong>" : "");
    out += "</ul>\n";
  }
  if (!c.mismatches.empty()) {
    out += fmt::format("<p>First {} of {} mismatching elements:</p>\n", c.mismatches.size(), c.mismatched);
    out += "<table class=\"mismatches\">\n<tr><th>index</th><th>input (hex, decoded)</th><th>input class</th>"
           "<th>expected</th><th>got</th><th>stored error</th></tr>\n";
    for (const Mismatch &m : c.mismatches)
      out += fmt::format("<tr><td class=\"n\">{}</td><td class=\"mono\">{}</td><td>{}</td><td class=\"mono\">{}</td>"
                         "<td class=\"mono\">{}</td><td class=\"n\">{}</td></tr>\n",
                         m.index, esc(m.input), esc(m.inputClass), esc(m.expected), esc(m.got),
                         m.storedError ? fmt::format("{:+}", *m.storedError) : "");
    out += "</table>\n";
  }
  if (!c.stderrTail.empty())
    out += "<p>Backend stderr (last lines):</p>\n<pre>" + esc(c.stderrTail) + "</pre>\n";
  out += "</article>\n";
}

void writeDetails(const RunReport &r, std::string &out) {
  out += "<section id=\"details\">\n<h2>Cases that did not pass</h2>\n";
  size_t shown = 0;
  for (const CaseResult &c : r.cases)
    shown += c.outcome == Outcome::Fail || c.outcome == Outcome::Error || c.outcome == Outcome::Unsupported;
  if (shown == 0) {
    out += "<p class=\"muted\">None: every case passed or was rejected as required.</p>\n</section>\n";
    return;
  }
  out += "<div id=\"filters\"></div>\n";
  for (Outcome o : {Outcome::Fail, Outcome::Error, Outcome::Unsupported})
    for (const CaseResult &c : r.cases)
      if (c.outcome == o)
        writeCase(c, out);
  out += "</section>\n";
}

void writeAllCases(const RunReport &r, std::string &out) {
  out += fmt::format("<section id=\"all-cases\">\n<h2>All cases</h2>\n<details><summary>{} case{} in suite "
                     "order</summary>\n<table>\n<tr><th>id</th><th>category</th><th>outcome</th><th>reason</th>"
                     "<th>time</th></tr>\n",
                     r.cases.size(), r.cases.size() == 1 ? "" : "s");
  for (const CaseResult &c : r.cases)
    out += fmt::format("<tr><td class=\"mono\">{}</td><td class=\"mono\">{}</td><td><span class=\"badge o-{}\">{}"
                       "</span></td><td>{}</td><td class=\"n\">{}</td></tr>\n",
                       esc(c.id), esc(c.category), outcomeName(c.outcome), outcomeName(c.outcome), esc(c.reason),
                       duration(c.seconds));
  out += "</table>\n</details>\n</section>\n";
}

} // namespace

std::string htmlReport(const RunReport &r) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += fmt::format("<title>{}</title>\n", esc(fmt::format("{} report: {} on {}", r.tool, r.backend, r.suite)));
  out += fmt::format("<style>{}</style>\n</head>\n<body data-interrupted=\"{}\">\n", kStyle,
                     r.interrupted ? "true" : "false");
  out += fmt::format("<h1>{} report</h1>\n", esc(r.tool));
  out += fmt::format("<p class=\"muted\">Backend <strong>{}</strong> on suite <span class=\"mono\">{}</span>, "
                     "expected outputs of profile <strong>{}</strong>.</p>\n",
                     esc(r.backend), esc(r.suite), esc(r.profile));
  writeSummary(r, out);
  writeMatrix(r, out);
  writeCharts(r, out);
  writeDiagnosis(r, out);
  writeDetails(r, out);
  writeAllCases(r, out);
  out += fmt::format("<footer class=\"muted\"><p>Written by {} {}; a self-contained file (no external "
                     "resources).</p></footer>\n",
                     esc(r.tool), esc(r.toolVersion));
  out += fmt::format("<script>{}</script>\n</body>\n</html>\n", kScript);
  return out;
}

} // namespace qi::conform
