//===- DecimalFormat.h - Shortest round-trip decimal text -------*- C++ -*-===//
//
// Spec: [print.decimal]. Finite float values are printed as the shortest
// decimal literal that MLIR's parser (llvm::APFloat::convertFromString,
// round to nearest-even) reads back as the very same bit pattern, and decimal
// literals are parsed to their exact value.
//
// Literal style (every output is an MLIR float literal: it always contains a
// '.' and never a leading '+'):
//   * "-" for a negative value (including "-0.0"), nothing for a positive one;
//   * the significant digits have no trailing zeros (except the single "0"
//     after a '.' that has nothing else to its right);
//   * let X be the decimal exponent of the printed value, i.e. the printed
//     value is d.ddd * 10^X with a non-zero leading digit d. Fixed notation
//     is used when -4 <= X <= 15 (1e-4 <= |printed value| < 1e16; decided on
//     the printed digits, not on the exact value):
//       "1.0", "1.5", "100.0", "0.001", "0.0001", "1234567890123456.0";
//     scientific notation otherwise: one digit, '.', at least one digit,
//     'e', an explicit sign, and at least two exponent digits:
//       "1.0e-45", "3.4028235e+38", "1.0e+16", "5.0e-324", "4.0e-4951".
//   * zero is "0.0" / "-0.0".
//
// Digit selection: for n = 1, 2, ... the n-digit decimal nearest to the value
// (ties to an even last digit) and its two n-digit neighbours one unit in the
// last digit above and below are tried, nearest first, then below, then
// above; the first whose exact value rounds back (roundToFormat, NearestEven)
// to the same bits without overflow (so saturating formats never print a
// value beyond their largest finite one) is printed. Trying the neighbours
// matters at binade boundaries where the rounding interval is asymmetric
// (e.g. f16 2^-6 = 0.015625 prints as "0.01563").
//
// Since the values rounding to a pattern form an interval holding it, this
// finds the fewest significant digits of any decimal that rounds back, and
// among those the one nearest to the value (ties: even last digit), as
// std::to_chars does for float/double. Shortest means shortest: the f16
// maximum 65504 prints as "65500.0" and the f8E4M3FN maximum 448 as "450.0"
// (both read back exactly; numpy prints float16(65504) as 65500.0 too).
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_DECIMALFORMAT_H
#define QI_NUMERIC_DECIMALFORMAT_H

#include "interpreter/numeric/Exact.h"
#include "interpreter/numeric/FloatFormat.h"

#include <optional>
#include <string>
#include <string_view>

namespace qi::numeric {

/// Decimal text of a finite value (+-0 included) that MLIR's parser reads
/// back (llvm::APFloat::convertFromString, round to nearest-even) as exactly
/// `bits`, in the literal style described at the top of this header, with
/// the fewest significant digits the search described there finds.
/// [print.decimal]
///
/// Precondition: the pattern is finite (callers print NaN and infinities in
/// MLIR's hexadecimal form themselves). Bits above sizeInBits are ignored.
///
/// For f32 and f64 the digits come from the host's std::to_chars (shortest
/// round-trip form); DecimalFormatTest checks on random and edge patterns that
/// this yields the very text formatDecimalBySearch produces.
std::string formatDecimal(const FloatFormat &format, Bits bits);

/// Exact value of a decimal float literal:
///   [+-] digits [ '.' [digits] ] [ (e|E) [+-] digits ]
/// ("1." is accepted, as MLIR's lexer does; ".5", "1e", "", "inf", "nan",
/// "0x..." and anything with trailing characters are not). A negative zero
/// keeps its sign. nullopt on bad syntax, and also when the literal is
/// non-zero and the decimal exponent of its last non-zero digit (the exponent
/// field adjusted by the digit position) exceeds kMaxDecimalExponent in
/// magnitude: such values lie far outside every format (f128 spans about
/// 10^-4966 .. 10^4932) and their exact value would take megabytes.
std::optional<Exact> parseDecimal(std::string_view text);

/// Bound on |decimal exponent| that parseDecimal materialises exactly.
inline constexpr int64_t kMaxDecimalExponent = 100000;

namespace detail {
/// The digit search of [print.decimal] done entirely with exact arithmetic
/// (no host floating point); formatDecimal equals it for every format and is
/// it for every format except f32 and f64.
std::string formatDecimalBySearch(const FloatFormat &format, Bits bits);
/// The host std::to_chars fast path for f32 / f64 (requires one of them).
std::string formatDecimalByHost(const FloatFormat &format, Bits bits);
} // namespace detail

} // namespace qi::numeric

#endif
