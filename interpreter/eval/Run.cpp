//===- Run.cpp - Run a function of a program: the one entry point ---------===//
//
// Spec: [eval.run] in spec/eval.md.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Run.h"

#include "interpreter/eval/EvalError.h"
#include "interpreter/ir/ArgumentParser.h"
#include "interpreter/ir/ModuleLoader.h"

#include "llvm/ADT/STLExtras.h"

#include <iterator>

namespace qi::eval {

namespace {

using Stage = RunOutcome::Stage;

bool hasError(const RunOutcome &outcome) {
  return llvm::any_of(outcome.diagnostics, [](const ir::LocatedDiagnostic &diagnostic) {
    return diagnostic.severity == ir::LocatedDiagnostic::Severity::Error;
  });
}

/// The type of a value as MLIR would spell it, for argument errors.
std::string describe(const RuntimeValue &value) {
  const std::string element = value.elementType().toString();
  if (!value.isTensor())
    return "a scalar of type " + element;
  return "tensor<" + (value.shape().empty() ? std::string() : shapeToString(value.shape()) + "x") +
         element + ">";
}

/// "@NAME " before the argument errors of ir::parseArgument.
std::string functionPrefix(mlir::func::FuncOp function) {
  return "@" + function.getSymName().str() + " ";
}

/// The run of an already loaded program, after the diagnostics of loading it.
RunOutcome runLoaded(std::unique_ptr<Program> program, RunOutcome loading,
                     llvm::StringRef entry, const std::vector<std::string> &arguments,
                     const RunOptions &options) {
  if (!program)
    return loading;
  RunOutcome outcome = program->run(entry, arguments, options);
  outcome.calibrated = std::move(loading.calibrated);
  outcome.diagnostics.insert(outcome.diagnostics.begin(),
                             std::make_move_iterator(loading.diagnostics.begin()),
                             std::make_move_iterator(loading.diagnostics.end()));
  return outcome;
}

} // namespace

/// Each diagnostic goes into the outcome and, at once, to the caller's
/// RunOptions::onDiagnostic. While alive, MLIR's diagnostics come here too.
class Program::Report {
public:
  Report(mlir::MLIRContext &context, RunOutcome &outcome, const RunOptions &options)
      : outcome_(outcome), options_(options),
        mlirDiagnostics_(context, [this](ir::LocatedDiagnostic d) { add(std::move(d)); }) {}

