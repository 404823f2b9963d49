//===- Run.h - Run a function of a program: the one entry point -*- C++ -*-===//
//
// Spec: [eval.run] in spec/eval.md, with [eval.model], [cli.input],
// [cli.entry], [cli.arguments], [cli.errors]. Parse and verify (MLIR), choose
// the entry function, bind the arguments, evaluate: the sequence of every
// tool that runs a program (quant-interp, the golden rejection check, the
// interpret fuzz harness, the benchmarks, the differential tests).
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_RUN_H
#define QI_EVAL_RUN_H

#include "interpreter/calibrate/CalibrationRecipe.h"
#include "interpreter/eval/Interpreter.h"
#include "interpreter/ir/CalibratedTypes.h"
#include "interpreter/ir/Diagnostics.h"
#include "interpreter/ir/ProgramSource.h"
#include "interpreter/ir/TypeConversion.h"
#include "interpreter/quant/Semantics.h"
#include "interpreter/value/RuntimeValue.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace qi::eval {

/// How a program is parsed and run.
struct RunOptions {
  /// [cli.semantics-flags] The semantic knobs; by default the `reference`
  /// profile's.
  quant::Semantics semantics;
  /// [cli.unregistered] Ops, types and attributes of dialects quant-interp
  /// does not register parse as opaque ones. Read when the program is loaded.
  bool allowUnregisteredDialect = false;
  /// [cli.calibration] If set, every !quant.calibrated type of the program
  /// becomes the !quant.uniform type this recipe chooses, right after
  /// loading. Read when the program is loaded.
  std::optional<calibrate::CalibrationRecipe> calibration;
  /// The step and tensor byte budgets ([cli.max-steps],
  /// [cli.max-tensor-bytes]) and the fast paths.
  InterpreterOptions interpreter;
  /// If set, called with each error and warning as it is raised; they are in
  /// RunOutcome::diagnostics all the same. quant-interp prints them at once,
  /// so that they are out even when MLIR then crashes on the same input
  /// (errors/upstream-linalg-dims-parser.mlir).
  std::function<void(const ir::LocatedDiagnostic &)> onDiagnostic;
};

/// What a run gives: the entry function's results, or the error that stopped
/// it; never both, never part of the results ([eval.run] 3).
struct RunOutcome {
  /// Where a failed run stopped.
  enum class Stage {
    Load,       ///< MLIR's parser or verifier rejected the program ([cli.input] 3)
    Entry,      ///< no function to run ([cli.entry])
    Arguments,  ///< the arguments do not fit its parameters ([cli.arguments])
    Evaluation, ///< the interpreter stopped at an op ([eval.model] 6)
  };
  /// Unset when the run succeeded.
  std::optional<Stage> failedAt;
  /// The entry function's results; empty unless the run succeeded.
  std::vector<RuntimeValue> results;
  /// Every error and warning, in the order raised: MLIR's while parsing and
  /// verifying (or ours in their place, [cli.errors.clarified]), then the
  /// one that stopped a later stage. A failed run has at least one error.
  std::vector<ir::LocatedDiagnostic> diagnostics;
  /// [cli.calibration] The types RunOptions::calibration replaced when the
  /// program was loaded, in order of first use.
  std::vector<ir::CalibratedReplacement> calibrated;

  bool succeeded() const { return !failedAt; }
  /// The error that stopped a failed run: its first error.
  const ir::LocatedDiagnostic &error() const;
};

/// Our types of a function's parameters and results ([value.element]).
struct Signature {
  std::vector<ir::ValueType> parameters;
  std::vector<ir::ValueType> results;
};

/// A parsed and verified program whose functions can be run any number of
/// times: parse once, run many (the benchmarks, the differential tests).
/// Not for use from several threads at once.
class Program {
public:
  /// Parses and verifies `source` ([eval.run] 1) in an MLIRContext of its
  /// own, with the dialects quant-interp accepts ([cli.input] 3). Null on
  /// failure, `outcome` then failed at Stage::Load; MLIR's warnings go to
  /// `outcome` either way.
  static std::unique_ptr<Program> load(ir::ProgramSource source, const RunOptions &options,
                                       RunOutcome &outcome);
  /// The same in `context`, which holds the accepted dialects
  /// (ir::registerAcceptedDialects) and outlives the Program;
  /// options.allowUnregisteredDialect is applied to it. For a harness that
  /// parses many programs: loading the dialects into a new context costs more
  /// than parsing and running a small program.
  static std::unique_ptr<Program> load(ir::ProgramSource source, const RunOptions &options,
                                       mlir::MLIRContext &context, RunOutcome &outcome);

  /// Runs function `entry` (empty: @main, or the only public function,
  /// [cli.entry]) on arguments written as MLIR attributes, as quant-interp's
  /// --arg takes them ([cli.arguments]). options.allowUnregisteredDialect is
  /// not read (see load).
  RunOutcome run(llvm::StringRef entry, const std::vector<std::string> &arguments,
                 const RunOptions &options);
  /// The same on values already built: each must have its parameter's
  /// element type and fit its shape ([value.shape] 3).
  RunOutcome run(llvm::StringRef entry, std::vector<RuntimeValue> arguments,
                 const RunOptions &options);

  /// The types of function `entry` (chosen as by run), e.g. to build argument
  /// values; nullopt with `error` set if there is no such function or it has
  /// a type we do not support.
  std::optional<Signature> signature(llvm::StringRef entry, std::string &error);

private:
  /// Where the diagnostics of a load or run go (Run.cpp).
  class Report;

  Program(std::unique_ptr<mlir::MLIRContext> ownedContext, mlir::MLIRContext &context);
  /// Parses and verifies `source` into this program; false after reporting
  /// why not.
  bool parse(ir::ProgramSource source, const RunOptions &options, RunOutcome &outcome);
  /// The entry function, or null after reporting why.
  mlir::func::FuncOp chooseEntry(llvm::StringRef entry, const Report &report);
  /// Whether `count` arguments were given for `function`'s parameters;
  /// reports the error if not.
  bool checkArgumentCount(mlir::func::FuncOp function, size_t count, llvm::StringRef givenBy,
                          const Report &report);
  /// Calls `function` and records its results, or reports the error that
  /// stopped it.
  void evaluate(mlir::func::FuncOp function, std::vector<RuntimeValue> arguments,
                const RunOptions &options, const Report &report);

  // Declared before what lives in the context, so that it is destroyed last.
  std::unique_ptr<mlir::MLIRContext> ownedContext_;
  mlir::MLIRContext &context_;
  llvm::SourceMgr sourceMgr_;
  unsigned firstLine_ = 1;
  mlir::OwningOpRef<mlir::ModuleOp> module_;
  ir::TypeConverter types_;
};

/// The whole of [eval.run] once: loads `source`, runs `entry` on the
/// `arguments` (MLIR attribute texts) under `options`. The outcome of the
/// first stage that fails, with every diagnostic of the stages before it.
RunOutcome runFunction(ir::ProgramSource source, llvm::StringRef entry,
                       const std::vector<std::string> &arguments, const RunOptions &options);
/// The same in `context` (see Program::load).
RunOutcome runFunction(ir::ProgramSource source, llvm::StringRef entry,
                       const std::vector<std::string> &arguments, const RunOptions &options,
                       mlir::MLIRContext &context);

} // namespace qi::eval

#endif
