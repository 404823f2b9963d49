//===- ArgumentParser.h - --arg text -> checked runtime values --*- C++ -*-===//
//
// Spec: [cli.arguments].
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_ARGUMENTPARSER_H
#define QI_IR_ARGUMENTPARSER_H

#include "interpreter/ir/TypeConversion.h"
#include "interpreter/value/RuntimeValue.h"

#include "mlir/IR/MLIRContext.h"

namespace qi::ir {

/// Parses argument number `index` (0-based) given as MLIR attribute text and
/// checks it against the parameter type: same float type, integers of the
/// parameter's (storage) width, scalar for scalar parameters, a shape that
/// fits ranked parameters' static sizes. nullopt with `error` naming the
/// argument, the expected and the actual type otherwise.
std::optional<RuntimeValue> parseArgument(llvm::StringRef text, unsigned index,
                                          mlir::Type parameterType,
                                          TypeConverter &converter,
                                          mlir::MLIRContext &context,
                                          std::string &error);

} // namespace qi::ir

#endif
