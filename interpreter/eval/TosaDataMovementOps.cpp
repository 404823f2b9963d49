//===- TosaDataMovementOps.cpp - tosa.const_shape, reshape, transpose, pad, concat, slice ===//
//
// Spec: spec/tosa-elementwise.md [tosa.const-shape], [tosa.reshape],
// [tosa.transpose], [tosa.pad], [tosa.concat], [tosa.slice]. Reads the ops'
// operands and attributes; the pseudo-code is TosaDataMovement.cpp's. A
// !tosa.shape value is bound as shapeValue's rank-1 index tensor; it is not
// one of [value.element]'s value types, so it is never checked against its
// MLIR type as a tensor result is.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaDataMovement.h"
#include "interpreter/eval/TosaOperands.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

namespace qi::eval {

namespace {

using namespace tosakernel;
using tosaops::declaredShape;
using tosaops::elementOf;
using tosaops::runKernel;

/// [tosa.const-shape] The `values` attribute (index elements) as a shape_t value.
void evalConstShape(Interpreter &, Frame &frame, mlir::Operation &op) {
  auto constant = llvm::cast<mlir::tosa::ConstShapeOp>(op);
  std::vector<int64_t> values;
  for (const llvm::APInt &value : constant.getValuesAttr().getValues<llvm::APInt>())
    values.push_back(value.getSExtValue());
  auto type = llvm::dyn_cast<mlir::tosa::shapeType>(constant.getOutput().getType());
  if (!type || type.getRank() != static_cast<int>(values.size()))
    fail(op.getLoc(), "tosa.const_shape: values has " + std::to_string(values.size()) +
                          " elements, not the rank of the result type");
  frame.bind(constant.getOutput(), shapeValue(values));
}

/// [tosa.reshape]
void evalReshape(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto reshape = llvm::cast<mlir::tosa::ReshapeOp>(op);
  const ElementType inOut = elementOf(interp, reshape.getInput1().getType(), op);
  runKernel(interp, frame, op, [&] {
    return tosakernel::reshape(inOut, frame.lookup(reshape.getInput1()),
                               frame.lookup(reshape.getShape()),
                               declaredShape(reshape.getOutput().getType()));
  });
}

/// [tosa.transpose]
void evalTranspose(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto transpose = llvm::cast<mlir::tosa::TransposeOp>(op);
  const ElementType inOut = elementOf(interp, transpose.getInput1().getType(), op);
  std::vector<int64_t> perms;
  for (int32_t p : transpose.getPerms())
    perms.push_back(p);
  runKernel(interp, frame, op, [&] {
    return tosakernel::transpose(inOut, frame.lookup(transpose.getInput1()), perms,
                                 declaredShape(transpose.getOutput().getType()));
  });
}

/// [tosa.pad]
void evalPad(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto pad = llvm::cast<mlir::tosa::PadOp>(op);
  const ElementType inOut = elementOf(interp, pad.getInput1().getType(), op);
  runKernel(interp, frame, op, [&] {
    return tosakernel::pad(inOut, frame.lookup(pad.getInput1()), frame.lookup(pad.getPadding()),
                           frame.lookup(pad.getPadConst()),
                           declaredShape(pad.getOutput().getType()));
  });
}

/// [tosa.concat]
void evalConcat(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto concat = llvm::cast<mlir::tosa::ConcatOp>(op);
  const ElementType inOut = elementOf(interp, concat.getOutput().getType(), op);
  // axis is an i32 attribute: read signed (getAxis() zero-extends).
  const int64_t axis = concat.getAxisAttr().getValue().getSExtValue();
  runKernel(interp, frame, op, [&] {
    std::vector<const RuntimeValue *> inputs;
    for (mlir::Value input : concat.getInput1())
      inputs.push_back(&frame.lookup(input));
    return tosakernel::concat(inOut, inputs, axis, declaredShape(concat.getOutput().getType()));
  });
}

/// [tosa.slice]
void evalSlice(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto slice = llvm::cast<mlir::tosa::SliceOp>(op);
  const ElementType inOut = elementOf(interp, slice.getInput1().getType(), op);
  runKernel(interp, frame, op, [&] {
    return tosakernel::slice(inOut, frame.lookup(slice.getInput1()), frame.lookup(slice.getStart()),
                             frame.lookup(slice.getSize()),
                             declaredShape(slice.getOutput().getType()));
  });
}

} // namespace

void registerTosaDataMovementOps(llvm::StringMap<OpEvaluator> &table) {
  table["tosa.const_shape"] = evalConstShape;
  table["tosa.reshape"] = evalReshape;
  table["tosa.transpose"] = evalTranspose;
  table["tosa.pad"] = evalPad;
  table["tosa.concat"] = evalConcat;
  table["tosa.slice"] = evalSlice;
}

} // namespace qi::eval
