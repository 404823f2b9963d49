//===- RescaleAcceleratorDiffTest.cpp - [fast.rescale] against RESCALE ----===//
//
// Spec: [fast.rescale] in spec/performance.md. Two proofs:
//
// 1. `RandomOps`: random tosa.rescale ops of every width the accelerator
//    claims (in_t 1..48 bits, out_t 1..32, both signednesses, scale32 on /
//    off, every rounding mode, per-tensor and per-channel with shifts 2..62
//    varying per channel), inputs biased to exact ties, both double-rounding
//    boundaries, saturation at both ends, zero points at their extremes, the
//    REQUIRE edges and in_t's extremes. For each op: planRescale claims it
//    exactly when no element breaks a REQUIRE of requant::rescaleElement (the
//    reference), and then rescaleTensor gives the reference's bits for every
//    element (poison elements: poison with bits 0). 10^7 elements in the
//    full tier (QI_FULL_SWEEPS=1), a tenth in the quick tier.
// 2. `Programs*`: tosa.rescale programs through eval::Program with the fast
//    paths on and off (eval/tests/FastExactPair.h): same bits or the same
//    error at the same element, and the path counted exactly when taken.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/RescaleAccelerator.h"
#include "interpreter/fast/RescalePlan.h"
#include "interpreter/fast/tests/SweepTier.h"

