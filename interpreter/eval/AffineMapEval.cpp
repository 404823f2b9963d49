//===- AffineMapEval.cpp - Affine maps on concrete integers ---------------===//
//
// Spec: spec/lowered-linalg-scf.md [affine.eval].
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/AffineMapEval.h"

#include "interpreter/eval/EvalError.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

namespace qi::eval {

namespace {

std::string spell(mlir::AffineExpr expr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  expr.print(os);
  return text;
}

std::string spell(mlir::AffineMap map) {
  std::string text;
  llvm::raw_string_ostream os(text);
  map.print(os);
  return text;
}

} // namespace

std::optional<int64_t> floorDiv(int64_t a, int64_t b) {
  if (a == std::numeric_limits<int64_t>::min() && b == -1)
    return std::nullopt;
  int64_t q = a / b; // truncates toward zero
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

std::optional<int64_t> ceilDiv(int64_t a, int64_t b) {
  if (a == std::numeric_limits<int64_t>::min() && b == -1)
    return std::nullopt;
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0)))
    ++q;
  return q;
}

int64_t floorMod(int64_t a, int64_t b) {
  if (b == -1)
    return 0; // avoids INT64_MIN % -1
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

std::optional<int64_t> evalAffineExpr(mlir::AffineExpr expr, llvm::ArrayRef<int64_t> dims,
                                      llvm::ArrayRef<int64_t> symbols, std::string &error) {
  switch (expr.getKind()) {
  case mlir::AffineExprKind::Constant:
    return llvm::cast<mlir::AffineConstantExpr>(expr).getValue();
  case mlir::AffineExprKind::DimId: {
    unsigned position = llvm::cast<mlir::AffineDimExpr>(expr).getPosition();
    if (position >= dims.size()) {
      error = "internal error: d" + std::to_string(position) + " has no value (" +
              std::to_string(dims.size()) + " dims given)";
      return std::nullopt;
    }
    return dims[position];
  }
  case mlir::AffineExprKind::SymbolId: {
    unsigned position = llvm::cast<mlir::AffineSymbolExpr>(expr).getPosition();
    if (position >= symbols.size()) {
      error = "internal error: s" + std::to_string(position) + " has no value (" +
              std::to_string(symbols.size()) + " symbols given)";
      return std::nullopt;
    }
    return symbols[position];
  }
  default:
    break;
  }
  auto binary = llvm::cast<mlir::AffineBinaryOpExpr>(expr);
  std::optional<int64_t> lhs = evalAffineExpr(binary.getLHS(), dims, symbols, error);
  if (!lhs)
    return std::nullopt;
  std::optional<int64_t> rhs = evalAffineExpr(binary.getRHS(), dims, symbols, error);
  if (!rhs)
    return std::nullopt;
  int64_t a = *lhs, b = *rhs, r = 0;
  auto overflow = [&]() -> std::optional<int64_t> {
    error = "integer overflow in '" + spell(expr) + "' (" + std::to_string(a) + ", " +
            std::to_string(b) + ")";
    return std::nullopt;
  };
  switch (expr.getKind()) {
  case mlir::AffineExprKind::Add:
    if (__builtin_add_overflow(a, b, &r))
      return overflow();
    return r;
  case mlir::AffineExprKind::Mul:
    if (__builtin_mul_overflow(a, b, &r))
      return overflow();
    return r;
  case mlir::AffineExprKind::FloorDiv:
  case mlir::AffineExprKind::CeilDiv:
  case mlir::AffineExprKind::Mod: {
    if (b == 0) {
      error = "division by zero in '" + spell(expr) + "'";
      return std::nullopt;
    }
    if (expr.getKind() == mlir::AffineExprKind::Mod)
      return floorMod(a, b);
    std::optional<int64_t> q =
        expr.getKind() == mlir::AffineExprKind::FloorDiv ? floorDiv(a, b) : ceilDiv(a, b);
    if (!q)
      return overflow();
    return q;
  }
  default:
    error = "internal error: unknown affine expression '" + spell(expr) + "'";
    return std::nullopt;
  }
}

bool evalAffineMap(mlir::AffineMap map, llvm::ArrayRef<int64_t> dims,
                   llvm::ArrayRef<int64_t> symbols, llvm::SmallVectorImpl<int64_t> &results,
                   std::string &error) {
  results.clear();
  if (dims.size() != map.getNumDims() || symbols.size() != map.getNumSymbols()) {
    error = "internal error: map takes " + std::to_string(map.getNumDims()) + " dims and " +
            std::to_string(map.getNumSymbols()) + " symbols, got " +
            std::to_string(dims.size()) + " and " + std::to_string(symbols.size());
    return false;
  }
  for (mlir::AffineExpr expr : map.getResults()) {
    std::optional<int64_t> value = evalAffineExpr(expr, dims, symbols, error);
    if (!value)
      return false;
    results.push_back(*value);
  }
  return true;
}

void evalAffineMapOrFail(mlir::AffineMap map, llvm::ArrayRef<int64_t> dims,
                         llvm::ArrayRef<int64_t> symbols,
                         llvm::SmallVectorImpl<int64_t> &results, mlir::Location loc,
                         llvm::StringRef what) {
  std::string error;
  if (!evalAffineMap(map, dims, symbols, results, error))
    fail(loc, what.str() + ": affine map " + spell(map) + ": " + error);
}

} // namespace qi::eval
