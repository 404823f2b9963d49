//===- GoldenTileTest.cpp - Tiled cases and quant-interp-golden/2 ----------===//
//
// Spec: docs/golden-format.md ("Tiled cases", "Manifest", "Versioning").
// A tiled qcast, dcast and rescale case (period 7 of 100 elements, poison
// elements and INEXACT_ROUND intervals included) and tiled TOSA operator
// cases (ADD with input2 tiled with the input or broadcast and listed whole,
// CONV2D 1x1) are written, read back expanded to every element and written
// again to the same bytes; the writer refuses a case that is not really
// periodic (or a TOSA operator case whose output element i does not stand
// for input element i), naming the case and the first index that breaks the
// period; the reader refuses each broken rule with its JSON path; the
// manifest's `listed` and `coverage` read back and write again unchanged.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"
#include "generators/GoldenExpected.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenTile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

using namespace qi;
using namespace qi::generators;

namespace {

constexpr int64_t kPeriod = 7;
const Shape kShape = {4, 25}; // 100 elements: the period does not divide them

/// The first smoke parameters of `op`, per-layer, static, f32 expressed.
CaseParams smokeParams(Op op) {
  for (const CaseParams &p : levelCases(Level::Smoke))
    if (p.op == op && p.shapeKind == ShapeKind::Static && p.period == 0 && p.variant.empty() &&
        p.type.granularity == quant::QuantType::Granularity::PerLayer &&
        std::string(p.type.expressed->name) == "f32")
      return p;
  ADD_FAILURE() << "no per-layer static f32 " << opName(op) << " case in the smoke level";
  return {};
}

/// A tiled case: element i is element i % 7 of a list with a NaN (qcast:
/// poison under every profile) and the storage bounds (dcast).
GoldenCase tiledCase(Op op) {
  GoldenCase c;
  c.params = smokeParams(op);
  c.params.shape = kShape;
  c.params.period = kPeriod;
  c.level = "smoke";
  const std::vector<numeric::Bits> floats = {0x3F800000, 0x7FC00000, 0xC0200000, 0x00000000,
                                             0x80000000, 0x7F800000, 0x41200000};
  const quant::QuantType &t = c.params.type;
  const std::vector<int64_t> stored = {t.storageMin, 0, t.storageMax, 1, t.storageMax - 1,
                                       t.storageMin + 1, 0};
  const std::vector<std::string> classes = {"one", "nan", "random", "zero", "minus-zero", "inf",
                                            "random"};
  for (size_t i = 0; i < size_t(numElements(kShape)); ++i) {
    if (op == Op::QCast)
      c.inputFloats.push_back(floats[i % kPeriod]);
    else
      c.inputStored.push_back(stored[i % kPeriod]);
    c.inputClasses.push_back(classes[i % kPeriod]);
  }
  for (const char *profile : {"reference", "mlir-lower-quant-ops"}) {
    ExpectedOutput e;
    std::string error;
    EXPECT_TRUE(evaluateProfile(c, profile, e, error)) << error;
    c.expected.push_back(std::move(e));
  }
  c.seed = caseSeed(kDefaultSeed, parameterId(c.params));
  c.id = caseId(c.params, c);
  return c;
}

void expectSameContent(const GoldenCase &a, const GoldenCase &b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.params.period, b.params.period);
  EXPECT_TRUE(a.inputFloats == b.inputFloats);
  EXPECT_EQ(a.inputStored, b.inputStored);
  EXPECT_EQ(a.input2Stored, b.input2Stored);
  EXPECT_EQ(a.weightStored, b.weightStored);
  EXPECT_EQ(a.biasStored, b.biasStored);
  EXPECT_EQ(a.inputClasses, b.inputClasses);
  ASSERT_EQ(a.expected.size(), b.expected.size());
  for (size_t k = 0; k < a.expected.size(); ++k) {
    EXPECT_EQ(a.expected[k].stored, b.expected[k].stored) << k;
    EXPECT_TRUE(a.expected[k].floats == b.expected[k].floats) << k;
    EXPECT_EQ(a.expected[k].poison, b.expected[k].poison) << k;
    ASSERT_EQ(a.expected[k].intervals.size(), b.expected[k].intervals.size()) << k;
    for (size_t i = 0; i < a.expected[k].intervals.size(); ++i) {
      const AllowedInterval &x = a.expected[k].intervals[i], &y = b.expected[k].intervals[i];
      EXPECT_TRUE(x.index == y.index && x.lo == y.lo && x.hi == y.hi) << k << ", interval " << i;
    }
  }
}

