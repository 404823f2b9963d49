//===- ArithRoundingTest.cpp - [sem.arith-rounding] stepwise vs exact -----===//
//
// Spec: [sem.arith-rounding], [qcast.steps], [qcast.exact], [dcast.exact].
// Stepwise (the reference default): every step rounds in the expressed type
// with the arithmetic mode, the scale first converted from its stored format.
// `exact`: x / scale + zeroPoint with the scale *as stored* (f64 for
// per-layer), rounded once to an integer; dcast rounds (q - zp) * scale once.
// Each case below is one where the two differ (found and checked by hand with
// exact rational arithmetic).
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

namespace qi::quant::test {
namespace {

// [qcast.exact] f16 with the non-dyadic scale 0.1: f16(0.1) =
// 0.0999755859375 (0x2E66). x = 0.75: 0.75 / 0.0999755859375 = 7.50183...
// rounds in f16 to 7.5, a tie -> 8. Exact: 0.75 / 0.1000000000000000055 =
// 7.4999999999999995837 -> 7.
TEST(ArithRounding, F16NonDyadicScaleTie) {
  QuantType t = perLayer(sInt(8), fmt("f16"), 0.1);
  EXPECT_TRUE(isStored(qcast(t, 0x3A00), 8));
  EXPECT_TRUE(isStored(qcast(t, 0x3A00, Sem().exact()), 7));
  // x = 0x3599 = 0.349853515625: stepwise 3.49938... -> f16 3.5 -> 4; exact 3.
  EXPECT_TRUE(isStored(qcast(t, 0x3599), 4));
  EXPECT_TRUE(isStored(qcast(t, 0x3599, Sem().exact()), 3));
  // x = 0x3ACD = 0.85009765625: stepwise 8.50305... -> f16 8.5 -> 8 (even);
  // exact 8.5009765624999995... -> 9.
  EXPECT_TRUE(isStored(qcast(t, 0x3ACD), 8));
  EXPECT_TRUE(isStored(qcast(t, 0x3ACD, Sem().exact()), 9));
}

// [qcast.steps] f32: x = 0x3E6C8321 (0.23096896708...), scale
// 0.00214854861 (f64) -> f32 0x3B0CCEAA. x / f32(s) = 107.49999620717...,
// within half an ulp (2^-18) of 107.5, so the f32 division gives exactly
// 107.5 -> 108 (even). Exact with the f64 scale: 107.4999962... -> 107.
// (The brief's x = 0.273939937f gives 127.49999237 in f32: 127 both ways.)
TEST(ArithRounding, F32DivisionRoundsToATie) {
  QuantType t = perLayer(sInt(8), numeric::f32Format(), 0.00214854861);
  EXPECT_TRUE(isStored(qcast(t, 0x3E6C8321), 108));
  EXPECT_TRUE(isStored(qcast(t, 0x3E6C8321, Sem().exact()), 107));
  // Toward-zero arithmetic: the quotient rounds down to 107.49999237 -> 107.
  EXPECT_TRUE(isStored(qcast(t, 0x3E6C8321, Sem().arith(RoundingMode::TowardZero)), 107));
  EXPECT_TRUE(isStored(qcast(t, 0x3E8C41DB), 127));
  EXPECT_TRUE(isStored(qcast(t, 0x3E8C41DB, Sem().exact()), 127));
}

// [qcast.exact] f64: 0.75 / 0.1 in f64 is 7.5 -> 8; exact 7.49999... -> 7.
TEST(ArithRounding, F64DivisionRoundsToATie) {
  QuantType t = perLayer(sInt(8), numeric::f64Format(), 0.1);
  EXPECT_TRUE(isStored(qcastF64(t, 0.75), 8));
  EXPECT_TRUE(isStored(qcastF64(t, 0.75, Sem().exact()), 7));
}

// [sem.arith-rounding] the zero point is converted to the expressed type
// with the arithmetic mode and the addition rounds: u32 zp 4000000000 in f32
// absorbs +1 (ulp 256) stepwise, not under `exact`.
TEST(ArithRounding, ZeroPointAdditionRounds) {
  QuantType t = perLayer(uInt(32), numeric::f32Format(), 1.0, 4000000000LL);
  EXPECT_TRUE(isStored(qcastF32(t, 1.0f), 4000000000LL));
  EXPECT_TRUE(isStored(qcastF32(t, 129.0f), 4000000256LL));
  EXPECT_TRUE(isStored(qcastF32(t, 129.0f, Sem().arith(RoundingMode::TowardZero)),
                       4000000000LL));
  EXPECT_TRUE(isStored(qcastF32(t, 1.0f, Sem().arith(RoundingMode::TowardPositive)),
                       4000000256LL));
  EXPECT_TRUE(isStored(qcastF32(t, 129.0f, Sem().exact()), 4000000129LL));
  // i8 zero point 127 is inexact in f8E4M3FN (4 significant bits): 128.
  QuantType e4 = perLayer(sInt(16), fmt("f8E4M3FN"), 1.0, 127);
  EXPECT_TRUE(isStored(qcast(e4, 0x00), 128));
  EXPECT_TRUE(isStored(qcast(e4, 0x00, Sem().arith(RoundingMode::TowardZero)), 120));
  EXPECT_TRUE(isStored(qcast(e4, 0x00, Sem().exact()), 127));
}

// [dcast.steps] vs [dcast.exact]: f16 scale 0.1 -> 0x2E66; stored 3:
// 3 * 0.0999755859375 = 0.2999267578125 -> f16 0x34CC (0.2998046875);
// exact 3 * 0.1(f64) = 0.30000000000000001665 -> 0x34CD (0.300048828125).
TEST(ArithRounding, DcastStepwiseVsExact) {
  QuantType t = perLayer(sInt(8), fmt("f16"), 0.1);
  EXPECT_TRUE(isBits(dcast(t, 3), 0x34CC));
  EXPECT_TRUE(isBits(dcast(t, 3, Sem().exact()), 0x34CD));
  EXPECT_TRUE(isBits(dcast(t, -7), 0xB999));
  EXPECT_TRUE(isBits(dcast(t, -7, Sem().exact()), 0xB99A));
  // f8E5M2: 0.1 -> 0.09375 (0x2E); stored 100 -> 96 (3 significant bits),
  // 96 * 0.09375 = 9 -> tie between 8 and 10 -> 8 (0x48). Exact: 10 (0x49).
  QuantType e5 = perLayer(sInt(8), fmt("f8E5M2"), 0.1);
  EXPECT_TRUE(isBits(dcast(e5, 100), 0x48));
  EXPECT_TRUE(isBits(dcast(e5, 100, Sem().exact()), 0x49));
}

// [sem.arith-rounding] dcast with a directed arithmetic mode: f32,
// scale 0.1 -> toward-negative f32(0.1) = 0x3DCCCCCC; stored 1, zp 0 gives
// that scale itself; stored -1 gives -0x3DCCCCCC rounded toward -inf
// (exact product, so the same bits with the sign set).
TEST(ArithRounding, DcastDirectedMode) {
  QuantType t = perLayer(sInt(8), numeric::f32Format(), 0.1);
  EXPECT_TRUE(isBits(dcast(t, 1), 0x3DCCCCCD));
  EXPECT_TRUE(isBits(dcast(t, 1, Sem().arith(RoundingMode::TowardNegative)), 0x3DCCCCCC));
  EXPECT_TRUE(isBits(dcast(t, -1, Sem().arith(RoundingMode::TowardNegative)), 0xBDCCCCCC));
  // stored == zp: 5 - 5 = +0 (nearest-even) but -0 under toward-negative
  // ([op.zero-sign]); `exact` gives +0.
  QuantType z = perLayer(sInt(8), numeric::f32Format(), 0.1, 5);
  EXPECT_TRUE(isBits(dcast(z, 5), 0x00000000));
  EXPECT_TRUE(isBits(dcast(z, 5, Sem().arith(RoundingMode::TowardNegative)), 0x80000000));
  EXPECT_TRUE(isBits(dcast(z, 5, Sem().exact()), 0x00000000));
}

} // namespace
} // namespace qi::quant::test
