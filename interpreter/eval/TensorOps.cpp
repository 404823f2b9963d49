//===- TensorOps.cpp - tensor dialect evaluators ------------------------------===//
//
// Spec: spec/lowered-tensor.md [tensor.*]. Tensor ops move elements (bits and
// poison bit together) and compute shapes; every runtime check MLIR leaves
// undefined (out-of-bounds index, element count mismatch, negative size, ...)
// is an EvalError at the op naming the values involved.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Interpreter.h"
#include "interpreter/eval/ShapeSupport.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SmallBitVector.h"

namespace qi::eval {

using namespace shapesupport;

namespace {

/// Binds `value` to `result` after checking it fits the result's declared type.
void bindChecked(Interpreter &interp, Frame &frame, mlir::Operation &op, mlir::Value result,
                 RuntimeValue value) {
  interp.checkResult(value, result.getType(), op.getLoc(), opName(op) + ": result");
  frame.bind(result, std::move(value));
}

/// Advances a row-major multi-index over `shape`; false after the last one.
bool nextIndex(std::vector<int64_t> &index, const Shape &shape) {
  for (size_t d = shape.size(); d-- > 0;) {
    if (++index[d] < shape[d])
      return true;
    index[d] = 0;
  }
  return false;
}

/// Flat row-major position of `index` in a tensor of `shape`.
int64_t flatten(const std::vector<int64_t> &index, const Shape &shape) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    flat = flat * shape[d] + index[d];
  return flat;
}

/// The tensor operand `ssa` (an error if the value is a scalar: cannot happen
/// in verified IR, checked for robustness).
const RuntimeValue &tensorOperand(Frame &frame, mlir::Operation &op, mlir::Value ssa) {
  const RuntimeValue &value = frame.lookup(ssa);
  if (!value.isTensor())
    fail(op.getLoc(), opName(op) + ": internal error: expected a tensor operand");
  return value;
}

/// Sizes of a new tensor of ranked type `type` whose dynamic dimensions take,
/// in order, the values of `dynamicSizes`. [tensor.common]
Shape shapeWithDynamicSizes(mlir::Operation &op, mlir::RankedTensorType type,
                            mlir::Operation::operand_range dynamicSizes, Frame &frame) {
  Shape shape;
  auto next = dynamicSizes.begin();
  for (auto [d, size] : llvm::enumerate(type.getShape())) {
    if (!mlir::ShapedType::isDynamic(size)) {
      shape.push_back(size);
      continue;
    }
    if (next == dynamicSizes.end())
      fail(op.getLoc(), opName(op) + ": internal error: too few dynamic sizes");
    std::string what = "dynamic size of dimension " + std::to_string(d);
    int64_t value = scalarInt(frame, op, *next++, what);
    if (value < 0)
      fail(op.getLoc(), opName(op) + ": " + what + " is negative (" + std::to_string(value) +
                            ")");
    shape.push_back(value);
  }
  checkNewShape(op, shape);
  return shape;
}

/// Static entries of a mixed static/dynamic list, kDynamic entries taken in
/// order from `dynamic`. `what` names the list ("offset", "size", ...).
std::vector<int64_t> mixedValues(mlir::Operation &op, llvm::ArrayRef<int64_t> statics,
                                 mlir::Operation::operand_range dynamic, Frame &frame,
                                 const std::string &what) {
  std::vector<int64_t> values;
  auto next = dynamic.begin();
  for (auto [d, value] : llvm::enumerate(statics)) {
    if (!mlir::ShapedType::isDynamic(value)) {
      values.push_back(value);
      continue;
    }
    if (next == dynamic.end())
      fail(op.getLoc(), opName(op) + ": internal error: too few dynamic " + what + "s");
    values.push_back(scalarInt(frame, op, *next++, what + " #" + std::to_string(d)));
  }
  return values;
}

/// Reads indices as operand values and checks them against `shape`.
/// [tensor.extract], [tensor.insert]
int64_t checkedPosition(Frame &frame, mlir::Operation &op, mlir::Operation::operand_range indices,
                        const RuntimeValue &tensor) {
  std::vector<int64_t> index;
  for (auto [d, ssa] : llvm::enumerate(indices)) {
    int64_t i = scalarInt(frame, op, ssa, "index #" + std::to_string(d));
    if (i < 0 || i >= tensor.shape()[d])
      fail(op.getLoc(), opName(op) + ": index " + std::to_string(i) +
                            " is out of bounds for dimension " + std::to_string(d) +
                            " of size " + std::to_string(tensor.shape()[d]) +
                            " (runtime shape " + runtimeShape(tensor) + ")");
    index.push_back(i);
  }
  if (index.size() != tensor.shape().size())
    fail(op.getLoc(), opName(op) + ": internal error: index count does not match the rank");
  return flatten(index, tensor.shape());
}

/// A copy of `source`'s elements (row-major order kept) with shape `shape`.
RuntimeValue withShape(const RuntimeValue &source, Shape shape) {
  RuntimeValue result = RuntimeValue::tensor(source.elementType(), std::move(shape));
  for (int64_t i = 0; i < source.size(); ++i)
    copyElement(result, i, source, i);
  return result;
}

// --- ops -------------------------------------------------------------------

/// [tensor.empty] Every element is poison (the contents are unspecified).
void evalEmpty(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto empty = llvm::cast<mlir::tensor::EmptyOp>(op);
  ir::ValueType type = interp.valueType(empty.getType(), op.getLoc());
  Shape shape = shapeWithDynamicSizes(op, empty.getType(), empty.getDynamicSizes(), frame);
  RuntimeValue result = RuntimeValue::tensor(type.element, std::move(shape));
  for (int64_t i = 0; i < result.size(); ++i)
    result.setPoison(i);
  frame.bind(empty.getResult(), std::move(result));
}

/// [tensor.splat]
void evalSplat(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto splat = llvm::cast<mlir::tensor::SplatOp>(op);
  auto type = llvm::cast<mlir::RankedTensorType>(splat.getAggregate().getType());
  ir::ValueType valueType = interp.valueType(type, op.getLoc());
  Shape shape = shapeWithDynamicSizes(op, type, splat.getDynamicSizes(), frame);
  const RuntimeValue &input = frame.lookup(splat.getInput());
  RuntimeValue result = RuntimeValue::tensor(valueType.element, std::move(shape));
  fillWith(result, input);
  frame.bind(splat.getAggregate(), std::move(result));
}

/// [tensor.from_elements]
void evalFromElements(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto from = llvm::cast<mlir::tensor::FromElementsOp>(op);
  auto type = from.getResult().getType();
  ir::ValueType valueType = interp.valueType(type, op.getLoc());
  Shape shape(type.getShape().begin(), type.getShape().end());
  RuntimeValue result = RuntimeValue::tensor(valueType.element, shape);
  if (int64_t(from.getElements().size()) != result.size())
    fail(op.getLoc(), "tensor.from_elements: " + std::to_string(from.getElements().size()) +
                          " elements for a result of " + std::to_string(result.size()) +
                          " elements (" + valueType.spelling + ")");
  for (auto [i, element] : llvm::enumerate(from.getElements()))
    copyElement(result, int64_t(i), frame.lookup(element), 0);
  frame.bind(from.getResult(), std::move(result));
}

/// [tensor.reshape]
void evalReshape(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto reshape = llvm::cast<mlir::tensor::ReshapeOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, reshape.getSource());
  const RuntimeValue &shapeValue = tensorOperand(frame, op, reshape.getShape());
  Shape shape;
  for (int64_t i = 0; i < shapeValue.size(); ++i) {
    if (shapeValue.isPoison(i))
      fail(op.getLoc(), "tensor.reshape: element " + std::to_string(i) +
                            " of the shape operand is poison");
    shape.push_back(readInt(shapeValue, i));
  }
  for (auto [i, size] : llvm::enumerate(shape))
    if (size < 0)
      fail(op.getLoc(), "tensor.reshape: shape operand " + listToString(shape) +
                            " has a negative size at position " + std::to_string(i));
  std::optional<int64_t> count = checkedProduct(shape);
  if (!count || *count != source.size())
    fail(op.getLoc(), "tensor.reshape: shape operand " + listToString(shape) + " has " +
                          (count ? std::to_string(*count) : std::string("too many")) +
                          " elements but the source (runtime shape " + runtimeShape(source) +
                          ") has " + std::to_string(source.size()));
  bindChecked(interp, frame, op, reshape.getResult(), withShape(source, std::move(shape)));
}

