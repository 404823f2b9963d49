//===- RescaleOracle.cpp - An independent RESCALE, from the mathematics ----===//
//
// Spec: [rescale.apply-scale-32], [rescale.apply-scale-16],
// [rescale.rounding-mode], [rescale.op], [rescale.error-if],
// [rescale.widths], [rescale.inexact]. See RescaleOracle.h for what makes it
// independent of interpreter/requant.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/tests/RescaleOracle.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace qi::requant::oracle {

namespace {

using UInt = unsigned __int128;

[[noreturn]] void broken(const char *what) {
  std::fprintf(stderr, "RescaleOracle: %s\n", what);
  std::abort();
}

Int pow2(unsigned k) { return Int(1) << k; }

const Int kInt32Min = -pow2(31);
const Int kInt32Max = pow2(31) - 1;

bool inInt32(Int v) { return kInt32Min <= v && v <= kInt32Max; }

Int clamp(Int v, Int lo, Int hi) { return v < lo ? lo : (v > hi ? hi : v); }

// ---------------------------------------------------------------------------
// The type-support table ([rescale.error-if], [rescale.widths]).
//
// tosa.xml lists twelve (in_t, out_t) modes for RESCALE: i8, i16, i32, i48
// to i8, i16, i32. The attributes input_unsigned / output_unsigned make a
// side unsigned; the specification admits u8 and u16 inputs and outputs only,
// never both sides unsigned, never an unsigned input into i32, and never an
// unsigned output from i32 or i48. Written out, that is the 12 signed modes
// and the 8 below.
// ---------------------------------------------------------------------------

struct Mode {
  unsigned inWidth;
  bool inUnsigned;
  unsigned outWidth;
  bool outUnsigned;
};

constexpr Mode kSupportedModes[] = {
    // signed to signed: the table of tosa.xml
    {8, false, 8, false},   {8, false, 16, false},  {8, false, 32, false},
    {16, false, 8, false},  {16, false, 16, false}, {16, false, 32, false},
    {32, false, 8, false},  {32, false, 16, false}, {32, false, 32, false},
    {48, false, 8, false},  {48, false, 16, false}, {48, false, 32, false},
    // unsigned input: u8 / u16 to i8 / i16
    {8, true, 8, false},    {8, true, 16, false},   {16, true, 8, false},
    {16, true, 16, false},
    // unsigned output: i8 / i16 to u8 / u16
    {8, false, 8, true},    {8, false, 16, true},   {16, false, 8, true},
    {16, false, 16, true},
};

bool isTableInput(unsigned w) { return w == 8 || w == 16 || w == 32 || w == 48; }
bool isTableOutput(unsigned w) { return w == 8 || w == 16 || w == 32; }

/// Whether `zp` is a zero point the type may carry: any value of an 8-bit
/// type, 0 or 32768 for u16, 0 for every other type.
bool zeroPointAllowed(IntType t, Int zp) {
  if (t.width == 8)
    return lowest(t) <= zp && zp <= highest(t);
  if (t.width == 16 && t.isUnsigned)
    return zp == 0 || zp == 32768;
  return zp == 0;
}

} // namespace

Int lowest(IntType t) { return t.isUnsigned ? Int(0) : -pow2(t.width - 1); }
Int highest(IntType t) { return t.isUnsigned ? pow2(t.width) - 1 : pow2(t.width - 1) - 1; }

unsigned errorIfs(const Op &op, Int inputZp, Int outputZp) {
  if (op.in.width < 1 || op.in.width > 48 || op.out.width < 1 || op.out.width > 32)
    return kTooWide; // nothing else is modelled for such types

  unsigned holds = 0;
  if (!zeroPointAllowed(op.in, inputZp) || !zeroPointAllowed(op.out, outputZp))
    holds |= kZeroPoint;
  if (op.scale32 && op.in.width == 48)
    holds |= kScale32Int48;
  if (!op.scale32 && op.rounding == Rounding::Double)
    holds |= kDoubleRoundScale16;

  const bool tableTypes = isTableInput(op.in.width) && isTableOutput(op.out.width);
  if (tableTypes) {
    bool supported = false;
    for (const Mode &m : kSupportedModes)
      supported |= m.inWidth == op.in.width && m.inUnsigned == op.in.isUnsigned &&
                   m.outWidth == op.out.width && m.outUnsigned == op.out.isUnsigned;
    if (!supported)
      holds |= kSignedness;
  } else if (op.in.isUnsigned || op.out.isUnsigned) {
    broken("an unsigned side of a width outside the specification's table is not modelled");
  }
  // [rescale.widths]: other signed widths compute by the same rules.

  if (op.perChannel && op.rank < 1)
    holds |= kPerChannelRank;
  return holds;
}

