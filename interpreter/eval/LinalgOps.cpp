//===- LinalgOps.cpp - linalg dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-ir.md [linalg.*].
//
//===----------------------------------------------------------------------===//
#include "eval/Interpreter.h"

namespace qi::eval {

void registerLinalgOps(llvm::StringMap<OpEvaluator> &table) {}

} // namespace qi::eval
