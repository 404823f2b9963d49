//===- GoldenCoverageModel.cpp - Features, feasibility, combination counts ===//
//
// Spec: docs/vendor-guide.md, "Coverage classes".
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenCoverageModel.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace qi::generators::coverage {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ')
    s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ')
    s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    size_t end = s.find(sep, start);
    parts.push_back(trim(s.substr(start, end == std::string_view::npos ? end : end - start)));
    if (end == std::string_view::npos)
      return parts;
    start = end + 1;
  }
}

/// Every value combination of `sizes`, row-major (last fastest).
size_t comboCount(const std::vector<size_t> &sizes) {
  size_t n = 1;
  for (size_t s : sizes)
    n *= s;
  return n;
}

std::vector<size_t> comboValues(size_t index, const std::vector<size_t> &sizes) {
  std::vector<size_t> v(sizes.size());
  for (size_t k = sizes.size(); k-- > 0;) {
    v[k] = index % sizes[k];
    index /= sizes[k];
  }
  return v;
}

} // namespace

Model::Model(std::string name, std::string title, std::vector<Feature> features)
    : name_(std::move(name)), title_(std::move(title)), features_(std::move(features)),
      rulesOf_(features_.size()) {}

size_t Model::featureIndex(std::string_view name) const {
  for (size_t f = 0; f < features_.size(); ++f)
    if (features_[f].name == name)
      return f;
  throw std::logic_error("coverage model " + name_ + ": no feature '" + std::string(name) + "'");
}

size_t Model::valueIndex(size_t feature, std::string_view value) const {
  const std::vector<std::string> &values = features_.at(feature).values;
  auto it = std::find(values.begin(), values.end(), value);
  return it == values.end() ? SIZE_MAX : size_t(it - values.begin());
}

void Model::forbid(std::string_view text, std::string why) {
  Rule rule;
  rule.text = std::string(text);
  rule.why = std::move(why);
  auto bad = [&](const std::string &problem) {
    return std::logic_error("coverage model " + name_ + ", rule '" + rule.text + "': " + problem);
  };
  for (std::string_view term : split(text, '&')) {
    size_t eq = term.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw bad("term '" + std::string(term) + "' is not FEATURE=VALUES or FEATURE!=VALUES");
    const bool negated = term[eq - 1] == '!';
    const size_t f = featureIndex(trim(term.substr(0, negated ? eq - 1 : eq)));
    for (const Rule::Term &t : rule.terms)
      if (t.feature == f)
        throw bad("feature " + features_[f].name + " named twice");
    Rule::Term t{f, std::vector<bool>(features_[f].values.size(), negated)};
    for (std::string_view v : split(term.substr(eq + 1), '|')) {
      size_t k = valueIndex(f, v);
      if (k == SIZE_MAX)
        throw bad("feature " + features_[f].name + " has no value '" + std::string(v) + "'");
      t.values[k] = !negated;
    }
    if (std::none_of(t.values.begin(), t.values.end(), [](bool b) { return b; }))
      throw bad("term '" + std::string(term) + "' matches no value");
    rule.terms.push_back(std::move(t));
  }
  for (const Rule::Term &t : rule.terms)
    rulesOf_[t.feature].push_back(rules_.size());
  rules_.push_back(std::move(rule));
  std::lock_guard<std::mutex> lock(cacheMutex_);
  cache_.clear();
}

void Model::addCombination(std::vector<std::string_view> features, std::string_view only) {
  if (features.size() < 3 || features.size() > 4)
    throw std::logic_error("coverage model " + name_ + ": a declared combination has " +
                           std::to_string(features.size()) + " features (expected 3 or 4)");
  size_t eq = only.find('=');
  if (!only.empty()) {
    if (eq == std::string_view::npos)
      throw std::logic_error("coverage model " + name_ + ": '" + std::string(only) +
                             "' is not FEATURE=VALUE");
    features.push_back(only.substr(0, eq));
  }
  Declared d;
  for (std::string_view f : features) {
    size_t k = featureIndex(f);
    if (std::find(d.features.begin(), d.features.end(), k) != d.features.end())
      throw std::logic_error("coverage model " + name_ + ": a declared combination names " +
                             std::string(f) + " twice");
    d.features.push_back(k);
  }
  if (!only.empty()) {
    d.only = valueIndex(d.features.back(), only.substr(eq + 1));
    if (d.only == SIZE_MAX)
      throw std::logic_error("coverage model " + name_ + ": no value '" + std::string(only) + "'");
  }
  declared_.push_back(std::move(d));
}

