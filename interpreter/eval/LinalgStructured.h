//===- LinalgStructured.h - The structured-op engine ------------*- C++ -*-===//
//
// Spec: spec/lowered-linalg-scf.md [linalg.generic], [linalg.loop-bounds],
// [linalg.named]. One evaluator for every structured linalg op: it reads the
// op's indexing maps, iterator types and payload region through the
// mlir::linalg::LinalgOp interface and runs the payload once per iteration
// point. linalg.generic spells them out; the named ops (fill, matmul,
// conv_*, pooling_*, ...) carry the same information, built by MLIR from
// their definitions when the op is parsed.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_LINALGSTRUCTURED_H
#define QI_EVAL_LINALGSTRUCTURED_H

#include "interpreter/eval/Interpreter.h"

namespace qi::eval {

/// Evaluates the structured op `op` (tensor operands) and binds its results.
void evalStructured(Interpreter &interp, Frame &frame, mlir::Operation &op);

} // namespace qi::eval

#endif
