//===- QcastClampTest.cpp - [qcast.steps] clamp to storageMin/Max ---------===//
//
// Spec: [qcast.steps] step 5 (clamp(storedValue, storageMin, storageMax)),
// [qtype.model] (narrow bounds, zero points anywhere in the storage type),
// [sem.overflow-policy] (the policy applies only to the storage *type*
// range; narrow bounds always clamp).
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

namespace qi::quant::test {
namespace {

const FloatFormat &kF32 = numeric::f32Format();

// [qcast.steps] i8<-127:127>: symmetric narrow range.
TEST(QcastClamp, NarrowI8) {
  QuantType t = perLayer(sInt(8), kF32, 1.0, 0, std::make_pair(-127, 127));
  EXPECT_TRUE(isStored(qcastF32(t, -128.0f), -127));
  EXPECT_TRUE(isStored(qcastF32(t, -127.5f), -127)); // tie -> -128 (even) -> -127
  EXPECT_TRUE(isStored(qcastF32(t, -200.0f), -127)); // saturate -128, clamp -127
  EXPECT_TRUE(isStored(qcastF32(t, 127.4f), 127));
  EXPECT_TRUE(isStored(qcastF32(t, 200.0f), 127));
  EXPECT_TRUE(isStored(qcastF32(t, -126.6f), -127));
}

// [qcast.steps] u4 full range 0..15 and narrow u4<2:12>.
TEST(QcastClamp, U4) {
  QuantType t = perLayer(uInt(4), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(t, -3.0f), 0));
  EXPECT_TRUE(isStored(qcastF32(t, -0.5f), 0)); // tie -> 0
  EXPECT_TRUE(isStored(qcastF32(t, 7.5f), 8));
  EXPECT_TRUE(isStored(qcastF32(t, 14.5f), 14));
  EXPECT_TRUE(isStored(qcastF32(t, 15.5f), 15)); // 16 saturates to 15
  QuantType n = perLayer(uInt(4), kF32, 1.0, 0, std::make_pair(2, 12));
  EXPECT_TRUE(isStored(qcastF32(n, 1.0f), 2));
  EXPECT_TRUE(isStored(qcastF32(n, 0.0f), 2));
  EXPECT_TRUE(isStored(qcastF32(n, 13.0f), 12));
  EXPECT_TRUE(isStored(qcastF32(n, 7.0f), 7));
}

// [qcast.steps] i1 holds -1..0, u1 holds 0..1.
TEST(QcastClamp, OneBitStorage) {
  QuantType i1 = perLayer(sInt(1), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(i1, 0.7f), 0)); // 1 saturates to 0
  EXPECT_TRUE(isStored(qcastF32(i1, -0.5f), 0)); // tie -> 0 (even)
  EXPECT_TRUE(isStored(qcastF32(i1, -0.6f), -1));
  EXPECT_TRUE(isStored(qcastF32(i1, -1.5f), -1)); // tie -> -2 -> saturate -1
  EXPECT_TRUE(isStored(qcastF32(i1, -5.0f), -1));
  QuantType u1 = perLayer(uInt(1), kF32, 1.0);
  EXPECT_TRUE(isStored(qcastF32(u1, 0.5f), 0));
  EXPECT_TRUE(isStored(qcastF32(u1, 0.51f), 1));
  EXPECT_TRUE(isStored(qcastF32(u1, 1.5f), 1)); // tie -> 2 -> saturate 1
  EXPECT_TRUE(isStored(qcastF32(u1, 2.0f), 1));
  EXPECT_TRUE(isStored(qcastF32(u1, -1.0f), 0));
  // i1 with zero point -1: 0.0 -> -1, 1.0 -> 0.
  QuantType i1z = perLayer(sInt(1), kF32, 1.0, -1);
  EXPECT_TRUE(isStored(qcastF32(i1z, 0.0f), -1));
  EXPECT_TRUE(isStored(qcastF32(i1z, 1.0f), 0));
}

