//===- Elementwise.cpp - Apply a scalar rule to every element -------------===//
#include "interpreter/eval/Elementwise.h"

namespace qi::eval {

namespace {

/// Checks the operands agree in kind and shape; returns the first one.
const RuntimeValue &commonShape(mlir::Operation &op,
                                llvm::ArrayRef<const RuntimeValue *> operands) {
  const RuntimeValue &first = *operands.front();
  for (const RuntimeValue *operand : operands.drop_front())
    if (operand->isTensor() != first.isTensor() || operand->shape() != first.shape())
      fail(op.getLoc(), op.getName().getStringRef().str() +
                            ": operands have different runtime shapes (" +
                            shapeToString(first.shape()) + " vs " +
                            shapeToString(operand->shape()) + ")");
  return first;
}

} // namespace

RuntimeValue mapElementsPoisonAware(mlir::Operation &op,
                                    llvm::ArrayRef<const RuntimeValue *> operands,
                                    const ElementType &resultElement, PoisonAwareRule rule) {
  const RuntimeValue &shape = commonShape(op, operands);
  RuntimeValue result = shape.isTensor() ? RuntimeValue::tensor(resultElement, shape.shape())
                                         : RuntimeValue::scalar(resultElement);
  llvm::SmallVector<numeric::Bits, 4> bits(operands.size());
  llvm::SmallVector<bool, 4> poison(operands.size());
  for (int64_t i = 0; i < shape.size(); ++i) {
    for (size_t k = 0; k < operands.size(); ++k) {
      bits[k] = operands[k]->get(i);
      poison[k] = operands[k]->isPoison(i);
    }
    ElementResult r = rule(bits, poison);
    result.set(i, r.bits);
    if (r.poison)
      result.setPoison(i);
  }
  return result;
}

RuntimeValue mapElements(mlir::Operation &op, llvm::ArrayRef<const RuntimeValue *> operands,
                         const ElementType &resultElement, ElementRule rule) {
  return mapElementsPoisonAware(
      op, operands, resultElement,
      [&](llvm::ArrayRef<numeric::Bits> bits, llvm::ArrayRef<bool> poison) {
        for (bool p : poison)
          if (p)
            return ElementResult{0, true};
        return rule(bits);
      });
}

void evalElementwise(Interpreter &interp, Frame &frame, mlir::Operation &op, ElementRule rule) {
  llvm::SmallVector<const RuntimeValue *, 4> operands;
  for (mlir::Value operand : op.getOperands())
    operands.push_back(&frame.lookup(operand));
  ir::ValueType type = interp.valueType(op.getResult(0).getType(), op.getLoc());
  frame.bind(op.getResult(0), mapElements(op, operands, type.element, rule));
}

} // namespace qi::eval
