//===- TosaDataMovement.cpp - TOSA 1.0 RESHAPE, TRANSPOSE, PAD, CONCAT, SLICE ===//
//
// Spec: [tosa.const-shape], [tosa.reshape], [tosa.transpose], [tosa.pad],
// [tosa.concat], [tosa.slice], with [tosa-ew.errors] for the order of the
// checks. The pseudo-code is TOSA 1.0.2's (pseudocode/operators/{RESHAPE,
// TRANSPOSE,PAD,CONCAT,SLICE}.tosac), quoted where the code follows it; the
// two extensions of MLIR 22 (RESHAPE's -1, SLICE's size -1) and PAD's
// undefined `length(shape[i])` are [tosa.reshape] 2, [tosa.slice] 2 and
// [tosa.pad] 3.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaDataMovement.h"
#include "interpreter/eval/TosaElementwise.h"

#include <string>

namespace qi::eval::tosakernel {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

void checkInput(const RuntimeValue &value, const std::string &name, const ElementType &type) {
  if (!value.isTensor())
    fail(name + " is a scalar, expected a tensor");
  if (!(value.elementType() == type))
    fail(name + " has element type " + value.elementType().toString() +
         ", expected in_out_t = " + type.toString());
}

/// The argument tables' `rank min="1"` of input1 (MLIR's verifier checks it
/// on ranked types; an unranked one can be rank 0 at run time).
void checkRankAtLeast1(const char *op, const char *name, const RuntimeValue &value) {
  if (value.shape().empty())
    errorIf(op, "rank(" + std::string(name) + ") < 1", std::string(name) + ": []");
}

/// tensor_size(shape), or -1 where it exceeds int64_t (no tensor has it).
int64_t tensorSize(const std::vector<int64_t> &shape) {
  __int128 size = 1;
  for (int64_t d : shape) {
    size *= d;
    if (size > INT64_MAX || size < -static_cast<__int128>(INT64_MAX))
      return -1;
  }
  return static_cast<int64_t>(size);
}

/// The output's shape: `derived`, which the pseudo-code's checks have
/// already compared with the declared sizes where static.
Shape resolved(const DeclaredShape &output, const Shape &derived) {
  Shape shape = derived;
  for (size_t d = 0; d < shape.size(); ++d)
    if (std::optional<int64_t> fixed = output.staticDim(d))
      shape[d] = *fixed;
  return shape;
}

/// Copies into `result`, in row-major order of its shape, the element of
/// `input` at source(index) (an offset, or -1: `fill`, a pattern with its
/// poison bit).
template <typename Source>
void gather(RuntimeValue &result, const RuntimeValue &input, Source source,
            numeric::Bits fill = 0, bool fillPoison = false) {
  const Shape &shape = result.shape();
  const int64_t total = result.size();
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t o = 0; o < total; ++o) {
    const int64_t from = source(index);
    if (from < 0) {
      result.set(o, fill);
      if (fillPoison)
        result.setPoison(o);
    } else {
      result.set(o, input.get(from));
      if (input.isPoison(from))
        result.setPoison(o);
    }
    for (size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
}

} // namespace

const TypeTable &dataMovementTypes(const char *op) {
  static const std::vector<std::vector<const char *>> rows{
      {"i1"}, {"i8"}, {"i16"}, {"i32"}, {"f8E4M3FN"}, {"f8E5M2"}, {"f16"}, {"bf16"}, {"f32"}};
  static const TypeTable reshapeTable{"RESHAPE", {"in_out_t"}, rows};
  static const TypeTable transposeTable{"TRANSPOSE", {"in_out_t"}, rows};
  static const TypeTable padTable{"PAD", {"in_out_t"}, rows};
  static const TypeTable concatTable{"CONCAT", {"in_out_t"}, rows};
  static const TypeTable sliceTable{"SLICE", {"in_out_t"}, rows};
  const std::string name = op;
  return name == "RESHAPE"     ? reshapeTable
         : name == "TRANSPOSE" ? transposeTable
         : name == "PAD"       ? padTable
         : name == "CONCAT"    ? concatTable
                               : sliceTable;
}

//===-- [tosa.const-shape] ------------------------------------------------===//

RuntimeValue shapeValue(const std::vector<int64_t> &values) {
  RuntimeValue shape =
      RuntimeValue::tensor(ElementType::makeIndex(), {static_cast<int64_t>(values.size())});
  for (size_t i = 0; i < values.size(); ++i)
    shape.set(static_cast<int64_t>(i), static_cast<numeric::Bits>(static_cast<uint64_t>(values[i])));
  return shape;
}

std::vector<int64_t> shapeValues(const char *name, const RuntimeValue &shape) {
  if (!shape.isTensor() || !shape.elementType().isIndex() || shape.shape().size() != 1)
    fail(std::string(name) + " is not a shape_t value (a rank-1 tensor of index)");
  std::vector<int64_t> values(static_cast<size_t>(shape.size()));
  for (int64_t i = 0; i < shape.size(); ++i) {
    if (shape.isPoison(i))
      fail(std::string(name) + " element " + str(i) + " is poison");
    values[size_t(i)] = static_cast<int64_t>(static_cast<uint64_t>(shape.get(i)));
  }
  return values;
}

//===-- [tosa.reshape] ----------------------------------------------------===//

RuntimeValue reshape(const ElementType &inOut, const RuntimeValue &input1,
                     const RuntimeValue &shapeOperand, const DeclaredShape &output) {
  const char *op = "RESHAPE";
  checkTypes(dataMovementTypes(op), {inOut});
  checkInput(input1, "input1", inOut);
  std::vector<int64_t> shape = shapeValues("shape", shapeOperand);
  const int64_t size1 = tensorSize(input1.shape());
  // MLIR 22: at most one -1, inferred from the others ([tosa.reshape] 2).
  int64_t inferred = -1, known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1 && inferred < 0) {
      inferred = int64_t(i);
      continue;
    }
    if (shape[i] < 0)
      fail("shape = " + indexText(shape) + " is not a shape: shape[" + str(int64_t(i)) + "] = " +
           str(shape[i]) + " (only one -1, inferred, is allowed)");
    known = tensorSize({known, shape[i]});
  }
  if (inferred >= 0) {
    if (known <= 0 || size1 % known != 0)
      fail("cannot infer the -1 of shape = " + indexText(shape) + ": tensor_size(shape1) = " +
           str(size1) + " is not a nonzero multiple of " + str(known));
    shape[size_t(inferred)] = size1 / known;
  }
  // ERROR_IF(tensor_size(shape1) != tensor_size(shape));
  if (tensorSize(shape) != size1)
    errorIf(op, "tensor_size(shape1) != tensor_size(shape)",
            "shape1 = " + shapeText(input1.shape()) + ", shape = " + indexText(shape));
  // The output's type and the shape operand describe one shape.
  sameShapeOutput(op, output, shape, "shape(output) != shape", "shape");
  RuntimeValue result = RuntimeValue::tensor(inOut, shape);
  // tensor_index_to_offset(shape, index) == tensor_index_to_offset(shape1,
  // tensor_offset_to_index(shape1, offset)): element o is input element o.
  for (int64_t o = 0; o < result.size(); ++o) {
    result.set(o, input1.get(o));
    if (input1.isPoison(o))
      result.setPoison(o);
  }
  return result;
}