/// A tiled rescale case: the first per-tensor INEXACT_ROUND case of the
/// smoke level whose tosa recipe lists intervals on 100 elements, period 7.
GoldenCase tiledRescaleCase() {
  for (const CaseParams &p : levelCases(Level::Smoke)) {
    const requant::RescaleAttributes &a = p.rescale.attributes;
    if (p.op != Op::Rescale || !p.variant.empty() || p.shapeKind != ShapeKind::Static ||
        a.perChannel || a.roundingMode != requant::RoundingMode::Inexact)
      continue;
    CaseParams t = p;
    t.shape = kShape;
    t.period = kPeriod;
    GoldenCase c = buildCase(t, Level::Smoke, kDefaultSeed, {});
    for (const ExpectedOutput &e : c.expected)
      if (e.profile == "tosa" && !e.intervals.empty())
        return c;
  }
  ADD_FAILURE() << "no per-tensor INEXACT_ROUND rescale case with intervals in the smoke level";
  return {};
}

/// `text` with the first `from` replaced by `to` (which must be there).
std::string edited(std::string text, const std::string &from, const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "'" << from << "' is not in the text";
  if (at != std::string::npos)
    text.replace(at, from.size(), to);
  return text;
}

/// The reader's error for `text` ("" if it reads).
std::string readError(const std::string &text) {
  GoldenCase c;
  std::string error;
  return caseFromJson(text, c, error) ? std::string() : error;
}

std::string writerError(const GoldenCase &c) {
  try {
    caseToJson(c);
  } catch (const std::logic_error &e) {
    return e.what();
  }
  return "";
}

/// Written, read back expanded, written again: the same bytes (pretty and
/// compact).
void expectRoundTrip(const GoldenCase &c) {
  ASSERT_EQ(writerError(c), "");
  const std::string text = caseToJson(c);
  GoldenCase back;
  std::string error;
  ASSERT_TRUE(caseFromJson(text, back, error)) << error;
  expectSameContent(c, back);
  EXPECT_EQ(caseToJson(back), text); // byte for byte
  const std::string line = caseToJson(c, /*compact=*/true);
  GoldenCase fromLine;
  ASSERT_TRUE(caseFromJson(line, fromLine, error)) << error;
  expectSameContent(c, fromLine);
  EXPECT_EQ(caseToJson(fromLine, true), line);
}

TEST(GoldenTile, RoundTripQCastAndDCast) {
  for (Op op : {Op::QCast, Op::DCast}) {
    SCOPED_TRACE(std::string(opName(op)));
    const GoldenCase c = tiledCase(op);
    ASSERT_EQ(c.numOutputs(), 100u);
    if (op == Op::QCast) { // the NaN is poison at 1, 8, ..., 99
      ASSERT_EQ(c.expected[0].poison.size(), 15u);
      EXPECT_EQ(c.expected[0].poison.back(), 99);
    }
    ASSERT_EQ(writerError(c), "");
    const std::string text = caseToJson(c);
    EXPECT_NE(text.find("\"format\": \"quant-interp-golden/2\""), std::string::npos);
    EXPECT_NE(text.find("-tile7-"), std::string::npos);
    EXPECT_NE(text.find("\"shape\": [4, 25],\n    \"period\": 7,\n    \"values\": ["),
              std::string::npos)
        << text;
    if (op == Op::QCast)
      EXPECT_NE(text.find("\"poison\": [1]"), std::string::npos) << text;
    else
      EXPECT_NE(text.find("\"values\": [" + std::to_string(c.inputStored[0]) + ", 0, "),
                std::string::npos);
    expectRoundTrip(c);
  }
}

