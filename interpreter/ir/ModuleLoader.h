//===- ModuleLoader.h - Parse and verify .mlir input with MLIR 22 -*- C++ -*-===//
//
// Spec: [cli.input], [cli.entry], [cli.unregistered], [cli.errors.clarified].
// MLIR parses and verifies; it computes nothing.
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_MODULELOADER_H
#define QI_IR_MODULELOADER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace llvm {
class SourceMgr;
}

namespace qi::ir {

/// Registers every dialect whose IR quant-interp accepts (quant, func, arith,
/// math, tensor, linalg, shape, scf, and the builtin ones). With
/// `allowUnregistered` (quant-interp's --allow-unregistered-dialect), ops,
/// types and attributes of other dialects parse as opaque ones, as in
/// mlir-opt; off unless asked for.
void registerAcceptedDialects(mlir::MLIRContext &context, bool allowUnregistered = false);

/// Parses the source manager's main buffer and verifies it; diagnostics go to
/// the context's handlers. Null on failure. Where MLIR 22's own message is
/// wrong or misleading, an error of ours replaces it ([cli.errors.clarified],
/// ClarifiedDiagnostics.h). Programs are run through eval/Run.h, which calls
/// this.
mlir::OwningOpRef<mlir::ModuleOp> parseAndVerify(llvm::SourceMgr &sourceMgr,
                                                 mlir::MLIRContext &context);

/// The function to run: `entry` if non-empty, else `main`, else the only
/// public function with a body. Null with `error` set otherwise.
mlir::func::FuncOp findEntry(mlir::ModuleOp module, llvm::StringRef entry,
                             std::string &error);

} // namespace qi::ir

#endif
