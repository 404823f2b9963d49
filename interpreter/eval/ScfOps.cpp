//===- ScfOps.cpp - scf dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-ir.md [scf.*].
//
//===----------------------------------------------------------------------===//
#include "eval/Interpreter.h"

namespace qi::eval {

void registerScfOps(llvm::StringMap<OpEvaluator> &table) {}

} // namespace qi::eval
