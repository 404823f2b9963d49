//===- TosaElementwiseOps.cpp - tosa.add, sub, mul, clamp, negate ---------===//
//
// Spec: spec/tosa-elementwise.md [tosa.add], [tosa.sub], [tosa.mul],
// [tosa.clamp], [tosa.negate]. Reads the ops' operands and attributes; the
// pseudo-code is TosaElementwise.cpp's.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaElementwise.h"
#include "interpreter/eval/TosaOperands.h"

#include "interpreter/ir/TypeConversion.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

namespace qi::eval {

namespace {

using namespace tosakernel;
using tosaops::declaredShape;
using tosaops::elementOf;
using tosaops::runKernel;

/// [tosa.add] [tosa.sub]
template <typename OpT>
void evalAddSub(Interpreter &interp, Frame &frame, mlir::Operation &op, bool isAdd) {
  auto binary = llvm::cast<OpT>(op);
  const ElementType inOut = elementOf(interp, binary.getInput1().getType(), op);
  runKernel(interp, frame, op, [&] {
    const RuntimeValue &input1 = frame.lookup(binary.getInput1());
    const RuntimeValue &input2 = frame.lookup(binary.getInput2());
    const DeclaredShape output = declaredShape(binary.getOutput().getType());
    return isAdd ? tosakernel::add(inOut, input1, input2, output)
                 : tosakernel::sub(inOut, input1, input2, output);
  });
}

void evalAdd(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalAddSub<mlir::tosa::AddOp>(interp, frame, op, true);
}

void evalSub(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  evalAddSub<mlir::tosa::SubOp>(interp, frame, op, false);
}

/// [tosa.mul]
void evalMul(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto mul = llvm::cast<mlir::tosa::MulOp>(op);
  const ElementType in = elementOf(interp, mul.getInput1().getType(), op);
  const ElementType out = elementOf(interp, mul.getOutput().getType(), op);
  runKernel(interp, frame, op, [&] {
    return tosakernel::mul(in, out, frame.lookup(mul.getInput1()), frame.lookup(mul.getInput2()),
                           frame.lookup(mul.getShift()), declaredShape(mul.getOutput().getType()));
  });
}

/// min_val / max_val as an in_out_t pattern: an integer attribute of the
/// input's integer type, a float attribute of its float type (MLIR's
/// verifier checks that they match).
numeric::Bits clampBound(mlir::Attribute attribute, const char *name, const ElementType &inOut,
                         mlir::Operation &op) {
  if (auto integer = llvm::dyn_cast<mlir::IntegerAttr>(attribute);
      integer && inOut.isInteger() && integer.getValue().getBitWidth() == inOut.intWidth)
    return static_cast<numeric::Bits>(integer.getValue().getZExtValue());
  if (auto real = llvm::dyn_cast<mlir::FloatAttr>(attribute);
      real && inOut.isFloat() && real.getType() == mlir::getElementTypeOrSelf(
                                                       op.getOperand(0).getType()))
    return static_cast<numeric::Bits>(real.getValue().bitcastToAPInt().getZExtValue());
  fail(op.getLoc(), "tosa.clamp: " + std::string(name) + " must be an attribute of in_out_t = " +
                        inOut.toString());
}

/// [tosa.clamp]
void evalClamp(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto clamp = llvm::cast<mlir::tosa::ClampOp>(op);
  const ElementType inOut = elementOf(interp, clamp.getInput().getType(), op);
  ClampAttributes a;
  // Read after the type check so that an unsupported type gets CLAMP's
  // ERROR_IF, not an attribute message.
  runKernel(interp, frame, op, [&] {
    checkTypes(clampTypes(), {inOut});
    a.minVal = clampBound(clamp.getMinValAttr(), "min_val", inOut, op);
    a.maxVal = clampBound(clamp.getMaxValAttr(), "max_val", inOut, op);
    a.nanMode = clamp.getNanMode() == mlir::tosa::NanPropagationMode::IGNORE ? NanMode::Ignore
                                                                             : NanMode::Propagate;
    return tosakernel::clamp(inOut, frame.lookup(clamp.getInput()), a,
                             declaredShape(clamp.getOutput().getType()));
  });
}

/// [tosa.negate]
void evalNegate(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto negate = llvm::cast<mlir::tosa::NegateOp>(op);
  const ElementType inOut = elementOf(interp, negate.getInput1().getType(), op);
  runKernel(interp, frame, op, [&] {
    return tosakernel::negate(inOut, frame.lookup(negate.getInput1()),
                              frame.lookup(negate.getInput1Zp()),
                              frame.lookup(negate.getOutputZp()),
                              declaredShape(negate.getOutput().getType()));
  });
}

} // namespace

void registerTosaElementwiseOps(llvm::StringMap<OpEvaluator> &table) {
  table["tosa.add"] = evalAdd;
  table["tosa.sub"] = evalSub;
  table["tosa.mul"] = evalMul;
  table["tosa.clamp"] = evalClamp;
  table["tosa.negate"] = evalNegate;
}

} // namespace qi::eval
