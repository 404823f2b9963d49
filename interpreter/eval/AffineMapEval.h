//===- AffineMapEval.h - Affine maps on concrete integers -------*- C++ -*-===//
//
// Spec: spec/lowered-linalg-scf.md [affine.eval]. Evaluates an mlir::AffineMap
// / AffineExpr on concrete int64 dims and symbols with exact integer
// semantics: +, *, floordiv, ceildiv, mod (floored: the result has the sign of
// the divisor); division by zero and int64 overflow are errors, never wrapped.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_AFFINEMAPEVAL_H
#define QI_EVAL_AFFINEMAPEVAL_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace qi::eval {

/// The value of `expr` at `dims` / `symbols`; nullopt with `error` set (e.g.
/// "division by zero in 'd0 floordiv s0'") when it has no int64 value.
std::optional<int64_t> evalAffineExpr(mlir::AffineExpr expr, llvm::ArrayRef<int64_t> dims,
                                      llvm::ArrayRef<int64_t> symbols, std::string &error);

/// All results of `map` at `dims` / `symbols` into `results` (cleared first);
/// false with `error` set on the first failing result.
bool evalAffineMap(mlir::AffineMap map, llvm::ArrayRef<int64_t> dims,
                   llvm::ArrayRef<int64_t> symbols, llvm::SmallVectorImpl<int64_t> &results,
                   std::string &error);

/// As above, but throws EvalError at `loc` as "WHAT: affine map MAP: ERROR".
void evalAffineMapOrFail(mlir::AffineMap map, llvm::ArrayRef<int64_t> dims,
                         llvm::ArrayRef<int64_t> symbols,
                         llvm::SmallVectorImpl<int64_t> &results, mlir::Location loc,
                         llvm::StringRef what);

/// Exact integer helpers (false on overflow / division by zero is reported by
/// the caller): floor(a / b), ceil(a / b), a - b * floor(a / b). b != 0.
std::optional<int64_t> floorDiv(int64_t a, int64_t b);
std::optional<int64_t> ceilDiv(int64_t a, int64_t b);
int64_t floorMod(int64_t a, int64_t b);

} // namespace qi::eval

#endif