std::vector<bool> Model::declaredFeasible(const Declared &d) const {
  std::vector<bool> table = feasibleTable(d.features);
  if (d.only != SIZE_MAX) {
    const size_t n = features_[d.features.back()].values.size();
    for (size_t i = 0; i < table.size(); ++i)
      if (i % n != d.only) // the last feature varies fastest
        table[i] = false;
  }
  return table;
}

bool Model::broken(const Rule &r, const std::vector<int> &values) const {
  for (const Rule::Term &t : r.terms)
    if (values[t.feature] < 0 || !t.values[size_t(values[t.feature])])
      return false;
  return true;
}

bool Model::consistent(size_t feature, const std::vector<int> &values) const {
  for (size_t r : rulesOf_[feature])
    if (broken(rules_[r], values))
      return false;
  return true;
}

// Backtracking with forward checking: assign next the feature with the
// fewest values left (the rules are short, so a dead end shows within a
// step or two of its cause).
bool Model::extend(std::vector<int> &values) const {
  size_t best = SIZE_MAX;
  std::vector<size_t> bestValues;
  for (size_t f = 0; f < features_.size(); ++f) {
    if (values[f] >= 0)
      continue;
    std::vector<size_t> ok;
    for (size_t v = 0; v < features_[f].values.size(); ++v) {
      values[f] = int(v);
      if (consistent(f, values))
        ok.push_back(v);
    }
    values[f] = -1;
    if (ok.empty())
      return false;
    if (best == SIZE_MAX || ok.size() < bestValues.size()) {
      best = f;
      bestValues = std::move(ok);
    }
  }
  if (best == SIZE_MAX)
    return true;
  for (size_t v : bestValues) {
    values[best] = int(v);
    if (extend(values))
      return true;
  }
  values[best] = -1;
  return false;
}

bool Model::feasible(const Assignment &fixed) const {
  std::vector<int> values(features_.size(), -1);
  for (auto [f, v] : fixed) {
    if (values.at(f) >= 0 && values[f] != int(v))
      return false;
    values[f] = int(v);
  }
  for (const Rule &r : rules_)
    if (broken(r, values))
      return false;
  return extend(values);
}

const std::vector<bool> &Model::feasibleTable(const std::vector<size_t> &combo) const {
  std::lock_guard<std::mutex> lock(cacheMutex_);
  auto it = cache_.find(combo);
  if (it != cache_.end())
    return it->second;
  std::vector<size_t> sizes;
  for (size_t f : combo)
    sizes.push_back(features_.at(f).values.size());
  std::vector<bool> table(comboCount(sizes));
  for (size_t i = 0; i < table.size(); ++i) {
    std::vector<size_t> v = comboValues(i, sizes);
    Assignment a;
    for (size_t k = 0; k < combo.size(); ++k)
      a.push_back({combo[k], v[k]});
    table[i] = feasible(a);
  }
  return cache_.emplace(combo, std::move(table)).first->second;
}

size_t DomainCoverage::valuesPresent() const {
  size_t n = 0;
  for (const std::vector<size_t> &counts : valueCounts)
    n += size_t(std::count_if(counts.begin(), counts.end(), [](size_t c) { return c > 0; }));
  return n;
}

size_t DomainCoverage::valueCount() const {
  size_t n = 0;
  for (const std::vector<size_t> &counts : valueCounts)
    n += counts.size();
  return n;
}

std::pair<size_t, size_t> DomainCoverage::totals(const std::vector<ComboCoverage> &v) {
  std::pair<size_t, size_t> t{0, 0};
  for (const ComboCoverage &c : v) {
    t.first += c.covered;
    t.second += c.feasible;
  }
  return t;
}

Counter::Counter(const Model &model)
    : model_(model), valueCounts_(model.features().size()), outside_(model.features().size()) {
  const std::vector<Feature> &fs = model.features();
  for (size_t f = 0; f < fs.size(); ++f)
    valueCounts_[f].assign(fs[f].values.size(), 0);
  for (size_t a = 0; a < fs.size(); ++a)
    for (size_t b = a + 1; b < fs.size(); ++b) {
      pairFeatures_.push_back({a, b});
      pairSeen_.emplace_back(fs[a].values.size() * fs[b].values.size(), false);
    }
  for (const Declared &t : model.declared()) {
    std::vector<size_t> sizes;
    for (size_t f : t.features)
      sizes.push_back(fs[f].values.size());
    declaredSeen_.emplace_back(comboCount(sizes), false);
  }
}

