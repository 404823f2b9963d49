//===- QuantOps.cpp - quant.qcast, quant.dcast, quant.scast ---------------===//
//
// Spec: [qcast.steps], [dcast.steps], [qscast.semantics],
// [axis.integrity.dynamic], [subchannel.integrity.dynamic],
// [qtype.non-executable], [fast.dispatch].
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Interpreter.h"

#include "interpreter/quant/ParameterMap.h"
#include "interpreter/fast/Dispatch.h"

#include "mlir/Dialect/Quant/IR/Quant.h"

namespace qi::eval {

namespace {

/// The uniform quantized type of `type`'s elements, or an error naming why it
/// cannot be evaluated.
const quant::QuantType &executableQuantType(const ir::ValueType &type, mlir::Operation &op) {
  const quant::QuantType &q = *type.element.quant;
  // [cli.calibration] A calibrated type gets them from --calibration=RECIPE.
  if (q.kind != quant::QuantType::Kind::Uniform)
    fail(op.getLoc(), op.getName().getStringRef().str() + ": cannot evaluate on " +
                          q.spelling + ": the type has no scale or zero point" +
                          (q.kind == quant::QuantType::Kind::Calibrated
                               ? " (choose them with --calibration=RECIPE)"
                               : ""));
  return q;
}

quant::ParameterMap parameterMap(const quant::QuantType &type, const RuntimeValue &value,
                                 mlir::Operation &op) {
  std::string error;
  std::optional<quant::ParameterMap> map =
      quant::ParameterMap::build(type, value.shape(), value.isTensor(), error);
  if (!map)
    fail(op.getLoc(), op.getName().getStringRef().str() + ": " + error + " (type " +
                          type.spelling + ")");
  return *map;
}

RuntimeValue resultLike(const RuntimeValue &input, ElementType element) {
  return input.isTensor() ? RuntimeValue::tensor(std::move(element), input.shape())
                          : RuntimeValue::scalar(std::move(element));
}

void evalQcast(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto qcast = llvm::cast<mlir::quant::QuantizeCastOp>(op);
  const RuntimeValue &input = frame.lookup(qcast.getInput());
  ir::ValueType resultType = interp.valueType(qcast.getType(), op.getLoc());
  const quant::QuantType &type = executableQuantType(resultType, op);
  quant::ParameterMap map = parameterMap(type, input, op);
  RuntimeValue result = resultLike(input, resultType.element);
  // The dispatcher picks a path proven identical to the reference kernel.
  // [fast.dispatch]
  fast::quantizeTensor(type, interp.semantics(), map, input, result);
  frame.bind(qcast.getResult(), std::move(result));
}

void evalDcast(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto dcast = llvm::cast<mlir::quant::DequantizeCastOp>(op);
  const RuntimeValue &input = frame.lookup(dcast.getInput());
  ir::ValueType inputType = interp.valueType(dcast.getInput().getType(), op.getLoc());
  const quant::QuantType &type = executableQuantType(inputType, op);
  quant::ParameterMap map = parameterMap(type, input, op);
  RuntimeValue result = resultLike(input, ElementType::makeFloat(*type.expressed));
  fast::dequantizeTensor(type, interp.semantics(), map, input, result);
  frame.bind(dcast.getResult(), std::move(result));
}

void evalScast(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto scast = llvm::cast<mlir::quant::StorageCastOp>(op);
  const RuntimeValue &input = frame.lookup(scast.getInput());
  ir::ValueType resultType = interp.valueType(scast.getType(), op.getLoc());
  if (resultType.element.isQuantized()) {
    // The integrity of per-axis / sub-channel types is checked on the
    // runtime shape here too, as MLIR only checks static shapes.
    const quant::QuantType &type = *resultType.element.quant;
    if (type.kind == quant::QuantType::Kind::Uniform)
      parameterMap(type, input, op);
  } else {
    ir::ValueType inputType = interp.valueType(scast.getInput().getType(), op.getLoc());
    const quant::QuantType &type = *inputType.element.quant;
    if (type.kind == quant::QuantType::Kind::Uniform)
      parameterMap(type, input, op);
  }
  if (resultType.element.bitWidth() != input.elementType().bitWidth())
    fail(op.getLoc(), "quant.scast: storage width " +
                          std::to_string(input.elementType().bitWidth()) + " != " +
                          std::to_string(resultType.element.bitWidth()));
  frame.bind(scast.getResult(), input.withElementType(resultType.element));
}

} // namespace

void registerQuantOps(llvm::StringMap<OpEvaluator> &table) {
  table["quant.qcast"] = evalQcast;
  table["quant.dcast"] = evalDcast;
  table["quant.scast"] = evalScast;
}

} // namespace qi::eval
