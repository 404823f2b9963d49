//===- GoldenCoverage.cpp - The coverage object, table and summary ----------===//
//
// Spec: docs/vendor-guide.md, "Coverage classes". Renders the coverage of a
// level (GoldenCoverageModel.h, GoldenCoverageFeatures.cpp) as the
// manifest's `coverage` object and as the console table of `quant-golden
// coverage`, and reads the object back for quant-conform.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenCoverage.h"

#include "generators/GoldenJsonRead.h"
#include "generators/GoldenJsonWrite.h"

#include <algorithm>
#include <cstdio>

namespace qi::generators {

using coverage::ComboCoverage;
using coverage::DomainCoverage;
using coverage::Feature;
using jsonwrite::quote;

namespace {

/// Missing combinations listed per pair or triple in the JSON object.
constexpr size_t kJsonMissing = 20;
/// ... and per line of the console table.
constexpr size_t kTableMissing = 6;

std::string stringList(const std::vector<std::string> &v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? "," : "") + quote(v[i]);
  return out + "]";
}

std::string countsJson(std::pair<size_t, size_t> t) {
  return "{\"covered\":" + std::to_string(t.first) + ",\"feasible\":" + std::to_string(t.second) + "}";
}

std::vector<std::string> comboNames(const coverage::Model &m, const std::vector<size_t> &features,
                                    const std::vector<size_t> &values) {
  std::vector<std::string> out;
  for (size_t k = 0; k < features.size(); ++k)
    out.push_back(m.features()[features[k]].values[values[k]]);
  return out;
}

std::string combosJson(const coverage::Model &m, const std::vector<ComboCoverage> &combos) {
  std::string out = "[";
  for (size_t i = 0; i < combos.size(); ++i) {
    const ComboCoverage &c = combos[i];
    std::vector<std::string> names;
    for (size_t f : c.features)
      names.push_back(m.features()[f].name);
    out += (i ? "," : "") + std::string("{\"features\":") + stringList(names) +
           ",\"covered\":" + std::to_string(c.covered) + ",\"feasible\":" + std::to_string(c.feasible) +
           ",\"missing\":[";
    // A combination as one string, "v1 & v2": the manifest keeps a list of
    // strings on one line.
    for (size_t k = 0; k < std::min(c.missing.size(), kJsonMissing); ++k) {
      std::string combo;
      for (const std::string &v : comboNames(m, c.features, c.missing[k]))
        combo += (combo.empty() ? "" : " & ") + v;
      out += (k ? "," : "") + quote(combo);
    }
    out += "],\"moreMissing\":" +
           std::to_string(c.missing.size() - std::min(c.missing.size(), kJsonMissing)) + "}";
  }
  return out + "]";
}

/// Rules a case breaks, and covered combinations the rules call
/// infeasible: both mean a rule is wrong.
std::vector<std::string> contradictionLines(const DomainCoverage &d, size_t &count) {
  std::vector<std::string> lines = d.contradictions;
  count = d.contradictionCount;
  for (const std::vector<ComboCoverage> *combos : {&d.pairs, &d.declared})
    for (const ComboCoverage &c : *combos)
      for (const std::vector<size_t> &v : c.infeasible) {
        ++count;
        std::string line = "covered, yet infeasible:";
        std::vector<std::string> names = comboNames(*d.model, c.features, v);
        for (size_t k = 0; k < names.size(); ++k)
          line += (k ? " & " : " ") + d.model->features()[c.features[k]].name + "=" + names[k];
        if (lines.size() < 20)
          lines.push_back(line);
      }
  return lines;
}

std::string domainJson(const DomainCoverage &d) {
  const coverage::Model &m = *d.model;
  std::string out = "{\"name\":" + quote(m.name()) + ",\"title\":" + quote(m.title()) +
                    ",\"cases\":" + std::to_string(d.cases) + ",\"features\":[";
  for (size_t f = 0; f < m.features().size(); ++f) {
    std::vector<std::string> present, missing;
    for (size_t v = 0; v < m.features()[f].values.size(); ++v)
      (d.valueCounts[f][v] ? present : missing).push_back(m.features()[f].values[v]);
    out += (f ? "," : "") + std::string("{\"name\":") + quote(m.features()[f].name) +
           ",\"present\":" + stringList(present) + ",\"missing\":" + stringList(missing) +
           ",\"outside\":" + stringList(d.outside[f]) + "}";
  }
  size_t count = 0;
  std::vector<std::string> contradictions = contradictionLines(d, count);
  out += "],\"pairwise\":" + countsJson(DomainCoverage::totals(d.pairs)) +
         ",\"threeWise\":" + countsJson(DomainCoverage::totals(d.declared)) +
         ",\"pairs\":" + combosJson(m, d.pairs) + ",\"triples\":" + combosJson(m, d.declared) +
         ",\"contradictions\":{\"count\":" + std::to_string(count) +
         ",\"first\":" + stringList(contradictions) + "}}";
  return out;
}

std::pair<size_t, size_t> sum(const std::vector<DomainCoverage> &domains, bool declared) {
  std::pair<size_t, size_t> t{0, 0};
  for (const DomainCoverage &d : domains) {
    auto [c, f] = DomainCoverage::totals(declared ? d.declared : d.pairs);
    t.first += c;
    t.second += f;
  }
  return t;
}

std::vector<DomainCoverage> measure(const std::vector<CaseParams> &cases) {
  LevelCoverage level;
  for (const CaseParams &p : cases)
    level.add(p);
  return level.result();
}

// --- Console table ----------------------------------------------------------

std::string summaryLine(std::pair<size_t, size_t> pairs, std::pair<size_t, size_t> declared) {
  return "pairwise: " + std::to_string(pairs.first) + " of " + std::to_string(pairs.second) +
         " feasible pairs covered (" + coveragePercent(pairs.first, pairs.second) +
         "); declared 3- and 4-wise: " + std::to_string(declared.first) + " of " +
         std::to_string(declared.second) + " feasible combinations covered (" +
         coveragePercent(declared.first, declared.second) + ")";
}

/// The incomplete combinations, worst (lowest share covered) first.
void comboLines(const coverage::Model &m, const std::vector<ComboCoverage> &combos,
                std::string &out) {
  std::vector<const ComboCoverage *> open;
  for (const ComboCoverage &c : combos)
    if (c.covered < c.feasible)
      open.push_back(&c);
  std::stable_sort(open.begin(), open.end(), [](const ComboCoverage *a, const ComboCoverage *b) {
    return a->covered * b->feasible < b->covered * a->feasible; // a's share < b's share
  });
  for (const ComboCoverage *c : open) {
    std::string names;
    for (size_t f : c->features)
      names += (names.empty() ? "" : " x ") + m.features()[f].name;
    char head[64];
    std::snprintf(head, sizeof head, "    %6s %4zu/%-4zu ",
                  coveragePercent(c->covered, c->feasible).c_str(), c->covered, c->feasible);
    std::string line = head + names + ": missing ";
    for (size_t k = 0; k < std::min(c->missing.size(), kTableMissing); ++k) {
      std::vector<std::string> v = comboNames(m, c->features, c->missing[k]);
      std::string combo;
      for (const std::string &s : v)
        combo += (combo.empty() ? "(" : ", ") + s;
      line += (k ? ", " : "") + combo + ")";
    }
    if (c->missing.size() > kTableMissing)
      line += ", ... " + std::to_string(c->missing.size() - kTableMissing) + " more";
    out += line + "\n";
  }
  if (open.size() < combos.size())
    out += "    (" + std::to_string(combos.size() - open.size()) + " of " +
           std::to_string(combos.size()) + " fully covered)\n";
}

std::string domainTable(const DomainCoverage &d) {
  const coverage::Model &m = *d.model;
  std::string out = m.title() + ": " + std::to_string(d.cases) + " case" + (d.cases == 1 ? "" : "s") + "\n";
  size_t width = 0;
  for (const Feature &f : m.features())
    width = std::max(width, f.name.size());
  for (size_t f = 0; f < m.features().size(); ++f) {
    const Feature &feature = m.features()[f];
    std::string present, missing;
    for (size_t v = 0; v < feature.values.size(); ++v)
      (d.valueCounts[f][v] ? present : missing) += " " + feature.values[v];
    out += "  " + feature.name + std::string(width - feature.name.size(), ' ') + " " +
           (present.empty() ? " -" : present);
    if (!missing.empty())
      out += "   missing:" + missing;
    for (const std::string &v : d.outside[f])
      out += "   outside the model: " + v;
    out += "\n";
  }
  out += "  pairs not fully covered, worst first (covered / feasible value pairs):\n";
  comboLines(m, d.pairs, out);
  if (!d.declared.empty()) {
    out += "  declared combinations (3- and 4-wise):\n";
    comboLines(m, d.declared, out);
  }
  size_t count = 0;
  std::vector<std::string> contradictions = contradictionLines(d, count);
  if (count) {
    out += "  WARNING: " + std::to_string(count) + " contradiction" + (count == 1 ? "" : "s") +
           " with the feasibility rules (a rule is wrong):\n";
    for (const std::string &line : contradictions)
      out += "    " + line + "\n";
  }
  out += "  " + summaryLine(DomainCoverage::totals(d.pairs), DomainCoverage::totals(d.declared)) + "\n";
  return out;
}

// --- Reading the object back ------------------------------------------------

using jsonread::asArray;
using jsonread::asInt;
using jsonread::asObject;
using jsonread::asString;

size_t count(const jsonread::Object &o, const char *key, const std::string &where) {
  int64_t n = asInt(o.get(key), where + "/" + key);
  if (n < 0)
    jsonread::fail(where + "/" + key, "expected a count (>= 0), found " + std::to_string(n));
  return size_t(n);
}

void readCounts(const jsonread::Object &o, const char *key, const std::string &where, size_t &covered,
                size_t &feasible) {
  const std::string at = where + "/" + key;
  const jsonread::Object &c = asObject(o.get(key), at);
  covered = count(c, "covered", at);
  feasible = count(c, "feasible", at);
  if (covered > feasible)
    jsonread::fail(at, "covered (" + std::to_string(covered) + ") exceeds feasible (" +
                           std::to_string(feasible) + ")");
}

std::vector<std::string> strings(const jsonread::Value *v, const std::string &where) {
  std::vector<std::string> out;
  const jsonread::Array &a = asArray(v, where);
  for (size_t i = 0; i < a.size(); ++i)
    out.push_back(asString(&a[i], where + "/" + std::to_string(i)));
  return out;
}

} // namespace

