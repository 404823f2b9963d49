//===- RequantizeRecipeTest.cpp - The requantize recipes -------------------===//
//
// Spec: [requant.recipes] and the [requant.<name>] clause of each recipe
// (spec/requantize.md).
//
// 1. Hand-derived cases per recipe at the boundaries where recipes differ:
//    ties of both signs, shift > 31, multiplier 2^31 - 1 and -2^31, the
//    gemmlowp saturation, output saturation, the float conversions, and each
//    framework precondition. Every expected value is derived in the comment
//    beside it from the framework's arithmetic, not computed by our code.
// 2. Fixed-point recipes against an independent implementation: exact
//    __int128 rounding defined by its inequality (half up / half away from
//    zero), the frameworks' preconditions re-derived, TVM's multiplier
//    derived with the host's frexp; 2,000,000 random elements (ties, edges
//    and random values of every type combination the ERROR_IFs allow).
//    Also the facts the spec states: on TOSA's domain `tflite` equals
//    `tosa-double-round` and `tflite-single-rounding` / `tvm-upward` equal
//    `tosa-single-round`.
// 3. Float recipes against host float code written like the frameworks'
//    (this file is compiled with -ffp-contract=off; MLAS through the very SSE2
//    intrinsics it uses): 300,000 random elements.
// A sanitized build (interpreter/fast/tests/SweepTier.h) draws the random
// elements of 2. and 3. 8 times fewer; every assertion there is relative to
// the count and still holds.
// 4. The checked-in docs/requantize-table.md is what RequantizeTable.cpp
//    generates (CTest: requantize-table-current).
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/RequantizeRecipe.h"
#include "interpreter/requant/RequantizeTable.h"

#include "interpreter/fast/tests/SweepTier.h"

