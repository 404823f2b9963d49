//===- SmallFloatOracleTest.cpp - Prove the 8-bit oracle before trusting it -===//
//
// SmallFloatOracle (the golden tests' independent model of the 8-bit formats
// SlowPathOracle lacks) is checked two ways: (1) against SlowPathOracle, a
// separately written implementation, on every input of the two 8-bit
// formats both model (f8E4M3FN, f8E5M2), under the reference, exact and
// mlir-lower-quant-ops knobs; (2) on hand-computed values of the formats only
// it models (f8E4M3, f8E3M4, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ,
// f6E2M3FN, f6E3M2FN, f4E2M1FN, tf32), from spec/numeric.md [format.table].
//
//===----------------------------------------------------------------------===//
#include "generators/tests/SmallFloatOracle.h"
#include "interpreter/quant/tests/SlowPathOracle.h"

#include "interpreter/quant/QuantTypeBuilder.h"

#include <gtest/gtest.h>

using namespace qi;
using qi::quant::QuantType;

namespace {

const numeric::FloatFormat &fmt(const char *name) { return *numeric::findFloatFormat(name); }

quant::Semantics knobs(const char *profile) {
  quant::Semantics p = *quant::findProfile(profile), s;
  s.rounding = p.rounding;
  s.arithRounding = p.arithRounding;
  s.nan = p.nan;
  s.overflow = p.overflow;
  return s;
}

TEST(SmallFloatOracle, AgreesWithSlowPathOracleOnE4M3FNAndE5M2) {
  size_t compared = 0;
  for (const char *name : {"f8E4M3FN", "f8E5M2"}) {
    for (double scale : {0.1, 0.25, 1.0, 3.0, 0.0078125, 100.0}) {
      for (int64_t zp : {0, -3, 100}) {
        for (numeric::IntFormat st : {numeric::IntFormat{8, true}, numeric::IntFormat{4, false}}) {
          if (!st.contains(zp))
            continue;
          QuantType t = quant::build::perLayer(st, {}, fmt(name), scale, zp);
          for (const char *profile : {"reference", "exact", "mlir-lower-quant-ops"}) {
            quant::Semantics s = knobs(profile);
            for (uint64_t x = 0; x < 256; ++x) {
              auto a = generators::oracle::qcast(t, s, 0, x);
              auto b = quant::slow::qcast(t, s, 0, x);
              ASSERT_EQ(a.poison, b.poison) << name << " " << scale << ":" << zp << " x=" << x;
              if (!a.poison) { // braces: ASSERT_* ends in an if/else of its own
                ASSERT_EQ(a.value, b.value) << name << " " << scale << ":" << zp << " x=" << x;
              }
              ++compared;
            }
            for (int64_t q = int64_t(st.min()); q <= int64_t(st.max()); ++q) {
              auto a = generators::oracle::dcast(t, s, 0, q);
              auto b = quant::slow::dcast(t, s, 0, q);
              ASSERT_EQ(a.bits, b.bits) << name << " " << scale << ":" << zp << " q=" << q;
              ++compared;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 20000u);
}

/// dcast(q) with scale 1, zero point 0: the bit pattern of q in the format.
uint64_t dcastBits(const char *name, int64_t q, double scale = 1.0, int64_t zp = 0) {
  QuantType t = quant::build::perLayer({16, true}, {}, fmt(name), scale, zp);
  return generators::oracle::dcast(t, knobs("reference"), 0, q).bits;
}

TEST(SmallFloatOracle, HandComputedValues) {
  // 1.0: exponent field = bias, fraction 0.
  EXPECT_EQ(dcastBits("f8E4M3", 1), 0x38u);        // bias 7, 3 fraction bits
  EXPECT_EQ(dcastBits("f8E3M4", 1), 0x30u);        // bias 3, 4 fraction bits
  EXPECT_EQ(dcastBits("f8E5M2FNUZ", 1), 0x40u);    // bias 16
  EXPECT_EQ(dcastBits("f8E4M3FNUZ", 1), 0x40u);    // bias 8
  EXPECT_EQ(dcastBits("f8E4M3B11FNUZ", 1), 0x58u); // bias 11
  // Largest finite values (spec/numeric.md [format.table]).
  EXPECT_EQ(dcastBits("f8E4M3", 240), 0x77u);
  EXPECT_EQ(dcastBits("f8E3M4", 15, 1.0), 0x6Eu);  // 15 = 1.875 * 2^3
  EXPECT_EQ(dcastBits("f8E4M3FNUZ", 240), 0x7Fu);
  EXPECT_EQ(dcastBits("f8E4M3B11FNUZ", 30), 0x7Fu);
  EXPECT_EQ(dcastBits("f8E5M2FNUZ", -1), 0xC0u);
  // Overflow under nearest-even: IEEE formats give inf, FNUZ the NaN 0x80.
  EXPECT_EQ(dcastBits("f8E4M3", 256), 0x78u);      // > 240 + 8: +inf
  EXPECT_EQ(dcastBits("f8E4M3", 247), 0x77u);      // below the midpoint 248: 240
  EXPECT_EQ(dcastBits("f8E4M3", 248), 0x78u);      // tie, 240 is odd: up, overflow
  EXPECT_EQ(dcastBits("f8E4M3FNUZ", 300), 0x80u);
  EXPECT_EQ(dcastBits("f8E4M3B11FNUZ", -31), 0x80u);
  // Zero: FNUZ has no -0: (0 - 0) * s is +0.
  EXPECT_EQ(dcastBits("f8E4M3FNUZ", 0, 0.5), 0x00u);
  // Smallest subnormal of f8E4M3B11FNUZ is 2^-13; 2^-14 is a tie with 0 (even).
  EXPECT_EQ(dcastBits("f8E4M3B11FNUZ", 1, 1.0 / 8192), 0x01u);
  // Finite-only formats saturate on overflow; tf32 is f32 with 10 fraction bits.
  EXPECT_EQ(dcastBits("f4E2M1FN", 1), 0x2u);       // bias 1, 1 fraction bit
  EXPECT_EQ(dcastBits("f4E2M1FN", 6), 0x7u);       // the largest value
  EXPECT_EQ(dcastBits("f4E2M1FN", 100), 0x7u);     // saturates, no inf / NaN
  EXPECT_EQ(dcastBits("f4E2M1FN", -100), 0xFu);
  EXPECT_EQ(dcastBits("f6E2M3FN", 1), 0x08u);      // bias 1, 3 fraction bits
  EXPECT_EQ(dcastBits("f6E3M2FN", 28), 0x1Fu);     // the largest value
  EXPECT_EQ(dcastBits("tf32", 1), 0x1FC00u);       // 127 << 10
  EXPECT_EQ(dcastBits("tf32", 2049), 0x22800u);    // tie between 2048 (138 << 10, even) and 2050
  // qcast: the FNUZ NaN 0x80 is NaN (poison under reference), 0x00 is 0.
  QuantType t = quant::build::perLayer({8, true}, {}, fmt("f8E4M3FNUZ"), 0.5, 3);
  EXPECT_TRUE(generators::oracle::qcast(t, knobs("reference"), 0, 0x80).poison);
  EXPECT_EQ(generators::oracle::qcast(t, knobs("reference"), 0, 0x00).value, 3);
  // 1.0 / 0.5 = 2, + 3 = 5.
  EXPECT_EQ(generators::oracle::qcast(t, knobs("reference"), 0, 0x40).value, 5);
}

} // namespace