//===-- [tosa.transpose] --------------------------------------------------===//

RuntimeValue transpose(const ElementType &inOut, const RuntimeValue &input1,
                       const std::vector<int64_t> &perms, const DeclaredShape &output) {
  const char *op = "TRANSPOSE";
  checkTypes(dataMovementTypes(op), {inOut});
  checkInput(input1, "input1", inOut);
  checkRankAtLeast1(op, "input1", input1);
  const Shape &shape1 = input1.shape();
  const int64_t rank1 = int64_t(shape1.size());
  // perms: shape [rank(shape1)] (the argument table).
  if (int64_t(perms.size()) != rank1)
    errorIf(op, "length(perms) != rank(shape1)",
            "perms = " + indexText(perms) + ", shape1 = " + shapeText(shape1));
  // ERROR_IF(rank(shape1) != rank(shape));
  if (output.ranked && int64_t(output.dims.size()) != rank1)
    errorIf(op, "rank(shape1) != rank(shape)",
            "shape1 = " + shapeText(shape1) + ", shape = " + declaredShapeText(output));
  // ERROR_IF(tensor_size(shape1) != tensor_size(shape)); decidable here
  // where the declared shape is static (else the dynamic sizes are the
  // permuted ones and the sizes agree).
  if (output.ranked) {
    bool allStatic = true;
    for (size_t d = 0; d < output.dims.size(); ++d)
      allStatic = allStatic && output.staticDim(d).has_value();
    if (allStatic && tensorSize(output.dims) != tensorSize(shape1))
      errorIf(op, "tensor_size(shape1) != tensor_size(shape)",
              "shape1 = " + shapeText(shape1) + ", shape = " + declaredShapeText(output));
  }
  // for_each_data_position(index in perms) {
  //     ERROR_IF(index >= rank(shape1)); ERROR_IF(index < 0);
  //     ERROR_IF(indexes_used[index] == true); indexes_used[index] = true; }
  std::vector<bool> used(size_t(rank1), false);
  for (size_t i = 0; i < perms.size(); ++i) {
    const std::string detail = "perms = " + indexText(perms) + ", index = perms[" +
                               str(int64_t(i)) + "] = " + str(perms[i]) +
                               ", rank(shape1) = " + str(rank1);
    if (perms[i] >= rank1)
      errorIf(op, "index >= rank(shape1)", detail);
    if (perms[i] < 0)
      errorIf(op, "index < 0", detail);
    if (used[size_t(perms[i])])
      errorIf(op, "indexes_used[index] == true", detail);
    used[size_t(perms[i])] = true;
  }
  // for (i < rank(shape)) ERROR_IF(shape1[perms[i]] != shape[i]);
  Shape shape(static_cast<size_t>(rank1), 0);
  for (size_t i = 0; i < shape.size(); ++i) {
    shape[i] = shape1[size_t(perms[i])];
    if (output.staticDim(i) && *output.staticDim(i) != shape[i])
      errorIf(op, "shape1[perms[i]] != shape[i]",
              "i = " + str(int64_t(i)) + ", perms = " + indexText(perms) + ", shape1 = " +
                  shapeText(shape1) + ", shape = " + declaredShapeText(output));
  }
  RuntimeValue result = RuntimeValue::tensor(inOut, shape);
  // tmp_index[perms[i]] = index[i];
  const std::vector<int64_t> strides1 = rowMajorStrides(shape1);
  gather(result, input1, [&](const std::vector<int64_t> &index) {
    int64_t offset = 0;
    for (size_t i = 0; i < index.size(); ++i)
      offset += index[i] * strides1[size_t(perms[i])];
    return offset;
  });
  return result;
}

