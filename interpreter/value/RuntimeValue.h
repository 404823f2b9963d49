//===- RuntimeValue.h - Scalars and tensors at run time ---------*- C++ -*-===//
//
// Spec: [value.runtime], [value.poison]. A value is a bit pattern per element
// (flat, row-major), an element type, a concrete shape and a poison mask.
//
//===----------------------------------------------------------------------===//
#ifndef QI_VALUE_RUNTIMEVALUE_H
#define QI_VALUE_RUNTIMEVALUE_H

#include "value/ElementType.h"
#include "value/Shape.h"

#include <cstdint>
#include <vector>

namespace qi {

class RuntimeValue {
public:
  RuntimeValue() = default;
  /// A tensor of `shape` (all elements zero, none poison).
  static RuntimeValue tensor(ElementType type, Shape shape);
  /// A scalar (rank-0 value that is not a tensor).
  static RuntimeValue scalar(ElementType type);

  const ElementType &elementType() const { return type_; }
  bool isTensor() const { return isTensor_; }
  const Shape &shape() const { return shape_; }
  int64_t size() const { return size_; }

  /// Element i as a right-aligned bit pattern of elementType().bitWidth() bits.
  numeric::Bits get(int64_t i) const;
  void set(int64_t i, numeric::Bits bits);

  bool hasPoison() const { return poisonCount_ > 0; }
  bool isPoison(int64_t i) const { return !poison_.empty() && poison_[i]; }
  void setPoison(int64_t i, bool poison = true);

  /// Same elements and poison, other element type of equal bit width
  /// (quant.scast). [qscast.semantics]
  RuntimeValue withElementType(ElementType type) const;

private:
  ElementType type_;
  bool isTensor_ = false;
  Shape shape_;
  int64_t size_ = 1;
  unsigned bytesPerElement_ = 1;
  std::vector<uint8_t> bytes_;
  std::vector<uint8_t> poison_; // empty until an element is poison
  int64_t poisonCount_ = 0;
};

} // namespace qi

#endif
