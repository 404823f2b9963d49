//===- ShapeOps.cpp - shape dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-ir.md [shape.*].
//
//===----------------------------------------------------------------------===//
#include "eval/Interpreter.h"

namespace qi::eval {

void registerShapeOps(llvm::StringMap<OpEvaluator> &table) {}

} // namespace qi::eval
