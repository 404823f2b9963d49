//===- SweepTier.h - Sampled or whole sweeps, by CTest tier ------*- C++ -*-===//
//
// The quick test tier (plain `ctest`) runs a fixed sample of each long
// differential sweep; the `full` tier (CTest label `full`, environment
// QI_FULL_SWEEPS=1, fast/tests/CMakeLists.txt) runs all of it. Samples are
// fixed (the same seeds, every k-th pattern), never random per run.
//
// A sweep may sample kSanitizedThinning times thinner in a sanitized build
// (QI_SANITIZE, about 15x slower) when its coverage assertions still hold at
// that size: that run looks for memory errors and undefined behaviour, which
// the thinner sample reaches through the same code paths; the numeric proof is
// the Release build's two tiers. A sanitized full tier still runs everything.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_TESTS_SWEEPTIER_H
#define QI_FAST_TESTS_SWEEPTIER_H

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace qi::fast::test {

#ifdef QI_SANITIZED_BUILD
inline constexpr int64_t kSanitizedThinning = 8;
#else
inline constexpr int64_t kSanitizedThinning = 1;
#endif

/// Whether this run is the full tier.
inline bool fullSweeps() {
  const char *value = std::getenv("QI_FULL_SWEEPS");
  return value && std::strcmp(value, "1") == 0;
}

/// `whole` in the full tier, else `whole / divisor` (at least 1).
inline int64_t sweepCount(int64_t whole, int64_t divisor) {
  if (fullSweeps())
    return whole;
  if (whole <= divisor)
    return whole;
  return whole / divisor;
}

/// Every case in the full tier, else every `sampleStride`-th: the step
/// through a list of cases.
inline uint64_t caseStride(uint64_t sampleStride) { return fullSweeps() ? 1 : sampleStride; }

} // namespace qi::fast::test

#endif