TEST(GoldenTile, RoundTripRescale) {
  const GoldenCase c = tiledRescaleCase();
  ASSERT_EQ(c.numOutputs(), 100u);
  const auto tosa = std::find_if(c.expected.begin(), c.expected.end(),
                                 [](const ExpectedOutput &e) { return e.profile == "tosa"; });
  ASSERT_NE(tosa, c.expected.end());
  ASSERT_FALSE(tosa->intervals.empty());
  EXPECT_GE(tosa->intervals.back().index, kPeriod); // repeated beyond the listed part
  ASSERT_EQ(writerError(c), "");
  const std::string text = caseToJson(c);
  EXPECT_NE(text.find("-tile7-"), std::string::npos);
  EXPECT_NE(text.find("\"shape\": [4, 25],\n    \"period\": 7,\n    \"values\": ["),
            std::string::npos)
      << text;
  expectRoundTrip(c);
  // The writer checks the intervals' period too; the reader their range.
  GoldenCase broken = c;
  const size_t k = size_t(tosa - c.expected.begin());
  AllowedInterval &last = broken.expected[k].intervals.back();
  last.hi += 1;
  EXPECT_EQ(writerError(broken),
            "tiled case " + c.id + " (period 7): expected[" + std::to_string(k) +
                "] (tosa) intervals element " + std::to_string(last.index) +
                " differs from element " + std::to_string(last.index % kPeriod));
  const size_t at = text.find("\"intervals\": [[");
  ASSERT_NE(at, std::string::npos);
  const size_t index = at + std::string("\"intervals\": [[").size();
  EXPECT_EQ(readError(text.substr(0, index) + "7" + text.substr(text.find(",", index))),
            "/expected/" + std::to_string(k) +
                "/intervals/0/0: indices must be ascending and in [0, 7) (the period)");
}

/// ADD i32 on the 4 x 25 elements of kShape, "large" values: input2 of the
/// input's shape (tiled with it) or broadcast (listed whole).
CaseParams tosaAddParams(Shape input2, int64_t period) {
  CaseParams p;
  p.op = Op::TosaOp;
  p.shapeKind = ShapeKind::Static;
  p.shape = kShape;
  p.period = period;
  TosaOpParams &k = p.tosaOp;
  k.kind = TosaOpKind::Add;
  k.input = "i32";
  k.weight = k.acc = "";
  k.input2Shape = std::move(input2);
  k.purpose = "large";
  return p;
}

/// CONV2D i8 x i8 -> i32 on 1 x 4 x 25 x 3 elements, IC = OC = 3, a KH x KW
/// kernel with `pad`, zero points at their extremes, a per-channel bias.
CaseParams tosaConvParams(int64_t period, int64_t kh = 1, int64_t kw = 1,
                          std::vector<int64_t> pad = {0, 0, 0, 0}) {
  CaseParams p;
  p.op = Op::TosaOp;
  p.shapeKind = ShapeKind::Static;
  p.shape = {1, 4, 25, 3};
  p.period = period;
  TosaOpParams &k = p.tosaOp;
  k.kind = TosaOpKind::Conv2d;
  k.input = k.weight = "i8";
  k.acc = "i32";
  k.weightShape = {3, kh, kw, 3};
  k.biasShape = {3};
  k.pad = std::move(pad);
  k.stride = {1, 1};
  k.dilation = {1, 1};
  k.inputZp = -128;
  k.weightZp = 127;
  k.purpose = "large";
  return p;
}

GoldenCase builtCase(const CaseParams &p) { return buildCase(p, Level::Full, kDefaultSeed, {}); }


TEST(GoldenTile, RoundTripTosaAdd) {
  // input2 of the input's shape: tiled with it, its file lists 7 values.
  const GoldenCase c = builtCase(tosaAddParams(kShape, kPeriod));
  ASSERT_EQ(c.numOutputs(), 100u);
  ASSERT_EQ(c.input2Stored.size(), 100u);
  EXPECT_EQ(c.input2Stored[99], c.input2Stored[99 % kPeriod]);
  const std::string text = caseToJson(c);
  EXPECT_NE(text.find("\"id\": \"add-i32-large-static-tile7-"), std::string::npos) << text;
  EXPECT_NE(text.find("\"shape\": [4, 25],\n    \"period\": 7,\n    \"values\": ["),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"name\": \"input2\",\n      \"type\": \"tensor<4x25xi32>\",\n      "
                      "\"shape\": [4, 25],\n      \"period\": 7,\n      \"values\": ["),
            std::string::npos)
      << text;
  expectRoundTrip(c);
  // input2 broadcast along the first dimension: listed whole (25 values),
  // the period a multiple of its 25 elements.
  const GoldenCase b = builtCase(tosaAddParams({1, 25}, 50));
  ASSERT_EQ(b.input2Stored.size(), 25u);
  const std::string btext = caseToJson(b);
  EXPECT_NE(btext.find("\"shape\": [1, 25],\n      \"values\": ["), std::string::npos) << btext;
  expectRoundTrip(b);
}

