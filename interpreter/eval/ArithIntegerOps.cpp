//===- ArithIntegerOps.cpp - arith integer ops, cmpi, select --------------===//
//
// Spec: spec/lowered-arith.md [arith.int], [arith.ub], [arith.cmp],
// [arith.select], [arith.poison]. Integers of width 1..64 and index (64) are
// computed on uint64_t / __int128 host integers, never on APInt.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/ArithCommon.h"
#include "interpreter/eval/HostArith.h"

namespace qi::eval::arith_detail {

namespace {

using numeric::Bits;

/// An integer element rule: unsigned operand patterns of `width` bits.
using IntRule = llvm::function_ref<ElementResult(uint64_t a, uint64_t b, unsigned width)>;

/// Binary integer op with total semantics (poison operands give poison).
void evalIntBinary(Interpreter &interp, Frame &frame, mlir::Operation &op, IntRule rule) {
  auto operands = operandValues(frame, op);
  unsigned width = intWidth(operands.front()->elementType(), op);
  ElementType result = resultElement(interp, op);
  frame.bind(op.getResult(0),
             mapElements(op, operands, result, [&](llvm::ArrayRef<Bits> bits) {
               return rule(asUnsigned(bits[0], width), asUnsigned(bits[1], width), width);
             }));
}

/// Division-like op: a zero or poison divisor is undefined behaviour for
/// the whole op; `signedOverflowIsUB` adds INT_MIN / -1. [arith.ub]
void evalIntDivision(Interpreter &interp, Frame &frame, mlir::Operation &op,
                     bool signedOverflowIsUB, IntRule rule) {
  auto operands = operandValues(frame, op);
  unsigned width = intWidth(operands.front()->elementType(), op);
  ElementType result = resultElement(interp, op);
  bool isTensor = operands.front()->isTensor();
  int64_t index = 0;
  frame.bind(op.getResult(0),
             mapElementsPoisonAware(
                 op, operands, result,
                 [&](llvm::ArrayRef<Bits> bits, llvm::ArrayRef<bool> poison) {
                   int64_t i = index++;
                   if (poison[1])
                     undefinedBehaviour(op, "poison divisor", isTensor, i);
                   uint64_t a = asUnsigned(bits[0], width), b = asUnsigned(bits[1], width);
                   if (b == 0)
                     undefinedBehaviour(op, "division by zero", isTensor, i);
                   if (poison[0])
                     return ElementResult{0, true};
                   if (signedOverflowIsUB && asSigned(a, width) == signedMin(width) &&
                       asSigned(b, width) == -1)
                     undefinedBehaviour(op, "signed division overflow (" +
                                                std::to_string(asSigned(a, width)) + " / -1)",
                                        isTensor, i);
                   return rule(a, b, width);
                 }));
}

ElementResult value(__int128 v, unsigned width) { return ElementResult{patternOf(v, width), false}; }
ElementResult poisonResult() { return ElementResult{0, true}; }

void evalAddI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  OverflowFlags f = overflowFlags(op);
  evalIntBinary(interp, frame, op, [&](uint64_t a, uint64_t b, unsigned w) {
    __int128 us = __int128(a) + __int128(b);
    __int128 ss = __int128(asSigned(a, w)) + asSigned(b, w);
    if ((f.nuw && us > unsignedMax(w)) || (f.nsw && (ss < signedMin(w) || ss > signedMax(w))))
      return poisonResult();
    return value(us, w);
  });
}

void evalSubI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  OverflowFlags f = overflowFlags(op);
  evalIntBinary(interp, frame, op, [&](uint64_t a, uint64_t b, unsigned w) {
    __int128 ss = __int128(asSigned(a, w)) - asSigned(b, w);
    if ((f.nuw && a < b) || (f.nsw && (ss < signedMin(w) || ss > signedMax(w))))
      return poisonResult();
    return value(__int128(a) - __int128(b), w);
  });
}

