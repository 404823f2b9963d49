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

/// Product of the sizes (1 for rank 0).
int64_t numElements(const Shape &shape);
/// Row-major strides in elements.
std::vector<int64_t> rowMajorStrides(const Shape &shape);
/// "2x3x4" (empty string for rank 0).
std::string shapeToString(const Shape &shape);

} // namespace qi

#endif