TEST(GoldenTile, RoundTripTosaConv2d) {
  // 1x1, IC = OC = 3, period 21 = 7 * 3: the weight and the bias listed whole.
  const GoldenCase c = builtCase(tosaConvParams(21));
  ASSERT_EQ(c.numOutputs(), 300u);
  ASSERT_EQ(c.inputStored.size(), 300u);
  ASSERT_EQ(c.weightStored.size(), 9u);
  const std::string text = caseToJson(c);
  EXPECT_NE(text.find("\"id\": \"conv2d-i8-i8-i32-large-static-tile21-"), std::string::npos);
  EXPECT_NE(text.find("\"shape\": [1, 4, 25, 3],\n    \"period\": 21,\n    \"values\": ["),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"shape\": [3, 1, 1, 3],\n      \"values\": ["), std::string::npos);
  expectRoundTrip(c);
}

TEST(GoldenTile, WriterRefusesBrokenTosaCases) {
  const GoldenCase add = builtCase(tosaAddParams(kShape, kPeriod));
  auto expectRefused = [](const GoldenCase &c, const std::string &problem) {
    EXPECT_EQ(writerError(c), "tiled case " + c.id + " (period " +
                                  std::to_string(c.params.period) + "): " + problem);
  };
  GoldenCase c = add;
  c.input2Stored[50] += 1; // 50 % 7 = 1
  expectRefused(c, "input2 element 50 differs from element 1");
  c = add;
  c.expected[0].stored[13] += 1;
  expectRefused(c, "expected[0] (tosa) values element 13 differs from element 6");
  c = add;
  c.params.tosaOp.input2Shape = {4, 1};
  expectRefused(c, "input2's shape [4, 1] is neither the input's nor [1, ..., 1] followed by the "
                   "input's last dimensions");
  c = add;
  c.params.tosaOp.input2Shape = {1, 25};
  expectRefused(c, "the period 7 is not a multiple of input2's 25 elements (input2 is listed "
                   "whole)");
  const GoldenCase conv = builtCase(tosaConvParams(21));
  c = conv;
  c.params.period = 20;
  expectRefused(c, "the period 20 is not a multiple of the channel count 3");
  c = conv;
  c.params.tosaOp.weightShape = {3, 1, 3, 3};
  c.params.tosaOp.pad = {0, 0, 1, 1}; // the output keeps the input's shape
  expectRefused(c, "the window is not one element: a tiled contraction has a 1x1 kernel, stride 1 "
                   "and no padding");
  c = conv;
  c.params.tosaOp.weightShape = {2, 1, 1, 3};
  expectRefused(c, "the output's shape [1, 4, 25, 2] is not the input's [1, 4, 25, 3]: a tiled "
                   "TOSA operator's output element i stands for input element i");
  c = conv;
  c.expected[0].stored[299] += 1; // 299 % 21 = 5
  expectRefused(c, "expected[0] (tosa) values element 299 differs from element 5");
  // The generator refuses parameters that cannot be tiled, before any input.
  try {
    builtCase(tosaConvParams(20));
    ADD_FAILURE() << "a CONV2D of 3 channels tiled with period 20";
  } catch (const std::logic_error &e) {
    EXPECT_NE(std::string(e.what()).find(
                  "cannot be tiled: the period 20 is not a multiple of the channel count 3"),
              std::string::npos)
        << e.what();
  }
}

