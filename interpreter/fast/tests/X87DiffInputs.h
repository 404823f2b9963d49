//===- X87DiffInputs.h - f80 types and edge inputs for the x87 proof -*- C++ -*-===//
//
// Spec: [fast.x87-host], [fast.proof] in spec/performance.md. Random
// quantized types with expressed f80 (storage i2..i32 / u1..u32, narrow
// bounds, zero points at and inside the extremes; per-layer and per-axis
// scales are f64 down to its subnormals and up to 2^1023, sub-channel scales
// are f80 down to its subnormals and up to its largest value) and f80 inputs
// from every edge class: random patterns (unnormals, pseudo-denormals,
// pseudo-infinities and pseudo-NaNs included), ties k + 1/2 after the step
// in the recipe's format with their ULP neighbours, f32 / f64 conversion
// midpoints +- 1 f80 ULP, storage bounds +- 1/2, |x / s| around 2^31 ...
// 2^64, signed zeros, subnormals, the smallest normal, the largest finite
// value, infinities, quiet and signalling NaNs. Input generation may use
// host long double; the oracle is always the reference kernel. splitmix64 only.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_TESTS_X87DIFFINPUTS_H
#define QI_FAST_TESTS_X87DIFFINPUTS_H

#include "generators/Prng.h"
#include "interpreter/quant/tests/QuantTestUtil.h"

#include "interpreter/host/X87Float.h"
#include "interpreter/value/RuntimeValue.h"

#include <cmath>

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;
using namespace host;

using Rng = generators::SplitMix64;

/// The format a recipe rounds t to: where ties are made.
enum class Grid { F32, F64, F80 };

inline Grid gridOf(const Semantics &s) {
  switch (s.quantize.scaled) {
  case Precision::F32:
    return Grid::F32;
  case Precision::F64:
    return Grid::F64;
  case Precision::Expressed:
    break;
  }
  return Grid::F80;
}

/// An f80 pattern from sign, 15-bit exponent field and 64-bit significand.
inline Bits f80Pattern(bool negative, unsigned exponent, uint64_t significand) {
  return (Bits((negative ? 0x8000u : 0u) | (exponent & 0x7FFFu)) << 64) | significand;
}

/// A random storage type, bounds and zero point (as FastDiffInputs.h, every
/// width 1..32).
struct StorageChoice {
  IntFormat storage;
  std::optional<std::pair<int64_t, int64_t>> bounds;
};

inline StorageChoice randomStorage(Rng &rng) {
  static const unsigned kWidths[] = {8, 8, 16, 32, 32};
  const unsigned width =
      rng.chance(2) ? kWidths[rng.below(5)] : static_cast<unsigned>(rng.range(1, 32));
  const IntFormat storage{width, width != 1 && rng.chance(2)};
  const int64_t tmin = static_cast<int64_t>(storage.min()),
                tmax = static_cast<int64_t>(storage.max());
  StorageChoice c{storage, {}};
  if (rng.chance(4) && tmax - tmin >= 2) {
    int64_t lo = rng.range(tmin, tmax - 1), hi = rng.range(lo + 1, tmax);
    c.bounds = std::pair<int64_t, int64_t>{lo, hi};
  }
  return c;
}

inline int64_t randomZeroPoint(Rng &rng, const IntFormat &storage) {
  const int64_t tmin = static_cast<int64_t>(storage.min()),
                tmax = static_cast<int64_t>(storage.max());
  switch (rng.below(4)) {
  case 0:
    return 0;
  case 1:
    return rng.chance(2) ? tmin : tmax;
  default:
    return rng.range(tmin, tmax);
  }
}

