//===- MultiplierDerivationTest.cpp - (multiplier, shift) per framework ----===//
//
// Spec: [requant.derive], [requant.derive.tflite], [requant.derive.mlir],
// [requant.derive.gemmlowp], [requant.derive.tvm], [requant.derive.xnnpack].
//
// Two kinds of check, both independent of our code:
//  - MLIR: our derivation against MLIR's own
//    mlir::tosa::computeMultiplierAndShift from the shared libMLIR 22, over
//    random scales, every power of two and its neighbours, the values whose
//    rounded mantissa carries to 2^31 (2^15), and the seed's scales. Only
//    finite scales are passed to MLIR: for NaN and +inf a build with
//    assertions aborts, and for any non-finite scale MLIR converts a
//    non-finite double to int32 (undefined; Debian's release build on x86-64
//    returns true with multiplier INT32_MIN, shift 31 / 15). Those cases are
//    checked as rejections of ours only.
//  - The frameworks we cannot run here (TFLite, gemmlowp, TVM, XNNPACK):
//    expected pairs derived by hand from their source, the arithmetic in the
//    comment beside each.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/MultiplierDerivation.h"

#include "generators/Prng.h"

#include "mlir/Dialect/Tosa/Utils/QuantUtils.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace qi::requant {
namespace {

constexpr int64_t k2To30 = int64_t(1) << 30;
constexpr int64_t kIntMax = std::numeric_limits<int>::max();
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

std::string hex(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", value);
  return buffer;
}

/// The derivation gives (multiplier, shift) in its own convention and the
/// TOSA pair (multiplier, tosaShift), and accepts the scale.
void expectPair(const Derivation &d, int64_t multiplier, int64_t shift, int64_t tosaShift) {
  SCOPED_TRACE(std::string(frameworkName(d.framework)) + " of " + hex(d.scale));
  EXPECT_TRUE(d.accepted) << d.error;
  ASSERT_TRUE(d.native);
  ASSERT_TRUE(d.tosa);
  EXPECT_EQ(d.native->multiplier, multiplier);
  EXPECT_EQ(d.native->shift, shift);
  EXPECT_EQ(d.tosa->multiplier, multiplier);
  EXPECT_EQ(d.tosa->shift, tosaShift);
}

void expectRejected(const Derivation &d, const std::string &errorPart) {
  SCOPED_TRACE(std::string(frameworkName(d.framework)) + " of " + hex(d.scale));
  EXPECT_FALSE(d.accepted);
  EXPECT_NE(d.error.find(errorPart), std::string::npos) << d.error;
}

//===----------------------------------------------------------------------===//
// MLIR: against libMLIR's computeMultiplierAndShift
//===----------------------------------------------------------------------===//

/// "" if our derivation matches MLIR's for `scale` and `width`, else what
/// differs.
std::string compareWithMlir(double scale, int width) {
  int32_t multiplier = 0x5a5a5a5a;
  int32_t shift = 0x5a5a5a5a;
  bool ok = mlir::tosa::computeMultiplierAndShift(scale, multiplier, shift, width);
  Derivation ours = deriveMlir(scale, width);
  if (!ours.native)
    return hex(scale) + " width " + std::to_string(width) + ": ours has no pair: " + ours.error;
  if (ok != ours.accepted || multiplier != ours.native->multiplier ||
      shift != ours.native->shift || ours.tosa != ours.native)
    return hex(scale) + " width " + std::to_string(width) + ": MLIR " + (ok ? "true" : "false") +
           " (" + std::to_string(multiplier) + ", " + std::to_string(shift) + "), ours " +
           (ours.accepted ? "true" : "false") + " (" + std::to_string(ours.native->multiplier) +
           ", " + std::to_string(ours.native->shift) + ")";
  return "";
}

/// Compares every scale at both widths; reports the first few differences.
void expectSameAsMlir(const std::vector<double> &scales) {
  size_t mismatches = 0;
  for (double scale : scales)
    for (int width : {32, 16}) {
      std::string difference = compareWithMlir(scale, width);
      if (difference.empty())
        continue;
      if (++mismatches <= 10)
        ADD_FAILURE() << difference;
    }
  EXPECT_EQ(mismatches, 0u) << "of " << scales.size() << " scales x 2 widths";
}

/// A random double of magnitude in [2^minExponent, 2^(maxExponent+1)):
/// uniform exponent, uniform 52-bit fraction, random sign if `signed`.
double randomScale(generators::SplitMix64 &rng, int minExponent, int maxExponent,
                   bool withSign) {
  uint64_t exponent = uint64_t(rng.range(minExponent, maxExponent) + 1023);
  uint64_t fraction = rng.next() & ((uint64_t(1) << 52) - 1);
  uint64_t sign = withSign && rng.chance(2) ? uint64_t(1) << 63 : 0;
  uint64_t bits = sign | (exponent << 52) | fraction;
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

TEST(MlirDerivation, RandomScalesMatchLibMlir) {
  generators::SplitMix64 rng(0x6d756c7469706c79ull);
  std::vector<double> scales;
  for (int i = 0; i < 200000; ++i)
    scales.push_back(randomScale(rng, -40, 19, /*withSign=*/true));
  // And over the whole finite range, subnormals included.
  for (int i = 0; i < 20000; ++i)
    scales.push_back(randomScale(rng, -1022, 1023, true));
  for (int i = 0; i < 2000; ++i) {
    uint64_t bits = rng.next() & ((uint64_t(1) << 52) - 1); // a subnormal
    double value;
    std::memcpy(&value, &bits, sizeof value);
    scales.push_back(value);
    scales.push_back(-value);
  }
  expectSameAsMlir(scales);
}

TEST(MlirDerivation, PowersOfTwoAndNeighboursMatchLibMlir) {
  std::vector<double> scales;
  for (int e = -1074; e <= 1023; ++e) {
    double p = std::ldexp(1.0, e);
    for (double v : {p, std::nextafter(p, 0.0), std::nextafter(p, kInf)})
      if (std::isfinite(v)) {
        scales.push_back(v);
        scales.push_back(-v);
      }
  }
  expectSameAsMlir(scales);
}

TEST(MlirDerivation, CarryValuesMatchLibMlir) {
  // (1 - 2^-33) * 2^k: mantissa * 2^31 = 2^31 - 1/4 rounds up to 2^31, the
  // carry. (1 - 2^-32) * 2^k: exactly 2^31 - 1/2, a tie, std::round goes away
  // from zero: the carry again. The double just below it rounds to
  // 2^31 - 1: no carry. The same at 16 bits with 2^-17 / 2^-16.
  std::vector<double> scales;
  for (int k = -80; k <= 64; ++k)
    for (double m : {1 - std::ldexp(1.0, -33), 1 - std::ldexp(1.0, -32),
                     std::nextafter(1 - std::ldexp(1.0, -32), 0.0), 1 - std::ldexp(1.0, -17),
                     1 - std::ldexp(1.0, -16), std::nextafter(1 - std::ldexp(1.0, -16), 0.0)}) {
      scales.push_back(std::ldexp(m, k));
      scales.push_back(-std::ldexp(m, k));
    }
  expectSameAsMlir(scales);
}

TEST(MlirDerivation, SeedAndEdgeScalesMatchLibMlir) {
  expectSameAsMlir({1.77052e-05 / 0.0267685, 1.77052e-05, 0.0267685, 0.0072474, 0.5, 1.0 / 3,
                    0.0, -0.0, DBL_MAX, -DBL_MAX, DBL_MIN, std::numeric_limits<double>::denorm_min(),
                    std::ldexp(1.0, 29), std::ldexp(1.0, 30), std::ldexp(1.0, 13),
                    std::ldexp(1.0, 12), 2147483647.0, 1e300, -1e-300});
}

TEST(MlirDerivation, HandDerivedCases) {
  // 0.5 = 0.5 * 2^0: round(0.5 * 2^31) = 2^30, shift = -0 + 31.
  expectPair(deriveMlir(0.5, 32), k2To30, 31, 31);
  // scale16: round(0.5 * 2^15) = 2^14, shift = 15.
  expectPair(deriveMlir(0.5, 16), 1 << 14, 15, 15);
  // 0.0072474 = 0.92766... * 2^-7; 0.92766... * 2^31 = 1992150142.786 -> 1992150143,
  // shift 7 + 31 = 38. At 16 bits: 30397.799 -> 30398, shift 7 + 15 = 22.
  expectPair(deriveMlir(0.0072474, 32), 1992150143, 38, 38);
  expectPair(deriveMlir(0.0072474, 16), 30398, 22, 22);
  // The seed's ratio 1.77052e-05 / 0.0267685 = 0.000661419205... =
  // 0.67729... * 2^-10: 1454476214.364 -> 1454476214, shift 41.
  expectPair(deriveMlir(1.77052e-05 / 0.0267685, 32), 1454476214, 41, 41);
  // 2^-33 = 0.5 * 2^-32: shift 32 + 31 = 63 > 62: multiplier 2^30 >> 1 = 2^29,
  // shift 62 (the same real number). 2^-40: 2^30 >> 8 = 2^22.
  expectPair(deriveMlir(std::ldexp(1.0, -33), 32), 1 << 29, 62, 62);
  expectPair(deriveMlir(std::ldexp(1.0, -40), 32), 1 << 22, 62, 62);
  // 2^-100: shift 131, 2^30 >> min(31, 69) = 0.
  expectPair(deriveMlir(std::ldexp(1.0, -100), 32), 0, 62, 62);
  // -2^-100: -2^30 >> 31 = -1 (arithmetic shift floors).
  expectPair(deriveMlir(-std::ldexp(1.0, -100), 32), -1, 62, 62);
  // 1 - 2^-33: mantissa * 2^31 = 2^31 - 0.25 -> 2^31: carry, 2^30 and
  // frexp's exponent 0 + 1: shift 30.
  expectPair(deriveMlir(1 - std::ldexp(1.0, -33), 32), k2To30, 30, 30);
  // 2^28 = 0.5 * 2^29: shift 2, accepted; 2^29: shift 1, MLIR returns false
  // but writes (2^30, 1).
  expectPair(deriveMlir(std::ldexp(1.0, 28), 32), k2To30, 2, 2);
  Derivation big = deriveMlir(std::ldexp(1.0, 29), 32);
  expectRejected(big, "returns false");
  ASSERT_TRUE(big.native);
  EXPECT_EQ(*big.native, (MultiplierShift{k2To30, 1}));
  // scale16: 2^13 = 0.5 * 2^14: shift 15 - 14 = 1 -> false.
  expectRejected(deriveMlir(std::ldexp(1.0, 13), 16), "returns false");
  // 0: frexp gives 0, exponent 0: (0, 31), true. -0.5: (-2^30, 31), true,
  // although apply_scale_32 requires multiplier >= 0.
  expectPair(deriveMlir(0.0, 32), 0, 31, 31);
  Derivation negative = deriveMlir(-0.5, 32);
  expectPair(negative, -k2To30, 31, 31);
  EXPECT_NE(negative.tosaProblem.find("multiplier >= 0"), std::string::npos);
}

TEST(MlirDerivation, NonFiniteAndOtherWidthsAreRejected) {
  // Not passed to MLIR (see the file comment); ours reports them.
  expectRejected(deriveMlir(kNaN, 32), "aborts at assert(shiftedM <= (int64_t(1) << 31))");
  expectRejected(deriveMlir(kInf, 16), "aborts at assert(shiftedM <= (int64_t(1) << 15))");
  expectRejected(deriveMlir(-kInf, 32), "-inf passes both asserts");
  EXPECT_FALSE(deriveMlir(kNaN, 32).native);
  // Width 8: MLIR returns false without writing -- this one MLIR defines.
  int32_t multiplier = 7, shift = 7;
  EXPECT_FALSE(mlir::tosa::computeMultiplierAndShift(0.5, multiplier, shift, 8));
  EXPECT_EQ(multiplier, 7);
  EXPECT_EQ(shift, 7);
  expectRejected(deriveMlir(0.5, 8), "returns false without writing");
}

//===----------------------------------------------------------------------===//
// TFLite (hand-derived from quantization_util.cc QuantizeMultiplier)
//===----------------------------------------------------------------------===//

TEST(TfliteDerivation, HandDerivedCases) {
  // 0.5 = 0.5 * 2^0: round(0.5 * 2^31) = 2^30, shift 0. TOSA: 2^30 * 2^(0-31)
  // = 2^30 * 2^-31: (2^30, 31).
  expectPair(deriveTflite(0.5), k2To30, 0, 31);
  // 1/3 = (2/3) * 2^-1: (2/3) * 2^31 = 1431655765.33 -> 1431655765, shift -1,
  // TOSA shift 31 + 1 = 32.
  expectPair(deriveTflite(1.0 / 3), 1431655765, -1, 32);
  // 0.0072474 = 0.92766... * 2^-7: 1992150142.786 -> 1992150143, TOSA 38.
  expectPair(deriveTflite(0.0072474), 1992150143, -7, 38);
  // The seed's ratio: 0.67729... * 2^-10: 1454476214.364 -> 1454476214.
  expectPair(deriveTflite(1.77052e-05 / 0.0267685), 1454476214, -10, 41);
  // 0.1 = 0.8 * 2^-3: 0.8 * 2^31 = 1717986918.4 -> 1717986918.
  expectPair(deriveTflite(0.1), 1717986918, -3, 34);
  // 1000 = 0.9765625 * 2^10: 0.9765625 * 2^31 = 2097152000 exactly.
  expectPair(deriveTflite(1000.0), 2097152000, 10, 21);
}

TEST(TfliteDerivation, CarryToTwoTo31) {
  // 1 - 2^-33 = (1 - 2^-33) * 2^0: (1 - 2^-33) * 2^31 = 2^31 - 0.25 -> 2^31
  // == 1LL << 31: q_fixed = 2^30, shift 0 + 1 = 1.
  expectPair(deriveTflite(1 - std::ldexp(1.0, -33)), k2To30, 1, 30);
  // 1 - 2^-32: 2^31 - 0.5, a tie: TfLiteRound = std::round goes away from
  // zero: 2^31, the carry again.
  expectPair(deriveTflite(1 - std::ldexp(1.0, -32)), k2To30, 1, 30);
  // The double below it: 2^31 - 0.5 - 2^-22 -> 2^31 - 1, no carry.
  expectPair(deriveTflite(std::nextafter(1 - std::ldexp(1.0, -32), 0.0)), 2147483647, 0, 31);
  // Planting "no carry" would give q_fixed = 2^31, caught by the CHECK_LE
  // that the carry exists to avoid.
}

TEST(TfliteDerivation, FlushToZeroBelowTwoToMinus32) {
  // 2^-32 = 0.5 * 2^-31: shift -31 is not < -31: (2^30, -31), TOSA 62.
  expectPair(deriveTflite(std::ldexp(1.0, -32)), k2To30, -31, 62);
  // 2^-33 = 0.5 * 2^-32: shift -32 < -31: multiplier 0, shift 0.
  Derivation flushed = deriveTflite(std::ldexp(1.0, -33));
  expectPair(flushed, 0, 0, 31);
  EXPECT_EQ(flushed.notes.size(), 1u);
  // (1 - 2^-33) * 2^-32: frexp exponent -32, but the carry lifts it to -31
  // before the flush test: (2^30, -31).
  expectPair(deriveTflite(std::ldexp(1 - std::ldexp(1.0, -33), -32)), k2To30, -31, 62);
  // 2^-40 and the smallest subnormal: flushed.
  expectPair(deriveTflite(std::ldexp(1.0, -40)), 0, 0, 31);
  expectPair(deriveTflite(std::numeric_limits<double>::denorm_min()), 0, 0, 31);
  // 0 (and -0.0 == 0.): (0, 0) at once.
  expectPair(deriveTflite(0.0), 0, 0, 31);
  expectPair(deriveTflite(-0.0), 0, 0, 31);
}

TEST(TfliteDerivation, NegativeAndLargeScales) {
  // -0.5 = -0.5 * 2^0: round(-2^30) = -2^30; the CHECKs only bound it above.
  Derivation negative = deriveTflite(-0.5);
  expectPair(negative, -k2To30, 0, 31);
  EXPECT_FALSE(negative.tosaProblem.empty());
  // 2^31 = 0.5 * 2^32: (2^30, 32); TOSA shift 31 - 32 = -1, not a TOSA shift.
  Derivation big = deriveTflite(std::ldexp(1.0, 31));
  expectPair(big, k2To30, 32, -1);
  EXPECT_NE(big.tosaProblem.find("2 <= shift"), std::string::npos);
  // DBL_MAX = (1 - 2^-53) * 2^1024: carry: (2^30, 1025).
  expectPair(deriveTflite(DBL_MAX), k2To30, 1025, 31 - 1025);
}

TEST(TfliteDerivation, NonFiniteIsUndefinedBehaviour) {
  for (double v : {kNaN, kInf, -kInf})
    expectRejected(deriveTflite(v), "undefined behaviour");
}

TEST(TfliteDerivation, SingleRoundingSaturatesShiftAbove30) {
  // Same as the default below shift 31: 1000 -> (2097152000, 10).
  expectPair(deriveTfliteSingleRound(1000.0), 2097152000, 10, 21);
  // 2^30 = 0.5 * 2^31: shift 31 > 30 -> (2^31 - 1, 30).
  expectPair(deriveTfliteSingleRound(std::ldexp(1.0, 30)), 2147483647, 30, 1);
  // 2^29 = 0.5 * 2^30: shift 30, kept.
  expectPair(deriveTfliteSingleRound(std::ldexp(1.0, 29)), k2To30, 30, 1);
  // The flush comes first: 2^-33 -> (0, 0).
  expectPair(deriveTfliteSingleRound(std::ldexp(1.0, -33)), 0, 0, 31);
}

TEST(TfliteDerivation, EmulateFloatCutsTies) {
  // IntegerFrExp: 1 + 2^-31 has exponent field 1023 (shift 1) and fraction
  // 2^52 * 2^-31 = 2^21: top 30 bits 0, low 22 bits 0x200000, not >
  // 0x200000: q_fixed = 0x40000000. frexp + std::round: (1 + 2^-31)/2 * 2^31
  // = 2^30 + 0.5 -> 2^30 + 1.
  expectPair(deriveTfliteEmulateFloat(1 + std::ldexp(1.0, -31)), k2To30, 1, 30);
  expectPair(deriveTflite(1 + std::ldexp(1.0, -31)), k2To30 + 1, 1, 30);
  // 1 - 2^-32: fraction 2^52 - 2^21 (exponent field 1022, shift 0): top 30
  // bits 2^30 - 1, low 22 bits 2^21 = the threshold, cut: q_fixed =
  // 2^30 + 2^30 - 1 = 2^31 - 1, no carry (default build: the carry).
  expectPair(deriveTfliteEmulateFloat(1 - std::ldexp(1.0, -32)), 2147483647, 0, 31);
  // 1 - 2^-33: low 22 bits 2^22 - 2^20 = 0x300000 > 0x200000: 2^31, carry.
  expectPair(deriveTfliteEmulateFloat(1 - std::ldexp(1.0, -33)), k2To30, 1, 30);
  // 0.5: exponent field 1022 -> shift 0, fraction 0: 0x40000000.
  expectPair(deriveTfliteEmulateFloat(0.5), k2To30, 0, 31);
  // NaN: shift INT_MAX, fraction 0; not < -31: (0, INT_MAX).
  expectPair(deriveTfliteEmulateFloat(kNaN), 0, kIntMax, 31 - kIntMax);
  // -inf: INT64_MIN passes both CHECKs; (int32_t)INT64_MIN = 0.
  expectPair(deriveTfliteEmulateFloat(-kInf), 0, kIntMax, 31 - kIntMax);
  // +inf: INT64_MAX > 2^31: TFLITE_CHECK aborts.
  expectRejected(deriveTfliteEmulateFloat(kInf), "TFLITE_CHECK(q_fixed <= (1LL << 31)) fails");
  // Tiny: 2^-40, exponent field 983 -> shift -39 < -31: flushed.
  expectPair(deriveTfliteEmulateFloat(std::ldexp(1.0, -40)), 0, 0, 31);
}

TEST(TfliteDerivation, SmallerThanOneAndGreaterThanOneChecks) {
  expectPair(deriveTfliteSmallerThanOne(0.0072474), 1992150143, -7, 38);
  expectRejected(deriveTfliteSmallerThanOne(1.0), "TFLITE_CHECK_LT(double_multiplier, 1.)");
  expectRejected(deriveTfliteSmallerThanOne(0.0), "TFLITE_CHECK_GT(double_multiplier, 0.)");
  expectRejected(deriveTfliteSmallerThanOne(kNaN), "TFLITE_CHECK_LT");
  // 1 - 2^-33 < 1, but the carry makes the shift 1: CHECK_LE(shift, 0) aborts.
  expectRejected(deriveTfliteSmallerThanOne(1 - std::ldexp(1.0, -33)),
                 "TFLITE_CHECK_LE(shift, 0) fails");
  // Tiny scales pass: flushed to (0, 0), shift 0 <= 0.
  expectPair(deriveTfliteSmallerThanOne(std::ldexp(1.0, -40)), 0, 0, 31);
  // 1000 > 1: (2097152000, 10).
  expectPair(deriveTfliteGreaterThanOne(1000.0), 2097152000, 10, 21);
  expectRejected(deriveTfliteGreaterThanOne(1.0), "TFLITE_CHECK_GT(double_multiplier, 1.)");
  expectRejected(deriveTfliteGreaterThanOne(kInf), "undefined behaviour");
}

//===----------------------------------------------------------------------===//
// gemmlowp, TVM, XNNPACK (hand-derived)
//===----------------------------------------------------------------------===//

TEST(GemmlowpDerivation, HandDerivedCases) {
  // 0.5f: no doubling, 0.5f * 2^31 = 2^30, s = 0; TOSA 2^30 * 2^(-31-0).
  expectPair(deriveGemmlowp(0.5), k2To30, 0, 31);
  // (float)(1/3) = 0x1.555556p-2 = 11184811 * 2^-25; doubled once (s = 1) to
  // 11184811 * 2^-24; * 2^31 = 11184811 * 128 = 1431655808. TFLite's double
  // derivation gives 1431655765 (the float conversion differs).
  Derivation third = deriveGemmlowp(1.0 / 3);
  expectPair(third, 1431655808, 1, 32);
  ASSERT_TRUE(third.floatScale);
  EXPECT_EQ(*third.floatScale, 0x1.555556p-2f);
  // (float)0.1 = 13421773 * 2^-27; doubled 3 times to 13421773 * 2^-24:
  // q = 13421773 * 128 = 1717986944, s = 3.
  expectPair(deriveGemmlowp(0.1), 1717986944, 3, 34);
  // (float)0.0072474 = 0x1.daf732p-8 = 15563673 * 2^-31; doubled 7 times:
  // q = 15563673 * 128 = 1992150144, s = 7.
  expectPair(deriveGemmlowp(0.0072474), 1992150144, 7, 38);
  // 2^-140 (a float subnormal): 139 doublings to 0.5: (2^30, 139), TOSA 170.
  Derivation tiny = deriveGemmlowp(std::ldexp(1.0, -140));
  expectPair(tiny, k2To30, 139, 170);
  EXPECT_FALSE(tiny.tosaProblem.empty());
  // 1 - 2^-30 rounds to 1.0f: assert(real_multiplier < 1.f).
  expectRejected(deriveGemmlowp(1 - std::ldexp(1.0, -30)), "assert(real_multiplier < 1.f)");
  // 1e-50 rounds to 0.0f: assert(real_multiplier > 0.f); NDEBUG: endless loop.
  expectRejected(deriveGemmlowp(1e-50), "never ends");
  expectRejected(deriveGemmlowp(-0.5), "assert(real_multiplier > 0.f)");
  expectRejected(deriveGemmlowp(kNaN), "assert(real_multiplier > 0.f)");
}

TEST(TvmDerivation, HandDerivedCases) {
  // As TFLite's QuantizeMultiplier: 0.0072474 -> (1992150143, -7).
  expectPair(deriveTvm(0.0072474), 1992150143, -7, 38);
  // Carry: 1 - 2^-33 -> (2^30, 1).
  expectPair(deriveTvm(1 - std::ldexp(1.0, -33)), k2To30, 1, 30);
  // No flush: 2^-40 = 0.5 * 2^-39 -> (2^30, -39), TOSA shift 70 (TFLite: (0, 0)).
  Derivation tiny = deriveTvm(std::ldexp(1.0, -40));
  expectPair(tiny, k2To30, -39, 70);
  EXPECT_FALSE(tiny.tosaProblem.empty());
  expectPair(deriveTvm(0.0), 0, 0, 31);
  expectRejected(deriveTvm(kNaN), "undefined behaviour");
}

TEST(XnnpackDerivation, RndnuScalarHandDerivedCases) {
  // 0.5f: bits 0x3F000000: multiplier 0x800000 = 2^23, shift 150 - 126 = 24.
  expectPair(deriveXnnpackRndnu(0.5), 1 << 23, 24, 24);
  // (float)0.0072474: bits 0x3BED7B99: multiplier 0xED7B99 = 15563673, shift
  // 150 - 0x77 = 150 - 119 = 31.
  expectPair(deriveXnnpackRndnu(0.0072474), 15563673, 31, 31);
  // (float)(1/3): bits 0x3EAAAAAB: 0xAAAAAB = 11184811, shift 150 - 125 = 25.
  expectPair(deriveXnnpackRndnu(1.0 / 3), 11184811, 25, 25);
  // 2^-32: exponent field 95: (2^23, 55), the smallest accepted.
  expectPair(deriveXnnpackRndnu(std::ldexp(1.0, -32)), 1 << 23, 55, 55);
  // 255: 1.9921875 * 2^7: multiplier 0xFF0000 = 16711680, shift 150 - 134 = 16.
  expectPair(deriveXnnpackRndnu(255.0), 16711680, 16, 16);
  expectRejected(deriveXnnpackRndnu(256.0), "assert(scale < 256.0f)");
  expectRejected(deriveXnnpackRndnu(std::ldexp(1.0, -33)), "assert(scale >= 0x1.0p-32f)");
  expectRejected(deriveXnnpackRndnu(0.0), "assert(scale >= 0x1.0p-32f)");
  expectRejected(deriveXnnpackRndnu(kNaN), "assert(scale >= 0x1.0p-32f)");
}

TEST(XnnpackDerivation, GemmlowpScalarHandDerivedCases) {
  // 0.5f: (0x800000 << 7 = 2^30, 126 - 126 = 0), TOSA 31.
  expectPair(deriveXnnpackGemmlowp(0.5), k2To30, 0, 31);
  // (float)0.0072474: 15563673 << 7 = 1992150144, shift 126 - 119 = 7.
  expectPair(deriveXnnpackGemmlowp(0.0072474), 1992150144, 7, 38);
  // 2^-32: shift 126 - 95 = 31, the last accepted; 2^-33: 32.
  expectPair(deriveXnnpackGemmlowp(std::ldexp(1.0, -32)), k2To30, 31, 62);
  expectRejected(deriveXnnpackGemmlowp(std::ldexp(1.0, -33)), "assert(shift < 32)");
  // 1.0f: shift 126 - 127 = -1.
  expectRejected(deriveXnnpackGemmlowp(1.0), "assert(shift >= 0)");
  // -0.5f: bits >> 23 = 0x17E = 382 with the sign: shift -256.
  expectRejected(deriveXnnpackGemmlowp(-0.5), "assert(shift >= 0)");
}

//===----------------------------------------------------------------------===//
// Where the frameworks disagree (figures for spec/requantize.md)
//===----------------------------------------------------------------------===//

TEST(FrameworkAgreement, RandomScalesTwoToMinus40To20) {
  generators::SplitMix64 rng(0x6167726565ull);
  const int n = 100000;
  int tfliteVsMlir = 0, tfliteVsMlirNotFlush = 0, tfliteVsTvm = 0, tfliteVsEmulate = 0,
      tfliteVsGemmlowp = 0, gemmlowpVsXnnpack = 0, gemmlowpInXnnpackRange = 0,
      gemmlowpAccepted = 0, tfliteVsXnnpackRndnuReal = 0, rndnuAccepted = 0, flushes = 0;
  for (int i = 0; i < n; ++i) {
    double scale = randomScale(rng, -40, 19, false);
    Derivation tflite = deriveTflite(scale);
    Derivation mlir = deriveMlir(scale, 32);
    Derivation tvm = deriveTvm(scale);
    ASSERT_TRUE(tflite.tosa && mlir.tosa && tvm.tosa);
    bool flushed = tflite.native->multiplier == 0;
    flushes += flushed;
    if (*tflite.tosa != *mlir.tosa) {
      ++tfliteVsMlir;
      if (!flushed)
        ++tfliteVsMlirNotFlush;
    }
    // TVM is TFLite without the flush.
    if (*tflite.tosa != *tvm.tosa) {
      ++tfliteVsTvm;
      EXPECT_TRUE(flushed) << hex(scale);
    }
    Derivation emulate = deriveTfliteEmulateFloat(scale);
    if (*emulate.tosa != *tflite.tosa)
      ++tfliteVsEmulate;
    if (scale < 1.0) {
      Derivation gemmlowp = deriveGemmlowp(scale);
      gemmlowpAccepted += gemmlowp.accepted;
      if (gemmlowp.accepted && *gemmlowp.tosa != *tflite.tosa)
        ++tfliteVsGemmlowp;
      Derivation xnnpack = deriveXnnpackGemmlowp(scale);
      if (xnnpack.accepted) {
        ++gemmlowpInXnnpackRange;
        if (!gemmlowp.accepted || *gemmlowp.tosa != *xnnpack.tosa)
          ++gemmlowpVsXnnpack;
      }
    }
    Derivation rndnu = deriveXnnpackRndnu(scale);
    if (rndnu.accepted && !flushed) {
      ++rndnuAccepted;
      // Same real number? m1 * 2^-s1 == m2 * 2^-s2, both exact in double.
      double a = std::ldexp(double(rndnu.tosa->multiplier), -int(rndnu.tosa->shift));
      double b = std::ldexp(double(tflite.tosa->multiplier), -int(tflite.tosa->shift));
      if (a != b)
        ++tfliteVsXnnpackRndnuReal;
    }
  }
  // Every TFLite/MLIR difference is TFLite's flush below 2^-32 (MLIR keeps
  // a truncated multiplier at shift 62); TVM differs from TFLite there only.
  EXPECT_EQ(tfliteVsMlirNotFlush, 0);
  EXPECT_EQ(tfliteVsMlir, flushes);
  EXPECT_EQ(tfliteVsMlir, tfliteVsTvm);
  // XNNPACK's older gemmlowp params are gemmlowp's derivation from the bits.
  EXPECT_EQ(gemmlowpVsXnnpack, 0);
  std::cout << "of " << n << " random scales in [2^-40, 2^20): TFLite vs MLIR scale32 pairs "
            << tfliteVsMlir << " differ (TFLite flushes " << flushes
            << "), TFLite vs TVM " << tfliteVsTvm << ", TFLite vs TFLITE_EMULATE_FLOAT "
            << tfliteVsEmulate << ", TFLite vs gemmlowp (float) " << tfliteVsGemmlowp << " of "
            << gemmlowpAccepted << " gemmlowp accepts, TFLite vs XNNPACK rndnu real value "
            << tfliteVsXnnpackRndnuReal << " of " << rndnuAccepted
            << ", gemmlowp vs XNNPACK gemmlowp " << gemmlowpVsXnnpack << " of "
            << gemmlowpInXnnpackRange << "\n";
}

TEST(FrameworkNames, RoundTrip) {
  for (DerivationFramework framework : allFrameworks()) {
    EXPECT_EQ(parseFramework(frameworkName(framework)), framework);
    EXPECT_FALSE(frameworkSource(framework).empty());
    EXPECT_FALSE(shiftConvention(framework).empty());
    EXPECT_EQ(deriveMultiplier(framework, 0.25).framework, framework);
  }
  EXPECT_FALSE(parseFramework("all"));
  EXPECT_FALSE(parseFramework("TFLite"));
}

} // namespace
} // namespace qi::requant
