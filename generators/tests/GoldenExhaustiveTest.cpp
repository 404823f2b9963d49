//===- GoldenExhaustiveTest.cpp - The streamed f32 sweep, checked by sample -===//
//
// Spec: docs/golden-format.md ("Levels", "Exhaustive f32 sweep"). The
// exhaustive level streams every f32 input of one per-layer qcast type in
// 65,536 chunks of 2^16 elements. Generating all of it takes hours, so this
// test checks the structure of the whole stream (case count, chunk variants
// and IDs, inputs) without building it, and builds a few chunks in full
// (the first one, the one around 1.0, the one holding +inf and the positive
// NaNs, the last one): every expected value is re-derived by SlowPathOracle
// and the compact JSON line reads back through the strict reader. After the
// chunks come the rescale sweeps (every i8 / i16 input for a set of
// (multiplier, shift) pairs): all built, their inputs checked to be every
// value of the type once, their tosa outputs re-derived by RescaleOracle.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/tests/RescaleRederive.h"
#include "interpreter/quant/tests/SlowPathOracle.h"

#include "interpreter/quant/Semantics.h"

#include <gtest/gtest.h>

#include <set>

using namespace qi;
using namespace qi::generators;

namespace {

constexpr size_t kListed = 4;              // the f16 / bf16 / i16 / u8 sweeps
constexpr uint64_t kChunks = 65536;        // 2^32 / 2^16
constexpr size_t kRescaleSweeps = 20;      // after the chunks

TEST(GoldenExhaustive, StreamStructure) {
  EXPECT_EQ(levelCaseCount(Level::Exhaustive), kListed + kChunks + kRescaleSweeps);
  std::set<std::string> ids;
  uint64_t chunk = 0;
  size_t visited = 0;
  forEachLevelCase(Level::Exhaustive, [&](const CaseParams &p) {
    if (visited++ < kListed)
      return true;
    if (visited > kListed + kChunks) {
      EXPECT_EQ(p.op, Op::Rescale);
      EXPECT_EQ(p.variant, "exhaustive");
      EXPECT_TRUE(ids.insert(parameterId(p)).second) << "duplicate id " << parameterId(p);
      return !HasFailure();
    }
    EXPECT_EQ(p.variant, exhaustiveChunkVariant(chunk));
    EXPECT_EQ(exhaustiveChunkIndex(p.variant), std::optional<uint64_t>(chunk));
    EXPECT_EQ(p.shape, Shape{kExhaustiveChunkElements});
    EXPECT_EQ(p.type.spelling, "!quant.uniform<i8:f32, 0.00214854861:-3>");
    EXPECT_TRUE(ids.insert(parameterId(p)).second) << "duplicate id " << parameterId(p);
    ++chunk;
    return !HasFailure();
  });
  EXPECT_EQ(chunk, kChunks);
  EXPECT_EQ(visited, kListed + kChunks + kRescaleSweeps);
  EXPECT_EQ(exhaustiveChunkIndex("chunk"), std::nullopt);
  EXPECT_EQ(exhaustiveChunkIndex("chunkFFFF"), std::nullopt); // lower-case hex only
  EXPECT_EQ(exhaustiveChunkIndex("exhaustive"), std::nullopt);
}

TEST(GoldenExhaustive, VisitingStopsEarly) {
  size_t visited = 0;
  forEachLevelCase(Level::Exhaustive, [&](const CaseParams &) { return ++visited < 6; });
  EXPECT_EQ(visited, 6u);
}

CaseParams chunkParams(uint64_t k) {
  std::optional<CaseParams> found;
  size_t index = 0;
  forEachLevelCase(Level::Exhaustive, [&](const CaseParams &p) {
    if (index++ == kListed + k)
      found = p;
    return !found;
  });
  return *found;
}

TEST(GoldenExhaustive, ChunksRederived) {
  const std::vector<std::string> profiles{"reference", "mlir-lower-quant-ops"};
  for (uint64_t k : {uint64_t(0), uint64_t(0x3F80), uint64_t(0x7F80), uint64_t(0xFFFF)}) {
    GoldenCase c = buildCase(chunkParams(k), Level::Exhaustive, kDefaultSeed, profiles);
    ASSERT_EQ(c.numOutputs(), size_t(kExhaustiveChunkElements));
    for (size_t i = 0; i < c.numOutputs(); ++i) {
      ASSERT_EQ(uint64_t(c.inputFloats[i]), (k << 16) + i) << c.id;
      ASSERT_EQ(c.inputClasses[i], "exhaustive");
    }
    ASSERT_EQ(c.expected.size(), profiles.size());
    size_t mismatches = 0;
    for (const ExpectedOutput &e : c.expected) {
      quant::Semantics knobs = *quant::findProfile(e.profile), s;
      s.rounding = knobs.rounding;
      s.arithRounding = knobs.arithRounding;
      s.nan = knobs.nan;
      s.overflow = knobs.overflow;
      for (size_t i = 0; i < c.numOutputs(); ++i) {
        quant::slow::Stored o = quant::slow::qcast(c.params.type, s, 0, uint64_t(c.inputFloats[i]));
        bool poison = std::binary_search(e.poison.begin(), e.poison.end(), int64_t(i));
        if (poison != o.poison || (!poison && e.stored[i] != o.value))
          if (++mismatches <= 5)
            ADD_FAILURE() << c.id << " " << e.profile << " element " << i;
      }
    }
    EXPECT_EQ(mismatches, 0u);
    // The streamed line reads back through the strict reader.
    GoldenCase back;
    std::string error;
    ASSERT_TRUE(caseFromJson(caseToJson(c, /*compact=*/true), back, error)) << error;
    EXPECT_EQ(back.id, c.id);
    EXPECT_EQ(back.inputFloats, c.inputFloats);
    EXPECT_EQ(back.expected[0].stored, c.expected[0].stored);
    EXPECT_EQ(back.expected[1].poison, c.expected[1].poison);
  }
}

TEST(GoldenExhaustive, RescaleSweepsRederived) {
  size_t index = 0, sweeps = 0;
  std::vector<std::string> problems;
  forEachLevelCase(Level::Exhaustive, [&](const CaseParams &p) {
    if (index++ < kListed + kChunks)
      return true;
    GoldenCase c = buildCase(p, Level::Exhaustive, kDefaultSeed, {});
    ++sweeps;
    const requant::RescaleAttributes &a = p.rescale.attributes;
    // Every value of the input type, in order.
    EXPECT_EQ(c.numOutputs(), size_t(1) << a.inputWidth) << c.id;
    for (size_t i = 0; i < c.numOutputs(); ++i)
      if (c.inputStored[i] != intTypeMin(a.inputWidth, a.inputUnsigned) + int64_t(i)) {
        ADD_FAILURE() << c.id << ": input " << i << " is " << c.inputStored[i];
        break;
      }
    EXPECT_EQ(tests::rederiveRescale(c, problems), 3 * c.numOutputs()) << c.id;
    if (a.inputWidth == 8) {
      GoldenCase back;
      std::string error;
      EXPECT_TRUE(caseFromJson(caseToJson(c, /*compact=*/true), back, error)) << error;
    }
    return !HasFailure();
  });
  EXPECT_EQ(sweeps, kRescaleSweeps);
  for (size_t k = 0; k < problems.size() && k < 20; ++k)
    ADD_FAILURE() << problems[k];
}

} // namespace