/// A positive scale: decimal, 1/n, power of two, short significand (exact
/// ties), random significand, or near the limits of f64 (`wide`: of f80).
inline long double randomScale(Rng &rng, bool wide) {
  const long double random = 1.0L + static_cast<long double>(rng.next()) * 0x1p-64L;
  switch (rng.below(wide ? 8 : 7)) {
  case 0:
    return 0.1L * static_cast<long double>(rng.range(1, 9)) /
           std::pow(10.0L, static_cast<long double>(rng.below(6)));
  case 1:
    return 1.0L / static_cast<long double>(rng.range(3, 1000));
  case 2:
    return std::ldexp(1.0L, static_cast<int>(rng.range(-60, 60)));
  case 3: // m * 2^e with m < 2^12: x = (k + 1/2 - zp) * s is exact
    return std::ldexp(static_cast<long double>(rng.range(1, 4095)),
                      static_cast<int>(rng.range(-40, 10)));
  case 4:
    return std::ldexp(random, static_cast<int>(rng.range(-40, 20)));
  case 5: // f64 subnormals and the top of f64
    return rng.chance(2) ? std::ldexp(random, static_cast<int>(rng.range(-1074, -1000)))
                         : std::ldexp(random, static_cast<int>(rng.range(1000, 1023)));
  case 6:
    return std::ldexp(random, static_cast<int>(rng.range(-150, 130)));
  default: // f80 only (sub-channel): subnormal to largest finite
    return rng.chance(2) ? std::ldexp(random, static_cast<int>(rng.range(-16445, -16300)))
                         : std::ldexp(random, static_cast<int>(rng.range(16200, 16383)));
  }
}

/// The f64 scale MLIR stores for a per-layer / per-axis type: in f64's range.
inline double asF64Scale(long double s) {
  const double d = static_cast<double>(s);
  return d > 0 ? d : 4.9406564584124654e-324;
}

/// The parameters one element sees, for aiming inputs.
struct Aim {
  long double scale; ///< the scale's value (f64 or f80)
  int64_t zeroPoint, storageMin, storageMax;
};

/// `v` as an f80 pattern of a value of grid `g` (rounded there first), moved
/// by `steps` ULPs of that grid.
inline Bits onGrid(long double v, Grid g, int steps) {
  switch (g) {
  case Grid::F32: {
    float f = static_cast<float>(v);
    for (; steps > 0; --steps)
      f = std::nextafter(f, INFINITY);
    for (; steps < 0; ++steps)
      f = std::nextafter(f, -INFINITY);
    return hostToF80(f);
  }
  case Grid::F64: {
    double d = static_cast<double>(v);
    for (; steps > 0; --steps)
      d = std::nextafter(d, double(INFINITY));
    for (; steps < 0; ++steps)
      d = std::nextafter(d, -double(INFINITY));
    return hostToF80(d);
  }
  case Grid::F80:
    break;
  }
  for (; steps > 0; --steps)
    v = std::nextafterl(v, INFINITY);
  for (; steps < 0; ++steps)
    v = std::nextafterl(v, -INFINITY);
  return hostToF80(v);
}

/// A point half-way between two neighbours of grid `g` near `v` (a tie of
/// the f80 -> f32 / f64 conversion), +- one f80 ULP.
inline Bits conversionMidpoint(Rng &rng, long double v, Grid g) {
  long double a, b;
  if (g == Grid::F32) {
    float f = static_cast<float>(v);
    a = f;
    b = std::nextafter(f, INFINITY);
  } else {
    double d = static_cast<double>(v);
    a = d;
    b = std::nextafter(d, double(INFINITY));
  }
  if (!std::isfinite(a) || !std::isfinite(b))
    return hostToF80(a);
  return onGrid(a + (b - a) / 2, Grid::F80, static_cast<int>(rng.range(-1, 1)));
}

