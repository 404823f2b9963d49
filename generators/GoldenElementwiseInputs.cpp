//===- GoldenElementwiseInputs.cpp - Elementwise inputs by purpose --------===//
//
// Spec: docs/golden-format.md ("Elementwise cases", the purposes and input
// classes), spec/tosa-elementwise.md [tosa.add] ... [tosa.clamp]. Every
// input element comes from the case seed (generators/Prng.h) or from a table
// of pairs chosen for a purpose; the purposes that put a result on a bound
// of out_t compute the partner of each random element exactly, and the
// `require` ones step one beyond on the last element.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenElementwise.h"
#include "generators/GoldenTile.h"

#include <stdexcept>

namespace qi::generators {

namespace {

using i128 = __int128;
constexpr int64_t kI32Max = 2147483647, kI32Min = -2147483648LL;

struct Named {
  const char *cls;
  int64_t value;
};

/// The exact result of a binary op on one pair, or nullopt where TOSA's text
/// defines none that fits out_t (an overflow: a REQUIRE, MUL's int64
/// `product + round` beyond int64_t included, [tosa.mul] 3).
std::optional<int64_t> exactResult(const TosaOpParams &k, int64_t a, int64_t b) {
  i128 r = 0;
  switch (k.kind) {
  case TosaOpKind::Add: r = i128(a) + b; break;
  case TosaOpKind::Sub: r = i128(a) - b; break;
  case TosaOpKind::Mul:
    if (k.input != "i32" || k.shift == 0) {
      // i8 / i16 products fit; i32 with shift 0 keeps the low 32 bits.
      const i128 product = i128(a) * b;
      return int64_t(int32_t(uint32_t(uint64_t(int64_t(product)))));
    }
    {
      const i128 sum = i128(a) * b + (i128(1) << (k.shift - 1));
      if (sum > i128(INT64_MAX) || sum < i128(INT64_MIN))
        return std::nullopt; // the int64 case: unpredictable, a REQUIRE
      r = sum >> k.shift;
    }
    break;
  default:
    throw std::logic_error("exactResult: not a binary op");
  }
  if (r < kI32Min || r > kI32Max)
    return std::nullopt;
  return int64_t(r);
}

/// Edge values interleaved with random ones: every fourth element random
/// in [rlo, rhi], the others walk through `edges`.
void edgeValues(const std::vector<Named> &edges, int64_t rlo, int64_t rhi, int64_t n,
                SplitMix64 &rng, std::vector<int64_t> &values, std::vector<std::string> *classes) {
  size_t cursor = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (i % 4 == 3 || edges.empty()) {
      values.push_back(rng.range(rlo, rhi));
      if (classes)
        classes->push_back("random");
    } else {
      const Named &e = edges[cursor++ % edges.size()];
      values.push_back(e.value);
      if (classes)
        classes->push_back(e.cls);
    }
  }
}

/// The elements of the input and of input2 a generator makes: a tiled
/// case's first L (of input2 too when it is tiled with the input), else all.
int64_t madeInput(const CaseParams &p) { return listedElementCount(p); }
int64_t madeInput2(const CaseParams &p) {
  return tiledInput2(p) ? madeInput(p) : numElements(p.tosaOp.input2Shape);
}

/// Pairs cycled to fill two inputs of the same shape.
struct Pair {
  const char *cls;
  int64_t a, b;
};
void fillPairs(GoldenCase &c, const std::vector<Pair> &pairs) {
  const int64_t n = madeInput(c.params);
  if (madeInput2(c.params) != n)
    throw std::logic_error("elementwise case " + c.params.tosaOp.purpose +
                           ": a table of pairs needs inputs of one shape");
  if (pairs.empty())
    throw std::logic_error("elementwise case " + c.params.tosaOp.purpose + ": no pairs");
  for (int64_t i = 0; i < n; ++i) {
    const Pair &p = pairs[size_t(i) % pairs.size()];
    c.inputStored.push_back(p.a);
    c.input2Stored.push_back(p.b);
    c.inputClasses.push_back(p.cls);
  }
}

std::vector<Named> typeEdges(const std::string &type) {
  return {{"type-max", signedMax(type)}, {"type-min", signedMin(type)}, {"zero", 0},
          {"one", 1}, {"minus-one", -1}};
}

/// `bounds`: every pair of edge values whose result TOSA defines (ADD / SUB:
/// exact in i32, so max + 0, 0 - max, -1 - min meet the bounds exactly; MUL:
/// every pair, i32 with shift 0 wrapping to the low 32 bits).
std::vector<Pair> boundPairs(const TosaOpParams &k) {
  std::vector<Named> edges = typeEdges(k.input);
  if (k.input == "i32")
    edges.push_back({"two-to-the-16", 65536});
  std::vector<Pair> pairs;
  for (const Named &a : edges)
    for (const Named &b : edges)
      if (exactResult(k, a.value, b.value))
        pairs.push_back({a.cls, a.value, b.value});
  return pairs;
}

/// MUL i32 with shift s > 0: products on and beside the rounding ties
/// (`(product + 2^(s-1)) >> s` rounds ties toward +infinity: 2.5 -> 3,
/// -2.5 -> -2), and the extremes whose shifted product is defined.
std::vector<Pair> roundPairs(const TosaOpParams &k) {
  const int s = int(k.shift);
  std::vector<Pair> candidates;
  // Ties: m * 2^(s-1) for odd m, split as (m * 2^a) * (+-2^b).
  for (int64_t m : {1, -1, 3, -3, 5, -5}) {
    const int a = std::min(s - 1, 27), b = s - 1 - a;
    if (b <= 30) {
      candidates.push_back({m > 0 ? "tie" : "tie-negative", m * (int64_t(1) << a), int64_t(1) << b});
      candidates.push_back({m > 0 ? "tie-negative" : "tie", m * (int64_t(1) << a), -(int64_t(1) << b)});
    } else if (b == 31 && (m == 1 || m == -1)) {
      candidates.push_back({m > 0 ? "tie-negative" : "tie", m * (int64_t(1) << a), kI32Min});
    }
  }
  // Beside the ties: one below and one above (a multiplier of 1).
  for (int64_t m : {1, -1, 3, -3})
    if (s - 1 <= 28) {
      const int64_t tie = m * (int64_t(1) << (s - 1));
      candidates.push_back({"below-tie", tie - 1, 1});
      candidates.push_back({"above-tie", tie + 1, 1});
    }
  for (const Named &a : typeEdges("i32"))
    for (const Named &b : typeEdges("i32"))
      candidates.push_back({a.cls, a.value, b.value});
  candidates.push_back({"type-min", kI32Min, kI32Min + 1}); // next to the int64 case at shift 63
  std::vector<Pair> pairs;
  for (const Pair &p : candidates)
    if (exactResult(k, p.a, p.b))
      pairs.push_back(p);
  return pairs;
}

/// MUL i32, out-max / out-min with shift s (1 <= s <= 16): every result is
/// exactly INT32_MAX (INT32_MIN), among them a tie that rounds onto the
/// bound; past: one more pair whose tie rounds one beyond (a REQUIRE).
std::vector<Pair> mulBoundPairs(const TosaOpParams &k, bool max, bool past) {
  const int s = int(k.shift);
  if (s < 1 || s > 16)
    throw std::logic_error("MUL out-* cases take a shift in 1..16");
  const int64_t p2 = int64_t(1) << s, half = int64_t(1) << (s - 1);
  std::vector<Pair> v;
  if (max) {
    // 9241 * 464773 = 2^32 - 3: the product is (INT32_MAX - 1/2) 2^s.
    v = {{"type-max", kI32Max, p2}, {"power-of-two", p2, kI32Max},
         {"minus-type-max", -kI32Max, -p2}, {"tie", 9241 * half, 464773}};
    if (past) // 65535 * 65537 = 2^32 - 1: (INT32_MAX + 1/2) 2^s rounds to 2^31
      v.push_back({"tie-beyond", 65535 * half, 65537});
  } else {
    // 641 * 6700417 = 2^32 + 1: the product is (INT32_MIN - 1/2) 2^s.
    v = {{"type-min", kI32Min, p2}, {"power-of-two", p2, kI32Min},
         {"tie-negative", -641 * half, 6700417}};
    if (past) // 6 * 715827883 = 2^32 + 2: (INT32_MIN - 1) 2^s
      v.push_back({"beyond", 6 * half, -715827883});
  }
  return v;
}

/// ADD / SUB, out-max / out-min: input1 random on the side of 0 that lets
/// input2 reach the bound exactly; past: the last element one beyond.
void addSubToBound(GoldenCase &c, bool max, bool past, SplitMix64 &rng) {
  const TosaOpParams &k = c.params.tosaOp;
  const bool add = k.kind == TosaOpKind::Add;
  const int64_t n = madeInput(c.params);
  const int64_t bound = max ? kI32Max : kI32Min;
  for (int64_t i = 0; i < n; ++i) {
    // ADD: x + y = bound with x, y on the bound's side; SUB: x - y = bound.
    int64_t x = 0;
    if (add)
      x = max ? rng.range(0, kI32Max) : rng.range(kI32Min, 0);
    else
      x = max ? rng.range(-1, kI32Max) : rng.range(kI32Min, -1);
    int64_t target = bound;
    if (past && i == n - 1)
      target += max ? 1 : -1;
    int64_t y = add ? target - x : x - target;
    if (y < kI32Min || y > kI32Max) { // the beyond step left i32: move x instead
      x += y < kI32Min ? 1 : -1;
      y = add ? target - x : x - target;
    }
    c.inputStored.push_back(x);
    c.input2Stored.push_back(y);
    c.inputClasses.push_back(past && i == n - 1 ? "beyond-bound" : max ? "to-max" : "to-min");
  }
}

/// makeElementwiseInputs before a tiled case's repetition: the first L
/// elements of the input (and of a tiled input2).
void makeListedInputs(GoldenCase &c, SplitMix64 &rng) {
  const CaseParams &p = c.params;
  const TosaOpParams &k = p.tosaOp;
  const std::string &purpose = k.purpose;
  const bool max = purpose.find("max") != std::string::npos;
  const bool past = purpose.find("past") != std::string::npos;
  const int64_t n = madeInput(p), n2 = madeInput2(p);
  const int64_t lo = signedMin(k.input), hi = signedMax(k.input);
  switch (k.kind) {
  case TosaOpKind::Add:
  case TosaOpKind::Sub:
    if (purpose == "bounds")
      return fillPairs(c, boundPairs(k));
    if (purpose.rfind("out-", 0) == 0)
      return addSubToBound(c, max, past, rng);
    if (purpose == "large") {
      // Many elements, short values: the size is the point (and the file's cost).
      const std::vector<Named> edges = {{"zero", 0}, {"one", 1}, {"minus-one", -1}};
      edgeValues(edges, -999, 999, n, rng, c.inputStored, &c.inputClasses);
      edgeValues(edges, -999, 999, n2, rng, c.input2Stored, nullptr);
      return;
    }
    {
      // Halves of the range: no sum or difference of two leaves i32.
      const int64_t h = int64_t(1) << 30;
      const std::vector<Named> edges = {{"half-max", h - 1}, {"half-min", -h}, {"zero", 0}};
      edgeValues(edges, -h, h - 1, n, rng, c.inputStored, &c.inputClasses);
      edgeValues({{"half-min", -h}, {"half-max", h - 1}, {"one", 1}}, -h, h - 1, n2, rng,
                 c.input2Stored, nullptr);
    }
    return;
  case TosaOpKind::Mul:
    if (purpose == "bounds")
      return fillPairs(c, boundPairs(k));
    if (purpose == "round" || purpose == "shift-extremes")
      return fillPairs(c, roundPairs(k));
    if (purpose.rfind("out-", 0) == 0)
      return fillPairs(c, mulBoundPairs(k, max, past));
    if (purpose == "int64-overflow") {
      // Shift 63: 2147483647^2 gives 0, then -2^31 x -2^31, whose int64_t
      // product + round is 2^63 (the one such pair, [tosa.mul] 3).
      if (k.input != "i32" || k.shift != 63)
        throw std::logic_error("MUL int64-overflow cases are i32 with shift 63");
      return fillPairs(c, {{"type-max", kI32Max, kI32Max}, {"int64-overflow", kI32Min, kI32Min}});
    }
    if (k.input == "i32" && k.shift > 0) {
      // Products whose shifted value stays in i32: |input2| < 2^shift.
      const int64_t m = (int64_t(1) << std::min<int64_t>(k.shift, 30)) - 1;
      edgeValues(typeEdges("i32"), lo, hi, n, rng, c.inputStored, &c.inputClasses);
      edgeValues({{"below-power-of-two", m}, {"minus-below-power-of-two", -m}, {"one", 1}}, -m, m,
                 n2, rng, c.input2Stored, nullptr);
    } else {
      edgeValues(typeEdges(k.input), lo, hi, n, rng, c.inputStored, &c.inputClasses);
      edgeValues(typeEdges(k.input), lo, hi, n2, rng, c.input2Stored, nullptr);
    }
    return;
  case TosaOpKind::Negate: {
    if (k.input == "i32" && past && n == 1) { // one element: the one that leaves i32
      c.inputStored.push_back(lo);
      c.inputClasses.push_back("type-min");
      return;
    }
    std::vector<Named> edges = {{"type-max", hi}, {"type-min", lo}, {"zero-point", k.inputZp},
                                {"zero", 0}};
    // i32: 0 - (-2^31) leaves i32 (a REQUIRE): only out-past-max has -2^31.
    if (k.input == "i32" && !past)
      edges[1] = {"type-min-plus-one", lo + 1};
    edgeValues(edges, k.input == "i32" && !past ? lo + 1 : lo, hi, n, rng, c.inputStored,
               &c.inputClasses);
    return;
  }
  case TosaOpKind::Clamp: {
    std::vector<Named> edges = {{"type-max", hi}, {"type-min", lo}, {"min-val", k.minVal},
                                {"max-val", k.maxVal}, {"zero", 0}};
    if (k.minVal > lo)
      edges.push_back({"below-min-val", k.minVal - 1});
    if (k.maxVal < hi)
      edges.push_back({"above-max-val", k.maxVal + 1});
    edgeValues(edges, lo, hi, n, rng, c.inputStored, &c.inputClasses);
    return;
  }
  default:
    throw std::logic_error("makeElementwiseInputs: not an elementwise op");
  }
}

} // namespace

void makeElementwiseInputs(GoldenCase &c, SplitMix64 &rng) {
  makeListedInputs(c, rng);
  repeatTiledInputs(c);
}

} // namespace qi::generators
