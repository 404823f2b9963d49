//===- GoldenDesign.cpp - A greedy covering array over a coverage model ---===//
//
// Spec: docs/vendor-guide.md, "Coverage classes". AETG-style: each row starts
// from an uncovered feasible combination (a declared triple's first, then a
// pair's), then fixes the remaining features one at a time in a seeded
// order, each to the value that completes the most uncovered combinations
// among those the model still finds feasible with the values fixed so far
// (Model::feasible), so no row breaks a rule. A few such candidates are
// realized (qcast / dcast: GoldenDesignRealize.cpp; rescale:
// GoldenDesignRescale.cpp); the one whose case covers the most new
// combinations, as caseFeatures reads it back (multi-valued features count
// every value), is kept. A combination no candidate realizes after a number
// of tries is reported, never silently dropped.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenDesign.h"

#include "generators/GoldenCoverage.h"
#include "generators/Prng.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace qi::generators {

namespace {

using coverage::Model;

/// The combinations of some features (one, two or three) to cover:
/// feasibility and coverage per value combination, row-major.
struct Combo {
  std::vector<size_t> features;
  std::vector<size_t> sizes;
  std::vector<bool> feasible, covered;
  size_t left = 0; ///< feasible, not covered, not given up

  size_t index(const std::vector<size_t> &values) const { // values per feature of the row
    size_t i = 0;
    for (size_t k = 0; k < features.size(); ++k)
      i = i * sizes[k] + values[features[k]];
    return i;
  }
  std::vector<size_t> valuesAt(size_t i) const {
    std::vector<size_t> v(features.size());
    for (size_t k = features.size(); k-- > 0;) {
      v[k] = i % sizes[k];
      i /= sizes[k];
    }
    return v;
  }
};

using Realizer = std::optional<CaseParams> (*)(const std::vector<size_t> &, uint64_t);

class Designer {
public:
  Designer(const Model &m, Realizer realize, int strength, uint64_t seed)
      : m_(m), realize_(realize), rng_(seed), seed_(seed) {
    const size_t n = m.features().size();
    if (strength == 1) {
      for (size_t f = 0; f < n; ++f)
        add({f});
    } else {
      // Triples, then pairs, then the 4-wise combinations: their rows come
      // when every pair is covered, so each is the cheapest case that holds
      // its combination (ties go to fewer elements, bestRow).
      for (const coverage::Declared &t : m.declared())
        if (t.features.size() <= 3)
          add(t.features, m.declaredFeasible(t));
      for (size_t a = 0; a < n; ++a)
        for (size_t b = a + 1; b < n; ++b)
          add({a, b});
      for (const coverage::Declared &t : m.declared())
        if (t.features.size() > 3)
          add(t.features, m.declaredFeasible(t));
    }
  }

  DesignResult run() {
    DesignResult out;
    for (;;) {
      auto target = nextTarget();
      if (!target)
        break;
      auto [c, i] = *target;
      std::optional<DesignRow> row = bestRow(combos_[c], i);
      if (!row) {
        giveUp(c, i, out);
        continue;
      }
      cover(caseIndices(row->params));
      out.rows.push_back(std::move(*row));
    }
    return out;
  }

private:
  void add(std::vector<size_t> features, std::vector<bool> feasible = {}) {
    Combo c;
    c.features = features;
    for (size_t f : features)
      c.sizes.push_back(m_.features()[f].values.size());
    if (!feasible.empty()) {
      c.feasible = std::move(feasible);
    } else if (features.size() == 1) {
      for (size_t v = 0; v < c.sizes[0]; ++v)
        c.feasible.push_back(m_.feasible({{features[0], v}}));
    } else {
      c.feasible = m_.feasibleTable(features);
    }
    c.covered.assign(c.feasible.size(), false);
    c.left = size_t(std::count(c.feasible.begin(), c.feasible.end(), true));
    combos_.push_back(std::move(c));
  }

