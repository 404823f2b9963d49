//===- FuncOps.cpp - func.call (func.return ends a block) -----------------===//
//
// Spec: [func.call].
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Interpreter.h"

namespace qi::eval {

namespace {

void evalCall(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto call = llvm::cast<mlir::func::CallOp>(op);
  auto callee = interp.module().lookupSymbol<mlir::func::FuncOp>(call.getCallee());
  if (!callee)
    fail(op.getLoc(), "func.call: no function named '" + call.getCallee().str() + "'");
  std::vector<RuntimeValue> arguments;
  for (auto [i, operand] : llvm::enumerate(call.getOperands())) {
    arguments.push_back(frame.lookup(operand));
    interp.checkResult(arguments.back(), callee.getArgumentTypes()[i], op.getLoc(),
                       "func.call: argument #" + std::to_string(i + 1));
  }
  std::vector<RuntimeValue> results = interp.call(callee, std::move(arguments));
  for (auto [i, result] : llvm::enumerate(call.getResults())) {
    interp.checkResult(results[i], result.getType(), op.getLoc(),
                       "func.call: result #" + std::to_string(i + 1));
    frame.bind(result, std::move(results[i]));
  }
}

} // namespace

void registerFuncOps(llvm::StringMap<OpEvaluator> &table) { table["func.call"] = evalCall; }

} // namespace qi::eval