std::string coveragePercent(size_t covered, size_t feasible) {
  if (feasible == 0)
    return "n/a";
  if (covered >= feasible)
    return "100%";
  // Rounded down: an incomplete coverage never reads 100.0%.
  const unsigned long tenths = static_cast<unsigned long>(covered * 1000 / feasible);
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + "%";
}

std::string coverageJson(const std::vector<DomainCoverage> &domains) {
  std::string out = "{\"format\":\"quant-interp-coverage/1\",\"pairwise\":" +
                    countsJson(sum(domains, false)) + ",\"threeWise\":" +
                    countsJson(sum(domains, true)) + ",\"domains\":[";
  for (size_t i = 0; i < domains.size(); ++i)
    out += (i ? "," : "") + domainJson(domains[i]);
  return out + "]}";
}

std::string coverageJson(const std::vector<CaseParams> &cases) {
  return coverageJson(measure(cases));
}

std::string coverageTable(const std::vector<DomainCoverage> &domains, std::string_view title) {
  size_t cases = 0;
  for (const DomainCoverage &d : domains)
    cases += d.cases;
  std::string out = "coverage of " + std::string(title) + ": " + std::to_string(cases) + " cases (";
  for (size_t i = 0; i < domains.size(); ++i)
    out += (i ? ", " : "") + std::to_string(domains[i].cases) + " " + domains[i].model->title();
  out += ")\n";
  for (const DomainCoverage &d : domains)
    out += "\n" + domainTable(d);
  out += "\nall: " + summaryLine(sum(domains, false), sum(domains, true)) + "\n";
  return out;
}

