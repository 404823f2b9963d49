//===- Diagnostics.cpp - One-line MLIR-style error reporting --------------===//
#include "interpreter/ir/Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

namespace qi::ir {

std::string formatLocation(mlir::Location loc) {
  std::string text = "<unknown>";
  loc->walk([&](mlir::Location inner) {
    if (auto file = llvm::dyn_cast<mlir::FileLineColLoc>(inner)) {
      text = (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) + ":" +
              llvm::Twine(file.getColumn()))
                 .str();
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return text;
}

mlir::Location startOfBuffer(mlir::MLIRContext &context, const llvm::SourceMgr &sourceMgr,
                             unsigned line) {
  llvm::StringRef name =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBufferIdentifier();
  return mlir::FileLineColLoc::get(&context, name, line, 1);
}

LocatedDiagnostic LocatedDiagnostic::error(mlir::Location loc, std::string message) {
  return {Severity::Error, formatLocation(loc), std::move(message)};
}

std::string LocatedDiagnostic::str() const {
  return location + (severity == Severity::Error ? ": error: " : ": warning: ") + message;
}

LocatedDiagnosticHandler::LocatedDiagnosticHandler(mlir::MLIRContext &context,
                                                   std::function<void(LocatedDiagnostic)> report)
    : context_(context) {
  id_ = context.getDiagEngine().registerHandler(
      [report = std::move(report)](mlir::Diagnostic &diag) {
        if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
          report(LocatedDiagnostic::error(diag.getLocation(), diag.str()));
        else if (diag.getSeverity() == mlir::DiagnosticSeverity::Warning)
          report({LocatedDiagnostic::Severity::Warning, formatLocation(diag.getLocation()),
                  diag.str()});
        return mlir::success();
      });
}

LocatedDiagnosticHandler::~LocatedDiagnosticHandler() {
  context_.getDiagEngine().eraseHandler(id_);
}

CapturedDiagnostic::CapturedDiagnostic(mlir::MLIRContext &context) : context_(context) {
  id_ = context.getDiagEngine().registerHandler([this](mlir::Diagnostic &diag) {
    if (diag.getSeverity() == mlir::DiagnosticSeverity::Error && message_.empty())
      message_ = diag.str();
    return mlir::success();
  });
}

CapturedDiagnostic::~CapturedDiagnostic() { context_.getDiagEngine().eraseHandler(id_); }

} // namespace qi::ir
