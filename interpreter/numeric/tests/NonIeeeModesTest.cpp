//===- NonIeeeModesTest.cpp - Properties of nearest-up and odd rounding ---===//
//
// Spec: [round.nearest-up] [round.odd] [round.float]. No oracle exists for
// these modes; they are checked by properties that define them, over random
// and constructed inputs, plus explicit worked examples.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/tests/TestUtil.h"

#include "interpreter/numeric/FloatOps.h"

#include <gtest/gtest.h>

namespace qi::numeric::test {
namespace {

const FloatFormat *targets[] = {&f32Format(), &f16Format(), &bf16Format(),
                                findFloatFormat("f8E4M3FN"), findFloatFormat("f8E5M2"),
                                findFloatFormat("f8E5M2FNUZ"), findFloatFormat("f4E2M1FN"),
                                findFloatFormat("f8E8M0FNU")};

/// An exact f64 input: random bits, or an exact midpoint between two
/// adjacent `target` values (+- 1 f64 ulp), i.e. exactly the ties.
Exact randomInput(Rng &rng, PatternGen &f64gen, const FloatFormat &target) {
  const FloatFormat &f64 = f64Format();
  if (rng.below(3) == 0) {
    Bits b = f64gen.next();
    return decode(f64, isNaN(f64, b) ? Bits(0) : b);
  }
  // A finite target value and its upper neighbour (same sign).
  Bits t = Bits(rng.next()) & target.allBitsMask();
  Bits u = t + 1;
  if ((u & target.allBitsMask()) != u || isNaN(target, t) || isNaN(target, u) ||
      !decode(target, t).isFinite() || !decode(target, u).isFinite() ||
      signBit(target, t) != signBit(target, u))
    return decode(target, 0);
  Exact mid = exactAdd(decode(target, t), decode(target, u));
  mid.exp -= 1; // (t + u) / 2
  if (rng.below(3) == 0) {
    // Nudge by one f64 ulp: round the midpoint into f64 (exact), step bits.
    Bits m = roundToFormat(mid, f64, RoundingMode::NearestEven).bits;
    return decode(f64, m + (rng.below(2) ? 1 : Bits(-1)));
  }
  return mid;
}

// [round.nearest-up] NearestUp == NearestEven except at an exact tie, where
// it is the upper neighbour (toward +infinity).
TEST(NearestUp, EqualsNearestEvenExceptTiesGoUp_RoundNearestUp) {
  Rng rng(0x4e55);
  PatternGen f64gen(f64Format(), rng);
  long inputs = 0, ties = 0, differing = 0, failures = 0;
  for (const FloatFormat *f : targets) {
    for (int i = 0; i < 60000; ++i) {
      Exact v = randomInput(rng, f64gen, *f);
      FloatResult nu = roundToFormat(v, *f, RoundingMode::NearestUp);
      FloatResult ne = roundToFormat(v, *f, RoundingMode::NearestEven);
      FloatResult up = roundToFormat(v, *f, RoundingMode::TowardPositive);
      FloatResult dn = roundToFormat(v, *f, RoundingMode::TowardNegative);
      ++inputs;
      bool tie = false;
      Exact lo = decode(*f, dn.bits), hi = decode(*f, up.bits);
      if (up.bits != dn.bits && lo.isFinite() && hi.isFinite() && !isNaN(*f, up.bits) &&
          !isNaN(*f, dn.bits)) {
        Exact twice = v;
        twice.exp += 1;
        tie = exactCompare(exactAdd(lo, hi), twice) == 0;
      }
      ties += tie;
      differing += nu.bits != ne.bits;
      Bits expected = tie ? up.bits : ne.bits;
      if (nu.bits != expected && failures++ < 10)
        ADD_FAILURE() << f->name << " v=" << v.toString() << " nearest-up "
                      << hex(nu.bits) << " expected " << hex(expected)
                      << (tie ? " (tie)" : "");
      // Inexact iff the value is not representable, as in every mode.
      if (nu.status.inexact() != ne.status.inexact() && failures++ < 10)
        ADD_FAILURE() << f->name << " v=" << v.toString() << " inexact differs";
    }
  }
  std::printf("[nearest-up] inputs=%ld ties=%ld results-differing-from-NE=%ld\n", inputs,
              ties, differing);
  EXPECT_EQ(failures, 0);
  EXPECT_GT(ties, 10000); // the generator really produced ties
  EXPECT_GT(differing, 1000);
}

// [round.odd] Rounding to odd at precision p+2 (wide exponent range), then
// to precision p in any IEEE mode, equals rounding once (Boldo-Melquiond).
TEST(Odd, DoubleRoundingThroughOddIsExact_RoundOdd) {
  // sign + 15 exponent bits + fraction: exponent range of f80/f128.
  const FloatFormat ro26{"odd26", 1 + 15 + 25, 26, 16383, -16382};
  const FloatFormat ro13{"odd13", 1 + 15 + 12, 13, 16383, -16382};
  struct Case { const FloatFormat &odd, &target; };
  const Case cases[] = {{ro26, f32Format()}, {ro13, f16Format()}};
  Rng rng(0x0dd);
  PatternGen gen(f64Format(), rng);
  long inputs = 0, failures = 0, inexactOdd = 0;
  for (const Case &c : cases) {
    for (int i = 0; i < 100000; ++i) {
      Bits a = gen.next(), b = gen.related(a);
      if (isNaN(f64Format(), a) || isNaN(f64Format(), b))
        continue;
      Exact x = decode(f64Format(), a), y = decode(f64Format(), b);
      if (!x.isFinite() || !y.isFinite())
        continue;
      // A single f64 value, or an exact sum/product of two (more digits).
      Exact v = i % 3 == 0 ? x : (i % 3 == 1 ? exactAdd(x, y) : exactMul(x, y));
      if (v.isZero())
        continue;
      FloatResult odd = roundToFormat(v, c.odd, RoundingMode::Odd);
      inexactOdd += odd.status.inexact();
      for (RoundingMode m : kIeeeModes) {
        ++inputs;
        Bits direct = roundToFormat(v, c.target, m).bits;
        Bits twice = floatConvert(c.odd, odd.bits, c.target, m).bits;
        if (direct != twice && failures++ < 10)
          ADD_FAILURE() << c.target.name << " " << roundingModeName(m)
                        << " v=" << v.toString() << " direct " << hex(direct)
                        << " via odd " << hex(twice);
      }
    }
  }
  std::printf("[odd] double-rounding checks=%ld (odd step inexact %ld times)\n", inputs,
              inexactOdd);
  EXPECT_EQ(failures, 0);
  EXPECT_GT(inexactOdd, 10000);
}

// [round.odd] Inexact results have an odd last digit; exact results are kept.
TEST(Odd, InexactResultsAreOdd_RoundOdd) {
  Rng rng(0x0dd2);
  PatternGen gen(f64Format(), rng);
  long failures = 0;
  for (int i = 0; i < 200000; ++i) {
    Bits a = gen.next();
    if (isNaN(f64Format(), a) || !decode(f64Format(), a).isFinite())
      continue;
    FloatResult r = floatConvert(f64Format(), a, f32Format(), RoundingMode::Odd);
    FloatResult tz = floatConvert(f64Format(), a, f32Format(), RoundingMode::TowardZero);
    bool ok;
    if (!r.status.inexact())
      ok = r.bits == tz.bits; // exact: unchanged
    else if (r.status.overflow())
      ok = (r.bits & 0x7fffffff) == 0x7f7fffff; // largest finite (odd)
    else
      ok = (r.bits & 1) == 1 && (tz.bits == r.bits || tz.bits + 1 == r.bits);
    if (!ok && failures++ < 10)
      ADD_FAILURE() << "a=" << hex(a) << " odd " << hex(r.bits) << " tz " << hex(tz.bits);
  }
  EXPECT_EQ(failures, 0);
}

Exact ratio(long n, long d, int64_t e = 0) { return Exact::fromRatio(n, d, e); }

// [round.odd] worked examples (f32; 1 ulp of [1,2) is 2^-23).
TEST(Odd, WorkedExamples_RoundOdd) {
  const FloatFormat &f = f32Format();
  auto odd = [&](const Exact &v) { return roundToFormat(v, f, RoundingMode::Odd); };
  EXPECT_EQ(odd(ratio((1 << 30) + 1, 1, -30)).bits, Bits(0x3f800001)); // 1+2^-30
  EXPECT_EQ(odd(ratio((1 << 23) + 1, 1, -23)).bits, Bits(0x3f800001)); // exact
  EXPECT_FALSE(odd(ratio((1 << 23) + 1, 1, -23)).status.inexact());
  EXPECT_EQ(odd(ratio((1 << 24) + 3, 1, -24)).bits, Bits(0x3f800001)); // 1+1.5ulp
  EXPECT_EQ(odd(ratio((1 << 24) + 5, 1, -24)).bits, Bits(0x3f800003)); // 1+2.5ulp
  EXPECT_EQ(odd(ratio((1 << 25) + 5, 1, -25)).bits, Bits(0x3f800001)); // 1+1.25ulp
  EXPECT_EQ(odd(ratio(-((1 << 30) + 1), 1, -30)).bits, Bits(0xbf800001));
  EXPECT_EQ(odd(ratio(1, 1, -160)).bits, Bits(0x00000001)); // tiny -> min subnormal
  FloatResult big = odd(ratio(1, 1, 128));
  EXPECT_EQ(big.bits, Bits(0x7f7fffff)); // overflow -> largest finite
  EXPECT_EQ(big.status.flags, Status::Overflow | Status::Inexact);
  // Integers: 2.5 -> 3, 3.5 -> 3, 4.25 -> 5, -2.5 -> -3, 4 -> 4.
  EXPECT_EQ(roundToInteger(ratio(5, 2), RoundingMode::Odd).value, 3);
  EXPECT_EQ(roundToInteger(ratio(7, 2), RoundingMode::Odd).value, 3);
  EXPECT_EQ(roundToInteger(ratio(17, 4), RoundingMode::Odd).value, 5);
  EXPECT_EQ(roundToInteger(ratio(-5, 2), RoundingMode::Odd).value, -3);
  EXPECT_EQ(roundToInteger(ratio(4, 1), RoundingMode::Odd).value, 4);
}

// [round.nearest-up] worked examples.
TEST(NearestUp, WorkedExamples_RoundNearestUp) {
  auto nu = [](const Exact &v) { return roundToInteger(v, RoundingMode::NearestUp).value; };
  EXPECT_EQ(nu(ratio(5, 2)), 3);
  EXPECT_EQ(nu(ratio(-5, 2)), -2);
  EXPECT_EQ(nu(ratio(1, 2)), 1);
  EXPECT_EQ(nu(ratio(-1, 2)), 0);
  EXPECT_EQ(nu(ratio(-7, 2)), -3);
  EXPECT_EQ(nu(ratio(-11, 4)), -3); // -2.75: not a tie
  // f32: 1 + 2^-24 (tie) -> 1 + 2^-23; -(1 + 2^-24) -> -1.
  const FloatFormat &f = f32Format();
  EXPECT_EQ(roundToFormat(ratio((1 << 24) + 1, 1, -24), f, RoundingMode::NearestUp).bits,
            Bits(0x3f800001));
  EXPECT_EQ(roundToFormat(ratio(-((1 << 24) + 1), 1, -24), f, RoundingMode::NearestUp).bits,
            Bits(0xbf800000));
}

} // namespace
} // namespace qi::numeric::test
