//===- QcastRoundTest.cpp - [qcast.round] float -> integer rounding -------===//
//
// Spec: [qcast.round], [qcast.steps] step 4 (convertFloatToInt), [sem.knobs].
// The --rounding knob applies to the one float -> integer step only; ties are
// produced exactly (scale 1 or 0.5, so x / scale + zp is exact in f32).
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

namespace qi::quant::test {
namespace {

const QuantType kI8 = perLayer(sInt(8), numeric::f32Format(), 1.0);

// [qcast.round] default nearest-even: ties go to the even integer.
TEST(QcastRound, NearestEvenTies) {
  EXPECT_TRUE(isStored(qcastF32(kI8, 2.5f), 2));
  EXPECT_TRUE(isStored(qcastF32(kI8, 3.5f), 4));
  EXPECT_TRUE(isStored(qcastF32(kI8, -2.5f), -2));
  EXPECT_TRUE(isStored(qcastF32(kI8, -3.5f), -4));
  EXPECT_TRUE(isStored(qcastF32(kI8, 0.5f), 0));
  EXPECT_TRUE(isStored(qcastF32(kI8, -0.5f), 0));
  EXPECT_TRUE(isStored(qcastF32(kI8, 1.5f), 2));
  EXPECT_TRUE(isStored(qcastF32(kI8, 126.5f), 126));
  EXPECT_TRUE(isStored(qcastF32(kI8, -127.5f), -128));
}

// [qcast.round] non-ties go to the nearest integer; -0 and +0 store 0.
TEST(QcastRound, NearestEvenNonTies) {
  EXPECT_TRUE(isStored(qcastF32(kI8, 2.4999998f), 2));
  EXPECT_TRUE(isStored(qcastF32(kI8, 2.5000002f), 3));
  EXPECT_TRUE(isStored(qcastF32(kI8, -2.5000002f), -3));
  EXPECT_TRUE(isStored(qcastF32(kI8, 0.0f), 0));
  EXPECT_TRUE(isStored(qcastF32(kI8, -0.0f), 0));
  EXPECT_TRUE(isStored(qcastF32(kI8, 1e-45f), 0)); // smallest subnormal
}

// [qcast.round] the tie comes from x / scale + zeroPoint, not from x:
// 1.25 / 0.5 + 1 = 3.5 -> 4; 0.75 / 0.5 + 1 = 2.5 -> 2.
TEST(QcastRound, TieAfterScaleAndZeroPoint) {
  QuantType t = perLayer(sInt(8), numeric::f32Format(), 0.5, 1);
  EXPECT_TRUE(isStored(qcastF32(t, 1.25f), 4));
  EXPECT_TRUE(isStored(qcastF32(t, 0.75f), 2));
  EXPECT_TRUE(isStored(qcastF32(t, -1.75f), -2)); // -3.5 + 1 = -2.5 -> -2
}

struct ModeRow {
  RoundingMode mode;
  // Expected for 2.5, -2.5, 3.5, -3.5, 2.25, -2.25, 2.0, -2.75.
  int64_t expected[8];
};

// [qcast.round] with each value of --rounding ([round.modes]): hand table.
TEST(QcastRound, EveryRoundingModeOnTiesAndNonTies) {
  const float inputs[8] = {2.5f, -2.5f, 3.5f, -3.5f, 2.25f, -2.25f, 2.0f, -2.75f};
  const ModeRow rows[] = {
      {RoundingMode::NearestEven, {2, -2, 4, -4, 2, -2, 2, -3}},
      {RoundingMode::NearestAway, {3, -3, 4, -4, 2, -2, 2, -3}},
      {RoundingMode::NearestUp, {3, -2, 4, -3, 2, -2, 2, -3}},
      {RoundingMode::TowardZero, {2, -2, 3, -3, 2, -2, 2, -2}},
      {RoundingMode::TowardPositive, {3, -2, 4, -3, 3, -2, 2, -2}},
      {RoundingMode::TowardNegative, {2, -3, 3, -4, 2, -3, 2, -3}},
      {RoundingMode::Odd, {3, -3, 3, -3, 3, -3, 2, -3}},
  };
  for (const ModeRow &row : rows)
    for (int i = 0; i < 8; ++i)
      EXPECT_TRUE(isStored(qcastF32(kI8, inputs[i], Sem().rounding(row.mode)),
                           row.expected[i]))
          << numeric::roundingModeName(row.mode) << " x=" << inputs[i];
}

// [qcast.round] the knob does not touch the arithmetic steps: with an f16
// expressed type, 1.0 / 0.0999755859375 = 10.0024... rounds (arith
// nearest-even) to 10.0 in f16, an integer, so every integer mode gives 10.
TEST(QcastRound, RoundingKnobOnlyAffectsTheIntegerStep) {
  QuantType t = perLayer(sInt(8), fmt("f16"), 0.1);
  for (RoundingMode m : {RoundingMode::NearestEven, RoundingMode::TowardZero,
                         RoundingMode::TowardPositive, RoundingMode::TowardNegative,
                         RoundingMode::Odd})
    EXPECT_TRUE(isStored(qcast(t, 0x3C00, Sem().rounding(m)), 10))
        << numeric::roundingModeName(m);
  // Under `exact` arithmetic 1 / 0.1(f64) = 9.99999999999999944... so the
  // integer modes disagree: toward-positive 10, toward-zero 9.
  EXPECT_TRUE(isStored(qcast(t, 0x3C00, Sem().exact().rounding(RoundingMode::TowardPositive)), 10));
  EXPECT_TRUE(isStored(qcast(t, 0x3C00, Sem().exact().rounding(RoundingMode::TowardZero)), 9));
}

} // namespace
} // namespace qi::quant::test
