//===- QcastNanTest.cpp - [sem.nan-policy] --------------------------------===//
//
// Spec: [sem.nan-policy], [qcast.steps]: a NaN at any step of qcast (the
// input, the converted scale, x / scale, + zeroPoint) stores what the NaN
// policy says: poison (reference default), storageMin, storageMax, the zero
// point, or 0 -- the last two clamped into [storageMin, storageMax].
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

#include <limits>

namespace qi::quant::test {
namespace {

const FloatFormat &kF32 = numeric::f32Format();
const Bits kF32QuietNaN = 0x7FC00000, kF32SignalingNaN = 0x7F800001,
           kF32NegativeNaN = 0xFFC00001;

// [sem.nan-policy] each policy on a NaN input, signed narrow storage.
TEST(QcastNan, EachPolicyOnNaNInput) {
  QuantType t = perLayer(sInt(8), kF32, 1.0, 7, std::make_pair(-100, 100));
  for (Bits nan : {kF32QuietNaN, kF32SignalingNaN, kF32NegativeNaN}) {
    EXPECT_TRUE(isPoison(qcast(t, nan)));
    EXPECT_TRUE(isPoison(qcast(t, nan, Sem().nan(NanPolicy::Poison))));
    EXPECT_TRUE(isStored(qcast(t, nan, Sem().nan(NanPolicy::Qmin)), -100));
    EXPECT_TRUE(isStored(qcast(t, nan, Sem().nan(NanPolicy::Qmax)), 100));
    EXPECT_TRUE(isStored(qcast(t, nan, Sem().nan(NanPolicy::ZeroPoint)), 7));
    EXPECT_TRUE(isStored(qcast(t, nan, Sem().nan(NanPolicy::Zero)), 0));
    // `exact` arithmetic: same policy.
    EXPECT_TRUE(isStored(qcast(t, nan, Sem().exact().nan(NanPolicy::Qmax)), 100));
    EXPECT_TRUE(isPoison(qcast(t, nan, Sem().exact())));
  }
}

// [sem.nan-policy] `zero` stores clamp(0): with u8<10:200> that is 10.
TEST(QcastNan, ZeroAndZeroPointAreClamped) {
  QuantType t = perLayer(uInt(8), kF32, 1.0, 50, std::make_pair(10, 200));
  EXPECT_TRUE(isStored(qcast(t, kF32QuietNaN, Sem().nan(NanPolicy::Zero)), 10));
  EXPECT_TRUE(isStored(qcast(t, kF32QuietNaN, Sem().nan(NanPolicy::ZeroPoint)), 50));
  EXPECT_TRUE(isStored(qcast(t, kF32QuietNaN, Sem().nan(NanPolicy::Qmin)), 10));
  EXPECT_TRUE(isStored(qcast(t, kF32QuietNaN, Sem().nan(NanPolicy::Qmax)), 200));
  // A zero point outside the narrow bounds (allowed by the type) is clamped.
  QuantType z = perLayer(uInt(8), kF32, 1.0, 5, std::make_pair(10, 200));
  EXPECT_TRUE(isStored(qcast(z, kF32QuietNaN, Sem().nan(NanPolicy::ZeroPoint)), 10));
}

// [sem.nan-policy] [qtype.scale] 0 / 0: the f64 scale 1e-50 rounds to +0 in
// f32, so x = 0 divides 0 by 0. x = +-1 gives +-inf (overflow policy).
// `exact` keeps the stored scale 1e-50: 0 -> zp, 1 -> 1e50 -> saturate.
TEST(QcastNan, ZeroOverZeroAfterScaleUnderflow) {
  QuantType t = perLayer(sInt(8), kF32, 1e-50, 3);
  EXPECT_TRUE(isPoison(qcastF32(t, 0.0f)));
  EXPECT_TRUE(isStored(qcastF32(t, 0.0f, Sem().nan(NanPolicy::Qmax)), 127));
  EXPECT_TRUE(isStored(qcastF32(t, -0.0f, Sem().nan(NanPolicy::ZeroPoint)), 3));
  EXPECT_TRUE(isStored(qcastF32(t, 1.0f), 127));
  EXPECT_TRUE(isStored(qcastF32(t, -1.0f), -128));
  EXPECT_TRUE(isStored(qcastF32(t, 0.0f, Sem().exact()), 3));
  EXPECT_TRUE(isStored(qcastF32(t, 1.0f, Sem().exact()), 127));
}

// [sem.nan-policy] inf / inf: the f64 scale 1e39 overflows f32 to +inf.
TEST(QcastNan, InfinityOverInfinityAfterScaleOverflow) {
  QuantType t = perLayer(sInt(8), kF32, 1e39, -4);
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(isStored(qcastF32(t, inf, Sem().nan(NanPolicy::Qmin)), -128));
  EXPECT_TRUE(isStored(qcastF32(t, 1.0f), -4)); // 1 / inf = 0
  EXPECT_TRUE(isStored(qcastF32(t, 3e38f), -4));
  // `exact`: the scale stays 1e39; inf is an infinite input -> saturate.
  EXPECT_TRUE(isStored(qcastF32(t, inf, Sem().exact()), 127));
  EXPECT_TRUE(isStored(qcastF32(t, 3e38f, Sem().exact()), -4)); // 0.3 - 4 -> -4
}

// [sem.nan-policy] inf + (-inf): u32 zero point 4e9 is +inf in f16, so
// -inf / s + inf is NaN; 0 / s + inf = +inf saturates to 2^32 - 1.
TEST(QcastNan, InfinityMinusInfinityFromTheZeroPoint) {
  QuantType t = perLayer(uInt(32), fmt("f16"), 1.0, 4000000000LL);
  EXPECT_TRUE(isPoison(qcast(t, 0xFC00)));
  EXPECT_TRUE(isStored(qcast(t, 0xFC00, Sem().nan(NanPolicy::ZeroPoint)), 4000000000LL));
  EXPECT_TRUE(isStored(qcast(t, 0x0000), 4294967295LL));
  EXPECT_TRUE(isStored(qcast(t, 0x0000, Sem().exact()), 4000000000LL));
  EXPECT_TRUE(isStored(qcast(t, 0xFC00, Sem().exact()), 0)); // -inf saturates
}

// [sem.nan-policy] [format.nonfinite] f8E4M3FN has no infinity: 448 / 0.25
// overflows to NaN (nearest-even), so the NaN policy applies, not the
// overflow policy. Toward-zero arithmetic gives 448 instead; `exact` 1792.
TEST(QcastNan, NanOnlyFormatOverflowIsNaN) {
  QuantType t = perLayer(sInt(16), fmt("f8E4M3FN"), 0.25);
  const Bits k448 = 0x7E;
  EXPECT_TRUE(isPoison(qcast(t, k448)));
  EXPECT_TRUE(isStored(qcast(t, k448, Sem().nan(NanPolicy::Qmax)), 32767));
  EXPECT_TRUE(isStored(qcast(t, k448, Sem().arith(RoundingMode::TowardZero)), 448));
  EXPECT_TRUE(isStored(qcast(t, k448, Sem().exact()), 1792));
  EXPECT_TRUE(isStored(qcast(t, 0x6E), 448)); // 112 / 0.25 = 448: no overflow
  EXPECT_TRUE(isPoison(qcast(t, 0x7F)));      // NaN input
  EXPECT_TRUE(isPoison(qcast(t, 0xFF)));
  EXPECT_TRUE(isStored(qcast(t, 0xFF, Sem().nan(NanPolicy::Qmin)), -32768));
  // f8E5M2 has infinities: 57344 / 0.25 overflows to +inf -> saturate.
  QuantType e5 = perLayer(sInt(16), fmt("f8E5M2"), 0.25);
  EXPECT_TRUE(isStored(qcast(e5, 0x7B), 32767));
  EXPECT_TRUE(isStored(qcast(e5, 0xFC), -32768)); // -inf
  EXPECT_TRUE(isPoison(qcast(e5, 0x7E)));         // NaN
}

// [sem.nan-policy] [qtype.scale] a scale that is NaN after conversion
// (1000 overflows f8E4M3FN, whose largest finite value is 448) makes every
// qcast a NaN. Not reachable from verified IR (MLIR requires the scale in
// the expressed type's range) but defined.
TEST(QcastNan, ScaleThatConvertsToNaN) {
  QuantType t = perLayer(sInt(8), fmt("f8E4M3FN"), 1000.0, 5);
  EXPECT_TRUE(isPoison(qcast(t, 0x00)));
  EXPECT_TRUE(isStored(qcast(t, 0x38, Sem().nan(NanPolicy::ZeroPoint)), 5));
  EXPECT_TRUE(isStored(qcast(t, 0x38, Sem().exact()), 5)); // 1 / 1000 + 5
}

} // namespace
} // namespace qi::quant::test
