//===- GoldenTosaTileTest.cpp - Tiled TOSA operator cases ------------------===//
//
// Spec: docs/golden-format.md ("Tiled cases", "Tiled TOSA operator cases").
// Tiled TOSA operator cases (ADD with input2 tiled with the input or
// broadcast and listed whole, CONV2D 1x1) are written, read back expanded
// and written again to the same bytes; the writer and the reader refuse a
// TOSA operator case whose output element i does not stand for input
// element i, or whose lists break the period, naming the rule.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenTile.h"
#include "generators/tests/TileTestSupport.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace qi;
using namespace qi::generators;
using namespace qi::generators::tiletest;

namespace {

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

} // namespace
