//===- SlowPathCrossCheckTest.cpp - Kernels vs an independent slow path ---===//
//
// Spec: [qcast.steps], [qcast.exact], [dcast.steps], [dcast.exact],
// [qtype.scale], [sem.arith-rounding], [sem.nan-policy],
// [sem.overflow-policy], [qcast.round].
//
// QuantizeKernel / DequantizeKernel are compared bit for bit with
// SlowPathOracle (exact rationals, its own float formats and rounding) over
// thousands of random quantized types: storage i1..i32 / u1..u32, random
// narrow bounds, zero points anywhere in the storage type (extremes
// included), scales that are powers of two, decimal fractions, 1/n,
// random, tiny (subnormal or zero in the expressed type) and huge (near or
// beyond its largest finite value), expressed f16, bf16, f32, f64,
// f8E4M3FN, f8E5M2, per-layer / per-axis (f64 scales) and sub-channel
// (scales in the expressed type). Inputs: random bit patterns, +-0, +-inf,
// NaNs, subnormals, the largest finite values, and values placed on and
// next to ties (k + 1/2 - zp) * scale near the storage and type bounds and
// near 2^31 / 2^32. Each type runs under the reference semantics, under
// `exact`, and under a random combination of every knob. A splitmix64 PRNG
// written here makes the cases identical on every platform.
//
//===----------------------------------------------------------------------===//
#include "generators/Prng.h"
#include "interpreter/quant/tests/QuantTestUtil.h"
#include "interpreter/quant/tests/SlowPathOracle.h"

#include <chrono>
#include <cmath>
#include <sstream>

