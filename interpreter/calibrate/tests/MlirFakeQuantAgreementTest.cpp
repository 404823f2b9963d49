//===- MlirFakeQuantAgreementTest.cpp - Our `mlir` family against libMLIR ===//
//
// Spec: [calib.mlir], [calib.spelling], [calib.refusal]. The `mlir` recipe
// against mlir::quant::fakeQuantAttrsToType itself (both overloads, from the
// shared libMLIR 22), bit for bit: scale bits, zero points, storage type and
// bounds, the printed type, and null (with the diagnostic MLIR emits, if any)
// against our refusal. Per configuration (bits 2, 4, 8, 16 x narrow x
// signed), per-layer: the 122^2 = 14884 edge ranges, 2.5 * 10^4 random
// ranges (2 * 10^5 in the full tier, QI_FULL_SWEEPS=1) and a tenth as many
// with f16 expressed (its scale bounds reject more); per-axis: 5 * 10^3
// cases of 3 channels (4 * 10^4 in the full tier).
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/CalibrationRecipe.h"

#include "generators/Prng.h"
#include "interpreter/fast/tests/SweepTier.h"

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/Dialect/Quant/Utils/FakeQuantSupport.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace qi::calibrate {
namespace {

using generators::SplitMix64;

uint64_t bitsOf(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

double fromBits(uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

std::string text(double d) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g (0x%016llx)", d,
                static_cast<unsigned long long>(bitsOf(d)));
  return buffer;
}

/// libMLIR's answer: the type, or null with the diagnostic text (if any).
struct MlirAnswer {
  mlir::Type type;
  std::string diagnostic;
};

class Oracle {
public:
  Oracle() {
    context_.loadDialect<mlir::quant::QuantDialect>();
    handler_ = std::make_unique<mlir::ScopedDiagnosticHandler>(
        &context_, [this](mlir::Diagnostic &d) {
          diagnostic_ = d.str();
          return mlir::success();
        });
  }

  mlir::Type expressed(bool f16) {
    mlir::Builder b(&context_);
    return f16 ? mlir::Type(b.getF16Type()) : mlir::Type(b.getF32Type());
  }

  MlirAnswer perLayer(unsigned bits, double rmin, double rmax, bool narrow, bool isSigned,
                      bool f16) {
    diagnostic_.clear();
    mlir::Type t = mlir::quant::fakeQuantAttrsToType(mlir::UnknownLoc::get(&context_), bits, rmin,
                                                     rmax, narrow, expressed(f16), isSigned);
    return {t, diagnostic_};
  }

  MlirAnswer perAxis(unsigned bits, int32_t axis, const std::vector<double> &mins,
                     const std::vector<double> &maxs, bool narrow, bool isSigned) {
    diagnostic_.clear();
    mlir::Type t = mlir::quant::fakeQuantAttrsToType(mlir::UnknownLoc::get(&context_), bits, axis,
                                                     mins, maxs, narrow, expressed(false),
                                                     isSigned);
    return {t, diagnostic_};
  }

private:
  mlir::MLIRContext context_;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler_;
  std::string diagnostic_;
};

std::string printed(mlir::Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

/// Compares one case; returns an empty string when they agree.
std::string compare(const MlirAnswer &mlirAnswer, const Choice &ours) {
  if (!mlirAnswer.type) {
    if (ours.ok)
      return "MLIR returns null (" + mlirAnswer.diagnostic + "), we choose " +
             ours.type.spelling;
    if (mlirAnswer.diagnostic.empty())
      return "MLIR returns null without a diagnostic, we refuse with: " + ours.refusal;
    return mlirAnswer.diagnostic == ours.refusal
               ? ""
               : "MLIR: " + mlirAnswer.diagnostic + "; ours: " + ours.refusal;
  }
  std::vector<double> scales;
  std::vector<int64_t> zeroPoints;
  auto q = llvm::cast<mlir::quant::QuantizedType>(mlirAnswer.type);
  if (auto u = llvm::dyn_cast<mlir::quant::UniformQuantizedType>(mlirAnswer.type)) {
    scales = {u.getScale()};
    zeroPoints = {u.getZeroPoint()};
  } else {
    auto a = llvm::cast<mlir::quant::UniformQuantizedPerAxisType>(mlirAnswer.type);
    scales.assign(a.getScales().begin(), a.getScales().end());
    zeroPoints.assign(a.getZeroPoints().begin(), a.getZeroPoints().end());
    if (ours.ok && a.getQuantizedDimension() != ours.type.axis)
      return "axis differs";
  }
  if (!ours.ok) {
    // MLIR 22 returns a type with a NaN scale and zero point INT64_MIN for a
    // NaN bound; we refuse it, naming that type's scale.
    for (size_t i = 0; i < scales.size(); ++i)
      if (std::isnan(scales[i]) && zeroPoints[i] == std::numeric_limits<int64_t>::min() &&
          ours.refusal.rfind("fakeQuantAttrsToType returns a type with a NaN scale", 0) == 0)
        return "";
    return "MLIR chooses " + printed(mlirAnswer.type) + ", we refuse: " + ours.refusal;
  }
  std::string diff;
  if (scales.size() != ours.type.scales.size())
    return "channel count differs";
  for (size_t i = 0; i < scales.size(); ++i) {
    if (static_cast<uint64_t>(ours.type.scales[i].bits) != bitsOf(scales[i]))
      diff += " scale[" + std::to_string(i) + "] MLIR " + text(scales[i]) + " ours " +
              text(fromBits(static_cast<uint64_t>(ours.type.scales[i].bits)));
    if (ours.type.zeroPoints[i] != zeroPoints[i])
      diff += " zero point[" + std::to_string(i) + "] MLIR " + std::to_string(zeroPoints[i]) +
              " ours " + std::to_string(ours.type.zeroPoints[i]);
  }
  if (q.getStorageTypeMin() != ours.type.storageMin ||
      q.getStorageTypeMax() != ours.type.storageMax)
    diff += " storage bounds differ";
  if (q.getStorageTypeIntegralWidth() != ours.type.storage.width ||
      q.isSigned() != ours.type.storage.isSigned)
    diff += " storage type differs";
  if (printed(mlirAnswer.type) != ours.type.spelling)
    diff += " spelling MLIR " + printed(mlirAnswer.type) + " ours " + ours.type.spelling;
  return diff;
}

/// Edge values: zeros, ones, epsilons, the 1e-30 / 1e30 scales, subnormals,
/// extremes, infinities and NaN, and each one's neighbours.
std::vector<double> edgeValues() {
  const double inf = std::numeric_limits<double>::infinity();
  const double bases[] = {0.0,     1.0,     DBL_EPSILON, DBL_EPSILON / 2, 2 * DBL_EPSILON,
                          1e-30,   1e30,    DBL_MIN,     4.9e-324,        1e-310,
                          DBL_MAX, 1e300,   1e-300,      255.0,           0.5,
                          127.5,   65535.0, 1e-8,        3.0e38,          inf};
  std::vector<double> values;
  for (double b : bases)
    for (double v : {b, -b}) {
      values.push_back(v);
      values.push_back(std::nextafter(v, inf));
      values.push_back(std::nextafter(v, -inf));
    }
  values.push_back(std::numeric_limits<double>::quiet_NaN());
  values.push_back(-std::numeric_limits<double>::quiet_NaN());
  return values;
}

/// Random ranges: typical ([-a, b]), random patterns of every exponent,
/// log-uniform magnitudes of either sign, and near-equal pairs.
Range randomRange(SplitMix64 &rng) {
  const auto uniform = [&] { return static_cast<double>(rng.next() >> 11) * 0x1p-53; };
  const auto logUniform = [&] {
    const double m = std::ldexp(1.0 + uniform(), static_cast<int>(rng.next() % 200) - 100);
    return (rng.next() & 1) ? -m : m;
  };
  switch (rng.next() % 4) {
  case 0:
    return {-uniform() * 1000, uniform() * 1000};
  case 1:
    return {fromBits(rng.next()), fromBits(rng.next())};
  case 2:
    return {logUniform(), logUniform()};
  default: {
    const double a = logUniform();
    return {a, a + a * uniform() * std::ldexp(1.0, -static_cast<int>(rng.next() % 60))};
  }
  }
}

struct Config {
  unsigned bits;
  bool narrow, isSigned;
};

std::vector<Config> configs() {
  std::vector<Config> all;
  for (unsigned bits : {2u, 4u, 8u, 16u})
    for (bool narrow : {false, true})
      for (bool isSigned : {false, true})
        all.push_back({bits, narrow, isSigned});
  return all;
}

CalibrationRecipe recipeFor(const Config &c) {
  std::string error;
  const std::string spelling = "mlir:bits=" + std::to_string(c.bits) +
                               ",narrow=" + (c.narrow ? "1" : "0") +
                               ",signed=" + (c.isSigned ? "1" : "0");
  std::optional<CalibrationRecipe> r = parseCalibrationRecipe(spelling, &error);
  EXPECT_TRUE(r) << error;
  return *r;
}

std::string configName(const Config &c) {
  return "bits=" + std::to_string(c.bits) + " narrow=" + std::to_string(c.narrow) +
         " signed=" + std::to_string(c.isSigned);
}

constexpr int kMaxReported = 5;

TEST(MlirFakeQuantAgreement, PerLayerRandomAndEdgeRanges) {
  Oracle oracle;
  const std::vector<double> edges = edgeValues();
  const int64_t randomCount = fast::test::sweepCount(200000, 8 * fast::test::kSanitizedThinning);
  int64_t checked = 0, refusals = 0;
  int failures = 0;
  for (const Config &c : configs()) {
    const CalibrationRecipe recipe = recipeFor(c);
    SplitMix64 rng(0xCA11B + c.bits * 4 + c.narrow * 2 + c.isSigned);
    auto check = [&](double lo, double hi, bool f16) {
      const MlirAnswer m = oracle.perLayer(c.bits, lo, hi, c.narrow, c.isSigned, f16);
      const Choice ours = chooseParams(recipe, {{lo, hi}}, -1,
                                       f16 ? numeric::f16Format() : numeric::f32Format());
      ++checked;
      refusals += ours.ok ? 0 : 1;
      const std::string diff = compare(m, ours);
      if (!diff.empty() && failures++ < kMaxReported)
        ADD_FAILURE() << configName(c) << (f16 ? " f16" : " f32") << " range [" << text(lo)
                      << ", " << text(hi) << "]: " << diff;
    };
    for (int64_t i = 0; i < randomCount; ++i) {
      const Range r = randomRange(rng);
      check(r.min, r.max, false);
    }
    for (double lo : edges)
      for (double hi : edges)
        check(lo, hi, false);
    for (int64_t i = 0; i < randomCount / 10; ++i) {
      const Range r = randomRange(rng);
      check(r.min, r.max, true);
    }
  }
  EXPECT_EQ(failures, 0);
  std::printf("[calib.mlir] per-layer: %lld ranges agree with libMLIR (%lld refused by both), "
              "%zu edge values squared per configuration\n",
              static_cast<long long>(checked), static_cast<long long>(refusals), edges.size());
}

TEST(MlirFakeQuantAgreement, PerAxisChannels) {
  Oracle oracle;
  const std::vector<double> edges = edgeValues();
  const int64_t caseCount = fast::test::sweepCount(40000, 8 * fast::test::kSanitizedThinning);
  int64_t checked = 0, refusals = 0;
  int failures = 0;
  for (const Config &c : configs()) {
    const CalibrationRecipe recipe = recipeFor(c);
    SplitMix64 rng(0xA415 + c.bits * 4 + c.narrow * 2 + c.isSigned);
    for (int64_t i = 0; i < caseCount; ++i) {
      std::vector<Range> ranges(3);
      std::vector<double> mins, maxs;
      for (Range &r : ranges) {
        // One channel in eight from the edge values.
        if (rng.next() % 8 == 0)
          r = {edges[rng.next() % edges.size()], edges[rng.next() % edges.size()]};
        else
          r = randomRange(rng);
        mins.push_back(r.min);
        maxs.push_back(r.max);
      }
      const int32_t axis = static_cast<int32_t>(rng.next() % 4);
      const MlirAnswer m = oracle.perAxis(c.bits, axis, mins, maxs, c.narrow, c.isSigned);
      const Choice ours = chooseParams(recipe, ranges, axis, numeric::f32Format());
      ++checked;
      refusals += ours.ok ? 0 : 1;
      const std::string diff = compare(m, ours);
      if (!diff.empty() && failures++ < kMaxReported)
        ADD_FAILURE() << configName(c) << " per-axis case " << i << " channel 0 ["
                      << text(mins[0]) << ", " << text(maxs[0]) << "]: " << diff;
    }
  }
  EXPECT_EQ(failures, 0);
  std::printf("[calib.mlir] per-axis: %lld 3-channel cases agree with libMLIR (%lld refused by "
              "both)\n",
              static_cast<long long>(checked), static_cast<long long>(refusals));
}

} // namespace
} // namespace qi::calibrate
