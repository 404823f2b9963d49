//===- ArithOps.cpp - arith dialect evaluators ----------------------------===//
//
// Spec: [arith.constant]; spec/lowered-arith.md. arith.constant and the
// helpers shared by the arith / math files live here; the op families are in
// ArithIntegerOps.cpp, ArithFloatOps.cpp and ArithCastOps.cpp, all
// registered from registerArithOps.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/ArithCommon.h"

#include "interpreter/ir/AttributeConversion.h"

namespace qi::eval {

namespace arith_detail {

unsigned intWidth(const ElementType &type, mlir::Operation &op) {
  if (type.isIndex())
    return 64;
  if (type.isInteger() && type.intWidth >= 1 && type.intWidth <= 64)
    return type.intWidth;
  fail(op.getLoc(), op.getName().getStringRef().str() + ": expected integer or index elements, got " +
                        type.toString());
}

OverflowFlags overflowFlags(mlir::Operation &op) {
  OverflowFlags flags;
  if (auto attr = op.getAttrOfType<mlir::arith::IntegerOverflowFlagsAttr>("overflowFlags")) {
    auto value = attr.getValue();
    flags.nsw = mlir::arith::bitEnumContainsAll(value, mlir::arith::IntegerOverflowFlags::nsw);
    flags.nuw = mlir::arith::bitEnumContainsAll(value, mlir::arith::IntegerOverflowFlags::nuw);
  }
  return flags;
}

bool isExact(mlir::Operation &op) { return op.hasAttr("isExact"); }

void undefinedBehaviour(mlir::Operation &op, const std::string &what, bool isTensor,
                        int64_t index) {
  std::string message =
      op.getName().getStringRef().str() + ": undefined behaviour: " + what;
  if (isTensor)
    message += " (element " + std::to_string(index) + ")";
  fail(op.getLoc(), message);
}

const numeric::FloatFormat &floatFormatOf(const ElementType &type, mlir::Operation &op) {
  if (!type.isFloat() || !type.floatFormat)
    fail(op.getLoc(), op.getName().getStringRef().str() + ": expected float elements, got " +
                          type.toString());
  return *type.floatFormat;
}

FastMath fastMathFlags(mlir::Operation &op) {
  FastMath fm;
  if (auto attr = op.getAttrOfType<mlir::arith::FastMathFlagsAttr>("fastmath")) {
    auto value = attr.getValue();
    fm.nnan = mlir::arith::bitEnumContainsAll(value, mlir::arith::FastMathFlags::nnan);
    fm.ninf = mlir::arith::bitEnumContainsAll(value, mlir::arith::FastMathFlags::ninf);
  }
  return fm;
}

numeric::RoundingMode roundingModeOf(mlir::Operation &op) {
  auto attr = op.getAttrOfType<mlir::arith::RoundingModeAttr>("roundingmode");
  if (!attr)
    return numeric::RoundingMode::NearestEven;
  switch (attr.getValue()) {
  case mlir::arith::RoundingMode::to_nearest_even:
    return numeric::RoundingMode::NearestEven;
  case mlir::arith::RoundingMode::downward:
    return numeric::RoundingMode::TowardNegative;
  case mlir::arith::RoundingMode::upward:
    return numeric::RoundingMode::TowardPositive;
  case mlir::arith::RoundingMode::toward_zero:
    return numeric::RoundingMode::TowardZero;
  case mlir::arith::RoundingMode::to_nearest_away:
    return numeric::RoundingMode::NearestAway;
  }
  fail(op.getLoc(), op.getName().getStringRef().str() + ": unknown rounding mode");
}

llvm::SmallVector<const RuntimeValue *, 4> operandValues(Frame &frame, mlir::Operation &op) {
  llvm::SmallVector<const RuntimeValue *, 4> operands;
  for (mlir::Value operand : op.getOperands())
    operands.push_back(&frame.lookup(operand));
  return operands;
}

ElementType resultElement(Interpreter &interp, mlir::Operation &op, unsigned i) {
  return interp.valueType(op.getResult(i).getType(), op.getLoc()).element;
}

void evalFloatElementwise(Interpreter &interp, Frame &frame, mlir::Operation &op,
                          llvm::function_ref<ElementResult(const numeric::FloatFormat &,
                                                           llvm::ArrayRef<numeric::Bits>)>
                              rule) {
  auto operands = operandValues(frame, op);
  const numeric::FloatFormat &format = floatFormatOf(operands.front()->elementType(), op);
  ElementType result = resultElement(interp, op);
  const numeric::FloatFormat &resultFormat = floatFormatOf(result, op);
  FastMath fm = fastMathFlags(op);
  frame.bind(op.getResult(0),
             mapElements(op, operands, result, [&](llvm::ArrayRef<numeric::Bits> bits) {
               for (numeric::Bits b : bits)
                 if (violates(fm, format, b))
                   return ElementResult{0, true};
               ElementResult r = rule(format, bits);
               if (!r.poison && violates(fm, resultFormat, r.bits))
                 return ElementResult{0, true};
               return r;
             }));
}

} // namespace arith_detail

namespace {

void evalConstant(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto constant = llvm::cast<mlir::arith::ConstantOp>(op);
  ir::ValueType type = interp.valueType(constant.getType(), op.getLoc());
  std::string error;
  std::optional<RuntimeValue> value =
      ir::valueFromAttribute(constant.getValue(), type.element, error);
  if (!value)
    fail(op.getLoc(), "arith.constant: " + error);
  frame.bind(constant.getResult(), std::move(*value));
}

} // namespace

void registerArithOps(llvm::StringMap<OpEvaluator> &table) {
  table["arith.constant"] = evalConstant;
  arith_detail::registerArithIntegerOps(table);
  arith_detail::registerArithFloatOps(table);
  arith_detail::registerArithCastOps(table);
}

} // namespace qi::eval
