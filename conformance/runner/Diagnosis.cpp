//===- Diagnosis.cpp - Which known semantics a backend implements ---------===//
#include "conformance/runner/Diagnosis.h"
#include "conformance/runner/Judge.h"
#include "interpreter/numeric/FloatCodec.h"
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
  bool isProfile = false;
  size_t order = 0;
};

bool ranksBefore(const Scored &a, const Scored &b) {
  const DiagnosisMatch &x = a.match, &y = b.match;
  if (x.explains() != y.explains())
    return x.explains();
  if (x.reproduced != y.reproduced)
    return x.reproduced > y.reproduced;
  // Defined mismatching elements it gets wrong: evidence against it.
  if (x.defined - x.reproduced != y.defined - y.reproduced)
    return x.defined - x.reproduced < y.defined - y.reproduced;
  if (x.undefined != y.undefined)
    return x.undefined < y.undefined;
  if (x.contradicted != y.contradicted)
    return x.contradicted < y.contradicted;
  if (a.isProfile != b.isProfile)
    return a.isProfile;
  return a.order < b.order;
}

std::vector<DiagnosisMatch> ranked(std::vector<Scored> scored) {
  std::stable_sort(scored.begin(), scored.end(), ranksBefore);
  std::vector<DiagnosisMatch> result;
  result.reserve(scored.size());
  for (Scored &s : scored)
    result.push_back(std::move(s.match));
  return result;
}

} // namespace

const std::vector<SemanticsVariant> &semanticsVariants() {
  static const std::vector<SemanticsVariant> variants = buildVariants();
  return variants;
}

namespace {

/// Scores a candidate against the backend on every element: on a
/// mismatching element (`mismatching`) it is undefined (`undefined(i)`:
/// poison, or a relaxed NaN the backend also gives as a NaN), reproduced or
/// defined otherwise; on any other element a defined value the backend does
/// not give contradicts it.
template <typename Undefined, typename SameValue>
void score(size_t n, const std::vector<bool> &mismatching, const BackendOutput &out, Scored &s,
           Undefined undefined, SameValue sameValue) {
  for (size_t i = 0; i < n; ++i) {
    if (undefined(i)) {
      s.match.undefined += mismatching[i];
      continue;
    }
    const bool backendUndefined = i < out.poison.size() && out.poison[i];
    const bool same = !backendUndefined && sameValue(i);
    if (mismatching[i]) {
      ++s.match.defined;
      s.match.reproduced += same;
    } else if (!same) {
      ++s.match.contradicted;
    }
  }
}

/// A rescale case: each requantize recipe's outputs (requant's own code, as
/// the golden suite was made), the recipe that reproduces the backend named.
std::vector<Scored> scoreRecipes(const GoldenCase &c, const BackendOutput &out,
                                 const std::vector<bool> &mismatching) {
  std::vector<Scored> scored;
  const size_t n = c.numOutputs();
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
    score(n, mismatching, out, s, [&](size_t i) { return bool(undefined[i]); },
          [&](size_t i) { return rescaleValueAllowed(e, i, out.stored[i]); });
    scored.push_back(std::move(s));
  }
  return scored;
}

} // namespace

std::vector<DiagnosisMatch> rankCandidates(const GoldenCase &c, const BackendOutput &out,
                                           const std::string &expectedName) {
  if (out.status != BackendOutput::Status::Values || c.rejection)
    return {};
  const std::vector<bool> mismatching = mismatchingElements(c, expectedName, out);
  const size_t n = c.numOutputs();
  if (mismatching.size() != n)
    return {};
  if (c.isRescale())
    return ranked(scoreRecipes(c, out, mismatching));
  if (c.isTosaOp())
    return {}; // one defined result: no variant semantics to rank
  const bool qcast = c.params.op == Op::QCast;
  const numeric::FloatFormat &format = *c.params.type.expressed;
  std::vector<Scored> scored;
  const std::vector<SemanticsVariant> &variants = semanticsVariants();
  for (size_t v = 0; v < variants.size(); ++v) {
    generators::ExpectedOutput e;
    std::string error;
    if (!generators::evaluateSemantics(c, variants[v].semantics, variants[v].name, e, error))
      continue;
    const bool nanBitsFree = nanBitsUnspecified(variants[v].name);
    std::vector<bool> poison(n, false);
    for (int64_t i : e.poison)
      poison[size_t(i)] = true;
    Scored s;
    s.match.variant = variants[v].name;
    s.match.description = e.description;
    s.isProfile = variants[v].isProfile;
    s.order = v;
    // [conform.nan-bits] A NaN whose sign and payload the variant leaves
    // unspecified defines only "a NaN": the backend's NaN there is no
    // evidence for the variant (undefined), a non-NaN contradicts it.
    auto undefined = [&](size_t i) {
      if (poison[i])
        return true;
      return !qcast && nanBitsFree && numeric::isNaN(format, e.floats[i]) &&
             !(i < out.poison.size() && out.poison[i]) && numeric::isNaN(format, out.floats[i]);
    };
    score(n, mismatching, out, s, undefined, [&](size_t i) {
      return qcast ? out.stored[i] == e.stored[i] : e.floats[i] == out.floats[i];
    });
    scored.push_back(std::move(s));
  }
  return ranked(std::move(scored));
}

void diagnoseCase(const GoldenCase &c, const BackendOutput &out, const std::string &expectedName,
                  size_t keep, CaseResult &r) {
  std::vector<DiagnosisMatch> all = rankCandidates(c, out, expectedName);
  r.diagnosis.clear();
  r.explainedBy.clear();
  r.diagnosisMore = 0;
  const bool anyExplains = !all.empty() && all.front().explains();
  for (DiagnosisMatch &m : all) {
    // Shown: the explaining candidates if any; else the closest ones.
    const bool sameKind = !anyExplains || m.explains();
    if (m.explains())
      r.explainedBy.push_back(m.variant);
    if (!sameKind)
      continue;
    if (r.diagnosis.size() < keep)
      r.diagnosis.push_back(std::move(m));
    else
      ++r.diagnosisMore;
  }
}

} // namespace qi::conform
