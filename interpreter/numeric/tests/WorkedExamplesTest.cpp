//===- WorkedExamplesTest.cpp - The worked examples of spec/numeric.md ----===//
//
// One test per clause of spec/numeric.md, named after its clause ID, holding
// exactly the examples written in that clause (bits and flags).
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/tests/TestUtil.h"

#include "interpreter/numeric/FloatOps.h"
#include "interpreter/numeric/IntFormat.h"

#include <gtest/gtest.h>

namespace qi::numeric::test {
namespace {

const FloatFormat &fmt(const char *name) {
  const FloatFormat *f = findFloatFormat(name);
  EXPECT_NE(f, nullptr) << name;
  return *f;
}
Exact ratio(const BigInt &n, const BigInt &d, int64_t e = 0) {
  return Exact::fromRatio(n, d, e);
}
constexpr RoundingMode NE = RoundingMode::NearestEven, NA = RoundingMode::NearestAway,
                       NU = RoundingMode::NearestUp, TZ = RoundingMode::TowardZero,
                       TP = RoundingMode::TowardPositive, TN = RoundingMode::TowardNegative,
                       ODD = RoundingMode::Odd;
constexpr uint8_t INV = Status::Invalid, DZ = Status::DivideByZero, OF = Status::Overflow,
                  UF = Status::Underflow, INX = Status::Inexact;

#define EXPECT_RESULT(expr, wantBits, wantFlags)                                           \
  do {                                                                                    \
    FloatResult r_ = (expr);                                                              \
    EXPECT_EQ(hex(r_.bits), hex(Bits(wantBits))) << #expr;                                \
    EXPECT_EQ(int(r_.status.flags), int(wantFlags)) << #expr;                             \
  } while (0)

TEST(Spec, FormatModel) { // [format.model]
  // value = significand * 2^(exponent - precision + 1); f32 1.0 = 0x3F800000.
  EXPECT_EQ(decode(f32Format(), 0x3f800000).toString(), "8388608*2^-23");
  EXPECT_EQ(f32Format().exponentBits(), 8u);
  EXPECT_EQ(f80Format().fractionBits(), 64u); // explicit integer bit
  EXPECT_EQ(fmt("f8E8M0FNU").fractionBits(), 0u);
  EXPECT_FALSE(fmt("f8E8M0FNU").hasSign);
}

TEST(Spec, FormatTable) { // [format.table]
  struct Row { const char *name; unsigned bits, p; int emin, emax, bias; uint64_t maxBits; const char *max; const char *minSub; };
  const Row rows[] = {
      {"f16", 16, 11, -14, 15, 15, 0x7bff, "2047*2^5", "1*2^-24"},
      {"bf16", 16, 8, -126, 127, 127, 0x7f7f, "255*2^120", "1*2^-133"},
      {"f32", 32, 24, -126, 127, 127, 0x7f7fffff, "16777215*2^104", "1*2^-149"},
      {"f64", 64, 53, -1022, 1023, 1023, 0x7fefffffffffffff, "9007199254740991*2^971", "1*2^-1074"},
      {"tf32", 19, 11, -126, 127, 127, 0x3fbff, "2047*2^117", "1*2^-136"},
      {"f8E5M2", 8, 3, -14, 15, 15, 0x7b, "7*2^13", "1*2^-16"},
      {"f8E4M3", 8, 4, -6, 7, 7, 0x77, "15*2^4", "1*2^-9"},
      {"f8E4M3FN", 8, 4, -6, 8, 7, 0x7e, "14*2^5", "1*2^-9"},
      {"f8E5M2FNUZ", 8, 3, -15, 15, 16, 0x7f, "7*2^13", "1*2^-17"},
      {"f8E4M3FNUZ", 8, 4, -7, 7, 8, 0x7f, "15*2^4", "1*2^-10"},
      {"f8E4M3B11FNUZ", 8, 4, -10, 4, 11, 0x7f, "15*2^1", "1*2^-13"},
      {"f8E3M4", 8, 5, -2, 3, 3, 0x6f, "31*2^-1", "1*2^-6"},
      {"f8E8M0FNU", 8, 1, -127, 127, 127, 0xfe, "1*2^127", "1*2^-127"},
      {"f6E2M3FN", 6, 4, 0, 2, 1, 0x1f, "15*2^-1", "1*2^-3"},
      {"f6E3M2FN", 6, 3, -2, 4, 3, 0x1f, "7*2^2", "1*2^-4"},
      {"f4E2M1FN", 4, 2, 0, 2, 1, 0x7, "3*2^1", "1*2^-1"},
  };
  for (const Row &r : rows) {
    const FloatFormat &f = fmt(r.name);
    EXPECT_EQ(f.sizeInBits, r.bits) << r.name;
    EXPECT_EQ(f.precision, r.p) << r.name;
    EXPECT_EQ(f.minExponent, r.emin) << r.name;
    EXPECT_EQ(f.maxExponent, r.emax) << r.name;
    EXPECT_EQ(f.bias(), r.bias) << r.name;
    EXPECT_EQ(hex(largestFinite(f, false)), hex(r.maxBits)) << r.name;
    EXPECT_EQ(decode(f, r.maxBits).toString(), r.max) << r.name;
    EXPECT_EQ(decode(f, 1).toString() == r.minSub || decode(f, 0).toString() == r.minSub,
              true) << r.name;
  }
  EXPECT_EQ(allFloatFormats().size(), 18u);
}

TEST(Spec, FormatEncoding) { // [format.encoding]
  const FloatFormat &e4m3fn = fmt("f8E4M3FN");
  EXPECT_EQ(decode(e4m3fn, 0x7e).toString(), "14*2^5");   // 448
  EXPECT_EQ(decode(e4m3fn, 0x01).toString(), "1*2^-9");   // min subnormal
  EXPECT_EQ(decode(f16Format(), 0x3c00).toString(), "1024*2^-10");
  EXPECT_EQ(decode(fmt("f8E8M0FNU"), 0x7f).toString(), "1");      // 2^0
  EXPECT_EQ(decode(fmt("f8E8M0FNU"), 0x00).toString(), "1*2^-127");
  EXPECT_EQ(decode(f80Format(), (Bits(0x3fff) << 64) | (Bits(1) << 63)).toString(),
            "9223372036854775808*2^-63"); // f80 1.0
  EXPECT_EQ(classify(fmt("f8E4M3FNUZ"), 0x80), FloatClass::QuietNaN);
  EXPECT_EQ(classify(e4m3fn, 0x7f), FloatClass::QuietNaN);
  EXPECT_EQ(classify(e4m3fn, 0x78), FloatClass::Normal); // 256, not infinity
  // x87 unnormal (exponent 0x3fff, integer bit clear): a NaN operand.
  const Bits unnormal = (Bits(0x3fff) << 64) | 0x4000000000000000ull;
  EXPECT_EQ(classify(f80Format(), unnormal), FloatClass::QuietNaN);
  EXPECT_RESULT(floatAdd(f80Format(), unnormal, 0, NE),
                (Bits(0x7fff) << 64) | 0x4000000000000000ull, 0);
}

TEST(Spec, FormatNonfinite) { // [format.nonfinite]
  // Infinity into a NaN-only format is its NaN; into a finite-only format
  // the largest finite value with Overflow|Inexact.
  EXPECT_RESULT(floatConvert(f32Format(), 0x7f800000, fmt("f8E4M3FN"), NE), 0x7f, INX);
  EXPECT_RESULT(floatConvert(f32Format(), 0xff800000, fmt("f8E4M3FN"), NE), 0xff, INX);
  EXPECT_RESULT(floatConvert(f32Format(), 0xff800000, fmt("f8E5M2FNUZ"), NE), 0x80, INX);
  EXPECT_RESULT(floatConvert(f32Format(), 0x7f800000, fmt("f4E2M1FN"), NE), 0x7, OF | INX);
  EXPECT_RESULT(floatConvert(f32Format(), 0xff800000, fmt("f6E3M2FN"), TZ), 0x3f, OF | INX);
  // 1/0 in f8E4M3FN: NaN with DivideByZero.
  EXPECT_RESULT(floatDiv(fmt("f8E4M3FN"), 0x38, 0x00, NE), 0x7f, DZ);
}

TEST(Spec, FormatNan) { // [format.nan]
  const FloatFormat &f = f32Format();
  // First NaN operand, quieted; a signaling operand raises Invalid.
  EXPECT_RESULT(floatAdd(f, 0x7fc00001, 0x7f800002, NE), 0x7fc00001, INV);
  EXPECT_RESULT(floatAdd(f, 0x3f800000, 0x7f800002, NE), 0x7fc00002, INV);
  EXPECT_RESULT(floatMul(f, 0xffc00005, 0x7fc00007, NE), 0xffc00005, 0);
  // Invalid operations give the default NaN: positive, quiet, no payload.
  EXPECT_RESULT(floatSub(f, 0x7f800000, 0x7f800000, NE), 0x7fc00000, INV);
  EXPECT_RESULT(floatDiv(f, 0x00000000, 0x80000000, NE), 0x7fc00000, INV);
  EXPECT_RESULT(floatMul(f, 0x7f800000, 0x00000000, NE), 0x7fc00000, INV);
  // Conversion keeps the payload left-aligned, sign kept, quieted.
  EXPECT_RESULT(floatConvert(f, 0x7fc00001, f64Format(), NE), 0x7ff8000020000000ull, 0);
  EXPECT_RESULT(floatConvert(f64Format(), 0x7ff0000000000001ull, f, NE), 0x7fc00000, INV);
  EXPECT_RESULT(floatConvert(f, 0xff800001, f16Format(), NE), 0xfe00, INV);
  // FN all-ones NaN carries its all-ones fraction; FNUZ NaN has no sign.
  EXPECT_RESULT(floatConvert(fmt("f8E4M3FN"), 0x7f, f16Format(), NE), 0x7f80, 0);
  EXPECT_RESULT(floatConvert(fmt("f8E4M3FN"), 0xff, f32Format(), NE), 0xfff00000, 0);
  EXPECT_RESULT(floatConvert(fmt("f8E4M3FNUZ"), 0x80, f16Format(), NE), 0x7e00, 0);
  EXPECT_RESULT(floatConvert(f16Format(), 0xfe00, fmt("f8E4M3FN"), NE), 0xff, 0);
  EXPECT_RESULT(floatConvert(f16Format(), 0xfe00, fmt("f8E5M2FNUZ"), NE), 0x80, 0);
  EXPECT_RESULT(floatConvert(fmt("f8E8M0FNU"), 0xff, f32Format(), NE), 0x7fc00000, 0);
  EXPECT_EQ(hex(defaultNaN(f80Format())), "0x7fffc000000000000000");
}

TEST(Spec, FormatOverflow) { // [format.overflow]
  const FloatFormat &f = f32Format(), &e4m3fn = fmt("f8E4M3FN");
  EXPECT_RESULT(floatMul(f, 0x7f7fffff, 0x40000000, NE), 0x7f800000, OF | INX);
  EXPECT_RESULT(floatMul(f, 0x7f7fffff, 0x40000000, TZ), 0x7f7fffff, OF | INX);
  EXPECT_RESULT(floatMul(f, 0xff7fffff, 0x40000000, TP), 0xff7fffff, OF | INX);
  EXPECT_RESULT(floatMul(f, 0xff7fffff, 0x40000000, TN), 0xff800000, OF | INX);
  // f8E4M3FN: 464 is the tie between 448 and the NaN slot; 470 overflows.
  EXPECT_RESULT(intToFloat(464, e4m3fn, NE), 0x7e, INX);
  EXPECT_RESULT(intToFloat(470, e4m3fn, NE), 0x7f, OF | INX);
  EXPECT_RESULT(intToFloat(470, e4m3fn, TZ), 0x7e, INX);
  EXPECT_RESULT(intToFloat(500, e4m3fn, TZ), 0x7e, OF | INX);
  EXPECT_RESULT(intToFloat(-500, e4m3fn, TN), 0xff, OF | INX);
  EXPECT_RESULT(intToFloat(-500, e4m3fn, TP), 0xfe, OF | INX);
  // Finite-only formats saturate in every mode.
  for (RoundingMode m : kAllModes)
    EXPECT_RESULT(intToFloat(100, fmt("f4E2M1FN"), m), 0x7, OF | INX);
  EXPECT_RESULT(intToFloat(BigInt(1) << 128, fmt("f8E8M0FNU"), NE), 0xff, OF | INX);
}

TEST(Spec, FormatUnderflow) { // [format.underflow]
  const FloatFormat &f = f32Format();
  // Min subnormal / 2: tie to even 0, Underflow|Inexact.
  EXPECT_RESULT(floatMul(f, 0x00000001, 0x3f000000, NE), 0x00000000, UF | INX);
  EXPECT_RESULT(floatMul(f, 0x00000001, 0x3f000000, TP), 0x00000001, UF | INX);
  EXPECT_RESULT(floatMul(f, 0x80000001, 0x3f000000, NE), 0x80000000, UF | INX);
  // Exact subnormal results raise nothing.
  EXPECT_RESULT(floatMul(f, 0x00000002, 0x3f000000, NE), 0x00000001, 0);
  // Tininess before rounding: (2^-126)(1 - 2^-25) rounds up to min normal
  // and still raises Underflow (x86 and APFloat: no Underflow).
  EXPECT_RESULT(roundToFormat(ratio((BigInt(1) << 25) - 1, 1, -151), f, NE), 0x00800000,
                UF | INX);
  // f8E8M0FNU has no zero: tiny values become 2^-127 (0x00).
  EXPECT_RESULT(roundToFormat(ratio(1, 1, -130), fmt("f8E8M0FNU"), NE), 0x00, UF | INX);
  EXPECT_RESULT(roundToFormat(ratio(1, 1, -130), fmt("f8E8M0FNU"), TZ), 0x00, UF | INX);
  // FNUZ: a tiny negative value rounds to +0 (there is no -0).
  EXPECT_RESULT(roundToFormat(ratio(-1, 1, -30), fmt("f8E4M3FNUZ"), NE), 0x00, UF | INX);
}

TEST(Spec, ExactValue) { // [exact.value]
  Exact a = decode(f32Format(), 0x3dcccccd); // 0.1f
  EXPECT_EQ(a.toString(), "13421773*2^-27");
  Exact third = exactDiv(Exact::fromInteger(1), Exact::fromInteger(3));
  EXPECT_EQ(exactCompare(exactMul(third, Exact::fromInteger(3)), Exact::fromInteger(1)), 0);
  EXPECT_EQ(exactAdd(Exact::fromInteger(1), exactNegate(Exact::fromInteger(1))).isZero(), true);
  EXPECT_FALSE(exactAdd(Exact::fromInteger(1), exactNegate(Exact::fromInteger(1))).negative);
}

TEST(Spec, RoundModes) { // [round.modes]
  // Ties on integers: 2.5 and -2.5 in every mode.
  struct Row { RoundingMode m; int pos, neg; };
  const Row rows[] = {{NE, 2, -2}, {NA, 3, -3}, {NU, 3, -2}, {TZ, 2, -2},
                      {TP, 3, -2}, {TN, 2, -3}, {ODD, 3, -3}};
  for (const Row &r : rows) {
    EXPECT_EQ(roundToInteger(ratio(5, 2), r.m).value, r.pos) << roundingModeName(r.m);
    EXPECT_EQ(roundToInteger(ratio(-5, 2), r.m).value, r.neg) << roundingModeName(r.m);
    EXPECT_EQ(parseRoundingMode(roundingModeName(r.m)), r.m);
  }
  EXPECT_EQ(parseRoundingMode("nearest"), std::nullopt);
}

TEST(Spec, RoundNearestEven) { // [round.nearest-even]
  EXPECT_EQ(roundToInteger(ratio(5, 2), NE).value, 2);
  EXPECT_EQ(roundToInteger(ratio(7, 2), NE).value, 4);
  EXPECT_RESULT(roundToFormat(ratio((1 << 24) + 1, 1, -24), f32Format(), NE), 0x3f800000, INX);
  EXPECT_RESULT(roundToFormat(ratio((1 << 24) + 3, 1, -24), f32Format(), NE), 0x3f800002, INX);
}
TEST(Spec, RoundNearestAway) { // [round.nearest-away]
  EXPECT_EQ(roundToInteger(ratio(5, 2), NA).value, 3);
  EXPECT_EQ(roundToInteger(ratio(-5, 2), NA).value, -3);
  EXPECT_RESULT(roundToFormat(ratio((1 << 24) + 1, 1, -24), f32Format(), NA), 0x3f800001, INX);
}
TEST(Spec, RoundNearestUp) { // [round.nearest-up]
  EXPECT_EQ(roundToInteger(ratio(5, 2), NU).value, 3);
  EXPECT_EQ(roundToInteger(ratio(-5, 2), NU).value, -2);
  EXPECT_RESULT(roundToFormat(ratio(-((1 << 24) + 1), 1, -24), f32Format(), NU), 0xbf800000, INX);
}
TEST(Spec, RoundTowardZero) { // [round.toward-zero]
  EXPECT_EQ(roundToInteger(ratio(-29, 10), TZ).value, -2);
  EXPECT_RESULT(roundToFormat(ratio(1, 10), f32Format(), TZ), 0x3dcccccc, INX);
}
TEST(Spec, RoundTowardPositive) { // [round.toward-positive]
  EXPECT_EQ(roundToInteger(ratio(-29, 10), TP).value, -2);
  EXPECT_EQ(roundToInteger(ratio(21, 10), TP).value, 3);
  EXPECT_RESULT(roundToFormat(ratio(1, 10), f32Format(), TP), 0x3dcccccd, INX);
}
TEST(Spec, RoundTowardNegative) { // [round.toward-negative]
  EXPECT_EQ(roundToInteger(ratio(-21, 10), TN).value, -3);
  EXPECT_RESULT(roundToFormat(ratio(-1, 10), f32Format(), TN), 0xbdcccccd, INX);
}
TEST(Spec, RoundOdd) { // [round.odd]
  EXPECT_RESULT(roundToFormat(ratio((1 << 24) + 5, 1, -24), f32Format(), ODD), 0x3f800003, INX);
  EXPECT_RESULT(roundToFormat(ratio((1 << 23) + 1, 1, -23), f32Format(), ODD), 0x3f800001, 0);
  EXPECT_RESULT(roundToFormat(ratio(1, 1, 128), f32Format(), ODD), 0x7f7fffff, OF | INX);
}

TEST(Spec, RoundFloat) { // [round.float]
  const FloatFormat &f = f32Format();
  EXPECT_RESULT(roundToFormat(ratio(1, 10), f, NE), 0x3dcccccd, INX); // 0.1f
  EXPECT_RESULT(roundToFormat(ratio(1, 3), f, NE), 0x3eaaaaab, INX);
  EXPECT_RESULT(roundToFormat(ratio(1, 3), f, TZ), 0x3eaaaaaa, INX);
  // Carry out of the significand: (2 - 2^-24) rounds to 2.0.
  EXPECT_RESULT(roundToFormat(ratio((BigInt(1) << 25) - 1, 1, -24), f, NE), 0x40000000, INX);
  // f8E8M0FNU: 3 -> 4 (0x81) nearest-even, 2 (0x80) toward zero.
  EXPECT_RESULT(intToFloat(3, fmt("f8E8M0FNU"), NE), 0x81, INX);
  EXPECT_RESULT(intToFloat(3, fmt("f8E8M0FNU"), TZ), 0x80, INX);
  EXPECT_RESULT(intToFloat(16777217, f, NE), 0x4b800000, INX);
}

TEST(Spec, RoundInteger) { // [round.integer]
  IntegerResult r = roundToInteger(ratio(7, 2), NE);
  EXPECT_EQ(r.value, 4);
  EXPECT_EQ(int(r.status.flags), int(INX));
  r = roundToInteger(ratio(8, 2), NE);
  EXPECT_EQ(r.value, 4);
  EXPECT_EQ(int(r.status.flags), 0);
  EXPECT_EQ(roundToInteger(ratio(-1, 3), NE).value, 0);
  EXPECT_EQ(roundToInteger(Exact::fromInteger(BigInt(1) << 100), NE).value, BigInt(1) << 100);
}

TEST(Spec, StatusFlags) { // [status.flags]
  EXPECT_EQ(Status::Invalid, 1);
  EXPECT_EQ(Status::DivideByZero, 2);
  EXPECT_EQ(Status::Overflow, 4);
  EXPECT_EQ(Status::Underflow, 8);
  EXPECT_EQ(Status::Inexact, 16);
  EXPECT_RESULT(floatDiv(f32Format(), 0x3f800000, 0x80000000, NE), 0xff800000, DZ);
  EXPECT_RESULT(floatAdd(f32Format(), 0x3f800000, 0x3f800000, NE), 0x40000000, 0);
}

TEST(Spec, OpArith) { // [op.arith]
  const FloatFormat &f = f32Format();
  EXPECT_RESULT(floatAdd(f, 0x3dcccccd, 0x3e4ccccd, NE), 0x3e99999a, INX); // 0.1f+0.2f
  EXPECT_RESULT(floatDiv(f, 0x3f800000, 0x40400000, NE), 0x3eaaaaab, INX); // 1/3
  // (1+2^-23)(1-2^-23) = 1 - 2^-46 rounds to 1.0.
  EXPECT_RESULT(floatMul(f, 0x3f800001, 0x3f7ffffe, NE), 0x3f800000, INX);
  // fma rounds once: a = 1+2^-12, fma(a, a, -1) = 2^-11 + 2^-24 exactly,
  // while a*a rounds (tie, to even) to 1+2^-11 and then a*a-1 = 2^-11.
  EXPECT_RESULT(floatFma(f, 0x3f800800, 0x3f800800, 0xbf800000, NE), 0x3a000400, 0);
  EXPECT_RESULT(floatMul(f, 0x3f800800, 0x3f800800, NE), 0x3f801000, INX);
  // fma(0, inf, qNaN): the qNaN, and Invalid (implementation-defined choice).
  EXPECT_RESULT(floatFma(f, 0x00000000, 0x7f800000, 0x7fc00003, NE), 0x7fc00003, INV);
  EXPECT_RESULT(floatFma(f, 0x7f800000, 0x3f800000, 0xff800000, NE), 0x7fc00000, INV);
}

TEST(Spec, OpZeroSign) { // [op.zero-sign]
  const FloatFormat &f = f32Format();
  EXPECT_RESULT(floatSub(f, 0x3f800000, 0x3f800000, NE), 0x00000000, 0);
  EXPECT_RESULT(floatSub(f, 0x3f800000, 0x3f800000, TN), 0x80000000, 0);
  EXPECT_RESULT(floatAdd(f, 0x80000000, 0x80000000, NE), 0x80000000, 0);
  EXPECT_RESULT(floatAdd(f, 0x80000000, 0x00000000, NE), 0x00000000, 0);
  EXPECT_RESULT(floatAdd(f, 0x80000000, 0x00000000, TN), 0x80000000, 0);
  EXPECT_RESULT(floatMul(f, 0xbf800000, 0x00000000, NE), 0x80000000, 0);
  EXPECT_RESULT(floatFma(f, 0xbf800000, 0x00000000, 0x00000000, NE), 0x00000000, 0);
  EXPECT_RESULT(floatFma(f, 0xbf800000, 0x00000000, 0x80000000, NE), 0x80000000, 0);
  // FNUZ formats have no -0: -1 * 0 = +0 (0x00).
  EXPECT_RESULT(floatMul(fmt("f8E4M3FNUZ"), 0xc0, 0x00, NE), 0x00, 0);
  EXPECT_RESULT(floatSub(fmt("f8E4M3FNUZ"), 0x40, 0x40, TN), 0x00, 0);
}

TEST(Spec, OpConvert) { // [op.convert]
  EXPECT_RESULT(floatConvert(f64Format(), 0x3fb999999999999aull, f32Format(), NE), 0x3dcccccd, INX);
  EXPECT_RESULT(floatConvert(f32Format(), 0x3dcccccd, f64Format(), NE), 0x3fb99999a0000000ull, 0);
  EXPECT_RESULT(floatConvert(f32Format(), 0x43e80000, fmt("f8E4M3FN"), NE), 0x7e, INX); // 464
  EXPECT_RESULT(floatConvert(f32Format(), 0x43eb0000, fmt("f8E4M3FN"), NE), 0x7f, OF | INX); // 470
  EXPECT_RESULT(floatConvert(f32Format(), 0x80000000, fmt("f8E4M3FNUZ"), NE), 0x00, INX); // -0
  EXPECT_RESULT(floatConvert(f32Format(), 0xff800000, fmt("f8E4M3FN"), NE), 0xff, INX);
  EXPECT_RESULT(floatConvert(f32Format(), 0x40400000, fmt("f8E8M0FNU"), NE), 0x81, INX);
  EXPECT_RESULT(intToFloat(-1, f16Format(), NE), 0xbc00, 0);
  EXPECT_RESULT(intToFloat(65520, f16Format(), NE), 0x7c00, OF | INX);
  EXPECT_RESULT(intToFloat(65519, f16Format(), NE), 0x7bff, INX);
}

TEST(Spec, OpFloatToInt) { // [op.float-to-int]
  IntegerResult r = floatToInteger(f32Format(), 0x7fc00000, NE);
  EXPECT_EQ(r.value, 0);
  EXPECT_EQ(int(r.status.flags), int(INV));
  r = floatToInteger(f32Format(), 0xff800000, NE);
  EXPECT_EQ(int(r.status.flags), int(INV));
  r = floatToInteger(f32Format(), 0xc0200000, NE); // -2.5
  EXPECT_EQ(r.value, -2);
  EXPECT_EQ(int(r.status.flags), int(INX));
  EXPECT_EQ(floatToInteger(f32Format(), 0xc0200000, NA).value, -3);
  EXPECT_EQ(floatToInteger(f32Format(), 0x7f7fffff, TZ).value,
            BigInt(0xffffff) << 104); // unlimited range
  EXPECT_EQ(floatToInteger(f32Format(), 0x80000000, NE).value, 0);
}

TEST(Spec, IntModelWrapSaturate) { // [int.model] [int.wrap] [int.saturate]
  IntFormat i8{8, true}, u8{8, false}, i4{4, true};
  EXPECT_EQ(i8.min(), -128);
  EXPECT_EQ(u8.max(), 255);
  EXPECT_EQ(i4.max(), 7);
  EXPECT_EQ(i8.wrap(200), -56);
  EXPECT_EQ(u8.wrap(-1), 255);
  EXPECT_EQ(u8.wrap(256 + 3), 3);
  EXPECT_EQ(i8.saturate(200), 127);
  EXPECT_EQ(u8.saturate(-5), 0);
  EXPECT_EQ(i8.toBits(-56), 0xc8u);
  EXPECT_EQ(i8.fromBits(0xc8), -56);
  EXPECT_EQ(i8.name(), "i8");
  EXPECT_EQ(u8.name(), "u8");
}

// [oracle.apfloat-departures]: our rules where APFloat's answer is not a
// defined answer (the oracle tests skip these inputs).
TEST(Spec, OracleApfloatDepartures) {
  const FloatFormat &f4 = fmt("f4E2M1FN"), &f6 = fmt("f6E3M2FN"), &e8m0 = fmt("f8E8M0FNU");
  // (1) Infinity into a FiniteOnly format: +-max finite, Overflow|Inexact.
  EXPECT_RESULT(floatConvert(f32Format(), 0x7f800000, f4, NE), 0x7, OF | INX);
  EXPECT_RESULT(floatConvert(f32Format(), 0xff800000, f6, NE), 0x3f, OF | INX);
  // (2) NaN into a FiniteOnly format: bits 0 with Invalid (caller: poison).
  EXPECT_RESULT(floatConvert(f32Format(), 0x7fc00000, f4, NE), 0x0, INV);
  EXPECT_RESULT(floatConvert(f32Format(), 0xff800001, f6, NE), 0x0, INV);
  // (3) x/0 in a FiniteOnly format: +-max finite with DivideByZero and
  //     Overflow|Inexact; 0/0 is Invalid with bits 0.
  EXPECT_RESULT(floatDiv(f4, 0x2, 0x0, NE), 0x7, DZ | OF | INX);
  EXPECT_RESULT(floatDiv(f4, 0x2, 0x8, NE), 0xf, DZ | OF | INX);
  EXPECT_RESULT(floatDiv(f4, 0x0, 0x0, NE), 0x0, INV);
  // (4) Negative non-zero values into unsigned f8E8M0FNU: NaN with Invalid.
  EXPECT_RESULT(floatConvert(f32Format(), 0xbf800000, e8m0, NE), 0xff, INV);
  EXPECT_RESULT(floatConvert(f32Format(), 0xff800000, e8m0, NE), 0xff, INV);
  EXPECT_RESULT(intToFloat(-4, e8m0, NE), 0xff, INV);
  EXPECT_RESULT(floatSub(e8m0, 0x7f, 0x80, NE), 0xff, INV); // 1 - 2
  // (5) Zero into f8E8M0FNU: 2^-127 (0x00, as APFloat) with Inexact|Underflow.
  EXPECT_RESULT(floatConvert(f32Format(), 0x00000000, e8m0, NE), 0x00, UF | INX);
  EXPECT_RESULT(floatConvert(f32Format(), 0x80000000, e8m0, NE), 0x00, UF | INX);
  EXPECT_RESULT(intToFloat(0, e8m0, NE), 0x00, UF | INX);
  EXPECT_RESULT(floatSub(e8m0, 0x7f, 0x7f, NE), 0x00, UF | INX);
  // (6) The E8M0 NaN into an IEEE format: the default quiet NaN (APFloat
  //     produces the infinity pattern 0x7f800000).
  EXPECT_RESULT(floatConvert(e8m0, 0xff, f32Format(), NE), 0x7fc00000, 0);
  // (7) Same-format conversion of a signaling NaN quiets it with Invalid
  //     (APFloat's same-semantics convert returns the operand unchanged).
  EXPECT_RESULT(floatConvert(f32Format(), 0x7f800001, f32Format(), NE), 0x7fc00001, INV);
  // (8) Overflow to the largest finite value raises Overflow|Inexact
  //     (APFloat: only Inexact). See [format.overflow].
  EXPECT_RESULT(floatMul(f32Format(), 0x7f7fffff, 0x40000000, TZ), 0x7f7fffff, OF | INX);
}

} // namespace
} // namespace qi::numeric::test
