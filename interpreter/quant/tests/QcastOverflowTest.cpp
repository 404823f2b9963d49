//===- QcastOverflowTest.cpp - [sem.overflow-policy] ----------------------===//
//
// Spec: [sem.overflow-policy], [qcast.steps] step 4: +-inf and rounded values
// outside the storage *type* range go through the overflow policy (saturate,
// the default; poison; wrap modulo 2^width), then the clamp of step 5.
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

#include <limits>

namespace qi::quant::test {
namespace {

const FloatFormat &kF32 = numeric::f32Format();
const float kInf = std::numeric_limits<float>::infinity();

// [sem.overflow-policy] saturate: +-inf -> the type's extremes, then clamp.
TEST(QcastOverflow, SaturateInfinities) {
  QuantType i8 = perLayer(sInt(8), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(i8, kInf), 127));
  EXPECT_TRUE(isStored(qcastF32(i8, -kInf), -128));
  QuantType narrow = perLayer(sInt(8), kF32, 1.0, 0, std::make_pair(-127, 127));
  EXPECT_TRUE(isStored(qcastF32(narrow, -kInf), -127));
  QuantType u8 = perLayer(uInt(8), kF32, 0.5, 10);
  EXPECT_TRUE(isStored(qcastF32(u8, -kInf), 0));
  EXPECT_TRUE(isStored(qcastF32(u8, kInf), 255));
  // Also under `exact` arithmetic.
  EXPECT_TRUE(isStored(qcastF32(i8, kInf, Sem().exact()), 127));
  EXPECT_TRUE(isStored(qcastF32(i8, -kInf, Sem().exact()), -128));
}

// [sem.overflow-policy] saturate finite values far outside the type,
// including |t| >= 2^31 (no host int conversion UB) and f32 max.
TEST(QcastOverflow, SaturateHugeFiniteValues) {
  QuantType i32 = perLayer(sInt(32), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(i32, 2147483648.0f), 2147483647));
  EXPECT_TRUE(isStored(qcastF32(i32, -2147483648.0f), -2147483648LL));
  EXPECT_TRUE(isStored(qcastF32(i32, -2147483904.0f), -2147483648LL));
  EXPECT_TRUE(isStored(qcastF32(i32, 1e10f), 2147483647));
  EXPECT_TRUE(isStored(qcastF32(i32, std::numeric_limits<float>::max()), 2147483647));
  EXPECT_TRUE(isStored(qcastF32(i32, -std::numeric_limits<float>::max()), -2147483648LL));
  QuantType i8 = perLayer(sInt(8), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(i8, 1e30f), 127));
  EXPECT_TRUE(isStored(qcastF32(i8, -1e30f), -128));
  QuantType u32 = perLayer(uInt(32), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(u32, 4294967296.0f), 4294967295LL));
  EXPECT_TRUE(isStored(qcastF32(u32, 4294967040.0f), 4294967040LL));
  // f64: 2^31 - 0.5 is a tie: nearest-even -> 2^31 (saturates to 2^31 - 1),
  // toward-zero -> 2^31 - 1 (in range).
  QuantType d = perLayer(sInt(32), numeric::f64Format(), 1.0);
  EXPECT_TRUE(isStored(qcastF64(d, 2147483647.5), 2147483647));
  EXPECT_TRUE(isStored(qcastF64(d, 2147483647.5, Sem().rounding(RoundingMode::TowardZero)),
                       2147483647));
  EXPECT_TRUE(isStored(qcastF64(d, -2147483648.5), -2147483648LL)); // tie -> -2^31 (even)
  EXPECT_TRUE(isStored(qcastF64(d, -2147483649.5), -2147483648LL));
}

// [sem.overflow-policy] poison: out of the type -> poison; inside the type
// but outside narrow bounds -> clamp, not poison.
TEST(QcastOverflow, PoisonPolicy) {
  const Semantics s = Sem().overflow(OverflowPolicy::Poison);
  QuantType i8 = perLayer(sInt(8), kF32, 1.0);
  EXPECT_TRUE(isPoison(qcastF32(i8, 300.0f, s)));
  EXPECT_TRUE(isPoison(qcastF32(i8, 127.5f, s))); // tie -> 128
  EXPECT_TRUE(isStored(qcastF32(i8, 127.4f, s), 127));
  EXPECT_TRUE(isStored(qcastF32(i8, -128.5f, s), -128)); // tie -> -128 (even)
  EXPECT_TRUE(isPoison(qcastF32(i8, -129.0f, s)));
  EXPECT_TRUE(isPoison(qcastF32(i8, kInf, s)));
  EXPECT_TRUE(isPoison(qcastF32(i8, -kInf, s)));
  QuantType narrow = perLayer(sInt(8), kF32, 1.0, 0, std::make_pair(-10, 10));
  EXPECT_TRUE(isStored(qcastF32(narrow, 100.0f, s), 10));
  EXPECT_TRUE(isPoison(qcastF32(narrow, 128.0f, s)));
}