//===-- [tosa.pad] --------------------------------------------------------===//

RuntimeValue pad(const ElementType &inOut, const RuntimeValue &input1,
                 const RuntimeValue &paddingOperand, const RuntimeValue &padConst,
                 const DeclaredShape &output) {
  const char *op = "PAD";
  checkTypes(dataMovementTypes(op), {inOut});
  checkInput(input1, "input1", inOut);
  checkRankAtLeast1(op, "input1", input1);
  const Shape &shape1 = input1.shape();
  const size_t rank1 = shape1.size();
  const std::vector<int64_t> padding = shapeValues("padding", paddingOperand);
  // padding: shape [2*rank(shape1)]; pad_const: shape [1] (the argument table).
  if (padding.size() != 2 * rank1)
    errorIf(op, "length(padding) != 2 * rank(shape1)",
            "padding = " + indexText(padding) + ", shape1 = " + shapeText(shape1));
  checkInput(padConst, "pad_const", inOut);
  if (padConst.size() != 1)
    fail("pad_const has " + str(padConst.size()) + " elements, expected 1");
  // ERROR_IF(rank(shape) != rank(shape1));
  if (output.ranked && output.dims.size() != rank1)
    errorIf(op, "rank(shape) != rank(shape1)",
            "shape = " + declaredShapeText(output) + ", shape1 = " + shapeText(shape1));
  // for (i < rank(shape)) {
  //     ERROR_IF(padding[i * 2] < 0 || padding[(i * 2) + 1] < 0);
  //     ERROR_IF(shape[i] != padding[i * 2] + shape1[i] + padding[(i * 2) + 1]); }
  Shape shape(rank1);
  for (size_t i = 0; i < rank1; ++i) {
    const int64_t before = padding[2 * i], after = padding[2 * i + 1];
    const std::string detail = "i = " + str(int64_t(i)) + ", padding = " + indexText(padding) +
                               ", shape1 = " + shapeText(shape1);
    if (before < 0 || after < 0)
      errorIf(op, "padding[i * 2] < 0 || padding[(i * 2) + 1] < 0", detail);
    const __int128 padded = static_cast<__int128>(before) + shape1[i] + after;
    if (padded > INT64_MAX)
      fail("padded dimension " + str(int64_t(i)) + " exceeds int64_t (padding = " +
           indexText(padding) + ", shape1 = " + shapeText(shape1) + ")");
    shape[i] = static_cast<int64_t>(padded);
    if (output.staticDim(i) && *output.staticDim(i) != shape[i])
      errorIf(op, "shape[i] != padding[i * 2] + shape1[i] + padding[(i * 2) + 1]",
              detail + ", shape = " + declaredShapeText(output));
  }
  RuntimeValue result = RuntimeValue::tensor(inOut, shape);
  // index1[i] = index1[i] - padding[i * 2];
  // if (index1[i] < 0 || index1[i] >= shape1[i]) is_pad = true;   ([tosa.pad] 3)
  // in_out_t value = is_pad ? pad_const : tensor_read<in_out_t>(input1, shape1, index1);
  const std::vector<int64_t> strides1 = rowMajorStrides(shape1);
  gather(
      result, input1,
      [&](const std::vector<int64_t> &index) {
        int64_t offset = 0;
        for (size_t i = 0; i < rank1; ++i) {
          const int64_t index1 = index[i] - padding[2 * i];
          if (index1 < 0 || index1 >= shape1[i])
            return int64_t(-1);
          offset += index1 * strides1[i];
        }
        return offset;
      },
      padConst.get(0), padConst.isPoison(0));
  return result;
}

