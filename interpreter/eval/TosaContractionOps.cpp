//===- TosaContractionOps.cpp - tosa.matmul and the convolutions ----------===//
//
// Spec: spec/tosa-contractions.md [tosa.matmul], [tosa.conv2d],
// [tosa.depthwise-conv2d], [tosa.transpose-conv2d]. Reads the ops' operands
// and attributes; the pseudo-code is TosaContraction.cpp's.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaContraction.h"
#include "interpreter/eval/TosaOperands.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

namespace qi::eval {

namespace {

using namespace tosakernel;
using tosaops::declaredShape;
using tosaops::elementOf;
using tosaops::runKernel;
using tosaops::toVector;

/// [tosa.matmul]
void evalMatmul(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto matmul = llvm::cast<mlir::tosa::MatMulOp>(op);
  ContractionTypes types;
  types.in = elementOf(interp, matmul.getA().getType(), op);
  types.weight = elementOf(interp, matmul.getB().getType(), op);
  types.out = types.acc = elementOf(interp, matmul.getOutput().getType(), op);
  runKernel(interp, frame, op, [&] {
    return tosakernel::matmul(types, frame.lookup(matmul.getA()), frame.lookup(matmul.getB()),
                              frame.lookup(matmul.getAZp()), frame.lookup(matmul.getBZp()),
                              declaredShape(matmul.getOutput().getType()));
  });
}

/// The operands and attributes CONV2D, DEPTHWISE_CONV2D and TRANSPOSE_CONV2D
/// share, and the kernel to run.
template <typename ConvOp, typename Kernel>
void evalConv(Interpreter &interp, Frame &frame, mlir::Operation &op, ConvAttributes attributes,
              Kernel kernel) {
  auto conv = llvm::cast<ConvOp>(op);
  ContractionTypes types;
  types.in = elementOf(interp, conv.getInput().getType(), op);
  types.weight = elementOf(interp, conv.getWeight().getType(), op);
  types.out = elementOf(interp, conv.getOutput().getType(), op);
  types.acc = elementOf(interp, conv.getAccType(), op);
  runKernel(interp, frame, op, [&] {
    return kernel(types, frame.lookup(conv.getInput()), frame.lookup(conv.getWeight()),
                  frame.lookup(conv.getBias()), frame.lookup(conv.getInputZp()),
                  frame.lookup(conv.getWeightZp()), attributes,
                  declaredShape(conv.getOutput().getType()));
  });
}

/// [tosa.conv2d]
void evalConv2d(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto conv = llvm::cast<mlir::tosa::Conv2DOp>(op);
  ConvAttributes a{toVector(conv.getPad()), toVector(conv.getStride()),
                   toVector(conv.getDilation())};
  evalConv<mlir::tosa::Conv2DOp>(interp, frame, op, a, tosakernel::conv2d);
}

/// [tosa.depthwise-conv2d]
void evalDepthwiseConv2d(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto conv = llvm::cast<mlir::tosa::DepthwiseConv2DOp>(op);
  ConvAttributes a{toVector(conv.getPad()), toVector(conv.getStride()),
                   toVector(conv.getDilation())};
  evalConv<mlir::tosa::DepthwiseConv2DOp>(interp, frame, op, a, tosakernel::depthwiseConv2d);
}

/// [tosa.transpose-conv2d]
void evalTransposeConv2d(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto conv = llvm::cast<mlir::tosa::TransposeConv2DOp>(op);
  ConvAttributes a{toVector(conv.getOutPad()), toVector(conv.getStride()), {1, 1}};
  evalConv<mlir::tosa::TransposeConv2DOp>(interp, frame, op, a, tosakernel::transposeConv2d);
}

} // namespace

void registerTosaContractionOps(llvm::StringMap<OpEvaluator> &table) {
  table["tosa.matmul"] = evalMatmul;
  table["tosa.conv2d"] = evalConv2d;
  table["tosa.depthwise_conv2d"] = evalDepthwiseConv2d;
  table["tosa.transpose_conv2d"] = evalTransposeConv2d;
}

} // namespace qi::eval