TEST(GoldenTile, ReaderRefusesBrokenTosaCases) {
  const std::string text = caseToJson(builtCase(tosaAddParams(kShape, kPeriod)));
  ASSERT_EQ(readError(text), "");
  const std::string input2 = "\"shape\": [4, 25],\n      \"period\": 7,\n";
  EXPECT_EQ(readError(edited(text, input2, "\"shape\": [4, 25],\n")),
            "/operands/0/period: missing: an input2 of the input's shape is tiled with the input "
            "(period 7)");
  EXPECT_EQ(readError(edited(text, input2, "\"shape\": [4, 25],\n      \"period\": 6,\n")),
            "/operands/0/period: period 6 is not the input's 7");
  EXPECT_EQ(readError(edited(text, "\"period\": 7", "\"period\": 100")),
            "/input/period: period 100 does not lie in [1, N) for N = 100 elements (a tiled case "
            "repeats fewer elements than it has)");
  // input2's listed values: 7 integers on one line.
  const size_t at = text.find("\"values\": [", text.find("\"operands\""));
  const std::string values = text.substr(at, text.find("]", at) - at + 1);
  EXPECT_EQ(readError(edited(text, values, values.substr(0, values.rfind(",")) + "]")),
            "/operands/0/values: 6 values for 7 (the period; the case has 100 elements)");
  const size_t eat = text.find("\"values\": [", text.find("\"expected\""));
  const std::string evalues = text.substr(eat, text.find("]", eat) - eat + 1);
  EXPECT_EQ(readError(edited(text, evalues, evalues.substr(0, evalues.rfind(",")) + "]")),
            "/expected/0/values: 6 values for 7 (the period; the case has 100 elements)");
  EXPECT_EQ(readError(edited(text, "quant-interp-golden/2", "quant-interp-golden/1")),
            "/input/period: a tiled case (key 'period') is new in quant-interp-golden/2, but the "
            "file is quant-interp-golden/1");
  EXPECT_EQ(readError(edited(text, "-tile7-", "-")).rfind("/id: id '", 0), 0u);
  // A broadcast input2 is listed whole: no period.
  const std::string broadcast = caseToJson(builtCase(tosaAddParams({1, 25}, 50)));
  ASSERT_EQ(readError(broadcast), "");
  EXPECT_EQ(readError(edited(broadcast, "\"shape\": [1, 25],\n",
                             "\"shape\": [1, 25],\n      \"period\": 50,\n")),
            "/operands/0/period: only an input2 of the input's shape in a tiled case has a period "
            "(it is tiled with the input); other operands are listed whole");
  // CONV2D: the period a multiple of C; the weight listed whole.
  const std::string conv = caseToJson(builtCase(tosaConvParams(21)));
  ASSERT_EQ(readError(conv), "");
  EXPECT_EQ(readError(edited(conv, "\"period\": 21", "\"period\": 20")),
            "/input/period: the period 20 is not a multiple of the channel count 3");
  EXPECT_EQ(readError(edited(conv, "\"shape\": [3, 1, 1, 3],\n",
                             "\"shape\": [3, 1, 1, 3],\n      \"period\": 21,\n")),
            "/operands/0: unknown key 'period' (the schema is closed)");
  // A 3x3 kernel with pad 1 keeps the input's shape, but its window is not
  // one element.
  const std::string conv3 = caseToJson(builtCase(tosaConvParams(0, 3, 3, {1, 1, 1, 1})));
  ASSERT_EQ(readError(conv3), "");
  EXPECT_EQ(readError(edited(conv3, "\"shape\": [1, 4, 25, 3],\n",
                             "\"shape\": [1, 4, 25, 3],\n    \"period\": 21,\n")),
            "/input/period: the window is not one element: a tiled contraction has a 1x1 "
            "kernel, stride 1 and no padding");
}