const char *requireFunction(Require r, bool scale32) {
  switch (r) {
  case Require::Int32Parameter:
  case Require::ValueRange:
    return "apply_scale_32";
  case Require::MultiplierSign:
  case Require::ShiftRange:
    return scale32 ? "apply_scale_32" : "apply_scale_16";
  case Require::Int32Result:
    return "apply_scale_16";
  case Require::AddOverflow:
    return "apply_add_s<int32_t>";
  case Require::None:
    break;
  }
  return "";
}

const char *requireFragment(Require r) {
  switch (r) {
  case Require::Int32Parameter:
    return "int32_t parameter";
  case Require::MultiplierSign:
    return "multiplier >= 0";
  case Require::ShiftRange:
    return "shift <= 62";
  case Require::ValueRange:
    return "value < (1 << (shift - 1))";
  case Require::Int32Result:
    return "result <= maximum<int32_t>";
  case Require::AddOverflow:
    return "maximum_s<in_t>() - b_i64";
  case Require::None:
    break;
  }
  return "";
}

// ---------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------

Int floorDivPow2(Int a, unsigned k) {
  // a = sign * mag; for a < 0, floor(-mag / 2^k) = -ceil(mag / 2^k).
  const UInt mag = a < 0 ? UInt(0) - UInt(a) : UInt(a);
  UInt q = mag >> k;
  if (a >= 0)
    return Int(q);
  if ((q << k) != mag)
    q += 1;
  return -Int(q);
}

Int nearestTiesUp(Int p, unsigned s) {
  // |p| = q * 2^s + r, 0 <= r < 2^s. For p >= 0 the fraction r / 2^s rounds
  // up from one half (inclusive); for p < 0 the value is -(q + r / 2^s) and
  // a tie (r = 2^(s-1)) goes toward +infinity, i.e. to -q.
  const UInt mag = p < 0 ? UInt(0) - UInt(p) : UInt(p);
  const UInt q = mag >> s;
  const UInt twiceR = (mag - (q << s)) << 1;
  const UInt whole = UInt(1) << s;
  const Int n = p >= 0 ? Int(q) + (twiceR >= whole ? 1 : 0) : -(Int(q) + (twiceR > whole ? 1 : 0));
  // The definition: n - 1/2 <= p / 2^s < n + 1/2, i.e.
  // 2^s (2n - 1) <= 2p < 2^s (2n + 1), exactly.
  const Int scale = pow2(s);
  if (!(scale * (2 * n - 1) <= 2 * p && 2 * p < scale * (2 * n + 1)))
    broken("nearestTiesUp does not satisfy its definition");
  return n;
}

// DOUBLE_ROUND in two exact stages. The specification's result for s > 31 is
//   floor(y / 2^s),  y = p + c + 2^(s-1),  c = +-2^30.
// Lemma 1: floor(floor(z / 2^a) / 2^b) = floor(z / 2^(a+b)) for integers z
//   and a, b >= 0. Proof: z = q 2^a + r (0 <= r < 2^a), q = u 2^b + t
//   (0 <= t < 2^b), so z = u 2^(a+b) + (t 2^a + r) with
//   0 <= t 2^a + r <= (2^b - 1) 2^a + 2^a - 1 < 2^(a+b): floor(z/2^(a+b)) = u.
// Lemma 2: floor((z + k 2^a) / 2^a) = floor(z / 2^a) + k for integer k.
// With a = 31, b = s - 31 >= 1 and k = 2^(s-32) (s >= 32, so 2^(s-1) =
// k 2^31):
//   floor(y / 2^s) = floor(floor(y / 2^31) / 2^(s-31))                (1)
//                  = floor((floor((p + c) / 2^31) + 2^(s-32)) / 2^(s-31)) (2)
// Stage one, floor((p + c) / 2^31), rounds p to 31 fractional bits (half up
// for c = +2^30); stage two rounds that half up by 2^(s-31).
Int doubleRoundAbove31(Int p, unsigned s, bool valueNonNegative) {
  if (s <= 31 || s > 62)
    broken("doubleRoundAbove31 needs 31 < s <= 62");
  const Int c = valueNonNegative ? pow2(30) : -pow2(30);
  const Int stage1 = floorDivPow2(p + c, 31);
  return floorDivPow2(stage1 + pow2(s - 32), s - 31);
}

