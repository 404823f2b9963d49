//===- RescaleSpecTest.cpp - apply_scale and RESCALE on hand-derived cases -===//
//
// Spec: [rescale.apply-scale-32], [rescale.apply-scale-16], [rescale.op],
// [rescale.error-if], [rescale.violation]. Every expected value is derived by
// hand in the comment beside it from the specification's text (the unit
// scalings it names, its rounding constants), not computed by our code.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/Rescale.h"

#include <gtest/gtest.h>

namespace qi::requant {
namespace {

int32_t scale32(int32_t value, int32_t multiplier, int8_t shift, bool doubleRound = false) {
  Scaled s = applyScale32(value, multiplier, shift, doubleRound);
  EXPECT_FALSE(s.violation) << s.violation->message();
  return s.value;
}

TEST(ApplyScale32, UnitScalingIsIdentity) {
  // The specification: "shift=30, multiplier=1<<30" scales by 1.0.
  for (int32_t v : {-536870912, -1000, -1, 0, 1, 77, 536870911})
    EXPECT_EQ(scale32(v, 1 << 30, 30), v);
}

TEST(ApplyScale32, TiesRoundHalfUp) {
  // 1 * 2^30 / 2^31 = 0.5 -> (2^30 + 2^30) >> 31 = 1;  -0.5 -> 0 (toward +inf).
  EXPECT_EQ(scale32(1, 1 << 30, 31), 1);
  EXPECT_EQ(scale32(-1, 1 << 30, 31), 0);
  // -1.5 -> (-3*2^30 + 2^30) >> 31 = -2^31 >> 31 = -1.
  EXPECT_EQ(scale32(-3, 1 << 30, 31), -1);
}

TEST(ApplyScale32, DoubleRoundOnlyAboveShift31) {
  // 3 * 2^30 / 2^33 = 0.375: single rounding gives 0. Double rounding adds
  // 2^30 first: (3*2^30 + 2^32 + 2^30) = 2^33 -> 1 (round to 2^-31 first:
  // 1.5 -> 2, then 2/4 = 0.5 -> 1, as TFLite's two roundings).
  EXPECT_EQ(scale32(3, 1 << 30, 33, false), 0);
  EXPECT_EQ(scale32(3, 1 << 30, 33, true), 1);
  // Negative side: -3 -> round = 2^32 - 2^30; -3*2^30 + 3*2^30 = 0 -> 0
  // (single: (-3*2^30 + 2^32) >> 33 = 2^30 >> 33 = 0 as well).
  EXPECT_EQ(scale32(-3, 1 << 30, 33, true), 0);
  // -5: single (-5*2^30 + 4*2^30) >> 33 = -2^30 >> 33 = -1;
  //     double (-5*2^30 + 3*2^30) >> 33 = -2^31 >> 33 = -1.
  EXPECT_EQ(scale32(-5, 1 << 30, 33, true), -1);
  // At shift 31 double rounding changes nothing: 3 * 2^30 / 2^31 = 1.5 -> 2.
  EXPECT_EQ(scale32(3, 1 << 30, 31, true), 2);
}

TEST(ApplyScale32, RequireConditionsAreViolationsNotValues) {
  EXPECT_TRUE(applyScale32(1, -1, 30, false).violation);
  EXPECT_TRUE(applyScale32(1, 1, 1, false).violation);
  EXPECT_TRUE(applyScale32(1, 1, 63, false).violation);
  // shift 2 admits values -2..1 only.
  EXPECT_FALSE(applyScale32(-2, 1, 2, false).violation);
  EXPECT_FALSE(applyScale32(1, 1, 2, false).violation);
  Scaled bad = applyScale32(2, 1, 2, false);
  ASSERT_TRUE(bad.violation);
  EXPECT_EQ(bad.violation->message(),
            "REQUIRE(value >= (-1 << (shift - 1)) && value < (1 << (shift - 1))) of "
            "apply_scale_32 does not hold (value = 2, shift = 2)");
}

TEST(ApplyScale16, UnitScalingAndRangeRequire) {
  // "shift=14, multiplier=1<<14" scales by 1.0, on int48 values too.
  for (int64_t v : {int64_t(-2147483648LL), int64_t(-1), int64_t(0), int64_t(2147483647)}) {
    Scaled s = applyScale16(v, 1 << 14, 14);
    ASSERT_FALSE(s.violation);
    EXPECT_EQ(s.value, v);
  }
  // 2^31 does not fit the int32 result.
  EXPECT_TRUE(applyScale16(int64_t(1) << 31, 1 << 14, 14).violation);
  // int48 extreme scaled down by 2^-17: (2^47 - 1) * 2^14 / 2^31 = 2^30 - 2^-17 -> 2^30.
  Scaled s = applyScale16((int64_t(1) << 47) - 1, 1 << 14, 31);
  ASSERT_FALSE(s.violation);
  EXPECT_EQ(s.value, 1 << 30);
}

RescaleAttributes attrs(unsigned in, unsigned out, bool scale32 = true) {
  RescaleAttributes a;
  a.inputWidth = in;
  a.outputWidth = out;
  a.scale32 = scale32;
  return a;
}

TEST(Rescale, ZeroPointsAndClip) {
  // i8 -> i8, input_zp -128 (pattern 0x80), output_zp 5, scale 0.5:
  // in 100 -> (100 + 128) * 0.5 = 114 + 5 = 119; in 127 -> 127.5 -> 128 + 5 = 133 -> 127.
  RescaleAttributes a = attrs(8, 8);
  ASSERT_FALSE(checkRescale(a, 0x80, 5, 1));
  RescaledElement r = rescaleElement(a, 100, 1 << 30, 31, 0x80, 5);
  ASSERT_FALSE(r.violation);
  EXPECT_EQ(r.value, 119);
  r = rescaleElement(a, 127, 1 << 30, 31, 0x80, 5);
  EXPECT_EQ(r.value, 127);
  EXPECT_EQ(r.bits, 127u);
  // -128 (0x80) - (-128) = 0 -> 5.
  EXPECT_EQ(rescaleElement(a, 0x80, 1 << 30, 31, 0x80, 5).value, 5);
}

TEST(Rescale, UnsignedSides) {
  // u8 -> i8: input 255 with zp 128 (zero-extended): 127 -> 127. Pattern 0xFF.
  RescaleAttributes a = attrs(8, 8);
  a.inputUnsigned = true;
  ASSERT_FALSE(checkRescale(a, 128, 0, 1));
  EXPECT_EQ(rescaleElement(a, 0xFF, 1 << 30, 30, 128, 0).value, 127);
  EXPECT_EQ(rescaleElement(a, 0x00, 1 << 30, 30, 128, 0).value, -128);
  // i8 -> u8, output_zp 128 (pattern 0x80 read zero-extended): -1 -> 127, -128 -> 0.
  RescaleAttributes b = attrs(8, 8);
  b.outputUnsigned = true;
  ASSERT_FALSE(checkRescale(b, 0, 0x80, 1));
  RescaledElement r = rescaleElement(b, 0xFF, 1 << 30, 30, 0, 0x80);
  EXPECT_EQ(r.value, 127);
  EXPECT_EQ(rescaleElement(b, 0x80, 1 << 30, 30, 0, 0x80).value, 0);
  // 127 + 128 = 255 stays (u8 max).
  EXPECT_EQ(rescaleElement(b, 0x7F, 1 << 30, 30, 0, 0x80).bits, 0xFFu);
}

TEST(Rescale, ErrorIfConditions) {
  auto holds = [](const RescaleAttributes &a, uint64_t izp, uint64_t ozp, int64_t rank) {
    std::optional<Violation> v = checkRescale(a, izp, ozp, rank);
    return v && v->kind == Violation::Kind::ErrorIf;
  };
  EXPECT_TRUE(holds(attrs(32, 8), 1, 0, 1));   // i32 input zp must be 0
  EXPECT_TRUE(holds(attrs(16, 8), 1, 0, 1));   // signed i16 zp must be 0
  RescaleAttributes u16 = attrs(16, 8);
  u16.inputUnsigned = true;
  EXPECT_FALSE(holds(u16, 32768, 0, 1));
  EXPECT_TRUE(holds(u16, 1, 0, 1));
  EXPECT_TRUE(holds(attrs(48, 8, /*scale32=*/true), 0, 0, 1));
  EXPECT_FALSE(holds(attrs(48, 8, /*scale32=*/false), 0, 0, 1));
  RescaleAttributes dbl = attrs(16, 8, /*scale32=*/false);
  dbl.roundingMode = RoundingMode::Double;
  EXPECT_TRUE(holds(dbl, 0, 0, 1));
  RescaleAttributes both = attrs(8, 8);
  both.inputUnsigned = both.outputUnsigned = true;
  EXPECT_TRUE(holds(both, 0, 0, 1));
  RescaleAttributes pc = attrs(8, 8);
  pc.perChannel = true;
  EXPECT_TRUE(holds(pc, 0, 0, 0));
  EXPECT_FALSE(holds(pc, 0, 0, 1));
  EXPECT_TRUE(holds(attrs(64, 8), 0, 0, 1)); // beyond int48_t
}

TEST(Rescale, OutputZeroPointOverflowIsARequire) {
  // i8 -> i8 with output_zp 127: an i32 result of 2^31 - 1 plus 127 overflows
  // apply_add_s<int32_t>. Scale 2^12 (shift 18 * multiplier 2^30):
  // (in - zp) = 127 - (-128) = 255 cannot reach it; use i16 -> i8 instead:
  // value 32767 * 2^30 / 2^2 = 32767 * 2^28 > int32 -- that breaks
  // apply_scale_32's value REQUIRE first (32767 >= 2^(2-1)).
  RescaleAttributes a = attrs(16, 8);
  RescaledElement r = rescaleElement(a, 32767, 1 << 30, 2, 0, 0);
  ASSERT_TRUE(r.violation);
  EXPECT_EQ(r.violation->where, "apply_scale_32");
  // i16 -> i8 with scale32 = false: 32767 * 32767 / 4 + 127 overflows int32?
  // 32767 * 32767 = 1073676289; / 4 = 268419072.25 -> 268419072; + 127 fits.
  // apply_add_s overflows only near 2^31: i48 -> i8, value 2^31 - 1 at unit
  // scale plus output_zp 1 (i8 may carry a zero point).
  RescaleAttributes w = attrs(48, 8, /*scale32=*/false);
  RescaledElement o = rescaleElement(w, (uint64_t(1) << 31) - 1, 1 << 14, 14, 0, 1);
  ASSERT_TRUE(o.violation);
  EXPECT_EQ(o.violation->where, "apply_add_s<int32_t>");
}

} // namespace
} // namespace qi::requant
