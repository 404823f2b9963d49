//===- Interpreter.h - Runs functions of a verified module ------*- C++ -*-===//
//
// Spec: [eval.model]. Walks a function's body op by op; each op is evaluated
// by the evaluator registered for its name (one file per dialect).
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_INTERPRETER_H
#define QI_EVAL_INTERPRETER_H

#include "interpreter/eval/EvalError.h"
#include "interpreter/ir/TypeConversion.h"
#include "interpreter/quant/Semantics.h"
#include "interpreter/value/RuntimeValue.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <memory>
#include <vector>

namespace qi::eval {

class Interpreter;

/// [cli.max-steps] The default step budget: generous (every run of the lit,
/// golden, conform and interpreter unit tests takes fewer than 10^5 steps),
/// yet it stops a loop that never ends (after about a quarter of an hour for a
/// trivial scf.while, at ~1 us per iteration).
inline constexpr int64_t kDefaultMaxSteps = 1000000000;

/// How many ops each evaluator fast path evaluated: the lowered-IR paths and
/// tosa.rescale's ([fast.proof]: the differential tests check that the paths
/// they prove are really taken).
struct FastPathUse {
  int64_t hostArith = 0;     ///< [fast.host-arith]
  int64_t linalgColumns = 0; ///< [fast.linalg-columns]
  int64_t linalgContraction = 0; ///< [fast.contraction]
  int64_t tosaRescale = 0;   ///< [fast.rescale]
};

/// How one Interpreter runs (quant-interp's command line sets them, through
/// eval::RunOptions).
struct InterpreterOptions {
  /// [cli.max-steps] Steps one Interpreter may take in all: loop iterations
  /// (scf.for body runs, scf.while condition runs) and function calls. The
  /// step beyond it throws EvalError at the loop (or the called function).
  int64_t maxSteps = kDefaultMaxSteps;
  /// [cli.max-tensor-bytes] The element storage one tensor may take
  /// (value/RuntimeValue.h). In force for the span of each call of the entry
  /// function (and, in eval::Program::run, of binding its arguments); the
  /// budget before is restored after.
  int64_t maxTensorBytes = kDefaultMaxTensorBytes;
  /// Whether the evaluators may take their proven fast paths
  /// ([fast.host-arith], [fast.linalg-columns], [fast.contraction],
  /// [fast.rescale] in spec/performance.md). The
  /// differential tests switch them off to compare with the exact evaluators.
  bool fastPaths = true;
  /// Where to count the ops the fast paths evaluate; null: not counted. A
  /// pointer to counters the caller owns rather than counters inside the
  /// Interpreter: a run (eval/Run.h) makes its Interpreter and drops it, and
  /// a test sums the counts over several runs.
  FastPathUse *fastPathUse = nullptr;
};

/// SSA values of one activation: a function body, or a region nested in one
/// (scf, linalg), which also sees the values of its enclosing frames.
class Frame {
public:
  explicit Frame(const Frame *parent = nullptr) : parent_(parent) {}
  void bind(mlir::Value ssa, RuntimeValue value) { values_[ssa] = std::move(value); }
  const RuntimeValue &lookup(mlir::Value ssa) const;
  /// [eval.model] 4: drops a value of this frame after its last use.
  void release(mlir::Value ssa) { values_.erase(ssa); }
  /// The value, moved out of this frame if it is bound here (its last use),
  /// else a copy of the enclosing frame's.
  RuntimeValue take(mlir::Value ssa);

private:
  const Frame *parent_;
  llvm::DenseMap<mlir::Value, RuntimeValue> values_;
};

/// Evaluates one op: reads operands from the frame, binds its results.
using OpEvaluator = std::function<void(Interpreter &, Frame &, mlir::Operation &)>;

class Interpreter {
public:
  Interpreter(mlir::ModuleOp module, ir::TypeConverter &types, quant::Semantics semantics,
              InterpreterOptions options = {});

  /// Runs `function` on `arguments` (already checked against its parameter
  /// types) and returns its results. Throws EvalError. Programs are run
  /// through eval/Run.h, which checks the arguments and catches the errors.
  std::vector<RuntimeValue> call(mlir::func::FuncOp function,
                                 std::vector<RuntimeValue> arguments);

