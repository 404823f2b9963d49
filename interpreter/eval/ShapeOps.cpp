//===- ShapeOps.cpp - shape dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-tensor.md [shape.*]. Only the forms on extent tensors
// (1-D index tensors, tensor<?xindex>) and index are evaluated; !shape.shape,
// !shape.size and !shape.value_shape operands or results are reported as
// unsupported types. Witnesses (!shape.witness) are held internally as i1
// scalars (1 = passing). [shape.common], [shape.witness]
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Interpreter.h"
#include "interpreter/eval/ShapeSupport.h"

#include "interpreter/ir/AttributeConversion.h"

#include "mlir/Dialect/Shape/IR/Shape.h"

namespace qi::eval {

using namespace shapesupport;

namespace {

/// [shape.common] Rejects the error-carrying shape dialect types.
void checkShapeTypes(mlir::Operation &op) {
  auto check = [&](mlir::Type type) {
    if (llvm::isa<mlir::shape::ShapeType, mlir::shape::SizeType,
                  mlir::shape::ValueShapeType>(type))
      fail(op.getLoc(), opName(op) + ": unsupported type " + ir::typeToString(type) +
                            " (only extent tensors tensor<?xindex> and index are supported)");
  };
  for (mlir::Type type : op.getOperandTypes())
    check(type);
  for (mlir::Type type : op.getResultTypes())
    check(type);
}

/// Wraps an evaluator with the type check.
OpEvaluator checked(OpEvaluator evaluator) {
  return [evaluator](Interpreter &interp, Frame &frame, mlir::Operation &op) {
    checkShapeTypes(op);
    evaluator(interp, frame, op);
  };
}

void bindChecked(Interpreter &interp, Frame &frame, mlir::Operation &op, mlir::Value result,
                 RuntimeValue value) {
  interp.checkResult(value, result.getType(), op.getLoc(), opName(op) + ": result");
  frame.bind(result, std::move(value));
}

/// The extent tensor operand `ssa` (a 1-D tensor of index).
const RuntimeValue &extentTensor(Frame &frame, mlir::Operation &op, mlir::Value ssa) {
  const RuntimeValue &value = frame.lookup(ssa);
  if (!value.isTensor() || value.shape().size() != 1)
    fail(op.getLoc(), opName(op) + ": internal error: expected a 1-D extent tensor");
  return value;
}

/// The extents of an extent tensor operand as numbers, for ops whose result
/// depends on comparing them: a poison or negative extent is an error.
std::vector<int64_t> extentValues(Frame &frame, mlir::Operation &op, mlir::Value ssa,
                                  const std::string &what) {
  const RuntimeValue &value = extentTensor(frame, op, ssa);
  std::vector<int64_t> extents;
  for (int64_t i = 0; i < value.size(); ++i) {
    if (value.isPoison(i))
      fail(op.getLoc(), opName(op) + ": extent " + std::to_string(i) + " of " + what +
                            " is poison");
    extents.push_back(readInt(value, i));
    if (extents.back() < 0)
      fail(op.getLoc(), opName(op) + ": " + what + " holds a negative extent " +
                            std::to_string(extents.back()) + " at position " +
                            std::to_string(i));
  }
  return extents;
}

/// Elements [begin, end) of a 1-D value, poison kept.
RuntimeValue slice1d(const RuntimeValue &value, int64_t begin, int64_t end) {
  RuntimeValue result = RuntimeValue::tensor(value.elementType(), {end - begin});
  for (int64_t i = begin; i < end; ++i)
    copyElement(result, i - begin, value, i);
  return result;
}

/// [shape.shape_of]
void evalShapeOf(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto shapeOf = llvm::cast<mlir::shape::ShapeOfOp>(op);
  const RuntimeValue &arg = frame.lookup(shapeOf.getArg());
  bindChecked(interp, frame, op, shapeOf.getResult(), makeIndexTensor(arg.shape()));
}

/// [shape.const_shape]
void evalConstShape(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto constShape = llvm::cast<mlir::shape::ConstShapeOp>(op);
  std::string error;
  std::optional<RuntimeValue> value =
      ir::valueFromAttribute(constShape.getShape(), ElementType::makeIndex(), error);
  if (!value)
    fail(op.getLoc(), "shape.const_shape: " + error);
  bindChecked(interp, frame, op, constShape.getResult(), std::move(*value));
}

/// [shape.num_elements] Product of the extents; poison if any extent is.
void evalNumElements(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto num = llvm::cast<mlir::shape::NumElementsOp>(op);
  const RuntimeValue &shape = extentTensor(frame, op, num.getShape());
  std::vector<int64_t> extents;
  bool poison = false;
  for (int64_t i = 0; i < shape.size(); ++i) {
    poison = poison || shape.isPoison(i);
    extents.push_back(readInt(shape, i));
  }
  RuntimeValue result = makeIndexScalar(0);
  if (poison) {
    result.setPoison(0);
  } else {
    for (auto [i, e] : llvm::enumerate(extents))
      if (e < 0)
        fail(op.getLoc(), "shape.num_elements: negative extent " + std::to_string(e) +
                              " at position " + std::to_string(i) + " of " +
                              listToString(extents));
    std::optional<int64_t> product = checkedProduct(extents);
    if (!product)
      fail(op.getLoc(), "shape.num_elements: the product of " + listToString(extents) +
                            " overflows index (64 bits)");
    result.set(0, indexBits(*product));
  }
  frame.bind(num.getResult(), std::move(result));
}

/// [shape.rank]
void evalRank(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto rank = llvm::cast<mlir::shape::RankOp>(op);
  const RuntimeValue &shape = extentTensor(frame, op, rank.getShape());
  frame.bind(rank.getRank(), makeIndexScalar(shape.size()));
}

/// The extents of a 1-D value for messages (a poison extent shows its bits).
std::vector<int64_t> extentValuesOrRaw(const RuntimeValue &shape) {
  std::vector<int64_t> extents;
  for (int64_t i = 0; i < shape.size(); ++i)
    extents.push_back(readInt(shape, i));
  return extents;
}

/// [shape.split_at] A negative index counts from the back; outside
/// [-rank, rank] it is an error.
void evalSplitAt(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto split = llvm::cast<mlir::shape::SplitAtOp>(op);
  const RuntimeValue &shape = extentTensor(frame, op, split.getOperand());
  int64_t index = scalarInt(frame, op, split.getIndex(), "index");
  int64_t rank = shape.size();
  if (index < -rank || index > rank)
    fail(op.getLoc(), "shape.split_at: index " + std::to_string(index) +
                          " is outside [-" + std::to_string(rank) + ", " +
                          std::to_string(rank) + "] for the shape " +
                          listToString(extentValuesOrRaw(shape)));
  int64_t at = index < 0 ? index + rank : index;
  bindChecked(interp, frame, op, split.getHead(), slice1d(shape, 0, at));
  bindChecked(interp, frame, op, split.getTail(), slice1d(shape, at, rank));
}

/// [shape.get_extent]
void evalGetExtent(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto get = llvm::cast<mlir::shape::GetExtentOp>(op);
  const RuntimeValue &shape = extentTensor(frame, op, get.getShape());
  int64_t dim = scalarInt(frame, op, get.getDim(), "dimension");
  if (dim < 0 || dim >= shape.size())
    fail(op.getLoc(), "shape.get_extent: dimension " + std::to_string(dim) +
                          " is out of range for the shape " +
                          listToString(extentValuesOrRaw(shape)) + " of rank " +
                          std::to_string(shape.size()));
  RuntimeValue result = RuntimeValue::scalar(ElementType::makeIndex());
  copyElement(result, 0, shape, dim);
  frame.bind(get.getExtent(), std::move(result));
}

/// [shape.dim]
void evalDim(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto dimOp = llvm::cast<mlir::shape::DimOp>(op);
  const RuntimeValue &value = frame.lookup(dimOp.getValue());
  int64_t dim = scalarInt(frame, op, dimOp.getIndex(), "dimension");
  int64_t rank = int64_t(value.shape().size());
  if (dim < 0 || dim >= rank)
    fail(op.getLoc(), "shape.dim: dimension " + std::to_string(dim) +
                          " is out of range for a tensor of rank " + std::to_string(rank) +
                          " (runtime shape " + runtimeShape(value) + ")");
  frame.bind(dimOp.getExtent(), makeIndexScalar(value.shape()[size_t(dim)]));
}

/// [shape.to_extent_tensor]
void evalToExtentTensor(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto to = llvm::cast<mlir::shape::ToExtentTensorOp>(op);
  bindChecked(interp, frame, op, to.getResult(), extentTensor(frame, op, to.getInput()));
}

/// [shape.size_to_index] On index: the identity.
void evalSizeToIndex(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto to = llvm::cast<mlir::shape::SizeToIndexOp>(op);
  frame.bind(to.getResult(), frame.lookup(to.getArg()));
}

/// Always fails in checkShapeTypes (the result is !shape.size / !shape.shape).
void evalUnsupportedTyped(Interpreter &, Frame &, mlir::Operation &op) {
  fail(op.getLoc(), opName(op) + ": unsupported (its operands or results have shape "
                                 "dialect types)");
}

/// [shape.concat]
void evalConcat(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto concat = llvm::cast<mlir::shape::ConcatOp>(op);
  const RuntimeValue &lhs = extentTensor(frame, op, concat.getLhs());
  const RuntimeValue &rhs = extentTensor(frame, op, concat.getRhs());
  RuntimeValue result = RuntimeValue::tensor(ElementType::makeIndex(), {lhs.size() + rhs.size()});
  for (int64_t i = 0; i < lhs.size(); ++i)
    copyElement(result, i, lhs, i);
  for (int64_t i = 0; i < rhs.size(); ++i)
    copyElement(result, lhs.size() + i, rhs, i);
  bindChecked(interp, frame, op, concat.getResult(), std::move(result));
}

/// Broadcast of extent lists, or nullopt with `conflict` set.
std::optional<std::vector<int64_t>> broadcastExtents(
    const std::vector<std::vector<int64_t>> &shapes, std::string &conflict) {
  size_t rank = 0;
  for (const auto &s : shapes)
    rank = std::max(rank, s.size());
  std::vector<int64_t> result(rank, 1);
  for (const auto &s : shapes)
    for (size_t k = 0; k < s.size(); ++k) {
      size_t d = rank - s.size() + k;
      int64_t e = s[k];
      if (e == 1 || e == result[d])
        continue;
      if (result[d] != 1) {
        conflict = "extents " + std::to_string(result[d]) + " and " + std::to_string(e) +
                   " in dimension " + std::to_string(d) + " of the result";
        return std::nullopt;
      }
      result[d] = e;
    }
  return result;
}

std::vector<std::vector<int64_t>> allExtents(Frame &frame, mlir::Operation &op,
                                             mlir::Operation::operand_range shapes) {
  std::vector<std::vector<int64_t>> all;
  for (auto [k, ssa] : llvm::enumerate(shapes))
    all.push_back(extentValues(frame, op, ssa, "operand #" + std::to_string(k)));
  return all;
}

std::string shapesToString(const std::vector<std::vector<int64_t>> &shapes) {
  std::string text;
  for (size_t i = 0; i < shapes.size(); ++i)
    text += (i ? ", " : "") + listToString(shapes[i]);
  return text;
}

/// [shape.broadcast] Incompatible extents are an error.
void evalBroadcast(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto broadcast = llvm::cast<mlir::shape::BroadcastOp>(op);
  auto shapes = allExtents(frame, op, broadcast.getShapes());
  std::string conflict;
  auto result = broadcastExtents(shapes, conflict);
  if (!result)
    fail(op.getLoc(), "shape.broadcast: shapes " + shapesToString(shapes) +
                          " are not broadcastable (" + conflict + ")" +
                          (broadcast.getErrorAttr()
                               ? ": " + broadcast.getErrorAttr().getValue().str()
                               : std::string()));
  bindChecked(interp, frame, op, broadcast.getResult(), makeIndexTensor(*result));
}

RuntimeValue makeI1(bool value) {
  RuntimeValue r = RuntimeValue::scalar(ElementType::makeInteger(1));
  r.set(0, value ? 1 : 0);
  return r;
}

/// [shape.is_broadcastable]
void evalIsBroadcastable(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto is = llvm::cast<mlir::shape::IsBroadcastableOp>(op);
  std::string conflict;
  bool ok = broadcastExtents(allExtents(frame, op, is.getShapes()), conflict).has_value();
  frame.bind(is.getResult(), makeI1(ok));
}

/// [shape.shape_eq]
void evalShapeEq(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto eq = llvm::cast<mlir::shape::ShapeEqOp>(op);
  auto shapes = allExtents(frame, op, eq.getShapes());
  bool equal = true;
  for (const auto &s : shapes)
    equal = equal && s == shapes.front();
  frame.bind(eq.getResult(), makeI1(equal));
}

/// [shape.add] [shape.mul] [shape.div] on index:
/// poison in, poison out; add and mul wrap modulo 2^64 (as arith.addi/muli,
/// which they lower to); div rounds toward -inf, by zero it is an error.
template <typename BinOp>
void evalIndexBinary(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto bin = llvm::cast<BinOp>(op);
  const RuntimeValue &lhs = frame.lookup(bin.getLhs());
  const RuntimeValue &rhs = frame.lookup(bin.getRhs());
  RuntimeValue result = makeIndexScalar(0);
  if (lhs.isPoison(0) || rhs.isPoison(0)) {
    result.setPoison(0);
    frame.bind(bin.getResult(), std::move(result));
    return;
  }
  int64_t a = readInt(lhs, 0), b = readInt(rhs, 0), r = 0;
  if constexpr (std::is_same_v<BinOp, mlir::shape::AddOp>) {
    r = int64_t(uint64_t(a) + uint64_t(b));
  } else if constexpr (std::is_same_v<BinOp, mlir::shape::MulOp>) {
    r = int64_t(uint64_t(a) * uint64_t(b));
  } else {
    if (b == 0)
      fail(op.getLoc(), "shape.div: division by zero (" + std::to_string(a) + " / 0)");
    if (a == INT64_MIN && b == -1)
      fail(op.getLoc(), "shape.div: " + std::to_string(a) + " / -1 overflows index");
    r = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
      --r;
  }
  result.set(0, indexBits(r));
  frame.bind(bin.getResult(), std::move(result));
}

// --- witnesses [shape.witness] ------------------------------------------------

/// [shape.cstr_broadcastable] Fails at the op when the shapes do not broadcast.
void evalCstrBroadcastable(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto cstr = llvm::cast<mlir::shape::CstrBroadcastableOp>(op);
  auto shapes = allExtents(frame, op, cstr.getShapes());
  std::string conflict;
  if (!broadcastExtents(shapes, conflict))
    fail(op.getLoc(), "shape.cstr_broadcastable: shapes " + shapesToString(shapes) +
                          " are not broadcastable (" + conflict + ")");
  frame.bind(cstr.getResult(), makeI1(true));
}

/// [shape.cstr_eq]
void evalCstrEq(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto cstr = llvm::cast<mlir::shape::CstrEqOp>(op);
  auto shapes = allExtents(frame, op, cstr.getShapes());
  for (const auto &s : shapes)
    if (s != shapes.front())
      fail(op.getLoc(), "shape.cstr_eq: shapes " + shapesToString(shapes) + " differ");
  frame.bind(cstr.getResult(), makeI1(true));
}

/// [shape.cstr_require]
void evalCstrRequire(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto cstr = llvm::cast<mlir::shape::CstrRequireOp>(op);
  const RuntimeValue &pred = frame.lookup(cstr.getPred());
  if (pred.isPoison(0))
    fail(op.getLoc(), "shape.cstr_require: the predicate is poison (" + cstr.getMsg().str() +
                          ")");
  if ((pred.get(0) & 1) == 0)
    fail(op.getLoc(), "shape.cstr_require: requirement failed: " + cstr.getMsg().str());
  frame.bind(cstr.getResult(), makeI1(true));
}

/// [shape.const_witness]
void evalConstWitness(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto witness = llvm::cast<mlir::shape::ConstWitnessOp>(op);
  frame.bind(witness.getResult(), makeI1(witness.getPassing()));
}

/// [shape.assuming_all]
void evalAssumingAll(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto all = llvm::cast<mlir::shape::AssumingAllOp>(op);
  bool passing = true;
  for (mlir::Value input : all.getInputs())
    passing = passing && (frame.lookup(input).get(0) & 1);
  frame.bind(all.getResult(), makeI1(passing));
}

/// [shape.assuming] Runs the region when the witness passes, else an error.
void evalAssuming(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto assuming = llvm::cast<mlir::shape::AssumingOp>(op);
  if ((frame.lookup(assuming.getWitness()).get(0) & 1) == 0)
    fail(op.getLoc(), "shape.assuming: the witness does not hold");
  std::vector<RuntimeValue> results = interp.runRegion(assuming.getDoRegion(), {}, frame);
  for (auto [result, value] : llvm::zip(assuming.getResults(), results))
    bindChecked(interp, frame, op, result, std::move(value));
}

} // namespace

void registerShapeOps(llvm::StringMap<OpEvaluator> &table) {
  table["shape.shape_of"] = checked(evalShapeOf);
  table["shape.const_shape"] = checked(evalConstShape);
  table["shape.num_elements"] = checked(evalNumElements);
  table["shape.rank"] = checked(evalRank);
  table["shape.split_at"] = checked(evalSplitAt);
  table["shape.get_extent"] = checked(evalGetExtent);
  table["shape.dim"] = checked(evalDim);
  table["shape.to_extent_tensor"] = checked(evalToExtentTensor);
  table["shape.size_to_index"] = checked(evalSizeToIndex);
  table["shape.concat"] = checked(evalConcat);
  table["shape.broadcast"] = checked(evalBroadcast);
  table["shape.is_broadcastable"] = checked(evalIsBroadcastable);
  table["shape.shape_eq"] = checked(evalShapeEq);
  table["shape.add"] = checked(evalIndexBinary<mlir::shape::AddOp>);
  table["shape.mul"] = checked(evalIndexBinary<mlir::shape::MulOp>);
  table["shape.div"] = checked(evalIndexBinary<mlir::shape::DivOp>);
  // Always of a shape dialect type: reported as such by the type check.
  for (const char *name : {"shape.index_to_size", "shape.from_extents",
                           "shape.from_extent_tensor", "shape.const_size", "shape.value_of",
                           "shape.with_shape", "shape.max", "shape.min"})
    table[name] = checked(evalUnsupportedTyped);
  table["shape.cstr_broadcastable"] = checked(evalCstrBroadcastable);
  table["shape.cstr_eq"] = checked(evalCstrEq);
  table["shape.cstr_require"] = checked(evalCstrRequire);
  table["shape.const_witness"] = checked(evalConstWitness);
  table["shape.assuming_all"] = checked(evalAssumingAll);
  table["shape.assuming"] = checked(evalAssuming);
}

} // namespace qi::eval
