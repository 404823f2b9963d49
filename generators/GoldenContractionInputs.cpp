//===- GoldenContractionInputs.cpp - Contraction inputs by purpose --------===//
//
// Spec: docs/golden-format.md ("Contraction cases", the purposes and input
// classes), spec/tosa-contractions.md [contract.accumulator]. Every input
// element comes from the case seed (generators/Prng.h); the purposes that
// drive a sum to a bound of acc_t choose the bias (or, for MATMUL, the
// terms) so that the bound is met exactly, or passed by one.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenContraction.h"
#include "generators/GoldenTile.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace qi::generators {

namespace {

/// Edge values interleaved with random ones: every fourth element random,
/// the others walk through the type's extremes, the zero point and 0.
void edgeValues(const std::string &type, int64_t zp, int64_t n, SplitMix64 &rng,
                std::vector<int64_t> &values, std::vector<std::string> *classes) {
  const int64_t lo = signedMin(type), hi = signedMax(type);
  const std::pair<const char *, int64_t> edges[] = {
      {"type-max", hi}, {"type-min", lo}, {"zero-point", zp}, {"zero", 0}};
  size_t cursor = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (i % 4 == 3) {
      values.push_back(rng.range(lo, hi));
      if (classes)
        classes->push_back("random");
    } else {
      const auto &e = edges[cursor++ % 4];
      values.push_back(e.second);
      if (classes)
        classes->push_back(e.first);
    }
  }
}

/// Which bias element output element `i` adds (BC = 1: the one).
size_t biasSlot(const GoldenCase &c, size_t i) {
  const Shape out = contractionOutputShape(c.params);
  const int64_t oc = out.empty() ? 1 : out.back();
  return c.biasStored.size() == 1 ? 0 : i % size_t(oc);
}

/// out-max, out-min, out-past-max, out-past-min: the bias that puts the
/// largest (smallest) sum of each bias element exactly on out_t's bound, or
/// one beyond it on the first bias element (then the REQUIRE of
/// apply_add_s<out_t>(acc, bias) fails: a `require` case).
void biasToBound(GoldenCase &c, bool max, bool past) {
  const TosaOpParams &k = c.params.tosaOp;
  std::fill(c.biasStored.begin(), c.biasStored.end(), 0);
  std::vector<int64_t> sums;
  std::string error;
  if (!evaluateContraction(c, sums, error))
    throw std::logic_error("contraction case " + k.purpose + ": " + error);
  std::map<size_t, int64_t> extreme;
  for (size_t i = 0; i < sums.size(); ++i) {
    auto [it, fresh] = extreme.emplace(biasSlot(c, i), sums[i]);
    if (!fresh)
      it->second = max ? std::max(it->second, sums[i]) : std::min(it->second, sums[i]);
  }
  const int64_t bound = max ? signedMax(k.acc) : signedMin(k.acc);
  for (auto [slot, sum] : extreme) {
    int64_t bias = bound - sum + (past && slot == 0 ? (max ? 1 : -1) : 0);
    if (bias < signedMin(k.acc) || bias > signedMax(k.acc))
      throw std::logic_error("contraction case " + k.purpose + ": the bias " +
                             std::to_string(bias) + " does not fit " + k.acc +
                             " (the sum has the wrong sign)");
    c.biasStored[slot] = bias;
  }
}

/// acc-max, acc-past-max, acc-min, acc-past-min (MATMUL, i8): A [1,1,C] and
/// B [1,C,1] whose products (A - a_zp)(B - b_zp) sum to exactly INT32_MAX
/// (INT32_MIN), or one beyond it, which the running sum reaches at the last
/// term. Zero points: a_zp = -128, b_zp = -128 (max) or 127 (min), so
/// a = A - a_zp lies in [0, 255] and b = B - b_zp in [0, 255] ([-255, 0]).
void termsToBound(GoldenCase &c, bool max, bool past) {
  const TosaOpParams &k = c.params.tosaOp;
  const int64_t target = max ? (int64_t(1) << 31) - 1 + (past ? 1 : 0)
                             : -(int64_t(1) << 31) - (past ? 1 : 0);
  const int64_t magnitude = target < 0 ? -target : target, sign = target < 0 ? -1 : 1;
  std::vector<std::pair<int64_t, int64_t>> terms(size_t(magnitude / 65025), {255, 255});
  const int64_t rest = magnitude % 65025;
  terms.push_back({255, rest / 255});
  terms.push_back({1, rest % 255});
  const int64_t C = c.params.shape.at(2);
  if (int64_t(terms.size()) > C)
    throw std::logic_error("contraction case " + k.purpose + ": needs C >= " +
                           std::to_string(terms.size()));
  terms.resize(size_t(C), {0, 0}); // a = 0: no contribution
  for (auto [a, b] : terms) {
    c.inputStored.push_back(a + k.inputZp);
    c.inputClasses.push_back("term");
    c.weightStored.push_back(sign * b + k.weightZp);
  }
}

} // namespace

void makeContractionInputs(GoldenCase &c, SplitMix64 &rng) {
  const CaseParams &p = c.params;
  const TosaOpParams &k = p.tosaOp;
  const std::string &purpose = k.purpose;
  const bool max = purpose.find("max") != std::string::npos;
  const bool past = purpose.find("past") != std::string::npos;
  if (purpose.rfind("acc-", 0) == 0) {
    termsToBound(c, max, past);
    return;
  }
  // A tiled case makes its first L input elements; repeated below, before
  // the bias, which may depend on every sum.
  const int64_t made = listedElementCount(p);
  if (purpose.rfind("out-", 0) == 0 && hasBias(k.kind)) {
    // Every product (input - input_zp)(weight - weight_zp) of one sign, so
    // that each sum lies on the side of 0 whose bound the bias then meets.
    for (int64_t i = 0; i < made; ++i) {
      c.inputStored.push_back(rng.range(k.inputZp, signedMax(k.input)));
      c.inputClasses.push_back("above-zero-point");
    }
    for (int64_t i = 0; i < numElements(k.weightShape); ++i)
      c.weightStored.push_back(max ? rng.range(k.weightZp, signedMax(k.weight))
                                   : rng.range(signedMin(k.weight), k.weightZp));
  } else {
    edgeValues(k.input, k.inputZp, made, rng, c.inputStored, &c.inputClasses);
    if (hasWeight(k.kind))
      edgeValues(k.weight, k.weightZp, numElements(k.weightShape), rng, c.weightStored, nullptr);
  }
  repeatTiledInputs(c);
  if (hasBias(k.kind)) {
    // Biases of either sign, well inside acc_t (the sums stay predictable).
    for (int64_t i = 0; i < numElements(k.biasShape); ++i)
      c.biasStored.push_back(rng.range(-(int64_t(1) << 16), int64_t(1) << 16));
    if (purpose.rfind("out-", 0) == 0)
      biasToBound(c, max, past);
  }
}

} // namespace qi::generators