/// [tensor.dim]
void evalDim(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto dim = llvm::cast<mlir::tensor::DimOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, dim.getSource());
  int64_t index = scalarInt(frame, op, dim.getIndex(), "dimension index");
  int64_t rank = int64_t(source.shape().size());
  if (index < 0 || index >= rank)
    fail(op.getLoc(), "tensor.dim: dimension index " + std::to_string(index) +
                          " is out of range for a tensor of rank " + std::to_string(rank) +
                          " (runtime shape " + runtimeShape(source) + ")");
  frame.bind(dim.getResult(), makeIndexScalar(source.shape()[size_t(index)]));
}

/// [tensor.rank]
void evalRank(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto rank = llvm::cast<mlir::tensor::RankOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, rank.getTensor());
  frame.bind(rank.getResult(), makeIndexScalar(int64_t(source.shape().size())));
}

/// [tensor.cast]
void evalCast(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto cast = llvm::cast<mlir::tensor::CastOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, cast.getSource());
  ir::ValueType type = interp.valueType(cast.getDest().getType(), op.getLoc());
  if (!type.accepts(true, source.shape()))
    fail(op.getLoc(), "tensor.cast: source runtime shape " + runtimeShape(source) +
                          " does not fit the result type " + type.spelling);
  frame.bind(cast.getDest(), source);
}

