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

#include <functional>
#include <string>

namespace qi::ir {

/// "file:line:col" of the first file location inside `loc`, or "<unknown>".
std::string formatLocation(mlir::Location loc);

/// FILE:LINE:1 of the source manager's main buffer: its start (line 1), or
/// with --split-input-file the first line of a chunk ([cli.split-input-file]).
mlir::Location startOfBuffer(mlir::MLIRContext &context, const llvm::SourceMgr &sourceMgr,
                             unsigned line = 1);

/// One error or warning, already in text: it outlives the MLIRContext whose
/// locations it came from.
struct LocatedDiagnostic {
  enum class Severity { Error, Warning };
  Severity severity = Severity::Error;
  std::string location; ///< "FILE:LINE:COL", or "<unknown>"
  std::string message;

  /// The error `message` at `loc`.
  static LocatedDiagnostic error(mlir::Location loc, std::string message);
  /// The line quant-interp prints: "LOCATION: error: MESSAGE" (or
  /// "warning:"), without the newline ([cli.errors] 1-2).
  std::string str() const;
};

/// While alive, hands every error and warning of `context`, in the order
/// MLIR raises them, to `report` instead of printing them; notes and remarks
/// are dropped ([cli.errors] 2).
class LocatedDiagnosticHandler {
public:
  LocatedDiagnosticHandler(mlir::MLIRContext &context,
                           std::function<void(LocatedDiagnostic)> report);
  ~LocatedDiagnosticHandler();
  LocatedDiagnosticHandler(const LocatedDiagnosticHandler &) = delete;
  LocatedDiagnosticHandler &operator=(const LocatedDiagnosticHandler &) = delete;

private:
  mlir::MLIRContext &context_;
  mlir::DiagnosticEngine::HandlerID id_;
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
