//===- AttributeConversion.h - Literal attributes -> runtime values -*- C++ -*-===//
//
// Spec: [cli.arguments], [arith.constant]. Reads the bit patterns MLIR's
// parser produced; computes nothing.
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_ATTRIBUTECONVERSION_H
#define QI_IR_ATTRIBUTECONVERSION_H

#include "interpreter/ir/TypeConversion.h"
#include "interpreter/value/RuntimeValue.h"

#include "mlir/IR/Attributes.h"

namespace qi::ir {

/// The value of a dense elements, float or integer attribute, its elements
/// read as `element` (same float format; for integer / index / quantized
/// elements any integer attribute of the same width). nullopt with `error`
/// set when the attribute kind or element type does not fit.
std::optional<RuntimeValue> valueFromAttribute(mlir::Attribute attr,
                                               const ElementType &element,
                                               std::string &error);

} // namespace qi::ir

#endif
