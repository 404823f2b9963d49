//===- TensorOps.cpp - tensor dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-ir.md [tensor.*].
//
//===----------------------------------------------------------------------===//
#include "eval/Interpreter.h"

namespace qi::eval {

void registerTensorOps(llvm::StringMap<OpEvaluator> &table) {}

} // namespace qi::eval
