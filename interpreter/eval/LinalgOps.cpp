//===- LinalgOps.cpp - linalg dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-linalg-scf.md [linalg.generic], [linalg.loop-bounds],
// [linalg.index], [linalg.fill], [linalg.map], [linalg.broadcast],
// [linalg.transpose], [linalg.reduce], [linalg.copy], [linalg.named],
// [linalg.unsupported]; fast paths [fast.contraction], [fast.linalg-columns].
//
// One engine evaluates every supported structured op through the LinalgOp
// interface (indexing maps, iterator types, the payload region): generic is
// the general case; fill, map, broadcast, transpose, reduce and copy carry the
// same information in their own syntax and their payload regions are built by
// MLIR. The other named ops are registered in LinalgNamedOps.cpp.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/AffineMapEval.h"
#include "interpreter/eval/Interpreter.h"
#include "interpreter/eval/LinalgColumns.h"
#include "interpreter/eval/LinalgStructured.h"
#include "interpreter/fast/ContractionAccelerator.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineExpr.h"

#include <string>
#include <vector>

namespace qi::eval {

namespace {

/// The iteration point of each structured op whose payload is running,
/// innermost last, for linalg.index. [linalg.index]
struct ActiveLoop {
  mlir::Operation *op;
  const std::vector<int64_t> *indices;
};
thread_local std::vector<ActiveLoop> activeLoops;

class ActiveLoopScope {
public:
  ActiveLoopScope(mlir::Operation *op, const std::vector<int64_t> *indices) {
    activeLoops.push_back({op, indices});
  }
  ~ActiveLoopScope() { activeLoops.pop_back(); }
  ActiveLoopScope(const ActiveLoopScope &) = delete;
  ActiveLoopScope &operator=(const ActiveLoopScope &) = delete;
};

std::string joined(llvm::ArrayRef<int64_t> values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text;
}

std::string mapToString(mlir::AffineMap map) {
  std::string text;
  llvm::raw_string_ostream os(text);
  map.print(os);
  return text;
}

/// One operand of the structured op as the engine uses it.
struct StructuredOperand {
  std::string name;            ///< "ins operand #1", "outs operand #2"
  const RuntimeValue *value;   ///< its runtime value (outs: the original init)
  bool isShaped;               ///< tensor (indexed by the map) or scalar (passed as is)
  mlir::AffineMap map;
  std::vector<int64_t> strides; ///< row-major strides of the runtime shape
  /// Per map result: the loop it is a bare dim of, or -1 (other expression).
  std::vector<int> bareLoop;
};

/// Flat row-major position of `operand`'s element at iteration point `point`;
/// checks every index is in bounds. [linalg.loop-bounds]
int64_t flatIndex(const StructuredOperand &operand, const std::vector<int64_t> &point,
                  llvm::SmallVectorImpl<int64_t> &scratch, mlir::Operation &op,
                  const std::string &opName) {
  const Shape &shape = operand.value->shape();
  int64_t flat = 0;
  for (size_t r = 0; r < operand.bareLoop.size(); ++r) {
    int64_t index;
    if (operand.bareLoop[r] >= 0) {
      // Equal to the loop size, checked before the loops run.
      index = point[size_t(operand.bareLoop[r])];
    } else {
      std::string error;
      std::optional<int64_t> value =
          evalAffineExpr(operand.map.getResult(unsigned(r)), point, {}, error);
      if (!value)
        fail(op.getLoc(), opName + ": " + operand.name + ": indexing map " +
                              mapToString(operand.map) + ": " + error);
      index = *value;
      if (index < 0 || index >= shape[r]) {
        // Report the whole index for context.
        scratch.clear();
        std::string indexError;
        evalAffineMap(operand.map, point, {}, scratch, indexError);
        fail(op.getLoc(), opName + ": " + operand.name + " of shape " +
                              shapeToString(shape) + " is accessed out of bounds at [" +
                              joined(scratch) + "] (indexing map " +
                              mapToString(operand.map) + ", iteration (" + joined(point) +
                              "))");
      }
    }
    flat += index * operand.strides[r];
  }
  return flat;
}

/// A scalar holding element `i` of `value` (with its poison bit).
RuntimeValue elementOf(const RuntimeValue &value, int64_t i) {
  RuntimeValue element = RuntimeValue::scalar(value.elementType());
  element.set(0, value.get(i));
  if (value.isPoison(i))
    element.setPoison(0);
  return element;
}

/// Checks the results against their declared types and binds them.
void bindResults(Interpreter &interp, Frame &frame, mlir::Operation &op,
                 std::vector<RuntimeValue> &results) {
  for (unsigned j = 0; j < results.size(); ++j) {
    mlir::Value result = op.getResult(j);
    interp.checkResult(results[j], result.getType(), op.getLoc(),
                       op.getName().getStringRef().str() + ": result #" + std::to_string(j + 1));
    frame.bind(result, std::move(results[j]));
  }
}

/// Whether `loc` points into the source. The payload ops MLIR builds for a
/// named op are at `loc(unknown)`.
bool hasSourcePosition(mlir::Location loc) {
  bool found = false;
  loc->walk([&](mlir::Location inner) {
    found = llvm::isa<mlir::FileLineColLoc>(inner);
    return found ? mlir::WalkResult::interrupt() : mlir::WalkResult::advance();
  });
  return found;
}

} // namespace

/// [linalg.generic] [linalg.loop-bounds] Evaluates a structured op on tensors.
void evalStructured(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  const std::string opName = op.getName().getStringRef().str();
  auto linalgOp = llvm::dyn_cast<mlir::linalg::LinalgOp>(op);
  if (!linalgOp)
    fail(op.getLoc(), "internal error: " + opName + " is not a structured linalg op");
  if (!linalgOp.hasPureTensorSemantics())
    fail(op.getLoc(), opName + ": only operands of tensor (or scalar) type are supported");

  llvm::SmallVector<mlir::AffineMap> maps = linalgOp.getIndexingMapsArray();
  const unsigned numInputs = unsigned(linalgOp.getNumDpsInputs());
  const unsigned numInits = unsigned(linalgOp.getNumDpsInits());
  const unsigned numLoops = linalgOp.getNumLoops();
  if (maps.size() != numInputs + numInits || op.getNumOperands() != numInputs + numInits)
    fail(op.getLoc(), "internal error: " + opName + " has " + std::to_string(maps.size()) +
                          " indexing maps for " + std::to_string(op.getNumOperands()) +
                          " operands");

  // The operands, their maps and runtime shapes.
  std::vector<StructuredOperand> operands;
  operands.reserve(numInputs + numInits);
  for (unsigned k = 0; k < numInputs + numInits; ++k) {
    StructuredOperand operand;
    operand.name = k < numInputs ? "ins operand #" + std::to_string(k + 1)
                                 : "outs operand #" + std::to_string(k - numInputs + 1);
    operand.value = &frame.lookup(op.getOperand(k));
    operand.isShaped = llvm::isa<mlir::ShapedType>(op.getOperand(k).getType());
    operand.map = maps[k];
    if (operand.map.getNumSymbols() != 0)
      fail(op.getLoc(), opName + ": " + operand.name + ": indexing maps with symbols are not supported");
    if (operand.isShaped) {
      if (!operand.value->isTensor() || operand.value->shape().size() != operand.map.getNumResults())
        fail(op.getLoc(), opName + ": " + operand.name + " has runtime shape " +
                              (operand.value->isTensor()
                                   ? "tensor<" + shapeToString(operand.value->shape()) + ">"
                                   : std::string("scalar")) +
                              " but its indexing map " + mapToString(operand.map) + " has " +
                              std::to_string(operand.map.getNumResults()) + " results");
      operand.strides = rowMajorStrides(operand.value->shape());
      for (mlir::AffineExpr expr : operand.map.getResults()) {
        auto dim = llvm::dyn_cast<mlir::AffineDimExpr>(expr);
        operand.bareLoop.push_back(dim ? int(dim.getPosition()) : -1);
      }
    } else if (operand.map.getNumResults() != 0) {
      fail(op.getLoc(), "internal error: " + opName + ": scalar " + operand.name +
                            " has a non-empty indexing map");
    }
    operands.push_back(std::move(operand));
  }

  // [linalg.loop-bounds] Loop sizes: the first operand dimension indexed by
  // the bare loop dim (linalg's shapes-to-loops map); every other dimension
  // indexed by that bare dim must have the same size.
  std::vector<int64_t> loopSize(numLoops, -1);
  std::vector<std::string> loopOrigin(numLoops);
  for (const StructuredOperand &operand : operands)
    for (size_t r = 0; r < operand.bareLoop.size(); ++r) {
      int d = operand.bareLoop[r];
      if (d < 0)
        continue;
      int64_t size = operand.value->shape()[r];
      std::string where = operand.name + " dimension " + std::to_string(r);
      if (loopSize[size_t(d)] < 0) {
        loopSize[size_t(d)] = size;
        loopOrigin[size_t(d)] = where;
      } else if (loopSize[size_t(d)] != size) {
        fail(op.getLoc(), opName + ": size mismatch for loop d" + std::to_string(d) + ": " +
                              loopOrigin[size_t(d)] + " has size " +
                              std::to_string(loopSize[size_t(d)]) + " but " + where +
                              " has size " + std::to_string(size));
      }
    }
  for (unsigned d = 0; d < numLoops; ++d)
    if (loopSize[d] < 0)
      fail(op.getLoc(), opName + ": cannot infer the size of loop d" + std::to_string(d) +
                            ": no operand dimension is indexed by d" + std::to_string(d) +
                            " alone");

  bool empty = false;
  for (int64_t size : loopSize)
    empty |= size == 0;

  if (interp.options().fastPaths && !empty) {
    // [fast.contraction] An integer multiply-accumulate without its payload.
    if (std::optional<fast::ContractionPlan> plan = fast::planContraction(op)) {
      std::vector<const RuntimeValue *> values;
      for (const StructuredOperand &operand : operands)
        values.push_back(operand.value);
      if (std::optional<RuntimeValue> result = fast::contract(*plan, values, loopSize)) {
        std::vector<RuntimeValue> results;
        results.push_back(std::move(*result));
        bindResults(interp, frame, op, results);
        interp.countFastPath(&FastPathUse::linalgContraction);
        return;
      }
    }
    // [fast.linalg-columns] The payload over chunks of points at once.
    std::vector<ColumnsOperand> columnsOperands;
    for (const StructuredOperand &operand : operands)
      columnsOperands.push_back({operand.value, operand.isShaped, operand.map});
    if (std::optional<std::vector<RuntimeValue>> results =
            evalStructuredByColumns(interp, frame, linalgOp, columnsOperands, loopSize)) {
      bindResults(interp, frame, op, *results);
      interp.countFastPath(&FastPathUse::linalgColumns);
      return;
    }
  }

  // The results start as copies of the inits and are updated in place. Their
  // poison bits are kept apart and applied at the end, so that a result
  // without poison elements has no poison mask at all.
  std::vector<RuntimeValue> results;
  std::vector<std::vector<uint8_t>> resultPoison(numInits);
  results.reserve(numInits);
  for (unsigned j = 0; j < numInits; ++j) {
    const RuntimeValue &init = *operands[numInputs + j].value;
    results.push_back(RuntimeValue::tensor(init.elementType(), init.shape()));
    resultPoison[j].assign(size_t(init.size()), 0);
    for (int64_t i = 0; i < init.size(); ++i) {
      results[j].set(i, init.get(i));
      resultPoison[j][size_t(i)] = init.isPoison(i);
    }
  }

  mlir::Region &region = op.getRegion(0);
  std::vector<int64_t> point(numLoops, 0);
  std::vector<int64_t> initFlat(numInits, 0);
  llvm::SmallVector<int64_t, 8> scratch;
  ActiveLoopScope scope(&op, &point);
  while (!empty) {
    // [linalg.generic] One payload run per iteration point, lexicographic order.
    std::vector<RuntimeValue> arguments;
    arguments.reserve(numInputs + numInits);
    for (unsigned k = 0; k < numInputs; ++k) {
      const StructuredOperand &operand = operands[k];
      if (!operand.isShaped)
        arguments.push_back(*operand.value);
      else
        arguments.push_back(
            elementOf(*operand.value, flatIndex(operand, point, scratch, op, opName)));
    }
    for (unsigned j = 0; j < numInits; ++j) {
      initFlat[j] = flatIndex(operands[numInputs + j], point, scratch, op, opName);
      RuntimeValue current = RuntimeValue::scalar(results[j].elementType());
      current.set(0, results[j].get(initFlat[j]));
      if (resultPoison[j][size_t(initFlat[j])])
        current.setPoison(0);
      arguments.push_back(std::move(current));
    }
    std::vector<RuntimeValue> yielded;
    try {
      yielded = interp.runRegion(region, std::move(arguments), frame);
    } catch (const EvalError &e) {
      if (hasSourcePosition(e.location))
        throw;
      // [linalg.named] 4: an error of a payload op MLIR built from the op's
      // definition is reported at the op, with the iteration point.
      fail(op.getLoc(), opName + ": at iteration (" + joined(point) + "): " + e.message);
    }
    if (yielded.size() != numInits)
      fail(op.getLoc(), "internal error: " + opName + " payload yields " +
                            std::to_string(yielded.size()) + " values for " +
                            std::to_string(numInits) + " outputs");
    for (unsigned j = 0; j < numInits; ++j) {
      const RuntimeValue &value = yielded[j];
      if (value.isTensor() || value.elementType().bitWidth() != results[j].elementType().bitWidth())
        fail(op.getLoc(), "internal error: " + opName + " payload yields a value of element type " +
                              value.elementType().toString() + " for an output of " +
                              results[j].elementType().toString());
      results[j].set(initFlat[j], value.get(0));
      resultPoison[j][size_t(initFlat[j])] = value.isPoison(0);
    }
    // Next point: the last loop varies fastest.
    int d = int(numLoops) - 1;
    for (; d >= 0; --d) {
      if (++point[size_t(d)] < loopSize[size_t(d)])
        break;
      point[size_t(d)] = 0;
    }
    if (d < 0)
      break;
  }

  for (unsigned j = 0; j < numInits; ++j)
    for (size_t i = 0; i < resultPoison[j].size(); ++i)
      if (resultPoison[j][i])
        results[j].setPoison(int64_t(i));
  bindResults(interp, frame, op, results);
}

namespace {

/// [linalg.index] The current iteration index of loop `dim` of the closest
/// enclosing structured op.
void evalIndex(Interpreter &, Frame &frame, mlir::Operation &op) {
  auto index = llvm::cast<mlir::linalg::IndexOp>(op);
  mlir::Operation *parent = op.getParentOfType<mlir::linalg::LinalgOp>();
  for (auto it = activeLoops.rbegin(); it != activeLoops.rend(); ++it) {
    if (it->op != parent)
      continue;
    uint64_t dim = index.getDim();
    if (dim >= it->indices->size())
      fail(op.getLoc(), "linalg.index: dimension " + std::to_string(dim) +
                            " is not a loop of the enclosing op");
    RuntimeValue value = RuntimeValue::scalar(ElementType::makeIndex());
    value.set(0, numeric::Bits(uint64_t((*it->indices)[dim])));
    frame.bind(index.getResult(), std::move(value));
    return;
  }
  fail(op.getLoc(), "internal error: linalg.index outside of a running linalg op");
}

} // namespace

void registerLinalgOps(llvm::StringMap<OpEvaluator> &table) {
  for (const char *name : {"linalg.generic", "linalg.fill", "linalg.map", "linalg.broadcast",
                           "linalg.transpose", "linalg.reduce", "linalg.copy"})
    table[name] = evalStructured;
  table["linalg.index"] = evalIndex;
}

} // namespace qi::eval