  /// The first combination still to cover, in the order of combos_.
  std::optional<std::pair<size_t, size_t>> nextTarget() const {
    for (size_t c = 0; c < combos_.size(); ++c) {
      if (!combos_[c].left)
        continue;
      for (size_t i = 0; i < combos_[c].feasible.size(); ++i)
        if (open(combos_[c], i))
          return std::make_pair(c, i);
    }
    return std::nullopt;
  }

  bool open(const Combo &c, size_t i) const { return c.feasible[i] && !c.covered[i]; }

  /// The row's value indices per feature read back from its case (multi).
  std::vector<std::vector<size_t>> caseIndices(const CaseParams &p) const {
    CaseFeatures f = caseFeatures(p);
    std::vector<std::vector<size_t>> idx(f.values.size());
    for (size_t k = 0; k < f.values.size(); ++k)
      for (const std::string &v : f.values[k])
        if (size_t j = m_.valueIndex(k, v);
            j != SIZE_MAX && std::find(idx[k].begin(), idx[k].end(), j) == idx[k].end())
          idx[k].push_back(j); // once: a value per parameter repeats
    return idx;
  }

  /// Calls `visit(combo, index)` for every combination the value sets hold.
  template <typename Visit>
  void forEachHeld(const std::vector<std::vector<size_t>> &idx, Visit visit) const {
    for (size_t c = 0; c < combos_.size(); ++c) {
      const Combo &k = combos_[c];
      std::vector<std::vector<size_t>> sets;
      for (size_t f : k.features)
        sets.push_back(idx[f]);
      coverage::forEachCombination(sets, k.sizes, [&](size_t i) { visit(c, i); });
    }
  }

  size_t gainOf(const std::vector<std::vector<size_t>> &idx) const {
    size_t n = 0;
    forEachHeld(idx, [&](size_t c, size_t i) { n += open(combos_[c], i); });
    return n;
  }

  void cover(const std::vector<std::vector<size_t>> &idx) {
    forEachHeld(idx, [&](size_t c, size_t i) {
      if (open(combos_[c], i)) {
        combos_[c].covered[i] = true;
        --combos_[c].left;
      }
    });
  }

  void giveUp(size_t c, size_t i, DesignResult &out) {
    Combo &k = combos_[c];
    std::vector<size_t> v = k.valuesAt(i);
    std::string text;
    for (size_t d = 0; d < v.size(); ++d)
      text += (d ? " & " : "") + m_.features()[k.features[d]].name + "=" +
              m_.features()[k.features[d]].values[v[d]];
    out.unrealized.push_back(text);
    k.covered[i] = true; // given up: not counted again
    --k.left;
  }

  /// New combinations completed by fixing feature f to v, the `set` ones fixed.
  size_t stepGain(const std::vector<size_t> &row, const std::vector<bool> &set, size_t f,
                  size_t v) const {
    size_t n = 0;
    std::vector<size_t> values = row;
    values[f] = v;
    for (const Combo &k : combos_) {
      if (!k.left || std::find(k.features.begin(), k.features.end(), f) == k.features.end())
        continue;
      bool complete = std::all_of(k.features.begin(), k.features.end(),
                                  [&](size_t g) { return g == f || set[g]; });
      if (complete && open(k, k.index(values)))
        ++n;
    }
    return n;
  }

  /// One completion of the target: greedy (try 0) or with random values
  /// among the feasible ones (later tries, to find a realizable row).
  std::optional<std::vector<size_t>> complete(const Combo &target, size_t i, bool greedy) {
    const size_t n = m_.features().size();
    std::vector<size_t> row(n, 0);
    std::vector<bool> set(n, false);
    coverage::Assignment fixed;
    std::vector<size_t> tv = target.valuesAt(i);
    for (size_t d = 0; d < tv.size(); ++d) {
      row[target.features[d]] = tv[d];
      set[target.features[d]] = true;
      fixed.push_back({target.features[d], tv[d]});
    }
    std::vector<size_t> order;
    for (size_t f = 0; f < n; ++f)
      if (!set[f])
        order.push_back(f);
    for (size_t k = order.size(); k > 1; --k)
      std::swap(order[k - 1], order[rng_.below(k)]);
    for (size_t f : order) {
      const size_t nv = m_.features()[f].values.size(), start = rng_.below(nv);
      size_t best = SIZE_MAX, bestGain = 0;
      for (size_t s = 0; s < nv; ++s) {
        size_t v = (start + s) % nv;
        fixed.push_back({f, v});
        const bool ok = m_.feasible(fixed);
        fixed.pop_back();
        if (!ok)
          continue;
        size_t g = greedy ? stepGain(row, set, f, v) : 0;
        if (best == SIZE_MAX || g > bestGain) {
          best = v;
          bestGain = g;
        }
        if (!greedy)
          break;
      }
      if (best == SIZE_MAX)
        return std::nullopt; // cannot happen: the partial assignment was feasible
      row[f] = best;
      set[f] = true;
      fixed.push_back({f, best});
    }
    return row;
  }

