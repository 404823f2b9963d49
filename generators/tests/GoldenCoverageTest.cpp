//===- GoldenCoverageTest.cpp - Coverage features and combination counts ---===//
//
// Spec: docs/vendor-guide.md, "Coverage classes". (1) The feature values of
// hand-built cases, at least one case per value of every model; (2) the
// pair / triple counts and the feasibility search on a small model counted
// by hand (a combination no rule names, infeasible through two rules); (3)
// the rules are honest on the real levels: no case of smoke or full breaks
// one; (4) the manifest object reads back.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenCoverage.h"
#include "generators/GoldenLevels.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"
#include "interpreter/quant/QuantTypeBuilder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <set>

using namespace qi;
using namespace qi::generators;
using coverage::Model;
using numeric::FloatFormat;
using numeric::IntFormat;
using quant::QuantType;
namespace build = quant::build;

namespace {

using V = std::vector<std::string>;

const FloatFormat &F(const char *name) { return *numeric::findFloatFormat(name); }
IntFormat S(unsigned w) { return {w, true}; }
IntFormat U(unsigned w) { return {w, false}; }

CaseParams cast(Op op, QuantType t, Shape shape, ShapeKind kind = ShapeKind::Static) {
  CaseParams p;
  p.op = op;
  p.type = std::move(t);
  p.shape = std::move(shape);
  p.shapeKind = kind;
  if (kind == ShapeKind::Dynamic)
    p.dynamic.assign(p.shape.size(), true);
  return p;
}
CaseParams q(QuantType t, Shape shape, ShapeKind kind = ShapeKind::Static) {
  return cast(Op::QCast, std::move(t), std::move(shape), kind);
}
CaseParams reject(CaseParams p) {
  p.variant = std::string(kRejectVariant);
  return p;
}
QuantType layer(double scale, int64_t zp = 0, IntFormat st = S(8), const char *e = "f32",
                build::Bounds b = {}) {
  return build::perLayer(st, b, F(e), scale, zp);
}
QuantType axis(int32_t a, std::vector<double> scales, std::vector<int64_t> zps) {
  return build::perAxis(S(8), {}, F("f32"), a, scales, zps);
}
/// Sub-channel scales given as doubles, stored in E (f16) as MLIR does.
QuantType blocks(std::vector<std::pair<int32_t, int64_t>> b, Shape params, size_t n) {
  std::vector<numeric::Bits> bits;
  for (size_t k = 0; k < n; ++k) {
    double s = 0.25 * double(k + 1);
    uint64_t u;
    std::memcpy(&u, &s, 8);
    bits.push_back(numeric::floatConvert(numeric::f64Format(), u, F("f16"),
                                         numeric::RoundingMode::NearestEven)
                       .bits);
  }
  return build::subChannel(U(4), {}, F("f16"), std::move(b), std::move(params), bits,
                           std::vector<int64_t>(n, 3));
}

CaseParams rescale(unsigned in, unsigned out, bool inU = false, bool outU = false) {
  CaseParams p;
  p.op = Op::Rescale;
  requant::RescaleAttributes &a = p.rescale.attributes;
  a.inputWidth = in;
  a.outputWidth = out;
  a.inputUnsigned = inU;
  a.outputUnsigned = outU;
  p.shape = {4};
  return p;
}
CaseParams tosa(TosaOpKind kind, Shape shape, ShapeKind k = ShapeKind::Static) {
  CaseParams p;
  p.op = Op::TosaOp;
  p.tosaOp.kind = kind;
  p.shape = std::move(shape);
  p.shapeKind = k;
  return p;
}

V get(const CaseParams &p, const char *feature) {
  CaseFeatures f = caseFeatures(p);
  return f.values[coverageModels()[f.domain]->featureIndex(feature)];
}
std::set<std::string> set(const V &v) { return {v.begin(), v.end()}; }

/// Every hand-built case below, for the check that together they give every
/// value of every model.
std::vector<CaseParams> &seen() {
  static std::vector<CaseParams> cases;
  return cases;
}
V at(const CaseParams &p, const char *feature) {
  seen().push_back(p);
  return get(p, feature);
}

TEST(CoverageFeatures, CastShapes) {
  CaseParams base = q(layer(0.1), {4, 8});
  EXPECT_EQ(at(base, "op"), V{"qcast"});
  EXPECT_EQ(at(cast(Op::DCast, layer(0.1), {4}), "op"), V{"dcast"});
  EXPECT_EQ(at(base, "rank"), V{"2"});
  EXPECT_EQ(at(base, "traits"), V{"plain"});
  EXPECT_EQ(at(base, "size"), V{"2-255"});
  EXPECT_EQ(at(base, "shape-kind"), V{"static"});
  EXPECT_EQ(at(base, "validity"), V{"value"});
  CaseParams scalar = q(layer(0.1), {}, ShapeKind::Scalar);
  EXPECT_EQ(at(scalar, "rank"), V{"0"});
  EXPECT_EQ(at(scalar, "traits"), V{"plain"});
  EXPECT_EQ(at(scalar, "size"), V{"1"});
  EXPECT_EQ(at(scalar, "shape-kind"), V{"scalar"});
  EXPECT_EQ(at(q(layer(0.1), {}, ShapeKind::ZeroD), "shape-kind"), V{"0-d"});
  EXPECT_EQ(at(q(layer(0.1), {3, 2}, ShapeKind::Dynamic), "shape-kind"), V{"dynamic"});
  CaseParams unranked = q(layer(0.1), {2, 2, 2, 2, 2, 2}, ShapeKind::Unranked);
  EXPECT_EQ(at(unranked, "shape-kind"), V{"unranked"});
  EXPECT_EQ(at(unranked, "rank"), V{"5+"}); // the runtime rank
  EXPECT_EQ(set(at(unranked, "traits")), (std::set<std::string>{"square"}));
  EXPECT_EQ(at(q(layer(0.1), {3}), "rank"), V{"1"});
  EXPECT_EQ(at(q(layer(0.1), {2, 3, 4}), "rank"), V{"3"});
  EXPECT_EQ(at(q(layer(0.1), {2, 3, 4, 5}), "rank"), V{"4"});
  EXPECT_EQ(at(q(layer(0.1), {2, 2, 2, 2, 2}), "rank"), V{"5+"});
  EXPECT_EQ(set(at(q(layer(0.1), {1}), "traits")), (std::set<std::string>{"size-1", "batch-1"}));
  EXPECT_EQ(set(at(q(layer(0.1), {3, 1}), "traits")), (std::set<std::string>{"size-1"}));
  EXPECT_EQ(set(at(q(layer(0.1), {0, 4}), "traits")), (std::set<std::string>{"empty"}));
  EXPECT_EQ(at(q(layer(0.1), {0, 4}), "size"), V{"0"});
  // The size bands' edges: the code-path thresholds 256, 1024, 4096, 65536.
  EXPECT_EQ(at(q(layer(0.1), {255}), "size"), V{"2-255"});
  EXPECT_EQ(at(q(layer(0.1), {256}), "size"), V{"256-1023"});
  EXPECT_EQ(at(q(layer(0.1), {1023}), "size"), V{"256-1023"});
  EXPECT_EQ(at(q(layer(0.1), {1024}), "size"), V{"1024-4095"});
  EXPECT_EQ(at(q(layer(0.1), {4096}), "size"), V{"4096-65535"});
  EXPECT_EQ(at(q(layer(0.1), {65535}), "size"), V{"4096-65535"});
  EXPECT_EQ(at(q(layer(0.1), {256, 256}), "size"), V{">=65536"});
}

TEST(CoverageFeatures, CastGranularity) {
  CaseParams l = q(layer(0.1), {4});
  for (const char *f : {"channels", "parameters", "blocked-dims", "block-kind"})
    EXPECT_EQ(at(l, f), V{"n/a"}) << f;
  EXPECT_EQ(at(l, "axis"), V{"none"});
  EXPECT_EQ(at(l, "granularity"), V{"per-layer"});
  CaseParams middle = q(axis(1, {0.25, 0.25, 0.25}, {1, 2, 3}), {2, 3, 4});
  EXPECT_EQ(at(middle, "granularity"), V{"per-axis"});
  EXPECT_EQ(at(middle, "axis"), V{"middle"});
  EXPECT_EQ(at(middle, "channels"), V{"3"});
  EXPECT_EQ(at(middle, "parameters"), V{"zps-differ"});
  // Rank 1: the one dimension is first and last.
  CaseParams one = q(axis(0, {0.5, 0.5, 0.5, 0.5, 0.5}, {0, 0, 0, 0, 0}), {5});
  EXPECT_EQ(set(at(one, "axis")), (std::set<std::string>{"first", "last"}));
  EXPECT_EQ(at(one, "channels"), V{"4-8"});
  EXPECT_EQ(at(one, "parameters"), V{"equal"});
  EXPECT_EQ(at(q(axis(2, {0.1, 0.2}, {0, 0}), {2, 2, 2}), "axis"), V{"last"});
  EXPECT_EQ(at(q(axis(2, {0.1, 0.2}, {0, 0}), {2, 2, 2}), "parameters"), V{"scales-differ"});
  EXPECT_EQ(at(q(axis(0, {0.1, 0.2}, {0, 1}), {2, 3}), "axis"), V{"first"});
  EXPECT_EQ(at(q(axis(0, {0.1, 0.2}, {0, 1}), {2, 3}), "parameters"), V{"both-differ"});
  EXPECT_EQ(at(q(axis(0, {0.1}, {0}), {1, 4}), "channels"), V{"1"});
  EXPECT_EQ(at(q(axis(1, std::vector<double>(9, 0.5), std::vector<int64_t>(9, 0)), {2, 9}), "channels"),
            V{">8"});
  EXPECT_EQ(at(q(axis(0, {0.1, 0.2}, {0, 0}), {2}), "channels"), V{"2"});
  // Axis 2 of a runtime rank 2 (an unranked type's rejection).
  CaseParams beyond = reject(q(axis(2, {0.1, 0.5}, {0, 1}), {2, 3}, ShapeKind::Unranked));
  EXPECT_EQ(at(beyond, "axis"), V{"beyond"});
  EXPECT_EQ(at(beyond, "validity"), V{"rejection"});

  CaseParams sub = q(blocks({{0, 1}, {1, 2}}, {2, 2}, 4), {2, 4});
  EXPECT_EQ(at(sub, "granularity"), V{"sub-channel"});
  EXPECT_EQ(at(sub, "blocked-dims"), V{"2"});
  EXPECT_EQ(set(at(sub, "block-kind")), (std::set<std::string>{"unit", "partial"}));
  EXPECT_EQ(set(at(sub, "axis")), (std::set<std::string>{"first", "last"}));
  EXPECT_EQ(at(sub, "channels"), V{"4-8"});
  CaseParams whole = q(blocks({{1, 4}}, {1, 1}, 1), {3, 4});
  EXPECT_EQ(at(whole, "block-kind"), V{"whole"});
  EXPECT_EQ(at(whole, "blocked-dims"), V{"1"});
  EXPECT_EQ(at(whole, "channels"), V{"1"});
  EXPECT_EQ(at(q(blocks({{0, 1}, {1, 2}, {2, 3}}, {2, 2, 1}, 4), {2, 4, 3}), "blocked-dims"), V{"3+"});
  // A blocked dimension of runtime size 0 has no block kind.
  EXPECT_EQ(at(reject(q(blocks({{0, 2}}, {1, 1}, 1), {0, 4}, ShapeKind::Dynamic)), "block-kind"), V{});
  // Sub-channel scales are stored in E: never inexact.
  EXPECT_EQ(set(at(sub, "scale")), (std::set<std::string>{"pow2", "near-1"}));
}

TEST(CoverageFeatures, CastStorageScalesZeroPoints) {
  EXPECT_EQ(at(q(layer(0.1), {4}), "narrow"), V{"none"});
  EXPECT_EQ(at(q(layer(0.1, 0, S(8), "f32", {{-127, 127}}), {4}), "narrow"), V{"low"});
  EXPECT_EQ(at(q(layer(0.1, 0, S(8), "f32", {{-128, 100}}), {4}), "narrow"), V{"high"});
  EXPECT_EQ(at(q(layer(0.1, 0, U(8), "f32", {{1, 254}}), {4}), "narrow"), V{"both"});
  // Scale classes, in f32 unless said otherwise.
  EXPECT_EQ(at(q(layer(0.25), {4}), "scale"), V{"pow2"});
  EXPECT_EQ(at(q(layer(1.5), {4}), "scale"), V{"near-1"});
  EXPECT_EQ(at(q(layer(1000.0), {4}), "scale"), V{"ordinary"});
  EXPECT_EQ(at(q(layer(0.1), {4}), "scale"), V{"inexact"});
  EXPECT_EQ(at(q(layer(0.1, 0, S(8), "f64"), {4}), "scale"), V{"ordinary"}); // an f64 scale in f64
  EXPECT_EQ(set(at(q(layer(3.0e38), {4}), "scale")), (std::set<std::string>{"huge", "inexact"}));
  EXPECT_EQ(set(at(q(layer(std::ldexp(1.0, -100)), {4}), "scale")), (std::set<std::string>{"pow2", "tiny"}));
  EXPECT_EQ(set(at(q(layer(1.0e-40), {4}), "scale")), (std::set<std::string>{"subnormal", "inexact"}));
  EXPECT_EQ(at(q(layer(1.0e-7, 0, S(8), "f16"), {4}), "scale"), (V{"subnormal", "inexact"}));
  EXPECT_EQ(at(q(layer(60000.0, 0, S(8), "f16"), {4}), "scale"), V{"huge"});
  // A case takes every class of its scales.
  EXPECT_EQ(set(at(q(axis(0, {0.25, 1.5}, {0, 0}), {2}), "scale")),
            (std::set<std::string>{"pow2", "near-1"}));
  // Zero-point classes against the storage type (not the narrow bounds).
  EXPECT_EQ(at(q(layer(0.5, 0), {4}), "zero-point"), V{"zero"});
  EXPECT_EQ(at(q(layer(0.5, -128, S(8), "f32", {{-127, 127}}), {4}), "zero-point"), V{"min"});
  EXPECT_EQ(at(q(layer(0.5, 127), {4}), "zero-point"), V{"max"});
  EXPECT_EQ(at(q(layer(0.5, 200), {4}), "zero-point"), V{"out-of-range"});
  EXPECT_EQ(at(q(layer(0.5, -129), {4}), "zero-point"), V{"out-of-range"});
  EXPECT_EQ(at(q(layer(0.5, 5), {4}), "zero-point"), V{"other"});
  EXPECT_EQ(set(at(q(layer(0.5, 0, S(1)), {4}), "zero-point")), (std::set<std::string>{"zero", "max"}));
  EXPECT_EQ(set(at(q(layer(0.5, 0, U(1)), {4}), "zero-point")), (std::set<std::string>{"zero", "min"}));
  EXPECT_EQ(set(at(q(axis(0, {0.5, 0.5}, {-128, 3}), {2}), "zero-point")),
            (std::set<std::string>{"min", "other"}));
  // Storage widths and signedness.
  const std::map<unsigned, std::string> widths = {{1, "1"},  {2, "2"},   {4, "4"},  {7, "odd"},
                                                  {8, "8"},  {12, "odd"}, {16, "16"}, {24, "odd"},
                                                  {32, "32"}};
  for (auto [w, cls] : widths)
    EXPECT_EQ(at(q(layer(0.5, 0, S(w)), {4}), "storage-width"), V{cls}) << w;
  EXPECT_EQ(at(q(layer(0.5, 0, S(8)), {4}), "signedness"), V{"signed"});
  EXPECT_EQ(at(q(layer(0.5, 0, U(8)), {4}), "signedness"), V{"unsigned"});
  // Expressed families; f80 lies outside the model.
  const std::map<std::string, std::string> families = {
      {"f16", "f16"},          {"bf16", "bf16"},         {"f32", "f32"},
      {"f64", "f64"},          {"tf32", "tf32"},         {"f8E4M3FN", "f8"},
      {"f8E5M2", "f8"},        {"f8E4M3", "f8"},         {"f8E3M4", "f8"},
      {"f8E5M2FNUZ", "f8-fnuz"}, {"f8E4M3FNUZ", "f8-fnuz"}, {"f8E4M3B11FNUZ", "f8-fnuz"},
      {"f4E2M1FN", "f4-f6"},   {"f6E2M3FN", "f4-f6"},    {"f6E3M2FN", "f4-f6"},
      {"f80", "f80"}};
  for (const auto &[name, fam] : families)
    EXPECT_EQ(at(q(layer(1.0, 0, S(8), name.c_str()), {4}), "expressed"), V{fam}) << name;
}

TEST(CoverageFeatures, RescaleAndTosa) {
  CaseParams r = rescale(8, 8);
  EXPECT_EQ(at(r, "input-width"), V{"8"});
  EXPECT_EQ(at(r, "signedness"), V{"signed"});
  EXPECT_EQ(at(r, "multiplier"), V{"scale32"});
  EXPECT_EQ(at(r, "rounding"), V{"single"});
  EXPECT_EQ(at(r, "channels"), V{"per-tensor"});
  EXPECT_EQ(at(r, "operands"), V{"constants"});
  EXPECT_EQ(at(r, "shape-kind"), V{"static"});
  EXPECT_EQ(at(r, "size"), V{"2-255"});
  EXPECT_EQ(at(rescale(16, 16, true, false), "signedness"), V{"unsigned-input"});
  EXPECT_EQ(at(rescale(8, 16, false, true), "signedness"), V{"unsigned-output"});
  EXPECT_EQ(at(reject(rescale(8, 8, true, true)), "signedness"), V{"both-unsigned"});
  EXPECT_EQ(at(reject(rescale(8, 8, true, true)), "validity"), V{"rejection"});
  for (unsigned w : {16u, 32u, 48u})
    EXPECT_EQ(at(rescale(w, 8), "input-width"), V{std::to_string(w)});
  for (unsigned w : {8u, 16u, 32u})
    EXPECT_EQ(at(rescale(8, w), "output-width"), V{std::to_string(w)});
  CaseParams r2 = rescale(16, 16);
  r2.rescale.attributes.scale32 = false;
  r2.rescale.attributes.roundingMode = requant::RoundingMode::Inexact;
  r2.rescale.attributes.perChannel = true;
  r2.rescale.operands = RescaleOperands::Arguments;
  r2.shapeKind = ShapeKind::Unranked;
  r2.shape = {0, 4};
  EXPECT_EQ(at(r2, "multiplier"), V{"scale16"});
  EXPECT_EQ(at(r2, "rounding"), V{"inexact"});
  EXPECT_EQ(at(r2, "channels"), V{"per-channel"});
  EXPECT_EQ(at(r2, "operands"), V{"arguments"});
  EXPECT_EQ(at(r2, "shape-kind"), V{"unranked"});
  EXPECT_EQ(at(r2, "size"), V{"0"});
  CaseParams r3 = rescale(32, 32);
  r3.rescale.attributes.roundingMode = requant::RoundingMode::Double;
  r3.shapeKind = ShapeKind::ZeroD;
  r3.shape = {};
  EXPECT_EQ(at(r3, "rounding"), V{"double"});
  EXPECT_EQ(at(r3, "size"), V{"1"});
  EXPECT_EQ(at(r3, "shape-kind"), V{"0-d"});
  CaseParams r4 = rescale(8, 8);
  r4.shapeKind = ShapeKind::Dynamic;
  r4.shape = {300};
  EXPECT_EQ(at(r4, "shape-kind"), V{"dynamic"});
  for (auto [n, band] : std::map<int64_t, std::string>{
           {300, "256-1023"}, {2000, "1024-4095"}, {5000, "4096-65535"}, {70000, ">=65536"}}) {
    r4.shape = {n};
    EXPECT_EQ(at(r4, "size"), V{band});
  }

  const std::map<TosaOpKind, std::string> ops = {
      {TosaOpKind::MatMul, "matmul"},         {TosaOpKind::Conv2d, "conv2d"},
      {TosaOpKind::DepthwiseConv2d, "depthwise_conv2d"}, {TosaOpKind::TransposeConv2d, "transpose_conv2d"},
      {TosaOpKind::AvgPool2d, "avg_pool2d"}, {TosaOpKind::MaxPool2d, "max_pool2d"},
      {TosaOpKind::Add, "add"},               {TosaOpKind::Sub, "sub"},
      {TosaOpKind::Mul, "mul"},               {TosaOpKind::Negate, "negate"},
      {TosaOpKind::Clamp, "clamp"}};
  for (const auto &[kind, name] : ops)
    EXPECT_EQ(at(tosa(kind, {1, 2, 2, 1}), "op"), V{name});
  EXPECT_EQ(at(tosa(TosaOpKind::Add, {}, ShapeKind::ZeroD), "shape-kind"), V{"0-d"});
  EXPECT_EQ(at(tosa(TosaOpKind::Add, {}, ShapeKind::ZeroD), "size"), V{"1"});
  EXPECT_EQ(at(tosa(TosaOpKind::Add, {0}, ShapeKind::Dynamic), "size"), V{"0"});
  EXPECT_EQ(at(tosa(TosaOpKind::Add, {3}, ShapeKind::Unranked), "shape-kind"), V{"unranked"});
  EXPECT_EQ(at(reject(tosa(TosaOpKind::Add, {3})), "validity"), V{"rejection"});
  for (int64_t n : {300, 2000, 5000, 70000})
    at(tosa(TosaOpKind::Negate, {n}), "size");
  EXPECT_EQ(at(tosa(TosaOpKind::Negate, {4}), "validity"), V{"value"});
}

// Runs after the feature tests (gtest keeps the order of a file's tests).
TEST(CoverageFeatures, HandBuiltCasesGiveEveryValue) {
  LevelCoverage c;
  for (const CaseParams &p : seen())
    c.add(p);
  for (const coverage::DomainCoverage &d : c.result()) {
    for (size_t f = 0; f < d.model->features().size(); ++f)
      for (size_t v = 0; v < d.model->features()[f].values.size(); ++v)
        EXPECT_GT(d.valueCounts[f][v], 0u) << d.model->name() << ": "
                                           << d.model->features()[f].name << "="
                                           << d.model->features()[f].values[v];
  }
  EXPECT_EQ(c.result()[0].outside[c.result()[0].model->featureIndex("expressed")], V{"f80"});
}

// ---- Counting on a model small enough to count by hand --------------------------

/// A {a1 a2}, B {b1 b2 b3}, C {c1 c2}; a1 & b3 and b2 & c2 forbidden, and
/// a2 => c2. No rule names A and B together, yet a2 & b2 is infeasible
/// (a2 needs c2, b2 forbids it); b3 & c1 likewise (b3 needs a2, a2 needs c2).
std::unique_ptr<Model> smallModel() {
  auto m = std::make_unique<Model>(
      "small", "small",
      std::vector<coverage::Feature>{{"A", {"a1", "a2"}}, {"B", {"b1", "b2", "b3"}}, {"C", {"c1", "c2"}}});
  m->forbid("A=a1 & B=b3", "");
  m->forbid("B=b2 & C=c2", "");
  m->forbid("A=a2 & C!=c2", "");
  m->addCombination({"A", "B", "C"});
  return m;
}

TEST(CoverageCounting, FeasibilityByHand) {
  std::unique_ptr<Model> model = smallModel();
  Model &m = *model;
  auto feasible = [&](std::vector<std::pair<const char *, const char *>> combo) {
    coverage::Assignment a;
    for (auto [f, v] : combo) {
      size_t fi = m.featureIndex(f);
      a.push_back({fi, m.valueIndex(fi, v)});
    }
    return m.feasible(a);
  };
  EXPECT_FALSE(feasible({{"A", "a1"}, {"B", "b3"}}));
  EXPECT_FALSE(feasible({{"A", "a2"}, {"B", "b2"}})); // through C
  EXPECT_FALSE(feasible({{"B", "b3"}, {"C", "c1"}})); // through A
  EXPECT_TRUE(feasible({{"A", "a2"}, {"B", "b3"}}));
  EXPECT_TRUE(feasible({{"B", "b2"}, {"C", "c1"}}));
  // AB 4 of 6, AC 3 of 4, BC 4 of 6 feasible; ABC: (a1 b1 c1), (a1 b1 c2),
  // (a1 b2 c1), (a2 b1 c2), (a2 b3 c2).
  const std::vector<bool> ab = m.feasibleTable({0, 1}), ac = m.feasibleTable({0, 2}),
                          bc = m.feasibleTable({1, 2}), abc = m.feasibleTable({0, 1, 2});
  EXPECT_EQ(ab, (std::vector<bool>{true, true, false, true, false, true}));
  EXPECT_EQ(ac, (std::vector<bool>{true, true, false, true}));
  EXPECT_EQ(bc, (std::vector<bool>{true, true, true, false, false, true}));
  EXPECT_EQ(abc, (std::vector<bool>{true, true, true, false, false, false, false, true, false,
                                    false, false, true}));
}

TEST(CoverageCounting, PairsAndTriplesByHand) {
  std::unique_ptr<Model> model = smallModel();
  Model &m = *model;
  coverage::Counter c(m);
  c.add({{"a1"}, {"b1"}, {"c1"}});
  c.add({{"a2"}, {"b3"}, {"c2"}});
  c.add({{"a1"}, {"b1", "b2"}, {"c1"}}); // multi-valued: covers (a1 b2) and (b2 c1) too
  coverage::DomainCoverage d = c.result();
  ASSERT_EQ(d.pairs.size(), 3u);
  EXPECT_EQ(d.cases, 3u);
  EXPECT_EQ(d.valueCounts[1], (std::vector<size_t>{2, 1, 1}));
  EXPECT_EQ(d.pairs[0].covered, 3u); // AB: a1b1 a2b3 a1b2 of 4
  EXPECT_EQ(d.pairs[0].feasible, 4u);
  EXPECT_EQ(d.pairs[0].missing, (std::vector<std::vector<size_t>>{{1, 0}})); // a2 b1
  EXPECT_EQ(d.pairs[1].covered, 2u); // AC: a1c1 a2c2 of 3
  EXPECT_EQ(d.pairs[1].feasible, 3u);
  EXPECT_EQ(d.pairs[1].missing, (std::vector<std::vector<size_t>>{{0, 1}})); // a1 c2
  EXPECT_EQ(d.pairs[2].covered, 3u); // BC: b1c1 b3c2 b2c1 of 4
  EXPECT_EQ(d.pairs[2].feasible, 4u);
  EXPECT_EQ(coverage::DomainCoverage::totals(d.pairs), (std::pair<size_t, size_t>{8, 11}));
  ASSERT_EQ(d.declared.size(), 1u);
  EXPECT_EQ(d.declared[0].covered, 3u);
  EXPECT_EQ(d.declared[0].feasible, 5u);
  EXPECT_EQ(d.declared[0].missing, (std::vector<std::vector<size_t>>{{0, 0, 1}, {1, 0, 1}}));
  EXPECT_EQ(d.contradictionCount, 0u);
  for (const coverage::ComboCoverage &p : d.pairs)
    EXPECT_TRUE(p.infeasible.empty());
  // A case that breaks a rule is reported, and so is its infeasible pair;
  // a value outside the model is noted and counted nowhere.
  c.add({{"a1"}, {"b3"}, {"zz"}});
  d = c.result();
  EXPECT_EQ(d.contradictionCount, 1u);
  EXPECT_EQ(d.contradictions, V{"case 3 breaks 'A=a1 & B=b3'"});
  EXPECT_EQ(d.pairs[0].infeasible, (std::vector<std::vector<size_t>>{{0, 2}}));
  EXPECT_EQ(d.outside[2], V{"zz"});
  EXPECT_EQ(coverage::DomainCoverage::totals(d.pairs), (std::pair<size_t, size_t>{8, 11}));
}

// A 4-wise combination held at one value of its last feature (as
// `op x granularity x storage-width x expressed` at validity=value): only
// the cases with that value count; the others' combinations are neither
// covered nor missing, and none of them is a contradiction.
TEST(CoverageCounting, FourWiseHeldAtOneValue) {
  auto m = std::make_unique<Model>(
      "four", "four",
      std::vector<coverage::Feature>{{"A", {"a1", "a2"}}, {"B", {"b1", "b2"}}, {"C", {"c1", "c2"}},
                                     {"D", {"d1", "d2"}}, {"V", {"value", "rejection"}}});
  m->forbid("A=a2 & B=b2 & V=value", "");
  m->addCombination({"A", "B", "C", "D"}, "V=value");
  ASSERT_EQ(m->declared().size(), 1u);
  EXPECT_EQ(m->declared()[0].features, (std::vector<size_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(m->declared()[0].only, 0u);
  coverage::Counter c(*m);
  c.add({{"a1"}, {"b1"}, {"c1"}, {"d1"}, {"value"}});
  c.add({{"a1"}, {"b1", "b2"}, {"c2"}, {"d2"}, {"value"}}); // two combinations
  c.add({{"a2"}, {"b2"}, {"c1"}, {"d1"}, {"rejection"}});   // not counted
  coverage::DomainCoverage d = c.result();
  ASSERT_EQ(d.declared.size(), 1u);
  // 16 combinations of A B C D at value, 4 of them with a2 & b2: 12 feasible.
  EXPECT_EQ(d.declared[0].feasible, 12u);
  EXPECT_EQ(d.declared[0].covered, 3u);
  EXPECT_EQ(d.declared[0].missing.size(), 9u);
  EXPECT_EQ(d.declared[0].missing.front(), (std::vector<size_t>{0, 0, 0, 1, 0}));
  EXPECT_TRUE(d.declared[0].infeasible.empty());
  EXPECT_EQ(d.contradictionCount, 0u);
  // Declaring two or five features, one twice, or an unknown value is a model bug.
  EXPECT_THROW(m->addCombination({"A", "B"}), std::logic_error);
  EXPECT_THROW(m->addCombination({"A", "B", "C", "D", "V"}), std::logic_error);
  EXPECT_THROW(m->addCombination({"A", "B", "A"}), std::logic_error);
  EXPECT_THROW(m->addCombination({"A", "B", "C"}, "V=maybe"), std::logic_error);
  EXPECT_THROW(m->addCombination({"A", "B", "C"}, "V"), std::logic_error);
}

TEST(CoverageCounting, BadRulesAreModelBugs) {
  std::unique_ptr<Model> model = smallModel();
  Model &m = *model;
  EXPECT_THROW(m.forbid("D=d1", ""), std::logic_error);
  EXPECT_THROW(m.forbid("A=a3", ""), std::logic_error);
  EXPECT_THROW(m.forbid("A=a1 & A=a2", ""), std::logic_error);
  EXPECT_THROW(m.forbid("A!=a1|a2", ""), std::logic_error); // matches nothing
  EXPECT_THROW(m.forbid("A", ""), std::logic_error);
  coverage::Counter c(m);
  EXPECT_THROW(c.add({{"a1"}}), std::logic_error);
}

// ---- The real models on the real levels ---------------------------------------------

/// The rules' only fact about formats: no f4 / f6 format has a normal value
/// below 1/sqrt(max) (the "tiny" class), every other family has one.
TEST(CoverageModels, TinyScalesPerFamily) {
  auto tinyExists = [](const char *name) {
    const FloatFormat &E = F(name);
    numeric::Bits maxBits = numeric::largestFinite(E, false);
    uint64_t u = uint64_t(numeric::floatConvert(E, maxBits, numeric::f64Format(),
                                                numeric::RoundingMode::NearestEven)
                              .bits);
    double max;
    std::memcpy(&max, &u, 8);
    return std::ldexp(1.0, E.minExponent) < 1 / std::sqrt(max);
  };
  for (const char *n : {"f4E2M1FN", "f6E2M3FN", "f6E3M2FN"})
    EXPECT_FALSE(tinyExists(n)) << n;
  for (const char *n : {"f16", "bf16", "f32", "f64", "tf32", "f8E4M3FN", "f8E5M2FNUZ"})
    EXPECT_TRUE(tinyExists(n)) << n;
}

TEST(CoverageModels, NoLevelCaseBreaksARule) {
  for (Level level : {Level::Smoke, Level::Full}) {
    LevelCoverage c;
    for (const CaseParams &p : levelCases(level))
      c.add(p);
    for (const coverage::DomainCoverage &d : c.result()) {
      EXPECT_EQ(d.contradictionCount, 0u) << levelName(level) << " " << d.model->name() << ": "
                                          << (d.contradictions.empty() ? "" : d.contradictions[0]);
      for (const auto *combos : {&d.pairs, &d.declared})
        for (const coverage::ComboCoverage &p : *combos)
          EXPECT_TRUE(p.infeasible.empty()) << levelName(level) << " " << d.model->name();
      for (size_t f = 0; f < d.outside.size(); ++f)
        EXPECT_TRUE(d.outside[f].empty()) << d.model->features()[f].name << ": " << d.outside[f][0];
    }
  }
}

// docs/vendor-guide.md, "Coverage classes": the full level holds every
// feasible pair and every feasible combination of the declared ones
// (triples, and qcast / dcast's 4-wise op x granularity x storage-width x
// expressed among its value cases) of each model (qcast / dcast, rescale, TOSA operators); a case dropped from
// a level's design shows here as the combinations only it held.
TEST(CoverageModels, FullLevelCoversEveryPairAndTriple) {
  LevelCoverage c;
  for (const CaseParams &p : levelCases(Level::Full))
    c.add(p);
  for (const coverage::DomainCoverage &d : c.result()) {
    auto [pc, pf] = coverage::DomainCoverage::totals(d.pairs);
    auto [tc, tf] = coverage::DomainCoverage::totals(d.declared);
    EXPECT_EQ(pc, pf) << d.model->name() << ": pairs";
    EXPECT_EQ(tc, tf) << d.model->name() << ": declared combinations";
    EXPECT_GT(pf, 0u) << d.model->name();
  }
}

TEST(CoverageModels, JsonReadsBack) {
  std::vector<CaseParams> cases = levelCases(Level::Smoke);
  LevelCoverage c;
  for (const CaseParams &p : cases)
    c.add(p);
  std::vector<coverage::DomainCoverage> domains = c.result();
  std::string json = coverageJson(domains);
  EXPECT_EQ(json, coverageJson(cases)); // deterministic
  CoverageSummary s;
  std::string error;
  ASSERT_TRUE(coverageSummaryFromJson(json, s, error)) << error;
  ASSERT_EQ(s.domains.size(), domains.size());
  size_t covered = 0, feasible = 0;
  for (size_t i = 0; i < domains.size(); ++i) {
    auto [cv, fe] = coverage::DomainCoverage::totals(domains[i].pairs);
    EXPECT_EQ(s.domains[i].pairsCovered, cv);
    EXPECT_EQ(s.domains[i].pairsFeasible, fe);
    EXPECT_EQ(s.domains[i].cases, domains[i].cases);
    EXPECT_EQ(s.domains[i].valuesPresent, domains[i].valuesPresent());
    EXPECT_EQ(s.domains[i].values, domains[i].valueCount());
    covered += cv;
    feasible += fe;
  }
  EXPECT_EQ(s.pairsCovered, covered);
  EXPECT_EQ(s.pairsFeasible, feasible);
  std::string table = coverageTable(domains, "the smoke level");
  EXPECT_NE(table.find("\nall: pairwise: " + std::to_string(covered) + " of " +
                       std::to_string(feasible) + " feasible pairs covered ("),
            std::string::npos);
  // Bad objects: the JSON path and the problem.
  EXPECT_FALSE(coverageSummaryFromJson("[]", s, error, "/coverage"));
  EXPECT_EQ(error, "/coverage: expected an object");
  std::string bad = json;
  bad.replace(bad.find("\"cases\":"), 8, "\"cases\":-");
  EXPECT_FALSE(coverageSummaryFromJson(bad, s, error, "/coverage"));
  EXPECT_EQ(error.rfind("/coverage/domains/0/cases: expected a count", 0), 0u) << error;
  EXPECT_FALSE(coverageSummaryFromJson("{", s, error));
  EXPECT_EQ(error.rfind("/: not valid JSON", 0), 0u) << error;
}

TEST(CoverageModels, Percent) {
  EXPECT_EQ(coveragePercent(0, 0), "n/a");
  EXPECT_EQ(coveragePercent(3, 3), "100%");
  EXPECT_EQ(coveragePercent(999, 1000), "99.9%");
  EXPECT_EQ(coveragePercent(9999, 10000), "99.9%"); // never rounds up to 100
  EXPECT_EQ(coveragePercent(1, 3), "33.3%");
}

} // namespace
