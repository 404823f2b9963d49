//===- RescaleOracle.h - An independent RESCALE, from the mathematics -*- C++ -*-===//
//
// A second implementation of spec/rescale.md ([rescale.apply-scale-32],
// [rescale.apply-scale-16], [rescale.rounding-mode], [rescale.op],
// [rescale.error-if], [rescale.widths], [rescale.violation],
// [rescale.inexact]) used only to cross-check interpreter/requant. It shares
// no code and no data model with it: values are mathematical integers
// (__int128), never bit patterns; the roundings are defined by their
// inequalities and computed in sign-magnitude, then verified against the
// definition; double rounding is computed in two exact stages; the ERROR_IFs
// are a table of the type combinations the specification supports rather
// than the pseudo-code's list of is_same<> tests; the clip is a clamp to the
// type's explicit range.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_TESTS_RESCALEORACLE_H
#define QI_REQUANT_TESTS_RESCALEORACLE_H

#include <cstdint>

namespace qi::requant::oracle {

using Int = __int128;

/// An integer element type: its width and whether its patterns read as
/// unsigned (the op's input_unsigned / output_unsigned).
struct IntType {
  unsigned width = 8;
  bool isUnsigned = false;
};

/// Smallest and largest value of the type: [0, 2^w - 1] or
/// [-2^(w-1), 2^(w-1) - 1] (w <= 64).
Int lowest(IntType t);
Int highest(IntType t);

/// rounding_mode_t's values in the specification.
enum class Rounding { Single = 1, Inexact = 2, Double = 3 };

/// One RESCALE: its types and attributes, and the input's rank.
struct Op {
  IntType in, out;
  bool scale32 = true;
  Rounding rounding = Rounding::Single;
  bool perChannel = false;
  int64_t rank = 1;
};

/// The families of ERROR_IF, as bits in the order the specification lists
/// them (so the first condition that holds is in the lowest set family).
enum ErrorIfFamily : unsigned {
  /// in_t wider than int48_t / out_t wider than int32_t: not an ERROR_IF of
  /// the specification but quant-interp's rejection ([rescale.widths]).
  kTooWide = 1u << 0,
  /// A zero point outside the values its type may carry.
  kZeroPoint = 1u << 1,
  /// scale32 with an i48 input.
  kScale32Int48 = 1u << 2,
  /// DOUBLE_ROUND with 16-bit multipliers.
  kDoubleRoundScale16 = 1u << 3,
  /// A combination of types and signedness outside the support table.
  kSignedness = 1u << 4,
  /// per_channel on a rank-0 input.
  kPerChannelRank = 1u << 5,
};

/// The ERROR_IF families that hold for the op with these zero points (their
/// values, read with the op's signedness). Defined for widths of the
/// specification's table (in 8, 16, 32, 48; out 8, 16, 32), signed or
/// unsigned, and for any other signed width ([rescale.widths]); an unsigned
/// side of another width is outside the oracle's model (assert-fails).
unsigned errorIfs(const Op &op, Int inputZp, Int outputZp);

/// The REQUIREs of the element computation.
enum class Require {
  None,
  Int32Parameter,  ///< apply_scale_32's int32_t value parameter cannot hold value
  MultiplierSign,  ///< multiplier >= 0
  ShiftRange,      ///< 2 <= shift <= 62
  ValueRange,      ///< -2^(shift-1) <= value < 2^(shift-1)
  Int32Result,     ///< apply_scale_16's result within int32
  AddOverflow,     ///< apply_add_s<int32_t>(result, output_zp) overflows
};

/// The specification function a REQUIRE belongs to ("apply_scale_32",
/// "apply_scale_16", "apply_add_s<int32_t>").
const char *requireFunction(Require r, bool scale32);
/// A fragment of the condition's text in the specification (or, for
/// Int32Parameter, in quant-interp's message) that names it uniquely.
const char *requireFragment(Require r);

/// One element's outcome when the op has no ERROR_IF.
struct Element {
  Require require = Require::None;
  Int value = 0;       ///< the output value (out_t's reading), if no REQUIRE fails
  uint64_t bits = 0;   ///< its low out.width bits
  Int scaled = 0;      ///< apply_scale_*'s int32 result, before the zero point
};

/// RESCALE on one element: `input`, `inputZp`, `outputZp` are values of
/// their types (not patterns); `multiplier` a value of mul_t (int32 when
/// scale32, else int16); `shift` the int8 shift.
Element rescale(const Op &op, Int input, int64_t multiplier, int shift, Int inputZp,
                Int outputZp);

// The arithmetic, exposed for the oracle's own checks.

/// floor(a / 2^k), 0 <= k <= 120, computed on the magnitude.
Int floorDivPow2(Int a, unsigned k);
/// The unique integer n with n - 1/2 <= p / 2^s < n + 1/2 (ties toward
/// +infinity), 1 <= s <= 62, |p| < 2^100; verified against the inequality.
Int nearestTiesUp(Int p, unsigned s);
/// DOUBLE_ROUND's result for shift s > 31: floor((p + 2^(s-1) + c) / 2^s),
/// c = +2^30 when the value is >= 0, else -2^30 ([rescale.apply-scale-32]),
/// computed in two stages (see the proof in RescaleOracle.cpp).
Int doubleRoundAbove31(Int p, unsigned s, bool valueNonNegative);

/// Whether `output` lies within [rescale.inexact]'s bound for the element
/// (out_ref in fp64; clipped to out_t's range).
bool withinInexactBound(const Op &op, Int input, int64_t multiplier, int shift, Int inputZp,
                        Int outputZp, Int output);

} // namespace qi::requant::oracle

#endif
