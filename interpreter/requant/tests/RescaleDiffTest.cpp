//===- RescaleDiffTest.cpp - RESCALE against an independent oracle --------===//
//
// Spec: [rescale.apply-scale-32], [rescale.apply-scale-16],
// [rescale.rounding-mode], [rescale.op], [rescale.error-if],
// [rescale.widths], [rescale.violation], [rescale.inexact].
//
// Proves interpreter/requant (checkRescale, rescaleElement, and through them
// applyScale32 / applyScale16) equal to RescaleOracle, which computes from
// the mathematics: per element the output value and its pattern, or the
// REQUIRE that fails (its function and condition); per op whether an
// ERROR_IF holds and which family the reported one belongs to. Where no
// REQUIRE fails and the rounding is SINGLE_ROUND or INEXACT_ROUND, the output
// must also lie within [rescale.inexact]'s bound.
//
// - Random (RandomElements): ops of every in/out width of the specification's
//   table (i8, i16, i32, i48 -> i8, i16, i32), unsigned sides, other signed
//   widths (i1 ... i47, i1 ... i31) and too-wide ones, scale32 on and off,
//   all three rounding modes, per-channel on rank 0; zero points at their
//   extremes (i8 -128 / 127, u8 0 / 255, u16 0 / 32768) and sometimes
//   illegal; multipliers 0, 1, 2^30, 2^31 - 1, 2^15 - 1, odd * 2^k, negative;
//   shifts 2 ... 62 and 0, 1, 63, -1, -128, 127; values at the
//   +-2^(shift - 1) edges, exact ties of single rounding (positive and
//   negative), the boundaries of both double-rounding stages, results at the
//   int32 and out_t edges (saturation, apply_add_s overflow), type extremes.
//   10^7 elements in the full tier, 10^6 in the quick tier (a prefix of the
//   same stream).
// - Exhaustive (EveryNarrowInput): every i8, u8, i16 and u16 input for 20
//   scalings (ties, saturation, REQUIREs), zero points and outputs cycling
//   through the extremes: 2,631,680 elements, both tiers.
// - Exhaustive (EveryAttributeCombination): checkRescale on every in_t,
//   out_t and signedness of the table's widths (unsupported ones included),
//   scale32, rounding mode, per_channel and rank 0 / 1, with every pair of
//   12 candidate zero points that are values of their types: 91,104 ops, of
//   which 2,688 are legal (counted by hand in the test).
// - Coverage: the random sweep must reach every REQUIRE, every ERROR_IF
//   family, ties of both signs, double-rounding boundaries of both signs,
//   saturation at both ends, the 5 scale32 / rounding combinations and all
//   20 type modes of the table; a generator that stops reaching one fails
//   the test.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/tests/RescaleOracle.h"

#include "generators/Prng.h"
#include "interpreter/fast/tests/SweepTier.h"
#include "interpreter/requant/Rescale.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace qi::requant {
namespace {

namespace o = oracle;
using generators::SplitMix64;
using o::Int;

constexpr int64_t kRandomElements = 10'000'000; // full tier; a tenth quick
constexpr int64_t kQuickDivisor = 10;
constexpr int kElementsPerOp = 64;

Int pow2(unsigned k) { return Int(1) << k; }

std::string str(Int v) {
  if (v == 0)
    return "0";
  const bool negative = v < 0;
  unsigned __int128 mag = negative ? (unsigned __int128)0 - (unsigned __int128)v
                                   : (unsigned __int128)v;
  std::string digits;
  while (mag) {
    digits += char('0' + int(mag % 10));
    mag /= 10;
  }
  if (negative)
    digits += '-';
  return std::string(digits.rbegin(), digits.rend());
}

std::string typeName(o::IntType t) {
  return (t.isUnsigned ? "u" : "i") + std::to_string(t.width);
}

const char *roundingName(o::Rounding r) {
  return r == o::Rounding::Single ? "SINGLE_ROUND"
                                  : r == o::Rounding::Inexact ? "INEXACT_ROUND" : "DOUBLE_ROUND";
}

std::string describe(const o::Op &op, Int izp, Int ozp) {
  return typeName(op.in) + " -> " + typeName(op.out) + (op.scale32 ? " scale32 " : " scale16 ") +
         roundingName(op.rounding) + (op.perChannel ? " per_channel" : "") + " rank " +
         std::to_string(op.rank) + " input_zp " + str(izp) + " output_zp " + str(ozp);
}

/// The low `width` bits of v's two's complement (the pattern the reference
/// reads).
uint64_t patternOf(Int v, unsigned width) {
  const uint64_t all = static_cast<uint64_t>(v);
  return width >= 64 ? all : all & ((uint64_t(1) << width) - 1);
}

RescaleAttributes attributesOf(const o::Op &op) {
  RescaleAttributes a;
  a.inputWidth = op.in.width;
  a.outputWidth = op.out.width;
  a.scale32 = op.scale32;
  a.roundingMode = op.rounding == o::Rounding::Single    ? RoundingMode::Single
                   : op.rounding == o::Rounding::Inexact ? RoundingMode::Inexact
                                                         : RoundingMode::Double;
  a.perChannel = op.perChannel;
  a.inputUnsigned = op.in.isUnsigned;
  a.outputUnsigned = op.out.isUnsigned;
  return a;
}

/// The ERROR_IF family a reported condition belongs to, by its text.
unsigned familyOf(const std::string &condition) {
  if (condition.find("wider") != std::string::npos)
    return o::kTooWide;
  if (condition.find("_zp") != std::string::npos)
    return o::kZeroPoint;
  if (condition.find("rounding_mode") != std::string::npos)
    return o::kDoubleRoundScale16;
  if (condition.find("scale32") != std::string::npos)
    return o::kScale32Int48;
  if (condition.find("per_channel") != std::string::npos)
    return o::kPerChannelRank;
  if (condition.find("unsigned") != std::string::npos)
    return o::kSignedness;
  return 0;
}

bool inTable(o::IntType in, o::IntType out) {
  return (in.width == 8 || in.width == 16 || in.width == 32 || in.width == 48) &&
         (out.width == 8 || out.width == 16 || out.width == 32);
}

/// What the sweeps reached, and the disagreements found.
struct Tally {
  int64_t elements = 0;
  int64_t ops = 0;
  int64_t mismatches = 0;
  std::map<std::string, int64_t> reached;

