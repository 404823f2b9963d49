//===- GoldenSlowPathTest.cpp - Re-derive golden/v2 with independent code ---===//
//
// Spec: docs/golden-format.md ("How the suite is checked"), [qcast.steps],
// [qcast.exact], [dcast.steps], [dcast.exact], [sem.nan-policy],
// [sem.overflow-policy], spec/profiles.md.
//
// Every expected value of the checked-in suites is re-derived WITHOUT the
// kernels that generated it:
//   * reference, exact: interpreter/quant/tests/SlowPathOracle (exact
//     rationals, its own float table: f16, bf16, f32, f64, f8E4M3FN, f8E5M2)
//     and, for the other small formats (f8E4M3, f8E3M4, the FNUZ ones,
//     f6E2M3FN, f6E3M2FN, f4E2M1FN, tf32), SmallFloatOracle (exact
//     rationals, rounding by search in the table of all 2^bits encodings;
//     cross-checked against SlowPathOracle on f8E4M3FN and
//     f8E5M2 by SmallFloatOracleTest);
//   * mlir-lower-quant-ops: the same oracle with the profile's knobs
//     (toward-zero, NaN -> poison, overflow -> poison) on the pseudo-code
//     recipe. The profile's only recipe difference, clampOnlyNarrowBounds,
//     cannot change a result: with overflow=poison every value outside the
//     storage type is poison, and inside it a clamp to the full range is the
//     identity;
//   * the other backend profiles: the host emulations of
//     interpreter/quant/tests/ProfileEmulation.h, for f32 expressed types and
//     storage up to 16 bits (what those emulations were proven on, and the
//     domain of the frameworks the profiles are named after: they take f32
//     tensors; framework-*-smoke runs the same cases on the frameworks).
// The smoke level carries every profile ([golden.profiles]); a backend
// profile's elements on other expressed types or wider storage (the recipe
// extrapolated, as spec/profiles.md says) have no independent model, like
// the non-TOSA requantize recipes below: they are counted and printed per
// profile, and quant-golden check re-evaluates them. Any other element no
// independent path models fails the test. Every category of the manifest must have at least one
// re-derived case, and every element of both checked-in suites (smoke and
// full) is re-derived (checkSuite's `stride` samples larger ones). Expected-rejection
// cases have no elements; `golden-check` and `golden-run-quant-interp` run
// their programs.
//
// Rescale cases (the RescaleSuite tests) are re-derived by
// interpreter/requant/tests/RescaleOracle (RescaleRederive.h): the `tosa`,
// `tosa-single-round` and `tosa-double-round` outputs element by element,
// the INEXACT_ROUND intervals, and the reason of every rejection. The other
// recipes' outputs have no independent model (quant-golden check
// re-evaluates them).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "generators/tests/RescaleRederive.h"
#include "generators/tests/SmallFloatOracle.h"
#include "interpreter/quant/tests/ProfileEmulation.h"
#include "interpreter/quant/tests/SlowPathOracle.h"

#include "interpreter/quant/ParameterMap.h"
#include "interpreter/quant/Semantics.h"

#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <map>
#include <set>

using namespace qi;
using namespace qi::generators;

