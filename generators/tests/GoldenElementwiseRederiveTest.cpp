//===- GoldenElementwiseRederiveTest.cpp - Elementwise goldens vs the oracle ===//
//
// Spec: docs/golden-format.md ("How the suite is checked", "Elementwise
// cases"), spec/tosa-elementwise.md [tosa.add] [tosa.sub] [tosa.mul]
// [tosa.negate] [tosa.clamp]. Every elementwise case of golden/v2/smoke and
// golden/v2/full re-derived by interpreter/eval/tests/TosaElementwiseOracle
// (written from the chapter's text and the pseudo-code, __int128 integers,
// explicit multi-indices) — no code shared with the interpreter's kernels,
// which generated the cases:
//   * a value case: every output element equals the oracle's;
//   * an `error-if` / `require` rejection: the oracle stops too, and its
//     condition and element (when it names one) are in the rejection's
//     message;
//   * a `verifier` rejection: the oracle stops too (TOSA forbids it as well),
//     but for a static empty tensor, which the oracle evaluates (staticEmpty).
// Each case also writes back to its file's exact text. A tiled case
// (docs/golden-format.md, "Tiled cases") is read expanded, input2 included,
// so every one of its elements is re-derived too; full has a tiled value case
// of every op and a tiled rejection. SuiteFromEnvironment checks a generated
// suite (QI_GOLDEN_REDERIVE_SUITE=DIR) the same way. The classes the levels
// promise (docs/golden-format.md) are checked on the outputs: results
// exactly on INT32_MAX / INT32_MIN, NEGATE's clip, MUL's ties.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenElementwise.h"
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "interpreter/eval/tests/TosaElementwiseOracle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>

