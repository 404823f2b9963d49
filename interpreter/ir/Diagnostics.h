//===- Diagnostics.h - One-line MLIR-style error reporting ------*- C++ -*-===//
//
// Spec: [cli.errors]. Every error reaches the user as one line
// "FILE:LINE:COL: error: message".
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_DIAGNOSTICS_H
#define QI_IR_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace qi::ir {

/// "file:line:col" of the first file location inside `loc`, or "<unknown>".
std::string formatLocation(mlir::Location loc);

/// FILE:LINE:1 of the source manager's main buffer: its start (line 1), or
/// with --split-input-file the first line of a chunk ([cli.split-input-file]).
mlir::Location startOfBuffer(mlir::MLIRContext &context, const llvm::SourceMgr &sourceMgr,
                             unsigned line = 1);

/// Prints "LOC: error: MESSAGE" on one line.
void printError(llvm::raw_ostream &os, mlir::Location loc, llvm::StringRef message);

/// While alive, prints every MLIR error diagnostic of `context` as one line
/// (notes are dropped; warnings are printed as "warning:") and counts errors.
class OneLineDiagnostics {
public:
  OneLineDiagnostics(mlir::MLIRContext &context, llvm::raw_ostream &os);
  ~OneLineDiagnostics();
  unsigned errorCount() const { return errors_; }

private:
  mlir::MLIRContext &context_;
  mlir::DiagnosticEngine::HandlerID id_;
  unsigned errors_ = 0;
};

/// While alive, captures the first error diagnostic's message instead of
/// printing it (for parsing command-line attributes).
class CapturedDiagnostic {
public:
  explicit CapturedDiagnostic(mlir::MLIRContext &context);
  ~CapturedDiagnostic();
  const std::string &message() const { return message_; }

private:
  mlir::MLIRContext &context_;
  mlir::DiagnosticEngine::HandlerID id_;
  std::string message_;
};

} // namespace qi::ir

#endif
