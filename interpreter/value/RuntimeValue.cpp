//===- RuntimeValue.cpp - Scalars and tensors at run time -----------------===//
#include "interpreter/value/RuntimeValue.h"

#include <cstring>
#include <string>
#include <utility>

namespace qi {

namespace {
/// Bytes per element: the pattern rounded up to 1, 2, 4, 8 or 16 bytes.
unsigned storageBytes(unsigned bits) {
  unsigned bytes = 1;
  while (bytes * 8 < bits)
    bytes *= 2;
  return bytes;
}
/// The budget in force on this thread (see ScopedMaxTensorBytes).
thread_local int64_t maxTensorBytesValue = kDefaultMaxTensorBytes;

/// "4 GiB" for a whole number of GiB / MiB / KiB, else "N bytes".
std::string byteText(int64_t bytes) {
  for (auto [shift, unit] : {std::pair{30, " GiB"}, {20, " MiB"}, {10, " KiB"}})
    if (bytes >= (int64_t(1) << shift) && bytes % (int64_t(1) << shift) == 0)
      return std::to_string(bytes >> shift) + unit;
  return std::to_string(bytes) + " bytes";
}
} // namespace

void setMaxTensorBytes(int64_t bytes) { maxTensorBytesValue = bytes < 1 ? 1 : bytes; }

ScopedMaxTensorBytes::ScopedMaxTensorBytes(int64_t bytes) : previous_(maxTensorBytesValue) {
  setMaxTensorBytes(bytes);
}

ScopedMaxTensorBytes::~ScopedMaxTensorBytes() { maxTensorBytesValue = previous_; }

RuntimeValue RuntimeValue::tensor(ElementType type, Shape shape) {
  RuntimeValue v;
  v.isTensor_ = true;
  v.size_ = numElements(shape);
  auto spelling = [&] {
    return "tensor<" + shapeToString(shape) + (shape.empty() ? "" : "x") + type.toString() + ">";
  };
  if (v.size_ > kMaxTensorElements || v.size_ < 0) // found by fuzzing (docs/reliability.md)
    throw TensorTooLarge{spelling() + " has more than 2^30 elements"};
  const unsigned elementBytes = storageBytes(type.bitWidth());
  // size_ <= 2^30 and elementBytes <= 16: no overflow.
  if (v.size_ * int64_t(elementBytes) > maxTensorBytesValue)
    throw TensorTooLarge{spelling() + " needs " + std::to_string(v.size_ * elementBytes) +
                         " bytes, more than the " + byteText(maxTensorBytesValue) +
                         " limit per tensor"};
  v.shape_ = std::move(shape);
  v.bytesPerElement_ = elementBytes;
  v.type_ = std::move(type);
  v.bytes_.assign(size_t(v.size_) * v.bytesPerElement_, 0);
  return v;
}

RuntimeValue RuntimeValue::scalar(ElementType type) {
  RuntimeValue v = tensor(std::move(type), {});
  v.isTensor_ = false;
  return v;
}

numeric::Bits RuntimeValue::get(int64_t i) const {
  numeric::Bits bits = 0;
  std::memcpy(&bits, bytes_.data() + size_t(i) * bytesPerElement_, bytesPerElement_);
  return bits;
}

void RuntimeValue::set(int64_t i, numeric::Bits bits) {
  // Keep only the element's own bits (e.g. 4 of a sign-extended i4).
  const unsigned width = type_.bitWidth();
  if (width < 128)
    bits &= (numeric::Bits(1) << width) - 1;
  std::memcpy(bytes_.data() + size_t(i) * bytesPerElement_, &bits, bytesPerElement_);
}

void RuntimeValue::setPoison(int64_t i, bool poison) {
  if (poison_.empty()) {
    if (!poison)
      return;
    poison_.assign((size_t(size_) + 63) / 64, 0);
  }
  uint64_t &word = poison_[size_t(i) >> 6];
  const uint64_t bit = uint64_t(1) << (uint64_t(i) & 63);
  if (bool(word & bit) != poison)
    poisonCount_ += poison ? 1 : -1;
  word = poison ? word | bit : word & ~bit;
}

RuntimeValue RuntimeValue::withElementType(ElementType type) const {
  RuntimeValue v = *this;
  v.type_ = std::move(type);
  return v;
}

} // namespace qi
