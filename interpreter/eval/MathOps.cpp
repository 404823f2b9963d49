//===- MathOps.cpp - math dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-ir.md [math.*].
//
//===----------------------------------------------------------------------===//
#include "eval/Interpreter.h"

namespace qi::eval {

void registerMathOps(llvm::StringMap<OpEvaluator> &table) {}

} // namespace qi::eval
