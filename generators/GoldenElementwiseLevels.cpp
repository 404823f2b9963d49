//===- GoldenElementwiseLevels.cpp - The elementwise part of the levels ---===//
//
// Spec: docs/golden-format.md, "Levels" and "Elementwise cases". Which
// elementwise parameters each level holds; the inputs come from
// makeElementwiseInputs, the expected output and the rejections from
// quant-interp's own code (GoldenBuild.cpp).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenLevelParts.h"

#include "generators/GoldenElementwise.h"

#include <string>

namespace qi::generators {

namespace {

using K = TosaOpKind;

/// An elementwise case, field by field:
/// `Ew(K::Add, "i32", "broadcast").in({2, 1}).in2({1, 3})`. Defaults:
/// shift 0, zero points 0, static shapes.
struct Ew {
  CaseParams p;
  Ew(K kind, std::string input, std::string purpose) {
    p.op = Op::TosaOp;
    TosaOpParams &k = p.tosaOp;
    k.kind = kind;
    k.input = std::move(input);
    k.weight = k.acc = "";
    k.purpose = std::move(purpose);
    p.shapeKind = ShapeKind::Static;
  }
  Ew &in(Shape s) {
    p.shape = std::move(s);
    return *this;
  }
  Ew &in2(Shape s) {
    p.tosaOp.input2Shape = std::move(s);
    return *this;
  }
  /// Both inputs of shape `s` (the tables of pairs).
  Ew &both(Shape s) { return in(s).in2(s); }
  Ew &shift(int64_t s) {
    p.tosaOp.shift = s;
    return *this;
  }
  Ew &zps(int64_t in, int64_t out) {
    p.tosaOp.inputZp = in;
    p.tosaOp.outputZp = out;
    return *this;
  }
  Ew &bounds(int64_t lo, int64_t hi) {
    p.tosaOp.minVal = lo;
    p.tosaOp.maxVal = hi;
    return *this;
  }
  /// Which dimensions the program writes `?`, of the input and of input2.
  Ew &dynamic(std::vector<bool> d1, std::vector<bool> d2 = {}) {
    p.shapeKind = ShapeKind::Dynamic;
    p.dynamic = std::move(d1);
    p.tosaOp.input2Dynamic = std::move(d2);
    return *this;
  }
  /// Both inputs written `tensor<*x...>` (and so the result).
  Ew &unranked() {
    p.shapeKind = ShapeKind::Unranked;
    p.dynamic.clear();
    p.tosaOp.input2Dynamic.clear();
    return *this;
  }
  /// Both inputs 0-d (`tensor<i32>`): one element, rank 0.
  Ew &zeroD() {
    p.shapeKind = ShapeKind::ZeroD;
    p.shape.clear();
    if (hasInput2(p.tosaOp.kind))
      p.tosaOp.input2Shape.clear();
    return *this;
  }
  Ew &declared(std::vector<int64_t> d) {
    p.tosaOp.declaredOutput = std::move(d);
    return *this;
  }
  Ew &reject() {
    p.variant = std::string(kRejectVariant);
    return *this;
  }
  /// A tiled case of period L (docs/golden-format.md, "Tiled cases").
  Ew &tile(int64_t period) {
    p.period = period;
    return *this;
  }
  operator CaseParams() const { return p; }
};

Ew add(const char *purpose) { return Ew(K::Add, "i32", purpose); }
Ew sub(const char *purpose) { return Ew(K::Sub, "i32", purpose); }
Ew mul(const char *in, const char *purpose) { return Ew(K::Mul, in, purpose); }
Ew neg(const char *in, const char *purpose) { return Ew(K::Negate, in, purpose); }
Ew clamp(const char *in, const char *purpose) { return Ew(K::Clamp, in, purpose); }

/// Expected rejections, as they arise: REQUIREs on elements and on MUL's
/// shift (`require`), runtime shapes that do not broadcast or contradict a
/// static result (`error-if`), and what MLIR's verifier refuses first
/// (`verifier`). The generator records which (quant-interp's own outcome).
std::vector<CaseParams> rejections() {
  std::vector<CaseParams> v;
  v.push_back(add("out-past-max").both({3}).reject());
  v.push_back(sub("out-past-min").both({3}).reject());
  v.push_back(mul("i32", "out-past-max").both({5}).shift(1).reject());
  v.push_back(mul("i32", "out-past-min").both({4}).shift(16).reject());
  v.push_back(mul("i8", "shift-not-allowed").both({2}).shift(1).reject());
  v.push_back(mul("i32", "bad-shift").both({2}).shift(64).reject());
  v.push_back(neg("i32", "out-past-max").in({3}).reject());
  // Runtime sizes that do not broadcast, a static result they contradict.
  v.push_back(add("bad-broadcast").in({3}).in2({2}).dynamic({true}, {true}).declared({3}).reject());
  v.push_back(add("bad-output").in({2, 3}).in2({1, 3}).dynamic({true, false}).declared({3, 3})
                  .reject());
  v.push_back(clamp("i16", "bad-output").in({2, 2}).bounds(-1, 1).dynamic({true, false})
                  .declared({3, 2}).reject());
  // The verifier: a zero point on i16 data, min_val > max_val.
  v.push_back(neg("i16", "zp-not-allowed").in({2}).zps(1, 0).reject());
  v.push_back(clamp("i8", "bad-bounds").in({2}).bounds(5, 4).reject());
  return v;
}

/// Every op in every shape kind and size band of the coverage model "TOSA
/// operators" (docs/vendor-guide.md, "Coverage classes"): 0-d and unranked
/// inputs (values and rejections), empty tensors (a 0 dimension at run time;
/// static, MLIR's verifier refuses it), inputs of 256, 1,024 and 4,096
/// elements (the bands' lower ends) with input2 broadcast along one
/// dimension, and tiled inputs over 65,536 elements (input2 tiled with the
/// input, or broadcast along the first dimension and listed whole), with
/// periods that divide no power of two, values and rejections.
std::vector<CaseParams> shapeKindsAndSizes() {
  std::vector<CaseParams> v;
  // 0-d: one element on a bound, a tie, a clip; and the rejections.
  v.push_back(add("out-max").zeroD());
  v.push_back(sub("out-min").zeroD());
  v.push_back(mul("i32", "round").shift(1).zeroD());
  v.push_back(neg("i8", "zero-points").zps(-128, 127).zeroD());
  v.push_back(clamp("i8", "bounds").bounds(-5, 9).zeroD());
  v.push_back(add("out-past-max").zeroD().reject());
  v.push_back(sub("out-past-min").zeroD().reject());
  v.push_back(mul("i32", "bad-shift").shift(64).zeroD().reject());
  v.push_back(neg("i32", "out-past-max").zeroD().reject());
  v.push_back(clamp("i16", "bad-bounds").bounds(3, -3).zeroD().reject());
  // Unranked: broadcasting at run time; and the rejections (a runtime
  // broadcast failure has no result shape to record, so REQUIREs instead).
  v.push_back(add("unranked").in({2, 1}).in2({1, 3}).unranked());
  v.push_back(sub("unranked").both({2, 3}).unranked());
  v.push_back(mul("i16", "unranked").in({3, 1, 2}).in2({1, 2, 1}).unranked());
  v.push_back(neg("i16", "unranked").in({2, 3}).unranked());
  v.push_back(clamp("i16", "unranked").in({4, 2}).bounds(-300, 300).unranked());
  v.push_back(add("out-past-max").both({3}).unranked().reject());
  v.push_back(sub("out-past-min").both({3}).unranked().reject());
  v.push_back(mul("i32", "out-past-max").both({5}).shift(1).unranked().reject());
  v.push_back(neg("i32", "out-past-max").in({3}).unranked().reject());
  v.push_back(clamp("i8", "bad-bounds").in({2}).bounds(5, 4).unranked().reject());
  // SUB's dynamic rejection: runtime sizes that do not broadcast.
  v.push_back(sub("bad-broadcast").in({2, 3}).in2({3, 3}).dynamic({true, false}, {true, false})
                  .declared({2, 3}).reject());
  // Empty at run time, and a static empty tensor (the verifier's rejection).
  v.push_back(add("empty").in({0, 3}).in2({1, 3}).dynamic({true, false}));
  v.push_back(sub("empty").in({2, 0}).in2({2, 1}).unranked());
  v.push_back(mul("i8", "empty").in({0}).in2({1}).dynamic({true}));
  v.push_back(neg("i8", "empty").in({0, 2}).zps(3, -3).unranked());
  v.push_back(clamp("i16", "empty").in({3, 0}).bounds(-1, 1).dynamic({false, true}));
  v.push_back(add("empty").in({0, 3}).in2({1, 3}).reject());
  // 256, 1,024 and 4,096 elements, the shape kinds in turn.
  const std::pair<Shape, Shape> large[] = {
      {{16, 16}, {1, 16}}, {{32, 32}, {32, 1}}, {{64, 64}, {1, 64}}};
  auto kind = [](Ew e, size_t turn) {
    if (turn % 3 == 1)
      return e.dynamic({true, false});
    if (turn % 3 == 2)
      return e.unranked();
    return e;
  };
  for (size_t i = 0; i < 3; ++i) {
    const auto &[a, b] = large[i];
    v.push_back(kind(add("large").in(a).in2(b), i));
    v.push_back(kind(sub("large").in(a).in2(b), i + 1));
    v.push_back(kind(mul("i8", "large").in(a).in2(b), i + 2));
    v.push_back(kind(neg("i8", "large").in(a).zps(5, -7), i));
    v.push_back(kind(clamp("i8", "large").in(a).bounds(-100, 100), i + 1));
  }
  // Over 65,536 elements, tiled: every op, the shape kinds in turn; a sum
  // one beyond INT32_MAX at the last element of every period (`require`),
  // and bounds MLIR's verifier refuses on a large static input.
  v.push_back(add("large").both({65537}).tile(51));
  v.push_back(sub("large").in({21846, 3}).in2({1, 3}).dynamic({true, false}).tile(51));
  v.push_back(mul("i16", "large").both({5, 13109}).unranked().tile(57));
  v.push_back(neg("i8", "large").in({3, 21846}).zps(5, -7).dynamic({false, true}).tile(39));
  v.push_back(clamp("i8", "large").in({65539}).bounds(-100, 100).unranked().tile(51));
  v.push_back(add("out-past-max").both({65537}).tile(51).reject());
  v.push_back(clamp("i8", "bad-bounds").in({1, 65537}).bounds(5, 4).tile(51).reject());
  return v;
}

} // namespace

std::vector<CaseParams> elementwiseSmokeCases() {
  std::vector<CaseParams> v;
  // ADD / SUB: broadcasting on either input, rank 1 to 4; pairs at the
  // bounds; results exactly on INT32_MAX / INT32_MIN; dynamic shapes that
  // broadcast at run time.
  v.push_back(add("broadcast").in({2, 1}).in2({1, 3}));
  v.push_back(add("broadcast").in({2, 1, 2, 1}).in2({1, 3, 1, 2}));
  v.push_back(add("bounds").both({8}));
  v.push_back(add("out-max").both({3}));
  v.push_back(add("dynamic").in({2, 2}).in2({1, 2}).dynamic({true, false}));
  v.push_back(add("dynamic").in({2, 1}).in2({1, 3}).dynamic({true, true}, {true, true}));
  v.push_back(sub("broadcast").in({1, 3, 1}).in2({2, 1, 2}));
  v.push_back(sub("bounds").both({8}));
  v.push_back(sub("out-min").both({3}));
  // MUL: each type row, i32 with shift 0 (low 32 bits), rounding ties at
  // shift 1, the extremes at shift 63, results exactly on the bounds.
  v.push_back(mul("i8", "broadcast").in({4}).in2({1}));
  v.push_back(mul("i8", "bounds").both({6}));
  v.push_back(mul("i16", "bounds").both({6}));
  v.push_back(mul("i32", "bounds").both({8}));
  v.push_back(mul("i32", "round").both({8}).shift(1));
  v.push_back(mul("i32", "shift-extremes").both({5}).shift(63));
  v.push_back(mul("i32", "out-max").both({4}).shift(1));
  v.push_back(mul("i32", "out-min").both({3}).shift(16));
  v.push_back(mul("i16", "dynamic").in({3, 2}).in2({1, 2}).dynamic({true, false}));
  // NEGATE: i8 zero points at their extremes (the clip), i16 / i32 bounds.
  v.push_back(neg("i8", "zero-points").in({5}).zps(-128, 127));
  v.push_back(neg("i8", "zero-points").in({5}).zps(127, 127));
  v.push_back(neg("i8", "zero-points").in({5}).zps(-128, -128));
  v.push_back(neg("i16", "bounds").in({5}));
  v.push_back(neg("i32", "bounds").in({5}));
  v.push_back(neg("i8", "dynamic").in({2, 2}).zps(3, -5).dynamic({true, false}));
  // CLAMP: the type's bounds, a narrow range, equal bounds.
  v.push_back(clamp("i8", "bounds").in({6}).bounds(-128, 127));
  v.push_back(clamp("i8", "bounds").in({8}).bounds(-5, 9));
  v.push_back(clamp("i8", "equal-bounds").in({6}).bounds(7, 7));
  v.push_back(clamp("i16", "bounds").in({8}).bounds(-300, 300));
  v.push_back(clamp("i16", "equal-bounds").in({4}).bounds(32767, 32767));
  v.push_back(clamp("i16", "dynamic").in({5}).bounds(-1, 0).dynamic({true}));
  for (CaseParams &p : rejections())
    v.push_back(std::move(p));
  return v;
}

std::vector<CaseParams> elementwiseFullCases() {
  std::vector<CaseParams> v; // smoke's cases come first (listedCases)
  // Broadcast shapes, rank 1 to 4, a size-1 dimension on either side.
  const std::pair<Shape, Shape> shapes[] = {
      {{5}, {1}},          {{1}, {4}},          {{3}, {3}},
      {{2, 3}, {2, 1}},    {{1, 4}, {3, 4}},    {{2, 1}, {1, 3}},
      {{2, 3, 1}, {1, 3, 4}}, {{1, 1, 3}, {2, 2, 1}}, {{2, 1, 2, 3}, {1, 2, 1, 3}},
      {{1, 2, 1, 2}, {2, 1, 3, 1}}};
  for (const auto &[a, b] : shapes) {
    v.push_back(add("broadcast").in(a).in2(b));
    v.push_back(sub("broadcast").in(a).in2(b));
    for (const char *t : {"i8", "i16", "i32"})
      v.push_back(mul(t, "broadcast").in(a).in2(b));
    v.push_back(mul("i32", "broadcast").in(a).in2(b).shift(7));
  }
  // Every pair of edge values whose result is defined.
  v.push_back(add("bounds").both({36}));
  v.push_back(sub("bounds").both({36}));
  for (const char *t : {"i8", "i16"})
    v.push_back(mul(t, "bounds").both({25}));
  v.push_back(mul("i32", "bounds").both({36}));
  // Results on the bounds, and one beyond.
  for (Ew e : {add("out-max"), add("out-min"), sub("out-max"), sub("out-min")})
    v.push_back(e.both({16}));
  v.push_back(add("out-past-min").both({4}).reject());
  v.push_back(sub("out-past-max").both({4}).reject());
  // MUL's rounding: shifts 1 ... 63.
  for (int64_t s : {1, 2, 15, 16, 30, 31, 32, 33, 47, 61, 62, 63})
    v.push_back(mul("i32", s == 63 || s == 62 ? "shift-extremes" : "round").both({26}).shift(s));
  for (int64_t s : {1, 8, 16}) {
    v.push_back(mul("i32", "out-max").both({4}).shift(s));
    v.push_back(mul("i32", "out-min").both({3}).shift(s));
  }
  v.push_back(mul("i32", "out-past-max").both({5}).shift(16).reject());
  v.push_back(mul("i32", "out-past-min").both({4}).shift(1).reject());
  v.push_back(mul("i16", "shift-not-allowed").both({2}).shift(3).reject());
  v.push_back(mul("i32", "bad-shift").both({2}).shift(-1).reject());
  // -2^31 x -2^31 at shift 63: product + round overflows int64_t (full only:
  // smoke's 300-element budget has no room for its two elements).
  v.push_back(mul("i32", "int64-overflow").both({2}).shift(63).reject());
  // NEGATE: i8 zero point pairs from both extremes, i16 / i32 bounds.
  const int64_t zps[] = {-128, -1, 0, 1, 127};
  for (int64_t zi : zps)
    for (int64_t zo : zps)
      v.push_back(neg("i8", "zero-points").in({8}).zps(zi, zo));
  v.push_back(neg("i16", "bounds").in({16}));
  v.push_back(neg("i32", "bounds").in({16}));
  v.push_back(neg("i32", "dynamic").in({2, 2, 2}).dynamic({false, true, true}));
  v.push_back(neg("i32", "zp-not-allowed").in({2}).zps(0, 5).reject());
  // CLAMP: a grid of bounds per type.
  const std::pair<int64_t, int64_t> bounds8[] = {{-128, 127}, {-128, -128}, {127, 127}, {0, 0},
                                                 {-1, 0},     {-100, 100},  {-128, 0},  {0, 127}};
  for (auto [lo, hi] : bounds8)
    v.push_back(clamp("i8", lo == hi ? "equal-bounds" : "bounds").in({10}).bounds(lo, hi));
  const std::pair<int64_t, int64_t> bounds16[] = {{-32768, 32767}, {-32768, -32768}, {-1000, 1000},
                                                  {0, 0}, {-129, 128}};
  for (auto [lo, hi] : bounds16)
    v.push_back(clamp("i16", lo == hi ? "equal-bounds" : "bounds").in({10}).bounds(lo, hi));
  v.push_back(clamp("i8", "dynamic").in({2, 1, 3, 2}).bounds(-20, 20)
                  .dynamic({true, false, true, false}));
  // Dynamic shapes of every binary op, broadcasting at run time.
  v.push_back(sub("dynamic").in({2, 1, 3}).in2({1, 4, 3}).dynamic({true, true, true}, {true, true, true}));
  v.push_back(mul("i8", "dynamic").in({3, 1}).in2({3, 2}).dynamic({true, false}, {false, true}));
  v.push_back(mul("i32", "dynamic").in({4}).in2({1}).shift(20).dynamic({true}, {true}));
  v.push_back(mul("i32", "bad-broadcast").in({2, 3}).in2({3, 3}).dynamic({true, false}, {true, false})
                  .declared({2, 3}).reject());
  v.push_back(neg("i8", "bad-output").in({3}).dynamic({true}).declared({4}).reject());
  for (CaseParams &p : shapeKindsAndSizes())
    v.push_back(std::move(p));
  return v;
}

} // namespace qi::generators
