//===- MathOps.cpp - math dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-arith.md [math.round], [math.fma], [math.sign],
// [math.sqrt], [math.int], [math.class]. Exact or correctly rounded on bit
// patterns; transcendental ops stay "unsupported operation".
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/ArithCommon.h"

namespace qi::eval {

namespace {

using namespace arith_detail;
using numeric::Bits;
using numeric::FloatClass;
using numeric::FloatFormat;
using numeric::RoundingMode;

/// roundeven / round / floor / ceil / trunc: the integral value chosen by
/// `mode`, exact; zeros, infinities kept; NaN quieted; a zero result keeps
/// the operand's sign (floor(-0.5) = -1, ceil(-0.5) = -0).
ElementResult roundIntegral(const FloatFormat &format, Bits a, RoundingMode mode) {
  FloatClass c = numeric::classify(format, a);
  if (c == FloatClass::QuietNaN || c == FloatClass::SignalingNaN)
    return ElementResult{numeric::quietNaN(format, a), false};
  if (c == FloatClass::Infinity || c == FloatClass::Zero)
    return ElementResult{a, false};
  numeric::IntegerResult r = numeric::roundToInteger(numeric::decode(format, a), mode);
  numeric::Exact v = r.value == 0 ? numeric::Exact::zero(numeric::signBit(format, a))
                                  : numeric::Exact::fromInteger(r.value);
  return fromFloatResult(format, numeric::roundToFormat(v, format, RoundingMode::NearestEven));
}

OpEvaluator roundOp(RoundingMode mode) {
  return [mode](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    evalFloatElementwise(interp, frame, op,
                         [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                           return roundIntegral(format, bits[0], mode);
                         });
  };
}

void evalFma(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalFloatElementwise(interp, frame, op,
                       [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                         return fromFloatResult(
                             format, numeric::floatFma(format, bits[0], bits[1], bits[2],
                                                       RoundingMode::NearestEven));
                       });
}

/// Whether a format's sign bit is an ordinary sign bit for `bits` (not the
/// FNUZ NaN, not an unsigned format).
bool hasOrdinarySign(const FloatFormat &format, Bits bits) {
  if (!format.hasSign)
    return false;
  if (format.nanEncoding == numeric::NanEncoding::NegativeZero &&
      (numeric::isNaN(format, bits) || numeric::classify(format, bits) == FloatClass::Zero))
    return false;
  return true;
}

void evalAbsF(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalFloatElementwise(interp, frame, op,
                       [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                         Bits a = bits[0];
                         if (hasOrdinarySign(format, a))
                           a &= ~format.signMask();
                         return ElementResult{a, false};
                       });
}

void evalCopySign(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalFloatElementwise(interp, frame, op,
                       [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                         Bits a = bits[0];
                         if (hasOrdinarySign(format, a))
                           a = (a & ~format.signMask()) | (bits[1] & format.signMask());
                         return ElementResult{a, false};
                       });
}

/// Bit length of a positive integer.
int64_t bitLength(const numeric::BigInt &v) {
  return v == 0 ? 0 : int64_t(boost::multiprecision::msb(v)) + 1;
}

/// Correctly rounded square root: isqrt of the operand scaled to at least
/// 2p+4 bits, a sticky half-unit when inexact, one rounding. [math.sqrt]
ElementResult squareRoot(const FloatFormat &format, Bits a, RoundingMode mode) {
  FloatClass c = numeric::classify(format, a);
  if (c == FloatClass::QuietNaN || c == FloatClass::SignalingNaN)
    return ElementResult{numeric::quietNaN(format, a), false};
  if (c == FloatClass::Zero)
    return ElementResult{a, false};
  if (numeric::signBit(format, a) && format.hasSign)
    return ElementResult{numeric::defaultNaN(format), !format.hasNaN()}; // invalid
  if (c == FloatClass::Infinity)
    return ElementResult{a, false};
  numeric::Exact x = numeric::decode(format, a);
  numeric::BigInt num = x.num, den = x.den;
  int64_t s = 2 * int64_t(format.precision) + 6 + bitLength(den) - bitLength(num);
  if (((x.exp - s) & 1) != 0)
    ++s;
  if (s >= 0)
    num <<= unsigned(s);
  else
    den <<= unsigned(-s);
  numeric::BigInt n = num / den;
  bool sticky = n * den != num;
  numeric::BigInt r = boost::multiprecision::sqrt(n);
  if (r * r != n)
    sticky = true;
  int64_t halfExp = (x.exp - s) / 2; // exact: x.exp - s is even
  numeric::Exact root = sticky ? numeric::Exact::fromRatio(2 * r + 1, 1, halfExp - 1)
                               : numeric::Exact::fromRatio(r, 1, halfExp);
  return fromFloatResult(format, numeric::roundToFormat(root, format, mode));
}

void evalSqrt(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalFloatElementwise(interp, frame, op,
                       [&](const FloatFormat &format, llvm::ArrayRef<Bits> bits) {
                         return squareRoot(format, bits[0], RoundingMode::NearestEven);
                       });
}

/// Integer unary op on width-bit patterns.
OpEvaluator intUnary(uint64_t (*fn)(uint64_t, unsigned)) {
  return [fn](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    const RuntimeValue &input = frame.lookup(op.getOperand(0));
    unsigned w = intWidth(input.elementType(), op);
    ElementType result = resultElement(interp, op);
    frame.bind(op.getResult(0),
               mapElements(op, {&input}, result, [&](llvm::ArrayRef<Bits> bits) {
                 return ElementResult{Bits(fn(asUnsigned(bits[0], w), w) & lowMask(w)), false};
               }));
  };
}

uint64_t absI(uint64_t a, unsigned w) {
  int64_t s = asSigned(a, w);
  return s < 0 ? uint64_t(0) - a : a; // INT_MIN stays INT_MIN
}
uint64_t ctlz(uint64_t a, unsigned w) {
  unsigned n = 0;
  for (int i = int(w) - 1; i >= 0 && !((a >> i) & 1); --i)
    ++n;
  return n;
}
uint64_t cttz(uint64_t a, unsigned w) {
  unsigned n = 0;
  while (n < w && !((a >> n) & 1))
    ++n;
  return n;
}
uint64_t ctpop(uint64_t a, unsigned) { return uint64_t(__builtin_popcountll(a)); }

/// isnan / isinf / isfinite / isnormal: i1 results.
OpEvaluator classOp(bool (*fn)(FloatClass)) {
  return [fn](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    const RuntimeValue &input = frame.lookup(op.getOperand(0));
    const FloatFormat &format = floatFormatOf(input.elementType(), op);
    FastMath fm = fastMathFlags(op);
    ElementType result = resultElement(interp, op);
    frame.bind(op.getResult(0),
               mapElements(op, {&input}, result, [&](llvm::ArrayRef<Bits> bits) {
                 if (violates(fm, format, bits[0]))
                   return ElementResult{0, true};
                 return ElementResult{Bits(fn(numeric::classify(format, bits[0])) ? 1 : 0),
                                      false};
               }));
  };
}

bool classNaN(FloatClass c) { return c == FloatClass::QuietNaN || c == FloatClass::SignalingNaN; }
bool classInf(FloatClass c) { return c == FloatClass::Infinity; }
bool classFinite(FloatClass c) { return !classNaN(c) && !classInf(c); }
bool classNormal(FloatClass c) { return c == FloatClass::Normal; }

} // namespace

void registerMathOps(llvm::StringMap<OpEvaluator> &table) {
  table["math.roundeven"] = roundOp(RoundingMode::NearestEven);
  table["math.round"] = roundOp(RoundingMode::NearestAway);
  table["math.floor"] = roundOp(RoundingMode::TowardNegative);
  table["math.ceil"] = roundOp(RoundingMode::TowardPositive);
  table["math.trunc"] = roundOp(RoundingMode::TowardZero);
  table["math.fma"] = evalFma;
  table["math.absf"] = evalAbsF;
  table["math.copysign"] = evalCopySign;
  table["math.sqrt"] = evalSqrt;
  table["math.absi"] = intUnary(absI);
  table["math.ctlz"] = intUnary(ctlz);
  table["math.cttz"] = intUnary(cttz);
  table["math.ctpop"] = intUnary(ctpop);
  table["math.isnan"] = classOp(classNaN);
  table["math.isinf"] = classOp(classInf);
  table["math.isfinite"] = classOp(classFinite);
  table["math.isnormal"] = classOp(classNormal);
}

} // namespace qi::eval
