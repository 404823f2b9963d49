//===- ArithCommon.h - Helpers shared by the arith / math evaluators -*- C++ -*-===//
//
// Spec: spec/lowered-arith.md [arith.poison], [arith.fastmath], [arith.ub].
// Private to ArithOps.cpp, ArithIntegerOps.cpp, ArithFloatOps.cpp,
// ArithCastOps.cpp and MathOps.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_ARITHCOMMON_H
#define QI_EVAL_ARITHCOMMON_H

#include "interpreter/eval/Elementwise.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cstdint>
#include <string>

namespace qi::eval::arith_detail {

// Registration of the split arith files (all called from registerArithOps).
void registerArithIntegerOps(llvm::StringMap<OpEvaluator> &table);
void registerArithFloatOps(llvm::StringMap<OpEvaluator> &table);
void registerArithCastOps(llvm::StringMap<OpEvaluator> &table);

//===-- Integers ------------------------------------------------------------===//

/// The low `width` bits set (width 1..64).
inline uint64_t lowMask(unsigned width) {
  return width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
}
/// The low `width` bits of a pattern, as unsigned.
inline uint64_t asUnsigned(numeric::Bits bits, unsigned width) {
  return static_cast<uint64_t>(bits) & lowMask(width);
}
/// The low `width` bits of a pattern, sign-extended (two's complement).
inline int64_t asSigned(numeric::Bits bits, unsigned width) {
  uint64_t u = asUnsigned(bits, width);
  if (width < 64 && (u >> (width - 1)) & 1)
    u |= ~lowMask(width);
  return static_cast<int64_t>(u);
}
/// The width-bit pattern of the low bits of `value`.
inline numeric::Bits patternOf(__int128 value, unsigned width) {
  return numeric::Bits(static_cast<uint64_t>(value) & lowMask(width));
}
inline __int128 signedMin(unsigned width) { return -(__int128(1) << (width - 1)); }
inline __int128 signedMax(unsigned width) { return (__int128(1) << (width - 1)) - 1; }
inline __int128 unsignedMax(unsigned width) { return (__int128(1) << width) - 1; }

/// Integer width of an integer or index element type (index: 64).
unsigned intWidth(const ElementType &type, mlir::Operation &op);

/// The overflow<nsw, nuw> flags of an op (none when absent).
struct OverflowFlags {
  bool nsw = false;
  bool nuw = false;
};
OverflowFlags overflowFlags(mlir::Operation &op);
/// Whether the op carries the `exact` unit attribute (divsi/divui/shrsi/shrui).
bool isExact(mlir::Operation &op);

/// Throws "OP: undefined behaviour: WHAT" (with the element index for tensors).
[[noreturn]] void undefinedBehaviour(mlir::Operation &op, const std::string &what,
                                     bool isTensor, int64_t index);

//===-- Floats --------------------------------------------------------------===//

/// The float format of an element type, or an error naming the op.
const numeric::FloatFormat &floatFormatOf(const ElementType &type, mlir::Operation &op);

/// The fastmath flags that change results: nnan and ninf ([arith.fastmath]).
/// The others (reassoc, nsz, arcp, contract, afn) only allow other results
/// and are ignored: we compute the strict IEEE result, one of those allowed.
struct FastMath {
  bool nnan = false;
  bool ninf = false;
};
FastMath fastMathFlags(mlir::Operation &op);

/// Whether `bits` in `format` is NaN / an infinity.
inline bool isNaNBits(const numeric::FloatFormat &format, numeric::Bits bits) {
  return numeric::isNaN(format, bits);
}
inline bool isInfBits(const numeric::FloatFormat &format, numeric::Bits bits) {
  return numeric::classify(format, bits) == numeric::FloatClass::Infinity;
}
/// Whether a value violates nnan / ninf.
inline bool violates(const FastMath &fm, const numeric::FloatFormat &format,
                     numeric::Bits bits) {
  return (fm.nnan && isNaNBits(format, bits)) || (fm.ninf && isInfBits(format, bits));
}

/// A float result as an element: poison when the operation was invalid in a
/// format without NaN (FiniteOnly), [arith.poison].
inline ElementResult fromFloatResult(const numeric::FloatFormat &format,
                                     const numeric::FloatResult &r) {
  ElementResult out;
  out.bits = r.bits & format.allBitsMask();
  out.poison = r.status.invalid() && !format.hasNaN();
  return out;
}

/// The NaN result of an op with NaN operands: the first NaN operand, quieted
/// ([format.nan]). `a` or `b` must be NaN.
inline numeric::Bits propagateNaN(const numeric::FloatFormat &format, numeric::Bits a,
                                  numeric::Bits b) {
  return numeric::quietNaN(format, isNaNBits(format, a) ? a : b);
}

/// The rounding mode of the optional `roundingmode` attribute (default
/// nearest-even).
numeric::RoundingMode roundingModeOf(mlir::Operation &op);

/// Evaluates a one-result elementwise op on float operands of one format
/// (the format of operand 0): fastmath nnan/ninf applied to operands and
/// result; `rule` sees the operand bits.
void evalFloatElementwise(Interpreter &interp, Frame &frame, mlir::Operation &op,
                          llvm::function_ref<ElementResult(const numeric::FloatFormat &,
                                                           llvm::ArrayRef<numeric::Bits>)>
                              rule);

/// The runtime values of all operands.
llvm::SmallVector<const RuntimeValue *, 4> operandValues(Frame &frame, mlir::Operation &op);
/// The element type of result #i.
ElementType resultElement(Interpreter &interp, mlir::Operation &op, unsigned i = 0);

} // namespace qi::eval::arith_detail

#endif
