//===- ScfOps.cpp - scf dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-linalg-scf.md [scf.for], [scf.if], [scf.while],
// [scf.execute_region], [scf.index_switch], [scf.yield], [scf.poison].
// scf.yield and scf.condition are terminators: Interpreter::runBlock hands
// their operands back to the op that owns the region.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Interpreter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <string>

namespace qi::eval {

namespace {

/// [scf.poison] Control flow never depends on poison.
const RuntimeValue &controlValue(Frame &frame, mlir::Value ssa, mlir::Operation &op,
                                 llvm::StringRef what) {
  const RuntimeValue &value = frame.lookup(ssa);
  if (value.isTensor())
    fail(op.getLoc(), "internal error: " + op.getName().getStringRef().str() + ": " +
                          what.str() + " is a tensor");
  if (value.isPoison(0))
    fail(op.getLoc(), op.getName().getStringRef().str() +
                          ": control flow depends on a poison value (" + what.str() + ")");
  return value;
}

/// The integer (index or signless iN, N <= 64) in `value`, read signed or
/// unsigned.
__int128 readInteger(const RuntimeValue &value, bool isUnsigned, mlir::Operation &op) {
  unsigned width = value.elementType().bitWidth();
  if (width == 0 || width > 64 ||
      !(value.elementType().isIndex() || value.elementType().isInteger()))
    fail(op.getLoc(), op.getName().getStringRef().str() + ": unsupported bound type " +
                          value.elementType().toString() + " (index or up to i64)");
  uint64_t bits = uint64_t(value.get(0));
  if (width < 64)
    bits &= (uint64_t(1) << width) - 1;
  __int128 result = bits;
  if (!isUnsigned && width < 128 && (bits >> (width - 1)) & 1)
    result -= __int128(1) << width;
  return result;
}

RuntimeValue makeInteger(const ElementType &type, __int128 value) {
  RuntimeValue result = RuntimeValue::scalar(type);
  unsigned width = type.bitWidth();
  numeric::Bits bits = numeric::Bits(value);
  if (width < 128)
    bits &= (numeric::Bits(1) << width) - 1;
  result.set(0, bits);
  return result;
}

std::vector<RuntimeValue> lookupAll(Frame &frame, mlir::ValueRange values) {
  std::vector<RuntimeValue> result;
  result.reserve(values.size());
  for (mlir::Value value : values)
    result.push_back(frame.lookup(value));
  return result;
}

void bindResults(Interpreter &interp, Frame &frame, mlir::Operation &op,
                 std::vector<RuntimeValue> values) {
  const std::string name = op.getName().getStringRef().str();
  if (values.size() != op.getNumResults())
    fail(op.getLoc(), "internal error: " + name + " region yields " +
                          std::to_string(values.size()) + " values for " +
                          std::to_string(op.getNumResults()) + " results");
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    interp.checkResult(values[i], result.getType(), op.getLoc(),
                       name + ": result #" + std::to_string(i + 1));
    frame.bind(result, std::move(values[i]));
  }
}

/// [scf.for] lb, lb + step, ... while < ub (signed, or unsigned with
/// `unsignedCmp`), computed exactly; the step must be positive.
void evalFor(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto forOp = llvm::cast<mlir::scf::ForOp>(op);
  bool isUnsigned = forOp.getUnsignedCmp();
  const RuntimeValue &lbValue = controlValue(frame, forOp.getLowerBound(), op, "lower bound");
  const RuntimeValue &ubValue = controlValue(frame, forOp.getUpperBound(), op, "upper bound");
  const RuntimeValue &stepValue = controlValue(frame, forOp.getStep(), op, "step");
  __int128 lb = readInteger(lbValue, isUnsigned, op);
  __int128 ub = readInteger(ubValue, isUnsigned, op);
  __int128 step = readInteger(stepValue, isUnsigned, op);
  if (step <= 0)
    fail(op.getLoc(), "scf.for: the step must be positive, got " +
                          std::to_string(int64_t(step)));
  ElementType ivType = lbValue.elementType();
  std::vector<RuntimeValue> carried = lookupAll(frame, forOp.getInitArgs());
  for (__int128 iv = lb; iv < ub; iv += step) {
    interp.countLoopIteration(op); // [cli.max-steps]
    std::vector<RuntimeValue> arguments;
    arguments.reserve(carried.size() + 1);
    arguments.push_back(makeInteger(ivType, iv));
    for (RuntimeValue &value : carried)
      arguments.push_back(std::move(value));
    carried = interp.runRegion(forOp.getRegion(), std::move(arguments), frame);
    if (carried.size() != op.getNumResults())
      fail(op.getLoc(), "internal error: scf.for body yields " +
                            std::to_string(carried.size()) + " values");
    for (auto [i, value] : llvm::enumerate(carried))
      interp.checkResult(value, forOp.getRegionIterArgs()[i].getType(), op.getLoc(),
                         "scf.for: yielded value #" + std::to_string(i + 1));
  }
  bindResults(interp, frame, op, std::move(carried));
}

/// [scf.if]
void evalIf(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto ifOp = llvm::cast<mlir::scf::IfOp>(op);
  const RuntimeValue &condition = controlValue(frame, ifOp.getCondition(), op, "condition");
  bool taken = (condition.get(0) & 1) != 0;
  mlir::Region &region = taken ? ifOp.getThenRegion() : ifOp.getElseRegion();
  std::vector<RuntimeValue> results;
  if (!region.empty())
    results = interp.runRegion(region, {}, frame);
  bindResults(interp, frame, op, std::move(results));
}

/// [scf.while] before region -> scf.condition(%c) args; while %c, the after
/// region maps args to the next iteration's operands.
void evalWhile(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto whileOp = llvm::cast<mlir::scf::WhileOp>(op);
  std::vector<RuntimeValue> values = lookupAll(frame, whileOp.getInits());
  for (;;) {
    interp.countLoopIteration(op); // [cli.max-steps]: a while may never end
    std::vector<RuntimeValue> before = interp.runRegion(whileOp.getBefore(), std::move(values), frame);
    if (before.empty())
      fail(op.getLoc(), "internal error: scf.condition without a condition");
    if (before.front().isPoison(0))
      fail(op.getLoc(),
           "scf.while: control flow depends on a poison value (condition)");
    bool proceed = (before.front().get(0) & 1) != 0;
    values.assign(std::make_move_iterator(before.begin() + 1),
                  std::make_move_iterator(before.end()));
    if (!proceed)
      break;
    values = interp.runRegion(whileOp.getAfter(), std::move(values), frame);
  }
  bindResults(interp, frame, op, std::move(values));
}

/// [scf.execute_region] (single-block regions only)
void evalExecuteRegion(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto executeOp = llvm::cast<mlir::scf::ExecuteRegionOp>(op);
  bindResults(interp, frame, op, interp.runRegion(executeOp.getRegion(), {}, frame));
}

/// [scf.index_switch]
void evalIndexSwitch(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto switchOp = llvm::cast<mlir::scf::IndexSwitchOp>(op);
  const RuntimeValue &argument = controlValue(frame, switchOp.getArg(), op, "switch value");
  int64_t value = int64_t(uint64_t(argument.get(0)));
  mlir::Region *region = &switchOp.getDefaultRegion();
  for (auto [i, caseValue] : llvm::enumerate(switchOp.getCases()))
    if (caseValue == value) {
      region = &switchOp.getCaseRegions()[i];
      break;
    }
  bindResults(interp, frame, op, interp.runRegion(*region, {}, frame));
}

} // namespace

void registerScfOps(llvm::StringMap<OpEvaluator> &table) {
  table["scf.for"] = evalFor;
  table["scf.if"] = evalIf;
  table["scf.while"] = evalWhile;
  table["scf.execute_region"] = evalExecuteRegion;
  table["scf.index_switch"] = evalIndexSwitch;
}

} // namespace qi::eval