/// [tensor.bitcast]
void evalBitcast(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto cast = llvm::cast<mlir::tensor::BitcastOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, cast.getSource());
  ir::ValueType type = interp.valueType(cast.getDest().getType(), op.getLoc());
  if (type.element.bitWidth() != source.elementType().bitWidth())
    fail(op.getLoc(), "tensor.bitcast: element widths differ (" +
                          source.elementType().toString() + " to " + type.element.toString() +
                          ")");
  bindChecked(interp, frame, op, cast.getDest(), source.withElementType(type.element));
}

/// [tensor.extract]
void evalExtract(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto extract = llvm::cast<mlir::tensor::ExtractOp>(op);
  const RuntimeValue &tensor = tensorOperand(frame, op, extract.getTensor());
  int64_t position = checkedPosition(frame, op, extract.getIndices(), tensor);
  RuntimeValue result = RuntimeValue::scalar(tensor.elementType());
  copyElement(result, 0, tensor, position);
  frame.bind(extract.getResult(), std::move(result));
}

/// [tensor.insert]
void evalInsert(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto insert = llvm::cast<mlir::tensor::InsertOp>(op);
  const RuntimeValue &dest = tensorOperand(frame, op, insert.getDest());
  int64_t position = checkedPosition(frame, op, insert.getIndices(), dest);
  RuntimeValue result = dest;
  const RuntimeValue &scalar = frame.lookup(insert.getScalar());
  storeElement(result, position, scalar.get(0), scalar.isPoison(0));
  frame.bind(insert.getResult(), std::move(result));
}

/// [tensor.generate]
void evalGenerate(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto generate = llvm::cast<mlir::tensor::GenerateOp>(op);
  auto type = generate.getResult().getType();
  ir::ValueType valueType = interp.valueType(type, op.getLoc());
  Shape shape = shapeWithDynamicSizes(op, type, generate.getDynamicExtents(), frame);
  RuntimeValue result = RuntimeValue::tensor(valueType.element, shape);
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t i = 0; i < result.size(); ++i, nextIndex(index, shape)) {
    std::vector<RuntimeValue> arguments;
    for (int64_t v : index)
      arguments.push_back(makeIndexScalar(v));
    std::vector<RuntimeValue> yielded =
        interp.runRegion(generate.getBody(), std::move(arguments), frame);
    if (yielded.size() != 1 || yielded[0].isTensor())
      fail(op.getLoc(), "tensor.generate: the body must yield one scalar");
    copyElement(result, i, yielded[0], 0);
  }
  frame.bind(generate.getResult(), std::move(result));
}