namespace {

/// The formats SlowPathOracle models; the other small formats go to
/// SmallFloatOracle.
const std::set<std::string> kOracleFormats{"f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2"};

double doubleOfScale(const quant::ScaleValue &s) {
  if (s.format->name == "f64") {
    uint64_t u = uint64_t(s.bits);
    double d;
    std::memcpy(&d, &u, 8);
    return d;
  }
  uint32_t u = uint32_t(s.bits); // sub-channel scales of an f32 case
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

struct Outcome {
  bool poison;
  uint64_t value; ///< stored integer (as bits of int64) or float bits
};

/// The independent re-derivation of one element, or nullopt if not covered
/// (with `outsideEmulations` set when it is a backend profile's element
/// outside its emulation's domain).
std::optional<Outcome> rederive(const GoldenCase &c, const std::string &profile, int64_t param,
                                size_t i, bool &outsideEmulations) {
  outsideEmulations = false;
  const CaseParams &p = c.params;
  std::string E(p.type.expressed->name);
  if (profile == "reference" || profile == "exact" || profile == "mlir-lower-quant-ops") {
    // MLIR's lowering computes with the zero point as an iN constant of the
    // storage width ([sem.zero-point-storage]); the oracles take a type's
    // zero point as it stands, so they get the constant's value (the
    // emulation's wrap, written apart from the kernels').
    quant::QuantType t = p.type;
    if (profile == "mlir-lower-quant-ops")
      for (int64_t &zp : t.zeroPoints)
        zp = quant::emu::mlirZeroPointConstant(
            zp, {t.storage.isSigned, t.storage.width, t.storageMin, t.storageMax});
    if (!kOracleFormats.count(E) && !oracle::models(E))
      return std::nullopt;
    quant::Semantics knobs = *quant::findProfile(profile);
    quant::Semantics s; // the pseudo-code recipe ...
    s.rounding = knobs.rounding; // ... with the profile's knobs
    s.arithRounding = knobs.arithRounding;
    s.nan = knobs.nan;
    s.overflow = knobs.overflow;
    if (!kOracleFormats.count(E)) {
      if (p.op == Op::QCast) {
        oracle::Stored o = oracle::qcast(t, s, size_t(param), uint64_t(c.inputFloats[i]));
        return Outcome{o.poison, o.poison ? 0 : uint64_t(o.value)};
      }
      oracle::Expressed o = oracle::dcast(t, s, size_t(param), c.inputStored[i]);
      return Outcome{o.poison, o.poison ? 0 : o.bits};
    }
    if (p.op == Op::QCast) {
      quant::slow::Stored o = quant::slow::qcast(t, s, size_t(param), uint64_t(c.inputFloats[i]));
      return Outcome{o.poison, o.poison ? 0 : uint64_t(o.value)};
    }
    quant::slow::Expressed o = quant::slow::dcast(t, s, size_t(param), c.inputStored[i]);
    return Outcome{o.poison, o.poison ? 0 : o.bits};
  }
  const quant::QuantType &t = p.type;
  const quant::emu::Backend *backend = quant::emu::findBackend(profile);
  if (!backend)
    return std::nullopt;
  if (E != "f32" || t.storage.width > 16) {
    outsideEmulations = true;
    return std::nullopt;
  }
  double scale = doubleOfScale(t.scales[size_t(param)]);
  int64_t zp = t.zeroPoints[size_t(param)];
  const quant::emu::Storage st{t.storage.isSigned, t.storage.width, t.storageMin, t.storageMax};
  if (p.op == Op::QCast) {
    quant::emu::Stored o =
        backend->quantize(quant::emu::floatOf(uint32_t(c.inputFloats[i])), scale, zp, st);
    return Outcome{o.poison, o.poison ? 0 : uint64_t(o.value)};
  }
  float y = backend->dequantize(c.inputStored[i], scale, zp,
                                t.granularity != quant::QuantType::Granularity::PerLayer, st);
  return Outcome{false, quant::emu::bitsOf(y)};
}

void checkSuite(const std::string &dir, size_t stride) {
  Manifest manifest;
  std::vector<GoldenCase> cases;
  std::string error;
  ASSERT_TRUE(loadSuite(dir, manifest, cases, error)) << error;
  ASSERT_FALSE(cases.empty());
  std::map<std::string, size_t> casesPerCategory, rederivedPerCategory;
  size_t rederived = 0, skipped = 0, mismatches = 0, rejections = 0;
  std::map<std::string, size_t> seenInCategory;
  std::map<std::string, size_t> outsideByProfile; // backend profiles beyond their emulations
  for (const GoldenCase &c : cases) {
    if (c.isRescale() || c.isTosaOp())
      continue; // checkRescaleSuite, GoldenContractionRederiveTest
    if (c.rejection) {
      ++rejections;
      continue;
    }
    std::string category = caseCategory(c.params);
    casesPerCategory[category]++;
    // Sample: the first case of every category, then every stride-th.
    if (seenInCategory[category]++ % stride != 0)
      continue;
    std::optional<quant::ParameterMap> map = quant::ParameterMap::build(
        c.params.type, c.params.shape, c.params.shapeKind != ShapeKind::Scalar, error);
    ASSERT_TRUE(map) << c.id << ": " << error;
    bool any = false;
    // A tiled case: the elements past its period are copies of the listed
    // ones, input and expected alike (the reader expands them and
    // GoldenTileTest proves it); re-deriving the listed ones checks them all.
    const size_t derived = c.params.period > 0 ? size_t(c.params.period) : c.numOutputs();
    for (const ExpectedOutput &e : c.expected) {
      for (size_t i = 0; i < derived; ++i) {
        bool outside = false;
        std::optional<Outcome> o =
            rederive(c, e.profile, map->parameterIndex(int64_t(i)), i, outside);
        if (!o && outside) {
          ++outsideByProfile[e.profile];
          continue;
        }
        if (!o) {
          if (++skipped <= 5)
            ADD_FAILURE() << dir << "/cases/" << c.id << ".json: " << e.profile << " element "
                          << i << ": no independent model (nothing may be skipped)";
          continue;
        }
        any = true;
        ++rederived;
        bool filePoison = std::binary_search(e.poison.begin(), e.poison.end(), int64_t(i));
        uint64_t fileValue = c.params.op == Op::QCast ? uint64_t(e.stored[i]) : uint64_t(e.floats[i]);
        if (filePoison != o->poison || (!filePoison && fileValue != o->value)) {
          if (++mismatches <= 20)
            ADD_FAILURE() << dir << "/cases/" << c.id << ".json: " << e.profile << " element " << i
                          << ": the file says " << (filePoison ? "poison" : std::to_string(int64_t(fileValue)))
                          << ", the independent path gives "
                          << (o->poison ? "poison" : std::to_string(int64_t(o->value)));
        }
      }
    }
    if (any)
      rederivedPerCategory[category]++;
  }
  for (auto &[category, n] : casesPerCategory) {
    // A category of empty tensors only has nothing to re-derive.
    bool allEmpty = true;
    for (const GoldenCase &c : cases)
      if (!c.rejection && !c.isRescale() && caseCategory(c.params) == category &&
          c.numOutputs() > 0)
        allEmpty = false;
    if (!allEmpty) { // braces: EXPECT_* ends in an if/else of its own
      EXPECT_GT(rederivedPerCategory[category], 0u) << "category " << category << " not re-derived";
    }
  }
  size_t castCases = 0;
  for (const GoldenCase &c : cases)
    castCases += !c.isRescale();
  std::cout << dir << ": " << castCases << " qcast / dcast cases in " << casesPerCategory.size()
            << " categories (" << rejections << " expected rejections); re-derived " << rederived
            << " expected elements (" << rederivedPerCategory.size() << " categories), skipped "
            << skipped << ", " << mismatches << " mismatches\n";
  for (const auto &[profile, n] : outsideByProfile)
    std::cout << "  " << profile << ": " << n
              << " elements on types outside its emulation (f32, storage <= 16 bits): "
                 "re-evaluated by quant-golden check only\n";
  EXPECT_EQ(skipped, 0u);
  EXPECT_EQ(mismatches, 0u);
  EXPECT_GT(rederived, 0u);
}

/// Every rescale case of the suite against RescaleOracle; every category
/// with a non-empty value case has one re-derived. Each case also writes
/// back to its file's exact text (the reader and the writer agree).
void checkRescaleSuite(const std::string &dir) {
  Manifest manifest;
  std::vector<GoldenCase> cases;
  std::string error;
  ASSERT_TRUE(loadSuite(dir, manifest, cases, error)) << error;
  std::map<std::string, size_t> rederivedPerCategory;
  std::set<std::string> categories;
  size_t rederived = 0, rescaleCases = 0, rejections = 0;
  std::vector<std::string> problems;
  for (const GoldenCase &c : cases) {
    if (!c.isRescale())
      continue;
    ++rescaleCases;
    rejections += c.rejection.has_value();
    std::string text;
    ASSERT_TRUE(readFile(dir + "/cases/" + c.id + ".json", text, error)) << error;
    if (caseToJson(c, false, manifest.format) != text) // the version read
      problems.push_back(c.id + ": the case does not write back to its file's text");
    size_t n = tests::rederiveRescale(c, problems);
    rederived += n;
    if (!c.rejection && c.numOutputs() > 0) {
      categories.insert(caseCategory(c.params));
      if (n > 0)
        rederivedPerCategory[caseCategory(c.params)]++;
    }
  }
  for (size_t k = 0; k < problems.size() && k < 20; ++k)
    ADD_FAILURE() << dir << ": " << problems[k];
  for (const std::string &category : categories) { // braces: EXPECT_* ends in an if/else
    EXPECT_GT(rederivedPerCategory[category], 0u) << "category " << category << " not re-derived";
  }
  std::cout << dir << ": " << rescaleCases << " rescale cases (" << rejections
            << " expected rejections) in " << categories.size()
            << " value categories; re-derived " << rederived << " elements, "
            << problems.size() << " problems\n";
  EXPECT_TRUE(problems.empty());
  EXPECT_GT(rescaleCases, 0u);
  EXPECT_GT(rederived, 0u);
}

TEST(GoldenSlowPath, SmokeSuite) { checkSuite(QI_GOLDEN_DIR "/v2/smoke", 1); }

TEST(GoldenSlowPath, FullSuite) { checkSuite(QI_GOLDEN_DIR "/v2/full", 1); }

TEST(GoldenSlowPath, RescaleSmokeSuite) { checkRescaleSuite(QI_GOLDEN_DIR "/v2/smoke"); }

TEST(GoldenSlowPath, RescaleFullSuite) { checkRescaleSuite(QI_GOLDEN_DIR "/v2/full"); }

} // namespace
