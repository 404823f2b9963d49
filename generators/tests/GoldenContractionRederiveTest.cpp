//===- GoldenContractionRederiveTest.cpp - Contraction goldens vs the oracle ===//
//
// Spec: docs/golden-format.md ("How the suite is checked"),
// spec/tosa-contractions.md [contract.*]. Every contraction case of
// golden/v2/smoke and golden/v2/full re-derived by
// interpreter/eval/tests/TosaContractionOracle (naive, from the mathematics:
// materialized padding, dilated kernels, transposed convolution as a
// scatter, exact __int128 sums whose every prefix must lie in acc_t) — no
// code shared with the interpreter's kernels, which generated the cases:
//   * a value case: every output element equals the oracle's;
//   * an `error-if` / `require` rejection: the oracle stops too, and every
//     part of its expected error (the ERROR_IF's condition, the REQUIRE's
//     element, function and term) is in the rejection's message;
//   * a `verifier` rejection: the oracle stops too (TOSA forbids it as well).
// Each case also writes back to its file's exact text. A tiled case
// (docs/golden-format.md, "Tiled cases") is read expanded, so every one of
// its elements is re-derived too; full has a tiled value case of every op.
// SuiteFromEnvironment checks a generated suite (QI_GOLDEN_REDERIVE_SUITE=DIR)
// the same way.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenContraction.h"
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "interpreter/eval/tests/TosaContractionOracle.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <set>