#include "generators/Prng.h"
#include "interpreter/eval/tests/FastExactPair.h"
#include "interpreter/requant/Rescale.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace qi::fast {
namespace {

using generators::SplitMix64;
using requant::RescaleAttributes;
using requant::RoundingMode;
using Int128 = __int128;

/// v * 2^s: a left shift of a negative value is undefined in C++17.
Int128 timesPowerOfTwo(Int128 v, int s) { return v * (Int128(1) << s); }

//===-- Random ops ---------------------------------------------------------===//

struct OpCase {
  RescaleAttributes a;
  Shape shape;
  std::vector<int64_t> multipliers;
  std::vector<int8_t> shifts;
  uint64_t inputZp = 0, outputZp = 0;
  std::vector<uint64_t> input; // in_t patterns
  std::vector<int64_t> poison; // indices
};

int64_t typeMin(unsigned width, bool isUnsigned) {
  return isUnsigned ? 0 : -(int64_t(1) << (width - 1));
}
int64_t typeMax(unsigned width, bool isUnsigned) {
  return isUnsigned ? int64_t((uint64_t(1) << width) - 1) : (int64_t(1) << (width - 1)) - 1;
}

/// Floor division (b > 0).
Int128 floorDiv(Int128 a, Int128 b) {
  Int128 q = a / b;
  if (a % b != 0 && a < 0)
    --q;
  return q;
}

/// The rounding constant apply_scale_32 / _16 adds for `value`.
int64_t roundOf(const RescaleAttributes &a, int64_t value, int shift) {
  int64_t round = int64_t(1) << (shift - 1);
  if (a.scale32 && a.roundingMode == RoundingMode::Double && shift > 31)
    round += value >= 0 ? int64_t(1) << 30 : -(int64_t(1) << 30);
  return round;
}

/// The values a channel can take without breaking a REQUIRE (written from
/// the REQUIREs of [rescale.apply-scale-32], [rescale.apply-scale-16] and
/// apply_add_s, not from the plan): [lo, hi], maybe empty.
std::pair<int64_t, int64_t> safeValues(const OpCase &c, int64_t m, int s) {
  const RescaleAttributes &a = c.a;
  const int64_t izp = requant::extendBits(c.inputZp, a.inputWidth, a.inputUnsigned);
  const int64_t ozp = requant::extendBits(c.outputZp, a.outputWidth, a.outputUnsigned);
  int64_t lo = typeMin(a.inputWidth, a.inputUnsigned) - izp;
  int64_t hi = typeMax(a.inputWidth, a.inputUnsigned) - izp;
  if (a.scale32) {
    lo = std::max<int64_t>({lo, INT32_MIN, -(int64_t(1) << (s - 1))});
    hi = std::min<int64_t>({hi, INT32_MAX, (int64_t(1) << (s - 1)) - 1});
    return {lo, hi}; // |result| <= 2^30 + 1: apply_add_s cannot overflow
  }
  if (m == 0)
    return {lo, hi};
  // floor((v m + 2^(s-1)) / 2^s) + ozp within int32, and the result itself.
  const Int128 top = std::min<Int128>(INT32_MAX, Int128(INT32_MAX) - ozp);
  const Int128 bottom = std::max<Int128>(INT32_MIN, Int128(INT32_MIN) - ozp);
  const Int128 h = Int128(1) << (s - 1);
  const Int128 vHi = floorDiv(timesPowerOfTwo(top + 1, s) - h - 1, m);
  const Int128 vLo = -floorDiv(-(timesPowerOfTwo(bottom, s) - h), m); // ceil
  lo = static_cast<int64_t>(std::max<Int128>(lo, vLo));
  hi = static_cast<int64_t>(std::min<Int128>(hi, vHi));
  return {lo, hi};
}

/// The inverse of an odd number modulo 2^64.
uint64_t inverseOdd(uint64_t odd) {
  uint64_t inv = odd;
  for (int i = 0; i < 6; ++i)
    inv *= 2 - odd * inv;
  return inv;
}

/// A v in [lo, hi] with v * m = t (mod 2^e) close to `near`, if any.
std::optional<int64_t> solveCongruence(int64_t m, int64_t t, unsigned e, int64_t lo, int64_t hi,
                                       int64_t near) {
  if (m <= 0 || lo > hi)
    return std::nullopt;
  const unsigned k = static_cast<unsigned>(__builtin_ctzll(static_cast<uint64_t>(m)));
  const uint64_t tMod = static_cast<uint64_t>(t) & ((uint64_t(1) << e) - 1);
  if (k >= e)
    return tMod == 0 ? std::optional<int64_t>(near) : std::nullopt;
  if ((tMod & ((uint64_t(1) << k) - 1)) != 0)
    return std::nullopt;
  const unsigned period = e - k;
  const uint64_t mask = (uint64_t(1) << period) - 1;
  const int64_t v0 = static_cast<int64_t>(((tMod >> k) * inverseOdd(static_cast<uint64_t>(m) >> k)) & mask);
  const Int128 step = Int128(1) << period;
  Int128 v = v0 + floorDiv(Int128(near) - v0, step) * step;
  for (Int128 candidate : {v, v + step, v - step})
    if (candidate >= lo && candidate <= hi)
      return static_cast<int64_t>(candidate);
  return std::nullopt;
}

/// Coverage of the sweep (it fails if a class is not reached).
struct Coverage {
  int64_t ops = 0, claimed = 0, declined = 0, dataBounds = 0, typeBounds = 0, poisonOps = 0;
  int64_t singleViolations = 0; ///< safe ops with one element beyond a REQUIRE
  std::map<std::string, int64_t> plantedRequires; ///< which REQUIRE that element breaks
  int64_t elements = 0;       ///< compared on the accelerator (each in both forms)
  int64_t vectorElements = 0; ///< of which the vector form computed
  int64_t ties = 0, doubleFinal = 0, doubleFirstStage = 0, saturatedLow = 0, saturatedHigh = 0;
  int64_t shift2 = 0, shift62 = 0, perChannelOps = 0, otherWidthOps = 0;
  std::set<std::tuple<unsigned, unsigned, bool, bool>> modes; ///< claimed (in, out, inU, outU)
  std::set<std::pair<bool, RoundingMode>> scaleModes;         ///< claimed (scale32, mode)
};

uint64_t patternOf(int64_t value, unsigned width) { return requant::truncateBits(value, width); }

/// odd * 2^k < 2^bits, k uniform: multipliers whose products reach exact
/// ties and double-rounding boundaries within an int32 value.
int64_t oddTimesPowerOfTwo(SplitMix64 &prng, int bits) {
  const int k = int(prng.range(0, bits - 1));
  const int64_t odd = prng.range(0, (int64_t(1) << (bits - 1 - k)) - 1) * 2 + 1;
  return odd << k;
}

/// A random, legal (no ERROR_IF) op with channel parameters.
OpCase randomOp(SplitMix64 &prng, bool wild) {
  OpCase c;
  RescaleAttributes &a = c.a;
  for (;;) {
    static const unsigned inWidths[] = {8, 8, 16, 16, 32, 32, 48};
    static const unsigned outWidths[] = {8, 8, 16, 32};
    a.inputWidth = prng.chance(5) ? unsigned(prng.range(1, 48)) : inWidths[prng.below(7)];
    a.outputWidth = prng.chance(5) ? unsigned(prng.range(1, 32)) : outWidths[prng.below(4)];
    a.scale32 = a.inputWidth != 48 && !prng.chance(4);
    const int mode = int(prng.below(3));
    a.roundingMode = mode == 0   ? RoundingMode::Single
                     : mode == 1 ? RoundingMode::Inexact
                                 : (a.scale32 ? RoundingMode::Double : RoundingMode::Single);
    a.perChannel = prng.chance(2);
    a.inputUnsigned = prng.chance(4);
    a.outputUnsigned = !a.inputUnsigned && prng.chance(3);
    if (prng.chance(4)) { // an accumulator to bytes: the vector form's ops
      a.inputWidth = 32;
      a.outputWidth = prng.chance(4) ? unsigned(prng.range(1, 8)) : 8;
      a.inputUnsigned = a.outputUnsigned = false;
      a.scale32 = !prng.chance(8);
      if (!a.scale32 && a.roundingMode == RoundingMode::Double)
        a.roundingMode = RoundingMode::Single;
    }
    auto zeroPoint = [&](unsigned width, bool isUnsigned) -> uint64_t {
      if (width == 8) {
        static const int64_t signedZps[] = {-128, 127, 0, -1, 1};
        static const int64_t unsignedZps[] = {0, 255, 128, 1, 254};
        return prng.chance(3) ? prng.below(256)
                              : patternOf(isUnsigned ? unsignedZps[prng.below(5)]
                                                     : signedZps[prng.below(5)],
                                          8);
      }
      if (width == 16 && isUnsigned)
        return prng.chance(2) ? 0 : 0x8000;
      return 0;
    };
    c.inputZp = zeroPoint(a.inputWidth, a.inputUnsigned);
    c.outputZp = zeroPoint(a.outputWidth, a.outputUnsigned);
    if (!requant::checkRescale(a, c.inputZp, c.outputZp, 2))
      break;
  }

  // Shape: per-channel [rows, NC] (sometimes rank 3); per-tensor [n].
  static const int64_t sizes[] = {1, 3, 7, 64, 256, 1000, 4096};
  const int64_t n = prng.chance(100) ? 65536
                    : prng.chance(8) ? prng.range(1, 3000)
                                     : sizes[prng.below(7)];
  int64_t nc = 1;
  if (a.perChannel) {
    static const int64_t channels[] = {1, 2, 3, 5, 16, 64, 256, 300};
    nc = prng.chance(4) ? prng.range(1, 512) : channels[prng.below(8)];
    const int64_t rows = std::max<int64_t>(1, n / nc);
    c.shape = prng.chance(4) ? Shape{1, rows, nc} : Shape{rows, nc};
  } else {
    c.shape = prng.chance(4) ? Shape{std::max<int64_t>(1, n / 4), 4} : Shape{n};
  }

  // Channels: multipliers and shifts biased to their edges.
  for (int64_t ch = 0; ch < nc; ++ch) {
    int64_t m;
    if (a.scale32) {
      static const int64_t special[] = {0, 1, int64_t(1) << 30, INT32_MAX, 1992150143};
      const uint64_t kind = prng.below(4);
      m = kind == 0   ? special[prng.below(5)]
          : kind == 1 ? oddTimesPowerOfTwo(prng, 31)
                      : prng.range(int64_t(1) << 30, INT32_MAX);
    } else {
      static const int64_t special[] = {0, 1, int64_t(1) << 14, INT16_MAX, 12345};
      const uint64_t kind = prng.below(4);
      m = kind == 0   ? special[prng.below(5)]
          : kind == 1 ? oddTimesPowerOfTwo(prng, 15)
                      : prng.range(int64_t(1) << 14, INT16_MAX);
    }
    static const int shifts[] = {2, 3, 30, 31, 32, 33, 38, 47, 61, 62};
    int s = prng.chance(3) ? shifts[prng.below(10)] : int(prng.range(2, 62));
    if (!a.scale32 && prng.chance(2)) // apply_scale_16 with useful results
      s = int(prng.range(2, 30));
    c.multipliers.push_back(m);
    c.shifts.push_back(static_cast<int8_t>(s));
  }
  if (wild && prng.chance(4)) { // a REQUIRE on multiplier or shift
    const size_t ch = size_t(prng.below(uint64_t(nc)));
    if (prng.chance(2))
      c.multipliers[ch] = -prng.range(1, 5);
    else
      c.shifts[ch] = static_cast<int8_t>(prng.chance(2) ? prng.range(-128, 1) : prng.range(63, 127));
  }
  return c;
}

/// One input value of channel `ch`: [fast.rescale]'s boundary-biased draw.
uint64_t randomInput(SplitMix64 &prng, const OpCase &c, int64_t ch, bool wild) {
  const RescaleAttributes &a = c.a;
  const int64_t m = c.multipliers[size_t(ch)];
  const int s = c.shifts[size_t(ch)];
  const int64_t izp = requant::extendBits(c.inputZp, a.inputWidth, a.inputUnsigned);
  const int64_t ozp = requant::extendBits(c.outputZp, a.outputWidth, a.outputUnsigned);
  const int64_t tMin = typeMin(a.inputWidth, a.inputUnsigned);
  const int64_t tMax = typeMax(a.inputWidth, a.inputUnsigned);
  auto pattern = [&](int64_t value) { // value = x - izp, clamped into in_t
    return patternOf(std::clamp(value + izp, tMin, tMax), a.inputWidth);
  };
  if (wild && prng.chance(50)) // any pattern
    return patternOf(static_cast<int64_t>(prng.next()), a.inputWidth);
  if (m < 0 || s < 2 || s > 62)
    return patternOf(prng.range(tMin, tMax), a.inputWidth);
  auto [lo, hi] = safeValues(c, m, s);
  if (wild && prng.chance(30) && a.scale32) // just beyond the value REQUIRE
    return pattern(prng.chance(2) ? -(int64_t(1) << (s - 1)) - 1 : int64_t(1) << (s - 1));
  if (lo > hi)
    return patternOf(prng.range(tMin, tMax), a.inputWidth);
  auto inRange = [&](int64_t v) { return std::clamp(v, lo, hi); };
  const int64_t near = prng.range(lo, hi);
  const int64_t jitter = prng.chance(3) ? prng.range(-2, 2) : 0;
  switch (prng.below(8)) {
  case 0: // uniform
    return pattern(near);
  case 1: { // log-uniform magnitude
    const int bits = int(prng.range(0, 47));
    const int64_t v = prng.range(0, (int64_t(1) << bits) - 1) * (prng.chance(2) ? -1 : 1);
    return pattern(inRange(v));
  }
  case 2: { // an exact tie: v m + 2^(s-1) = 0 (mod 2^s)
    const int64_t t = -(int64_t(1) << (s - 1));
    if (auto v = solveCongruence(m, t, unsigned(s), lo, hi, near))
      return pattern(inRange(*v + jitter));
    return pattern(near);
  }
  case 3: { // double rounding: the final boundary with +-2^30, then the first stage's
    const bool negative = prng.chance(2);
    const int64_t extra = negative ? -(int64_t(1) << 30) : int64_t(1) << 30;
    std::optional<int64_t> v;
    if (prng.chance(2) && s > 31)
      v = solveCongruence(m, -(int64_t(1) << (s - 1)) - extra, unsigned(s),
                          negative ? lo : std::max<int64_t>(lo, 0),
                          negative ? std::min<int64_t>(hi, -1) : hi, near);
    else
      v = solveCongruence(m, -extra, 31, lo, hi, near);
    return pattern(v ? inRange(*v + jitter) : near);
  }
  case 4: { // saturation: result + output_zp around out_t's bounds
    if (m == 0)
      return pattern(near);
    const int64_t target = (prng.chance(2) ? typeMin(a.outputWidth, a.outputUnsigned)
                                           : typeMax(a.outputWidth, a.outputUnsigned)) -
                           ozp + prng.range(-2, 2);
    const Int128 v = floorDiv(timesPowerOfTwo(target, s), m) + prng.range(-2, 2);
    return pattern(inRange(static_cast<int64_t>(std::clamp<Int128>(v, lo, hi))));
  }
  case 5: { // the ends of the safe interval, zero
    const int64_t ends[] = {lo, hi, lo + 1, hi - 1, 0, 1, -1};
    return pattern(inRange(ends[prng.below(7)]));
  }
  case 6: // in_t's extremes (clamped to what is safe in safe draws)
    return pattern(inRange((prng.chance(2) ? tMin : tMax) - izp));
  default: // a small multiple of 2^(shift - log2 m): near integer results
    return pattern(inRange(near + jitter));
  }
}

/// Values of `value` at the edges of the REQUIREs of a channel (m, s), on
/// their failing side: in_t's ends, just outside the int32 parameter and
/// the value REQUIRE, and the values whose scaled result just leaves int32
/// alone or with output_zp added (apply_scale_16, apply_add_s). Last, the
/// result that output_zp brings back into int32 (only apply_scale_16's
/// REQUIRE sees it).
std::vector<int64_t> edgeValues(const OpCase &c, int64_t m, int s) {
  const RescaleAttributes &a = c.a;
  const int64_t izp = requant::extendBits(c.inputZp, a.inputWidth, a.inputUnsigned);
  const int64_t ozp = requant::extendBits(c.outputZp, a.outputWidth, a.outputUnsigned);
  std::vector<int64_t> values = {typeMin(a.inputWidth, a.inputUnsigned) - izp,
                                 typeMax(a.inputWidth, a.inputUnsigned) - izp,
                                 int64_t(INT32_MAX) + 1, int64_t(INT32_MIN) - 1};
  if (s >= 2 && s <= 62) {
    values.push_back(int64_t(1) << (s - 1));
    values.push_back(-(int64_t(1) << (s - 1)) - 1);
    // The smallest v with floor((v m + round) / 2^s) >= result.
    auto reaching = [&](Int128 result) -> std::optional<int64_t> {
      const Int128 v = -floorDiv(-(timesPowerOfTwo(result, s) - roundOf(a, result >= 0 ? 1 : -1, s)), m);
      if (v <= -(Int128(1) << 60) || v >= (Int128(1) << 60))
        return std::nullopt;
      return static_cast<int64_t>(v);
    };
    if (m > 0) {
      const Int128 top = Int128(INT32_MAX) + 1, bottom = Int128(INT32_MIN) - 1;
      const std::pair<Int128, bool> targets[] = {{top - ozp, true},
                                                 {bottom - ozp, false},
                                                 {ozp < 0 ? bottom : top, ozp >= 0},
                                                 {ozp < 0 ? top : bottom, ozp < 0}};
      for (const auto &[result, upper] : targets)
        if (std::optional<int64_t> v = reaching(upper ? result : result + 1))
          values.push_back(upper ? *v : *v - 1);
    }
  }
  return values;
}

/// Replaces one element with a value that breaks a REQUIRE of its channel
/// (the only one in an otherwise safe op), at the first or last element,
/// in the first, second or last row, or anywhere: the plan must see it
/// wherever it is. False if the channel has no such value in in_t.
bool plantViolation(SplitMix64 &prng, OpCase &c, int64_t size, Coverage &cov) {
  const RescaleAttributes &a = c.a;
  const int64_t nc = static_cast<int64_t>(c.multipliers.size());
  const int64_t rowLength = a.perChannel ? nc : c.shape.back();
  int64_t i;
  switch (prng.below(6)) {
  case 0:
    i = 0;
    break;
  case 1:
    i = size - 1;
    break;
  case 2:
    i = prng.range(0, std::min(size, rowLength) - 1);
    break;
  case 3:
    i = std::min(size - 1, rowLength + prng.range(0, rowLength - 1)); // the second row
    break;
  case 4:
    i = std::max<int64_t>(0, size - 1 - prng.range(0, rowLength - 1));
    break;
  default:
    i = prng.range(0, size - 1);
    break;
  }
  const size_t ch = a.perChannel ? size_t(i % nc) : 0;
  const int64_t m = c.multipliers[ch];
  const int s = c.shifts[ch];
  const int64_t izp = requant::extendBits(c.inputZp, a.inputWidth, a.inputUnsigned);
  const int64_t tMin = typeMin(a.inputWidth, a.inputUnsigned);
  const int64_t tMax = typeMax(a.inputWidth, a.inputUnsigned);
  const std::vector<int64_t> values = edgeValues(c, m, s);
  std::vector<std::pair<uint64_t, std::string>> breaking;
  for (int64_t value : values) {
    const int64_t x = value + izp;
    if (x < tMin || x > tMax)
      continue;
    const uint64_t bits = patternOf(x, a.inputWidth);
    requant::RescaledElement out =
        requant::rescaleElement(a, bits, m, static_cast<int8_t>(s), c.inputZp, c.outputZp);
    if (out.violation)
      breaking.push_back({bits, out.violation->where + ": " + out.violation->condition});
  }
  if (breaking.empty())
    return false;
  // apply_add_s (apply_scale_16's result within a zero point of an int32
  // bound), the rarest, half of the times it is one of them; else a REQUIRE
  // drawn uniformly; for it, half of the time the last candidate (the
  // result that output_zp brings back into int32), else any.
  std::vector<std::string> requires;
  for (const auto &b : breaking)
    if (std::find(requires.begin(), requires.end(), b.second) == requires.end())
      requires.push_back(b.second);
  std::string chosen = requires[prng.below(requires.size())];
  for (const std::string &r : requires)
    if (r.rfind("apply_add_s", 0) == 0 && prng.chance(2))
      chosen = r;
  std::vector<size_t> ofChosen;
  for (size_t k = 0; k < breaking.size(); ++k)
    if (breaking[k].second == chosen)
      ofChosen.push_back(k);
  const size_t pick = prng.chance(2) ? ofChosen.back() : ofChosen[prng.below(ofChosen.size())];
  const auto &[bits, require] = breaking[pick];
  c.input[size_t(i)] = bits;
  ++cov.plantedRequires[require];
  return true;
}

/// Whether `value` of channel (m, s) is an exact tie or on a double-rounding
/// boundary (first or final stage).
void countBoundaries(const RescaleAttributes &a, int64_t value, int64_t m, int s, Coverage &cov) {
  const Int128 p = Int128(value) * m;
  const Int128 unit = Int128(1) << s;
  auto mod = [](Int128 x, Int128 u) { return ((x % u) + u) % u; };
  if (mod(p + (Int128(1) << (s - 1)), unit) == 0)
    ++cov.ties;
  if (a.scale32 && a.roundingMode == RoundingMode::Double && s > 31) {
    if (mod(p + roundOf(a, value, s), unit) == 0)
      ++cov.doubleFinal;
    if (mod(p + (value >= 0 ? 1 : -1) * (Int128(1) << 30), Int128(1) << 31) == 0)
      ++cov.doubleFirstStage;
  }
}

/// Runs one op both ways and checks the claim and the bits.
void checkOp(const OpCase &c, Coverage &cov) {
  const RescaleAttributes &a = c.a;
  RuntimeValue input = RuntimeValue::tensor(ElementType::makeInteger(a.inputWidth), c.shape);
  for (int64_t i = 0; i < input.size(); ++i)
    input.set(i, c.input[size_t(i)]);
  for (int64_t i : c.poison)
    input.setPoison(i);
  const int64_t nc = static_cast<int64_t>(c.multipliers.size());
  ++cov.ops;

  // The reference, element by element (poison elements too, on their bits:
  // the plan reads their bits and may decline for them).
  std::vector<requant::RescaledElement> expected(size_t(input.size()));
  bool anyViolation = false;
  for (int64_t i = 0; i < input.size(); ++i) {
    const size_t ch = a.perChannel ? size_t(i % nc) : 0;
    expected[size_t(i)] = requant::rescaleElement(a, c.input[size_t(i)], c.multipliers[ch],
                                                  c.shifts[ch], c.inputZp, c.outputZp);
    anyViolation = anyViolation || expected[size_t(i)].violation.has_value();
  }

  std::optional<RescalePlan> plan = planRescale(requant::RequantizeRecipe::Tosa, a,
                                                c.multipliers, c.shifts, c.inputZp, c.outputZp,
                                                input);
  // The plan is exact: it claims the op iff no element breaks a REQUIRE.
  ASSERT_EQ(plan.has_value(), !anyViolation)
      << "in i" << a.inputWidth << " out i" << a.outputWidth << " scale32 " << a.scale32;
  if (!plan) {
    ++cov.declined;
    return;
  }
  ++cov.claimed;
  ++(plan->bounds == RescalePlan::Bounds::Data ? cov.dataBounds : cov.typeBounds);
  cov.poisonOps += !c.poison.empty();
  cov.perChannelOps += a.perChannel;
  const bool standard = (a.inputWidth == 8 || a.inputWidth == 16 || a.inputWidth == 32 ||
                         a.inputWidth == 48) &&
                        (a.outputWidth == 8 || a.outputWidth == 16 || a.outputWidth == 32);
  if (standard)
    cov.modes.insert({a.inputWidth, a.outputWidth, a.inputUnsigned, a.outputUnsigned});
  else
    ++cov.otherWidthOps;
  cov.scaleModes.insert({a.scale32, a.roundingMode});

  // Both forms: the vector form where it applies (then the scalar loop for
  // the rest), and the scalar loop alone.
  RuntimeValue result = RuntimeValue::tensor(ElementType::makeInteger(a.outputWidth), c.shape);
  cov.vectorElements += rescaleTensor(*plan, input, result, RescaleForm::Best);
  RuntimeValue scalar = RuntimeValue::tensor(ElementType::makeInteger(a.outputWidth), c.shape);
  ASSERT_EQ(rescaleTensor(*plan, input, scalar, RescaleForm::Scalar), 0);
  const int64_t izp = requant::extendBits(c.inputZp, a.inputWidth, a.inputUnsigned);
  const int64_t lo = a.outputUnsigned ? 0 : typeMin(a.outputWidth, false);
  const int64_t hi = typeMax(a.outputWidth, a.outputUnsigned);
  for (int64_t i = 0; i < input.size(); ++i) {
    const size_t ch = a.perChannel ? size_t(i % nc) : 0;
    if (input.isPoison(i)) {
      ASSERT_TRUE(result.isPoison(i) && scalar.isPoison(i)) << "element " << i;
      ASSERT_EQ(uint64_t(result.get(i)), 0u) << "element " << i;
      ASSERT_EQ(uint64_t(scalar.get(i)), 0u) << "element " << i;
      continue;
    }
    const requant::RescaledElement &want = expected[size_t(i)];
    ASSERT_FALSE(result.isPoison(i) || scalar.isPoison(i));
    ASSERT_EQ(uint64_t(scalar.get(i)), want.bits) << "scalar form, element " << i;
    ASSERT_EQ(uint64_t(result.get(i)), want.bits)
        << "element " << i << " input 0x" << std::hex << c.input[size_t(i)] << std::dec
        << " in i" << a.inputWidth << (a.inputUnsigned ? "u" : "") << " out i" << a.outputWidth
        << (a.outputUnsigned ? "u" : "") << " scale32 " << a.scale32 << " mode "
        << requant::roundingModeName(a.roundingMode) << " m " << c.multipliers[ch] << " s "
        << int(c.shifts[ch]) << " izp " << izp << " ozp 0x" << std::hex << c.outputZp;
    ++cov.elements;
    const int64_t value = requant::extendBits(c.input[size_t(i)], a.inputWidth,
                                              a.inputUnsigned) - izp;
    countBoundaries(a, value, c.multipliers[ch], c.shifts[ch], cov);
    cov.saturatedLow += want.value == lo;
    cov.saturatedHigh += want.value == hi;
    cov.shift2 += c.shifts[ch] == 2;
    cov.shift62 += c.shifts[ch] == 62;
  }
}

TEST(RescaleAccelerator, RandomOps) {
  // Full tier 10^7 elements through the accelerator; quick tier a tenth.
  const int64_t target = test::sweepCount(10'000'000, 10);
  SplitMix64 prng(0x7e5ca1e);
  Coverage cov;
  while (cov.elements < target) {
    const bool wild = prng.chance(6);
    OpCase c = randomOp(prng, wild);
    const int64_t size = [&] {
      int64_t n = 1;
      for (int64_t d : c.shape)
        n *= d;
      return n;
    }();
    const int64_t nc = static_cast<int64_t>(c.multipliers.size());
    for (int64_t i = 0; i < size; ++i)
      c.input.push_back(randomInput(prng, c, c.a.perChannel ? i % nc : 0, wild));
    if (!wild && prng.chance(4) && plantViolation(prng, c, size, cov))
      ++cov.singleViolations;
    if (prng.chance(20))
      for (int k = 0; k < 5; ++k)
        c.poison.push_back(prng.range(0, size - 1));
    checkOp(c, cov);
    if (::testing::Test::HasFatalFailure())
      return;
  }
  std::printf("[fast.rescale] %lld ops (%lld claimed: %lld from in_t's range, %lld from the "
              "data; %lld declined, %lld of them with one element beyond a REQUIRE), %lld "
              "elements compared; %lld ties, %lld / %lld "
              "double-rounding final / first-stage boundaries, %lld / %lld saturated low / "
              "high, %lld per-channel ops, %lld ops of other widths; %lld elements in the "
              "vector form\n",
              (long long)cov.ops, (long long)cov.claimed, (long long)cov.typeBounds,
              (long long)cov.dataBounds, (long long)cov.declined,
              (long long)cov.singleViolations, (long long)cov.elements,
              (long long)cov.ties, (long long)cov.doubleFinal, (long long)cov.doubleFirstStage,
              (long long)cov.saturatedLow, (long long)cov.saturatedHigh,
              (long long)cov.perChannelOps, (long long)cov.otherWidthOps,
              (long long)cov.vectorElements);
  for (const auto &[require, count] : cov.plantedRequires)
    std::printf("  single violation of %s: %lld ops\n", require.c_str(), (long long)count);
  // The sweep reaches what it claims to.
  EXPECT_GE(cov.elements, target);
  EXPECT_GT(cov.declined, 10);
  EXPECT_GT(cov.singleViolations, 10);
  // The single violations reach each REQUIRE an element can break (the
  // multiplier and shift ones are per channel: the wild ops).
  for (const char *require :
       {"apply_scale_32: value fits the int32_t parameter",
        "apply_scale_32: value >= (-1 << (shift - 1)) && value < (1 << (shift - 1))",
        "apply_scale_16: result >= minimum<int32_t> && result <= maximum<int32_t>",
        "apply_add_s<int32_t>: !(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < "
        "0 && a_i64 < minimum_s<in_t>() - b_i64)"})
    EXPECT_GT(cov.plantedRequires[require], 0) << require;
  EXPECT_GT(cov.typeBounds, 10);
  EXPECT_GT(cov.dataBounds, 10);
  EXPECT_GT(cov.poisonOps, 2);
  EXPECT_GT(cov.ties, 1000);
  EXPECT_GT(cov.doubleFinal, 100);
  EXPECT_GT(cov.doubleFirstStage, 100);
  EXPECT_GT(cov.saturatedLow, 1000);
  EXPECT_GT(cov.saturatedHigh, 1000);
  EXPECT_GT(cov.shift2, 0);
  EXPECT_GT(cov.shift62, 0);
  EXPECT_GT(cov.perChannelOps, 10);
  EXPECT_GT(cov.otherWidthOps, 10);
#if defined(__SSE2__)
  EXPECT_GT(cov.vectorElements, cov.elements / 20);
#endif
  EXPECT_EQ(cov.modes.size(), 20u); // every (in_t, out_t, signedness) mode of the table
  EXPECT_EQ(cov.scaleModes.size(), 5u); // scale32 x SINGLE / INEXACT / DOUBLE, 16-bit x 2
}

TEST(RescaleAccelerator, PlanIsExactAtTheRequireEdges) {
  // One channel; elements {0, v + d} for every edge value v of edgeValues
  // and d in -2..2: the plan exists exactly when rescaleElement breaks no
  // REQUIRE on either, whichever REQUIRE is nearest.
  struct Config {
    unsigned in, out;
    bool scale32;
    RoundingMode mode;
    int64_t multiplier;
    int shift;
    int64_t outputZp;
  };
  const Config configs[] = {
      {32, 8, true, RoundingMode::Double, int64_t(1) << 30, 10, -3},   // value REQUIRE
      {32, 8, true, RoundingMode::Single, 1992150143, 31, 127},       // value REQUIRE, i32 ends
      {40, 16, true, RoundingMode::Double, 1992150143, 45, 0},        // int32 parameter
      {24, 32, true, RoundingMode::Single, INT32_MAX, 20, 0},         // value REQUIRE in i24
      {48, 8, false, RoundingMode::Single, INT16_MAX, 2, -128},       // apply_scale_16, zp back
      {48, 8, false, RoundingMode::Single, INT16_MAX, 2, 127},        // the other side
      {48, 8, false, RoundingMode::Inexact, 12345, 17, -1},           // apply_scale_16 / add_s
      {48, 32, false, RoundingMode::Single, INT16_MAX, 16, 0},        // int32 result, no zp
  };
  int claimed = 0, declined = 0;
  for (const Config &k : configs) {
    OpCase c;
    c.a.inputWidth = k.in;
    c.a.outputWidth = k.out;
    c.a.scale32 = k.scale32;
    c.a.roundingMode = k.mode;
    c.outputZp = patternOf(k.outputZp, k.out);
    c.multipliers = {k.multiplier};
    c.shifts = {static_cast<int8_t>(k.shift)};
    c.shape = {2};
    ASSERT_FALSE(requant::checkRescale(c.a, c.inputZp, c.outputZp, 1));
    for (int64_t v : edgeValues(c, k.multiplier, k.shift))
      for (int64_t d = -2; d <= 2; ++d) {
        const int64_t x = v + d;
        if (x < typeMin(k.in, false) || x > typeMax(k.in, false))
          continue;
        RuntimeValue input = RuntimeValue::tensor(ElementType::makeInteger(k.in), c.shape);
        input.set(1, patternOf(x, k.in));
        bool ok = true;
        for (int64_t i = 0; i < 2; ++i)
          ok = ok && !requant::rescaleElement(c.a, uint64_t(input.get(i)), k.multiplier,
                                              static_cast<int8_t>(k.shift), c.inputZp,
                                              c.outputZp)
                          .violation;
        const std::optional<RescalePlan> plan =
            planRescale(requant::RequantizeRecipe::Tosa, c.a, c.multipliers, c.shifts,
                        c.inputZp, c.outputZp, input);
        EXPECT_EQ(plan.has_value(), ok) << "i" << k.in << " -> i" << k.out << " m "
                                        << k.multiplier << " s " << k.shift << " value " << x;
        ++(ok ? claimed : declined);
      }
  }
  EXPECT_GT(claimed, 20);
  EXPECT_GT(declined, 20);
}

//===-- Programs ------------------------------------------------------------===//

using eval::testing::FastExactPair;
using eval::testing::iN;
using eval::testing::Outcome;
using eval::testing::tensorOf;

std::string rescaleProgram(const std::string &in, const std::string &out, int64_t rows,
                           int64_t columns, const std::string &multipliers,
                           const std::string &shifts, int64_t nc, const std::string &attributes,
                           int64_t izp = 0, int64_t ozp = 0, bool scale32 = true) {
  const std::string mul = scale32 ? "i32" : "i16";
  const std::string x = "tensor<" + std::to_string(rows) + "x" + std::to_string(columns) + "x";
  const std::string nct = "tensor<" + std::to_string(nc) + "x";
  return "func.func @main(%x: " + x + in + ">) -> " + x + out + "> {\n" +
         "  %m = \"tosa.const\"() {values = dense<" + multipliers + "> : " + nct + mul +
         ">} : () -> " + nct + mul + ">\n" + "  %s = \"tosa.const\"() {values = dense<" +
         shifts + "> : " + nct + "i8>} : () -> " + nct + "i8>\n" +
         "  %izp = \"tosa.const\"() {values = dense<" + std::to_string(izp) + "> : tensor<1x" +
         in + ">} : () -> tensor<1x" + in + ">\n" +
         "  %ozp = \"tosa.const\"() {values = dense<" + std::to_string(ozp) + "> : tensor<1x" +
         out + ">} : () -> tensor<1x" + out + ">\n" +
         "  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = " + (scale32 ? "true" : "false") +
         ", " + attributes + "} : (" + x + in + ">, " + nct + mul + ">, " + nct + "i8>, tensor<1x" +
         in + ">, tensor<1x" + out + ">) -> " + x + out + ">\n" + "  return %0 : " + x + out +
         ">\n}\n";
}

/// `count` random patterns of `width` bits, in [lo, hi] as values.
std::vector<numeric::Bits> randomValues(SplitMix64 &prng, int64_t count, unsigned width,
                                        int64_t lo, int64_t hi) {
  std::vector<numeric::Bits> bits;
  for (int64_t i = 0; i < count; ++i)
    bits.push_back(numeric::Bits(patternOf(prng.range(lo, hi), width)));
  return bits;
}

TEST(RescaleAccelerator, ProgramsTakeThePathAndAgree) {
  SplitMix64 prng(42);
  // Per-tensor i32 -> i8, DOUBLE and SINGLE, the benchmark's parameters.
  for (const char *mode : {"DOUBLE_ROUND", "SINGLE_ROUND", "INEXACT_ROUND"}) {
    FastExactPair pair(rescaleProgram(
        "i32", "i8", 64, 16, "1992150143", "38", 1,
        std::string("rounding_mode = ") + mode +
            ", per_channel = false, input_unsigned = false, output_unsigned = false",
        0, -3));
    ASSERT_TRUE(pair.ok());
    const auto x = tensorOf(iN(32), {64, 16}, randomValues(prng, 1024, 32, INT32_MIN, INT32_MAX));
    EXPECT_TRUE(pair.same("main", {x}));
    EXPECT_EQ(pair.fastUse().tosaRescale, 1) << mode;
  }
  // Per-channel, 256 channels, shifts 2..62: the data decides (small shifts
  // need small values), so the inputs are kept within 2^(shift-1).
  {
    std::string ms = "[", ss = "[";
    std::vector<int> shifts;
    for (int c = 0; c < 256; ++c) {
      const int s = 2 + c % 61;
      shifts.push_back(s);
      ms += (c ? ", " : "") + std::to_string(1073741824 + c * 3999971);
      ss += (c ? ", " : "") + std::to_string(s);
    }
    FastExactPair pair(rescaleProgram("i32", "i8", 8, 256, ms + "]", ss + "]", 256,
                                      "rounding_mode = DOUBLE_ROUND, per_channel = true, "
                                      "input_unsigned = false, output_unsigned = false",
                                      0, 5));
    ASSERT_TRUE(pair.ok());
    std::vector<numeric::Bits> bits;
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 256; ++c) {
        const int64_t half = std::min<int64_t>(int64_t(1) << (shifts[size_t(c)] - 1), 1LL << 31);
        bits.push_back(numeric::Bits(patternOf(prng.range(-half, half - 1), 32)));
      }
    EXPECT_TRUE(pair.same("main", {tensorOf(iN(32), {8, 256}, bits)}));
    EXPECT_EQ(pair.fastUse().tosaRescale, 1);
    // One element beyond its channel's value REQUIRE: the whole op falls
    // back, and the reference reports that element.
    bits[size_t(3 * 256 + 1)] = numeric::Bits(patternOf(1 << 2, 32)); // channel 1: shift 3
    Outcome fast;
    EXPECT_TRUE(pair.same("main", {tensorOf(iN(32), {8, 256}, bits)}, &fast));
    EXPECT_NE(fast.error.find("element [3, 1]: REQUIRE(value >= (-1 << (shift - 1)) && value < "
                              "(1 << (shift - 1))) of apply_scale_32"),
              std::string::npos)
        << fast.error;
    EXPECT_EQ(pair.fastUse().tosaRescale, 1); // not taken this time
  }
  // u8 -> i8 and i8 -> u8 with zero points at the extremes; i16 -> i16
  // through apply_scale_16; poison elements.
  {
    FastExactPair pair(rescaleProgram("i8", "i8", 16, 16, "1073741824", "31", 1,
                                      "rounding_mode = SINGLE_ROUND, per_channel = false, "
                                      "input_unsigned = true, output_unsigned = false",
                                      -1 /* u8 255 */, -128));
    ASSERT_TRUE(pair.ok());
    std::vector<numeric::Bits> bits = randomValues(prng, 256, 8, 0, 255);
    EXPECT_TRUE(pair.same("main", {tensorOf(iN(8), {16, 16}, bits)}));
    EXPECT_TRUE(pair.same("main", {tensorOf(iN(8), {16, 16}, bits, {0, 17, 255})}));
    EXPECT_EQ(pair.fastUse().tosaRescale, 2);
  }
  {
    FastExactPair pair(rescaleProgram("i8", "i8", 16, 16, "1073741824", "31", 1,
                                      "rounding_mode = SINGLE_ROUND, per_channel = false, "
                                      "input_unsigned = false, output_unsigned = true",
                                      127, -1 /* u8 255 */));
    ASSERT_TRUE(pair.ok());
    EXPECT_TRUE(pair.same("main", {tensorOf(iN(8), {16, 16}, randomValues(prng, 256, 8, -128, 127))}));
    EXPECT_EQ(pair.fastUse().tosaRescale, 1);
  }
  {
    FastExactPair pair(rescaleProgram("i16", "i16", 4, 3, "[16384, 32767, 3]", "[14, 20, 2]", 3,
                                      "rounding_mode = SINGLE_ROUND, per_channel = true, "
                                      "input_unsigned = false, output_unsigned = false",
                                      0, 0, /*scale32=*/false));
    ASSERT_TRUE(pair.ok());
    EXPECT_TRUE(pair.same("main", {tensorOf(iN(16), {4, 3}, randomValues(prng, 12, 16, -32768, 32767))}));
    EXPECT_EQ(pair.fastUse().tosaRescale, 1);
  }
}