// [qtype.model] zero points at the storage extremes.
TEST(QcastClamp, ZeroPointAtStorageExtremes) {
  QuantType lo = perLayer(sInt(8), kF32, 1.0, -128);
  EXPECT_TRUE(isStored(qcastF32(lo, 0.0f), -128));
  EXPECT_TRUE(isStored(qcastF32(lo, 255.0f), 127));
  EXPECT_TRUE(isStored(qcastF32(lo, 256.0f), 127));
  EXPECT_TRUE(isStored(qcastF32(lo, -1.0f), -128));
  QuantType hi = perLayer(sInt(8), kF32, 1.0, 127);
  EXPECT_TRUE(isStored(qcastF32(hi, 0.0f), 127));
  EXPECT_TRUE(isStored(qcastF32(hi, 1.0f), 127));
  EXPECT_TRUE(isStored(qcastF32(hi, -255.0f), -128));
  EXPECT_TRUE(isStored(qcastF32(hi, -254.5f), -128)); // -127.5 -> -128 (even)
  QuantType u = perLayer(uInt(8), kF32, 2.0, 255);
  EXPECT_TRUE(isStored(qcastF32(u, 0.0f), 255));
  EXPECT_TRUE(isStored(qcastF32(u, -510.0f), 0));
  EXPECT_TRUE(isStored(qcastF32(u, -509.0f), 0)); // -254.5 + 255 = 0.5 -> 0
  EXPECT_TRUE(isStored(qcastF32(u, -507.0f), 2)); // 1.5 -> 2
}

// [qtype.model] u32 with zero point 4000000000 (= 15625000 * 2^8, exact in
// f32). Stepwise f32: 1.0 + 4e9 rounds back to 4e9 (ulp 256); 3e8 + 4e9 =
// 4.3e9 rounds to 4300000256 (tie 8398437.5 * 512 -> even) and saturates.
TEST(QcastClamp, U32WithLargeZeroPoint) {
  QuantType t = perLayer(uInt(32), kF32, 1.0, 4000000000LL);
  EXPECT_TRUE(isStored(qcastF32(t, 0.0f), 4000000000LL));
  EXPECT_TRUE(isStored(qcastF32(t, 1.0f), 4000000000LL));
  EXPECT_TRUE(isStored(qcastF32(t, 1.0f, Sem().exact()), 4000000001LL));
  EXPECT_TRUE(isStored(qcastF32(t, 3e8f), 4294967295LL));
  EXPECT_TRUE(isStored(qcastF32(t, -4e9f), 0));
  EXPECT_TRUE(isStored(qcastF32(t, -5e9f), 0));
  EXPECT_TRUE(isStored(qcastF32(t, -3999999744.0f), 256));
  // f64 expressed: every step exact here.
  QuantType d = perLayer(uInt(32), numeric::f64Format(), 1.0, 4000000000LL);
  EXPECT_TRUE(isStored(qcastF64(d, 1.0), 4000000001LL));
  EXPECT_TRUE(isStored(qcastF64(d, 294967295.0), 4294967295LL));
  EXPECT_TRUE(isStored(qcastF64(d, 294967295.5), 4294967295LL)); // 2^32 (even) saturates
  EXPECT_TRUE(isStored(qcastF64(d, -3999999999.5), 0));          // 0.5 -> 0
}

// [sem.overflow-policy] narrow bounds clamp under every policy: the policy
// only fires outside the storage type's range.
TEST(QcastClamp, NarrowBoundsClampEvenUnderPoisonPolicy) {
  QuantType t = perLayer(sInt(8), kF32, 1.0, 0, std::make_pair(-100, 100));
  for (OverflowPolicy p :
       {OverflowPolicy::Saturate, OverflowPolicy::Poison, OverflowPolicy::Wrap}) {
    EXPECT_TRUE(isStored(qcastF32(t, 120.0f, Sem().overflow(p)), 100));
    EXPECT_TRUE(isStored(qcastF32(t, -127.0f, Sem().overflow(p)), -100));
  }
}

} // namespace
} // namespace qi::quant::test
