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
// Spec: [fast.narrow-modes]. roundToNarrow in each of the seven rounding
// modes, into f16, bf16, tf32 and binary32, against APFloat::convert for the
// five modes APFloat has and against the numeric core's roundToFormat for
// nearest-up and odd (and, on every 16th input, for all seven):
// - every binary64 within 2 of its ULPs of every E value and every midpoint
//   (every 8th for tf32; a 2^-7 sample of binary32's, plus its subnormal
//   range, its smallest normals and the overflow threshold), both signs;
// - 10^6 random binary64 values per format with an exponent in and around
//   E's range, and +-0, +-inf.
// addToNarrow against the numeric core's floatAdd in E, all seven modes, on
// 2 * 10^5 random E pairs per format: any two values, b within 2^-60 ... 2^-45
// of a (around a's binary64 ULP, where the binary64 sum rounds onto or next to
// a), b = -a, and signed zeros.
// A sanitized build (SweepTier.h) draws these two random samples 8 times
// thinner; the sweeps over every pattern, value and midpoint stay whole.
//
//===----------------------------------------------------------------------===//
#include "interpreter/host/NarrowFloat.h"

#include "interpreter/fast/tests/SweepTier.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"
#include "interpreter/numeric/Rounding.h"

#include "generators/Prng.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

namespace qi::host {
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

struct ModeCase {
  const char *name;
  const numeric::FloatFormat &format;
  const llvm::fltSemantics &semantics;
  const NarrowFormat &layout;
};

const ModeCase kModeCases[] = {
    {"f16", numeric::f16Format(), llvm::APFloat::IEEEhalf(), *narrowFormat(numeric::f16Format())},
    {"bf16", numeric::bf16Format(), llvm::APFloat::BFloat(), *narrowFormat(numeric::bf16Format())},
    {"tf32", numeric::tf32Format(), llvm::APFloat::FloatTF32(),
     *narrowFormat(numeric::tf32Format())},
    {"binary32", numeric::f32Format(), llvm::APFloat::IEEEsingle(), binary32Layout()},
};

constexpr numeric::RoundingMode kAllModes[] = {
    numeric::RoundingMode::NearestEven,    numeric::RoundingMode::NearestAway,
    numeric::RoundingMode::NearestUp,      numeric::RoundingMode::TowardZero,
    numeric::RoundingMode::TowardPositive, numeric::RoundingMode::TowardNegative,
    numeric::RoundingMode::Odd};

std::optional<llvm::RoundingMode> apMode(numeric::RoundingMode mode) {
  switch (mode) {
  case numeric::RoundingMode::NearestEven:
    return llvm::RoundingMode::NearestTiesToEven;
  case numeric::RoundingMode::NearestAway:
    return llvm::RoundingMode::NearestTiesToAway;
  case numeric::RoundingMode::TowardZero:
    return llvm::RoundingMode::TowardZero;
  case numeric::RoundingMode::TowardPositive:
    return llvm::RoundingMode::TowardPositive;
  case numeric::RoundingMode::TowardNegative:
    return llvm::RoundingMode::TowardNegative;
  default:
    return std::nullopt;
  }
}

/// APFloat's rounding of `v` to E in `mode`, as a binary64.
double apRound(const ModeCase &c, double v, llvm::RoundingMode mode) {
  llvm::APFloat x(v);
  bool losesInfo = false;
  x.convert(c.semantics, mode, &losesInfo);
  x.convert(llvm::APFloat::IEEEdouble(), llvm::RoundingMode::NearestTiesToEven, &losesInfo);
  return x.convertToDouble();
}

/// The numeric core's rounding of `v` to E in `mode`, as a binary64.
double coreRound(const ModeCase &c, double v, numeric::RoundingMode mode) {
  const numeric::Exact exact = numeric::decode(numeric::f64Format(), bitsOfDouble(v));
  return narrowToDouble(uint64_t(numeric::roundToFormat(exact, c.format, mode).bits), c.layout);
}

struct ModeCheck {
  int64_t checked = 0, failures = 0;

  void operator()(const ModeCase &c, double v) {
    const bool everyOracle = checked % (16 * 7) == 0;
    for (numeric::RoundingMode mode : kAllModes) {
      const double got = roundToNarrow(v, c.layout, mode);
      std::optional<llvm::RoundingMode> ap = apMode(mode);
      if (ap)
        report(c, v, mode, got, apRound(c, v, *ap), "APFloat");
      if (!ap || everyOracle)
        report(c, v, mode, got, coreRound(c, v, mode), "roundToFormat");
      ++checked;
    }
  }

  void report(const ModeCase &c, double v, numeric::RoundingMode mode, double got, double want,
              const char *oracle) {
    if (!same(got, want) && failures++ < 8)
      ADD_FAILURE() << c.name << " " << numeric::roundingModeName(mode) << " round " << hex(v)
                    << ": " << hex(got) << ", " << oracle << " " << hex(want);
  }