TEST(RescaleAccelerator, OnlyTheTosaRecipeAndOnlyWithFastPaths) {
  const std::string text = rescaleProgram("i32", "i8", 4, 4, "1992150143", "38", 1,
                                          "rounding_mode = DOUBLE_ROUND, per_channel = false, "
                                          "input_unsigned = false, output_unsigned = false");
  eval::RunOutcome loading;
  std::unique_ptr<eval::Program> program =
      eval::Program::load(ir::ProgramSource::copyOf(text, "test.mlir"), eval::RunOptions(), loading);
  ASSERT_TRUE(program);
  SplitMix64 prng(7);
  const RuntimeValue x = tensorOf(iN(32), {4, 4}, randomValues(prng, 16, 32, -100000, 100000));
  for (requant::RequantizeRecipe recipe : requant::allRecipes())
    for (bool fastPaths : {true, false}) {
      eval::FastPathUse use;
      eval::RunOptions options;
      options.semantics.requantize = recipe;
      options.interpreter.fastPaths = fastPaths;
      options.interpreter.fastPathUse = &use;
      eval::RunOutcome run = program->run("main", {x}, options);
      ASSERT_TRUE(run.succeeded()) << run.error().str();
      EXPECT_EQ(use.tosaRescale, fastPaths && recipe == requant::RequantizeRecipe::Tosa ? 1 : 0)
          << requant::recipeName(recipe);
    }
}

} // namespace
} // namespace qi::fast
