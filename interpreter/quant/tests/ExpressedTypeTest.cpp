//===- ExpressedTypeTest.cpp - [qtype.scale] scales in the expressed type -===//
//
// Spec: [qtype.scale], [qcast.steps] steps 1-2, [dcast.steps]: the scale is
// converted from its stored format (f64 for per-layer and per-axis, the
// expressed type for sub-channel) into the expressed type with the
// arithmetic rounding before any arithmetic. dcast(1) with zero point 0
// shows the converted scale itself. Expected bit patterns computed by hand.
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

namespace qi::quant::test {
namespace {

// [qtype.scale] 0.1 (f64) rounded nearest-even into each expressed type.
TEST(ExpressedType, ScaleOneTenthInEachFormat) {
  struct Row {
    const char *format;
    Bits scale;   // the converted scale = dcast(1)
    Bits three;   // dcast(3), stepwise
    Bits minus7;  // dcast(-7), stepwise
  };
  const Row rows[] = {
      // 0.0999755859375; 3 * s = 0.2999267578125 -> 0.2998046875.
      {"f16", 0x2E66, 0x34CC, 0xB999},
      // 0.10009765625; 0.30029296875 -> 0.30078125; -0.70068359375 -> -0.69921875.
      {"bf16", 0x3DCD, 0x3E9A, 0xBF33},
      // 0.1015625 (1.625 * 2^-4); 0.3046875 -> 0.3125; -0.7109375 -> -0.6875.
      {"f8E4M3FN", 0x1D, 0x2A, 0xB3},
      // 0.09375 (1.5 * 2^-4); 0.28125 -> 0.25 (tie, even); -7 (= -1.75 * 4,
      // exact) * 0.09375 = -0.65625 -> -0.625.
      {"f8E5M2", 0x2E, 0x34, 0xB9},
      {"f32", 0x3DCCCCCD, 0x3E99999A, 0xBF333333},
  };
  for (const Row &row : rows) {
    QuantType t = perLayer(sInt(8), fmt(row.format), 0.1);
    EXPECT_TRUE(isBits(dcast(t, 1), row.scale)) << row.format;
    EXPECT_TRUE(isBits(dcast(t, 3), row.three)) << row.format;
    EXPECT_TRUE(isBits(dcast(t, -7), row.minus7)) << row.format;
  }
  QuantType d = perLayer(sInt(8), numeric::f64Format(), 0.1);
  EXPECT_TRUE(isBits(dcast(d, 1), f64Bits(0.1)));
  EXPECT_TRUE(isBits(dcast(d, 3), f64Bits(3 * 0.1))); // host f64 multiply, nearest-even
}

// [qtype.scale] a scale below the f16 normal range becomes a subnormal
// (2^-20 -> 0x0010; 3e-8 -> 2^-24 = 0x0001), and qcast divides by it.
TEST(ExpressedType, SubnormalScaleInF16) {
  QuantType t = perLayer(sInt(8), fmt("f16"), 0.00000095367431640625); // 2^-20
  EXPECT_TRUE(isBits(dcast(t, 1), 0x0010));
  EXPECT_TRUE(isBits(dcast(t, 7), 0x0070));
  EXPECT_TRUE(isBits(dcast(t, -128), 0x8800)); // -2^-13, a normal
  EXPECT_TRUE(isStored(qcast(t, 0x0070), 7));
  EXPECT_TRUE(isStored(qcast(t, 0x3C00), 127)); // 1 / 2^-20 = 2^20 -> inf in f16 -> saturate
  QuantType tiny = perLayer(sInt(8), fmt("f16"), 3e-8);
  EXPECT_TRUE(isBits(dcast(tiny, 1), 0x0001));
  EXPECT_TRUE(isBits(dcast(tiny, -3), 0x8003));
}

// [qtype.scale] sub-channel scales are stored in the expressed type, so
// `exact` uses that value: f16 scale 0x2E66 (0.0999755859375) gives
// dcast(3) = 0x34CC under both semantics, while the per-layer f64 0.1 gives
// 0x34CD under `exact`.
TEST(ExpressedType, SubChannelScaleIsStoredInTheExpressedType) {
  QuantType sub = subChannel(sInt(8), fmt("f16"), {{0, 1}}, {1}, {0x2E66});
  EXPECT_TRUE(isBits(dcast(sub, 3), 0x34CC));
  EXPECT_TRUE(isBits(dcast(sub, 3, Sem().exact()), 0x34CC));
  QuantType layer = perLayer(sInt(8), fmt("f16"), 0.1);
  EXPECT_TRUE(isBits(dcast(layer, 3, Sem().exact()), 0x34CD));
  // qcast of 0x3599 (0.349853515625): exact with the f16 scale gives
  // 3.49938... -> 3, with the f64 scale 3.4985... -> 3, stepwise 4.
  EXPECT_TRUE(isStored(qcast(sub, 0x3599, Sem().exact()), 3));
  EXPECT_TRUE(isStored(qcast(sub, 0x3599), 4));
  // bf16 sub-channel scale 0x3DCD = 0.10009765625.
  QuantType bsub = subChannel(sInt(8), fmt("bf16"), {{0, 1}}, {1}, {0x3DCD});
  EXPECT_TRUE(isBits(dcast(bsub, 1, Sem().exact()), 0x3DCD));
  EXPECT_TRUE(isBits(dcast(bsub, 3, Sem().exact()), 0x3E9A));
}

// [qtype.scale] the scale conversion uses the arithmetic mode: 0.1 toward
// zero in f16 is still 0x2E66 (0.0999755859375 < 0.1), toward +inf 0x2E67.
TEST(ExpressedType, ScaleConversionUsesTheArithmeticMode) {
  QuantType t = perLayer(sInt(8), fmt("f16"), 0.1);
  EXPECT_TRUE(isBits(dcast(t, 1, Sem().arith(RoundingMode::TowardZero)), 0x2E66));
  EXPECT_TRUE(isBits(dcast(t, 1, Sem().arith(RoundingMode::TowardPositive)), 0x2E67));
  // bf16: 0.1 lies between 0x3DCC (0.099609375) and 0x3DCD (0.10009765625).
  QuantType b = perLayer(sInt(8), fmt("bf16"), 0.1);
  EXPECT_TRUE(isBits(dcast(b, 1, Sem().arith(RoundingMode::TowardZero)), 0x3DCC));
  EXPECT_TRUE(isBits(dcast(b, 1, Sem().arith(RoundingMode::Odd)), 0x3DCD));
}

} // namespace
} // namespace qi::quant::test
