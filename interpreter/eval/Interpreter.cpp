//===- Interpreter.cpp - Runs functions of a verified module --------------===//
#include "interpreter/eval/Interpreter.h"

#include <optional>

namespace qi::eval {

namespace {
/// Guards against unbounded recursion through func.call.
constexpr unsigned kMaxCallDepth = 256;

/// [cli.max-steps] "WHAT: step budget exceeded: ..." naming the budget.
std::string stepBudgetMessage(llvm::StringRef what, int64_t maxSteps) {
  return what.str() + ": step budget exceeded: more than " + std::to_string(maxSteps) +
         " loop iterations and function calls (--max-steps=" + std::to_string(maxSteps) + ")";
}
} // namespace

const RuntimeValue &Frame::lookup(mlir::Value ssa) const {
  for (const Frame *frame = this; frame; frame = frame->parent_) {
    auto it = frame->values_.find(ssa);
    if (it != frame->values_.end())
      return it->second;
  }
  fail(ssa.getLoc(), "internal error: SSA value used before it was computed");
}

RuntimeValue Frame::take(mlir::Value ssa) {
  auto it = values_.find(ssa);
  if (it == values_.end())
    return lookup(ssa);
  RuntimeValue value = std::move(it->second);
  values_.erase(it);
  return value;
}

namespace {
/// Every op evaluator, by op name.
const llvm::StringMap<OpEvaluator> &evaluatorTable() {
  static const llvm::StringMap<OpEvaluator> table = [] {
    llvm::StringMap<OpEvaluator> all;
    registerFuncOps(all);
    registerArithOps(all);
    registerQuantOps(all);
    registerMathOps(all);
    registerTensorOps(all);
    registerShapeOps(all);
    registerLinalgOps(all);
    registerLinalgNamedOps(all);
    registerScfOps(all);
    registerTosaOps(all);
    registerTosaContractionOps(all);
    registerTosaPoolingOps(all);
    registerTosaElementwiseOps(all);
    registerTosaDataMovementOps(all);
    return all;
  }();
  return table;
}
} // namespace

Interpreter::Interpreter(mlir::ModuleOp module, ir::TypeConverter &types,
                         quant::Semantics semantics, InterpreterOptions options)
    : module_(module), types_(types), semantics_(semantics), options_(options),
      evaluators_(evaluatorTable()) {}

ir::ValueType Interpreter::valueType(mlir::Type type, mlir::Location loc) {
  std::string error;
  std::optional<ir::ValueType> converted = types_.convertValueType(type, error);
  if (!converted)
    fail(loc, error);
  return std::move(*converted);
}

void Interpreter::checkResult(const RuntimeValue &value, mlir::Type declared,
                              mlir::Location loc, llvm::StringRef what) {
  ir::ValueType type = valueType(declared, loc);
  if (!type.accepts(value.isTensor(), value.shape()))
    fail(loc, what.str() + " has runtime shape " +
                  (value.isTensor() ? "tensor<" + shapeToString(value.shape()) + ">"
                                    : std::string("scalar")) +
                  " which does not fit its type " + type.spelling);
}

std::vector<RuntimeValue> Interpreter::call(mlir::func::FuncOp function,
                                            std::vector<RuntimeValue> arguments) {
  if (function.isExternal())
    fail(function.getLoc(), "cannot call '" + function.getSymName().str() +
                                "': it is a declaration without a body");
  if (depth_ >= kMaxCallDepth)
    fail(function.getLoc(), "call depth exceeds " + std::to_string(kMaxCallDepth) +
                                " (unbounded recursion?)");
  // [cli.max-steps] Calls count too: recursion that fans out never nests
  // deeper than kMaxCallDepth, yet need not end.
  if (++steps_ > options_.maxSteps)
    fail(function.getLoc(),
         stepBudgetMessage("call of @" + function.getSymName().str(), options_.maxSteps));
  // [cli.max-tensor-bytes] The entry function's call sets the budget for
  // the whole run; nested calls are inside it.
  std::optional<ScopedMaxTensorBytes> tensorBudget;
  if (depth_ == 0)
    tensorBudget.emplace(options_.maxTensorBytes);
  ++depth_;
  Frame frame;
  mlir::Block &entry = function.getBody().front();
  for (auto [argument, value] : llvm::zip(entry.getArguments(), arguments))
    frame.bind(argument, std::move(value));
  std::vector<RuntimeValue> results = runBlock(entry, frame);
  --depth_;
  return results;
}

const Interpreter::BlockLifetimes &Interpreter::lifetimesOf(mlir::Block &block) {
  std::unique_ptr<BlockLifetimes> &slot = lifetimes_[&block];
  if (slot)
    return *slot;
  slot = std::make_unique<BlockLifetimes>();
  BlockLifetimes &lifetimes = *slot;
  llvm::DenseMap<mlir::Operation *, unsigned> position;
  unsigned numOps = 0;
  for (mlir::Operation &op : block)
    position[&op] = numOps++;
  lifetimes.releaseAfter.resize(numOps);
  mlir::Operation *terminator =
      !block.empty() && block.back().hasTrait<mlir::OpTrait::IsTerminator>() ? &block.back()
                                                                             : nullptr;
  if (terminator)
    lifetimes.moveAtTerminator.assign(terminator->getNumOperands(), false);
  // Only tensors: scalars cost nothing to keep, and payload blocks, run once
  // per point, hold scalars.
  auto track = [&](mlir::Value value, std::optional<unsigned> definedAt) {
    if (!llvm::isa<mlir::ShapedType>(value.getType()))
      return;
    mlir::Operation *last = nullptr;
    for (mlir::OpOperand &use : value.getUses()) {
      mlir::Operation *user = block.findAncestorOpInBlock(*use.getOwner());
      if (!user)
        return; // a use outside the block (not SSA-dominated): keep it
      if (!last || position[user] > position[last])
        last = user;
    }
    if (!last) {
      if (definedAt)
        lifetimes.releaseAfter[*definedAt].push_back(value);
      else
        lifetimes.unusedArguments.push_back(value);
    } else if (last == terminator) {
      // The terminator's last operand slot holding it takes it.
      for (unsigned i = terminator->getNumOperands(); i-- > 0;)
        if (terminator->getOperand(i) == value) {
          lifetimes.moveAtTerminator[i] = true;
          break;
        }
    } else {
      lifetimes.releaseAfter[position[last]].push_back(value);
    }
  };
  for (mlir::BlockArgument argument : block.getArguments())
    track(argument, std::nullopt);
  for (mlir::Operation &op : block)
    for (mlir::Value result : op.getResults())
      track(result, position[&op]);
  return lifetimes;
}

std::vector<RuntimeValue> Interpreter::runBlock(mlir::Block &block, Frame &frame) {
  const BlockLifetimes &lifetimes = lifetimesOf(block);
  for (mlir::Value argument : lifetimes.unusedArguments)
    frame.release(argument);
  size_t index = 0;
  for (mlir::Operation &op : block) {
    if (op.hasTrait<mlir::OpTrait::IsTerminator>()) {
      // The parent op gives the terminator its meaning (return, yield, ...).
      std::vector<RuntimeValue> values;
      values.reserve(op.getNumOperands());
      for (unsigned i = 0; i < op.getNumOperands(); ++i) {
        // Not a ?: of the two: its type would be a const prvalue, copied.
        if (i < lifetimes.moveAtTerminator.size() && lifetimes.moveAtTerminator[i])
          values.push_back(frame.take(op.getOperand(i)));
        else
          values.push_back(frame.lookup(op.getOperand(i)));
      }
      return values;
    }
    evalOp(op, frame);
    // [eval.model] 4: values are immutable, so dropping a dead one changes
    // nothing but the memory a function holds.
    for (mlir::Value value : lifetimes.releaseAfter[index])
      frame.release(value);
    ++index;
  }
  fail(block.getParentOp()->getLoc(), "block has no terminator");
}

void Interpreter::countLoopIteration(mlir::Operation &loop) {
  if (++steps_ > options_.maxSteps)
    fail(loop.getLoc(), stepBudgetMessage(loop.getName().getStringRef(), options_.maxSteps));
}

void Interpreter::evalOp(mlir::Operation &op, Frame &frame) {
  // [cli.unregistered] Parsed with --allow-unregistered-dialect; nothing says
  // what such an op computes.
  if (!op.isRegistered())
    fail(op.getLoc(), "unregistered operation '" + op.getName().getStringRef().str() +
                          "' cannot be evaluated");
  auto it = evaluators_.find(op.getName().getStringRef());
  if (it == evaluators_.end())
    fail(op.getLoc(), "unsupported operation '" + op.getName().getStringRef().str() + "'");
  try {
    it->second(*this, frame, op);
  } catch (const TensorTooLarge &e) {
    fail(op.getLoc(), e.message);
  }
}

std::vector<RuntimeValue> Interpreter::runRegion(mlir::Region &region,
                                                 std::vector<RuntimeValue> arguments,
                                                 const Frame &enclosing) {
  if (!region.hasOneBlock())
    fail(region.getLoc(), "unsupported: regions with more than one block");
  mlir::Block &block = region.front();
  if (block.getNumArguments() != arguments.size())
    fail(region.getLoc(), "internal error: region expects " +
                              std::to_string(block.getNumArguments()) + " arguments, got " +
                              std::to_string(arguments.size()));
  Frame frame(&enclosing);
  for (auto [argument, value] : llvm::zip(block.getArguments(), arguments))
    frame.bind(argument, std::move(value));
  return runBlock(block, frame);
}

} // namespace qi::eval
