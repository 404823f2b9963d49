//===- Diagnosis.cpp - Which known semantics a backend implements ---------===//
#include "conformance/runner/Diagnosis.h"
#include "conformance/runner/Judge.h"
#include "generators/GoldenExpected.h"
#include "generators/GoldenRescale.h"

#include <algorithm>

namespace qi::conform {
using generators::GoldenCase;
using generators::Op;

namespace {

constexpr numeric::RoundingMode kModes[] = {
    numeric::RoundingMode::NearestEven,    numeric::RoundingMode::NearestAway,
    numeric::RoundingMode::NearestUp,      numeric::RoundingMode::TowardZero,
    numeric::RoundingMode::TowardPositive, numeric::RoundingMode::TowardNegative,
    numeric::RoundingMode::Odd};
constexpr quant::NanPolicy kNanPolicies[] = {
    quant::NanPolicy::Poison, quant::NanPolicy::Qmin, quant::NanPolicy::Qmax,
    quant::NanPolicy::ZeroPoint, quant::NanPolicy::Zero, quant::NanPolicy::Indefinite};
constexpr quant::OverflowPolicy kOverflowPolicies[] = {
    quant::OverflowPolicy::Saturate, quant::OverflowPolicy::Poison, quant::OverflowPolicy::Wrap,
    quant::OverflowPolicy::Indefinite};

std::vector<SemanticsVariant> buildVariants() {
  std::vector<SemanticsVariant> all;
  for (std::string_view profile : quant::profileNames()) {
    quant::Semantics base = *quant::findProfile(profile);
    std::string name(profile);
    all.push_back({name, base, true});
    auto add = [&](const std::string &knob, quant::Semantics s) {
      all.push_back({name + " " + knob, s, false});
    };
    for (numeric::RoundingMode m : kModes)
      if (m != base.rounding) {
        quant::Semantics s = base;
        s.rounding = m;
        add("--rounding=" + std::string(numeric::roundingModeName(m)), s);
      }
    if (base.arithRounding) {
      quant::Semantics s = base;
      s.arithRounding = std::nullopt;
      add("--arith-rounding=exact", s);
      for (numeric::RoundingMode m : kModes)
        if (m != *base.arithRounding && m != numeric::RoundingMode::Odd) {
          s.arithRounding = m;
          add("--arith-rounding=" + std::string(numeric::roundingModeName(m)), s);
        }
    }
    for (quant::NanPolicy p : kNanPolicies)
      if (p != base.nan) {
        quant::Semantics s = base;
        s.nan = p;
        add("--nan-policy=" + std::string(quant::nanPolicyName(p)), s);
      }
    for (quant::OverflowPolicy p : kOverflowPolicies)
      if (p != base.overflow) {
        quant::Semantics s = base;
        s.overflow = p;
        add("--overflow-policy=" + std::string(quant::overflowPolicyName(p)), s);
      }
  }
  return all;
}

struct Scored {
  DiagnosisMatch match;
  size_t dontCareUsed = 0; ///< backend-defined elements the variant leaves undefined
  bool isProfile = false;
  size_t order = 0;
};

/// Exact matches first (named profiles / recipes before knob variants, then
/// the fewest undefined elements leaned on), at most `keep`; if none is
/// exact, the best `keep` partial matches.
std::vector<DiagnosisMatch> ranked(std::vector<Scored> scored, size_t keep) {
  std::stable_sort(scored.begin(), scored.end(), [](const Scored &a, const Scored &b) {
    if (a.match.exact() != b.match.exact())
      return a.match.exact();
    if (!a.match.exact() && a.match.matched != b.match.matched)
      return a.match.matched > b.match.matched;
    // A named profile (a known backend recipe) is the headline; among equals,
    // the variant that leans least on undefined elements explains most.
    if (a.isProfile != b.isProfile)
      return a.isProfile;
    if (a.dontCareUsed != b.dontCareUsed)
      return a.dontCareUsed < b.dontCareUsed;
    return a.order < b.order;
  });
  std::vector<DiagnosisMatch> result;
  bool anyExact = !scored.empty() && scored.front().match.exact();
  for (const Scored &s : scored) {
    if (result.size() == keep || (anyExact && !s.match.exact()))
      break;
    result.push_back(s.match);
  }
  return result;
}

} // namespace

const std::vector<SemanticsVariant> &semanticsVariants() {
  static const std::vector<SemanticsVariant> variants = buildVariants();
  return variants;
}

namespace {

/// Counts how many of the backend's `n` elements `variant` reproduces: every
/// element the variant leaves undefined (`undefined`) is allowed whatever
/// the backend does (counted in dontCareUsed when the backend defines it);
/// a defined one must be defined by the backend too and `sameValue(i)`.
template <typename SameValue>
void countMatches(size_t n, const std::vector<bool> &undefined, const BackendOutput &out,
                  Scored &s, SameValue sameValue) {
  for (size_t i = 0; i < n; ++i) {
    const bool backendUndefined = i < out.poison.size() && out.poison[i];
    ++s.match.compared;
    if (undefined[i]) {
      ++s.match.matched;
      s.dontCareUsed += backendUndefined ? 0 : 1;
    } else if (!backendUndefined && sameValue(i)) {
      ++s.match.matched;
    }
  }
}

/// A rescale case: each requantize recipe's outputs (requant's own code, as
/// the golden suite was made), the recipe that reproduces the backend named.
std::vector<Scored> scoreRecipes(const GoldenCase &c, const BackendOutput &out) {
  std::vector<Scored> scored;
  const size_t n = c.numInputs();
  const auto &recipes = requant::allRecipes();
  for (size_t v = 0; v < recipes.size(); ++v) {
    const std::string name(requant::recipeName(recipes[v]));
    generators::ExpectedOutput e;
    std::string error;
    // A recipe that computes no value at all for the case explains nothing.
    if (!generators::evaluateRecipe(c, name, e, error) || (n > 0 && e.poison.size() == n))
      continue;
    std::vector<bool> undefined(n, false);
    for (int64_t i : e.poison)
      undefined[size_t(i)] = true;
    Scored s;
    s.match.variant = name;
    s.match.description = e.description;
    s.isProfile = true;
    s.order = v;
    countMatches(n, undefined, out, s,
                 [&](size_t i) { return rescaleValueAllowed(e, i, out.stored[i]); });
    scored.push_back(std::move(s));
  }
  return scored;
}

} // namespace

std::vector<DiagnosisMatch> diagnose(const GoldenCase &c, const BackendOutput &out, size_t keep) {
  std::vector<DiagnosisMatch> result;
  if (out.status != BackendOutput::Status::Values || c.rejection)
    return result;
  if (c.isRescale())
    return ranked(scoreRecipes(c, out), keep);
  const bool qcast = c.params.op == Op::QCast;
  const size_t n = c.numInputs();
  std::vector<Scored> scored;
  const std::vector<SemanticsVariant> &variants = semanticsVariants();
  for (size_t v = 0; v < variants.size(); ++v) {
    generators::ExpectedOutput e;
    std::string error;
    if (!generators::evaluateSemantics(c, variants[v].semantics, variants[v].name, e, error))
      continue;
    const bool nanBitsFree = nanBitsUnspecified(variants[v].name);
    std::vector<bool> undefined(n, false);
    for (int64_t i : e.poison)
      undefined[size_t(i)] = true;
    Scored s;
    s.match.variant = variants[v].name;
    s.match.description = e.description;
    s.isProfile = variants[v].isProfile;
    s.order = v;
    // A variant reproduces the backend when every element it defines is
    // defined by the backend too, with the same value; where the variant
    // leaves an element undefined, anything the backend does is allowed.
    countMatches(n, undefined, out, s, [&](size_t i) {
      return qcast ? out.stored[i] == e.stored[i]
                   : sameFloat(*c.params.type.expressed, e.floats[i], out.floats[i], nanBitsFree);
    });
    scored.push_back(std::move(s));
  }
  return ranked(std::move(scored), keep);
}

} // namespace qi::conform
