//===- ArithOps.cpp - arith dialect evaluators ----------------------------===//
//
// Spec: [arith.constant].
//
//===----------------------------------------------------------------------===//
#include "eval/Interpreter.h"

#include "ir/AttributeConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace qi::eval {

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
}

} // namespace qi::eval