/// A random f80 input for an element with parameters `aim` under a recipe
/// whose t is in grid `g`, drawn from the edge classes of [fast.proof].
inline Bits randomF80Input(Rng &rng, const Aim &aim, Grid g) {
  const long double s = aim.scale, zp = static_cast<long double>(aim.zeroPoint);
  auto around = [&](long double k) { // x with x / s + zp near k
    return onGrid((k - zp) * s, rng.chance(2) ? g : Grid::F80,
                  static_cast<int>(rng.range(-2, 2)));
  };
  const bool negative = rng.chance(2);
  switch (rng.below(12)) {
  case 0: // any 80-bit pattern, non-canonical encodings included
    return (Bits(rng.next() & 0xFFFF) << 64) | rng.next();
  case 1: // a canonical value with any exponent (huge, tiny, subnormal)
  {
    const unsigned e = static_cast<unsigned>(rng.below(0x8000));
    return f80Pattern(negative, e, rng.next() | (e ? uint64_t(1) << 63 : 0));
  }
  case 2: { // tie k + 1/2 in and around the storage range
    const long double k = static_cast<long double>(
                              rng.range(aim.storageMin - 2, aim.storageMax + 1)) + 0.5L;
    return around(k);
  }
  case 3: { // storage bounds +- 1/2
    const long double b =
        static_cast<long double>(rng.chance(2) ? aim.storageMin : aim.storageMax);
    return around(b + (rng.chance(2) ? 0.5L : -0.5L) + static_cast<long double>(rng.range(-1, 1)));
  }
  case 4: { // |x / s| around 2^31, 2^32, 2^53, 2^62, 2^63, 2^64
    static const int kPowers[] = {31, 32, 53, 62, 63, 64};
    const long double k = std::ldexp(1.0L, kPowers[rng.below(6)]) * (negative ? -1 : 1);
    return around(k + static_cast<long double>(rng.range(-3, 3)) * (rng.chance(2) ? 0.5L : 1));
  }
  case 5: { // special and extreme encodings
    static const Bits kSpecial[] = {
        f80Pattern(false, 0, 0),                       // +-0
        f80Pattern(false, 0, 1),                       // smallest subnormal
        f80Pattern(false, 0, 0x7FFFFFFFFFFFFFFFull),   // largest subnormal
        f80Pattern(false, 1, 0x8000000000000000ull),   // smallest normal
        f80Pattern(false, 0x7FFE, ~uint64_t(0)),       // largest finite
        f80Pattern(false, 0x7FFF, 0x8000000000000000ull), // infinity
        f80Pattern(false, 0x7FFF, 0xC000000000000000ull), // quiet NaN (indefinite)
        f80Pattern(false, 0x7FFF, 0x8000000000000001ull), // signalling NaN
        f80Pattern(false, 0, 0x8000000000000000ull),   // pseudo-denormal = 2^-16382
        f80Pattern(false, 0, 0xC000000000000001ull),   // pseudo-denormal
        f80Pattern(false, 0x3FFF, 0x4000000000000000ull), // unnormal (NaN)
        f80Pattern(false, 0x7FFF, 0),                  // pseudo-infinity (NaN)
        f80Pattern(false, 0x7FFF, 0x4000000000000000ull), // pseudo-NaN (NaN)
        f80Pattern(false, 0x3FFF, 0x8000000000000000ull), // 1.0
    };
    Bits b = kSpecial[rng.below(sizeof kSpecial / sizeof kSpecial[0])];
    if (negative)
      b |= Bits(0x8000) << 64;
    // A neighbour of a canonical finite value (1 in 3).
    const long double v = f80ToHost(b);
    if (rng.chance(3) && std::isfinite(v) && hostToF80(v) == b)
      return onGrid(v, Grid::F80, static_cast<int>(rng.range(-1, 1)));
    return b;
  }
  case 6: // NaNs with payloads, quiet and signalling
    return f80Pattern(negative, 0x7FFF, (uint64_t(1) << 63) | (rng.next() >> 1) | 1);
  case 7: { // around f32 / f64 subnormals and overflow (the conversion's edges)
    static const int kEdges[] = {-126, -140, -149, -150, 127, 128, -1022, -1060, -1074, -1075,
                                 1023, 1024};
    const long double v = std::ldexp(1.0L + static_cast<long double>(rng.next() >> 40) *
                                                0x1p-24L,
                                     kEdges[rng.below(12)]);
    return onGrid(negative ? -v : v, Grid::F80, static_cast<int>(rng.range(-2, 2)));
  }
  case 8: { // f32 / f64 conversion midpoints (ties) +- 1 f80 ULP
    const long double k = static_cast<long double>(
        rng.range(aim.storageMin - 2, aim.storageMax + 2));
    const long double v = rng.chance(2) ? (k - zp) * s
                                        : std::ldexp(static_cast<long double>(rng.next() >> 11),
                                                     static_cast<int>(rng.range(-1200, 1100)));
    return conversionMidpoint(rng, negative ? -v : v, rng.chance(2) ? Grid::F32 : Grid::F64);
  }
  case 9: { // x / s in f80's subnormal range or overflowing: tiny or huge x
    const long double v =
        std::ldexp(1.0L + static_cast<long double>(rng.next()) * 0x1p-64L,
                   static_cast<int>(rng.chance(2) ? rng.range(-16445, -16300)
                                                  : rng.range(16300, 16383)));
    return onGrid(negative ? -v : v, Grid::F80, 0);
  }
  default: { // a uniform real value in and around the storage range
    const long double span = static_cast<long double>(aim.storageMax - aim.storageMin) + 4;
    const long double k = static_cast<long double>(aim.storageMin) - 2 +
                          span * (static_cast<long double>(rng.next() >> 11) * 0x1p-53L);
    return onGrid((k - zp) * s, Grid::F80, 0);
  }
  }
}