/// [tensor.pad] Region arguments are the indices of the result element.
void evalPad(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto pad = llvm::cast<mlir::tensor::PadOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, pad.getSource());
  std::vector<int64_t> low = mixedValues(op, pad.getStaticLow(), pad.getLow(), frame, "low");
  std::vector<int64_t> high =
      mixedValues(op, pad.getStaticHigh(), pad.getHigh(), frame, "high");
  Shape shape;
  for (size_t d = 0; d < low.size(); ++d) {
    if (low[d] < 0 || high[d] < 0)
      fail(op.getLoc(), "tensor.pad: negative padding in dimension " + std::to_string(d) +
                            " (low " + std::to_string(low[d]) + ", high " +
                            std::to_string(high[d]) + ")");
    int64_t size;
    if (__builtin_add_overflow(low[d], source.shape()[d], &size) ||
        __builtin_add_overflow(size, high[d], &size))
      fail(op.getLoc(), "tensor.pad: padded size of dimension " + std::to_string(d) +
                            " overflows");
    shape.push_back(size);
  }
  checkNewShape(op, shape);
  RuntimeValue result = RuntimeValue::tensor(source.elementType(), shape);
  std::vector<int64_t> index(shape.size(), 0), sourceIndex(shape.size(), 0);
  for (int64_t i = 0; i < result.size(); ++i, nextIndex(index, shape)) {
    bool inside = true;
    for (size_t d = 0; d < shape.size(); ++d) {
      sourceIndex[d] = index[d] - low[d];
      inside = inside && sourceIndex[d] >= 0 && sourceIndex[d] < source.shape()[d];
    }
    if (inside) {
      copyElement(result, i, source, flatten(sourceIndex, source.shape()));
      continue;
    }
    std::vector<RuntimeValue> arguments;
    for (int64_t v : index)
      arguments.push_back(makeIndexScalar(v));
    std::vector<RuntimeValue> yielded =
        interp.runRegion(pad.getRegion(), std::move(arguments), frame);
    if (yielded.size() != 1 || yielded[0].isTensor())
      fail(op.getLoc(), "tensor.pad: the body must yield one scalar");
    copyElement(result, i, yielded[0], 0);
  }
  bindChecked(interp, frame, op, pad.getResult(), std::move(result));
}

std::string groupToString(const mlir::ReassociationIndices &group) {
  return listToString(std::vector<int64_t>(group.begin(), group.end()));
}

/// [tensor.expand_shape]
void evalExpandShape(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto expand = llvm::cast<mlir::tensor::ExpandShapeOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, expand.getSrc());
  Shape shape = mixedValues(op, expand.getStaticOutputShape(), expand.getOutputShape(), frame,
                            "output size");
  for (auto [d, size] : llvm::enumerate(shape))
    if (size < 0)
      fail(op.getLoc(), "tensor.expand_shape: output size of dimension " + std::to_string(d) +
                            " is negative (" + std::to_string(size) + ")");
  for (auto [g, group] : llvm::enumerate(expand.getReassociationIndices())) {
    std::vector<int64_t> sizes;
    for (int64_t d : group)
      sizes.push_back(shape[size_t(d)]);
    std::optional<int64_t> product = checkedProduct(sizes);
    if (!product || *product != source.shape()[g])
      fail(op.getLoc(), "tensor.expand_shape: output sizes " + listToString(sizes) +
                            " of group #" + std::to_string(g) + " " + groupToString(group) +
                            " multiply to " +
                            (product ? std::to_string(*product) : std::string("more than 2^63")) +
                            " but source dimension " + std::to_string(g) + " has size " +
                            std::to_string(source.shape()[g]) + " (runtime shape " +
                            runtimeShape(source) + ")");
  }
  if (numElements(shape) != source.size())
    fail(op.getLoc(), "tensor.expand_shape: output shape " + shapeToString(shape) +
                          " does not have the source's " + std::to_string(source.size()) +
                          " elements");
  bindChecked(interp, frame, op, expand.getResult(), withShape(source, std::move(shape)));
}