#include "generators/Prng.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace qi::requant {
namespace {

using R = RequantizeRecipe;
using generators::SplitMix64;

constexpr int64_t kP30 = int64_t(1) << 30;
constexpr int64_t kMax31 = (int64_t(1) << 31) - 1;

RescaleAttributes attrs(unsigned in, bool inUnsigned, unsigned out, bool outUnsigned,
                        RoundingMode mode = RoundingMode::Single, bool scale32 = true) {
  RescaleAttributes a;
  a.inputWidth = in;
  a.inputUnsigned = inUnsigned;
  a.outputWidth = out;
  a.outputUnsigned = outUnsigned;
  a.roundingMode = mode;
  a.scale32 = scale32;
  return a;
}

const RescaleAttributes kI32ToI8 = attrs(32, false, 8, false);
const RescaleAttributes kI32ToI32 = attrs(32, false, 32, false);

uint64_t low(int64_t v, unsigned width) { return truncateBits(v, width); }

RescaledElement run(R recipe, const RescaleAttributes &a, int64_t x, int64_t m, int s,
                    int64_t inZp = 0, int64_t outZp = 0) {
  return requantizeElement(recipe, a, low(x, a.inputWidth), m, static_cast<int8_t>(s),
                           low(inZp, a.inputWidth), low(outZp, a.outputWidth));
}

/// The stored value; fails the test on a violation.
int64_t value(R recipe, const RescaleAttributes &a, int64_t x, int64_t m, int s,
              int64_t inZp = 0, int64_t outZp = 0) {
  RescaledElement e = run(recipe, a, x, m, s, inZp, outZp);
  EXPECT_FALSE(e.violation) << recipeName(recipe) << ": " << e.violation->message();
  EXPECT_EQ(e.bits, low(e.value, a.outputWidth));
  return e.value;
}

/// The violated condition ("" when the recipe gave a value).
std::string violation(R recipe, const RescaleAttributes &a, int64_t x, int64_t m, int s,
                      int64_t inZp = 0, int64_t outZp = 0) {
  RescaledElement e = run(recipe, a, x, m, s, inZp, outZp);
  return e.violation ? e.violation->where + ": " + e.violation->condition : "";
}

//===----------------------------------------------------------------------===//
// The recipe list
//===----------------------------------------------------------------------===//

TEST(RequantizeRecipeList, NamesParseAndTosaIsFirst) {
  ASSERT_EQ(allRecipes().front(), R::Tosa);
  EXPECT_EQ(allRecipeNames(),
            "tosa, tosa-single-round, tosa-double-round, tflite, tflite-single-rounding, "
            "tvm-upward, tvm-tonearest, onnxruntime-mlas, xnnpack-fp32, fbgemm, pytorch");
  for (R r : allRecipes()) {
    EXPECT_EQ(parseRecipe(recipeName(r)), r);
    EXPECT_FALSE(recipeSummary(r).empty());
    EXPECT_FALSE(recipeSource(r).empty());
  }
  EXPECT_FALSE(parseRecipe("gemmlowp"));
  EXPECT_FALSE(parseRecipe(""));
}

//===----------------------------------------------------------------------===//
// 1. Hand-derived cases
//===----------------------------------------------------------------------===//

// [requant.tosa] is RESCALE itself: RescaleSpecTest / RescaleDiffTest.
TEST(RequantizeTosaVariants, RoundingModeForcedOnlyWhereItMatters) {
  const RescaleAttributes single = attrs(32, false, 8, false, RoundingMode::Single);
  const RescaleAttributes twice = attrs(32, false, 8, false, RoundingMode::Double);
  // 3 * 2^30 / 2^33 = 0.375. Single: (3*2^30 + 2^32) >> 33 = 0. Double adds
  // 2^30: (4*2^30 + 2^32) >> 33 = 2^33 >> 33 = 1.
  EXPECT_EQ(value(R::Tosa, single, 3, kP30, 33), 0);
  EXPECT_EQ(value(R::Tosa, twice, 3, kP30, 33), 1);
  EXPECT_EQ(value(R::TosaSingleRound, twice, 3, kP30, 33), 0);
  EXPECT_EQ(value(R::TosaDoubleRound, single, 3, kP30, 33), 1);
  // INEXACT_ROUND is computed as SINGLE_ROUND by tosa, forced double here.
  const RescaleAttributes inexact = attrs(32, false, 8, false, RoundingMode::Inexact);
  EXPECT_EQ(value(R::Tosa, inexact, 3, kP30, 33), 0);
  EXPECT_EQ(value(R::TosaDoubleRound, inexact, 3, kP30, 33), 1);
  // Just above -1/2: -4 * (2^30 - 1) / 2^33 = -0.5 + 2^-31. Single:
  // (-2^32 + 4 + 2^32) >> 33 = 0. Double subtracts 2^30: (4 - 2^30) >> 33 = -1.
  EXPECT_EQ(value(R::TosaSingleRound, twice, -4, kP30 - 1, 33), 0);
  EXPECT_EQ(value(R::TosaDoubleRound, single, -4, kP30 - 1, 33), -1);
  // shift <= 31: double rounding adds nothing. 5 * 2^30 / 2^31 = 2.5 -> 3.
  EXPECT_EQ(value(R::TosaDoubleRound, single, 5, kP30, 31), 3);
  // Without scale32 (apply_scale_16) there is no double rounding to force:
  // 3 * 2^14 / 2^17 = 0.375 -> 0 under both.
  const RescaleAttributes s16 = attrs(16, false, 16, false, RoundingMode::Single, false);
  EXPECT_EQ(value(R::TosaDoubleRound, s16, 3, 1 << 14, 17), 0);
  EXPECT_EQ(value(R::TosaSingleRound, s16, 3, 1 << 14, 17), 0);
  // The specification's REQUIREs stay: shift 1.
  EXPECT_NE(violation(R::TosaSingleRound, single, 1, 1, 1).find("apply_scale_32"),
            std::string::npos);
}

TEST(RequantizeTflite, GemmlowpRoundings) {
  // TFLite shift = 31 - s. s = 31: left_shift 0, right_shift 0.
  // SaturatingRoundingDoublingHighMul(1, 2^30): ab = 2^30, + nudge 2^30 =
  // 2^31, / 2^31 = 1. RoundingDivideByPOT(1, 0) = 1.   (0.5 -> 1)
  EXPECT_EQ(value(R::Tflite, kI32ToI8, 1, kP30, 31), 1);
  // ab = -2^30, nudge 1 - 2^30: (-2^31 + 1) / 2^31 truncates to 0. (-0.5 -> 0:
  // VQRDMULH rounds ties toward +inf)
  EXPECT_EQ(value(R::Tflite, kI32ToI8, -1, kP30, 31), 0);
  // -5: (-5*2^30 + 1 - 2^30) / 2^31 = (-3*2^31 + 1) / 2^31 -> -2. (-2.5 -> -2)
  EXPECT_EQ(value(R::Tflite, kI32ToI8, -5, kP30, 31), -2);
  // s = 33: right_shift 2. SRDHM(3, 2^30) = (3*2^30 + 2^30) / 2^31 = 2
  // (1.5 -> 2); RoundingDivideByPOT(2, 2): remainder 2 > threshold 1 -> 0 + 1
  // = 1 (0.5 -> 1, away from zero). Single rounding gives 0.
  EXPECT_EQ(value(R::Tflite, kI32ToI8, 3, kP30, 33), 1);
  // -4 * (2^30 - 1) = -2^32 + 4; + nudge (1 - 2^30) = -2^32 - 2^30 + 5, / 2^31
  // truncates to -2. RoundingDivideByPOT(-2, 2): -2 & 3 = 2, threshold 1 + 1 = 2,
  // not greater: -2 >> 2 = -1. (-0.5 + 2^-31 -> -1; TOSA DOUBLE_ROUND agrees)
  EXPECT_EQ(value(R::Tflite, kI32ToI8, -4, kP30 - 1, 33), -1);
  // RoundingDivideByPOT(-2, 2) is -0.5 -> -1 (away); RDBPOT(2, 2) is 0.5 -> 1.
  // x = -8, m = 2^30, s = 33: SRDHM = (-2^33 + 1 - 2^30) / 2^31 -> -4; /4 = -1.
  EXPECT_EQ(value(R::Tflite, kI32ToI8, -8, kP30, 33), -1);
  // x = -2, m = 2^30, s = 33 (-0.25): SRDHM -1 (-1 exactly), RDBPOT(-1, 2):
  // -1 & 3 = 3 > 1 + 1 -> -1 + 1 = 0.
  EXPECT_EQ(value(R::Tflite, kI32ToI8, -2, kP30, 33), 0);
  // multiplier 2^31 - 1, s = 32, x = 2^31 - 1: SRDHM = ((2^31-1)^2 + 2^30) /
  // 2^31 = (2^62 - 2^32 + 1 + 2^30) / 2^31 = 2^31 - 2 + (2^30 + 1)/2^31 -> 2^31 - 2;
  // RDBPOT(2^31 - 2, 1) = 2^30 - 1 exactly.
  EXPECT_EQ(value(R::Tflite, kI32ToI32, kMax31, kMax31, 32), kP30 - 1);
}

TEST(RequantizeTflite, SaturationAndNegativeMultipliers) {
  // SRDHM(-2^31, -2^31) is the one saturating product: 2^31 - 1. s = 31.
  EXPECT_EQ(value(R::Tflite, kI32ToI32, INT32_MIN, INT32_MIN, 31), kMax31);
  // The same into i8 with output zero point 127: (2^31 - 1) + 127 overflows
  // int32 in Requantize: no value.
  EXPECT_NE(violation(R::Tflite, kI32ToI8, INT32_MIN, INT32_MIN, 31, 0, 127)
                .find("output_zeropoint does not overflow"),
            std::string::npos);
  // Into i8 with zero point 0: clamp to 127.
  EXPECT_EQ(value(R::Tflite, kI32ToI8, INT32_MIN, INT32_MIN, 31), 127);
  // A negative multiplier is computed (no check in the default build):
  // SRDHM(3, -2^30): -3*2^30 + 1 - 2^30 = -2^32 + 1, / 2^31 -> -1. (-1.5 -> -1)
  EXPECT_EQ(value(R::Tflite, kI32ToI8, 3, -kP30, 31), -1);
  // TOSA REQUIREs multiplier >= 0.
  EXPECT_FALSE(violation(R::Tosa, kI32ToI8, 3, -kP30, 31).empty());
}

TEST(RequantizeTflite, Preconditions) {
  // s = 63: right_shift 32 > 31 (gemmlowp's assert).
  EXPECT_EQ(violation(R::Tflite, kI32ToI8, 1, kP30, 63), "gemmlowp::RoundingDivideByPOT: exponent <= 31");
  // s = 62: right_shift 31 is fine. (2^31 - 1) * 2^30 / 2^62 = 0.25 - 2^-33,
  // but the first rounding gives SRDHM = (2^61 - 2^30 + 2^30) / 2^31 = 2^30
  // (2^30 - 1/2 -> 2^30), and RoundingDivideByPOT(2^30, 31) = 0.5 -> 1: double
  // rounding. (TOSA DOUBLE_ROUND: (2^61 - 2^30 + 2^30 + 2^61) >> 62 = 1 too.)
  EXPECT_EQ(value(R::Tflite, kI32ToI8, kMax31, kP30, 62), 1);
  EXPECT_EQ(value(R::TfliteSingleRounding, kI32ToI8, kMax31, kP30, 62), 0);
  // s = 0: left_shift 31, 1 << 31 is no int power of two.
  EXPECT_EQ(violation(R::Tflite, kI32ToI8, 0, kP30, 0),
            "tflite::MultiplyByQuantizedMultiplier: 1 << left_shift fits int (left_shift <= 30)");
  // s = 2: left_shift 29. x = 3: 3 * 2^29 fits; x = 4: 2^31 overflows.
  // SRDHM(3 * 2^29, 1) = (3*2^29 + 2^30) / 2^31 = 5*2^29 / 2^31 -> 1 (0.75 -> 1).
  EXPECT_EQ(value(R::Tflite, kI32ToI8, 3, 1, 2), 1);
  EXPECT_EQ(violation(R::Tflite, kI32ToI8, 4, 1, 2),
            "tflite::MultiplyByQuantizedMultiplier: x * (1 << left_shift) does not overflow int32_t");
  // -4 * 2^29 = -2^31 fits: SRDHM(-2^31, 1) = (-2^31 + 1 - 2^30) / 2^31 -> -1.
  EXPECT_EQ(value(R::Tflite, kI32ToI8, -4, 1, 2), -1);
}

TEST(RequantizeTflite, Int64OverloadWithoutScale32) {
  const RescaleAttributes a = attrs(48, false, 32, false, RoundingMode::Single, false);
  // TFLite gets (2^14 << 16, 15 - 30 = -15); reduced multiplier 2^14;
  // total_shift 30: (2^40 * 2^14 + 2^29) >> 30 = 2^24.
  EXPECT_EQ(value(R::Tflite, a, int64_t(1) << 40, 1 << 14, 30), 1 << 24);
  EXPECT_EQ(value(R::TfliteSingleRounding, a, int64_t(1) << 40, 1 << 14, 30), 1 << 24);
  // One rounding, half up: (-5 * 2^14 + 2^14) >> 15 = -2 (-2.5 -> -2).
  EXPECT_EQ(value(R::Tflite, a, -5, 1 << 14, 15), -2);
  // shift = 15 - s must lie in [-31, 8): s = 7 gives 8, s = 47 gives -32.
  EXPECT_EQ(violation(R::Tflite, a, 1, 1 << 14, 7),
            "tflite::MultiplyByQuantizedMultiplier(int64_t) (assert): shift >= -31 && shift < 8");
  EXPECT_EQ(violation(R::TfliteSingleRounding, a, 1, 1 << 14, 47),
            "tflite::MultiplyByQuantizedMultiplier(int64_t) (TFLITE_DCHECK): shift >= -31 && shift < 8");
  EXPECT_EQ(value(R::Tflite, a, 1, 1 << 14, 8), 64);   // 2^14 / 2^8
  EXPECT_EQ(value(R::Tflite, a, 1, 1 << 14, 46), 0);   // 2^-32
  // Negative 16-bit multiplier: quantized_multiplier < 0.
  EXPECT_EQ(violation(R::Tflite, a, 1, -1, 20),
            "tflite::MultiplyByQuantizedMultiplier(int64_t) (assert): quantized_multiplier >= 0");
  // Result beyond int32: (2^47 - 1) * 32767 / 2^8 ~ 2^53.
  EXPECT_EQ(violation(R::Tflite, a, (int64_t(1) << 47) - 1, 32767, 8),
            "tflite::MultiplyByQuantizedMultiplier(int64_t) (assert): scaling is chosen so final "
            "scaled result fits in int32_t");
}

TEST(RequantizeTfliteSingleRounding, OneRoundingHalfUp) {
  // total_shift = 31 - (31 - s) = s; (x * m + 2^(s-1)) >> s.
  EXPECT_EQ(value(R::TfliteSingleRounding, kI32ToI8, 1, kP30, 31), 1);   // 0.5 -> 1
  EXPECT_EQ(value(R::TfliteSingleRounding, kI32ToI8, -1, kP30, 31), 0);  // -0.5 -> 0
  EXPECT_EQ(value(R::TfliteSingleRounding, kI32ToI8, -5, kP30, 31), -2); // -2.5 -> -2
  EXPECT_EQ(value(R::TfliteSingleRounding, kI32ToI8, 3, kP30, 33), 0);   // 0.375 -> 0
  // s = 1 (TFLite shift 30) is allowed: (3 * 1 + 1) >> 1 = 2; TOSA needs s >= 2.
  EXPECT_EQ(value(R::TfliteSingleRounding, kI32ToI8, 3, 1, 1), 2);
  EXPECT_FALSE(violation(R::Tosa, kI32ToI8, 3, 1, 1).empty());
  // |x| >= 2^(s-1) is fine while the result fits: (200 + 2) >> 2 = 50.
  EXPECT_EQ(value(R::TfliteSingleRounding, kI32ToI8, 200, 1, 2), 50);
  // DCHECKs.
  EXPECT_EQ(violation(R::TfliteSingleRounding, kI32ToI8, 3, 1, 0),
            "tflite::MultiplyByQuantizedMultiplier (TFLITE_DCHECK): shift >= -31 && shift <= 30");
  EXPECT_EQ(violation(R::TfliteSingleRounding, kI32ToI8, 3, -1, 31),
            "tflite::MultiplyByQuantizedMultiplier (TFLITE_DCHECK): quantized_multiplier >= 0");
  // ((2^31 - 1)^2 + 1) >> 1 ~ 2^61: the result DCHECK.
  EXPECT_NE(violation(R::TfliteSingleRounding, kI32ToI8, kMax31, kMax31, 1).find("result >="),
            std::string::npos);
  // s = 63 is TFLite shift -32.
  EXPECT_FALSE(violation(R::TfliteSingleRounding, kI32ToI8, 3, 1, 63).empty());
}

TEST(RequantizeTvm, UpwardAndToNearest) {
  // m = 2^30, s = 31: real 0.5 = 0.5 * 2^0 -> fixed_point_multiplier 2^30,
  // shift 0; total_right_shift 31. UPWARD adds 2^30: x = -1: (-2^30 + 2^30) >> 31 = 0.
  // TONEAREST adds 2^30 - 1 to a negative product: (-1) >> 31 = -1.
  EXPECT_EQ(value(R::TvmUpward, kI32ToI8, 1, kP30, 31), 1);
  EXPECT_EQ(value(R::TvmUpward, kI32ToI8, -1, kP30, 31), 0);
  EXPECT_EQ(value(R::TvmToNearest, kI32ToI8, 1, kP30, 31), 1);
  EXPECT_EQ(value(R::TvmToNearest, kI32ToI8, -1, kP30, 31), -1);
  // -2.5: UPWARD (-5*2^30 + 2^30) >> 31 = -2; TONEAREST (-5*2^30 + 2^30 - 1) >> 31 = -3.
  EXPECT_EQ(value(R::TvmUpward, kI32ToI8, -5, kP30, 31), -2);
  EXPECT_EQ(value(R::TvmToNearest, kI32ToI8, -5, kP30, 31), -3);
  // -0.375 rounds to 0 under both (no tie).
  EXPECT_EQ(value(R::TvmToNearest, kI32ToI8, -3, kP30, 33), 0);
  // A non-normalized multiplier is normalized first: m = 3, s = 3 (0.375 =
  // 0.75 * 2^-1): fixed_point_multiplier 3 * 2^29, shift -1; x = 4: 1.5 -> 2.
  EXPECT_EQ(value(R::TvmUpward, kI32ToI8, 4, 3, 3), 2);
  // A negative multiplier: real -1.5 * ... m = -2^30, s = 31, x = 3: -1.5.
  EXPECT_EQ(value(R::TvmUpward, kI32ToI8, 3, -kP30, 31), -1);
  EXPECT_EQ(value(R::TvmToNearest, kI32ToI8, 3, -kP30, 31), -2);
  // Output zero point 128 into u8: -0.5 -> 0 (+128) / -1 (+128).
  const RescaleAttributes u8 = attrs(32, false, 8, true);
  EXPECT_EQ(value(R::TvmUpward, u8, -1, kP30, 31, 0, 128), 128);
  EXPECT_EQ(value(R::TvmToNearest, u8, -1, kP30, 31, 0, 128), 127);
}

TEST(RequantizeTvm, Int32CastsWrap) {
  // m = 2^30, s = 28: real 4 = 0.5 * 2^3 -> (2^30, 3): left_shift 3.
  // x = 2^29: (2^29 << 3) * 2^30 = 2^62; + 2^30; >> 31 = 2^31, cast to int32:
  // -2^31; int32 output: no clip. (TOSA: |x| >= 2^27, no value.)
  EXPECT_EQ(value(R::TvmUpward, kI32ToI32, int64_t(1) << 29, kP30, 28), INT32_MIN);
  EXPECT_FALSE(violation(R::Tosa, kI32ToI32, int64_t(1) << 29, kP30, 28).empty());
  // Into i8 with zero point -1: -2^31 + -1 overflows int32 (nsw add).
  EXPECT_NE(violation(R::TvmUpward, kI32ToI8, int64_t(1) << 29, kP30, 28, 0, -1)
                .find("output_zero_point + scaled_int32_t does not overflow"),
            std::string::npos);
  // x = 2^30: 2^33 * 2^30 = 2^63 does not fit int64.
  EXPECT_NE(violation(R::TvmUpward, kI32ToI32, kP30, kP30, 28).find("fits int64"), std::string::npos);
  // An i48 input is an int64 tensor cast to int32: 2^40 + 2^20 -> 2^20;
  // m = 2^14, s = 30: 2^20 * 2^-16 = 16 (TOSA: 2^24 + 16).
  const RescaleAttributes a = attrs(48, false, 32, false, RoundingMode::Single, false);
  EXPECT_EQ(value(R::TvmUpward, a, (int64_t(1) << 40) + (1 << 20), 1 << 14, 30), 16);
  EXPECT_EQ(value(R::Tosa, a, (int64_t(1) << 40) + (1 << 20), 1 << 14, 30), (1 << 24) + 16);
}

TEST(RequantizeTvm, Preconditions) {
  // m = 1, s = 40: real 2^-40 = 0.5 * 2^-39: total_right_shift 39 + 31 = 70.
  EXPECT_NE(violation(R::TvmUpward, kI32ToI8, 5, 1, 40).find("total_right_shift <= 63"),
            std::string::npos);
  EXPECT_NE(violation(R::TvmToNearest, kI32ToI8, 5, 1, 40).find("total_right_shift <= 63"),
            std::string::npos);
  // m = 2^30, s = 63 (0.5 * 2^-32): total 63 is the largest: 2^31 * 2^30 / 2^63 = 0.25 -> 0.
  EXPECT_EQ(value(R::TvmUpward, kI32ToI8, INT32_MIN, kP30, 63), 0);
  // RequantizeRel's dtypes: no uint16 input or output, no int4.
  EXPECT_FALSE(violation(R::TvmUpward, attrs(16, true, 8, false), 1, kP30, 31).empty());
  EXPECT_FALSE(violation(R::TvmUpward, attrs(8, false, 16, true), 1, kP30, 31).empty());
  EXPECT_FALSE(violation(R::TvmToNearest, attrs(4, false, 8, false), 1, kP30, 31).empty());
  EXPECT_EQ(value(R::TvmUpward, attrs(8, true, 16, false), 255, kP30, 30), 255);
}

TEST(RequantizeFloatRecipes, TiesToEvenAfterTheFloatProduct) {
  // value * 0.5 exactly: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, -2.5 -> -2, -0.5 -> -0.
  for (R r : {R::OnnxruntimeMlas, R::XnnpackFp32, R::Fbgemm, R::Pytorch}) {
    SCOPED_TRACE(std::string(recipeName(r)));
    EXPECT_EQ(value(r, kI32ToI8, 1, kP30, 31), 0);
    EXPECT_EQ(value(r, kI32ToI8, 3, kP30, 31), 2);
    EXPECT_EQ(value(r, kI32ToI8, 5, kP30, 31), 2);
    EXPECT_EQ(value(r, kI32ToI8, -5, kP30, 31), -2);
    EXPECT_EQ(value(r, kI32ToI8, -1, kP30, 31), 0);
    // The zero point is added after rounding: 2.5 -> 2, + 10.
    EXPECT_EQ(value(r, kI32ToI8, 5, kP30, 31, 0, 10), 12);
    // u8 with zero point 128: -0.5 -> -0 -> 128.
    EXPECT_EQ(value(r, attrs(32, false, 8, true), -1, kP30, 31, 0, 128), 128);
    // Saturation: 1000 * 1.0 -> 127, -1000 -> -128.
    EXPECT_EQ(value(r, kI32ToI8, 1000, kP30, 30), 127);
    EXPECT_EQ(value(r, kI32ToI8, -1000, kP30, 30), -128);
    // f32(real): (2^30 + 1) * 2^-31 = 0.5 + 2^-31 is 0.5 in f32 (PyTorch's
    // double keeps it, but f32(5 * (0.5 + 2^-31)) = f32(2.5 + 5*2^-31) = 2.5
    // as well: ulp(2.5) = 2^-22). 2.5 -> 2; the fixed-point recipes give 3.
    EXPECT_EQ(value(r, kI32ToI8, 5, kP30 + 1, 31), 2);
    // f32(5 * 2^24 + 1) = 5 * 2^24 (ulp 8): times 2^-25 = 2.5 -> 2 (exactly
    // 2.5 + 2^-25, which the fixed-point recipes round to 3). PyTorch's
    // double product keeps 2.5 + 2^-25, then f32 drops it (ulp 2^-22): 2.
    EXPECT_EQ(value(r, kI32ToI8, 5 * (int64_t(1) << 24) + 1, kP30, 55), 2);
  }
  EXPECT_EQ(value(R::TosaSingleRound, kI32ToI8, 5, kP30 + 1, 31), 3);
  EXPECT_EQ(value(R::TosaSingleRound, kI32ToI8, 5 * (int64_t(1) << 24) + 1, kP30, 55), 3);
}

TEST(RequantizeFloatRecipes, ProductRoundings) {
  // 513 * 1783290571 / 2^33 = 106.50000336...: f32(f32(513) * f32(real))
  // stays above the tie (107), PyTorch's f64 product rounds to f32 106.5
  // (ulp 2^-17 > 2 * 3.4e-6) and then to even: 106.
  EXPECT_EQ(value(R::Fbgemm, kI32ToI8, 513, 1783290571, 33), 107);
  EXPECT_EQ(value(R::OnnxruntimeMlas, kI32ToI8, 513, 1783290571, 33), 107);
  EXPECT_EQ(value(R::Pytorch, kI32ToI8, 513, 1783290571, 33), 106);
  EXPECT_EQ(value(R::TosaSingleRound, kI32ToI8, 513, 1783290571, 33), 107);
  // 2530 * 1242654531 / 2^35 = 91.4999971...: both float products land on
  // 91.5 -> 92; one exact rounding gives 91.
  EXPECT_EQ(value(R::Fbgemm, kI32ToI8, 2530, 1242654531, 35), 92);
  EXPECT_EQ(value(R::Pytorch, kI32ToI8, 2530, 1242654531, 35), 92);
  EXPECT_EQ(value(R::TosaSingleRound, kI32ToI8, 2530, 1242654531, 35), 91);
  // i32 -> i32, multiplier 2^31 - 1, s = 32, x = 2^31 - 1: f32(x) = 2^31,
  // f32(real) = f32(0.5 - 2^-32) = 0.5: 2^30. Exact: 2^30 - 1 + 2^-32 -> 2^30 - 1.
  EXPECT_EQ(value(R::Fbgemm, kI32ToI32, kMax31, kMax31, 32), kP30);
  EXPECT_EQ(value(R::Pytorch, kI32ToI32, kMax31, kMax31, 32), kP30);
  // FBGEMM clamps the long: x = -2^31, real -1: 2^31 -> 2^31 - 1 (int32 out).
  EXPECT_EQ(value(R::Fbgemm, kI32ToI32, INT32_MIN, INT32_MIN, 31), kMax31);
}

TEST(RequantizeFloatRecipes, MlasClampsBeforeRounding) {
  // m = 2^30, s = -100: real 2^130 is +inf in f32. x = 1: +inf, min_ps -> 127.
  // x = -1: -inf, max_ps -> -128. x = 0: 0 * inf = NaN; _mm_max_ps(NaN, -128)
  // returns the second operand: -128.
  EXPECT_EQ(value(R::OnnxruntimeMlas, kI32ToI8, 1, kP30, -100), 127);
  EXPECT_EQ(value(R::OnnxruntimeMlas, kI32ToI8, -1, kP30, -100), -128);
  EXPECT_EQ(value(R::OnnxruntimeMlas, kI32ToI8, 0, kP30, -100), -128);
  // FBGEMM and PyTorch give no value there (lrintf of inf / NaN).
  EXPECT_NE(violation(R::Fbgemm, kI32ToI8, 1, kP30, -100).find("lrintf"), std::string::npos);
  EXPECT_NE(violation(R::Fbgemm, kI32ToI8, 0, kP30, -100).find("lrintf"), std::string::npos);
  // PyTorch's double real 2^130 is finite; f32(2^130) is inf.
  EXPECT_NE(violation(R::Pytorch, kI32ToI8, 1, kP30, -100).find("lrintf"), std::string::npos);
  // x = 2^31 - 1, real 2^33 (m = 2^30, s = -3): 2^64 is beyond long.
  EXPECT_NE(violation(R::Fbgemm, kI32ToI8, kMax31, kP30, -3).find("lrintf"), std::string::npos);
  // But 2^31 * 2^30 = 2^61 is fine: clamped to 127.
  EXPECT_EQ(value(R::Fbgemm, kI32ToI8, kMax31, kP30, 0), 127);
}

TEST(RequantizeFloatRecipes, Preconditions) {
  const RescaleAttributes i16 = attrs(32, false, 16, false);
  const RescaleAttributes u16 = attrs(32, false, 16, true);
  EXPECT_EQ(violation(R::OnnxruntimeMlas, i16, 5, kP30, 31),
            "MlasRequantizeOutput: OutputType is int8_t or uint8_t (its only instantiations)");
  EXPECT_FALSE(violation(R::XnnpackFp32, i16, 5, kP30, 31).empty());
  EXPECT_FALSE(violation(R::Pytorch, i16, 5, kP30, 31).empty());
  EXPECT_FALSE(violation(R::Pytorch, u16, 5, kP30, 31).empty());
  EXPECT_EQ(value(R::Pytorch, kI32ToI32, 5, kP30, 31), 2);
  EXPECT_EQ(value(R::Fbgemm, i16, 5, kP30, 31), 2);
  EXPECT_EQ(value(R::Fbgemm, u16, 70001, kP30, 30), 65535);
  // A 48-bit input is no int32 for MLAS, XNNPACK and FBGEMM; PyTorch's src is int64.
  const RescaleAttributes i48 = attrs(48, false, 8, false, RoundingMode::Single, false);
  const int64_t big = int64_t(1) << 40;
  EXPECT_FALSE(violation(R::OnnxruntimeMlas, i48, big, 1, 40).empty());
  EXPECT_FALSE(violation(R::XnnpackFp32, i48, big, 1, 40).empty());
  EXPECT_EQ(violation(R::Fbgemm, i48, big, 1, 40), "fbgemm::Requantize: src is a std::int32_t");
  EXPECT_EQ(value(R::Pytorch, i48, big + 5, 3, 41), 2); // (2^40 + 5) * 3 / 2^41 = 1.5000... -> 2
  // XNNPACK's asserts on the f32 scale: 2^-32 <= scale < 256.
  EXPECT_EQ(violation(R::XnnpackFp32, kI32ToI8, 5, 1, 33),
            "xnn_init_qs8_conv_minmax_fp32_scalar_fmagic_params (assert): scale >= 0x1.0p-32f");
  EXPECT_EQ(value(R::XnnpackFp32, kI32ToI8, 5, 1, 32), 0);
  EXPECT_EQ(violation(R::XnnpackFp32, kI32ToI8, 5, kP30, 22),
            "xnn_init_qs8_conv_minmax_fp32_scalar_fmagic_params (assert): scale < 256.0f");
  // (2^31 - 1) * 2^-23 = 256 - 2^-23 < 256, but f32 rounds it to 256.
  EXPECT_FALSE(violation(R::XnnpackFp32, kI32ToI8, 0, kMax31, 23).empty());
  EXPECT_EQ(value(R::OnnxruntimeMlas, kI32ToI8, 0, kMax31, 23), 0);
  // 255 * 2^-... just below: m = 2^30 - 64 (f32-exact), s = 22: 256 - 2^-16.
  EXPECT_EQ(value(R::XnnpackFp32, kI32ToI8, 0, kP30 - 64, 22), 0);
  // A negative scale fails XNNPACK's first assert; MLAS computes it: -1.5 -> -2.
  EXPECT_FALSE(violation(R::XnnpackFp32, kI32ToI8, 3, -kP30, 31).empty());
  EXPECT_EQ(value(R::OnnxruntimeMlas, kI32ToI8, 3, -kP30, 31), -2);
}

//===----------------------------------------------------------------------===//
// 2. Fixed-point recipes against exact rounding
//===----------------------------------------------------------------------===//

using i128 = __int128;

i128 pow2(int k) { return static_cast<i128>(1) << k; }

i128 floorDiv(i128 a, i128 b) {
  i128 q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return q;
}

/// The n with n - 1/2 <= p / 2^s < n + 1/2 (ties toward +inf), s >= 0.
i128 halfUp(i128 p, int s) {
  const i128 n = floorDiv(2 * p + pow2(s), pow2(s + 1));
  // Check the defining inequality: 2n - 1 <= 2p / 2^s < 2n + 1.
  EXPECT_TRUE((2 * n - 1) * pow2(s) <= 2 * p && 2 * p < (2 * n + 1) * pow2(s));
  return n;
}

/// Ties away from zero: halfUp of the magnitude, with the sign.
i128 halfAway(i128 p, int s) { return p < 0 ? -halfUp(-p, s) : halfUp(p, s); }

bool inInt32(i128 v) { return v >= INT32_MIN && v <= INT32_MAX; }
bool inInt64(i128 v) { return v >= INT64_MIN && v <= INT64_MAX; }

struct Element {
  RescaleAttributes a;
  int64_t input = 0, inZp = 0, outZp = 0, m = 0;
  int s = 0;
  int64_t lo() const {
    return a.outputUnsigned ? 0 : -(int64_t(1) << (a.outputWidth - 1));
  }
  int64_t hi() const {
    return a.outputUnsigned ? (int64_t(1) << a.outputWidth) - 1
                            : (int64_t(1) << (a.outputWidth - 1)) - 1;
  }
  int64_t value() const { return input - inZp; }
};

/// The expected output, or nullopt where the framework defines none.
using Expected = std::optional<int64_t>;

Expected finishInt32(const Element &e, i128 scaled) {
  const i128 sum = scaled + e.outZp;
  if (!inInt32(sum))
    return std::nullopt;
  return static_cast<int64_t>(std::min<i128>(std::max<i128>(sum, e.lo()), e.hi()));
}

/// [requant.tosa-single-round] / [requant.tosa-double-round]: TOSA's
/// domain, one rounding half up, or for double rounding with scale32 and
/// s > 31 the two stages of gemmlowp: to 2^-31 half up, then half away.
Expected oracleTosa(const Element &e, bool doubleRound) {
  const int64_t v = e.value();
  if (e.m < 0 || e.s < 2 || e.s > 62)
    return std::nullopt;
  i128 r;
  if (e.a.scale32) {
    if (!inInt32(v) || v < -(int64_t(1) << (e.s - 1)) || v >= (int64_t(1) << (e.s - 1)))
      return std::nullopt;
    const i128 p = static_cast<i128>(v) * e.m;
    r = doubleRound && e.s > 31 ? halfAway(halfUp(p, 31), e.s - 31) : halfUp(p, e.s);
  } else {
    r = halfUp(static_cast<i128>(v) * e.m, e.s);
    if (!inInt32(r))
      return std::nullopt;
  }
  return finishInt32(e, r);
}

/// The int64 overload: TFLite shift 15 - s in [-31, 8), multiplier >= 0,
/// |x| < 2^47, one rounding half up with the 16-bit multiplier itself.
Expected oracleTfliteInt64(const Element &e) {
  const int tfl = 15 - e.s;
  const int64_t v = e.value();
  if (e.m < 0 || tfl < -31 || tfl >= 8 || v < -(int64_t(1) << 47) || v >= (int64_t(1) << 47))
    return std::nullopt;
  const i128 r = halfUp(static_cast<i128>(v) * e.m, e.s);
  if (!inInt32(r))
    return std::nullopt;
  return finishInt32(e, r);
}

/// [requant.tflite]: SaturatingRoundingDoublingHighMul is round(a*b/2^31)
/// half up (VQRDMULH), saturating only -2^31 * -2^31; RoundingDivideByPOT
/// rounds half away from zero.
Expected oracleTflite(const Element &e) {
  if (!e.a.scale32)
    return oracleTfliteInt64(e);
  const int64_t v = e.value();
  if (!inInt32(v))
    return std::nullopt;
  const int tfl = 31 - e.s;
  const int left = std::max(tfl, 0), right = std::max(-tfl, 0);
  if (right > 31 || left > 30)
    return std::nullopt;
  const i128 a = static_cast<i128>(v) * pow2(left);
  if (!inInt32(a))
    return std::nullopt;
  const i128 high = (a == INT32_MIN && e.m == INT32_MIN) ? i128(INT32_MAX) : halfUp(a * e.m, 31);
  return finishInt32(e, halfAway(high, right));
}

/// [requant.tflite-single-rounding].
Expected oracleTfliteSingle(const Element &e) {
  if (!e.a.scale32)
    return oracleTfliteInt64(e);
  const int64_t v = e.value();
  const int tfl = 31 - e.s;
  if (!inInt32(v) || e.m < 0 || tfl < -31 || tfl > 30)
    return std::nullopt;
  const i128 r = halfUp(static_cast<i128>(v) * e.m, e.s);
  if (!inInt32(r))
    return std::nullopt;
  return finishInt32(e, r);
}

/// [requant.tvm-upward] / [requant.tvm-tonearest], the multiplier derived
/// with the host's frexp and round as GetFixedPointMultiplierShift does.
Expected oracleTvm(const Element &e, bool toNearest) {
  const RescaleAttributes &a = e.a;
  const bool inOk = a.inputWidth == 8 || (!a.inputUnsigned && (a.inputWidth == 16 ||
                                                               a.inputWidth == 32 ||
                                                               a.inputWidth == 48));
  const bool outOk = a.outputWidth == 8 ||
                     (!a.outputUnsigned && (a.outputWidth == 16 || a.outputWidth == 32));
  if (!inOk || !outOk)
    return std::nullopt;
  const int32_t cast = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(e.input)));
  const i128 x = static_cast<i128>(cast) - e.inZp;
  if (!inInt32(x))
    return std::nullopt;
  int64_t fixed = 0;
  int exponent = 0;
  const double real = std::ldexp(static_cast<double>(e.m), -e.s);
  if (real != 0.0) {
    const double significand = std::frexp(real, &exponent);
    fixed = static_cast<int64_t>(std::round(significand * 2147483648.0));
    if (fixed == (int64_t(1) << 31)) {
      fixed /= 2;
      ++exponent;
    }
  }
  const int left = std::max(exponent, 0), right = std::max(-exponent, 0);
  const int total = right + 31;
  if (left >= 64 || total > 63)
    return std::nullopt;
  const i128 p = x * pow2(left) * fixed;
  if (!inInt64(p))
    return std::nullopt;
  const i128 addend = (toNearest && p < 0) ? pow2(total - 1) - 1 : pow2(total - 1);
  if (!inInt64(p + addend))
    return std::nullopt;
  const i128 r = toNearest ? halfAway(p, total) : halfUp(p, total);
  const int32_t scaled = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(r)));
  const i128 sum = static_cast<i128>(scaled) + e.outZp;
  if (!inInt32(sum))
    return std::nullopt;
  if (a.outputWidth == 32)
    return static_cast<int64_t>(sum);
  return static_cast<int64_t>(std::min<i128>(std::max<i128>(sum, e.lo()), e.hi()));
}