/// A per-axis type on `shape` ({channels, n}, axis 0, or {n, channels},
/// axis 1; f64 scales) or a sub-channel type with f80 scales, of about
/// `elements` elements.
inline QuantType randomF80ChannelType(Rng &rng, int64_t elements, Shape &shape) {
  const StorageChoice sc = randomStorage(rng);
  if (rng.chance(2)) {
    const int64_t channels = rng.range(2, 8), n = elements / channels;
    const int32_t axis = rng.chance(2) ? 0 : 1;
    shape = axis == 0 ? Shape{channels, n} : Shape{n, channels};
    std::vector<double> scales;
    std::vector<int64_t> zeroPoints;
    for (int64_t c = 0; c < channels; ++c) {
      scales.push_back(asF64Scale(randomScale(rng, false)));
      zeroPoints.push_back(randomZeroPoint(rng, sc.storage));
    }
    return perAxis(sc.storage, fmt("f80"), axis, scales, zeroPoints, sc.bounds);
  }
  static const int64_t kRows[] = {4, 8, 16}, kColumnBlocks[] = {1, 2, 16, 64};
  const int64_t rows = kRows[rng.below(3)], columns = elements / rows;
  const int64_t rowBlock = rng.chance(2) ? 1 : 2, columnBlock = kColumnBlocks[rng.below(4)];
  shape = {rows, columns};
  const Shape parameterShape{rows / rowBlock, columns / columnBlock};
  std::vector<Bits> scales;
  std::vector<int64_t> zeroPoints;
  for (int64_t p = 0; p < numElements(parameterShape); ++p) {
    scales.push_back(hostToF80(randomScale(rng, true)));
    zeroPoints.push_back(randomZeroPoint(rng, sc.storage));
  }
  return subChannel(sc.storage, fmt("f80"), {{0, rowBlock}, {1, columnBlock}},
                    parameterShape, scales, zeroPoints, sc.bounds);
}

/// A scale's value as a host long double (stored in f64 or f80).
inline long double f80ScaleValue(const ScaleValue &s) {
  return s.format == &fmt("f80") ? f80ToHost(s.bits) : static_cast<long double>(f64Of(s.bits));
}

/// Fills `input` (f80) with randomF80Input aimed at each element's own
/// parameter.
inline void fillAimedF80Inputs(Rng &rng, const QuantType &type, const ParameterMap &map, Grid g,
                               RuntimeValue &input) {
  for (int64_t i = 0; i < input.size(); ++i) {
    const size_t p = static_cast<size_t>(map.parameterIndex(i));
    const Aim aim{f80ScaleValue(type.scales[p]), type.zeroPoints[p], type.storageMin,
                  type.storageMax};
    input.set(i, randomF80Input(rng, aim, g));
  }
}

} // namespace qi::fast::test

#endif
