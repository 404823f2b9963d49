//===- RuntimeValue.h - Scalars and tensors at run time ---------*- C++ -*-===//
//
// Spec: [value.runtime], [value.poison]. A value is a bit pattern per element
// (flat, row-major), an element type, a concrete shape and a poison mask.
//
//===----------------------------------------------------------------------===//
#ifndef QI_VALUE_RUNTIMEVALUE_H
#define QI_VALUE_RUNTIMEVALUE_H

#include "interpreter/value/ElementType.h"
#include "interpreter/value/Shape.h"

#include <cstdint>
#include <vector>

namespace qi {

/// The memory budget of one tensor (docs/errors.md "tensor too large"):
/// RuntimeValue::tensor refuses, by throwing TensorTooLarge, a tensor whose
/// element storage (elements x bytes per element: 1, 2, 4, 8 or 16) exceeds
/// the calling thread's budget, on top of the kMaxTensorElements count. The
/// default, 2^32 bytes (4 GiB), is what 2^30 f32 elements take: types of 32
/// bits or fewer keep the whole element limit, wider ones get fewer elements
/// (f64: 2^29, f80 / f128 / i128: 2^28). The poison mask, when a value has
/// poison elements, adds one bit per element.
inline constexpr int64_t kDefaultMaxTensorBytes = int64_t(1) << 32;

/// While alive, the budget of the calling thread is `bytes` (at least 1); the
/// one before is restored after. Runs set it through their options
/// (eval::InterpreterOptions::maxTensorBytes, [cli.max-tensor-bytes]), for
/// their own span only. The budget is a per-thread value rather than an
/// argument of every RuntimeValue::tensor call: threading it through every
/// evaluator and kernel that allocates would be disproportionate, and being
/// per thread, runs on different threads do not see each other's budget (a
/// run allocates its values on its own thread).
class ScopedMaxTensorBytes {
public:
  explicit ScopedMaxTensorBytes(int64_t bytes);
  ~ScopedMaxTensorBytes();
  ScopedMaxTensorBytes(const ScopedMaxTensorBytes &) = delete;
  ScopedMaxTensorBytes &operator=(const ScopedMaxTensorBytes &) = delete;

private:
  int64_t previous_;
};

/// Sets the calling thread's budget for good (at least 1). Only for code that
/// builds values without a run around it: the argument-parser fuzz harness
/// (conformance/fuzz/FuzzArgument.cpp). Everything that runs a program sets
/// the budget through its run options instead.
void setMaxTensorBytes(int64_t bytes);

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

  /// The flat element storage: size() elements of bytesPerElement() bytes
  /// each, little-endian, unused high bits zero (fast kernels read and write
  /// it directly instead of get/set per element).
  const uint8_t *data() const { return bytes_.data(); }
  uint8_t *data() { return bytes_.data(); }
  unsigned bytesPerElement() const { return bytesPerElement_; }

  bool hasPoison() const { return poisonCount_ > 0; }
  bool isPoison(int64_t i) const {
    return !poison_.empty() && (poison_[size_t(i) >> 6] >> (uint64_t(i) & 63)) & 1;
  }
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
  /// One bit per element, element i at bit i % 64 of word i / 64: an
  /// all-poison tensor.empty then costs 1/32 of an i32 tensor, not 1/4.
  /// Empty until an element is poison.
  std::vector<uint64_t> poison_;
  int64_t poisonCount_ = 0;
};

} // namespace qi

#endif