/// A random element whose op passes checkRescale: every width of the
/// specification's table, both signednesses where legal, zero points at
/// random; multipliers normalized, small, 0, 2^31 - 1, -2^31, negative;
/// shifts mostly 2..62, sometimes outside; values that are exact ties, at
/// the +-2^(s-1) edges, near the type's extremes, or random.
Element draw(SplitMix64 &r) {
  struct Side {
    unsigned width;
    bool isUnsigned;
  };
  static const Side ins[] = {{8, false}, {8, true}, {16, false}, {16, true}, {32, false}, {48, false}};
  static const Side outs[] = {{8, false}, {8, true}, {16, false}, {16, true}, {32, false}};
  for (;;) {
    Element e;
    const Side in = ins[r.below(6)], out = outs[r.below(5)];
    e.a.inputWidth = in.width;
    e.a.inputUnsigned = in.isUnsigned;
    e.a.outputWidth = out.width;
    e.a.outputUnsigned = out.isUnsigned;
    e.a.scale32 = in.width != 48 && !r.chance(5);
    const int mode = static_cast<int>(r.below(3));
    e.a.roundingMode = mode == 0 ? RoundingMode::Single
                                 : mode == 1 ? RoundingMode::Inexact : RoundingMode::Double;
    if (!e.a.scale32 && e.a.roundingMode == RoundingMode::Double)
      e.a.roundingMode = RoundingMode::Single;
    auto zeroPoint = [&](Side side) -> int64_t {
      if (side.width == 8)
        return side.isUnsigned ? r.range(0, 255) : r.range(-128, 127);
      if (side.width == 16 && side.isUnsigned)
        return r.chance(2) ? 32768 : 0;
      return 0;
    };
    e.inZp = zeroPoint(in);
    e.outZp = zeroPoint(out);
    if (checkRescale(e.a, low(e.inZp, in.width), low(e.outZp, out.width), 1))
      continue;
    // Multiplier.
    const int64_t mmax = e.a.scale32 ? kMax31 : 32767, mmin = e.a.scale32 ? INT32_MIN : -32768;
    switch (r.below(8)) {
    case 0: e.m = r.range(0, 1000); break;
    case 1: e.m = mmax; break;
    case 2: e.m = e.a.scale32 ? kP30 : 16384; break;
    case 3: e.m = r.chance(2) ? mmin : r.range(mmin, -1); break;
    case 4: e.m = r.range(0, mmax); break;
    default: e.m = r.range((mmax + 1) / 2, mmax); break;
    }
    // Shift.
    static const int edges[] = {-128, -3, -1, 0, 1, 63, 64, 70, 100, 127};
    e.s = r.chance(12) ? edges[r.below(10)] : r.chance(3) ? static_cast<int>(r.range(29, 40))
                                                           : static_cast<int>(r.range(2, 62));
    // Value (input - input_zp), then the input.
    const int64_t inLo = in.isUnsigned ? 0 : -(int64_t(1) << (in.width - 1));
    const int64_t inHi = in.isUnsigned ? (int64_t(1) << in.width) - 1 : (int64_t(1) << (in.width - 1)) - 1;
    int64_t v = 0;
    const uint64_t kind = r.below(5);
    if (kind == 0 && e.s >= 1 && e.m != 0) {
      // An exact tie: m = odd * 2^j, v = (2k+1) * 2^(s-1-j).
      int64_t odd = e.m;
      int j = 0;
      while (odd % 2 == 0) {
        odd /= 2;
        ++j;
      }
      const int k = e.s - 1 - j;
      v = k >= 0 && k < 50 ? (2 * r.range(-200, 200) + 1) * (int64_t(1) << k) : r.range(-1000, 1000);
    } else if (kind == 1 && e.s >= 1 && e.s <= 50) {
      const int64_t half = int64_t(1) << (e.s - 1);
      const int64_t choices[] = {-half, -half - 1, half - 1, half, -half + 1};
      v = choices[r.below(5)];
    } else if (kind == 2) {
      v = r.chance(2) ? inLo - e.inZp + static_cast<int64_t>(r.below(3))
                      : inHi - e.inZp - static_cast<int64_t>(r.below(3));
    } else {
      const int bits = static_cast<int>(r.range(0, in.width));
      v = bits == 0 ? 0 : r.range(-(int64_t(1) << (bits - 1)), (int64_t(1) << (bits - 1)));
    }
    e.input = v + e.inZp;
    if (e.input < inLo || e.input > inHi)
      e.input = r.range(inLo, inHi);
    return e;
  }
}

