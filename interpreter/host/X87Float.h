//===- X87Float.h - f80 values on the x87 unit ------------------*- C++ -*-===//
//
// Spec: [fast.x87-host], [fast.environment] (spec/performance.md). On x86-64
// `long double` is the x87 double-extended format, which is the f80 of the
// numeric core ([format.table]: 64-bit significand with an explicit integer
// bit, 15-bit exponent, gradual underflow). With the x87 control word at its
// default (precision control 64 bits, round to nearest-even, every exception
// masked) each x87 + - * / is the correctly rounded f80 operation, and each
// store to float / double is the correctly rounded conversion. These helpers
// check that state and read an f80 pattern as the value the numeric core
// gives it: the encodings x87 calls unsupported (unnormals, pseudo-infinities,
// pseudo-NaNs) are NaN in both, pseudo-denormals are rewritten to the
// canonical encoding of the same value so the hardware never sees one.
// Checked by X87FloatTest against the numeric core.
//
//===----------------------------------------------------------------------===//
#ifndef QI_HOST_X87FLOAT_H
#define QI_HOST_X87FLOAT_H

#include "interpreter/numeric/FloatFormat.h"

#include <cfloat>
#include <cstdint>
#include <cstring>
#include <limits>

namespace qi::host {

/// Whether `long double` is the x87 80-bit format in 16 bytes (x86-64).
#if defined(__x86_64__) && LDBL_MANT_DIG == 64 && LDBL_MAX_EXP == 16384 && \
    LDBL_MIN_EXP == -16381
constexpr bool kHostHasX87 = true;
#else
constexpr bool kHostHasX87 = false;
#endif

/// Whether the x87 unit is in the state [fast.x87-host] assumes: control
/// word precision 64 bits, rounding to nearest-even, all six exceptions
/// masked, and an empty register stack (as the x86-64 ABI requires at a
/// call). Read at every dispatch; always false without x87.
bool x87EnvironmentIsDefault();

/// The raw x87 control word (0 without x87), for messages and tests.
unsigned x87ControlWord();

/// An f80 pattern in its 16-byte element layout: significand (with the
/// explicit integer bit) in bytes 0-7, sign and exponent in bytes 8-9; bytes
/// 10-15 are ignored.
inline long double f80ToHost(uint64_t significand, uint16_t signExponent) {
  const bool integerBit = significand >> 63;
  if (((signExponent & 0x7FFF) != 0) != integerBit) {
    if (!integerBit) // unnormal, pseudo-infinity, pseudo-NaN: NaN ([format.nan])
      return std::numeric_limits<long double>::quiet_NaN();
    signExponent |= 1; // pseudo-denormal: exponent field 1 has the same value
  }
  unsigned char bytes[sizeof(long double)] = {};
  std::memcpy(bytes, &significand, 8);
  std::memcpy(bytes + 8, &signExponent, 2);
  long double v;
  std::memcpy(&v, bytes, sizeof v);
  return v;
}

inline long double f80ToHost(const uint8_t *element) {
  uint64_t significand;
  uint16_t signExponent;
  std::memcpy(&significand, element, 8);
  std::memcpy(&signExponent, element + 8, 2);
  return f80ToHost(significand, signExponent);
}

inline long double f80ToHost(numeric::Bits bits) {
  return f80ToHost(static_cast<uint64_t>(bits), static_cast<uint16_t>(bits >> 64));
}

/// The f80 pattern of a host long double (canonical for every value x87
/// arithmetic produces).
inline numeric::Bits hostToF80(long double v) {
  unsigned char bytes[sizeof(long double)];
  std::memcpy(bytes, &v, sizeof v);
  uint64_t significand;
  uint16_t signExponent;
  std::memcpy(&significand, bytes, 8);
  std::memcpy(&signExponent, bytes + 8, 2);
  return (numeric::Bits(signExponent) << 64) | significand;
}

} // namespace qi::host

#endif