TEST(GoldenTile, WriterRefusesWhatIsNotPeriodic) {
  const GoldenCase good = tiledCase(Op::QCast);
  const std::string id = good.id;
  auto expectRefused = [&](GoldenCase c, const std::string &problem) {
    EXPECT_EQ(writerError(c), "tiled case " + id + " (period 7): " + problem);
  };
  GoldenCase c = good;
  c.inputFloats[50] = 0x3F800001; // 50 % 7 = 1
  expectRefused(c, "input element 50 differs from element 1");
  c = good;
  c.inputClasses[99] = "zero";
  expectRefused(c, "input classes element 99 differs from element 1");
  c = good;
  c.expected[1].stored[13] += 1;
  expectRefused(c, "expected[1] (mlir-lower-quant-ops) values element 13 differs from element 6");
  c = good;
  c.expected[0].poison.erase(c.expected[0].poison.begin() + 2); // index 15
  expectRefused(c, "expected[0] (reference) poison set element 15 differs from element 1");
  c = good;
  c.expected[0].poison.push_back(100);
  expectRefused(c, "expected[0] (reference) poison index 100 is not an element");
  c = good;
  c.params.period = 100;
  EXPECT_EQ(writerError(c),
            "tiled case " + id +
                " (period 100): the period must lie in [1, N) for N = 100 elements");
  c = tiledCase(Op::DCast);
  c.inputStored[7] = c.inputStored[1] + 1;
  EXPECT_EQ(writerError(c),
            "tiled case " + c.id + " (period 7): input element 7 differs from element 0");
  // /1 has no tiled cases.
  try {
    caseToJson(good, false, kFormatVersion1);
    ADD_FAILURE() << "a tiled case written as /1";
  } catch (const std::logic_error &e) {
    EXPECT_EQ(std::string(e.what()),
              "tiled case " + id + ": quant-interp-golden/1 has no tiled cases");
  }
}

TEST(GoldenTile, ReaderRefusesBrokenRules) {
  const std::string text = caseToJson(tiledCase(Op::QCast));
  ASSERT_EQ(readError(text), "");
  EXPECT_EQ(readError(edited(text, "\"period\": 7", "\"period\": 100")),
            "/input/period: period 100 does not lie in [1, N) for N = 100 elements (a tiled case "
            "repeats fewer elements than it has)");
  EXPECT_EQ(readError(edited(text, "\"period\": 7", "\"period\": 0")),
            "/input/period: period 0 does not lie in [1, N) for N = 100 elements (a tiled case "
            "repeats fewer elements than it has)");
  EXPECT_EQ(readError(edited(text, "\"period\": 7", "\"period\": 6")),
            "/input/values: 7 values for 6 (the period; the case has 100 elements)");
  EXPECT_EQ(readError(edited(text, "\"period\": 7", "\"period\": \"7\"")),
            "/input/period: expected an integer");
  EXPECT_EQ(readError(edited(text, ", \"random\"]", "]")),
            "/input/classes: 6 classes for 7 values");
  // The first expected output's values: 7 integers on one line.
  const size_t at = text.find("\"values\": [", text.find("\"expected\""));
  const size_t end = text.find("]", at);
  const std::string values = text.substr(at, end - at + 1);
  EXPECT_EQ(readError(edited(text, values, values.substr(0, values.rfind(",")) + "]")),
            "/expected/0/values: 6 values for 7 (the period; the case has 100 elements)");
  EXPECT_EQ(readError(edited(text, "\"poison\": [1]", "\"poison\": [1, 8]")),
            "/expected/0/poison: indices must be ascending and in [0, 7) (the period)");
  EXPECT_EQ(readError(edited(text, "quant-interp-golden/2", "quant-interp-golden/1")),
            "/input/period: a tiled case (key 'period') is new in quant-interp-golden/2, but the "
            "file is quant-interp-golden/1");
  EXPECT_EQ(readError(edited(text, "quant-interp-golden/2", "quant-interp-golden/3")),
            "/format: unsupported format version 'quant-interp-golden/3' (this quant-golden "
            "reads quant-interp-golden/1 and quant-interp-golden/2)");
  // The ID names the period.
  EXPECT_EQ(readError(edited(text, "-tile7-", "-")).rfind("/id: id '", 0), 0u);
}

/// The first value case of the smoke level matching `pick`, built and written.
template <typename Pick> std::string smokeCaseText(Pick pick) {
  const std::vector<std::string> profiles = {"reference"};
  for (const CaseParams &p : levelCases(Level::Smoke))
    if (p.variant.empty() && p.period == 0 && pick(p))
      return caseToJson(buildCase(p, Level::Smoke, kDefaultSeed, profiles));
  ADD_FAILURE() << "no such case in the smoke level";
  return "";
}

