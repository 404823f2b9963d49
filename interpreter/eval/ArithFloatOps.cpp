//===- ArithFloatOps.cpp - arith float ops and cmpf -----------------------===//
//
// Spec: spec/lowered-arith.md [arith.float], [arith.cmp], [arith.fastmath],
// [arith.poison]. Every result comes from the numeric core (FloatOps.h,
// FloatCodec.h) on bit patterns: correctly rounded, NaNs per [format.nan].
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/ArithCommon.h"
#include "interpreter/eval/HostArith.h"

namespace qi::eval::arith_detail {

namespace {

using numeric::Bits;
using numeric::FloatFormat;
using numeric::FloatResult;
using numeric::RoundingMode;

using CoreBinary = FloatResult (*)(const FloatFormat &, Bits, Bits, RoundingMode);

OpEvaluator coreBinary(CoreBinary fn, hostarith::FloatBinary kind) {
  return [fn, kind](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    RoundingMode mode = roundingModeOf(op);
    if (interp.options().fastPaths) { // [fast.host-arith]
      const RuntimeValue &a = frame.lookup(op.getOperand(0)), &b = frame.lookup(op.getOperand(1));
      FastMath fm = fastMathFlags(op);
      const FloatFormat *format = a.elementType().floatFormat;
      auto exact = [&](Bits x, Bits y) { return fromFloatResult(*format, fn(*format, x, y, mode)).bits; };
      if (std::optional<RuntimeValue> r =
              hostarith::floatBinary(kind, a, b, mode, !fm.nnan && !fm.ninf, exact)) {
        frame.bind(op.getResult(0), std::move(*r));
        interp.countFastPath(&FastPathUse::hostArith);
        return;
      }
    }
    evalFloatElementwise(interp, frame, op,
                         [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                           return fromFloatResult(format, fn(format, bits[0], bits[1], mode));
                         });
  };
}

/// fmod: a - trunc(a / b) * b, exact (C fmod, LLVM frem). Sign of a.
ElementResult remainder(const FloatFormat &format, Bits a, Bits b) {
  if (isNaNBits(format, a) || isNaNBits(format, b))
    return ElementResult{propagateNaN(format, a, b), false};
  numeric::FloatClass ca = numeric::classify(format, a), cb = numeric::classify(format, b);
  if (ca == numeric::FloatClass::Infinity || cb == numeric::FloatClass::Zero) {
    // Invalid: default NaN; poison in formats without NaN.
    return ElementResult{numeric::defaultNaN(format), !format.hasNaN()};
  }
  if (cb == numeric::FloatClass::Infinity || ca == numeric::FloatClass::Zero)
    return ElementResult{a, false};
  numeric::Exact x = numeric::decode(format, a), y = numeric::decode(format, b);
  numeric::BigInt q =
      numeric::roundToInteger(numeric::exactDiv(x, y), RoundingMode::TowardZero).value;
  numeric::Exact r = numeric::exactSub(x, numeric::exactMul(numeric::Exact::fromInteger(q), y));
  if (r.isZero())
    r = numeric::Exact::zero(numeric::signBit(format, a));
  // |r| < |b| and r is a multiple of b's and a's last place: exact.
  return fromFloatResult(format, numeric::roundToFormat(r, format, RoundingMode::NearestEven));
}

/// maximumf / minimumf (NaN propagates) and maxnumf / minnumf (NaN is
/// dropped): -0 < +0 in all four. [arith.float]
ElementResult minMax(const FloatFormat &format, Bits a, Bits b, bool isMax, bool dropNaN) {
  bool na = isNaNBits(format, a), nb = isNaNBits(format, b);
  if (na || nb) {
    if (dropNaN && !(na && nb))
      return ElementResult{na ? b : a, false};
    return ElementResult{propagateNaN(format, a, b), false};
  }
  int c = numeric::exactCompare(numeric::decode(format, a), numeric::decode(format, b));
  if (c == 0) {
    bool sa = numeric::signBit(format, a), sb = numeric::signBit(format, b);
    if (sa != sb) // +0 vs -0 (or equal values of opposite sign: only zeros)
      return ElementResult{(isMax ? sa : sb) ? b : a, false};
    return ElementResult{a, false};
  }
  bool takeA = isMax ? c > 0 : c < 0;
  return ElementResult{takeA ? a : b, false};
}

OpEvaluator minMaxOp(bool isMax, bool dropNaN) {
  return [isMax, dropNaN](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    evalFloatElementwise(interp, frame, op,
                         [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                           return minMax(format, bits[0], bits[1], isMax, dropNaN);
                         });
  };
}

void evalRemF(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalFloatElementwise(interp, frame, op,
                       [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                         return remainder(format, bits[0], bits[1]);
                       });
}

void evalNegF(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalFloatElementwise(interp, frame, op,
                       [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                         return ElementResult{numeric::negateBits(format, bits[0]), false};
                       });
}

bool compareFloats(mlir::arith::CmpFPredicate predicate, const FloatFormat &format, Bits a,
                   Bits b) {
  using P = mlir::arith::CmpFPredicate;
  bool unordered = isNaNBits(format, a) || isNaNBits(format, b);
  int c = unordered ? 0
                    : numeric::exactCompare(numeric::decode(format, a),
                                            numeric::decode(format, b));
  switch (predicate) {
  case P::AlwaysFalse: return false;
  case P::OEQ: return !unordered && c == 0;
  case P::OGT: return !unordered && c > 0;
  case P::OGE: return !unordered && c >= 0;
  case P::OLT: return !unordered && c < 0;
  case P::OLE: return !unordered && c <= 0;
  case P::ONE: return !unordered && c != 0;
  case P::ORD: return !unordered;
  case P::UEQ: return unordered || c == 0;
  case P::UGT: return unordered || c > 0;
  case P::UGE: return unordered || c >= 0;
  case P::ULT: return unordered || c < 0;
  case P::ULE: return unordered || c <= 0;
  case P::UNE: return unordered || c != 0;
  case P::UNO: return unordered;
  case P::AlwaysTrue: return true;
  }
  return false;
}

void evalCmpF(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto cmp = llvm::cast<mlir::arith::CmpFOp>(op);
  mlir::arith::CmpFPredicate predicate = cmp.getPredicate();
  auto operands = operandValues(frame, op);
  const FloatFormat &format = floatFormatOf(operands.front()->elementType(), op);
  FastMath fm = fastMathFlags(op);
  ElementType result = resultElement(interp, op);
  frame.bind(op.getResult(0),
             mapElements(op, operands, result, [&](llvm::ArrayRef<Bits> bits) {
               if (violates(fm, format, bits[0]) || violates(fm, format, bits[1]))
                 return ElementResult{0, true};
               return ElementResult{Bits(compareFloats(predicate, format, bits[0], bits[1])),
                                    false};
             }));
}

} // namespace

void registerArithFloatOps(llvm::StringMap<OpEvaluator> &table) {
  table["arith.addf"] = coreBinary(numeric::floatAdd, hostarith::FloatBinary::Add);
  table["arith.subf"] = coreBinary(numeric::floatSub, hostarith::FloatBinary::Sub);
  table["arith.mulf"] = coreBinary(numeric::floatMul, hostarith::FloatBinary::Mul);
  table["arith.divf"] = coreBinary(numeric::floatDiv, hostarith::FloatBinary::Div);
  table["arith.remf"] = evalRemF;
  table["arith.negf"] = evalNegF;
  table["arith.maximumf"] = minMaxOp(true, false);
  table["arith.minimumf"] = minMaxOp(false, false);
  table["arith.maxnumf"] = minMaxOp(true, true);
  table["arith.minnumf"] = minMaxOp(false, true);
  table["arith.cmpf"] = evalCmpF;
}

} // namespace qi::eval::arith_detail