namespace qi::quant::test {
namespace {

using slow::Int;
using slow::Rational;

/// [golden.prng] the project's portable generator.
using Rng = generators::SplitMix64;

const char *const kExpressed[] = {"f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2"};
const RoundingMode kModes[] = {
    RoundingMode::NearestEven,    RoundingMode::NearestAway,
    RoundingMode::NearestUp,      RoundingMode::TowardZero,
    RoundingMode::TowardPositive, RoundingMode::TowardNegative,
    RoundingMode::Odd};

uint64_t maskOf(int bits) { return bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }

uint64_t bitsOf(const slow::Format &f, const Rational &v, RoundingMode mode = RoundingMode::NearestEven) {
  bool negative = v < 0;
  return slow::encode(f, slow::round(f, negative, negative ? Rational(-v) : v, mode));
}

/// A positive finite f64 scale of one of several flavours.
double randomScale(Rng &rng, const slow::Format &e) {
  const int p = e.precision;
  auto withExponent = [&](int64_t k) {
    k = std::max<int64_t>(-1074, std::min<int64_t>(1023, k));
    double significand = 1.0 + static_cast<double>(rng.next() >> 11) * 0x1p-53;
    double s = std::ldexp(significand, static_cast<int>(k));
    return s;
  };
  double s = 0;
  switch (rng.below(10)) {
  case 0: // power of two, sometimes outside the expressed range
    s = std::ldexp(1.0, static_cast<int>(std::max<int64_t>(
                            -1074, std::min<int64_t>(1023, rng.range(e.minExponent - p - 3,
                                                                     e.maxExponent + 2)))));
    break;
  case 1: { // decimal fraction: non-dyadic
    static const double kPowers[] = {1, 10, 100, 1000, 1e4, 1e5, 1e6};
    s = static_cast<double>(rng.range(1, 999)) / kPowers[rng.below(7)];
    break;
  }
  case 2: // anywhere in the expressed range
    s = withExponent(rng.range(e.minExponent, e.maxExponent));
    break;
  case 3: // tiny: around the expressed type's subnormals (may round to 0)
    s = withExponent(rng.range(e.minExponent - p - 2, e.minExponent));
    break;
  case 4: // huge: around the largest finite value (may round to inf / NaN)
    s = withExponent(rng.range(e.maxExponent - 2, e.maxExponent + 1));
    break;
  case 5:
    s = 1.0 / static_cast<double>(rng.range(1, 100));
    break;
  default: // typical
    s = withExponent(rng.range(-14, 6));
    break;
  }
  if (!(s > 0) || !std::isfinite(s))
    s = 1.0;
  return s;
}

/// A positive finite non-zero pattern of the expressed type near `s`.
uint64_t expressedScale(Rng &rng, const slow::Format &e, double s) {
  uint64_t b = bitsOf(e, Rational(s));
  slow::Value v = slow::decode(e, b);
  if (v.kind == slow::Value::Finite && v.magnitude != 0)
    return b;
  for (;;) { // a random positive finite pattern
    uint64_t r = rng.next() & maskOf(e.totalBits - 1);
    slow::Value w = slow::decode(e, r);
    if (w.kind == slow::Value::Finite && w.magnitude != 0)
      return r;
  }
}

struct RandomType {
  QuantType type;
  Int typeMin, typeMax;
};

RandomType randomType(Rng &rng) {
  RandomType r;
  QuantType &t = r.type;
  const unsigned width = static_cast<unsigned>(rng.range(1, 32));
  const bool isSigned = rng.chance(2);
  t.storage = IntFormat{width, isSigned};
  r.typeMin = isSigned ? Int(-(Int(1) << (width - 1))) : Int(0);
  r.typeMax = isSigned ? Int((Int(1) << (width - 1)) - 1) : Int((Int(1) << width) - 1);
  const int64_t lo = static_cast<int64_t>(r.typeMin), hi = static_cast<int64_t>(r.typeMax);
  t.storageMin = lo;
  t.storageMax = hi;
  if (rng.chance(3)) { // narrow bounds
    int64_t a = rng.range(lo, hi), b = rng.range(lo, hi);
    if (rng.chance(4))
      a = isSigned ? lo + 1 : lo; // i8<-127:127>-like
    t.storageMin = std::min(a, b);
    t.storageMax = std::max(a, b);
  }
  const char *eName = kExpressed[rng.below(6)];
  t.expressed = &fmt(eName);
  const slow::Format &e = slow::formatNamed(eName);
  const int params = static_cast<int>(rng.range(1, 3));
  const unsigned g = static_cast<unsigned>(rng.below(3));
  t.granularity = g == 0 ? QuantType::Granularity::PerLayer
                         : (g == 1 ? QuantType::Granularity::PerAxis
                                   : QuantType::Granularity::SubChannel);
  const int n = t.granularity == QuantType::Granularity::PerLayer ? 1 : params;
  for (int i = 0; i < n; ++i) {
    double s = randomScale(rng, e);
    if (t.granularity == QuantType::Granularity::SubChannel)
      t.scales.push_back({t.expressed, expressedScale(rng, e, s)});
    else
      t.scales.push_back(f64Scale(s));
    int64_t zp;
    switch (rng.below(6)) {
    case 0: zp = lo; break;
    case 1: zp = hi; break;
    case 2: zp = std::max<int64_t>(lo, std::min<int64_t>(hi, 0)); break;
    default: zp = rng.range(lo, hi); break;
    }
    t.zeroPoints.push_back(zp);
  }
  if (t.granularity == QuantType::Granularity::PerAxis)
    t.axis = 0;
  if (t.granularity == QuantType::Granularity::SubChannel) {
    t.blockSizes = {{0, 1}};
    t.parameterShape = {n};
  }
  t.spelling = "!quant.uniform<" + t.storage.name() + "<" + std::to_string(t.storageMin) +
               ":" + std::to_string(t.storageMax) + ">:" + std::string(eName) + ", ...>";
  return r;
}

Semantics randomSemantics(Rng &rng) {
  Semantics s;
  s.rounding = kModes[rng.below(7)];
  uint64_t a = rng.below(8);
  s.arithRounding = a == 7 ? std::nullopt : std::optional<RoundingMode>(kModes[a]);
  s.nan = static_cast<NanPolicy>(rng.below(5));
  s.overflow = static_cast<OverflowPolicy>(rng.below(3));
  return s;
}

/// Expressed inputs for parameter p: random patterns, specials, and values
/// on / next to ties near the interesting integers.
std::vector<uint64_t> qcastInputs(Rng &rng, const RandomType &r, size_t p, int count) {
  const QuantType &t = r.type;
  const slow::Format &e = slow::formatNamed(std::string(t.expressed->name));
  const uint64_t mask = maskOf(e.totalBits);
  std::vector<uint64_t> out;
  if (e.totalBits == 8) {
    if (rng.chance(8)) { // sometimes every pattern
      for (uint64_t b = 0; b < 256; ++b)
        out.push_back(b);
      return out;
    }
    count *= 2;
  }
  const uint64_t sign = uint64_t(1) << (e.totalBits - 1);
  const uint64_t expOnes = ((uint64_t(1) << e.exponentBits) - 1) << (e.precision - 1);
  const uint64_t maxFinite = bitsOf(e, slow::largestFinite(e));
  const uint64_t specials[] = {0,       sign,         expOnes,         expOnes | sign,
                               expOnes | (uint64_t(1) << (e.precision - 2)), // qNaN
                               expOnes | 1,                               // sNaN
                               1,       sign | 1,     maxFinite,       maxFinite | sign};
  out.push_back(specials[rng.below(10)]);
  out.push_back(specials[rng.below(10)]);
  // The scale the arithmetic will see, and the one `exact` sees.
  const ScaleValue &sv = t.scales[p];
  const slow::Value stored =
      slow::decode(slow::formatNamed(std::string(sv.format->name)), uint64_t(sv.bits));
  const slow::Value converted = slow::round(e, false, stored.magnitude, RoundingMode::NearestEven);
  const int64_t zp = t.zeroPoints[p];
  while (static_cast<int>(out.size()) < count) {
    if (rng.chance(4)) {
      out.push_back(rng.next() & mask);
      continue;
    }
    const slow::Value &scale = rng.chance(2) ? stored : converted;
    if (scale.kind != slow::Value::Finite || scale.magnitude == 0) {
      out.push_back(rng.next() & mask);
      continue;
    }
    Int k;
    switch (rng.below(9)) {
    case 0: k = t.storageMin; break;
    case 1: k = t.storageMax; break;
    case 2: k = r.typeMin; break;
    case 3: k = r.typeMax; break;
    case 4: k = zp; break;
    case 5: k = (Int(1) << 31) * (rng.chance(2) ? 1 : -1); break;
    case 6: k = Int(1) << 32; break;
    default: k = rng.range(t.storageMin - 3, t.storageMax + 3); break;
    }
    k += rng.range(-2, 2);
    Rational fraction;
    switch (rng.below(5)) {
    case 0: fraction = 0; break;
    case 1: fraction = Rational(1, 4); break;
    case 2: fraction = Rational(-1, 2); break;
    default: fraction = Rational(1, 2); break;
    }
    Rational target = (Rational(k) + fraction - Rational(zp)) * scale.magnitude;
    uint64_t b = bitsOf(e, target);
    switch (rng.below(4)) { // a neighbour (any pattern is a valid input)
    case 0: b = (b + 1) & mask; break;
    case 1: b = (b - 1) & mask; break;
    default: break;
    }
    out.push_back(b);
  }
  return out;
}

std::vector<int64_t> dcastInputs(Rng &rng, const RandomType &r, size_t p, int count) {
  const QuantType &t = r.type;
  const int64_t lo = static_cast<int64_t>(r.typeMin), hi = static_cast<int64_t>(r.typeMax);
  const int64_t zp = t.zeroPoints[p];
  std::vector<int64_t> out = {lo, hi, zp};
  while (static_cast<int>(out.size()) < count) {
    switch (rng.below(4)) {
    case 0: out.push_back(std::max(lo, std::min(hi, zp + rng.range(-2, 2)))); break;
    case 1: out.push_back(rng.chance(2) ? t.storageMin : t.storageMax); break;
    default: out.push_back(rng.range(lo, hi)); break;
    }
  }
  return out;
}

std::string describe(const QuantType &t, size_t p, const Semantics &s) {
  std::ostringstream os;
  os << t.storage.name() << "<" << t.storageMin << ":" << t.storageMax << "> expressed "
     << t.expressed->name << " scale[" << p << "] " << t.scales[p].format->name << ":"
     << hexBits(t.scales[p].bits) << " zp " << t.zeroPoints[p] << " | " << s.describe();
  return os.str();
}

struct Tally {
  int64_t checks = 0, failures = 0;
  void fail(const std::string &message) {
    if (++failures <= 25)
      ADD_FAILURE() << message;
  }
};

void checkType(Rng &rng, const RandomType &r, const Semantics &semantics, Tally &tally) {
  const QuantType &t = r.type;
  QuantizeKernel q(t, semantics);
  DequantizeKernel d(t, semantics);
  for (size_t p = 0; p < t.scales.size(); ++p) {
    for (uint64_t x : qcastInputs(rng, r, p, 24)) {
      slow::Stored expected = slow::qcast(t, semantics, p, x);
      StoredOutcome actual = q(x, static_cast<int64_t>(p));
      ++tally.checks;
      if (expected.poison != actual.poison || (!expected.poison && expected.value != actual.value))
        tally.fail("qcast " + describe(t, p, semantics) + " x=" + hexBits(x) + ": kernel " +
                   (actual.poison ? "poison" : std::to_string(actual.value)) + ", slow path " +
                   (expected.poison ? "poison" : std::to_string(expected.value)));
    }
    for (int64_t stored : dcastInputs(rng, r, p, 8)) {
      slow::Expressed expected = slow::dcast(t, semantics, p, stored);
      ExpressedOutcome actual = d(stored, static_cast<int64_t>(p));
      ++tally.checks;
      if (expected.poison != actual.poison ||
          (!expected.poison && Bits(expected.bits) != actual.bits))
        tally.fail("dcast " + describe(t, p, semantics) + " q=" + std::to_string(stored) +
                   ": kernel " + (actual.poison ? "poison" : hexBits(actual.bits)) +
                   ", slow path " + (expected.poison ? "poison" : hexBits(expected.bits)));
    }
  }
}

// [qcast.steps] [dcast.steps] [qcast.exact] [dcast.exact] the cross-check.
void runCrossCheck(uint64_t seed, int types) {
  Rng rng(seed);
  Tally tally;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < types; ++i) {
    RandomType r = randomType(rng);
    checkType(rng, r, Semantics{}, tally); // reference: nearest-even stepwise
    checkType(rng, r, Sem().exact(), tally);
    checkType(rng, r, randomSemantics(rng), tally);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("  slow path: %lld checks over %d types, %lld mismatches, %.1f s\n",
              static_cast<long long>(tally.checks), types,
              static_cast<long long>(tally.failures), seconds);
  EXPECT_EQ(tally.failures, 0);
}

TEST(SlowPathCrossCheck, RandomTypesSeedA) { runCrossCheck(0x5eed0001, 1500); }
TEST(SlowPathCrossCheck, RandomTypesSeedB) { runCrossCheck(0x5eed0002, 1500); }

// The oracle itself against the host's IEEE binary32 / binary64 division,
// multiplication and addition (nearest-even), so that a bug shared by the
// kernel and the oracle's rounding would still show up.
TEST(SlowPathCrossCheck, OracleRoundingMatchesHostFloat) {
  Rng rng(0x0bac1e);
  const slow::Format &f32 = slow::formatNamed("f32");
  const slow::Format &f64 = slow::formatNamed("f64");
  for (int i = 0; i < 20000; ++i) {
    uint32_t a = static_cast<uint32_t>(rng.next()), b = static_cast<uint32_t>(rng.next());
    if (i % 2) { // keep exponents close so results stay finite and normal-ish
      a = (a & 0x807FFFFF) | (static_cast<uint32_t>(rng.range(100, 150)) << 23);
      b = (b & 0x807FFFFF) | (static_cast<uint32_t>(rng.range(100, 150)) << 23);
    }
    volatile float x = f32Of(a), y = f32Of(b);
    slow::Value vx = slow::decode(f32, a), vy = slow::decode(f32, b);
    if (vx.kind != slow::Value::Finite || vy.kind != slow::Value::Finite || vy.magnitude == 0)
      continue;
    Rational rx = vx.negative ? Rational(-vx.magnitude) : vx.magnitude;
    Rational ry = vy.negative ? Rational(-vy.magnitude) : vy.magnitude;
    float q = x / y, m = x * y, s = x + y;
    // (Exact zeros carry no sign in a rational; the kernel tests cover them.)
    if (rx / ry != 0) {
      ASSERT_EQ(bitsOf(f32, rx / ry), f32Bits(q)) << hexBits(a) << " / " << hexBits(b);
    }
    if (rx * ry != 0) {
      ASSERT_EQ(bitsOf(f32, rx * ry), f32Bits(m)) << hexBits(a) << " * " << hexBits(b);
    }
    if (rx + ry != 0) {
      ASSERT_EQ(bitsOf(f32, rx + ry), f32Bits(s)) << hexBits(a) << " + " << hexBits(b);
    }
  }
  for (int i = 0; i < 5000; ++i) {
    uint64_t a = rng.next(), b = rng.next();
    if (i % 2) {
      a = (a & 0x800FFFFFFFFFFFFFull) | (static_cast<uint64_t>(rng.range(900, 1100)) << 52);
      b = (b & 0x800FFFFFFFFFFFFFull) | (static_cast<uint64_t>(rng.range(900, 1100)) << 52);
    }
    volatile double x = f64Of(a), y = f64Of(b);
    slow::Value vx = slow::decode(f64, a), vy = slow::decode(f64, b);
    if (vx.kind != slow::Value::Finite || vy.kind != slow::Value::Finite || vy.magnitude == 0)
      continue;
    Rational rx = vx.negative ? Rational(-vx.magnitude) : vx.magnitude;
    Rational ry = vy.negative ? Rational(-vy.magnitude) : vy.magnitude;
    double q = x / y;
    if (rx / ry != 0) {
      ASSERT_EQ(bitsOf(f64, rx / ry), f64Bits(q)) << hexBits(a) << " / " << hexBits(b);
    }
  }
}

// The oracle's decoder on every f8 pattern and on f16 / bf16 landmarks
// (values from the formats' definitions).
TEST(SlowPathCrossCheck, OracleDecodesLandmarks) {
  const slow::Format &e4 = slow::formatNamed("f8E4M3FN");
  EXPECT_EQ(slow::decode(e4, 0x7E).magnitude, Rational(448));
  EXPECT_EQ(slow::decode(e4, 0x01).magnitude, Rational(1, 512));
  EXPECT_EQ(slow::decode(e4, 0x7F).kind, slow::Value::NaN);
  EXPECT_EQ(slow::decode(e4, 0x78).magnitude, Rational(256));
  const slow::Format &e5 = slow::formatNamed("f8E5M2");
  EXPECT_EQ(slow::decode(e5, 0x7B).magnitude, Rational(57344));
  EXPECT_EQ(slow::decode(e5, 0x7C).kind, slow::Value::Infinite);
  EXPECT_EQ(slow::decode(e5, 0x01).magnitude, Rational(1, 65536));
  const slow::Format &h = slow::formatNamed("f16");
  EXPECT_EQ(slow::decode(h, 0x7BFF).magnitude, Rational(65504));
  EXPECT_EQ(slow::decode(h, 0x2E66).magnitude, Rational(819, 8192));
  EXPECT_EQ(slow::decode(h, 0x0001).magnitude, Rational(1, 16777216));
  const slow::Format &b = slow::formatNamed("bf16");
  EXPECT_EQ(slow::decode(b, 0x3DCD).magnitude, Rational(205, 2048));
  // Round trips of every f8 and f16 finite pattern.
  for (const char *name : {"f8E4M3FN", "f8E5M2", "f16"}) {
    const slow::Format &f = slow::formatNamed(name);
    for (uint64_t bits = 0; bits < (uint64_t(1) << f.totalBits); ++bits) {
      slow::Value v = slow::decode(f, bits);
      if (v.kind == slow::Value::NaN)
        continue;
      ASSERT_EQ(slow::encode(f, v), bits) << name << " " << hexBits(bits);
      if (v.kind == slow::Value::Finite) {
        ASSERT_EQ(slow::encode(f, slow::round(f, v.negative, v.magnitude,
                                              RoundingMode::NearestEven)),
                  bits);
      }
    }
  }
}

} // namespace
} // namespace qi::quant::test