void evalMulI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  OverflowFlags f = overflowFlags(op);
  evalIntBinary(interp, frame, op, [&](uint64_t a, uint64_t b, unsigned w) {
    unsigned __int128 up = (unsigned __int128)a * b;
    __int128 sp = __int128(asSigned(a, w)) * asSigned(b, w); // |.| <= 2^126
    if ((f.nuw && up > (unsigned __int128)unsignedMax(w)) ||
        (f.nsw && (sp < signedMin(w) || sp > signedMax(w))))
      return poisonResult();
    return ElementResult{Bits(static_cast<uint64_t>(up) & lowMask(w)), false};
  });
}

void evalDivUI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  bool exact = isExact(op);
  evalIntDivision(interp, frame, op, false, [&](uint64_t a, uint64_t b, unsigned w) {
    if (exact && a % b != 0)
      return poisonResult();
    return value(a / b, w);
  });
}

void evalDivSI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  bool exact = isExact(op);
  evalIntDivision(interp, frame, op, true, [&](uint64_t a, uint64_t b, unsigned w) {
    __int128 x = asSigned(a, w), y = asSigned(b, w);
    if (exact && x % y != 0)
      return poisonResult();
    return value(x / y, w); // truncates toward zero
  });
}

void evalCeilDivUI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntDivision(interp, frame, op, false, [&](uint64_t a, uint64_t b, unsigned w) {
    return value(__int128(a / b) + (a % b != 0 ? 1 : 0), w);
  });
}

void evalCeilDivSI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntDivision(interp, frame, op, true, [&](uint64_t a, uint64_t b, unsigned w) {
    __int128 x = asSigned(a, w), y = asSigned(b, w);
    __int128 q = x / y;
    if (x % y != 0 && ((x < 0) == (y < 0)))
      ++q;
    return value(q, w);
  });
}

void evalFloorDivSI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntDivision(interp, frame, op, true, [&](uint64_t a, uint64_t b, unsigned w) {
    __int128 x = asSigned(a, w), y = asSigned(b, w);
    __int128 q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0)))
      --q;
    return value(q, w);
  });
}

void evalRemUI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntDivision(interp, frame, op, false,
                  [&](uint64_t a, uint64_t b, unsigned w) { return value(a % b, w); });
}

void evalRemSI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  // INT_MIN rem -1 is UB as in LLVM's srem, which arith.remsi lowers to.
  evalIntDivision(interp, frame, op, true, [&](uint64_t a, uint64_t b, unsigned w) {
    __int128 x = asSigned(a, w), y = asSigned(b, w);
    return value(x % y, w); // sign of the dividend
  });
}

void evalAndI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinary(interp, frame, op,
                [](uint64_t a, uint64_t b, unsigned w) { return value(a & b, w); });
}
void evalOrI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinary(interp, frame, op,
                [](uint64_t a, uint64_t b, unsigned w) { return value(a | b, w); });
}
void evalXOrI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinary(interp, frame, op,
                [](uint64_t a, uint64_t b, unsigned w) { return value(a ^ b, w); });
}

void evalShLI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  OverflowFlags f = overflowFlags(op);
  evalIntBinary(interp, frame, op, [&](uint64_t a, uint64_t b, unsigned w) {
    if (b >= w)
      return poisonResult();
    uint64_t r = (a << b) & lowMask(w);
    if (f.nuw && (r >> b) != a)
      return poisonResult(); // a non-zero bit was shifted out
    if (f.nsw && (asSigned(r, w) >> b) != asSigned(a, w))
      return poisonResult(); // a shifted-out bit disagrees with the result's sign
    return value(r, w);
  });
}

void evalShRUI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  bool exact = isExact(op);
  evalIntBinary(interp, frame, op, [&](uint64_t a, uint64_t b, unsigned w) {
    if (b >= w)
      return poisonResult();
    if (exact && (a & lowMask(unsigned(b))) != 0 && b > 0)
      return poisonResult();
    return value(a >> b, w);
  });
}