  /// Fewer elements listed in its file, then fewer at run time (a tiled
  /// case's whole tensor).
  static bool cheaper(const CaseParams &a, const CaseParams &b) {
    auto runtime = [](const CaseParams &p) {
      return p.shapeKind == ShapeKind::Scalar ? int64_t(1) : numElements(p.shape);
    };
    return std::make_pair(listedElementCount(a), runtime(a)) <
           std::make_pair(listedElementCount(b), runtime(b));
  }

  /// The best realized row around combination i of `target`: a few greedy
  /// completions, then random ones until one realizes.
  std::optional<DesignRow> bestRow(const Combo &target, size_t i) {
    constexpr int kGreedy = 4, kTries = 40;
    std::optional<DesignRow> best;
    size_t bestGain = 0;
    for (int t = 0; t < kTries; ++t) {
      if (t >= kGreedy && best)
        break;
      std::optional<std::vector<size_t>> row = complete(target, i, t < kGreedy);
      if (!row)
        continue;
      const uint64_t salt = seed_ ^ (uint64_t(rowsMade_) * 0x9e3779b97f4a7c15ull + uint64_t(t));
      std::optional<CaseParams> p = realize_(*row, salt);
      if (!p)
        continue;
      // The case must hold the target (a row's block kind may be exempt).
      const std::vector<std::vector<size_t>> idx = caseIndices(*p);
      std::vector<size_t> tv = target.valuesAt(i);
      bool holds = true;
      for (size_t d = 0; d < tv.size(); ++d) {
        const std::vector<size_t> &have = idx[target.features[d]];
        holds &= std::find(have.begin(), have.end(), tv[d]) != have.end();
      }
      if (!holds)
        continue;
      size_t g = gainOf(idx);
      if (!best || g > bestGain || (g == bestGain && cheaper(*p, best->params))) {
        best = DesignRow{*row, std::move(*p)};
        bestGain = g;
      }
    }
    if (best)
      ++rowsMade_;
    return best;
  }

  const Model &m_;
  Realizer realize_;
  SplitMix64 rng_;
  uint64_t seed_;
  size_t rowsMade_ = 0;
  std::vector<Combo> combos_;
};

} // namespace

DesignResult designRows(DesignModel model, int strength, uint64_t seed) {
  if (strength != 1 && strength != 2)
    throw std::invalid_argument("designRows: strength " + std::to_string(strength) +
                                " (expected 1: values, or 2: pairs and the declared triples)");
  switch (model) {
  case DesignModel::Rescale:
    return Designer(*coverageModels()[1], realizeRescaleRow, strength, seed).run();
  case DesignModel::Cast: break;
  }
  return Designer(*coverageModels()[0], realizeRow, strength, seed).run();
}

DesignResult designRows(int strength, uint64_t seed) {
  return designRows(DesignModel::Cast, strength, seed);
}

std::vector<CaseParams> designCases(DesignModel model, int strength, uint64_t seed) {
  std::vector<CaseParams> out;
  for (DesignRow &r : designRows(model, strength, seed).rows)
    out.push_back(std::move(r.params));
  return out;
}

std::vector<CaseParams> designCases(int strength, uint64_t seed) {
  return designCases(DesignModel::Cast, strength, seed);
}

} // namespace qi::generators
