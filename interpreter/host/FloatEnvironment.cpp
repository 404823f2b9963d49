//===- FloatEnvironment.cpp - The host float environment the fast paths need ===//
#include "interpreter/host/FloatEnvironment.h"

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace qi::host {

bool hostFloatEnvironmentIsDefault() {
#if defined(__SSE2__)
  const unsigned csr = _mm_getcsr();
  const unsigned roundingControl = csr & 0x6000u, flushToZero = csr & 0x8000u,
                 denormalsAreZero = csr & 0x0040u;
  return roundingControl == 0 && !flushToZero && !denormalsAreZero;
#else
  return false; // not proven on other hosts: always the reference kernels
#endif
}

} // namespace qi::host
