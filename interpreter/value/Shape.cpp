//===- Shape.cpp - Runtime tensor shapes ----------------------------------===//
#include "interpreter/value/Shape.h"

namespace qi {

int64_t numElements(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (__builtin_mul_overflow(n, d, &n))
      return INT64_MAX; // UBSan found the signed overflow (docs/reliability.md)
  return n;
}

std::vector<int64_t> rowMajorStrides(const Shape &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i > 1; --i)
    strides[i - 2] = strides[i - 1] * shape[i - 1];
  return strides;
}

std::string shapeToString(const Shape &shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      text += "x";
    text += std::to_string(shape[i]);
  }
  return text;
}

} // namespace qi
