//===- Shape.h - Runtime tensor shapes --------------------------*- C++ -*-===//
//
// Spec: [value.shape]. Runtime shapes are always static: dynamic and unranked
// types take their sizes from the actual values.
//
//===----------------------------------------------------------------------===//
#ifndef QI_VALUE_SHAPE_H
#define QI_VALUE_SHAPE_H

#include <cstdint>
#include <string>
#include <vector>

namespace qi {

using Shape = std::vector<int64_t>;

/// Product of the sizes (1 for rank 0); INT64_MAX when the product does not
/// fit in int64_t.
int64_t numElements(const Shape &shape);

/// The most elements a runtime tensor may have: the limit of [tensor.common]
/// (eval/ShapeSupport.h checks op results against it with the op's name),
/// here also for --arg literals and as a backstop for every other tensor
/// (docs/errors.md "tensor too large"): an error, not a failed allocation.
inline constexpr int64_t kMaxTensorElements = int64_t(1) << 30;

/// Thrown by RuntimeValue::tensor for a shape over kMaxTensorElements; the
/// interpreter reports it at the op, the argument parser for the argument.
struct TensorTooLarge {
  std::string message;
};
/// Row-major strides in elements.
std::vector<int64_t> rowMajorStrides(const Shape &shape);
/// "2x3x4" (empty string for rank 0).
std::string shapeToString(const Shape &shape);

} // namespace qi

#endif
