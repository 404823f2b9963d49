//===- GoldenTileTest.cpp - Tiled cases and quant-interp-golden/2 ----------===//
//
// Spec: docs/golden-format.md ("Tiled cases", "Manifest", "Versioning").
// A tiled qcast, dcast and rescale case (period 7 of 100 elements, poison
// elements and INEXACT_ROUND intervals included) are written, read back
// expanded to every element and written again to the same bytes (TOSA
// operator cases: GoldenTosaTileTest.cpp); the writer refuses a case that
// is not really periodic, naming the case and the first index that breaks
// the period; the reader refuses each broken rule with its JSON path; the
// manifest's `listed` and `coverage` read back and write again unchanged.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"
#include "generators/GoldenExpected.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenTile.h"
#include "generators/tests/TileTestSupport.h"

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
using namespace qi::generators::tiletest;

namespace {


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
