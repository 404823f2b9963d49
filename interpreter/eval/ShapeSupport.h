//===- ShapeSupport.h - Helpers shared by tensor and shape ops --*- C++ -*-===//
//
// Spec: spec/lowered-tensor.md [tensor.common], [shape.common]. Reading index
// operands (never poison), building index tensors, copying elements with
// their poison bit. Private to TensorOps.cpp / ShapeOps.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_SHAPESUPPORT_H
#define QI_EVAL_SHAPESUPPORT_H

#include "interpreter/eval/Interpreter.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace qi::eval::shapesupport {

inline std::string opName(mlir::Operation &op) { return op.getName().getStringRef().str(); }

/// Element i of an integer / index / quantized value read as a signed (or
/// storage-signed) 64-bit integer.
inline int64_t readInt(const RuntimeValue &value, int64_t i) {
  return value.elementType().intFormat().fromBitsSmall(static_cast<uint64_t>(value.get(i)));
}

/// The bit pattern of an index value.
inline numeric::Bits indexBits(int64_t v) {
  return numeric::Bits(static_cast<uint64_t>(v));
}

inline RuntimeValue makeIndexScalar(int64_t v) {
  RuntimeValue r = RuntimeValue::scalar(ElementType::makeIndex());
  r.set(0, indexBits(v));
  return r;
}

/// A 1-D index tensor (extent tensor) holding `values`.
inline RuntimeValue makeIndexTensor(const std::vector<int64_t> &values) {
  RuntimeValue r =
      RuntimeValue::tensor(ElementType::makeIndex(), {static_cast<int64_t>(values.size())});
  for (size_t i = 0; i < values.size(); ++i)
    r.set(int64_t(i), indexBits(values[i]));
  return r;
}

/// "[2, 3, 4]".
inline std::string listToString(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

/// "tensor<2x3>" / "tensor<>" (rank 0) / "scalar": a runtime shape for messages.
inline std::string runtimeShape(const RuntimeValue &value) {
  if (!value.isTensor())
    return "scalar";
  return "tensor<" + shapeToString(value.shape()) + ">";
}

/// The scalar integer / index operand `ssa`; a poison operand is an error
/// (the op cannot decide a shape, bound or position from it).
inline int64_t scalarInt(Frame &frame, mlir::Operation &op, mlir::Value ssa,
                         const std::string &what) {
  const RuntimeValue &value = frame.lookup(ssa);
  if (value.isTensor() || value.size() != 1)
    fail(op.getLoc(), opName(op) + ": internal error: " + what + " is not a scalar");
  if (value.isPoison(0))
    fail(op.getLoc(), opName(op) + ": " + what + " is poison");
  return readInt(value, 0);
}

/// Copies element `si` of `src` (bits and poison) to element `di` of `dst`.
inline void copyElement(RuntimeValue &dst, int64_t di, const RuntimeValue &src, int64_t si) {
  dst.set(di, src.get(si));
  if (src.isPoison(si))
    dst.setPoison(di);
}

/// Sets every element of `dst` to element 0 of `src` (bits and poison); both
/// have the same element type (tensor.splat, [fast.linalg-columns]).
inline void fillWith(RuntimeValue &dst, const RuntimeValue &src) {
  const unsigned bytes = dst.bytesPerElement();
  for (int64_t k = 0; k < dst.size(); ++k)
    std::memcpy(dst.data() + size_t(k) * bytes, src.data(), bytes);
  if (src.isPoison(0))
    for (int64_t k = 0; k < dst.size(); ++k)
      dst.setPoison(k);
}

/// Sets element `i` of `dst` to `bits` with poison bit `poison`. Clearing a
/// poison bit rebuilds the value so that a value without poison keeps an
/// empty poison mask (RuntimeValue::setPoison(i, false) leaves an all-false
/// mask behind, which hasPoison() reports as poison).
inline void storeElement(RuntimeValue &dst, int64_t i, numeric::Bits bits, bool poison) {
  if (!poison && dst.isPoison(i)) {
    RuntimeValue fresh = dst.isTensor() ? RuntimeValue::tensor(dst.elementType(), dst.shape())
                                        : RuntimeValue::scalar(dst.elementType());
    for (int64_t k = 0; k < dst.size(); ++k) {
      fresh.set(k, dst.get(k));
      if (k != i && dst.isPoison(k))
        fresh.setPoison(k);
    }
    dst = std::move(fresh);
  }
  dst.set(i, bits);
  if (poison)
    dst.setPoison(i);
}

/// Product of `sizes`, or nullopt on int64 overflow.
inline std::optional<int64_t> checkedProduct(const std::vector<int64_t> &sizes) {
  int64_t n = 1;
  for (int64_t s : sizes)
    if (s == 0)
      return 0;
  for (int64_t s : sizes)
    if (__builtin_mul_overflow(n, s, &n))
      return std::nullopt;
  return n;
}

/// Largest number of elements a tensor op creates: beyond it the interpreter
/// reports an error instead of exhausting memory. [tensor.common]
constexpr int64_t kMaxElements = int64_t(1) << 30;

/// Checks that a new tensor of `shape` (sizes already >= 0) can be built.
inline void checkNewShape(mlir::Operation &op, const Shape &shape) {
  std::optional<int64_t> n = checkedProduct(shape);
  if (!n || *n > kMaxElements)
    fail(op.getLoc(), opName(op) + ": result shape " + shapeToString(shape) +
                          " has more than 2^30 elements");
}

} // namespace qi::eval::shapesupport

#endif