std::string coverageTable(const std::vector<CaseParams> &cases, std::string_view title) {
  return coverageTable(measure(cases), title);
}

bool coverageSummaryFromJson(const std::string &json, CoverageSummary &out, std::string &error,
                             const std::string &where) {
  const std::string root = where.empty() ? "/" : where;
  std::optional<jsonread::Value> parsed = jsonread::parseJsonText(json, error);
  if (!parsed) {
    error = root + ": " + error;
    return false;
  }
  try {
    CoverageSummary s;
    const jsonread::Object &top = asObject(&*parsed, where);
    const std::string format = asString(top.get("format"), where + "/format");
    if (format != "quant-interp-coverage/1")
      jsonread::fail(where + "/format",
                     "expected \"quant-interp-coverage/1\", found \"" + format + "\"");
    readCounts(top, "pairwise", where, s.pairsCovered, s.pairsFeasible);
    readCounts(top, "threeWise", where, s.triplesCovered, s.triplesFeasible);
    const jsonread::Array &domains = asArray(top.get("domains"), where + "/domains");
    for (size_t i = 0; i < domains.size(); ++i) {
      const std::string at = where + "/domains/" + std::to_string(i);
      const jsonread::Object &o = asObject(&domains[i], at);
      CoverageSummary::Domain d;
      d.name = asString(o.get("name"), at + "/name");
      d.title = asString(o.get("title"), at + "/title");
      d.cases = count(o, "cases", at);
      const jsonread::Array &features = asArray(o.get("features"), at + "/features");
      for (size_t f = 0; f < features.size(); ++f) {
        const std::string fat = at + "/features/" + std::to_string(f);
        const jsonread::Object &fo = asObject(&features[f], fat);
        const std::string name = asString(fo.get("name"), fat + "/name");
        std::vector<std::string> present = strings(fo.get("present"), fat + "/present");
        std::vector<std::string> missing = strings(fo.get("missing"), fat + "/missing");
        d.valuesPresent += present.size();
        d.values += present.size() + missing.size();
        if (!missing.empty())
          d.missingValues.emplace_back(name, missing);
      }
      readCounts(o, "pairwise", at, d.pairsCovered, d.pairsFeasible);
      readCounts(o, "threeWise", at, d.triplesCovered, d.triplesFeasible);
      s.domains.push_back(std::move(d));
    }
    llvm::raw_string_ostream os(s.compactJson);
    os << *parsed;
    os.flush();
    out = std::move(s);
    return true;
  } catch (const jsonread::FormatError &e) {
    error = e.message;
    return false;
  }
}

} // namespace qi::generators