TEST(GoldenTile, TosaOperatorTiledOnlyElementForElement) {
  // The smoke level's first CONV2D (2x2 kernel, pad 1, stride 2): its
  // output has another shape than its input.
  std::string conv = smokeCaseText([](const CaseParams &p) {
    return p.op == Op::TosaOp && p.tosaOp.kind == TosaOpKind::Conv2d;
  });
  ASSERT_EQ(readError(conv), "");
  EXPECT_EQ(readError(edited(conv, "\"values\": [", "\"period\": 2, \"values\": [")),
            "/input/period: the output's shape [1, 3, 3, 2] is not the input's [1, 4, 4, 1]: a "
            "tiled TOSA operator's output element i stands for input element i");
}

TEST(GoldenTile, VersionOneReadsAndWritesBack) {
  // A /1 case without a period reads, and writes back to its /1 text.
  GoldenCase c = tiledCase(Op::DCast);
  c.params.period = 0;
  c.id = caseId(c.params, c);
  const std::string v2 = caseToJson(c);
  const std::string v1 = edited(v2, "quant-interp-golden/2", "quant-interp-golden/1");
  GoldenCase back;
  std::string error;
  ASSERT_TRUE(caseFromJson(v1, back, error)) << error;
  EXPECT_EQ(back.params.period, 0);
  EXPECT_EQ(caseToJson(back, false, kFormatVersion1), v1);
  EXPECT_EQ(caseToJson(back), v2);
}

std::string manifestError(const std::string &text, Manifest *out = nullptr) {
  Manifest m;
  std::string error;
  bool ok = manifestFromJson(text, m, error);
  if (out)
    *out = m;
  return ok ? std::string() : error;
}

TEST(GoldenTile, ManifestListedAndCoverage) {
  const GoldenCase tiled = tiledCase(Op::QCast);
  GoldenCase plain = tiledCase(Op::DCast);
  plain.params.period = 0;
  plain.id = caseId(plain.params, plain);
  ManifestBuilder builder("smoke", kDefaultSeed, {"reference", "mlir-lower-quant-ops"}, {});
  builder.add(tiled, "cases/" + tiled.id + ".json");
  builder.add(plain, "cases/" + plain.id + ".json");
  builder.setCoverage(R"({"zeta": [1, 2.5, "x", -3], "alpha": {"y": [{"k": true}, []], "z": null},
                          "empty": {}})");
  const std::string text = builder.toJson();
  EXPECT_NE(text.find("\"elements\": 100, \"listed\": 7,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"elements\": 100, \"listed\": 100,"), std::string::npos);
  const std::string coverage = "  \"coverage\": {\n"
                               "    \"alpha\": {\n"
                               "      \"y\": [\n"
                               "        {\n"
                               "          \"k\": true\n"
                               "        },\n"
                               "        []\n"
                               "      ],\n"
                               "      \"z\": null\n"
                               "    },\n"
                               "    \"empty\": {},\n"
                               "    \"zeta\": [1, 2.5, \"x\", -3]\n"
                               "  },\n"
                               "  \"cases\": [";
  EXPECT_NE(text.find(coverage), std::string::npos) << text;

  Manifest m;
  ASSERT_EQ(manifestError(text, &m), "");
  EXPECT_EQ(m.format, kFormatVersion2);
  ASSERT_EQ(m.cases.size(), 2u);
  for (const ManifestEntry &e : m.cases)
    EXPECT_EQ(e.listed, e.id == tiled.id ? 7u : 100u);
  // Read, set again, write: the same text.
  ManifestBuilder again("smoke", kDefaultSeed, {"reference", "mlir-lower-quant-ops"}, {});
  again.add(tiled, "cases/" + tiled.id + ".json");
  again.add(plain, "cases/" + plain.id + ".json");
  again.setCoverage(m.coverageJson);
  EXPECT_EQ(again.toJson(), text);
  EXPECT_THROW(again.setCoverage("[1, 2]"), std::invalid_argument);
  EXPECT_THROW(again.setCoverage("{\"a\": "), std::invalid_argument);

  // The reader's rules for rows and versions.
  EXPECT_EQ(manifestError(edited(text, ", \"listed\": 7,", ",")),
            "/cases/" + std::to_string(m.cases[0].id == tiled.id ? 0 : 1) + "/listed: missing");
  const std::string row = m.cases[0].id == tiled.id ? "/cases/0" : "/cases/1";
  EXPECT_EQ(manifestError(edited(text, "\"listed\": 7,", "\"listed\": 101,")),
            row + "/listed: 101 listed elements for 100 (expected 100, or a tiled case's period "
                  "in [1, 100))");
  EXPECT_EQ(manifestError(edited(text, coverage, "  \"coverage\": [1],\n  \"cases\": [")),
            "/coverage: expected an object");
  const std::string v1 = edited(text, "quant-interp-golden/2", "quant-interp-golden/1");
  EXPECT_EQ(manifestError(v1), "/coverage: the key 'coverage' is new in quant-interp-golden/2, "
                               "but the file is quant-interp-golden/1");
  const std::string v1NoCoverage = edited(v1, coverage, "  \"cases\": [");
  EXPECT_EQ(manifestError(v1NoCoverage), "/cases/0/listed: the key 'listed' is new in "
                                         "quant-interp-golden/2, but the file is "
                                         "quant-interp-golden/1");
}