//===-- [tosa.concat] -----------------------------------------------------===//

RuntimeValue concat(const ElementType &inOut, const std::vector<const RuntimeValue *> &inputs,
                    int64_t axis, const DeclaredShape &output) {
  const char *op = "CONCAT";
  // ERROR_IF(input1 == []);
  if (inputs.empty())
    errorIf(op, "input1 == []", "no inputs");
  checkTypes(dataMovementTypes(op), {inOut});
  for (size_t t = 0; t < inputs.size(); ++t) {
    const std::string name = "input1[" + str(int64_t(t)) + "]";
    checkInput(*inputs[t], name, inOut);
    if (inputs[t]->shape().empty()) // tensor_list_t of rank min 1
      errorIf(op, "rank(" + name + ") < 1", name + ": []");
  }
  const Shape &shape0 = inputs[0]->shape();
  const int64_t rank0 = int64_t(shape0.size());
  // ERROR_IF(axis < 0 || axis >= max(1,rank(shapes1[0])));
  if (axis < 0 || axis >= std::max<int64_t>(1, rank0))
    errorIf(op, "axis < 0 || axis >= max(1,rank(shapes1[0]))",
            "axis = " + str(axis) + ", shapes1[0] = " + shapeText(shape0));
  __int128 axisSum = 0; // dimensions of empty tensors may be large
  for (size_t t = 0; t < inputs.size(); ++t) {
    const Shape &shapeT = inputs[t]->shape();
    const std::string detail = "shapes1[" + str(int64_t(t)) + "] = " + shapeText(shapeT) +
                               ", shapes1[0] = " + shapeText(shape0);
    // ERROR_IF(rank(shapes1[shape_index]) != rank(shapes1[0]));
    if (int64_t(shapeT.size()) != rank0)
      errorIf(op, "rank(shapes1[shape_index]) != rank(shapes1[0])", detail);
    if (axisSum + shapeT[size_t(axis)] > INT64_MAX)
      fail("axis_sum exceeds int64_t at " + detail);
    for (int64_t d = 0; d < rank0; ++d) {
      if (d == axis)
        axisSum += shapeT[size_t(d)];
      else if (shapeT[size_t(d)] != shape0[size_t(d)])
        // ERROR_IF(shapes1[shape_index][axis_index] != shapes1[0][axis_index]);
        errorIf(op, "shapes1[shape_index][axis_index] != shapes1[0][axis_index]",
                detail + ", axis_index = " + str(d));
    }
  }
  if (output.ranked && int64_t(output.dims.size()) != rank0)
    errorIf(op, "rank(shape) != rank(shapes1[0])",
            "shape = " + declaredShapeText(output) + ", shapes1[0] = " + shapeText(shape0));
  // ERROR_IF(axis_sum != shape[axis]);
  const int64_t sum = static_cast<int64_t>(axisSum);
  if (output.staticDim(size_t(axis)) && *output.staticDim(size_t(axis)) != sum)
    errorIf(op, "axis_sum != shape[axis]",
            "axis_sum = " + str(sum) + ", shape = " + declaredShapeText(output));
  Shape shape = shape0;
  shape[size_t(axis)] = sum;
  sameShapeOutput(op, output, shape, "shape(output) != shape", "shape");
  RuntimeValue result = RuntimeValue::tensor(inOut, shape);
  // The inputs in order along axis: rows of `outer` blocks, each input
  // contributing shape_dim(shapes1[t], axis) * inner contiguous elements.
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[size_t(d)];
  for (int64_t d = axis + 1; d < rank0; ++d)
    inner *= shape[size_t(d)];
  int64_t o = 0;
  for (int64_t block = 0; block < outer; ++block)
    for (const RuntimeValue *input : inputs) {
      const int64_t run = input->shape()[size_t(axis)] * inner;
      for (int64_t k = 0; k < run; ++k, ++o) {
        const int64_t from = block * run + k;
        result.set(o, input->get(from));
        if (input->isPoison(from))
          result.setPoison(o);
      }
    }
  return result;
}