Element rescale(const Op &op, Int input, int64_t multiplier, int shift, Int inputZp,
                Int outputZp) {
  Element e;
  if (input < lowest(op.in) || input > highest(op.in) || inputZp < lowest(op.in) ||
      inputZp > highest(op.in) || outputZp < lowest(op.out) || outputZp > highest(op.out))
    broken("rescale: an operand outside its type");

  // value = in - input_zp, exactly (the int48_t of the pseudo-code holds it:
  // both lie in a type of at most 48 bits and the zero point rules admit a
  // nonzero one only for 8 and 16 bits).
  const Int value = input - inputZp;
  const Int m = multiplier;
  const auto fails = [&](Require r) {
    e.require = r;
    return e;
  };

  if (op.scale32) {
    // apply_scale_32 takes an int32_t value.
    if (!inInt32(value))
      return fails(Require::Int32Parameter);
    if (m < 0)
      return fails(Require::MultiplierSign);
    if (shift < 2 || shift > 62)
      return fails(Require::ShiftRange);
    const Int half = pow2(unsigned(shift) - 1);
    if (value < -half || value >= half)
      return fails(Require::ValueRange);
    const Int product = value * m;
    if (op.rounding == Rounding::Double && shift > 31)
      e.scaled = doubleRoundAbove31(product, unsigned(shift), value >= 0);
    else
      e.scaled = nearestTiesUp(product, unsigned(shift));
    // |value| <= 2^(s-1) and 0 <= m < 2^31: |product| / 2^s <= 2^30, and
    // either rounding moves it by less than 1 + 2^30 / 2^s <= 2.
    if (e.scaled < -pow2(30) - 2 || e.scaled > pow2(30) + 2)
      broken("apply_scale_32 result beyond the bound the value REQUIRE gives");
  } else {
    if (m < 0)
      return fails(Require::MultiplierSign);
    if (shift < 2 || shift > 62)
      return fails(Require::ShiftRange);
    e.scaled = nearestTiesUp(value * m, unsigned(shift));
    if (!inInt32(e.scaled))
      return fails(Require::Int32Result);
  }

  // apply_add_s<int32_t>: the int32 sum must exist.
  const Int sum = e.scaled + outputZp;
  if (!inInt32(sum))
    return fails(Require::AddOverflow);

  // Clamp to out_t's values; the pattern is the value modulo 2^width.
  e.value = clamp(sum, lowest(op.out), highest(op.out));
  const Int residue = e.value - floorDivPow2(e.value, op.out.width) * pow2(op.out.width);
  e.bits = static_cast<uint64_t>(residue);
  return e;
}

bool withinInexactBound(const Op &op, Int input, int64_t multiplier, int shift, Int inputZp,
                        Int outputZp, Int output) {
  // [rescale.inexact] (type_conversion.adoc), in fp64. normal_frac<fp32>() =
  // 23, so the relative term is 2^-24. Clipped to out_t's own range.
  const double x = static_cast<double>(static_cast<int64_t>(input));
  const double zpIn = static_cast<double>(static_cast<int64_t>(inputZp));
  const double zpOut = static_cast<double>(static_cast<int64_t>(outputZp));
  const double outRef = (x - zpIn) * static_cast<double>(multiplier) * std::ldexp(1.0, -shift);
  const double errBnd = 0.5 + (3 * std::fabs(outRef) + std::fabs(outRef + zpOut)) * std::ldexp(1.0, -24);
  const double lo = static_cast<double>(static_cast<int64_t>(lowest(op.out)));
  const double hi = static_cast<double>(static_cast<int64_t>(highest(op.out)));
  const double minOut = std::fmin(std::fmax(std::ceil(outRef - errBnd + zpOut), lo), hi);
  const double maxOut = std::fmin(std::fmax(std::floor(outRef + errBnd + zpOut), lo), hi);
  const double got = static_cast<double>(static_cast<int64_t>(output));
  return minOut <= got && got <= maxOut;
}

} // namespace qi::requant::oracle
