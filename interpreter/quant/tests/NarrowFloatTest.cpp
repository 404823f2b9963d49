//===- NarrowFloatTest.cpp - f16 / bf16 / tf32 helpers vs llvm::APFloat ---===//
//
// Spec: [fast.narrow-host] (spec/performance.md). narrowToDouble and
// roundToNarrow (NarrowFloat.h) against APFloat::convert with
// rmNearestTiesToEven, the test-only oracle:
// - every E pattern (2^16 for f16 / bf16, 2^19 for tf32) decodes to APFloat's
//   binary64 value and rounds back to itself;
// - every binary64 and every binary32 within 3 of its ULPs of every
//   midpoint between consecutive E values (subnormal ones, the one between 0
//   and the smallest subnormal and the overflow threshold included), both
//   signs; every E value for f16 and bf16, every 8th (and the largest) for
//   tf32;
// - 10^7 random inputs: random f32 patterns, and random binary64 values
//   with an exponent in and around E's range.
//
//===----------------------------------------------------------------------===//
#include "quant/NarrowFloat.h"

#include "generators/Prng.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

namespace qi::quant {
namespace {

struct Case {
  const char *name;
  const numeric::FloatFormat &format;
  const llvm::fltSemantics &semantics;
};

const Case kCases[] = {
    {"f16", numeric::f16Format(), llvm::APFloat::IEEEhalf()},
    {"bf16", numeric::bf16Format(), llvm::APFloat::BFloat()},
    {"tf32", numeric::tf32Format(), llvm::APFloat::FloatTF32()},
};

/// APFloat's binary64 value of E pattern `bits`.
double apDecode(const Case &c, uint64_t bits) {
  llvm::APFloat x(c.semantics, llvm::APInt(c.format.sizeInBits, bits));
  bool losesInfo = false;
  x.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return x.convertToDouble();
}

/// APFloat's nearest-even rounding of `v` to E, as a binary64.
double apRound(const Case &c, double v) {
  llvm::APFloat x(v);
  bool losesInfo = false;
  x.convert(c.semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  x.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return x.convertToDouble();
}

std::string hex(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

/// Same bits, or both NaN.
bool same(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || bitsOfDouble(a) == bitsOfDouble(b);
}

int64_t checkRound(const Case &c, double v, int64_t &failures) {
  const double got = roundToNarrow(v, *narrowFormat(c.format)), want = apRound(c, v);
  if (!same(got, want) && failures++ < 5)
    ADD_FAILURE() << c.name << " round " << hex(v) << ": " << hex(got) << ", APFloat "
                  << hex(want);
  return 1;
}

// [fast.narrow-host] every pattern decodes exactly and is a fixed point.
TEST(NarrowFloat, EveryPatternDecodesAndRoundTrips) {
  for (const Case &c : kCases) {
    const NarrowFormat &f = *narrowFormat(c.format);
    int64_t failures = 0;
    for (uint64_t bits = 0; bits < (uint64_t(1) << c.format.sizeInBits); ++bits) {
      const double got = narrowToDouble(bits, f), want = apDecode(c, bits);
      if ((!same(got, want) || !same(roundToNarrow(got, f), got)) && failures++ < 5)
        ADD_FAILURE() << c.name << " pattern " << bits << ": " << hex(got) << ", APFloat "
                      << hex(want);
    }
    EXPECT_EQ(failures, 0) << c.name;
  }
  EXPECT_EQ(narrowFormat(numeric::f32Format()), nullptr);
}

// [fast.narrow-host] +-3 binary64 ULPs around every midpoint of E.
TEST(NarrowFloat, RoundingAroundMidpointsMatchesApfloat) {
  for (const Case &c : kCases) {
    const NarrowFormat &f = *narrowFormat(c.format);
    const uint64_t infinity = f.exponentField, stride = c.format.sizeInBits > 16 ? 8 : 1;
    int64_t failures = 0, checked = 0;
    for (uint64_t bits = 0; bits < infinity; ++bits) {
      if (bits % stride && bits + 1 != infinity)
        continue;
      const double low = narrowToDouble(bits, f);
      // The next E value; above the largest finite, 2^(emax + 1).
      const double high = bits + 1 == infinity
                               ? std::ldexp(1.0, c.format.maxExponent + 1)
                               : narrowToDouble(bits + 1, f);
      const double mid = (low + high) / 2; // exact in binary64
      const float midF32 = static_cast<float>(mid); // exact: <= p + 1 bits, in range
      for (double sign : {1.0, -1.0})
        for (int k = -3; k <= 3; ++k) {
          const uint64_t b = bitsOfDouble(sign * mid) + int64_t(k);
          checked += checkRound(c, doubleFromBits(b), failures);
          uint32_t f;
          std::memcpy(&f, &midF32, 4);
          f = (f + uint32_t(k)) ^ (sign < 0 ? 0x80000000u : 0);
          float neighbour;
          std::memcpy(&neighbour, &f, 4);
          checked += checkRound(c, neighbour, failures);
        }
    }
    EXPECT_EQ(failures, 0) << c.name;
    EXPECT_GT(checked, 100000) << c.name;
  }
}

// [fast.narrow-host] random f32 patterns and random binary64 values.
TEST(NarrowFloat, RandomInputsMatchApfloat) {
  generators::SplitMix64 rng(0x4e4152524f57ull);
  int64_t failures = 0, checked = 0;
  for (int64_t i = 0; i < 10000000; ++i) {
    const Case &c = kCases[i % 3];
    double v;
    if (i % 2) {
      const uint32_t pattern = uint32_t(rng.next());
      float f;
      std::memcpy(&f, &pattern, 4);
      v = f;
    } else { // exponent emin - p - 4 ... emax + 2, any 52-bit fraction, any sign
      const int low = c.format.minExponent - int(c.format.precision) - 4;
      const int exponent = int(rng.range(low, c.format.maxExponent + 2));
      const uint64_t r = rng.next();
      v = doubleFromBits((r & 0x800FFFFFFFFFFFFFull) | (uint64_t(exponent + 1023) << 52));
    }
    checked += checkRound(c, v, failures);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(checked, 10000000);
}

} // namespace
} // namespace qi::quant