/// [tensor.collapse_shape]
void evalCollapseShape(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto collapse = llvm::cast<mlir::tensor::CollapseShapeOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, collapse.getSrc());
  Shape shape;
  for (const mlir::ReassociationIndices &group : collapse.getReassociationIndices()) {
    int64_t size = 1;
    for (int64_t d : group)
      size *= source.shape()[size_t(d)]; // cannot overflow: the source exists
    shape.push_back(size);
  }
  if (shape.empty() && source.size() != 1)
    fail(op.getLoc(), "tensor.collapse_shape: collapsing to rank 0 needs a single element, "
                      "but the source has runtime shape " +
                          runtimeShape(source));
  bindChecked(interp, frame, op, collapse.getResult(), withShape(source, std::move(shape)));
}

/// Offsets, sizes and strides of a slice op, checked against `base` (the
/// sliced tensor: the source of extract_slice, the dest of insert_slice).
struct Slice {
  std::vector<int64_t> offsets, sizes, strides;
};

template <typename SliceOp>
Slice checkedSlice(SliceOp slice, mlir::Operation &op, Frame &frame, const RuntimeValue &base) {
  Slice s;
  s.offsets = mixedValues(op, slice.getStaticOffsets(), slice.getOffsets(), frame, "offset");
  s.sizes = mixedValues(op, slice.getStaticSizes(), slice.getSizes(), frame, "size");
  s.strides = mixedValues(op, slice.getStaticStrides(), slice.getStrides(), frame, "stride");
  for (size_t d = 0; d < s.offsets.size(); ++d) {
    int64_t offset = s.offsets[d], size = s.sizes[d], stride = s.strides[d];
    int64_t dimSize = base.shape()[d];
    std::string where = " in dimension " + std::to_string(d) + " (offset " +
                        std::to_string(offset) + ", size " + std::to_string(size) +
                        ", stride " + std::to_string(stride) + ", runtime shape " +
                        runtimeShape(base) + ")";
    if (size < 0)
      fail(op.getLoc(), opName(op) + ": negative size" + where);
    if (size == 0) {
      if (offset < 0 || offset > dimSize)
        fail(op.getLoc(), opName(op) + ": offset out of bounds" + where);
      continue;
    }
    int64_t last;
    if (offset < 0 || offset >= dimSize)
      fail(op.getLoc(), opName(op) + ": offset out of bounds" + where);
    if (__builtin_mul_overflow(size - 1, stride, &last) ||
        __builtin_add_overflow(last, offset, &last) || last < 0 || last >= dimSize)
      fail(op.getLoc(), opName(op) + ": slice runs out of bounds" + where);
  }
  return s;
}

/// The sizes without the dimensions in `dropped` (rank reduction).
Shape reducedSizes(const std::vector<int64_t> &sizes, const llvm::SmallBitVector &dropped) {
  Shape shape;
  for (size_t d = 0; d < sizes.size(); ++d)
    if (!dropped.test(unsigned(d)))
      shape.push_back(sizes[d]);
  return shape;
}

/// [tensor.extract_slice]
void evalExtractSlice(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto extract = llvm::cast<mlir::tensor::ExtractSliceOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, extract.getSource());
  Slice s = checkedSlice(extract, op, frame, source);
  Shape full(s.sizes.begin(), s.sizes.end());
  RuntimeValue result = RuntimeValue::tensor(
      source.elementType(), reducedSizes(s.sizes, extract.getDroppedDims()));
  std::vector<int64_t> index(full.size(), 0), sourceIndex(full.size(), 0);
  for (int64_t i = 0; i < result.size(); ++i, nextIndex(index, full)) {
    for (size_t d = 0; d < full.size(); ++d)
      sourceIndex[d] = s.offsets[d] + index[d] * s.strides[d];
    copyElement(result, i, source, flatten(sourceIndex, source.shape()));
  }
  bindChecked(interp, frame, op, extract.getResult(), std::move(result));
}

