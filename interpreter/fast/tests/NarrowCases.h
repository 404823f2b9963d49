//===- NarrowCases.h - Types for the f16 / bf16 / tf32 qcast proof -*- C++ -*-===//
//
// Spec: [fast.narrow-host], [fast.proof] in spec/performance.md. The
// quantized types on which FastQuantizeDiffTest compares the host path with
// the reference kernel for every input pattern of a narrow expressed type:
// decimal (0.1, 0.0123, 3.7e-5), 1/3, dyadic and power-of-two scales, a
// scale near E's smallest subnormal and one near E's largest finite value;
// zero points at both extremes of the storage type; i8, u8, i16, u4, i32,
// u16 storage and narrow bounds; per-layer, per-axis (innermost and
// outermost axis) and sub-channel types. Each input tensor holds every
// pattern once per parameter.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_TESTS_NARROWCASES_H
#define QI_FAST_TESTS_NARROWCASES_H

#include "interpreter/quant/tests/QuantTestUtil.h"

#include "interpreter/numeric/FloatOps.h"
#include "interpreter/value/ElementType.h"
#include "interpreter/value/RuntimeValue.h"

#include <cmath>
#include <stdexcept>

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;

/// One type and the shape of its input; element i holds pattern
/// (i / patternStride) mod 2^bits.
struct NarrowCase {
  QuantType type;
  Shape shape;
  int64_t patternStride = 1;
};

/// A scale near E's smallest subnormal / largest finite value.
inline double tinyScale(const FloatFormat &e) { return &e == &fmt("f16") ? 7e-8 : 2e-40; }
inline double hugeScale(const FloatFormat &e) { return &e == &fmt("f16") ? 60000.0 : 3e38; }

inline Bits narrowBits(const FloatFormat &e, double v) {
  return numeric::floatConvert(fmt("f64"), f64Bits(v), e, RoundingMode::NearestEven).bits;
}

inline std::vector<NarrowCase> narrowPerLayerCases(const FloatFormat &e, int64_t patterns) {
  const int64_t i32min = INT32_MIN;
  struct Row {
    IntFormat storage;
    std::optional<std::pair<int64_t, int64_t>> bounds;
    double scale;
    int64_t zeroPoint;
  };
  // Odd rows get a non-nearest rounding mode (FastQuantizeDiffTest's
  // narrowKnobs): 1 toward +inf, 3 toward -inf, 5 to odd; with zero point 0
  // and a scale above 1, x / s rounds to a zero or subnormal E value there.
  const std::vector<Row> rows = {
      {sInt(8), {}, 0.1, 0},
      {sInt(8), {}, hugeScale(e), 0},
      {sInt(8), std::pair<int64_t, int64_t>{-127, 127}, tinyScale(e), 0},
      {sInt(16), {}, 256.0, 0},
      {uInt(8), std::pair<int64_t, int64_t>{1, 200}, hugeScale(e), 100},
      {sInt(32), {}, 1000.0, 0},
      {uInt(8), {}, 1.0 / 3, 255},
      {sInt(16), {}, 0.0123, -32768},
      {uInt(4), {}, 0.7, 15},
      {sInt(32), {}, 1e-3, i32min},
      {sInt(16), {}, 1.0, 0},
      {sInt(32), {}, 0x1p-10, 7},
      {uInt(8), {}, 3.7e-5, 0},
      {sInt(8), {}, 0.05, 127},
  };

  // 2^19 tf32 patterns: the first three types only.
  const size_t count = patterns > 65536 ? 3 : rows.size();
  std::vector<NarrowCase> cases;
  for (size_t k = 0; k < count; ++k)
    cases.push_back({perLayer(rows[k].storage, e, rows[k].scale, rows[k].zeroPoint,
                              rows[k].bounds),
                     {patterns}, 1});
  return cases;
}

inline std::vector<NarrowCase> narrowCases(const FloatFormat &e) {
  const int64_t n = int64_t(1) << e.sizeInBits;
  std::vector<NarrowCase> cases = narrowPerLayerCases(e, n);
  // Per-axis, channel axis innermost (a parameter per element).
  cases.push_back({perAxis(sInt(8), e, 1, {0.1, tinyScale(e), hugeScale(e), 1.0 / 3},
                           {0, -128, 127, 5}),
                   {n, 4}, 4});
  if (n > 65536)
    return cases;
  // Per-axis, channel axis outermost (runs of one parameter), narrow bounds.
  cases.push_back({perAxis(uInt(8), e, 0, {0.0123, 1.0, 0x1p-8, 0.7}, {0, 255, 128, 250},
                           std::pair<int64_t, int64_t>{0, 250}),
                   {4, n}, 1});
  // Sub-channel: blocks of one along axes 0 and 2; scales stored in E.
  auto sub = [&](IntFormat storage, std::vector<double> scales, std::vector<int64_t> zps) {
    std::vector<Bits> bits;
    for (double s : scales)
      bits.push_back(narrowBits(e, s));
    return NarrowCase{subChannel(storage, e, {{0, 1}, {2, 1}}, {2, 1, 2}, bits, zps),
                      {2, n, 2}, 2};
  };
  cases.push_back(sub(sInt(16), {0.1, 1.0 / 3, tinyScale(e), 2.5}, {0, -32768, 32767, 9}));
  cases.push_back(sub(uInt(4), {0.7, hugeScale(e), 0.05, 1e-3}, {0, 15, 8, 3}));
  return cases;
}

inline int64_t narrowElements(const std::vector<NarrowCase> &cases) {
  int64_t total = 0;
  for (const NarrowCase &c : cases)
    total += numElements(c.shape);
  return total;
}

inline RuntimeValue narrowInput(const NarrowCase &c) {
  RuntimeValue v = RuntimeValue::tensor(ElementType::makeFloat(*c.type.expressed), c.shape);
  const int64_t patterns = int64_t(1) << c.type.expressed->sizeInBits;
  for (int64_t i = 0; i < v.size(); ++i)
    v.set(i, Bits((i / c.patternStride) % patterns));
  return v;
}

inline ParameterMap narrowMap(const NarrowCase &c) {
  std::string error;
  std::optional<ParameterMap> m = ParameterMap::build(c.type, c.shape, true, error);
  if (!m)
    throw std::runtime_error(error);
  return *m;
}

} // namespace qi::fast::test

#endif