void expectMatches(R recipe, const Element &e, const Expected &expected, int64_t &defined) {
  const RescaledElement got = requantizeElement(recipe, e.a, low(e.input, e.a.inputWidth), e.m,
                                                static_cast<int8_t>(e.s),
                                                low(e.inZp, e.a.inputWidth),
                                                low(e.outZp, e.a.outputWidth));
  const auto describe = [&] {
    std::ostringstream os;
    os << recipeName(recipe) << ": in " << (e.a.inputUnsigned ? "u" : "i") << e.a.inputWidth
       << " out " << (e.a.outputUnsigned ? "u" : "i") << e.a.outputWidth << " scale32 "
       << e.a.scale32 << " mode " << roundingModeName(e.a.roundingMode) << " input " << e.input
       << " in_zp " << e.inZp << " out_zp " << e.outZp << " m " << e.m << " s " << e.s
       << (got.violation ? " got " + got.violation->message() : " got " + std::to_string(got.value));
    return os.str();
  };
  if (!expected) {
    ASSERT_TRUE(got.violation) << describe() << "; expected no value";
    return;
  }
  ASSERT_FALSE(got.violation) << describe() << "; expected " << *expected;
  ASSERT_EQ(got.value, *expected) << describe();
  ASSERT_EQ(got.bits, low(*expected, e.a.outputWidth)) << describe();
  ++defined;
}