/// [tensor.insert_slice]
void evalInsertSlice(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto insert = llvm::cast<mlir::tensor::InsertSliceOp>(op);
  const RuntimeValue &source = tensorOperand(frame, op, insert.getSource());
  const RuntimeValue &dest = tensorOperand(frame, op, insert.getDest());
  Slice s = checkedSlice(insert, op, frame, dest);
  Shape expected = reducedSizes(s.sizes, insert.getDroppedDims());
  if (source.shape() != expected)
    fail(op.getLoc(), "tensor.insert_slice: source runtime shape " + runtimeShape(source) +
                          " does not match the slice sizes " + listToString(s.sizes) +
                          " (expected tensor<" + shapeToString(expected) + ">)");
  Shape full(s.sizes.begin(), s.sizes.end());
  // Built in one pass (poison bits collected first) so that overwriting
  // poison elements stays linear.
  RuntimeValue result = RuntimeValue::tensor(dest.elementType(), dest.shape());
  std::vector<char> poison(size_t(dest.size()), 0);
  for (int64_t i = 0; i < dest.size(); ++i) {
    result.set(i, dest.get(i));
    poison[size_t(i)] = dest.isPoison(i);
  }
  std::vector<int64_t> index(full.size(), 0), destIndex(full.size(), 0);
  for (int64_t i = 0; i < source.size(); ++i, nextIndex(index, full)) {
    for (size_t d = 0; d < full.size(); ++d)
      destIndex[d] = s.offsets[d] + index[d] * s.strides[d];
    int64_t position = flatten(destIndex, dest.shape());
    result.set(position, source.get(i));
    poison[size_t(position)] = source.isPoison(i);
  }
  for (int64_t i = 0; i < result.size(); ++i)
    if (poison[size_t(i)])
      result.setPoison(i);
  frame.bind(insert.getResult(), std::move(result));
}

/// [tensor.concat]
void evalConcat(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto concat = llvm::cast<mlir::tensor::ConcatOp>(op);
  const size_t axis = size_t(concat.getDim());
  std::vector<const RuntimeValue *> inputs;
  for (mlir::Value input : concat.getInputs())
    inputs.push_back(&tensorOperand(frame, op, input));
  Shape shape = inputs.front()->shape();
  shape[axis] = 0;
  for (auto [k, input] : llvm::enumerate(inputs)) {
    for (size_t d = 0; d < shape.size(); ++d)
      if (d != axis && input->shape()[d] != shape[d])
        fail(op.getLoc(), "tensor.concat: input #" + std::to_string(k) + " has runtime shape " +
                              runtimeShape(*input) + " but input #0 has " +
                              runtimeShape(*inputs.front()) + " (dimension " +
                              std::to_string(d) + " differs)");
    shape[axis] += input->shape()[axis];
  }
  checkNewShape(op, shape);
  RuntimeValue result = RuntimeValue::tensor(inputs.front()->elementType(), shape);
  // Outer = product of dims before axis; each input contributes a contiguous
  // chunk of size(axis..end) per outer position.
  int64_t outer = 1;
  for (size_t d = 0; d < axis; ++d)
    outer *= shape[d];
  int64_t position = 0;
  for (int64_t o = 0; o < outer; ++o)
    for (const RuntimeValue *input : inputs) {
      int64_t chunk = outer ? input->size() / std::max<int64_t>(outer, 1) : 0;
      for (int64_t k = 0; k < chunk; ++k)
        copyElement(result, position++, *input, o * chunk + k);
    }
  bindChecked(interp, frame, op, concat.getResult(), std::move(result));
}

} // namespace

void registerTensorOps(llvm::StringMap<OpEvaluator> &table) {
  table["tensor.empty"] = evalEmpty;
  table["tensor.splat"] = evalSplat;
  table["tensor.from_elements"] = evalFromElements;
  table["tensor.reshape"] = evalReshape;
  table["tensor.dim"] = evalDim;
  table["tensor.rank"] = evalRank;
  table["tensor.cast"] = evalCast;
  table["tensor.bitcast"] = evalBitcast;
  table["tensor.extract"] = evalExtract;
  table["tensor.insert"] = evalInsert;
  table["tensor.generate"] = evalGenerate;
  table["tensor.pad"] = evalPad;
  table["tensor.expand_shape"] = evalExpandShape;
  table["tensor.collapse_shape"] = evalCollapseShape;
  table["tensor.extract_slice"] = evalExtractSlice;
  table["tensor.insert_slice"] = evalInsertSlice;
  table["tensor.concat"] = evalConcat;
}

} // namespace qi::eval