void evalShRSI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  bool exact = isExact(op);
  evalIntBinary(interp, frame, op, [&](uint64_t a, uint64_t b, unsigned w) {
    if (b >= w)
      return poisonResult();
    if (exact && b > 0 && (a & lowMask(unsigned(b))) != 0)
      return poisonResult();
    return value(__int128(asSigned(a, w)) >> b, w);
  });
}

void evalMaxSI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinary(interp, frame, op, [](uint64_t a, uint64_t b, unsigned w) {
    return value(asSigned(a, w) >= asSigned(b, w) ? a : b, w);
  });
}
void evalMinSI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinary(interp, frame, op, [](uint64_t a, uint64_t b, unsigned w) {
    return value(asSigned(a, w) <= asSigned(b, w) ? a : b, w);
  });
}
void evalMaxUI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinary(interp, frame, op,
                [](uint64_t a, uint64_t b, unsigned w) { return value(a >= b ? a : b, w); });
}
void evalMinUI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinary(interp, frame, op,
                [](uint64_t a, uint64_t b, unsigned w) { return value(a <= b ? a : b, w); });
}

/// maxsi / minsi / maxui / minui: the [fast.host-arith] loop on tensors,
/// else the element rule.
OpEvaluator minMaxOp(hostarith::IntMinMax kind, void (*exact)(Interpreter &, Frame &, mlir::Operation &)) {
  return [kind, exact](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    const RuntimeValue &a = frame.lookup(op.getOperand(0)), &b = frame.lookup(op.getOperand(1));
    const ElementType &type = a.elementType();
    if (interp.options().fastPaths && (type.isInteger() || type.isIndex()))
      if (std::optional<RuntimeValue> r = hostarith::intMinMax(kind, a, b, intWidth(type, op))) {
        frame.bind(op.getResult(0), std::move(*r));
        interp.countFastPath(&FastPathUse::hostArith);
        return;
      }
    exact(interp, frame, op);
  };
}

void evalCmpI(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto cmp = llvm::cast<mlir::arith::CmpIOp>(op);
  mlir::arith::CmpIPredicate predicate = cmp.getPredicate();
  evalIntBinary(interp, frame, op, [&](uint64_t a, uint64_t b, unsigned w) {
    int64_t x = asSigned(a, w), y = asSigned(b, w);
    bool r = false;
    using P = mlir::arith::CmpIPredicate;
    switch (predicate) {
    case P::eq: r = a == b; break;
    case P::ne: r = a != b; break;
    case P::slt: r = x < y; break;
    case P::sle: r = x <= y; break;
    case P::sgt: r = x > y; break;
    case P::sge: r = x >= y; break;
    case P::ult: r = a < b; break;
    case P::ule: r = a <= b; break;
    case P::ugt: r = a > b; break;
    case P::uge: r = a >= b; break;
    }
    return ElementResult{Bits(r ? 1 : 0), false};
  });
}

/// Binds two results computed element by element from two integer operands
/// (addui_extended, mulsi_extended, mului_extended).
void evalIntBinaryTwoResults(
    Interpreter &interp, Frame &frame, mlir::Operation &op,
    llvm::function_ref<std::pair<Bits, Bits>(uint64_t, uint64_t, unsigned)> rule) {
  auto operands = operandValues(frame, op);
  unsigned width = intWidth(operands.front()->elementType(), op);
  for (unsigned k = 0; k < 2; ++k) {
    ElementType result = resultElement(interp, op, k);
    frame.bind(op.getResult(k),
               mapElements(op, operands, result, [&](llvm::ArrayRef<Bits> bits) {
                 auto pair = rule(asUnsigned(bits[0], width), asUnsigned(bits[1], width), width);
                 return ElementResult{k == 0 ? pair.first : pair.second, false};
               }));
  }
}

void evalAddUIExtended(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinaryTwoResults(interp, frame, op, [](uint64_t a, uint64_t b, unsigned w) {
    __int128 s = __int128(a) + __int128(b);
    return std::pair<Bits, Bits>{patternOf(s, w), s > unsignedMax(w) ? 1 : 0};
  });
}