TEST(RequantizeFixedPoint, MatchesExactRoundingOnRandomElements) {
  SplitMix64 r(20240611);
  const int count = int(2000000 / fast::test::kSanitizedThinning);
  int64_t defined[6] = {};
  int64_t tfliteEqualsDouble = 0, singleEqualsTosa = 0, tvmEqualsTosa = 0;
  // Elements that separate recipes (both give a value, different ones).
  int64_t singleVsDouble = 0, upwardVsNearest = 0, tfliteVsTfliteSingle = 0;
  for (int i = 0; i < count; ++i) {
    const Element e = draw(r);
    const Expected tosaSingle = oracleTosa(e, false);
    const Expected tosaDouble = oracleTosa(e, e.a.scale32);
    const Expected tflite = oracleTflite(e);
    const Expected tfliteSingle = oracleTfliteSingle(e);
    const Expected upward = oracleTvm(e, false);
    const Expected nearest = oracleTvm(e, true);
    expectMatches(R::TosaSingleRound, e, tosaSingle, defined[0]);
    expectMatches(R::TosaDoubleRound, e, tosaDouble, defined[1]);
    expectMatches(R::Tflite, e, tflite, defined[2]);
    expectMatches(R::TfliteSingleRounding, e, tfliteSingle, defined[3]);
    expectMatches(R::TvmUpward, e, upward, defined[4]);
    expectMatches(R::TvmToNearest, e, nearest, defined[5]);
    if (HasFatalFailure())
      return;
    // The facts of spec/requantize.md: on TOSA's domain (a value under the
    // tosa recipes), tflite = tosa-double-round, and tflite-single-rounding
    // and tvm-upward (32-bit inputs) = tosa-single-round.
    singleVsDouble += tosaSingle && tosaDouble && *tosaSingle != *tosaDouble;
    upwardVsNearest += upward && nearest && *upward != *nearest;
    tfliteVsTfliteSingle += tflite && tfliteSingle && *tflite != *tfliteSingle;
    if (!e.a.scale32)
      continue;
    if (tosaDouble) {
      ASSERT_EQ(tflite, tosaDouble) << "m " << e.m << " s " << e.s << " input " << e.input;
      ++tfliteEqualsDouble;
    }
    if (tosaSingle) {
      ASSERT_EQ(tfliteSingle, tosaSingle);
      ++singleEqualsTosa;
      if (upward && e.a.inputWidth <= 32) {
        ASSERT_EQ(upward, tosaSingle);
        ++tvmEqualsTosa;
      }
    }
  }
  // The generator must reach both sides of every recipe.
  for (int64_t d : defined) {
    EXPECT_GT(d, count / 10);
    EXPECT_LT(d, count - count / 20);
  }
  EXPECT_GT(tfliteEqualsDouble, count / 4);
  EXPECT_GT(singleEqualsTosa, count / 4);
  EXPECT_GT(tvmEqualsTosa, count / 5);
  EXPECT_GT(singleVsDouble, count / 200) << singleVsDouble;
  EXPECT_GT(upwardVsNearest, count / 200) << upwardVsNearest;
  EXPECT_GT(tfliteVsTfliteSingle, count / 200) << tfliteVsTfliteSingle;
  std::printf("defined: %lld %lld %lld %lld %lld %lld; separating: single/double %lld, "
              "upward/nearest %lld, tflite/single %lld\n",
              (long long)defined[0], (long long)defined[1], (long long)defined[2],
              (long long)defined[3], (long long)defined[4], (long long)defined[5],
              (long long)singleVsDouble, (long long)upwardVsNearest,
              (long long)tfliteVsTfliteSingle);
}

