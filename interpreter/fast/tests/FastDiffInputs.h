//===- FastDiffInputs.h - Random types and edge inputs for fast-path proofs ===//
//
// Spec: [fast.proof] in spec/performance.md. The differential tests of the
// host fast paths draw quantized types and expressed inputs from here:
// random bit patterns (NaNs, infinities, subnormals, huge values included),
// ties k + 1/2 after the division and their +-1/2-ULP neighbours, storage
// bounds +- 1/2, |x / s| around 2^31, 2^32, 2^62, 2^63, and the special
// values. splitmix64 only ([golden.prng]).
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_TESTS_FASTDIFFINPUTS_H
#define QI_FAST_TESTS_FASTDIFFINPUTS_H

#include "generators/Prng.h"
#include "interpreter/quant/tests/QuantTestUtil.h"

#include "interpreter/fast/Dispatch.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;

using Rng = generators::SplitMix64;

/// A random per-layer type: storage i/u 1..32 bits (8, 16, 32 most often),
/// narrow bounds one time in four, zero point anywhere in the storage type,
/// scale of one of several flavours (decimal, 1/n, power of two, random
/// significand over a wide exponent range, near f32 limits).
inline QuantType randomPerLayerType(Rng &rng, const FloatFormat &expressed) {
  static const unsigned kWidths[] = {8, 8, 8, 16, 16, 32, 32, 4, 1, 2, 12, 24, 31};
  const unsigned width = kWidths[rng.below(sizeof kWidths / sizeof kWidths[0])];
  const IntFormat storage{width, width != 1 && rng.chance(2)};
  const int64_t tmin = static_cast<int64_t>(storage.min()), tmax = static_cast<int64_t>(storage.max());
  std::optional<std::pair<int64_t, int64_t>> bounds;
  if (rng.chance(4) && tmax - tmin >= 2) {
    int64_t lo = rng.range(tmin, tmax - 1), hi = rng.range(lo + 1, tmax);
    bounds = {lo, hi};
  }
  int64_t zp = 0;
  switch (rng.below(5)) {
  case 0:
    break;
  case 1:
    zp = rng.chance(2) ? tmin : tmax;
    break;
  case 2: {
    // Outside the storage type, as MLIR accepts ([qtype.model]; wrapped by
    // mlir-lower-quant-ops, [sem.zero-point-storage]); within the +-2^32 the
    // host paths claim.
    const int64_t distance = rng.range(1, rng.chance(2) ? 300 : int64_t(1) << 31);
    const int64_t limit = int64_t(1) << 32;
    zp = std::clamp(rng.chance(2) ? tmax + distance : tmin - distance, -limit, limit);
    break;
  }
  default:
    zp = rng.range(tmin, tmax);
  }
  double scale;
  switch (rng.below(6)) {
  case 0:
    scale = 0.1 * static_cast<double>(rng.range(1, 9)) / std::pow(10.0, double(rng.below(6)));
    break;
  case 1:
    scale = 1.0 / static_cast<double>(rng.range(3, 1000));
    break;
  case 2:
    scale = std::ldexp(1.0, static_cast<int>(rng.range(-30, 30)));
    break;
  case 3: // near the f32 limits (MLIR's verifier allows the whole range)
    scale = std::ldexp(1.0 + double(rng.next() >> 11) * 0x1p-53,
                       static_cast<int>(rng.chance(2) ? rng.range(-149, -120) : rng.range(100, 127)));
    break;
  default:
    scale = std::ldexp(1.0 + double(rng.next() >> 11) * 0x1p-53, static_cast<int>(rng.range(-40, 20)));
  }
  if (&expressed == &fmt("f32"))
    scale = std::min(scale, double(std::numeric_limits<float>::max()));
  return perLayer(storage, expressed, scale, zp, bounds);
}

/// The f64 value of a per-layer type's scale.
inline double scaleOf(const QuantType &t) { return f64Of(t.scales[0].bits); }

/// A random expressed input (bit pattern) for `t`, f32 or f64, drawn from the
/// edge classes of [fast.proof].
inline Bits randomInput(Rng &rng, const QuantType &t) {
  const bool isF64 = t.expressed == &fmt("f64");
  auto asBits = [&](double v) { return isF64 ? f64Bits(v) : f32Bits(static_cast<float>(v)); };
  auto neighbour = [&](Bits b, int steps) -> Bits { // +-ULP steps on the pattern
    return isF64 ? Bits(uint64_t(uint64_t(b) + int64_t(steps)))
                 : Bits(uint32_t(uint32_t(b) + int32_t(steps)));
  };
  const double s = scaleOf(t);
  const double zp = static_cast<double>(t.zeroPoints[0]);
  auto around = [&](double k) { // x with x / s + zp near k, then +-2 ULP
    return neighbour(asBits((k - zp) * s), static_cast<int>(rng.range(-2, 2)));
  };
  switch (rng.below(10)) {
  case 0:
  case 1: // any pattern: NaNs, infinities, subnormals, huge and tiny values
    return isF64 ? Bits(rng.next()) : Bits(uint32_t(rng.next()));
  case 2: { // tie k + 1/2 in the storage range
    double k = static_cast<double>(rng.range(t.storageMin - 2, t.storageMax + 1)) + 0.5;
    return around(k);
  }
  case 3: { // storage bounds +- 1/2
    double b = static_cast<double>(rng.chance(2) ? t.storageMin : t.storageMax);
    return around(b + (rng.chance(2) ? 0.5 : -0.5) + double(rng.range(-1, 1)));
  }
  case 4: { // |x / s| around 2^31, 2^32, 2^62, 2^63 (and beyond)
    static const int kPowers[] = {31, 32, 53, 62, 63, 64};
    double k = std::ldexp(1.0, kPowers[rng.below(6)]) * (rng.chance(2) ? 1 : -1);
    return around(k + double(rng.range(-3, 3)) * (rng.chance(2) ? 0.5 : 1));
  }
  case 5: { // specials
    static const double kSpecial[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN,
                                      4.9406564584124654e-324, 1.401298464324817e-45,
                                      1.1754943508222875e-38, 3.4028234663852886e38,
                                      1.7976931348623157e308, 2.2250738585072014e-308};
    double v = kSpecial[rng.below(12)] * (rng.chance(2) ? 1 : -1);
    Bits b = asBits(v);
    return rng.chance(3) ? neighbour(b, static_cast<int>(rng.range(-1, 1))) : b;
  }
  case 6: { // signalling NaN / NaN with payload
    return isF64 ? Bits(0x7FF0000000000001ull | (rng.next() & 0x800FFFFFFFFFFFFFull))
                 : Bits(uint32_t(0x7F800001u | (uint32_t(rng.next()) & 0x807FFFFFu)));
  }
  default: { // a uniform real value in and around the storage range
    double span = static_cast<double>(t.storageMax - t.storageMin) + 4;
    double k = static_cast<double>(t.storageMin) - 2 + span * (double(rng.next() >> 11) * 0x1p-53);
    return asBits((k - zp) * s);
  }
  }
}

/// qcast of `input` into `result` by `path` (planQuantizeBy); the plan it
/// ran, or nullopt (nothing computed) when `path` does not cover (type, s).
inline std::optional<KernelPlan> quantizeBy(KernelPath path, const QuantType &type,
                                            const Semantics &s, const ParameterMap &map,
                                            const RuntimeValue &input, RuntimeValue &result) {
  std::optional<KernelPlan> plan = planQuantizeBy(path, type, s);
  if (plan)
    quantizeTensor(*plan, type, s, map, input, result);
  return plan;
}

} // namespace qi::fast::test

#endif