void evalMulSIExtended(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinaryTwoResults(interp, frame, op, [](uint64_t a, uint64_t b, unsigned w) {
    __int128 p = __int128(asSigned(a, w)) * asSigned(b, w);
    // High half: arithmetic shift of the 2w-bit product (|p| < 2^126).
    return std::pair<Bits, Bits>{patternOf(p, w), patternOf(p >> w, w)};
  });
}

void evalMulUIExtended(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalIntBinaryTwoResults(interp, frame, op, [](uint64_t a, uint64_t b, unsigned w) {
    unsigned __int128 p = (unsigned __int128)a * b;
    return std::pair<Bits, Bits>{Bits(static_cast<uint64_t>(p) & lowMask(w)),
                                 Bits(static_cast<uint64_t>(p >> w) & lowMask(w))};
  });
}

/// arith.select: a poison condition gives poison; otherwise the selected
/// operand, poison or not (the other operand does not matter).
void evalSelect(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto operands = operandValues(frame, op);
  const RuntimeValue &cond = *operands[0];
  const RuntimeValue &t = *operands[1];
  const RuntimeValue &f = *operands[2];
  ElementType result = resultElement(interp, op);
  if (!cond.isTensor() && t.isTensor()) {
    // A scalar condition selects a whole tensor.
    if (t.shape() != f.shape())
      fail(op.getLoc(), "arith.select: operands have different runtime shapes (" +
                            shapeToString(t.shape()) + " vs " + shapeToString(f.shape()) + ")");
    RuntimeValue value = (cond.get(0) & 1) ? t : f;
    if (cond.isPoison(0))
      for (int64_t i = 0; i < value.size(); ++i)
        value.setPoison(i);
    frame.bind(op.getResult(0), std::move(value));
    return;
  }
  frame.bind(op.getResult(0),
             mapElementsPoisonAware(
                 op, operands, result,
                 [&](llvm::ArrayRef<Bits> bits, llvm::ArrayRef<bool> poison) {
                   if (poison[0])
                     return ElementResult{0, true};
                   unsigned chosen = (bits[0] & 1) ? 1 : 2;
                   return ElementResult{bits[chosen], poison[chosen]};
                 }));
}

} // namespace

void registerArithIntegerOps(llvm::StringMap<OpEvaluator> &table) {
  table["arith.addi"] = evalAddI;
  table["arith.subi"] = evalSubI;
  table["arith.muli"] = evalMulI;
  table["arith.divui"] = evalDivUI;
  table["arith.divsi"] = evalDivSI;
  table["arith.ceildivui"] = evalCeilDivUI;
  table["arith.ceildivsi"] = evalCeilDivSI;
  table["arith.floordivsi"] = evalFloorDivSI;
  table["arith.remui"] = evalRemUI;
  table["arith.remsi"] = evalRemSI;
  table["arith.andi"] = evalAndI;
  table["arith.ori"] = evalOrI;
  table["arith.xori"] = evalXOrI;
  table["arith.shli"] = evalShLI;
  table["arith.shrui"] = evalShRUI;
  table["arith.shrsi"] = evalShRSI;
  table["arith.maxsi"] = minMaxOp(hostarith::IntMinMax::MaxS, evalMaxSI);
  table["arith.minsi"] = minMaxOp(hostarith::IntMinMax::MinS, evalMinSI);
  table["arith.maxui"] = minMaxOp(hostarith::IntMinMax::MaxU, evalMaxUI);
  table["arith.minui"] = minMaxOp(hostarith::IntMinMax::MinU, evalMinUI);
  table["arith.cmpi"] = evalCmpI;
  table["arith.addui_extended"] = evalAddUIExtended;
  table["arith.mulsi_extended"] = evalMulSIExtended;
  table["arith.mului_extended"] = evalMulUIExtended;
  table["arith.select"] = evalSelect;
}

} // namespace qi::eval::arith_detail