TEST(RequantizeFixedPoint, EqualityFactsOnEveryTieNearZero) {
  // Every x in [-2^12, 2^12] for ties and near-ties at s = 31..40.
  for (int s = 31; s <= 40; ++s)
    for (int64_t m : {kP30, kP30 - 1, kP30 + 1, 3 * (kP30 / 2), kMax31})
      for (int64_t x = -4096; x <= 4096; ++x) {
        Element e;
        e.a = kI32ToI32;
        e.input = x;
        e.m = m;
        e.s = s;
        const RescaledElement single = run(R::TosaSingleRound, e.a, x, m, s);
        const RescaledElement twice = run(R::TosaDoubleRound, e.a, x, m, s);
        ASSERT_EQ(run(R::Tflite, e.a, x, m, s).value, twice.value) << x << " " << m << " " << s;
        ASSERT_EQ(run(R::TfliteSingleRounding, e.a, x, m, s).value, single.value);
        ASSERT_EQ(run(R::TvmUpward, e.a, x, m, s).value, single.value);
        ASSERT_EQ(*oracleTosa(e, false), single.value);
        ASSERT_EQ(*oracleTosa(e, true), twice.value);
      }
}

//===----------------------------------------------------------------------===//
// 3. Float recipes against host float code
//===----------------------------------------------------------------------===//

uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

/// The f32 real multiplier: the exact double multiplier * 2^-shift, rounded once.
float hostScale(int64_t m, int s) { return static_cast<float>(std::ldexp(static_cast<double>(m), -s)); }

struct FloatElement {
  RescaleAttributes a;
  int64_t input = 0, outZp = 0, m = 0;
  int s = 0;
  int64_t lo() const { return a.outputUnsigned ? 0 : -(int64_t(1) << (a.outputWidth - 1)); }
  int64_t hi() const {
    return a.outputUnsigned ? (int64_t(1) << a.outputWidth) - 1 : (int64_t(1) << (a.outputWidth - 1)) - 1;
  }
};

#if defined(__SSE2__)
/// MlasRequantizeOutput's SSE2 sequence on one lane, with the real intrinsics.
Expected hostMlas(const FloatElement &e) {
  if (e.a.outputWidth != 8 || !inInt32(e.input))
    return std::nullopt;
  const int32_t zp = static_cast<int32_t>(e.outZp);
  __m128 f = _mm_cvtepi32_ps(_mm_set1_epi32(static_cast<int32_t>(e.input)));
  f = _mm_mul_ps(f, _mm_set1_ps(hostScale(e.m, e.s)));
  f = _mm_max_ps(f, _mm_set1_ps(float(e.lo() - zp)));
  f = _mm_min_ps(f, _mm_set1_ps(float(e.hi() - zp)));
  __m128i i = _mm_cvtps_epi32(f);
  i = _mm_add_epi32(i, _mm_set1_epi32(zp));
  i = _mm_packs_epi32(i, i);
  if (e.a.outputUnsigned)
    return static_cast<uint8_t>(_mm_cvtsi128_si32(_mm_packus_epi16(i, i)) & 0xFF);
  return static_cast<int8_t>(_mm_cvtsi128_si32(_mm_packs_epi16(i, i)) & 0xFF);
}
#endif