// [sem.overflow-policy] wrap: modulo 2^width into the type, then clamp;
// infinities have no integer to wrap and are poison.
TEST(QcastOverflow, WrapPolicy) {
  const Semantics s = Sem().overflow(OverflowPolicy::Wrap);
  QuantType i8 = perLayer(sInt(8), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(i8, 300.0f, s), 44));
  EXPECT_TRUE(isStored(qcastF32(i8, 128.0f, s), -128));
  EXPECT_TRUE(isStored(qcastF32(i8, -200.0f, s), 56));
  EXPECT_TRUE(isStored(qcastF32(i8, 255.5f, s), 0)); // 256 (even) -> 0
  EXPECT_TRUE(isPoison(qcastF32(i8, kInf, s)));
  EXPECT_TRUE(isPoison(qcastF32(i8, -kInf, s)));
  QuantType u8 = perLayer(uInt(8), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(u8, 256.0f, s), 0));
  EXPECT_TRUE(isStored(qcastF32(u8, -1.0f, s), 255));
  EXPECT_TRUE(isStored(qcastF32(u8, 1000.0f, s), 232));
  // Wrap first, then clamp to the narrow bounds: 200 -> -56 -> clamp -50,
  // 300 -> 44 (inside), 160 -> -96 -> clamp -50.
  QuantType narrow = perLayer(sInt(8), kF32, 1.0, 0, std::make_pair(-50, 50));
  EXPECT_TRUE(isStored(qcastF32(narrow, 200.0f, s), -50));
  EXPECT_TRUE(isStored(qcastF32(narrow, 300.0f, s), 44));
  EXPECT_TRUE(isStored(qcastF32(narrow, 160.0f, s), -50));
  QuantType narrow2 = perLayer(sInt(8), kF32, 1.0, 0, std::make_pair(-100, 100));
  EXPECT_TRUE(isStored(qcastF32(narrow2, 200.0f, s), -56));
  // i32: 2^31 wraps to -2^31; 3e9 wraps to 3e9 - 2^32.
  QuantType i32 = perLayer(sInt(32), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(i32, 2147483648.0f, s), -2147483648LL));
  EXPECT_TRUE(isStored(qcastF32(i32, 3e9f, s), -1294967296LL));
  // u32 zp 4e9: stepwise f32 gives 4300000256 -> 5032960; exact gives
  // 4300000000 -> 5032704.
  QuantType u32 = perLayer(uInt(32), kF32, 1.0, 4000000000LL);
  EXPECT_TRUE(isStored(qcastF32(u32, 3e8f, s), 5032960));
  EXPECT_TRUE(isStored(qcastF32(u32, 3e8f, Sem().exact().overflow(OverflowPolicy::Wrap)),
                       5032704));
}

// [sem.overflow-policy] with stepwise arithmetic an f16 division can
// overflow to +inf before the integer step: 65504 / 2^-10 -> +inf in f16 ->
// saturate (type max) or poison under wrap; `exact` sees 67076096 and wraps
// it (67076096 mod 2^16 = 32768 -> i16 -32768).
TEST(QcastOverflow, ExpressedOverflowBeforeTheIntegerStep) {
  QuantType t = perLayer(sInt(16), fmt("f16"), 0.0009765625);
  const Bits kMaxF16 = 0x7BFF; // 65504
  EXPECT_TRUE(isStored(qcast(t, kMaxF16), 32767));
  EXPECT_TRUE(isPoison(qcast(t, kMaxF16, Sem().overflow(OverflowPolicy::Wrap))));
  EXPECT_TRUE(isStored(qcast(t, kMaxF16, Sem().exact().overflow(OverflowPolicy::Wrap)),
                       -32768));
  // Arith toward-zero: the overflow gives the largest finite f16, 65504.
  EXPECT_TRUE(isStored(qcast(t, kMaxF16, Sem()
                                             .arith(RoundingMode::TowardZero)
                                             .overflow(OverflowPolicy::Wrap)),
                       -32)); // 65504 mod 65536 = 65504 -> -32
}

} // namespace
} // namespace qi::quant::test