  void add(ir::LocatedDiagnostic diagnostic) const {
    if (options_.onDiagnostic)
      options_.onDiagnostic(diagnostic);
    outcome_.diagnostics.push_back(std::move(diagnostic));
  }
  /// Ends the run at `stage` with the error `message` at `loc`.
  void stop(Stage stage, mlir::Location loc, std::string message) const {
    outcome_.failedAt = stage;
    add(ir::LocatedDiagnostic::error(loc, std::move(message)));
  }
  RunOutcome &outcome() const { return outcome_; }

private:
  RunOutcome &outcome_;
  const RunOptions &options_;
  ir::LocatedDiagnosticHandler mlirDiagnostics_;
};

const ir::LocatedDiagnostic &RunOutcome::error() const {
  for (const ir::LocatedDiagnostic &diagnostic : diagnostics)
    if (diagnostic.severity == ir::LocatedDiagnostic::Severity::Error)
      return diagnostic;
  static const ir::LocatedDiagnostic none{ir::LocatedDiagnostic::Severity::Error, "<unknown>",
                                          "no error: the run succeeded"};
  return none;
}

Program::Program(std::unique_ptr<mlir::MLIRContext> ownedContext, mlir::MLIRContext &context)
    : ownedContext_(std::move(ownedContext)), context_(context) {}

std::unique_ptr<Program> Program::load(ir::ProgramSource source, const RunOptions &options,
                                       RunOutcome &outcome) {
  auto context = std::make_unique<mlir::MLIRContext>();
  ir::registerAcceptedDialects(*context, options.allowUnregisteredDialect);
  mlir::MLIRContext &inProgram = *context;
  std::unique_ptr<Program> program(new Program(std::move(context), inProgram));
  if (!program->parse(std::move(source), options, outcome))
    return nullptr;
  return program;
}

std::unique_ptr<Program> Program::load(ir::ProgramSource source, const RunOptions &options,
                                       mlir::MLIRContext &context, RunOutcome &outcome) {
  context.allowUnregisteredDialects(options.allowUnregisteredDialect);
  std::unique_ptr<Program> program(new Program(nullptr, context));
  if (!program->parse(std::move(source), options, outcome))
    return nullptr;
  return program;
}

bool Program::parse(ir::ProgramSource source, const RunOptions &options, RunOutcome &outcome) {
  Report report(context_, outcome, options);
  firstLine_ = source.firstLine;
  sourceMgr_.AddNewSourceBuffer(std::move(source.buffer), llvm::SMLoc());
  module_ = ir::parseAndVerify(sourceMgr_, context_);
  if (module_ && options.calibration) {
    // [cli.calibration] A refusal stops the run like a verifier failure.
    if (std::optional<ir::CalibrationFailure> failure =
            ir::replaceCalibratedTypes(*module_, *options.calibration, outcome.calibrated)) {
      report.add(ir::LocatedDiagnostic::error(failure->location, failure->message));
      outcome.failedAt = Stage::Load;
      return false;
    }
  }
  if (module_)
    return true;
  // MLIR reports every failure it returns; this keeps the promise of a
  // located error even if one day it does not.
  if (!hasError(outcome))
    report.add(ir::LocatedDiagnostic::error(ir::startOfBuffer(context_, sourceMgr_, firstLine_),
                                            "the program could not be parsed"));
  outcome.failedAt = Stage::Load;
  return false;
}

mlir::func::FuncOp Program::chooseEntry(llvm::StringRef entry, const Report &report) {
  std::string error;
  mlir::func::FuncOp function = ir::findEntry(*module_, entry, error);
  // The module itself sits at line 0: point at the start of the file, or of
  // the chunk ([cli.entry] 5, [cli.split-input-file] 6).
  if (!function)
    report.stop(Stage::Entry, ir::startOfBuffer(context_, sourceMgr_, firstLine_), error);
  return function;
}

bool Program::checkArgumentCount(mlir::func::FuncOp function, size_t count,
                                 llvm::StringRef givenBy, const Report &report) {
  const unsigned expected = function.getNumArguments();
  if (count == expected)
    return true;
  report.stop(Stage::Arguments, function.getLoc(),
              functionPrefix(function) + "takes " + std::to_string(expected) +
                  " argument(s) but " + std::to_string(count) + " were given" + givenBy.str());
  return false;
}

void Program::evaluate(mlir::func::FuncOp function, std::vector<RuntimeValue> arguments,
                       const RunOptions &options, const Report &report) {
  try {
    Interpreter interpreter(*module_, types_, options.semantics, options.interpreter);
    std::vector<RuntimeValue> results = interpreter.call(function, std::move(arguments));
    report.outcome().results = std::move(results);
  } catch (const EvalError &e) {
    report.stop(Stage::Evaluation, e.location, e.message);
  } catch (const TensorTooLarge &e) {
    // Evaluators turn it into an EvalError at their op; this is the
    // backstop for a value made outside any op.
    report.stop(Stage::Evaluation, function.getLoc(), e.message);
  }
}

RunOutcome Program::run(llvm::StringRef entry, const std::vector<std::string> &arguments,
                        const RunOptions &options) {
  RunOutcome outcome;
  Report report(context_, outcome, options);
  mlir::func::FuncOp function = chooseEntry(entry, report);
  if (!function ||
      !checkArgumentCount(function, arguments.size(), " (--arg / --args-file)", report))
    return outcome;
  std::vector<RuntimeValue> values;
  {
    // [cli.max-tensor-bytes] An argument literal counts too.
    ScopedMaxTensorBytes tensorBudget(options.interpreter.maxTensorBytes);
    for (unsigned i = 0; i < arguments.size(); ++i) {
      std::string error;
      std::optional<RuntimeValue> value = ir::parseArgument(
          arguments[i], i, function.getArgumentTypes()[i], types_, context_, error);
      if (!value) {
        report.stop(Stage::Arguments, function.getLoc(), functionPrefix(function) + error);
        return outcome;
      }
      values.push_back(std::move(*value));
    }
  }
  evaluate(function, std::move(values), options, report);
  return outcome;
}

RunOutcome Program::run(llvm::StringRef entry, std::vector<RuntimeValue> arguments,
                        const RunOptions &options) {
  RunOutcome outcome;
  Report report(context_, outcome, options);
  mlir::func::FuncOp function = chooseEntry(entry, report);
  if (!function || !checkArgumentCount(function, arguments.size(), "", report))
    return outcome;
  for (unsigned i = 0; i < arguments.size(); ++i) {
    const std::string which = functionPrefix(function) + "argument #" + std::to_string(i + 1);
    std::string error;
    std::optional<ir::ValueType> type =
        types_.convertValueType(function.getArgumentTypes()[i], error);
    if (!type) {
      report.stop(Stage::Arguments, function.getLoc(),
                  which + ": parameter type is not supported: " + error);
      return outcome;
    }
    const RuntimeValue &value = arguments[i];
    if (!(value.elementType() == type->element) ||
        !type->accepts(value.isTensor(), value.shape())) {
      report.stop(Stage::Arguments, function.getLoc(),
                  which + ": expected a value of type " + type->spelling + ", got " +
                      describe(value));
      return outcome;
    }
  }
  evaluate(function, std::move(arguments), options, report);
  return outcome;
}

std::optional<Signature> Program::signature(llvm::StringRef entry, std::string &error) {
  mlir::func::FuncOp function = ir::findEntry(*module_, entry, error);
  if (!function)
    return std::nullopt;
  Signature signature;
  for (auto [types, into] : {std::pair{function.getArgumentTypes(), &signature.parameters},
                             std::pair{function.getResultTypes(), &signature.results}})
    for (mlir::Type type : types) {
      std::optional<ir::ValueType> converted = types_.convertValueType(type, error);
      if (!converted)
        return std::nullopt;
      into->push_back(std::move(*converted));
    }
  return signature;
}

RunOutcome runFunction(ir::ProgramSource source, llvm::StringRef entry,
                       const std::vector<std::string> &arguments, const RunOptions &options) {
  RunOutcome loading;
  std::unique_ptr<Program> program = Program::load(std::move(source), options, loading);
  return runLoaded(std::move(program), std::move(loading), entry, arguments, options);
}

RunOutcome runFunction(ir::ProgramSource source, llvm::StringRef entry,
                       const std::vector<std::string> &arguments, const RunOptions &options,
                       mlir::MLIRContext &context) {
  RunOutcome loading;
  std::unique_ptr<Program> program =
      Program::load(std::move(source), options, context, loading);
  return runLoaded(std::move(program), std::move(loading), entry, arguments, options);
}

} // namespace qi::eval
