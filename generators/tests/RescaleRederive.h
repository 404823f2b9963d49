//===- RescaleRederive.h - A golden rescale case against RescaleOracle -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("How the suite is checked"), spec/rescale.md.
// Re-derives what a golden rescale case says with
// interpreter/requant/tests/RescaleOracle (exact integers, its own type
// table, roundings from their inequalities: no code shared with
// interpreter/requant, which generated the case):
//   * a value case: no ERROR_IF, no element whose REQUIRE fails; every
//     element of the `tosa`, `tosa-single-round` and `tosa-double-round`
//     outputs (the oracle with the op's rounding mode, or SINGLE_ROUND /
//     DOUBLE_ROUND forced); for INEXACT_ROUND under `tosa`, each element's
//     allowed set [rescale.inexact] (an interval's ends and the values just
//     outside them, and a single value where no interval is listed);
//   * an `error-if` rejection: an ERROR_IF family holds; a `require`
//     rejection: none does, and the first element whose REQUIRE fails is
//     the one the message names (its condition's text is in the message).
// The other recipes have no independent model here (quant-golden check
// re-evaluates them with requant's code): rederiveRescale reports how many
// elements it re-derived.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_TESTS_RESCALEREDERIVE_H
#define QI_GENERATORS_TESTS_RESCALEREDERIVE_H

#include "generators/GoldenCase.h"
#include "generators/GoldenRescale.h"
#include "interpreter/requant/tests/RescaleOracle.h"

#include <algorithm>
#include <string>
#include <vector>

namespace qi::generators::tests {

namespace oracle = requant::oracle;

inline oracle::Op oracleOp(const CaseParams &p, oracle::Rounding rounding) {
  const requant::RescaleAttributes &a = p.rescale.attributes;
  oracle::Op op;
  op.in = {a.inputWidth, a.inputUnsigned};
  op.out = {a.outputWidth, a.outputUnsigned};
  op.scale32 = a.scale32;
  op.rounding = rounding;
  op.perChannel = a.perChannel;
  op.rank = int64_t(p.shape.size());
  return op;
}

inline oracle::Rounding oracleRounding(requant::RoundingMode mode) {
  switch (mode) {
  case requant::RoundingMode::Single: return oracle::Rounding::Single;
  case requant::RoundingMode::Inexact: return oracle::Rounding::Inexact;
  case requant::RoundingMode::Double: return oracle::Rounding::Double;
  }
  return oracle::Rounding::Single;
}

/// Element `i` of `c` under the oracle with `rounding`.
inline oracle::Element oracleElement(const GoldenCase &c, oracle::Rounding rounding, size_t i) {
  const CaseParams &p = c.params;
  size_t ch = rescaleChannelOf(p, i);
  return oracle::rescale(oracleOp(p, rounding), c.inputStored[i], p.rescale.multipliers[ch],
                         int(p.rescale.shifts[ch]), p.rescale.inputZp, p.rescale.outputZp);
}

/// Re-derives `c`; appends one line per disagreement (at most a few per
/// output) to `problems`; returns the number of elements re-derived.
inline size_t rederiveRescale(const GoldenCase &c, std::vector<std::string> &problems) {
  const CaseParams &p = c.params;
  const requant::RescaleAttributes &a = p.rescale.attributes;
  const oracle::Rounding rounding = oracleRounding(a.roundingMode);
  const unsigned errorIfs =
      oracle::errorIfs(oracleOp(p, rounding), p.rescale.inputZp, p.rescale.outputZp);
  auto problem = [&](const std::string &what) { problems.push_back(c.id + ": " + what); };
  if (c.rejection) {
    const std::string &reason = c.rejection->reason;
    if (reason == kRejectErrorIf && errorIfs == 0)
      problem("an error-if rejection, but the oracle finds no ERROR_IF");
    if (reason == kRejectRequire) {
      if (errorIfs != 0) {
        problem("a require rejection, but an ERROR_IF holds");
        return 0;
      }
      for (size_t i = 0; i < c.inputStored.size(); ++i) {
        oracle::Element e = oracleElement(c, rounding, i);
        if (e.require == oracle::Require::None)
          continue;
        const std::string fragment = oracle::requireFragment(e.require);
        if (c.rejection->message.find(fragment) == std::string::npos)
          problem("the first unpredictable element is " + std::to_string(i) +
                  ", whose REQUIRE (" + fragment + ") the message does not name: " +
                  c.rejection->message);
        return 0;
      }
      problem("a require rejection, but every element's REQUIREs hold under the oracle");
    }
    return 0;
  }
  if (errorIfs != 0) {
    problem("a value case, but the oracle finds an ERROR_IF");
    return 0;
  }
  size_t rederived = 0;
  const int64_t outMin = intTypeMin(a.outputWidth, a.outputUnsigned);
  const int64_t outMax = intTypeMax(a.outputWidth, a.outputUnsigned);
  for (const ExpectedOutput &e : c.expected) {
    oracle::Rounding r;
    if (e.profile == "tosa")
      r = rounding;
    else if (e.profile == "tosa-single-round")
      r = oracle::Rounding::Single;
    else if (e.profile == "tosa-double-round")
      r = a.scale32 ? oracle::Rounding::Double : oracle::Rounding::Single;
    else
      continue;
    size_t shown = 0;
    for (size_t i = 0; i < c.inputStored.size(); ++i) {
      oracle::Element o = oracleElement(c, r, i);
      ++rederived;
      const bool poison = std::binary_search(e.poison.begin(), e.poison.end(), int64_t(i));
      if (o.require != oracle::Require::None || poison || int64_t(o.value) != e.stored[i]) {
        if (shown++ < 5)
          problem(e.profile + " element " + std::to_string(i) + ": the file says " +
                  (poison ? std::string("poison") : std::to_string(e.stored[i])) +
                  ", the oracle gives " +
                  (o.require != oracle::Require::None
                       ? std::string("REQUIRE fails (") + oracle::requireFragment(o.require) + ")"
                       : std::to_string(int64_t(o.value))));
        continue;
      }
      if (e.profile != "tosa" || rounding != oracle::Rounding::Inexact)
        continue;
      // [rescale.inexact]: the allowed set is [lo, hi] (listed) or {value}.
      int64_t lo = e.stored[i], hi = e.stored[i];
      for (const AllowedInterval &iv : e.intervals)
        if (iv.index == int64_t(i))
          lo = iv.lo, hi = iv.hi;
      const size_t ch = rescaleChannelOf(p, i);
      auto allowed = [&](int64_t v) {
        return oracle::withinInexactBound(oracleOp(p, rounding), c.inputStored[i],
                                          p.rescale.multipliers[ch], int(p.rescale.shifts[ch]),
                                          p.rescale.inputZp, p.rescale.outputZp, v);
      };
      if (!allowed(lo) || !allowed(hi) || (lo > outMin && allowed(lo - 1)) ||
          (hi < outMax && allowed(hi + 1)))
        if (shown++ < 5)
          problem("tosa element " + std::to_string(i) + ": the file allows [" +
                  std::to_string(lo) + ", " + std::to_string(hi) +
                  "], which is not the oracle's INEXACT_ROUND bound");
    }
  }
  return rederived;
}

} // namespace qi::generators::tests

#endif
