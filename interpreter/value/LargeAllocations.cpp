//===- LargeAllocations.cpp - Reuse of freed tensor storage ---------------===//
#include "interpreter/value/LargeAllocations.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace qi {

void keepLargeAllocations() {
#if defined(__GLIBC__)
  // Both are hints; a C library that refuses them keeps its defaults.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

} // namespace qi
