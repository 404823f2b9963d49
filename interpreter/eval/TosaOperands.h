//===- TosaOperands.h - Reading TOSA contraction and pooling ops -*- C++ -*-===//
//
// Spec: spec/tosa-contractions.md [contract.errors]. What the evaluators of
// TosaContractionOps.cpp and TosaPoolingOps.cpp share: our element type of
// an SSA value, the declared shape of a result, and running a kernel so that
// its KernelError becomes the op's error ("tosa.conv2d: <message>").
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TOSAOPERANDS_H
#define QI_EVAL_TOSAOPERANDS_H

#include "interpreter/eval/Interpreter.h"
#include "interpreter/eval/TosaKernelSupport.h"

#include "mlir/IR/BuiltinTypes.h"

#include <string>

namespace qi::eval::tosaops {

/// Our element type of `value` (or of a type attribute such as acc_type).
inline ElementType elementOf(Interpreter &interp, mlir::Type type, mlir::Operation &op) {
  return interp.valueType(mlir::getElementTypeOrSelf(type), op.getLoc()).element;
}

/// The declared shape of a result type: static sizes, -1 where dynamic.
inline tosakernel::DeclaredShape declaredShape(mlir::Type type) {
  auto shaped = llvm::dyn_cast<mlir::ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return tosakernel::DeclaredShape::unranked();
  std::vector<int64_t> dims;
  for (int64_t d : shaped.getShape())
    dims.push_back(mlir::ShapedType::isDynamic(d) ? tosakernel::DeclaredShape::kDynamic : d);
  return tosakernel::DeclaredShape::of(std::move(dims));
}

/// Runs `kernel` (returning the result value) for `op`, binds its one result
/// after checking it against the declared type; a KernelError is the op's
/// error, at the op.
template <typename Kernel>
void runKernel(Interpreter &interp, Frame &frame, mlir::Operation &op, Kernel kernel) {
  const std::string name = op.getName().getStringRef().str();
  RuntimeValue result;
  try {
    result = kernel();
  } catch (const tosakernel::KernelError &error) {
    fail(op.getLoc(), name + ": " + error.message);
  }
  interp.checkResult(result, op.getResult(0).getType(), op.getLoc(), name + " result");
  frame.bind(op.getResult(0), std::move(result));
}

/// An i64 array attribute as a vector.
inline std::vector<int64_t> toVector(llvm::ArrayRef<int64_t> values) {
  return std::vector<int64_t>(values.begin(), values.end());
}

} // namespace qi::eval::tosaops

#endif