/// xnn_qs8_requantize_fp32__scalar_fmagic on one element.
Expected hostXnnpack(const FloatElement &e) {
  if (e.a.outputWidth != 8 || !inInt32(e.input))
    return std::nullopt;
  const float scale = hostScale(e.m, e.s);
  if (!(scale >= 0x1.0p-32f) || !(scale < 256.0f))
    return std::nullopt;
  const int32_t zp = static_cast<int32_t>(e.outZp);
  const float fmin = static_cast<float>(static_cast<int32_t>(e.lo()) - zp);
  const float fmax = static_cast<float>(static_cast<int32_t>(e.hi()) - zp);
  const int32_t imagic = INT32_C(0x4B400000) - zp;
  float x = static_cast<float>(static_cast<int32_t>(e.input)) * scale;
  x = fmin < x ? x : fmin; // math_max_f32
  x = fmax < x ? fmax : x; // math_min_f32
  return static_cast<int32_t>(bitsOf(x + 12582912.0f)) - imagic;
}

/// fbgemm::Requantize<T>(src, zero_point, float multiplier, precision, signed).
Expected hostFbgemm(const FloatElement &e) {
  if (!inInt32(e.input))
    return std::nullopt;
  const int32_t src = static_cast<int32_t>(e.input);
  const float multiplier = hostScale(e.m, e.s);
  const float product = src * multiplier;
  if (!(product >= -0x1p63f && product < 0x1p63f)) // lrintf's long range; NaN fails too
    return std::nullopt;
  const long quantized = static_cast<long>(e.outZp) + std::lrintf(product);
  return std::min<long>(std::max<long>(quantized, e.lo()), e.hi());
}

/// at::native::requantize_from_int<DST_T>(double multiplier, zero_point, src).
Expected hostPytorch(const FloatElement &e) {
  if (!(e.a.outputWidth == 8 || (e.a.outputWidth == 32 && !e.a.outputUnsigned)))
    return std::nullopt;
  const double multiplier = std::ldexp(static_cast<double>(e.m), -e.s);
  const float narrowed = static_cast<float>(static_cast<double>(e.input) * multiplier);
  if (!(narrowed >= -0x1p63f && narrowed < 0x1p63f))
    return std::nullopt;
  const int64_t quantizeDown = e.outZp + lrintf(narrowed);
  return std::min<int64_t>(std::max<int64_t>(quantizeDown, e.lo()), e.hi());
}

FloatElement drawFloat(SplitMix64 &r) {
  FloatElement e;
  struct Out {
    unsigned width;
    bool isUnsigned;
  };
  static const Out outs[] = {{8, false}, {8, true}, {8, false}, {8, true}, {16, false}, {16, true}, {32, false}};
  const Out out = outs[r.below(7)];
  const bool wide = r.chance(20);
  e.a = attrs(wide ? 48 : 32, false, out.width, out.isUnsigned, RoundingMode::Single, !wide);
  if (out.width == 8)
    e.outZp = out.isUnsigned ? r.range(0, 255) : r.range(-128, 127);
  else if (out.width == 16 && out.isUnsigned)
    e.outZp = r.chance(2) ? 32768 : 0;
  const int64_t mmax = wide ? 32767 : kMax31;
  switch (r.below(4)) {
  case 0: e.m = r.range(0, mmax); break;
  case 1: e.m = r.range(-mmax, -1); break;
  default: e.m = r.range((mmax + 1) / 2, mmax); break;
  }
  e.s = static_cast<int>(r.chance(4) ? r.range(-20, 70) : r.range(25, 45));
  if (r.chance(4)) {
    // A float tie: m = 2^30, s = 30 + j, x = odd * 2^(j-1) (x * 2^-j = odd / 2).
    const int j = static_cast<int>(r.range(1, 20));
    e.m = wide ? 16384 : kP30;
    e.s = (wide ? 14 : 30) + j;
    e.input = (2 * r.range(-300, 300) + 1) * (int64_t(1) << (j - 1));
  } else {
    const int bits = static_cast<int>(r.range(0, wide ? 48 : 32));
    e.input = bits == 0 ? 0 : r.range(-(int64_t(1) << (bits - 1)), (int64_t(1) << (bits - 1)) - 1);
  }
  return e;
}

TEST(RequantizeFloatRecipes, MatchHostFloatCode) {
  ASSERT_EQ(std::fegetround(), FE_TONEAREST);
  SplitMix64 r(77);
  const int count = int(300000 / fast::test::kSanitizedThinning);
  int64_t defined[4] = {};
  // Elements where a float recipe differs from exact rounding half up
  // (tosa-single-round), and where PyTorch's double product differs from
  // FBGEMM's float one.
  int64_t floatVsExact = 0, pytorchVsFbgemm = 0;
  for (int i = 0; i < count; ++i) {
    const FloatElement f = drawFloat(r);
    Element e;
    e.a = f.a;
    e.input = f.input;
    e.outZp = f.outZp;
    e.m = f.m;
    e.s = f.s;
#if defined(__SSE2__)
    expectMatches(R::OnnxruntimeMlas, e, hostMlas(f), defined[0]);
#else
    ++defined[0];
#endif
    expectMatches(R::XnnpackFp32, e, hostXnnpack(f), defined[1]);
    expectMatches(R::Fbgemm, e, hostFbgemm(f), defined[2]);
    expectMatches(R::Pytorch, e, hostPytorch(f), defined[3]);
    if (HasFatalFailure())
      return;
    const Expected fb = hostFbgemm(f), pt = hostPytorch(f);
    RescaledElement exact = run(R::TfliteSingleRounding, e.a, e.input, e.m, e.s, 0, e.outZp);
    floatVsExact += fb && !exact.violation && *fb != exact.value;
    pytorchVsFbgemm += fb && pt && *fb != *pt;
  }
  EXPECT_GT(floatVsExact, count / 100) << floatVsExact;
  EXPECT_GT(pytorchVsFbgemm, 0) << pytorchVsFbgemm;
  std::printf("defined: %lld %lld %lld %lld; fbgemm vs exact %lld, pytorch vs fbgemm %lld\n",
              (long long)defined[0], (long long)defined[1], (long long)defined[2],
              (long long)defined[3], (long long)floatVsExact, (long long)pytorchVsFbgemm);
  for (int64_t d : defined)
    EXPECT_GT(d, count / 4);
}

//===----------------------------------------------------------------------===//
// 4. docs/requantize-table.md
//===----------------------------------------------------------------------===//

TEST(RequantizeTable, CheckedInCopyIsCurrent) {
  const std::string path = std::string(QI_SOURCE_DIR) + "/docs/requantize-table.md";
  std::ifstream file(path);
  ASSERT_TRUE(file) << "cannot read " << path;
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_TRUE(text.str() == requantizeTableMarkdown())
      << path << " is stale: regenerate it with build/bin/quant-profile-table "
      << "--requantize-table > docs/requantize-table.md";
}

} // namespace
} // namespace qi::requant