  /// Evaluates the ops of a block until its terminator (func.return,
  /// scf.yield, linalg.yield, ...); returns the terminator's operand values.
  std::vector<RuntimeValue> runBlock(mlir::Block &block, Frame &frame);
  /// Evaluates one non-terminator op of a block in `frame`.
  void evalOp(mlir::Operation &op, Frame &frame);
  /// Runs the single-block region `region` in a new frame nested in
  /// `enclosing`, its block arguments bound to `arguments`.
  std::vector<RuntimeValue> runRegion(mlir::Region &region,
                                      std::vector<RuntimeValue> arguments,
                                      const Frame &enclosing);

  const quant::Semantics &semantics() const { return semantics_; }
  const InterpreterOptions &options() const { return options_; }

  /// Counts one iteration of the loop `loop` ([cli.max-steps]); throws
  /// EvalError at it, naming it and the budget, past options().maxSteps.
  void countLoopIteration(mlir::Operation &loop);

  /// Counts one op evaluated by a fast path, e.g.
  /// `countFastPath(&FastPathUse::hostArith)`, if options() ask for counts.
  void countFastPath(int64_t FastPathUse::*path) {
    if (options_.fastPathUse)
      ++(options_.fastPathUse->*path);
  }
  ir::TypeConverter &types() { return types_; }
  mlir::ModuleOp module() { return module_; }

  /// Our type of an SSA value or type; throws EvalError at `loc` if unsupported.
  ir::ValueType valueType(mlir::Type type, mlir::Location loc);
  /// Checks a result against its declared type (static sizes, scalar/tensor).
  void checkResult(const RuntimeValue &value, mlir::Type declared, mlir::Location loc,
                   llvm::StringRef what);

private:
  mlir::ModuleOp module_;
  ir::TypeConverter &types_;
  quant::Semantics semantics_;
  InterpreterOptions options_;
  int64_t steps_ = 0;
  /// Built once per process: runs make an Interpreter each.
  const llvm::StringMap<OpEvaluator> &evaluators_;
  unsigned depth_ = 0;

  /// [eval.model] 4: the tensor values defined in a block (its arguments and
  /// its ops' results) by the op of the block that uses them last, directly
  /// or inside a region: runBlock drops them after that op, or hands them to
  /// the terminator without a copy.
  struct BlockLifetimes {
    std::vector<mlir::Value> unusedArguments;
    std::vector<std::vector<mlir::Value>> releaseAfter; ///< per op of the block
    std::vector<bool> moveAtTerminator;                 ///< per terminator operand
  };
  const BlockLifetimes &lifetimesOf(mlir::Block &block);
  /// Per block, computed on its first run; the pointees stay put while
  /// nested blocks add theirs.
  llvm::DenseMap<mlir::Block *, std::unique_ptr<BlockLifetimes>> lifetimes_;
};

/// Registration, one function per dialect file.
void registerFuncOps(llvm::StringMap<OpEvaluator> &table);
void registerArithOps(llvm::StringMap<OpEvaluator> &table);
void registerQuantOps(llvm::StringMap<OpEvaluator> &table);
void registerMathOps(llvm::StringMap<OpEvaluator> &table);
void registerTensorOps(llvm::StringMap<OpEvaluator> &table);
void registerShapeOps(llvm::StringMap<OpEvaluator> &table);
void registerLinalgOps(llvm::StringMap<OpEvaluator> &table);
void registerLinalgNamedOps(llvm::StringMap<OpEvaluator> &table);
void registerScfOps(llvm::StringMap<OpEvaluator> &table);
void registerTosaOps(llvm::StringMap<OpEvaluator> &table);
void registerTosaContractionOps(llvm::StringMap<OpEvaluator> &table);
void registerTosaPoolingOps(llvm::StringMap<OpEvaluator> &table);
void registerTosaElementwiseOps(llvm::StringMap<OpEvaluator> &table);
void registerTosaDataMovementOps(llvm::StringMap<OpEvaluator> &table);

} // namespace qi::eval

#endif
