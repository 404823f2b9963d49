//===- IntFormat.cpp - Integers of any width 1..64 ------------------------===//
#include "interpreter/numeric/IntFormat.h"

namespace qi::numeric {

std::string IntFormat::name() const {
  return (isSigned ? "i" : "u") + std::to_string(width);
}

BigInt IntFormat::min() const {
  return isSigned ? BigInt(-(BigInt(1) << (width - 1))) : BigInt(0);
}

BigInt IntFormat::max() const {
  return isSigned ? BigInt((BigInt(1) << (width - 1)) - 1)
                  : BigInt((BigInt(1) << width) - 1);
}

BigInt IntFormat::wrap(const BigInt &value) const {
  BigInt modulus = BigInt(1) << width;
  BigInt r = value % modulus; // truncated: sign of value
  if (r < 0)
    r += modulus;
  if (isSigned && r > max())
    r -= modulus;
  return r;
}

BigInt IntFormat::saturate(const BigInt &value) const {
  if (value < min())
    return min();
  if (value > max())
    return max();
  return value;
}

uint64_t IntFormat::toBits(const BigInt &value) const {
  BigInt wrapped = value;
  if (wrapped < 0)
    wrapped += BigInt(1) << width;
  return static_cast<uint64_t>(wrapped & BigInt(UINT64_MAX));
}

BigInt IntFormat::fromBits(uint64_t bits) const {
  if (width < 64)
    bits &= (uint64_t(1) << width) - 1;
  BigInt value = bits;
  if (isSigned && (bits >> (width - 1)) & 1)
    value -= BigInt(1) << width;
  return value;
}

int64_t IntFormat::fromBitsSmall(uint64_t bits) const {
  if (width < 64)
    bits &= (uint64_t(1) << width) - 1;
  // Sign-extend in unsigned arithmetic: bits - 2^width in int64_t overflows
  // for width 63 (UBSan, docs/reliability.md); the conversion to int64_t is
  // modulo 2^64 (GCC and Clang; C++20).
  if (isSigned && width < 64 && ((bits >> (width - 1)) & 1))
    bits |= ~uint64_t(0) << width;
  return static_cast<int64_t>(bits);
}

} // namespace qi::numeric