/// A suite directory with the tiled case: loadSuite reads it expanded, and
/// a row whose `listed` disagrees with the case is refused.
TEST(GoldenTile, SuiteRowMatchesTheCase) {
  char dirTemplate[] = "/tmp/golden-tile-test-XXXXXX";
  ASSERT_NE(mkdtemp(dirTemplate), nullptr);
  const std::string dir = dirTemplate;
  ASSERT_EQ(mkdir((dir + "/cases").c_str(), 0755), 0);
  const GoldenCase tiled = tiledCase(Op::QCast);
  const std::string file = "cases/" + tiled.id + ".json";
  std::ofstream(dir + "/" + file) << caseToJson(tiled);
  ManifestBuilder builder("smoke", kDefaultSeed, {"reference", "mlir-lower-quant-ops"}, {});
  builder.add(tiled, file);
  const std::string manifest = builder.toJson();
  std::ofstream(dir + "/manifest.json") << manifest;
  Manifest m;
  std::vector<GoldenCase> cases;
  std::string error;
  ASSERT_TRUE(loadSuite(dir, m, cases, error)) << error;
  ASSERT_EQ(cases.size(), 1u);
  expectSameContent(tiled, cases[0]);
  std::ofstream(dir + "/manifest.json") << edited(manifest, "\"listed\": 7", "\"listed\": 6");
  EXPECT_FALSE(loadSuite(dir, m, cases, error));
  EXPECT_EQ(error, dir + "/" + file + ": lists 7 elements, but its manifest row says 6 (listed)");
  std::remove((dir + "/" + file).c_str());
  std::remove((dir + "/manifest.json").c_str());
  rmdir((dir + "/cases").c_str());
  rmdir(dir.c_str());
}

} // namespace

// evaluateSemantics evaluates a tiled case over its period and repeats the
// outcomes (GoldenExpected.cpp): the same values and poison as evaluating
// every element, for every tiled case of the smoke level (per-layer and
// per-axis, qcast and dcast) under every profile.
TEST(GoldenTile, PeriodShortcutEqualsEveryElement) {
  const std::vector<std::string> profiles(quant::profileNames().begin(),
                                          quant::profileNames().end());
  int tiled = 0;
  for (const CaseParams &p : levelCases(Level::Smoke)) {
    if (p.period == 0 || p.variant == kRejectVariant) // a rejection has no expected output
      continue;
    ++tiled;
    GoldenCase c = buildCase(p, Level::Smoke, kDefaultSeed, {"reference"});
    GoldenCase whole = c;
    whole.params.period = 0; // every element through the kernel
    for (const std::string &profile : profiles) {
      std::optional<quant::Semantics> s = quant::findProfile(profile);
      ASSERT_TRUE(s);
      ExpectedOutput a, b;
      std::string error;
      ASSERT_TRUE(evaluateSemantics(c, *s, profile, a, error)) << c.id << ": " << error;
      ASSERT_TRUE(evaluateSemantics(whole, *s, profile, b, error)) << c.id << ": " << error;
      EXPECT_EQ(a.stored, b.stored) << c.id << " " << profile;
      EXPECT_EQ(a.floats, b.floats) << c.id << " " << profile;
      EXPECT_EQ(a.poison, b.poison) << c.id << " " << profile;
    }
  }
  EXPECT_GE(tiled, 9);
}
