//===- ArithCastOps.cpp - arith casts -------------------------------------===//
//
// Spec: spec/lowered-arith.md [arith.cast], [arith.fastmath], [arith.poison].
// extsi extui trunci index_cast index_castui bitcast sitofp uitofp fptosi
// fptoui extf truncf.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/ArithCommon.h"
#include "interpreter/eval/HostArith.h"

namespace qi::eval::arith_detail {

namespace {

using numeric::Bits;
using numeric::FloatFormat;

/// A one-operand cast: `rule` maps the input pattern (right-aligned, masked
/// to the input width) to the result element.
void evalCast(Interpreter &interp, Frame &frame, mlir::Operation &op,
              llvm::function_ref<ElementResult(Bits, const ElementType &, const ElementType &)>
                  rule) {
  const RuntimeValue &input = frame.lookup(op.getOperand(0));
  const ElementType &from = input.elementType();
  ElementType to = resultElement(interp, op);
  Bits inMask = from.bitWidth() >= 128 ? ~Bits(0) : (Bits(1) << from.bitWidth()) - 1;
  frame.bind(op.getResult(0),
             mapElements(op, {&input}, to, [&](llvm::ArrayRef<Bits> bits) {
               return rule(bits[0] & inMask, from, to);
             }));
}

/// Integer -> integer by sign or zero extension / truncation (any widths).
OpEvaluator intResize(bool signExtend) {
  return [signExtend](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    OverflowFlags f = overflowFlags(op); // trunci only
    evalCast(interp, frame, op, [&](Bits in, const ElementType &from, const ElementType &to) {
      unsigned wi = intWidth(from, op), wo = intWidth(to, op);
      uint64_t u = asUnsigned(in, wi);
      int64_t s = asSigned(in, wi);
      if (wo < wi) {
        // Truncation; trunci's nuw / nsw: poison when the value does not fit.
        if (f.nuw && (u & ~lowMask(wo)) != 0)
          return ElementResult{0, true};
        if (f.nsw && asSigned(u, wo) != s)
          return ElementResult{0, true};
        return ElementResult{Bits(u & lowMask(wo)), false};
      }
      uint64_t r = signExtend ? static_cast<uint64_t>(s) : u;
      return ElementResult{Bits(r & lowMask(wo)), false};
    });
  };
}

void evalBitcast(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalCast(interp, frame, op, [&](Bits in, const ElementType &from, const ElementType &to) {
    if (from.bitWidth() != to.bitWidth())
      fail(op.getLoc(), "arith.bitcast: element widths differ (" + from.toString() + " vs " +
                            to.toString() + ")");
    return ElementResult{in, false};
  });
}

/// The operand when it is an integer (or index) tensor, with its width.
const RuntimeValue *integerOperand(Frame &frame, mlir::Operation &op, unsigned &width) {
  const RuntimeValue &in = frame.lookup(op.getOperand(0));
  const ElementType &type = in.elementType();
  if (!type.isInteger() && !type.isIndex())
    return nullptr;
  width = intWidth(type, op);
  return &in;
}

OpEvaluator intToFloat(bool isSigned) {
  return [isSigned](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    numeric::RoundingMode mode = roundingModeOf(op);
    unsigned width = 0;
    if (interp.options().fastPaths) // [fast.host-arith]
      if (const RuntimeValue *in = integerOperand(frame, op, width))
        if (std::optional<RuntimeValue> r =
                hostarith::intToFloat(isSigned, *in, width, resultElement(interp, op), mode)) {
          frame.bind(op.getResult(0), std::move(*r));
          interp.countFastPath(&FastPathUse::hostArith);
          return;
        }
    evalCast(interp, frame, op, [&](Bits in, const ElementType &from, const ElementType &to) {
      unsigned w = intWidth(from, op);
      numeric::BigInt value = isSigned ? numeric::BigInt(asSigned(in, w))
                                       : numeric::BigInt(asUnsigned(in, w));
      const FloatFormat &format = floatFormatOf(to, op);
      return fromFloatResult(format, numeric::intToFloat(value, format, mode));
    });
  };
}

/// fptosi / fptoui: toward zero; NaN, infinities and values whose truncation
/// is outside the result type are poison (LLVM fptosi / fptoui).
OpEvaluator floatToInt(bool isSigned) {
  return [isSigned](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    if (interp.options().fastPaths) { // [fast.host-arith]
      ElementType to = resultElement(interp, op);
      if (to.isInteger() || to.isIndex())
        if (std::optional<RuntimeValue> r = hostarith::floatToInt(
                isSigned, frame.lookup(op.getOperand(0)), intWidth(to, op), to)) {
          frame.bind(op.getResult(0), std::move(*r));
          interp.countFastPath(&FastPathUse::hostArith);
          return;
        }
    }
    evalCast(interp, frame, op, [&](Bits in, const ElementType &from, const ElementType &to) {
      const FloatFormat &format = floatFormatOf(from, op);
      unsigned w = intWidth(to, op);
      numeric::IntegerResult r =
          numeric::floatToInteger(format, in, numeric::RoundingMode::TowardZero);
      if (r.status.invalid())
        return ElementResult{0, true};
      numeric::IntFormat target{w, isSigned};
      if (!target.contains(r.value))
        return ElementResult{0, true};
      return ElementResult{Bits(target.toBits(r.value)), false};
    });
  };
}

/// extf / truncf: one rounding (truncf's `roundingmode`, default
/// nearest-even); fastmath nnan / ninf on the operand and the result.
void evalFloatConvert(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  numeric::RoundingMode mode = roundingModeOf(op);
  FastMath fm = fastMathFlags(op);
  if (interp.options().fastPaths) { // [fast.host-arith]
    const RuntimeValue &in = frame.lookup(op.getOperand(0));
    ElementType to = resultElement(interp, op);
    const ElementType &from = in.elementType();
    auto exact = [&](Bits x) {
      return fromFloatResult(*to.floatFormat, numeric::floatConvert(*from.floatFormat, x, *to.floatFormat, mode)).bits;
    };
    if (std::optional<RuntimeValue> r =
            hostarith::floatConvert(in, to, mode, !fm.nnan && !fm.ninf, exact)) {
      frame.bind(op.getResult(0), std::move(*r));
      interp.countFastPath(&FastPathUse::hostArith);
      return;
    }
  }
  evalCast(interp, frame, op, [&](Bits in, const ElementType &from, const ElementType &to) {
    const FloatFormat &src = floatFormatOf(from, op);
    const FloatFormat &dst = floatFormatOf(to, op);
    if (violates(fm, src, in))
      return ElementResult{0, true};
    ElementResult r = fromFloatResult(dst, numeric::floatConvert(src, in, dst, mode));
    if (!r.poison && violates(fm, dst, r.bits))
      return ElementResult{0, true};
    return r;
  });
}

} // namespace

void registerArithCastOps(llvm::StringMap<OpEvaluator> &table) {
  table["arith.extsi"] = intResize(true);
  table["arith.extui"] = intResize(false);
  table["arith.trunci"] = intResize(false);
  table["arith.index_cast"] = intResize(true);
  table["arith.index_castui"] = intResize(false);
  table["arith.bitcast"] = evalBitcast;
  table["arith.sitofp"] = intToFloat(true);
  table["arith.uitofp"] = intToFloat(false);
  table["arith.fptosi"] = floatToInt(true);
  table["arith.fptoui"] = floatToInt(false);
  table["arith.extf"] = evalFloatConvert;
  table["arith.truncf"] = evalFloatConvert;
}

} // namespace qi::eval::arith_detail