namespace qi::generators {
namespace {

namespace ewo = eval::ewo;

ewo::Tensor tensorOf(const std::string &type, const Shape &shape,
                     const std::vector<int64_t> &values) {
  ewo::Tensor t;
  t.type = type;
  t.shape.assign(shape.begin(), shape.end());
  const unsigned w = ewo::widthOf(type);
  for (int64_t v : values)
    t.bits.push_back(uint64_t(v) & (w == 64 ? ~0ull : (1ull << w) - 1));
  t.poison.assign(values.size(), false);
  return t;
}

uint64_t patternOf(const std::string &type, int64_t v) {
  const unsigned w = ewo::widthOf(type);
  return uint64_t(v) & (w == 64 ? ~0ull : (1ull << w) - 1);
}

int64_t signedOf(const std::string &type, uint64_t bits) {
  const unsigned w = ewo::widthOf(type);
  const uint64_t sign = 1ull << (w - 1);
  return int64_t((bits ^ sign) - sign);
}

ewo::Result rederive(const GoldenCase &c) {
  const CaseParams &p = c.params;
  const TosaOpParams &k = p.tosaOp;
  // An unranked case's program writes its result tensor<*x...>.
  const ewo::Declared declared{p.shapeKind != ShapeKind::Unranked,
                               elementwiseDeclaredOutputDims(p)};
  const ewo::Tensor input = tensorOf(k.input, p.shape, c.inputStored);
  switch (k.kind) {
  case TosaOpKind::Add:
  case TosaOpKind::Sub:
    return ewo::addSub(k.input, input, tensorOf(k.input, k.input2Shape, c.input2Stored), declared,
                       k.kind == TosaOpKind::Sub);
  case TosaOpKind::Mul:
    return ewo::mul(k.input, "i32", input, tensorOf(k.input, k.input2Shape, c.input2Stored),
                    tensorOf("i8", {1}, {k.shift}), declared);
  case TosaOpKind::Negate:
    return ewo::negate(k.input, input, tensorOf(k.input, {1}, {k.inputZp}),
                       tensorOf(k.input, {1}, {k.outputZp}), declared);
  case TosaOpKind::Clamp:
    return ewo::clamp(k.input, input, patternOf(k.input, k.minVal), patternOf(k.input, k.maxVal),
                      false, declared);
  default:
    break;
  }
  ewo::Result r;
  r.ok = false;
  r.condition = "not an elementwise op";
  return r;
}

/// A static 0 dimension in the program: MLIR's verifier refuses it (TOSA
/// wants every dimension at least 1), while the oracle, like the kernels,
/// evaluates empty tensors (MLIR allows them at run time).
bool staticEmpty(const CaseParams &p) {
  auto empty = [](const Shape &s, const std::vector<bool> &dynamic) {
    for (size_t d = 0; d < s.size(); ++d)
      if (s[d] == 0 && !(d < dynamic.size() && dynamic[d]))
        return true;
    return false;
  };
  if (p.shapeKind != ShapeKind::Static && p.shapeKind != ShapeKind::Dynamic)
    return false;
  return empty(p.shape, p.dynamic) ||
         (hasInput2(p.tosaOp.kind) && empty(p.tosaOp.input2Shape, p.tosaOp.input2Dynamic));
}

struct Totals {
  size_t cases = 0, rejections = 0, rederived = 0;
  std::map<std::string, size_t> valueCasesPerOp, tiledValueCasesPerOp;
  size_t tiledElements = 0, tiledRejections = 0;
  std::set<std::string> rejectionReasons;
  size_t atInt32Max = 0, atInt32Min = 0, negateClipped = 0, mulTies = 0;
};

/// The properties the levels promise, counted on one value case.
void countPromises(const GoldenCase &c, const std::vector<int64_t> &out, Totals &t) {
  const TosaOpParams &k = c.params.tosaOp;
  for (size_t i = 0; i < out.size(); ++i) {
    t.atInt32Max += tosaOpOutputElement(c.params) == "i32" && out[i] == 2147483647;
    t.atInt32Min += tosaOpOutputElement(c.params) == "i32" && out[i] == -2147483648LL;
  }
  if (k.kind == TosaOpKind::Negate && k.input == "i8")
    for (int64_t v : c.inputStored) {
      const int64_t exact = -(v - k.inputZp) + k.outputZp;
      t.negateClipped += exact < -128 || exact > 127;
    }
  if (k.kind == TosaOpKind::Mul && k.shift > 0)
    for (size_t i = 0; i < c.inputStored.size() && i < c.input2Stored.size(); ++i) {
      const __int128 product = __int128(c.inputStored[i]) * c.input2Stored[i];
      const __int128 unit = __int128(1) << k.shift;
      const __int128 rest = ((product % unit) + unit) % unit;
      t.mulTies += rest == unit / 2;
    }
}

void checkSuite(const std::string &dir, Totals &t) {
  Manifest manifest;
  std::vector<GoldenCase> cases;
  std::string error;
  ASSERT_TRUE(loadSuite(dir, manifest, cases, error)) << error;
  std::vector<std::string> problems;
  for (const GoldenCase &c : cases) {
    if (!c.isTosaOp() || !isElementwiseKind(c.params.tosaOp.kind))
      continue;
    ++t.cases;
    std::string text;
    ASSERT_TRUE(readFile(dir + "/cases/" + c.id + ".json", text, error)) << error;
    if (caseToJson(c, false, manifest.format) != text) // the version read
      problems.push_back(c.id + ": the case does not write back to its file's text");
    const ewo::Result want = rederive(c);
    if (c.rejection) {
      ++t.rejections;
      t.tiledRejections += c.params.period > 0;
      t.rejectionReasons.insert(c.rejection->reason);
      if (want.ok && c.rejection->reason == kRejectVerifier && staticEmpty(c.params))
        continue;
      if (want.ok) {
        problems.push_back(c.id + ": a " + c.rejection->reason +
                           " rejection, but the oracle computes the output");
        continue;
      }
      if (c.rejection->reason == kRejectVerifier)
        continue;
      for (const std::string &part : {want.condition, want.element})
        if (!part.empty() && c.rejection->message.find(part) == std::string::npos)
          problems.push_back(c.id + ": the rejection message '" + c.rejection->message +
                             "' lacks the oracle's '" + part + "'");
      continue;
    }
    if (!want.ok) {
      problems.push_back(c.id + ": a value case, but the oracle stops (" + want.condition + ")");
      continue;
    }
    const ExpectedOutput &e = c.expected.at(0);
    const std::string out = tosaOpOutputElement(c.params);
    if (want.value.bits.size() != e.stored.size()) {
      problems.push_back(c.id + ": the oracle has " + std::to_string(want.value.bits.size()) +
                         " elements, the file " + std::to_string(e.stored.size()));
      continue;
    }
    ++t.valueCasesPerOp[std::string(tosaOpName(c.params.tosaOp.kind))];
    if (c.params.period > 0) {
      if (int64_t(e.stored.size()) != numElements(c.params.shape))
        problems.push_back(c.id + ": a tiled case of " +
                           std::to_string(numElements(c.params.shape)) + " input elements has " +
                           std::to_string(e.stored.size()) + " output elements");
      ++t.tiledValueCasesPerOp[std::string(tosaOpName(c.params.tosaOp.kind))];
      t.tiledElements += e.stored.size();
    }
    for (size_t i = 0; i < e.stored.size(); ++i) {
      ++t.rederived;
      const int64_t value = signedOf(out, want.value.bits[i]);
      if (want.value.poison[i] || value != e.stored[i])
        problems.push_back(c.id + ": element " + std::to_string(i) + ": the file says " +
                           std::to_string(e.stored[i]) + ", the oracle " +
                           (want.value.poison[i] ? std::string("poison") : std::to_string(value)));
    }
    countPromises(c, e.stored, t);
  }
  for (size_t k = 0; k < problems.size() && k < 20; ++k)
    ADD_FAILURE() << dir << ": " << problems[k];
  std::cout << dir << ": " << t.cases << " elementwise cases (" << t.rejections
            << " expected rejections); re-derived " << t.rederived << " elements ("
            << t.tiledElements << " of them in tiled cases), " << problems.size()
            << " problems\n";
  EXPECT_TRUE(problems.empty());
}

/// `tiledEveryOp`: every op has a tiled value case, and a rejection is tiled.
void checkLevel(const std::string &dir, bool tiledEveryOp = false) {
  Totals t;
  checkSuite(dir, t);
  // Every op has value cases; every kind of rejection occurs; the bounds are
  // met exactly, NEGATE clips, MUL rounds ties.
  for (const char *op : {"add", "sub", "mul", "negate", "clamp"}) {
    EXPECT_GT(t.valueCasesPerOp[op], 0u) << dir << ": " << op;
    if (tiledEveryOp) {
      EXPECT_GT(t.tiledValueCasesPerOp[op], 0u) << dir << ": " << op << ": no tiled value case";
    }
  }
  if (tiledEveryOp) {
    EXPECT_GT(t.tiledRejections, 0u) << dir << ": no tiled rejection";
  }
  for (std::string_view reason : {kRejectVerifier, kRejectErrorIf, kRejectRequire})
    EXPECT_TRUE(t.rejectionReasons.count(std::string(reason))) << dir << ": " << reason;
  EXPECT_GT(t.atInt32Max, 0u) << dir;
  EXPECT_GT(t.atInt32Min, 0u) << dir;
  EXPECT_GT(t.negateClipped, 0u) << dir;
  EXPECT_GT(t.mulTies, 0u) << dir;
}

TEST(GoldenElementwiseRederive, SmokeSuite) { checkLevel(QI_GOLDEN_DIR "/v2/smoke"); }

TEST(GoldenElementwiseRederive, FullSuite) {
  checkLevel(QI_GOLDEN_DIR "/v2/full", /*tiledEveryOp=*/true);
}

// A suite generated elsewhere (`quant-golden generate --out=DIR`), before it
// replaces a checked-in one: QI_GOLDEN_REDERIVE_SUITE=DIR.
TEST(GoldenElementwiseRederive, SuiteFromEnvironment) {
  const char *dir = std::getenv("QI_GOLDEN_REDERIVE_SUITE");
  if (!dir || !*dir)
    GTEST_SKIP() << "QI_GOLDEN_REDERIVE_SUITE is not set";
  checkLevel(dir);
}

} // namespace
} // namespace qi::generators
