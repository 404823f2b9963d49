//===- IntFormatTest.cpp - Integer formats of widths 1..64 ----------------===//
//
// Spec: [int.model] [int.wrap] [int.saturate]. Exhaustive for widths 1..16
// (signed and unsigned) against an independent int64 reference; spot checks
// at 31, 32, 63 and 64.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/IntFormat.h"

#include <gtest/gtest.h>

namespace qi::numeric {
namespace {

TEST(IntFormat, ExhaustiveWidths1To16_IntModel_IntWrap_IntSaturate) {
  long checks = 0;
  for (unsigned w = 1; w <= 16; ++w) {
    for (bool s : {true, false}) {
      IntFormat f{w, s};
      const int64_t mod = int64_t(1) << w;
      const int64_t lo = s ? -(mod / 2) : 0, hi = s ? mod / 2 - 1 : mod - 1;
      ASSERT_EQ(f.min(), lo) << f.name();
      ASSERT_EQ(f.max(), hi) << f.name();
      ASSERT_EQ(f.name(), (s ? "i" : "u") + std::to_string(w));
      // wrap / saturate / contains over [-2^(w+1), 2^(w+1)].
      for (int64_t v = -2 * mod; v <= 2 * mod; ++v) {
        int64_t r = ((v % mod) + mod) % mod;
        if (s && r > hi)
          r -= mod;
        int64_t sat = v < lo ? lo : (v > hi ? hi : v);
        BigInt bv = v;
        ASSERT_EQ(f.wrap(bv), r) << f.name() << " wrap " << v;
        ASSERT_EQ(f.saturate(bv), sat) << f.name() << " saturate " << v;
        ASSERT_EQ(f.contains(bv), v >= lo && v <= hi) << f.name() << " " << v;
        checks += 3;
      }
      // Every bit pattern: fromBits / toBits round trip; high bits ignored.
      for (uint64_t b = 0; b < uint64_t(mod); ++b) {
        int64_t value = (s && (b >> (w - 1)) & 1) ? int64_t(b) - mod : int64_t(b);
        ASSERT_EQ(f.fromBits(b), value) << f.name() << " " << b;
        ASSERT_EQ(f.fromBits(b | (~uint64_t(0) << w)), value) << f.name();
        ASSERT_EQ(f.fromBitsSmall(b), value) << f.name();
        ASSERT_EQ(f.toBits(BigInt(value)), b) << f.name() << " " << value;
        checks += 4;
      }
    }
  }
  std::printf("[int] exhaustive checks=%ld\n", checks);
}

TEST(IntFormat, SpotChecksWideWidths_IntModel_IntWrap_IntSaturate) {
  for (unsigned w : {31u, 32u, 63u, 64u}) {
    for (bool s : {true, false}) {
      IntFormat f{w, s};
      BigInt mod = BigInt(1) << w;
      BigInt lo = s ? BigInt(-(mod / 2)) : BigInt(0);
      BigInt hi = s ? BigInt(mod / 2 - 1) : BigInt(mod - 1);
      EXPECT_EQ(f.min(), lo);
      EXPECT_EQ(f.max(), hi);
      EXPECT_EQ(f.wrap(hi + 1), lo) << f.name();
      EXPECT_EQ(f.wrap(lo - 1), hi) << f.name();
      EXPECT_EQ(f.wrap(mod * 5 + 7), 7) << f.name();
      EXPECT_EQ(f.wrap(BigInt(-1)), s ? BigInt(-1) : BigInt(mod - 1)) << f.name();
      EXPECT_EQ(f.saturate(hi + 12345), hi);
      EXPECT_EQ(f.saturate(lo - 12345), lo);
      EXPECT_EQ(f.saturate(BigInt(42)), 42);
      for (BigInt v : {lo, hi, BigInt(0), BigInt(1), BigInt(hi / 3)}) {
        uint64_t bits = f.toBits(v);
        EXPECT_EQ(f.fromBits(bits), v) << f.name() << " " << v.str();
        if (w < 64 || s) { // braces: EXPECT_* ends in an if/else of its own
          EXPECT_EQ(BigInt(f.fromBitsSmall(bits)), v) << f.name();
        }
      }
      EXPECT_EQ(f.toBits(lo), s ? (uint64_t(1) << (w - 1)) : 0u) << f.name();
    }
  }
  // Worked examples of spec/numeric.md [int.wrap] / [int.saturate].
  IntFormat i8{8, true}, u8{8, false};
  EXPECT_EQ(i8.wrap(200), -56);
  EXPECT_EQ(u8.wrap(-1), 255);
  EXPECT_EQ(i8.saturate(200), 127);
  EXPECT_EQ(i8.saturate(-200), -128);
  EXPECT_EQ(u8.saturate(-5), 0);
  EXPECT_EQ(i8.toBits(-56), 0xc8u);
  EXPECT_EQ(IntFormat({1, true}).max(), 0);
  EXPECT_EQ(IntFormat({1, true}).min(), -1);
}

// Regression (docs/reliability.md, found by UBSan): fromBitsSmall of a
// negative i63 pattern computed bits - 2^63 in int64_t (signed overflow).
TEST(IntFormat, FromBitsSmallSignedWidth63NoOverflow_IntModel) {
  IntFormat i63{63, true}, i62{62, true};
  EXPECT_EQ(i63.fromBitsSmall(uint64_t(1) << 62), INT64_MIN / 2);   // i63 min
  EXPECT_EQ(i63.fromBitsSmall((uint64_t(1) << 63) - 1), -1);
  EXPECT_EQ(i63.fromBitsSmall(~uint64_t(0)), -1);                   // high bit ignored
  EXPECT_EQ(i63.fromBitsSmall((uint64_t(1) << 62) - 1), INT64_MAX / 2); // i63 max
  EXPECT_EQ(i62.fromBitsSmall(uint64_t(1) << 61), -(int64_t(1) << 61));
  EXPECT_EQ(IntFormat({64, true}).fromBitsSmall(uint64_t(1) << 63), INT64_MIN);
}

} // namespace
} // namespace qi::numeric
