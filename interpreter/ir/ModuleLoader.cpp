//===- ModuleLoader.cpp - Parse and verify .mlir input with MLIR 22 -------===//
//
// Spec: [cli.input], [cli.entry], [cli.unregistered], [tosa.dialect]; the
// clarified messages of [cli.errors.clarified] are ClarifiedDiagnostics.cpp,
// the zero points MLIR 22 loses ([qtype.model]) LostZeroPoints.cpp.
//
//===----------------------------------------------------------------------===//
#include "interpreter/ir/ModuleLoader.h"

#include "interpreter/ir/ClarifiedDiagnostics.h"
#include "interpreter/ir/LostZeroPoints.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shape/IR/Shape.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

namespace qi::ir {

void registerAcceptedDialects(mlir::MLIRContext &context, bool allowUnregistered) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::linalg::LinalgDialect, mlir::math::MathDialect,
                  mlir::quant::QuantDialect, mlir::scf::SCFDialect,
                  mlir::shape::ShapeDialect, mlir::tensor::TensorDialect,
                  mlir::tosa::TosaDialect>();
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
  // [cli.unregistered] Registered dialects still reject ops they do not
  // define (e.g. quant.region), as in mlir-opt.
  context.allowUnregisteredDialects(allowUnregistered);
}

mlir::OwningOpRef<mlir::ModuleOp> parseAndVerify(llvm::SourceMgr &sourceMgr,
                                                 mlir::MLIRContext &context) {
  ClarifyingDiagnostics clarifying(context, sourceMgr);
  if (mlir::failed(rejectLostZeroPoints(sourceMgr, context)))
    return nullptr;
  // Verified below, once the module is there for the clarifying handler.
  mlir::ParserConfig config(&context, /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, config);
  if (!module || mlir::failed(rejectUnknownQuantOps(*module)))
    return nullptr;
  clarifying.setModule(*module);
  if (mlir::failed(mlir::verify(*module)))
    return nullptr;
  return module;
}

mlir::func::FuncOp findEntry(mlir::ModuleOp module, llvm::StringRef entry,
                             std::string &error) {
  if (!entry.empty()) {
    auto fn = module.lookupSymbol<mlir::func::FuncOp>(entry);
    if (!fn) {
      error = "no function named '" + entry.str() + "' (from --entry)";
      return nullptr;
    }
    if (fn.isExternal()) {
      error = "function '" + entry.str() + "' is a declaration without a body";
      return nullptr;
    }
    return fn;
  }
  if (auto fn = module.lookupSymbol<mlir::func::FuncOp>("main"))
    if (!fn.isExternal())
      return fn;
  mlir::func::FuncOp only;
  std::string names;
  unsigned count = 0;
  for (auto fn : module.getOps<mlir::func::FuncOp>()) {
    if (fn.isPrivate() || fn.isExternal())
      continue;
    only = fn;
    names += (count++ ? ", @" : "@") + fn.getSymName().str();
  }
  if (count == 1)
    return only;
  error = count == 0 ? std::string("no public function with a body to run")
                     : "no function named 'main' and " + std::to_string(count) +
                           " public functions (" + names + "); choose one with --entry=NAME";
  return nullptr;
}

} // namespace qi::ir
