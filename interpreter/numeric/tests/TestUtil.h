//===- TestUtil.h - Shared helpers of the numeric-core tests ----*- C++ -*-===//
//
// A portable deterministic PRNG (splitmix64; no std::*_distribution, so the
// inputs are the same on every platform and standard library) and generators
// of bit patterns that mix random patterns, edge values, values near each
// other (cancellation) and short significands (ties).
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_TESTS_TESTUTIL_H
#define QI_NUMERIC_TESTS_TESTUTIL_H

#include "generators/Prng.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/RoundingMode.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace qi::numeric::test {

/// [golden.prng] the project's portable generator.
using Rng = generators::SplitMix64;

inline const RoundingMode kIeeeModes[] = {
    RoundingMode::NearestEven, RoundingMode::NearestAway, RoundingMode::TowardZero,
    RoundingMode::TowardPositive, RoundingMode::TowardNegative};
inline const RoundingMode kAllModes[] = {
    RoundingMode::NearestEven,    RoundingMode::NearestAway,
    RoundingMode::NearestUp,      RoundingMode::TowardZero,
    RoundingMode::TowardPositive, RoundingMode::TowardNegative,
    RoundingMode::Odd};

inline std::string hex(Bits b) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "0x%016llx%016llx",
                (unsigned long long)(uint64_t)(b >> 64), (unsigned long long)(uint64_t)b);
  // Trim leading zeros (keep at least one digit).
  std::string s(buf + 2);
  size_t nz = s.find_first_not_of('0');
  return "0x" + (nz == std::string::npos ? std::string("0") : s.substr(nz));
}

/// Assembles a pattern from its fields (f80: the caller sets the integer bit).
inline Bits makeBits(const FloatFormat &f, bool negative, unsigned exponent, Bits fraction) {
  return (negative ? f.signMask() : Bits(0)) | (Bits(exponent) << f.fractionBits()) |
         (fraction & f.fractionMask());
}

/// f80 patterns with an inconsistent explicit integer bit (unnormals,
/// pseudo-denormals, pseudo-infinities, pseudo-NaNs) are repaired so that the
/// generators only produce canonical encodings.
inline Bits canonical(const FloatFormat &f, Bits b) {
  b &= f.allBitsMask();
  if (!f.explicitIntegerBit)
    return b;
  unsigned exponent = unsigned((b >> f.fractionBits()) & f.exponentFieldMax());
  Bits integerBit = Bits(1) << (f.precision - 1);
  return exponent == 0 ? (b & ~integerBit) : (b | integerBit);
}

/// Finite/special edge values of a format (only patterns the format has).
inline std::vector<Bits> edgeValues(const FloatFormat &f) {
  std::vector<Bits> out;
  const unsigned emax = f.exponentFieldMax();
  const Bits fracMax = f.fractionMask();
  const Bits intBit = f.explicitIntegerBit ? Bits(1) << (f.precision - 1) : 0;
  auto add = [&](Bits b) {
    b = canonical(f, b);
    for (Bits x : out)
      if (x == b)
        return;
    out.push_back(b);
  };
  for (int s = 0; s < (f.hasSign ? 2 : 1); ++s) {
    bool neg = s;
    add(makeBits(f, neg, 0, 0));                // zero (or 2^-127 for E8M0)
    if (f.hasSubnormals()) {
      add(makeBits(f, neg, 0, 1));              // min subnormal
      add(makeBits(f, neg, 0, fracMax >> (f.explicitIntegerBit ? 1 : 0))); // max subnormal
      add(makeBits(f, neg, 0, 2));
      add(makeBits(f, neg, 0, 3));
    }
    add(makeBits(f, neg, 1, intBit));           // min normal
    add(makeBits(f, neg, 1, intBit | 1));
    add(makeBits(f, neg, 2, intBit));
    add(largestFinite(f, neg));
    add(largestFinite(f, neg) - 1);
    // 1.0, 1 +- ulp, 1.5, 3, 0.5, powers of two.
    unsigned bias = unsigned(f.bias());
    for (int d = -3; d <= 3; ++d) {
      long e = long(bias) + d;
      if (e < 1 || e > long(emax))
        continue;
      add(makeBits(f, neg, unsigned(e), intBit));
      add(makeBits(f, neg, unsigned(e), intBit | 1));
      add(makeBits(f, neg, unsigned(e), intBit | (Bits(1) << (f.precision >= 2 ? f.precision - 2 : 0))));
      if (f.precision >= 2)
        add(makeBits(f, neg, unsigned(e), intBit | fracMax));
    }
    if (f.hasInfinity())
      add(encodeInfinity(f, neg).bits);
    if (f.hasNaN())
      add(signedNaN(f, neg));
    if (f.nonFinite == NonFinite::IEEE) {
      // Quiet NaN with payload, signaling NaNs.
      Bits q = Bits(1) << (f.precision - 2);
      add(makeBits(f, neg, emax, intBit | q | 1));
      if (f.precision > 2) {
        add(makeBits(f, neg, emax, intBit | 1));
        add(makeBits(f, neg, emax, intBit | (q >> 1)));
        add(makeBits(f, neg, emax, intBit | (q - 1)));
      }
    }
  }
  return out;
}

