//===- DcastTest.cpp - [dcast.steps] the dequantize kernel ----------------===//
//
// Spec: [dcast.steps], [dcast.exact], [sem.arith-rounding]:
//   storedValueFloat = convertIntToFloat(storedValue, expressedType)
//   zeroPointFloat   = convertIntToFloat(zeroPoint, expressedType)
//   expressedValue   = (storedValueFloat - zeroPointFloat) * scale
// No clamp, no NaN policy: a NaN result is a NaN ([format.nan]); only a
// format without NaN would turn it into poison.
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

#include <limits>

namespace qi::quant::test {
namespace {

// [dcast.steps] every i8 value, f32, scale 0.1 (-> 0x3DCCCCCD), zp -3. Hand
// formula: q + 3 is exact in f32, so the kernel is one f32 multiply, which
// the host does correctly rounded (nearest-even). `exact`: (q + 3) * 0.1(f64)
// is exact in x87 long double (8 + 53 bits < 64), then rounded once to f32.
TEST(Dcast, EveryI8ValueAgainstHandFormula) {
  QuantType t = perLayer(sInt(8), numeric::f32Format(), 0.1, -3);
  DequantizeKernel stepwise(t, Semantics{});
  DequantizeKernel exact(t, Sem().exact());
  const float scale = 0.1f;
  for (int q = -128; q <= 127; ++q) {
    volatile float diff = static_cast<float>(q + 3);
    float expected = diff * scale;
    EXPECT_TRUE(isBits(stepwise(q, 0), f32Bits(expected))) << "q=" << q;
    if (std::numeric_limits<long double>::digits >= 64) {
      long double product = static_cast<long double>(q + 3) * static_cast<long double>(0.1);
      EXPECT_TRUE(isBits(exact(q, 0), f32Bits(static_cast<float>(product)))) << "q=" << q;
    }
  }
}

// [dcast.steps] every u8 value, f64, scale 0.37, zp 128: one f64 multiply;
// `exact` is the same single rounding of (q - 128) * 0.37.
TEST(Dcast, EveryU8ValueAgainstHandFormula) {
  QuantType t = perLayer(uInt(8), numeric::f64Format(), 0.37, 128);
  DequantizeKernel stepwise(t, Semantics{});
  DequantizeKernel exact(t, Sem().exact());
  for (int q = 0; q <= 255; ++q) {
    volatile double diff = static_cast<double>(q - 128);
    double expected = diff * 0.37;
    EXPECT_TRUE(isBits(stepwise(q, 0), f64Bits(expected))) << "q=" << q;
    EXPECT_TRUE(isBits(exact(q, 0), f64Bits(expected))) << "q=" << q;
  }
  EXPECT_TRUE(isBits(stepwise(128, 0), 0)); // +0
}

// [dcast.steps] dcast does not clamp: a stored value outside the narrow
// bounds (e.g. from quant.scast) dequantizes with the same formula.
TEST(Dcast, NoClampToNarrowBounds) {
  QuantType t = perLayer(sInt(8), numeric::f32Format(), 0.5, 0, std::make_pair(-127, 127));
  EXPECT_TRUE(isBits(dcast(t, -128), f32Bits(-64.0f)));
  QuantType u = perLayer(uInt(4), numeric::f32Format(), 2.0, 3, std::make_pair(2, 12));
  EXPECT_TRUE(isBits(dcast(u, 15), f32Bits(24.0f)));
  EXPECT_TRUE(isBits(dcast(u, 0), f32Bits(-6.0f)));
}

// [dcast.steps] [format.nan] u32 zero point 4e9 is +inf in f16: stored 4e9
// gives inf - inf = the default NaN 0x7E00 (a value, not poison); stored 0
// gives -inf. `exact`: (0 - 4e9) * 1 rounds to -inf, (4e9 - 4e9) * 1 = +0.
TEST(Dcast, InfinityMinusInfinityIsNaN) {
  QuantType t = perLayer(uInt(32), fmt("f16"), 1.0, 4000000000LL);
  EXPECT_TRUE(isBits(dcast(t, 4000000000LL), 0x7E00));
  EXPECT_TRUE(isBits(dcast(t, 0), 0xFC00));
  EXPECT_TRUE(isBits(dcast(t, 4000000000LL, Sem().exact()), 0x0000));
  EXPECT_TRUE(isBits(dcast(t, 0, Sem().exact()), 0xFC00));
  // Toward-zero arithmetic: 4e9 converts to 65504, 0 - 65504 = -65504.
  EXPECT_TRUE(isBits(dcast(t, 0, Sem().arith(RoundingMode::TowardZero)), 0xFBFF));
}

// [dcast.steps] [format.nonfinite] f8E4M3FN has no infinity: an overflow
// is the NaN of the overflow's sign (0x7F / 0xFF), never poison.
TEST(Dcast, NanOnlyFormatOverflow) {
  QuantType t = perLayer(sInt(8), fmt("f8E4M3FN"), 2.0, -128);
  // 127 -> 128 (4 significant bits); 128 - (-128) = 256; 256 * 2 = 512 > 448.
  EXPECT_TRUE(isBits(dcast(t, 127), 0x7F));
  EXPECT_TRUE(isBits(dcast(t, 127, Sem().exact()), 0x7F)); // 510 -> NaN
  EXPECT_TRUE(isBits(dcast(t, -128), 0x00));              // +0
  // -20 - (-128) = 108: a tie between 104 and 112 -> 112 (even significand
  // 1.110); 112 * 2 = 224 = 0x76. `exact`: 216, a tie -> 224 as well.
  EXPECT_TRUE(isBits(dcast(t, -20), 0x76));
  EXPECT_TRUE(isBits(dcast(t, -20, Sem().exact()), 0x76));
  QuantType n = perLayer(sInt(8), fmt("f8E4M3FN"), 2.0, 127);
  EXPECT_TRUE(isBits(dcast(n, -128), 0xFF)); // (-128 - 128) * 2 = -512
  EXPECT_TRUE(isBits(dcast(n, -128, Sem().exact()), 0xFF)); // -510
  // Toward-zero arithmetic: 512 becomes the largest finite, 448 (0x7E).
  EXPECT_TRUE(isBits(dcast(t, 127, Sem().arith(RoundingMode::TowardZero)), 0x7E));
  // An i16 stored value that overflows the int -> float conversion: NaN with
  // the sign of the value, propagated through - and *.
  QuantType w = perLayer(sInt(16), fmt("f8E4M3FN"), 1.0);
  EXPECT_TRUE(isBits(dcast(w, -1000), 0xFF));
  EXPECT_TRUE(isBits(dcast(w, 1000), 0x7F));
  EXPECT_TRUE(isBits(dcast(w, 464), 0x7E)); // tie 448 / 480 -> 448 (even)
  EXPECT_TRUE(isBits(dcast(w, 465), 0x7F)); // rounds to 480: overflow -> NaN
}

// [dcast.exact] a non-finite stored scale (rejected by MLIR's verifier, but
// constructible) follows IEEE: (q - zp) * inf = +-inf, 0 * inf = NaN; in a
// format without NaN (f4E2M1FN) that NaN is poison, and infinity becomes
// the largest finite value 6.0 (0x7) as in stepwise arithmetic.
TEST(Dcast, NonFiniteScaleUnderExact) {
  const double inf = std::numeric_limits<double>::infinity();
  QuantType t = perLayer(sInt(8), numeric::f32Format(), inf, 2);
  EXPECT_TRUE(isBits(dcast(t, 3, Sem().exact()), 0x7F800000));
  EXPECT_TRUE(isBits(dcast(t, 1, Sem().exact()), 0xFF800000));
  EXPECT_TRUE(isBits(dcast(t, 2, Sem().exact()), 0x7FC00000));
  EXPECT_TRUE(isBits(dcast(t, 3), 0x7F800000)); // stepwise agrees
  EXPECT_TRUE(isBits(dcast(t, 2), 0x7FC00000));
  QuantType f4 = perLayer(sInt(8), fmt("f4E2M1FN"), inf, 2);
  EXPECT_TRUE(dcast(f4, 2, Sem().exact()).poison);
  EXPECT_TRUE(isBits(dcast(f4, 3, Sem().exact()), 0x7));
  EXPECT_TRUE(isBits(dcast(f4, 3), 0x7));
}

} // namespace
} // namespace qi::quant::test