namespace qi::generators {
namespace {

namespace oracle = eval::oracle;

oracle::Tensor tensorOf(const std::string &type, const Shape &shape,
                        const std::vector<int64_t> &values) {
  oracle::Tensor t;
  t.type = type;
  t.shape.assign(shape.begin(), shape.end());
  for (int64_t v : values)
    t.bits.push_back(oracle::truncate(v, oracle::intWidth(type)));
  t.poison.assign(values.size(), false);
  return t;
}

oracle::Expected rederive(const GoldenCase &c) {
  const CaseParams &p = c.params;
  const TosaOpParams &k = p.tosaOp;
  // An unranked case's program writes its result tensor<*x...>.
  oracle::Declared declared{p.shapeKind != ShapeKind::Unranked, contractionDeclaredOutputDims(p)};
  const oracle::Tensor input = tensorOf(k.input, p.shape, c.inputStored);
  const oracle::Tensor inZp = tensorOf(k.input, {1}, {k.inputZp});
  switch (k.kind) {
  case TosaOpKind::MatMul:
    return oracle::matmul(k.acc, input, tensorOf(k.weight, k.weightShape, c.weightStored), inZp,
                          tensorOf(k.weight, {1}, {k.weightZp}), declared);
  case TosaOpKind::Conv2d:
  case TosaOpKind::DepthwiseConv2d:
  case TosaOpKind::TransposeConv2d: {
    const oracle::Conv kind = k.kind == TosaOpKind::Conv2d ? oracle::Conv::Conv2d
                              : k.kind == TosaOpKind::DepthwiseConv2d
                                  ? oracle::Conv::Depthwise
                                  : oracle::Conv::Transpose;
    oracle::ConvParams params{k.pad, k.stride,
                              k.dilation.empty() ? std::vector<int64_t>{1, 1} : k.dilation};
    return oracle::convolution(kind, k.acc, k.acc, input,
                               tensorOf(k.weight, k.weightShape, c.weightStored),
                               tensorOf(k.acc, k.biasShape, c.biasStored), inZp,
                               tensorOf(k.weight, {1}, {k.weightZp}), params, declared);
  }
  case TosaOpKind::AvgPool2d:
    return oracle::avgPool(k.acc, input, inZp, tensorOf(k.input, {1}, {k.outputZp}),
                           {k.kernel, k.stride, k.pad}, declared);
  case TosaOpKind::MaxPool2d:
    return oracle::maxPool(input, {k.kernel, k.stride, k.pad}, false, declared);
  default: // the elementwise ops: GoldenElementwiseRederiveTest
    break;
  }
  return {};
}

/// Every contraction case of `dir`; `tiledEveryOp`: every op has a tiled
/// value case, re-derived over all its elements.
void checkContractionSuite(const std::string &dir, bool tiledEveryOp = false) {
  Manifest manifest;
  std::vector<GoldenCase> cases;
  std::string error;
  ASSERT_TRUE(loadSuite(dir, manifest, cases, error)) << error;
  size_t contractions = 0, rejections = 0, rederived = 0;
  std::map<std::string, size_t> valueCasesPerOp, tiledValueCasesPerOp;
  size_t tiledElements = 0;
  std::vector<std::string> problems;
  for (const GoldenCase &c : cases) {
    if (!c.isTosaOp() || !isContractionKind(c.params.tosaOp.kind))
      continue;
    ++contractions;
    std::string text;
    ASSERT_TRUE(readFile(dir + "/cases/" + c.id + ".json", text, error)) << error;
    if (caseToJson(c, false, manifest.format) != text) // the version read
      problems.push_back(c.id + ": the case does not write back to its file's text");
    const oracle::Expected want = rederive(c);
    if (c.rejection) {
      ++rejections;
      if (!want.failed()) {
        problems.push_back(c.id + ": a " + c.rejection->reason +
                           " rejection, but the oracle computes the output");
        continue;
      }
      if (c.rejection->reason == kRejectVerifier)
        continue;
      for (const std::string &part : want.errorParts)
        if (c.rejection->message.find(part) == std::string::npos)
          problems.push_back(c.id + ": the rejection message '" + c.rejection->message +
                             "' lacks the oracle's '" + part + "'");
      continue;
    }
    if (want.failed()) {
      problems.push_back(c.id + ": a value case, but the oracle stops (" + want.errorParts.front() +
                         ")");
      continue;
    }
    const ExpectedOutput &e = c.expected.at(0);
    const int width = oracle::intWidth(tosaOpOutputElement(c.params));
    if (want.result.bits.size() != e.stored.size()) {
      problems.push_back(c.id + ": the oracle has " + std::to_string(want.result.bits.size()) +
                         " elements, the file " + std::to_string(e.stored.size()));
      continue;
    }
    ++valueCasesPerOp[std::string(tosaOpName(c.params.tosaOp.kind))];
    if (c.params.period > 0) {
      if (int64_t(e.stored.size()) != numElements(c.params.shape))
        problems.push_back(c.id + ": a tiled case of " +
                           std::to_string(numElements(c.params.shape)) + " input elements has " +
                           std::to_string(e.stored.size()) + " output elements");
      ++tiledValueCasesPerOp[std::string(tosaOpName(c.params.tosaOp.kind))];
      tiledElements += e.stored.size();
    }
    for (size_t i = 0; i < e.stored.size(); ++i) {
      ++rederived;
      const int64_t value = oracle::signExtend(want.result.bits[i], width);
      if (want.result.poison[i] || value != e.stored[i])
        problems.push_back(c.id + ": element " + std::to_string(i) + ": the file says " +
                           std::to_string(e.stored[i]) + ", the oracle " +
                           (want.result.poison[i] ? std::string("poison") : std::to_string(value)));
    }
  }
  for (size_t k = 0; k < problems.size() && k < 20; ++k)
    ADD_FAILURE() << dir << ": " << problems[k];
  size_t tiled = 0;
  for (const auto &kv : tiledValueCasesPerOp)
    tiled += kv.second;
  std::cout << dir << ": " << contractions << " contraction cases (" << rejections
            << " expected rejections); re-derived " << rederived << " elements (" << tiledElements
            << " of them in " << tiled << " tiled cases), " << problems.size() << " problems\n";
  EXPECT_TRUE(problems.empty());
  // Every op has value cases in every level.
  for (const char *op : {"matmul", "conv2d", "depthwise_conv2d", "transpose_conv2d", "avg_pool2d",
                         "max_pool2d"}) {
    EXPECT_GT(valueCasesPerOp[op], 0u) << op;
    if (tiledEveryOp) {
      EXPECT_GT(tiledValueCasesPerOp[op], 0u) << op << ": no tiled value case";
    }
  }
  EXPECT_GT(rejections, 0u);
}

TEST(GoldenContractionRederive, SmokeSuite) {
  checkContractionSuite(QI_GOLDEN_DIR "/v2/smoke");
}

TEST(GoldenContractionRederive, FullSuite) {
  checkContractionSuite(QI_GOLDEN_DIR "/v2/full", /*tiledEveryOp=*/true);
}

// A suite generated elsewhere (`quant-golden generate --out=DIR`), before it
// replaces a checked-in one: QI_GOLDEN_REDERIVE_SUITE=DIR.
TEST(GoldenContractionRederive, SuiteFromEnvironment) {
  const char *dir = std::getenv("QI_GOLDEN_REDERIVE_SUITE");
  if (!dir || !*dir)
    GTEST_SKIP() << "QI_GOLDEN_REDERIVE_SUITE is not set";
  checkContractionSuite(dir);
}

} // namespace
} // namespace qi::generators