/// Random patterns for a format: raw random bits, edge values, exponents at
/// the extremes, short significands (many ties in products and sums).
struct PatternGen {
  const FloatFormat &f;
  Rng &rng;
  std::vector<Bits> edges;
  PatternGen(const FloatFormat &format, Rng &r) : f(format), rng(r), edges(edgeValues(format)) {}

  Bits randomBits() { return canonical(f, rng.bits128() & f.allBitsMask()); }

  Bits withExponent(unsigned exponent) {
    Bits b = randomBits();
    Bits mask = ~(Bits(f.exponentFieldMax()) << f.fractionBits());
    return canonical(f, (b & mask) | (Bits(exponent) << f.fractionBits()));
  }

  Bits next() {
    switch (rng.below(10)) {
    case 0:
    case 1:
      return edges[rng.below(edges.size())];
    case 2: { // exponent near the extremes
      unsigned emax = f.exponentFieldMax();
      unsigned pick = unsigned(rng.below(6));
      unsigned e = pick < 3 ? pick : (emax >= 3 ? emax - (pick - 3) : emax);
      return withExponent(e);
    }
    case 3: { // short significand: only the top few fraction bits random
      Bits b = randomBits();
      unsigned keep = unsigned(rng.below(4));
      unsigned fb = f.fractionBits() - (f.explicitIntegerBit ? 1 : 0);
      if (fb > keep) {
        Bits low = (Bits(1) << (fb - keep)) - 1;
        b &= ~low;
      }
      return canonical(f, b);
    }
    case 4: { // moderate exponent around 1.0
      long e = long(f.bias()) + long(rng.below(17)) - 8;
      if (e < 0) e = 0;
      if (e > long(f.exponentFieldMax())) e = long(f.exponentFieldMax());
      return withExponent(unsigned(e));
    }
    default:
      return randomBits();
    }
  }

  /// A second operand related to `a`: its neighbourhood (cancellation), its
  /// negation neighbourhood, a few binades away, or independent.
  Bits related(Bits a) {
    switch (rng.below(6)) {
    case 0:
      return canonical(f, (a + Bits(rng.below(5)) - 2) & f.allBitsMask());
    case 1:
      return canonical(f, ((a ^ f.signMask()) + Bits(rng.below(5)) - 2) & f.allBitsMask());
    case 2: {
      Bits shift = Bits(rng.below(2 * f.precision + 4)) << f.fractionBits();
      Bits b = rng.below(2) ? a - shift : a + shift;
      if (rng.below(2)) b ^= f.signMask();
      return canonical(f, b & f.allBitsMask());
    }
    default:
      return next();
    }
  }
};

} // namespace qi::numeric::test

#endif
