//===- ArgumentParser.cpp - --arg text -> checked runtime values ----------===//
#include "interpreter/ir/ArgumentParser.h"

#include "interpreter/ir/AttributeConversion.h"
#include "interpreter/ir/Diagnostics.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace qi::ir {

std::optional<RuntimeValue> parseArgument(llvm::StringRef text, unsigned index,
                                          mlir::Type parameterType,
                                          TypeConverter &converter,
                                          mlir::MLIRContext &context,
                                          std::string &error) {
  const std::string which = "argument #" + std::to_string(index + 1);
  std::string typeError;
  std::optional<ValueType> parameter = converter.convertValueType(parameterType, typeError);
  if (!parameter) {
    error = which + ": parameter type is not supported: " + typeError;
    return std::nullopt;
  }
  if (parameter->element.isQuantized() &&
      parameter->element.quant->kind == quant::QuantType::Kind::Calibrated) {
    error = which + ": parameter type " + parameter->spelling +
            " has no storage type, so no value can be passed for it (choose one with "
            "--calibration=RECIPE)";
    return std::nullopt;
  }
  mlir::Attribute attr;
  size_t consumed = 0;
  {
    CapturedDiagnostic captured(context);
    attr = mlir::parseAttribute(text, &context, mlir::Type(), &consumed);
    if (!attr) {
      error = which + ": cannot parse '" + text.str() + "' as an MLIR attribute: " +
              captured.message();
      return std::nullopt;
    }
  }
  // `true : i1` / `false : i1`: MLIR's boolean literals carry no type suffix.
  llvm::StringRef rest = text.drop_front(consumed).trim();
  if (llvm::isa<mlir::BoolAttr>(attr) && rest.consume_front(":") && rest.trim() == "i1")
    consumed = text.size();
  if (!text.drop_front(consumed).trim().empty()) {
    error = which + ": unexpected text after the attribute: '" +
            text.drop_front(consumed).trim().str() + "'";
    return std::nullopt;
  }
  std::string valueError;
  std::optional<RuntimeValue> value;
  try {
    value = valueFromAttribute(attr, parameter->element, valueError);
  } catch (const TensorTooLarge &e) {
    valueError = e.message;
  }
  if (!value) {
    error = which + " (parameter type " + parameter->spelling + "): " + valueError;
    return std::nullopt;
  }
  if (!parameter->accepts(value->isTensor(), value->shape())) {
    // The literal's own type, whole: a truncated one hides where it differs.
    std::string got = "a scalar";
    if (value->isTensor()) {
      auto typed = llvm::dyn_cast<mlir::TypedAttr>(attr);
      got = typed ? typeToString(typed.getType())
                  : "tensor<" +
                        (value->shape().empty() ? std::string()
                                                : shapeToString(value->shape()) + "x") +
                        value->elementType().toString() + ">";
    }
    error = which + ": expected a value of type " + parameter->spelling + ", got " + got +
            " from '" + text.str() + "'";
    return std::nullopt;
  }
  return value;
}

} // namespace qi::ir
