//===- LinalgColumns.h - Payloads evaluated over many points at once -*- C++ -*-===//
//
// Spec: [fast.linalg-columns] in spec/performance.md. A structured op whose
// iterators are all parallel, whose outputs are indexed by permutations and
// whose payload is made of elementwise arith / math ops (and linalg.index)
// computes each output element from its own iteration point only; its
// payload can then run once per chunk of points on 1-D "columns" (one element
// per point) through the ordinary tensor evaluators, with the same bits and
// poison as one payload run per point.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_LINALGCOLUMNS_H
#define QI_EVAL_LINALGCOLUMNS_H

#include "interpreter/eval/Interpreter.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineMap.h"

#include <optional>
#include <vector>

namespace qi::eval {

/// One ins / outs operand of the structured op.
struct ColumnsOperand {
  const RuntimeValue *value; ///< its runtime value (outs: the init)
  bool isShaped;             ///< tensor (indexed by the map) or scalar
  mlir::AffineMap map;
};

/// Points per chunk: columns stay in the caches and their per-op overhead
/// (one evaluator call per payload op and chunk) stays negligible.
inline constexpr int64_t kColumnChunk = 8192;

/// The results of `op` (copies of the inits with every element written), or
/// nullopt when the op does not qualify or a payload op raised an error; the
/// caller then runs one payload per point, which reports the error as usual.
/// `loopSize` are the checked loop sizes ([linalg.loop-bounds]), none zero.
std::optional<std::vector<RuntimeValue>>
evalStructuredByColumns(Interpreter &interp, const Frame &frame, mlir::linalg::LinalgOp op,
                        llvm::ArrayRef<ColumnsOperand> operands,
                        llvm::ArrayRef<int64_t> loopSize);

} // namespace qi::eval

#endif