void Counter::add(const CaseValues &values) {
  const std::vector<Feature> &fs = model_.features();
  if (values.size() != fs.size())
    throw std::logic_error("coverage model " + model_.name() + ": a case has " +
                           std::to_string(values.size()) + " features, the model " +
                           std::to_string(fs.size()));
  // Value indices per feature; names outside the model are noted apart.
  std::vector<std::vector<size_t>> idx(fs.size());
  for (size_t f = 0; f < fs.size(); ++f) {
    for (const std::string &v : values[f]) {
      size_t k = model_.valueIndex(f, v);
      if (k == SIZE_MAX) {
        auto &out = outside_[f];
        if (std::find(out.begin(), out.end(), v) == out.end())
          out.insert(std::upper_bound(out.begin(), out.end(), v), v);
      } else if (std::find(idx[f].begin(), idx[f].end(), k) == idx[f].end()) {
        idx[f].push_back(k);
      }
    }
    for (size_t k : idx[f])
      ++valueCounts_[f][k];
  }
  for (size_t p = 0; p < pairFeatures_.size(); ++p) {
    size_t a = pairFeatures_[p][0], b = pairFeatures_[p][1], nb = fs[b].values.size();
    for (size_t va : idx[a])
      for (size_t vb : idx[b])
        pairSeen_[p][va * nb + vb] = true;
  }
  for (size_t t = 0; t < model_.declared().size(); ++t) {
    const Declared &d = model_.declared()[t];
    std::vector<std::vector<size_t>> sets;
    std::vector<size_t> sizes;
    for (size_t f : d.features) {
      sets.push_back(idx[f]);
      sizes.push_back(fs[f].values.size());
    }
    if (d.only != SIZE_MAX) { // just the combinations with that value
      std::vector<size_t> &last = sets.back();
      last = std::find(last.begin(), last.end(), d.only) == last.end()
                 ? std::vector<size_t>{}
                 : std::vector<size_t>{d.only};
    }
    forEachCombination(sets, sizes, [&](size_t i) { declaredSeen_[t][i] = true; });
  }
  // A rule is broken by a case that has, for every term, one of its values.
  for (const Rule &r : model_.rules()) {
    bool all = std::all_of(r.terms.begin(), r.terms.end(), [&](const Rule::Term &t) {
      return std::any_of(idx[t.feature].begin(), idx[t.feature].end(),
                         [&](size_t k) { return bool(t.values[k]); });
    });
    if (!all)
      continue;
    if (++contradictionCount_ <= 20)
      contradictions_.push_back("case " + std::to_string(cases_) + " breaks '" + r.text + "'");
  }
  ++cases_;
}

DomainCoverage Counter::result() const {
  DomainCoverage d;
  d.model = &model_;
  d.cases = cases_;
  d.valueCounts = valueCounts_;
  d.outside = outside_;
  d.contradictions = contradictions_;
  d.contradictionCount = contradictionCount_;
  const std::vector<Feature> &fs = model_.features();
  auto measure = [&](const std::vector<size_t> &features, const std::vector<bool> &seen,
                     const std::vector<bool> &feasible) {
    ComboCoverage c;
    c.features = features;
    std::vector<size_t> sizes;
    for (size_t f : features)
      sizes.push_back(fs[f].values.size());
    for (size_t i = 0; i < seen.size(); ++i) {
      if (feasible[i]) {
        ++c.feasible;
        if (seen[i])
          ++c.covered;
        else
          c.missing.push_back(comboValues(i, sizes));
      } else if (seen[i]) {
        c.infeasible.push_back(comboValues(i, sizes));
      }
    }
    return c;
  };
  for (size_t p = 0; p < pairFeatures_.size(); ++p)
    d.pairs.push_back(
        measure(pairFeatures_[p], pairSeen_[p], model_.feasibleTable(pairFeatures_[p])));
  for (size_t t = 0; t < model_.declared().size(); ++t)
    d.declared.push_back(measure(model_.declared()[t].features, declaredSeen_[t],
                                 model_.declaredFeasible(model_.declared()[t])));
  return d;
}

} // namespace qi::generators::coverage
