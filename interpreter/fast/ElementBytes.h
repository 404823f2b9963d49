//===- ElementBytes.h - Typed elements of a byte buffer ----------*- C++ -*-===//
//
// RuntimeValue keeps elements as bytes. The accelerators read and write them
// as host types through memcpy, which is defined behaviour (a cast of the
// byte pointer to float * or int16_t * is not) and compiles to one plain
// load or store. SSE loads and stores (_mm_loadu_ps, _mm_storeu_si128) take
// pointers into the same bytes: their vector types may alias anything.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_ELEMENTBYTES_H
#define QI_FAST_ELEMENTBYTES_H

#include "interpreter/numeric/FloatFormat.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace qi::fast {

/// Element `i` of a buffer of T.
template <typename T> inline T loadElement(const uint8_t *bytes, int64_t i) {
  T value;
  std::memcpy(&value, bytes + i * int64_t(sizeof(T)), sizeof(T));
  return value;
}

/// Sets element `i` of a buffer of T.
template <typename T> inline void storeElement(uint8_t *bytes, int64_t i, T value) {
  std::memcpy(bytes + i * int64_t(sizeof(T)), &value, sizeof(T));
}

/// The bit pattern of a host float (float, double), or a narrow format's
/// pattern already held in an integer.
template <typename E> inline numeric::Bits bitsOf(E x) {
  if constexpr (std::is_integral_v<E>) {
    return x;
  } else if constexpr (sizeof(E) == 4) {
    uint32_t b;
    std::memcpy(&b, &x, 4);
    return b;
  } else {
    uint64_t b;
    std::memcpy(&b, &x, 8);
    return b;
  }
}

} // namespace qi::fast

#endif
