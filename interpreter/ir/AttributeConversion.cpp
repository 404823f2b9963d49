//===- AttributeConversion.cpp - Literal attributes -> runtime values -----===//
#include "interpreter/ir/AttributeConversion.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace qi::ir {

namespace {

/// Whether literal elements of MLIR type `literal` can be read as `element`.
bool literalFits(mlir::Type literal, const ElementType &element, std::string &error) {
  if (element.isFloat()) {
    if (llvm::isa<mlir::FloatType>(literal) &&
        typeToString(literal) == element.floatFormat->name)
      return true;
  } else if (element.isIndex()) {
    if (llvm::isa<mlir::IndexType>(literal))
      return true;
  } else if (auto intType = llvm::dyn_cast<mlir::IntegerType>(literal)) {
    if (intType.getWidth() == element.bitWidth())
      return true;
  }
  std::string expected = element.isQuantized()
                             ? "an integer type of width " +
                                   std::to_string(element.bitWidth()) +
                                   " (the storage of " + element.toString() + ")"
                             : element.toString();
  error = "element type " + typeToString(literal) + " does not match: expected " + expected;
  return false;
}

numeric::Bits maskTo(numeric::Bits bits, unsigned width) {
  return width >= 128 ? bits : bits & ((numeric::Bits(1) << width) - 1);
}

} // namespace

std::optional<RuntimeValue> valueFromAttribute(mlir::Attribute attr,
                                               const ElementType &element,
                                               std::string &error) {
  const unsigned width = element.bitWidth();
  if (auto dense = llvm::dyn_cast<mlir::DenseIntOrFPElementsAttr>(attr)) {
    auto type = llvm::cast<mlir::ShapedType>(dense.getType());
    if (!literalFits(type.getElementType(), element, error))
      return std::nullopt;
    RuntimeValue value =
        RuntimeValue::tensor(element, Shape(type.getShape().begin(), type.getShape().end()));
    int64_t i = 0;
    if (element.isFloat()) {
      for (const llvm::APFloat &f : dense.getValues<llvm::APFloat>())
        value.set(i++, bitsOf(f.bitcastToAPInt()));
    } else {
      for (const llvm::APInt &n : dense.getValues<llvm::APInt>())
        value.set(i++, maskTo(bitsOf(n), width));
    }
    return value;
  }
  if (auto f = llvm::dyn_cast<mlir::FloatAttr>(attr)) {
    if (!literalFits(f.getType(), element, error))
      return std::nullopt;
    RuntimeValue value = RuntimeValue::scalar(element);
    value.set(0, bitsOf(f.getValue().bitcastToAPInt()));
    return value;
  }
  if (auto n = llvm::dyn_cast<mlir::IntegerAttr>(attr)) {
    if (!literalFits(n.getType(), element, error))
      return std::nullopt;
    RuntimeValue value = RuntimeValue::scalar(element);
    value.set(0, maskTo(bitsOf(n.getValue()), width));
    return value;
  }
  if (llvm::isa<mlir::ElementsAttr>(attr))
    error = "unsupported elements attribute (use dense<...>): only inline dense "
            "literals are supported";
  else
    error = "expected a dense<...>, float or integer literal";
  return std::nullopt;
}

} // namespace qi::ir
