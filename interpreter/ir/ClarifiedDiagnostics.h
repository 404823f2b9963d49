//===- ClarifiedDiagnostics.h - Ours for misleading MLIR errors -*- C++ -*-===//
//
// Spec: [cli.errors.clarified]. Where MLIR 22 reports a problem of the input
// with a message that is wrong or misleading, an error of ours replaces it at
// the same location: a non-integer storage type, an op the quant dialect does
// not have (quant.region), a sub-channel scale tensor that does not fit its
// tensor. ir::parseAndVerify (ModuleLoader.h) applies both pieces below.
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_CLARIFIEDDIAGNOSTICS_H
#define QI_IR_CLARIFIEDDIAGNOSTICS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>
#include <string>
#include <utility>

namespace llvm {
class SourceMgr;
}

namespace qi::ir {

/// While alive, replaces the MLIR 22 diagnostics of [cli.errors.clarified] by
/// errors of ours at the same location. They are raised deep inside MLIR's
/// quant type parser and op verifiers, which offer no hook, and a textual
/// pre-scan of the input would have to understand comments, aliases and
/// nesting; so the handler recognises MLIR's message -- the text of the
/// pinned MLIR 22, checked by the lit tests -- and looks at what it is about:
/// the source text at the location, or the op there. Registered after the
/// handler that prints or collects, it sees each diagnostic first; for one it
/// recognises it emits the clearer error (which reaches the handlers below)
/// and swallows MLIR's. A message it does not recognise passes through
/// unchanged.
class ClarifyingDiagnostics {
public:
  /// `sourceMgr` holds the text being parsed (its main buffer).
  ClarifyingDiagnostics(mlir::MLIRContext &context, llvm::SourceMgr &sourceMgr);
  ~ClarifyingDiagnostics();
  ClarifyingDiagnostics(const ClarifyingDiagnostics &) = delete;
  ClarifyingDiagnostics &operator=(const ClarifyingDiagnostics &) = delete;

  /// The parsed module, for messages about an op (set before verifying).
  void setModule(mlir::ModuleOp module) { module_ = module; }

private:
  std::optional<std::string> clarify(const mlir::Diagnostic &diag) const;
  /// The main buffer and the offset of `loc` in it.
  std::optional<std::pair<llvm::StringRef, size_t>> sourceAt(mlir::Location loc) const;
  /// The sub-channel mismatch of the quant op at `loc`.
  std::optional<std::string> subChannelMessage(mlir::Location loc) const;

  mlir::MLIRContext &context_;
  llvm::SourceMgr &sourceMgr_; // not const: it caches line offsets
  mlir::DiagnosticEngine::HandlerID id_;
  mlir::ModuleOp module_;
};

/// An op of the quant namespace that MLIR 22's quant dialect does not define
/// (quant.region, quant.return): the error at the outermost one, which
/// MLIR's verifier would not name first (it names the innermost). Success
/// when there is none.
mlir::LogicalResult rejectUnknownQuantOps(mlir::ModuleOp module);

} // namespace qi::ir

#endif