  /// The binary64 values within 2 ULPs of +-x.
  void around(const ModeCase &c, double x) {
    for (double sign : {1.0, -1.0})
      for (int k = -2; k <= 2; ++k)
        (*this)(c, doubleFromBits(bitsOfDouble(sign * x) + int64_t(k)));
  }
};

/// The E pattern after `bits` in the sweep: every one for f16 and bf16,
/// every 8th for tf32; for binary32 every one of the first and last 2^12
/// and those within 2^12 of 2^emin, else every (2^16 + 1)th.
uint64_t nextPattern(const ModeCase &c, uint64_t bits) {
  const uint64_t infinity = c.layout.exponentField;
  if (&c.format != &numeric::f32Format())
    return std::min(bits + (c.format.sizeInBits > 16 ? 8 : 1), infinity - 1);
  const uint64_t dense = 4096, minNormal = uint64_t(1) << 23;
  const bool near = bits < dense || (bits + dense > minNormal && bits < minNormal + dense) ||
                    bits + dense >= infinity;
  return near ? bits + 1 : std::min(bits + 65537, infinity - dense);
}

// [fast.narrow-modes] +-2 binary64 ULPs around every value and midpoint.
TEST(NarrowFloat, EveryModeAroundValuesAndMidpointsMatchesOracles) {
  for (const ModeCase &c : kModeCases) {
    const uint64_t infinity = c.layout.exponentField;
    ModeCheck check;
    for (uint64_t bits = 0;; bits = nextPattern(c, bits)) {
      const double low = narrowToDouble(bits, c.layout);
      // The next E value; above the largest finite, 2^(emax + 1).
      const double high = bits + 1 == infinity ? std::ldexp(1.0, c.format.maxExponent + 1)
                                               : narrowToDouble(bits + 1, c.layout);
      check.around(c, low);
      check.around(c, (low + high) / 2); // exact in binary64
      if (bits + 1 == infinity)
        break;
    }
    check.around(c, INFINITY);
    EXPECT_EQ(check.failures, 0) << c.name;
    EXPECT_GT(check.checked, 1000000) << c.name;
  }
}

// [fast.narrow-modes] random binary64 values in and around E's range.
TEST(NarrowFloat, EveryModeOnRandomInputsMatchesOracles) {
  generators::SplitMix64 rng(0x4d4f444553ull);
  for (const ModeCase &c : kModeCases) {
    ModeCheck check;
    for (double special : {0.0, -0.0, double(INFINITY), -double(INFINITY)})
      check(c, special);
    for (int64_t i = 0; i < 1000000 / fast::test::kSanitizedThinning; ++i) {
      const int low = c.format.minExponent - int(c.format.precision) - 4;
      const int exponent = int(rng.range(low, c.format.maxExponent + 2));
      const uint64_t r = rng.next();
      check(c, doubleFromBits((r & 0x800FFFFFFFFFFFFFull) | (uint64_t(exponent + 1023) << 52)));
    }
    EXPECT_EQ(check.failures, 0) << c.name;
  }
}

/// The E pattern of an E value held as a binary64.
numeric::Bits patternOf(const ModeCase &c, double v) {
  const numeric::Exact exact = numeric::decode(numeric::f64Format(), bitsOfDouble(v));
  return numeric::roundToFormat(exact, c.format, numeric::RoundingMode::NearestEven).bits;
}

// [fast.narrow-modes] the zero-point addition in every mode.
TEST(NarrowFloat, AddToNarrowMatchesFloatAddInEveryMode) {
  generators::SplitMix64 rng(0x414444ull);
  for (const ModeCase &c : kModeCases) {
    const NarrowFormat &f = c.layout;
    int64_t failures = 0, checked = 0;
    for (int64_t i = 0; i < 200000 / fast::test::kSanitizedThinning; ++i) {
      const double a = narrowToDouble(rng.next() & (f.signBit | f.magnitudeMask), f);
      double b;
      switch (i % 4) {
      case 0: // any value
        b = narrowToDouble(rng.next() & (f.signBit | f.magnitudeMask), f);
        break;
      case 1: { // a p-bit significand 2^-60 ... 2^-45 of a
        const int64_t significand = rng.range(int64_t(1) << (c.format.precision - 1),
                                               (int64_t(1) << c.format.precision) - 1);
        // ilogb of an infinity or NaN is INT_MAX / INT_MIN: such an a is
        // skipped below, but the subtraction must not overflow first.
        const int exponent =
            (std::isfinite(a) && a != 0 ? std::ilogb(a) : 0) - int(rng.range(45, 60));
        b = roundToNarrow(std::ldexp(double(significand), exponent - int(c.format.precision) + 1) *
                              (rng.next() & 1 ? -1 : 1),
                          f);
        break;
      }
      case 2:
        b = -a;
        break;
      default:
        b = rng.next() & 1 ? -0.0 : 0.0;
        break;
      }
      if (!std::isfinite(a) || !std::isfinite(b))
        continue;
      const numeric::Bits pa = patternOf(c, a), pb = patternOf(c, b);
      for (numeric::RoundingMode mode : kAllModes) {
        const double got = addToNarrow(a, b, f, mode);
        const double want = narrowToDouble(uint64_t(numeric::floatAdd(c.format, pa, pb, mode).bits), f);
        ++checked;
        if (!same(got, want) && failures++ < 8)
          ADD_FAILURE() << c.name << " " << numeric::roundingModeName(mode) << " " << hex(a)
                        << " + " << hex(b) << ": " << hex(got) << ", floatAdd " << hex(want);
      }
    }
    EXPECT_EQ(failures, 0) << c.name;
    EXPECT_GT(checked, 1000000 / fast::test::kSanitizedThinning) << c.name;
  }
}

} // namespace
} // namespace qi::host