  void hit(const std::string &what) { ++reached[what]; }
  void mismatch(const std::string &message) {
    if (++mismatches <= 20)
      ADD_FAILURE() << message;
  }
};

/// Compares checkRescale with the oracle's ERROR_IFs; true when the op is
/// legal (both agree there is none).
bool compareOp(const o::Op &op, Int izp, Int ozp, Tally &tally) {
  ++tally.ops;
  const unsigned want = o::errorIfs(op, izp, ozp);
  const std::optional<Violation> got = checkRescale(
      attributesOf(op), patternOf(izp, op.in.width), patternOf(ozp, op.out.width), op.rank);
  const std::string where = describe(op, izp, ozp);
  if (!want) {
    if (got)
      tally.mismatch(where + ": reference reports " + got->message() + ", oracle none");
    return !got;
  }
  for (unsigned bit = 1; bit <= o::kPerChannelRank; bit <<= 1)
    if (want & bit)
      tally.hit("ERROR_IF family " + std::to_string(bit));
  const unsigned first = want & (0u - want); // the lowest family that holds
  if (!got)
    tally.mismatch(where + ": oracle ERROR_IF family " + std::to_string(want) +
                   ", reference none");
  else if (got->kind != Violation::Kind::ErrorIf || got->where != "RESCALE" ||
           familyOf(got->condition) != first)
    tally.mismatch(where + ": oracle's first ERROR_IF family " + std::to_string(first) +
                   ", reference " + got->message());
  return false;
}

/// Compares one element (the op being legal).
void compareElement(const o::Op &op, Int input, int64_t multiplier, int shift, Int izp, Int ozp,
                    Tally &tally) {
  ++tally.elements;
  const o::Element want = o::rescale(op, input, multiplier, shift, izp, ozp);
  const RescaledElement got =
      rescaleElement(attributesOf(op), patternOf(input, op.in.width), multiplier,
                     static_cast<int8_t>(shift), patternOf(izp, op.in.width),
                     patternOf(ozp, op.out.width));
  const auto where = [&] {
    return describe(op, izp, ozp) + ", input " + str(input) + ", multiplier " +
           std::to_string(multiplier) + ", shift " + std::to_string(shift) + ": ";
  };

  if (want.require != o::Require::None) {
    const std::string function = o::requireFunction(want.require, op.scale32);
    tally.hit("REQUIRE " + function + " " + o::requireFragment(want.require));
    if (!got.violation)
      tally.mismatch(where() + "oracle REQUIRE(" + o::requireFragment(want.require) + ") of " +
                     function + " fails, reference value " + std::to_string(got.value));
    else if (got.violation->kind != Violation::Kind::Require ||
             got.violation->where != function ||
             got.violation->condition.find(o::requireFragment(want.require)) ==
                 std::string::npos)
      tally.mismatch(where() + "oracle REQUIRE(" + o::requireFragment(want.require) + ") of " +
                     function + ", reference " + got.violation->message());
    return;
  }
  if (got.violation) {
    tally.mismatch(where() + "oracle value " + str(want.value) + ", reference " +
                   got.violation->message());
    return;
  }
  if (Int(got.value) != want.value || got.bits != want.bits)
    tally.mismatch(where() + "oracle value " + str(want.value) + " bits " +
                   std::to_string(want.bits) + ", reference value " + std::to_string(got.value) +
                   " bits " + std::to_string(got.bits));
  if (op.rounding != o::Rounding::Double &&
      !o::withinInexactBound(op, input, multiplier, shift, izp, ozp, got.value))
    tally.mismatch(where() + "value " + std::to_string(got.value) +
                   " outside [rescale.inexact]'s bound");

  // What the element reached.
  const Int product = (input - izp) * multiplier;
  const Int mod = pow2(unsigned(shift));
  const Int residue = product - o::floorDivPow2(product, unsigned(shift)) * mod;
  if (op.rounding == o::Rounding::Double && shift > 31) {
    const bool nonNegative = input - izp >= 0;
    const Int y = product + (nonNegative ? pow2(30) : -pow2(30)) + pow2(unsigned(shift) - 1);
    if (y - o::floorDivPow2(y, unsigned(shift)) * mod == 0)
      tally.hit(nonNegative ? "double-round boundary, value >= 0"
                            : "double-round boundary, value < 0");
    const Int y1 = product + (nonNegative ? pow2(30) : -pow2(30));
    if (y1 - o::floorDivPow2(y1, 31) * pow2(31) == 0)
      tally.hit("double-round stage-1 boundary");
  } else if (residue == pow2(unsigned(shift) - 1)) {
    tally.hit(product > 0 ? "tie, positive" : "tie, negative");
  }
  const Int sum = want.scaled + ozp;
  if (sum > o::highest(op.out))
    tally.hit("saturates high");
  if (sum < o::lowest(op.out))
    tally.hit("saturates low");
  if (inTable(op.in, op.out))
    tally.hit("mode " + typeName(op.in) + " -> " + typeName(op.out));
  tally.hit(std::string(op.scale32 ? "scale32 " : "scale16 ") + roundingName(op.rounding));
}

// ---------------------------------------------------------------------------
// Biased generators
// ---------------------------------------------------------------------------

template <typename T, size_t N> const T &pick(SplitMix64 &rng, const T (&options)[N]) {
  return options[rng.below(N)];
}

Int uniformIn(SplitMix64 &rng, Int lo, Int hi) {
  // Ranges here are at most 2^64 wide.
  const unsigned __int128 span = (unsigned __int128)(hi - lo) + 1;
  if (span > (unsigned __int128)UINT64_MAX)
    return lo + Int(rng.next());
  return lo + Int(rng.below(static_cast<uint64_t>(span)));
}

o::IntType pickInputType(SplitMix64 &rng) {
  const uint64_t r = rng.below(100);
  if (r < 2)
    return {unsigned(rng.range(49, 64)), false};
  if (r < 10) {
    unsigned w;
    do
      w = unsigned(rng.range(1, 47));
    while (w == 8 || w == 16 || w == 32);
    return {w, false};
  }
  const unsigned w = pick(rng, {8u, 16u, 32u, 48u});
  const bool isUnsigned = (w <= 16) ? rng.chance(3) : rng.chance(20);
  return {w, isUnsigned};
}

o::IntType pickOutputType(SplitMix64 &rng) {
  const uint64_t r = rng.below(100);
  if (r < 2)
    return {unsigned(rng.range(33, 64)), false};
  if (r < 10) {
    unsigned w;
    do
      w = unsigned(rng.range(1, 31));
    while (w == 8 || w == 16);
    return {w, false};
  }
  const unsigned w = pick(rng, {8u, 16u, 32u});
  const bool isUnsigned = (w <= 16) ? rng.chance(3) : rng.chance(20);
  return {w, isUnsigned};
}

Int pickZeroPoint(SplitMix64 &rng, o::IntType t) {
  const Int lo = o::lowest(t), hi = o::highest(t);
  if (t.width == 8) {
    switch (rng.below(6)) {
    case 0:
      return lo;
    case 1:
      return hi;
    case 2:
      return 0;
    case 3:
      return rng.chance(2) ? lo + 1 : hi - 1;
    default:
      return uniformIn(rng, lo, hi);
    }
  }
  if (rng.chance(16)) { // usually illegal
    const Int zp = pick(rng, {Int(1), hi, lo, Int(32768)});
    return zp > hi ? hi : zp;
  }
  if (t.width == 16 && t.isUnsigned)
    return rng.chance(2) ? 32768 : 0;
  return 0;
}

o::Op pickOp(SplitMix64 &rng) {
  o::Op op;
  op.in = pickInputType(rng);
  op.out = pickOutputType(rng);
  // The oracle models unsigned sides in the table's widths only.
  if (!inTable(op.in, op.out))
    op.in.isUnsigned = op.out.isUnsigned = false;
  op.scale32 = op.in.width == 48 ? rng.chance(20) : rng.chance(2);
  if (op.scale32)
    op.rounding = pick(rng, {o::Rounding::Single, o::Rounding::Inexact, o::Rounding::Double});
  else
    op.rounding = rng.chance(20) ? o::Rounding::Double
                                 : (rng.chance(2) ? o::Rounding::Single : o::Rounding::Inexact);
  op.perChannel = rng.chance(2);
  op.rank = rng.chance(10) ? 0 : rng.range(1, 4);
  return op;
}

int64_t pickMultiplier(SplitMix64 &rng, bool scale32) {
  const int bits = scale32 ? 31 : 15; // mul_t's magnitude bits
  const int64_t top = (int64_t(1) << bits) - 1;
  if (rng.chance(25)) // REQUIRE(multiplier >= 0)
    return pick(rng, {int64_t(-1), -top - 1, -(int64_t(1) << (bits - 1))});
  switch (rng.below(10)) {
  case 0:
    return pick(rng, {int64_t(0), int64_t(1), int64_t(2), int64_t(3)});
  case 1:
    return int64_t(1) << (bits - 1); // 2^30 / 2^14: one half of the range
  case 2:
    return top; // 2^31 - 1 / 2^15 - 1
  case 3:
    return pick(rng, {(int64_t(1) << (bits - 1)) + 1, int64_t(32767), int64_t(16384)}) & top;
  case 4:
  case 5: { // odd * 2^k
    const int k = int(rng.range(0, bits - 1));
    return ((int64_t(rng.next() % (uint64_t(1) << (bits - k)))) | 1) << k;
  }
  case 6:
    return rng.range(int64_t(1) << (bits - 1), top);
  default:
    return rng.range(0, top);
  }
}

int pickShift(SplitMix64 &rng) {
  if (rng.chance(30)) // REQUIRE(2 <= shift && shift <= 62)
    return pick(rng, {0, 1, 63, -1, -128, 127, 64});
  if (rng.chance(2))
    return pick(rng, {2, 3, 14, 15, 16, 30, 31, 32, 33, 34, 46, 47, 48, 61, 62});
  return int(rng.range(2, 62));
}

uint64_t inverseOfOdd(uint64_t a) {
  uint64_t x = a; // correct to 3 bits; each Newton step doubles them
  for (int i = 0; i < 5; ++i)
    x *= 2 - a * x;
  return x;
}

/// An x in [lo, hi] with x * m = target (mod 2^bits), 1 <= bits <= 62, if
/// one exists.
std::optional<Int> solveCongruence(SplitMix64 &rng, int64_t m, Int target, unsigned bits,
                                   Int lo, Int hi) {
  if (lo > hi)
    return std::nullopt;
  const uint64_t mask = (uint64_t(1) << bits) - 1;
  const uint64_t mu = static_cast<uint64_t>(m) & mask;
  const uint64_t t = static_cast<uint64_t>(target - o::floorDivPow2(target, bits) * pow2(bits));
  if (mu == 0)
    return t == 0 ? std::optional<Int>(uniformIn(rng, lo, hi)) : std::nullopt;
  const unsigned k = unsigned(__builtin_ctzll(mu));
  if (t & ((uint64_t(1) << k) - 1))
    return std::nullopt;
  const unsigned free = bits - k; // x is fixed modulo 2^free
  const uint64_t x0 = ((t >> k) * inverseOfOdd(mu >> k)) & ((uint64_t(1) << free) - 1);
  const Int step = pow2(free);
  // x = x0 + j * step, lo <= x <= hi.
  const Int jLo = -o::floorDivPow2(Int(x0) - lo, free); // ceil((lo - x0) / step)
  const Int jHi = o::floorDivPow2(hi - Int(x0), free);
  if (jLo > jHi)
    return std::nullopt;
  return Int(x0) + uniformIn(rng, jLo, jHi) * step;
}

/// The value range of x = input - input_zp that keeps an element past the
/// REQUIREs on value (for scale32 and a valid shift), intersected with what
/// the input type can give.
void validValueRange(const o::Op &op, int shift, Int izp, Int &lo, Int &hi) {
  lo = o::lowest(op.in) - izp;
  hi = o::highest(op.in) - izp;
  if (op.scale32) {
    lo = std::max(lo, -pow2(31));
    hi = std::min(hi, pow2(31) - 1);
    if (shift >= 2 && shift <= 62) {
      lo = std::max(lo, -pow2(unsigned(shift) - 1));
      hi = std::min(hi, pow2(unsigned(shift) - 1) - 1);
    }
  }
}

/// One element's input, biased toward the boundaries of the computation.
/// May change the multiplier (to make a tie reachable).
Int pickInput(SplitMix64 &rng, const o::Op &op, int64_t &multiplier, int shift, Int izp,
              Int ozp) {
  const Int tlo = o::lowest(op.in), thi = o::highest(op.in);
  const auto fromValue = [&](Int x) -> std::optional<Int> {
    const Int in = x + izp;
    if (in < tlo || in > thi)
      return std::nullopt;
    return in;
  };
  const bool validShift = shift >= 2 && shift <= 62;
  std::optional<Int> in;
  switch (rng.below(12)) {
  case 0: // type extremes and the zero point
    in = pick(rng, {tlo, thi, tlo + 1, thi - 1, izp, izp + 1, izp - 1});
    if (*in < tlo || *in > thi)
      in.reset();
    break;
  case 1: // the edges of REQUIRE(-2^(s-1) <= value < 2^(s-1)) and of int32
    if (validShift) {
      const Int half = pow2(unsigned(shift) - 1);
      in = fromValue(pick(rng, {-half - 1, -half, -half + 1, half - 2, half - 1, half}));
    } else {
      in = fromValue(pick(rng, {-pow2(31) - 1, -pow2(31), pow2(31) - 1, pow2(31)}));
    }
    break;
  case 2: // small values
    in = fromValue(rng.range(-8, 8));
    break;
  case 3:
  case 4:
  case 5:
  case 6: { // exact ties (and their neighbours) of the rounding in use
    if (!validShift)
      break;
    Int lo, hi;
    validValueRange(op, shift, izp, lo, hi);
    if (rng.chance(8)) { // sometimes across the value REQUIRE too
      lo = tlo - izp;
      hi = thi - izp;
    }
    const bool negative = rng.chance(2);
    if (negative)
      hi = std::min(hi, Int(-1));
    else
      lo = std::max(lo, Int(0));
    const Int jitter = rng.chance(4) ? Int(rng.range(-1, 1)) : Int(0);
    Int target;
    unsigned bits = unsigned(shift);
    if (op.rounding == o::Rounding::Double && shift > 31) {
      const Int c = negative ? -pow2(30) : pow2(30);
      if (rng.chance(3)) { // stage one: p + c = 0 (mod 2^31)
        target = -c;
        bits = 31;
      } else { // the final floor: p + c + 2^(s-1) = 0 (mod 2^s)
        target = -c - pow2(unsigned(shift) - 1);
      }
    } else {
      target = pow2(unsigned(shift) - 1); // p = 2^(s-1) (mod 2^s)
    }
    target += jitter;
    std::optional<Int> x = solveCongruence(rng, multiplier, target, bits, lo, hi);
    if (!x && multiplier > 0) {
      // Make the class reachable: x is fixed modulo 2^(bits - k) for
      // m = odd * 2^k, so take k large enough for the range.
      const int mulBits = op.scale32 ? 31 : 15;
      int spanBits = 0;
      while (spanBits < 62 && pow2(unsigned(spanBits)) <= (hi - lo))
        ++spanBits;
      const int k = std::clamp(int(bits) - spanBits + 1, 0, mulBits - 1);
      const int64_t odd =
          int64_t(rng.next() % (uint64_t(1) << (mulBits - k))) | 1;
      const int64_t candidate = odd << k;
      std::optional<Int> retry = solveCongruence(rng, candidate, target, bits, lo, hi);
      if (retry) {
        multiplier = candidate;
        x = retry;
      }
    }
    if (x)
      in = fromValue(*x);
    break;
  }
  case 7:
  case 8: { // results at the int32 and out_t edges (saturation, overflow)
    if (!validShift || multiplier <= 0)
      break;
    const Int results[] = {pow2(31) - 1 - ozp,       pow2(31) - ozp,
                           -pow2(31) - ozp,          -pow2(31) - 1 - ozp,
                           o::highest(op.out) - ozp, o::highest(op.out) - ozp + 1,
                           o::lowest(op.out) - ozp,  o::lowest(op.out) - ozp - 1};
    const Int r = pick(rng, results);
    const Int x = r * pow2(unsigned(shift)) / multiplier + rng.range(-2, 2);
    in = fromValue(x);
    break;
  }
  default:
    break;
  }
  return in ? *in : uniformIn(rng, tlo, thi);
}

void runRandom(int64_t elements, uint64_t seed, Tally &tally) {
  SplitMix64 rng(seed);
  while (tally.elements < elements) {
    o::Op op = pickOp(rng);
    Int izp = pickZeroPoint(rng, op.in), ozp = pickZeroPoint(rng, op.out);
    // Mostly legal ops (drawn again while an ERROR_IF holds); one in eight
    // is kept whatever it is.
    if (!rng.chance(8))
      for (int tries = 0; tries < 50 && o::errorIfs(op, izp, ozp); ++tries) {
        op = pickOp(rng);
        izp = pickZeroPoint(rng, op.in);
        ozp = pickZeroPoint(rng, op.out);
      }
    if (!compareOp(op, izp, ozp, tally))
      continue;
    // One channel's multiplier and shift for a run of elements, or fresh
    // ones per element.
    const bool perElement = rng.chance(2);
    int64_t multiplier = pickMultiplier(rng, op.scale32);
    int shift = pickShift(rng);
    for (int i = 0; i < kElementsPerOp; ++i) {
      if (perElement) {
        multiplier = pickMultiplier(rng, op.scale32);
        shift = pickShift(rng);
      }
      int64_t m = multiplier;
      const Int input = pickInput(rng, op, m, shift, izp, ozp);
      compareElement(op, input, m, shift, izp, ozp, tally);
    }
  }
}

void expectReached(const Tally &tally, const std::string &what) {
  const auto it = tally.reached.find(what);
  EXPECT_TRUE(it != tally.reached.end() && it->second > 0) << "never reached: " << what;
}

TEST(RescaleDiff, RandomElements) {
  const int64_t count = fast::test::sweepCount(kRandomElements, kQuickDivisor);
  Tally tally;
  runRandom(count, 0x5245'5343'414c'4531ull, tally);
  EXPECT_EQ(tally.mismatches, 0) << "of " << tally.elements << " elements, " << tally.ops
                                 << " ops";
  EXPECT_GE(tally.elements, count);

  // The generators reach every outcome of the specification's text.
  for (o::Require r :
       {o::Require::MultiplierSign, o::Require::ShiftRange, o::Require::Int32Result})
    for (bool scale32 : {true, false})
      if (r != o::Require::Int32Result || !scale32)
        expectReached(tally, std::string("REQUIRE ") + o::requireFunction(r, scale32) + " " +
                                 o::requireFragment(r));
  for (o::Require r : {o::Require::Int32Parameter, o::Require::ValueRange, o::Require::AddOverflow})
    expectReached(tally, std::string("REQUIRE ") + o::requireFunction(r, true) + " " +
                             o::requireFragment(r));
  for (unsigned bit = 1; bit <= o::kPerChannelRank; bit <<= 1)
    expectReached(tally, "ERROR_IF family " + std::to_string(bit));
  for (const char *what : {"tie, positive", "tie, negative", "double-round boundary, value >= 0",
                           "double-round boundary, value < 0", "double-round stage-1 boundary",
                           "saturates high", "saturates low", "scale32 SINGLE_ROUND",
                           "scale32 INEXACT_ROUND", "scale32 DOUBLE_ROUND", "scale16 SINGLE_ROUND",
                           "scale16 INEXACT_ROUND"})
    expectReached(tally, what);
  for (const char *mode : {"i8 -> i8", "i8 -> i16", "i8 -> i32", "i16 -> i8", "i16 -> i16",
                           "i16 -> i32", "i32 -> i8", "i32 -> i16", "i32 -> i32", "i48 -> i8",
                           "i48 -> i16", "i48 -> i32", "u8 -> i8", "u8 -> i16", "u16 -> i8",
                           "u16 -> i16", "i8 -> u8", "i8 -> u16", "i16 -> u8", "i16 -> u16"})
    expectReached(tally, std::string("mode ") + mode);
  if (::testing::Test::HasFailure())
    for (const auto &[what, n] : tally.reached)
      std::printf("  reached %-60s %lld\n", what.c_str(), static_cast<long long>(n));
}

// ---------------------------------------------------------------------------
// Every 8- and 16-bit input
// ---------------------------------------------------------------------------

struct Scaling {
  int64_t multiplier;
  int shift;
  bool scale32;
  o::Rounding rounding;
};

// Ties, saturation and the REQUIREs. Comments give the scale m / 2^shift.
constexpr Scaling kScalings[] = {
    {1 << 30, 30, true, o::Rounding::Single},           // 1
    {1 << 30, 31, true, o::Rounding::Single},           // 1/2: every odd value a tie
    {1 << 30, 31, true, o::Rounding::Double},           // 1/2, double rounding inert at 31
    {1 << 30, 33, true, o::Rounding::Double},           // 1/8, both stages
    {1 << 30, 33, true, o::Rounding::Single},           // 1/8
    {2147483647, 31, true, o::Rounding::Single},        // 1 - 2^-31
    {2147483647, 62, true, o::Rounding::Double},        // ~2^-31
    {1, 2, true, o::Rounding::Single},                  // 1/4; value REQUIRE admits -2..1
    {3, 2, true, o::Rounding::Inexact},                 // 3/4; value REQUIRE admits -2..1
    {0, 10, true, o::Rounding::Single},                 // 0
    {(1 << 30) + 1, 20, true, o::Rounding::Single},     // ~1024: saturates; REQUIRE beyond 2^19
    {1518500250, 37, true, o::Rounding::Double},        // ~sqrt(2)/128
    {1431655765, 32, true, o::Rounding::Double},        // ~1/3
    {1 << 30, 46, true, o::Rounding::Double},           // 2^-16: ties at +-2^15
    {5, 3, true, o::Rounding::Double},                  // 5/8, double inert below 32
    {1 << 14, 14, false, o::Rounding::Single},          // 1
    {32767, 15, false, o::Rounding::Single},            // 1 - 2^-15
    {3, 3, false, o::Rounding::Inexact},                // 3/8
    {32767, 2, false, o::Rounding::Single},             // ~8192: saturates every output
    {16384, 29, false, o::Rounding::Single},            // 2^-15: ties at +-2^14
};

struct Output {
  o::IntType type;
  int64_t zp;
};

// Outputs a signed input may go to, and an unsigned one.
constexpr Output kOutputsOfSigned[] = {
    {{8, false}, -128}, {{8, false}, 127}, {{8, true}, 0},    {{8, true}, 255},
    {{16, false}, 0},   {{16, true}, 32768}, {{16, true}, 0}, {{32, false}, 0},
    {{8, false}, 0},    {{8, true}, 128},
};
constexpr Output kOutputsOfUnsigned[] = {
    {{8, false}, -128}, {{8, false}, 127}, {{8, false}, 0}, {{16, false}, 0}, {{8, false}, -1},
};

TEST(RescaleDiff, EveryNarrowInput) {
  struct Input {
    o::IntType type;
    std::vector<int64_t> zeroPoints;
  };
  const Input inputs[] = {
      {{8, false}, {-128, 127, 0, -1, 5, 100, -77}},
      {{8, true}, {0, 255, 128, 1, 200, 127, 33}},
      {{16, false}, {0}},
      {{16, true}, {0, 32768}},
  };
  Tally tally;
  for (const Input &input : inputs) {
    const std::vector<int64_t> &zps = input.zeroPoints;
    for (size_t i = 0; i < std::size(kScalings); ++i) {
      const Scaling &s = kScalings[i];
      const Output &out = input.type.isUnsigned
                              ? kOutputsOfUnsigned[(i * 3) % std::size(kOutputsOfUnsigned)]
                              : kOutputsOfSigned[(i * 3) % std::size(kOutputsOfSigned)];
      o::Op op;
      op.in = input.type;
      op.out = out.type;
      op.scale32 = s.scale32;
      op.rounding = s.rounding;
      op.perChannel = i % 2 == 1;
      op.rank = 1;
      const Int izp = zps[i % zps.size()], ozp = out.zp;
      ASSERT_EQ(o::errorIfs(op, izp, ozp), 0u) << describe(op, izp, ozp);
      ASSERT_TRUE(compareOp(op, izp, ozp, tally)) << describe(op, izp, ozp);
      for (Int x = o::lowest(op.in); x <= o::highest(op.in); ++x)
        compareElement(op, x, s.multiplier, s.shift, izp, ozp, tally);
    }
  }
  EXPECT_EQ(tally.mismatches, 0) << "of " << tally.elements << " elements";
  EXPECT_EQ(tally.elements, 2 * 20 * (256 + 65536));
  for (const char *what :
       {"tie, positive", "tie, negative", "double-round boundary, value >= 0",
        "double-round boundary, value < 0", "saturates high", "saturates low",
        "REQUIRE apply_scale_32 value < (1 << (shift - 1))"})
    expectReached(tally, what);
}

// ---------------------------------------------------------------------------
// Every attribute combination of the table's types
// ---------------------------------------------------------------------------

TEST(RescaleDiff, EveryAttributeCombination) {
  // in_t x input_unsigned x out_t x output_unsigned x scale32 x rounding x
  // per_channel x rank {0, 1}, each with zero points from the candidates
  // below that are values of their type.
  const int64_t zeroPoints[] = {0, 1, -1, 5, 127, 128, -128, 255, 32767, 32768, 65535, -32768};
  Tally tally;
  int64_t legal = 0;
  for (unsigned inWidth : {8u, 16u, 32u, 48u})
    for (bool inUnsigned : {false, true})
      for (unsigned outWidth : {8u, 16u, 32u})
        for (bool outUnsigned : {false, true})
          for (bool scale32 : {false, true})
            for (o::Rounding r : {o::Rounding::Single, o::Rounding::Inexact, o::Rounding::Double})
              for (bool perChannel : {false, true})
                for (int64_t rank : {0, 1}) {
                  o::Op op;
                  op.in = {inWidth, inUnsigned};
                  op.out = {outWidth, outUnsigned};
                  op.scale32 = scale32;
                  op.rounding = r;
                  op.perChannel = perChannel;
                  op.rank = rank;
                  for (int64_t izp : zeroPoints)
                    for (int64_t ozp : zeroPoints)
                      if (o::lowest(op.in) <= izp && izp <= o::highest(op.in) &&
                          o::lowest(op.out) <= ozp && ozp <= o::highest(op.out))
                        legal += compareOp(op, izp, ozp, tally);
                }
  EXPECT_EQ(tally.mismatches, 0) << "of " << tally.ops << " ops";
  // Hand count of the legal ops. Attributes: scale32 with any of the 3
  // roundings or scale16 with single / inexact = 5 (i48 input: scale16 only,
  // 2); per_channel / rank: 3 of 4 (not per-channel on rank 0). Zero points
  // among the candidates: i8 0 1 -1 5 127 -128 (6), u8 0 1 5 127 128 255
  // (6), u16 0 32768 (2), any other type 0 (1). Pairs per supported mode:
  // i8->i8 36, i8->i16 6, i8->i32 6, i16->i8 6, i16->i16 1, i16->i32 1,
  // i32->i8 6, i32->i16 1, i32->i32 1, u8->i8 36, u8->i16 6, u16->i8 12,
  // u16->i16 2, i8->u8 36, i8->u16 12, i16->u8 6, i16->u16 2 (sum 176);
  // i48->i8 6, i48->i16 1, i48->i32 1 (sum 8). 176 * 5 * 3 + 8 * 2 * 3.
  EXPECT_EQ(legal, 2688);
  // Zero point candidates in range: i8 6, u8 6, i16 10, u16 9, i32 / i48 12,
  // u32 / u48 9 (sum over the 8 inputs 73; over the 6 outputs 52), times
  // 2 * 3 * 2 * 2 attribute combinations.
  EXPECT_EQ(tally.ops, 73 * 52 * 24);
}

// ---------------------------------------------------------------------------
// The oracle's own arithmetic against brute force
// ---------------------------------------------------------------------------

TEST(RescaleOracle, RoundingsAgainstTheirDefinitions) {
  // floor(a / 2^k) against a search for the q with q 2^k <= a < (q + 1) 2^k.
  for (int a = -300; a <= 300; ++a)
    for (unsigned k = 0; k <= 6; ++k) {
      int q = -400;
      while (!((q + 1) * (1 << k) > a))
        ++q;
      ASSERT_EQ(o::floorDivPow2(a, k), Int(q)) << a << " " << k;
    }
  // Hand cases: 1/2 -> 1, -1/2 -> 0, -3/2 -> -1, 3/2 -> 2, -5/4 -> -1.
  EXPECT_EQ(o::nearestTiesUp(1, 1), Int(1));
  EXPECT_EQ(o::nearestTiesUp(-1, 1), Int(0));
  EXPECT_EQ(o::nearestTiesUp(-3, 1), Int(-1));
  EXPECT_EQ(o::nearestTiesUp(3, 1), Int(2));
  EXPECT_EQ(o::nearestTiesUp(-5, 2), Int(-1));
  // The two-stage double rounding against the one-line formula
  // floor((p + 2^(s-1) +- 2^30) / 2^s), on random and boundary products.
  SplitMix64 rng(7);
  for (int i = 0; i < 200000; ++i) {
    const unsigned s = unsigned(rng.range(32, 62));
    Int p = o::floorDivPow2(Int(int64_t(rng.next())), unsigned(rng.below(40)));
    if (rng.chance(2))
      p = o::floorDivPow2(p, s) * pow2(s) + pow2(s - 1) + (rng.chance(2) ? pow2(30) : -pow2(30)) +
          rng.range(-1, 1);
    const bool nonNegative = rng.chance(2);
    const Int direct =
        o::floorDivPow2(p + pow2(s - 1) + (nonNegative ? pow2(30) : -pow2(30)), s);
    ASSERT_EQ(o::doubleRoundAbove31(p, s, nonNegative), direct) << str(p) << " " << s;
  }
  // Hand cases of spec/rescale.md: 3 * 2^30 / 2^33 single 0, double 1.
  EXPECT_EQ(o::nearestTiesUp(3 * pow2(30), 33), Int(0));
  EXPECT_EQ(o::doubleRoundAbove31(3 * pow2(30), 33, true), Int(1));
  EXPECT_EQ(o::doubleRoundAbove31(-5 * pow2(30), 33, false), Int(-1));
}

} // namespace
} // namespace qi::requant
