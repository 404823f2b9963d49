//===- IntFormat.h - Integers of any width 1..64 ----------------*- C++ -*-===//
//
// Spec: [int.model], [int.wrap], [int.saturate].
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_INTFORMAT_H
#define QI_NUMERIC_INTFORMAT_H

#include "interpreter/numeric/Exact.h"

#include <cstdint>
#include <string>

namespace qi::numeric {

/// A two's-complement (signed) or plain binary (unsigned) integer type.
struct IntFormat {
  unsigned width = 32; ///< 1..64
  bool isSigned = true;

  /// "i8" / "u8" (signedness spelled out, as quant storage types are).
  std::string name() const;
  BigInt min() const;
  BigInt max() const;
  bool contains(const BigInt &value) const { return value >= min() && value <= max(); }
  /// [int.wrap] value modulo 2^width, into this format's range.
  BigInt wrap(const BigInt &value) const;
  /// [int.saturate] value clamped into this format's range.
  BigInt saturate(const BigInt &value) const;
  /// The width-bit pattern of an in-range value.
  uint64_t toBits(const BigInt &value) const;
  /// The value of the low `width` bits of a pattern.
  BigInt fromBits(uint64_t bits) const;
  /// The value of the low `width` bits of a pattern as int64 (in range for
  /// every width <= 63 unsigned and <= 64 signed).
  int64_t fromBitsSmall(uint64_t bits) const;

  friend bool operator==(const IntFormat &a, const IntFormat &b) {
    return a.width == b.width && a.isSigned == b.isSigned;
  }
};

} // namespace qi::numeric

#endif