//===-- [tosa.slice] ------------------------------------------------------===//

RuntimeValue slice(const ElementType &inOut, const RuntimeValue &input1,
                   const RuntimeValue &startOperand, const RuntimeValue &sizeOperand,
                   const DeclaredShape &output) {
  const char *op = "SLICE";
  checkTypes(dataMovementTypes(op), {inOut});
  checkInput(input1, "input1", inOut);
  checkRankAtLeast1(op, "input1", input1);
  const Shape &shape1 = input1.shape();
  const size_t rank1 = shape1.size();
  const std::vector<int64_t> start = shapeValues("start", startOperand);
  std::vector<int64_t> size = shapeValues("size", sizeOperand);
  // ERROR_IF(rank(shape1) != length(start) || rank(shape1) != length(size));
  if (start.size() != rank1 || size.size() != rank1)
    errorIf(op, "rank(shape1) != length(start) || rank(shape1) != length(size)",
            "shape1 = " + shapeText(shape1) + ", start = " + indexText(start) +
                ", size = " + indexText(size));
  // ERROR_IF(rank(shape1) != rank(shape));
  if (output.ranked && output.dims.size() != rank1)
    errorIf(op, "rank(shape1) != rank(shape)",
            "shape1 = " + shapeText(shape1) + ", shape = " + declaredShapeText(output));
  // MLIR 22: size -1 reaches to the end of the dimension ([tosa.slice] 2).
  const std::vector<int64_t> sizeOperandValues = size;
  for (size_t i = 0; i < rank1; ++i)
    if (size[i] == -1 && start[i] >= 0) // (start[i] < 0 is the first ERROR_IF below)
      size[i] = shape1[i] - start[i];
  // for_each(0 <= index < rank(shape1)) {
  //     ERROR_IF(start[index] < 0);
  //     ERROR_IF(size[index] <= 0);
  //     ERROR_IF(start[index] + size[index] > shape1[index]);
  //     ERROR_IF(shape[index] != size[index]); }
  for (size_t i = 0; i < rank1; ++i) {
    std::string detail = "index = " + str(int64_t(i)) + ", start = " + indexText(start) +
                         ", size = " + indexText(sizeOperandValues);
    if (sizeOperandValues[i] == -1)
      detail += " (size[" + str(int64_t(i)) + "] = -1: shape1[index] - start[index] = " +
                str(size[i]) + ")";
    detail += ", shape1 = " + shapeText(shape1);
    if (start[i] < 0)
      errorIf(op, "start[index] < 0", detail);
    if (size[i] <= 0)
      errorIf(op, "size[index] <= 0", detail);
    if (start[i] > shape1[i] - size[i])
      errorIf(op, "start[index] + size[index] > shape1[index]", detail);
    if (output.staticDim(i) && *output.staticDim(i) != size[i])
      errorIf(op, "shape[index] != size[index]", detail + ", shape = " + declaredShapeText(output));
  }
  RuntimeValue result = RuntimeValue::tensor(inOut, resolved(output, size));
  // tmp_index[i] = index[i] + start[i];
  const std::vector<int64_t> strides1 = rowMajorStrides(shape1);
  gather(result, input1, [&](const std::vector<int64_t> &index) {
    int64_t offset = 0;
    for (size_t i = 0; i < rank1; ++i)
      offset += (index[i] + start[i]) * strides1[i];
    return offset;
  });
  return result;
}

} // namespace qi::eval::tosakernel
