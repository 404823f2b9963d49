//===- TosaPoolingOps.cpp - tosa.avg_pool2d and tosa.max_pool2d -----------===//
//
// Spec: spec/tosa-contractions.md [tosa.avg-pool2d], [tosa.max-pool2d]. Reads
// the ops' operands and attributes; the pseudo-code is TosaPooling.cpp's.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaOperands.h"
#include "interpreter/eval/TosaPooling.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

namespace qi::eval {

namespace {

using namespace tosakernel;
using tosaops::declaredShape;
using tosaops::elementOf;
using tosaops::runKernel;
using tosaops::toVector;

/// [tosa.avg-pool2d]
void evalAvgPool2d(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto pool = llvm::cast<mlir::tosa::AvgPool2dOp>(op);
  const ElementType inOut = elementOf(interp, pool.getInput().getType(), op);
  const ElementType acc = elementOf(interp, pool.getAccType(), op);
  PoolAttributes a{toVector(pool.getKernel()), toVector(pool.getStride()),
                   toVector(pool.getPad())};
  runKernel(interp, frame, op, [&] {
    return avgPool2d(inOut, acc, frame.lookup(pool.getInput()), frame.lookup(pool.getInputZp()),
                     frame.lookup(pool.getOutputZp()), a,
                     declaredShape(pool.getOutput().getType()));
  });
}

/// [tosa.max-pool2d]
void evalMaxPool2d(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto pool = llvm::cast<mlir::tosa::MaxPool2dOp>(op);
  const ElementType inOut = elementOf(interp, pool.getInput().getType(), op);
  PoolAttributes a{toVector(pool.getKernel()), toVector(pool.getStride()),
                   toVector(pool.getPad())};
  const NanMode nanMode = pool.getNanMode() == mlir::tosa::NanPropagationMode::IGNORE
                              ? NanMode::Ignore
                              : NanMode::Propagate;
  runKernel(interp, frame, op, [&] {
    return maxPool2d(inOut, frame.lookup(pool.getInput()), a, nanMode,
                     declaredShape(pool.getOutput().getType()));
  });
}

} // namespace

void registerTosaPoolingOps(llvm::StringMap<OpEvaluator> &table) {
  table["tosa.avg_pool2d"] = evalAvgPool2d;
  table["tosa.max_pool2d"] = evalMaxPool2d;
}

} // namespace qi::eval
