//===- GoldenCoverageModel.h - Features, feasibility, combination counts -*- C++ -*-===//
//
// Spec: docs/vendor-guide.md, "Coverage classes". The generic part of the
// golden levels' coverage measure: a Model is a list of features (each a
// list of value names) and of rules, each rule one forbidden combination
// ("rank=0 & traits!=plain"). A combination of values is feasible when some
// complete assignment (one value per feature) holds it and breaks no rule:
// the rules need only state what MLIR's types and the ops forbid directly,
// the search finds what follows from them. A Counter adds cases (each a set
// of values per feature) and counts which values (1-wise), which value pairs
// of every two features and which value combinations of the model's
// declared interacting features (three or four of them) the cases cover,
// against the feasible ones.
//
// The models of the golden levels (qcast / dcast, rescale, TOSA operators)
// and the feature extraction from CaseParams are in GoldenCoverageFeatures.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENCOVERAGEMODEL_H
#define QI_GENERATORS_GOLDENCOVERAGEMODEL_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qi::generators::coverage {

struct Feature {
  std::string name;
  std::vector<std::string> values;
};

/// One forbidden combination: broken by an assignment that gives every
/// term's feature one of the term's values.
struct Rule {
  struct Term {
    size_t feature = 0;
    std::vector<bool> values; ///< indexed by value
  };
  std::vector<Term> terms;
  std::string text; ///< as written: "granularity=per-layer & validity=rejection"
  std::string why;  ///< the MLIR / TOSA fact behind it
};

/// (feature, value) pairs of a partial assignment.
using Assignment = std::vector<std::pair<size_t, size_t>>;

/// Declared interacting features. With `only` set, the last feature is held
/// at that value: only those combinations count (e.g. `validity=value`: the
/// cases that run, not the ones refused).
struct Declared {
  std::vector<size_t> features;
  size_t only = SIZE_MAX; ///< a value index of features.back(), or none
};

class Model {
public:
  Model(std::string name, std::string title, std::vector<Feature> features);

  /// Adds a rule written `f=a|b & g!=c` (terms joined by `&`; `!=` is every
  /// other value). Throws std::logic_error naming an unknown feature or
  /// value, a feature named twice, or an empty term (a bug of the model).
  void forbid(std::string_view text, std::string why);
  /// Declares interacting features, three or four of them, whose every
  /// feasible value combination is counted (3- or 4-wise); `only`
  /// (`FEATURE=VALUE`) counts just the combinations with that value too.
  /// Throws std::logic_error for another count, a feature named twice or an
  /// unknown value.
  void addCombination(std::vector<std::string_view> features, std::string_view only = {});

  const std::string &name() const { return name_; }   ///< "qcast-dcast"
  const std::string &title() const { return title_; } ///< "qcast / dcast"
  const std::vector<Feature> &features() const { return features_; }
  const std::vector<Rule> &rules() const { return rules_; }
  const std::vector<Declared> &declared() const { return declared_; }
  /// feasibleTable(d.features), the combinations `only` excludes false.
  std::vector<bool> declaredFeasible(const Declared &d) const;
  /// Throws std::logic_error for an unknown name.
  size_t featureIndex(std::string_view name) const;
  /// The value's index, or SIZE_MAX when the feature has no such value.
  size_t valueIndex(size_t feature, std::string_view value) const;

  /// Whether some complete assignment that contains `fixed` breaks no rule.
  bool feasible(const Assignment &fixed) const;
  /// For the features `combo` (2 to 4 of them): feasibility of every value
  /// combination, row-major (the last feature's value fastest). Cached.
  const std::vector<bool> &feasibleTable(const std::vector<size_t> &combo) const;

private:
  bool broken(const Rule &r, const std::vector<int> &values) const;
  bool consistent(size_t feature, const std::vector<int> &values) const;
  bool extend(std::vector<int> &values) const;

  std::string name_, title_;
  std::vector<Feature> features_;
  std::vector<Rule> rules_;
  std::vector<std::vector<size_t>> rulesOf_; ///< feature -> rules naming it
  std::vector<Declared> declared_;
  mutable std::mutex cacheMutex_;
  mutable std::map<std::vector<size_t>, std::vector<bool>> cache_;
};

/// Calls `visit(i)` for every combination of one value from each of `sets`
/// (a case's values of some features), `i` its row-major index over `sizes`
/// (each feature's value count, the last fastest); none if a set is empty.
template <typename Visit>
void forEachCombination(const std::vector<std::vector<size_t>> &sets,
                        const std::vector<size_t> &sizes, Visit visit) {
  for (const std::vector<size_t> &s : sets)
    if (s.empty())
      return;
  std::vector<size_t> pick(sets.size(), 0);
  for (;;) {
    size_t i = 0;
    for (size_t k = 0; k < sets.size(); ++k)
      i = i * sizes[k] + sets[k][pick[k]];
    visit(i);
    size_t k = sets.size();
    while (k > 0 && ++pick[k - 1] == sets[k - 1].size())
      pick[--k] = 0;
    if (k == 0)
      return;
  }
}

/// One case's values: per feature (model order) the values it has; a
/// multi-valued feature (scale classes, zero-point classes, shape traits)
/// lists several, a feature that does not apply to the case may list none.
using CaseValues = std::vector<std::vector<std::string>>;

/// The coverage of the value combinations of two to four features.
struct ComboCoverage {
  std::vector<size_t> features;
  size_t feasible = 0, covered = 0;
  std::vector<std::vector<size_t>> missing;    ///< feasible, not covered (value indices, row-major order)
  std::vector<std::vector<size_t>> infeasible; ///< covered, yet the rules forbid them (a wrong rule)
};

struct DomainCoverage {
  const Model *model = nullptr;
  size_t cases = 0;
  std::vector<std::vector<size_t>> valueCounts;  ///< feature -> value -> cases with it
  std::vector<std::vector<std::string>> outside; ///< feature -> values outside the model (sorted)
  std::vector<ComboCoverage> pairs;              ///< every two features, (0,1), (0,2), ...
  std::vector<ComboCoverage> declared;           ///< the model's declared combinations, in order
  /// "case K breaks RULE": a case the rules call impossible (a wrong rule);
  /// the first 20, and how many in all.
  std::vector<std::string> contradictions;
  size_t contradictionCount = 0;

  size_t valuesPresent() const;
  size_t valueCount() const;
  static std::pair<size_t, size_t> totals(const std::vector<ComboCoverage> &v); ///< covered, feasible
};

/// Accumulates cases of one model (constant memory: one bit per value
/// combination of each pair and declared combination).
class Counter {
public:
  explicit Counter(const Model &model);
  /// Throws std::logic_error when `values` does not have one entry per feature.
  void add(const CaseValues &values);
  DomainCoverage result() const;

private:
  const Model &model_;
  size_t cases_ = 0;
  std::vector<std::vector<size_t>> valueCounts_;
  std::vector<std::vector<std::string>> outside_;
  std::vector<std::vector<size_t>> pairFeatures_;
  std::vector<std::vector<bool>> pairSeen_, declaredSeen_;
  std::vector<std::string> contradictions_;
  size_t contradictionCount_ = 0;
};

} // namespace qi::generators::coverage

#endif
