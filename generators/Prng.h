//===- Prng.h - The portable pseudo-random generator ------------*- C++ -*-===//
//
// Spec: [golden.prng]. Golden generation and every randomized test draw from
// this one generator, never from std::*_distribution, whose output differs
// between standard libraries: a seed names the same stream everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_PRNG_H
#define QI_GENERATORS_PRNG_H

#include <cstdint>

namespace qi::generators {

/// splitmix64 (Steele, Lea, Flood 2014).
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// An integer in [0, n), n > 0 (modulo bias below 2^-40 for n < 2^24).
  uint64_t below(uint64_t n) { return next() % n; }
  /// An integer in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1));
  }
  /// True once in `oneIn` draws on average.
  bool chance(unsigned oneIn) { return below(oneIn) == 0; }
  /// 128 random bits.
  unsigned __int128 bits128() {
    unsigned __int128 high = next();
    return (high << 64) | next();
  }

private:
  uint64_t state_;
};

} // namespace qi::generators

#endif
