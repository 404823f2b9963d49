//===- ParameterMap.h - Which scale/zero point each element uses -*- C++ -*-===//
//
// Spec: [qtype.granularity], [axis.integrity.dynamic],
// [subchannel.integrity.dynamic]. Built for one concrete runtime shape; the
// integrity rules MLIR's verifier cannot check on dynamic and unranked types
// are checked here.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_PARAMETERMAP_H
#define QI_QUANT_PARAMETERMAP_H

#include "interpreter/quant/QuantType.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace qi::quant {

class ParameterMap {
public:
  /// The map for a value of `shape` (isTensor false: a scalar). On an
  /// integrity violation returns nullopt and sets `error` to a message naming
  /// the axis, the runtime size and the number of scales / block size.
  static std::optional<ParameterMap> build(const QuantType &type, const Shape &shape,
                                           bool isTensor, std::string &error);

  /// Index into QuantType::scales / zeroPoints for flat element `i`.
  int64_t parameterIndex(int64_t i) const {
    int64_t index = 0;
    for (const Term &t : terms_)
      index += ((i / t.dataStride) % t.size) / t.blockSize * t.parameterStride;
    return index;
  }

  /// Calls `f(start, length, parameter)` for consecutive runs of elements
  /// [start, start + length) of a value of `count` elements that all use one
  /// parameter, in order, without a division per element (the fast kernels'
  /// loop; same answer as parameterIndex for every element).
  template <typename F> void forEachRun(int64_t count, F &&f) const;
  /// The length of the shortest run of forEachRun (INT64_MAX per-layer).
  int64_t runLength() const {
    int64_t run = INT64_MAX;
    for (const Term &t : terms_)
      run = std::min(run, t.dataStride * t.blockSize);
    return run;
  }
  /// p such that parameterIndex(i + p) == parameterIndex(i) for every i:
  /// the full cycle of the outermost selecting dimension (1 per-layer).
  int64_t period() const {
    int64_t period = 1;
    for (const Term &t : terms_)
      period = std::max(period, t.dataStride * t.size);
    return period;
  }

private:
  /// One data dimension that selects parameters.
  struct Term {
    int64_t dataStride, size, blockSize, parameterStride;
  };
  std::vector<Term> terms_;
};

template <typename F> void ParameterMap::forEachRun(int64_t count, F &&f) const {
  if (terms_.empty() || count == 0) {
    if (count)
      f(int64_t(0), count, int64_t(0));
    return;
  }
  // Term t's component is ((i / stride) % size) / block = (i / (stride *
  // block)) % (size / block): constant on aligned chunks of stride * block
  // elements. The innermost term's chunk L divides every other term's
  // ([qtype.granularity]), so on chunk k term t contributes
  // ((k / period_t) % modulus_t) * parameterStride, counted incrementally.
  const int64_t run = runLength();
  struct Counter {
    int64_t period, modulus, step, phase = 0, digit = 0;
  };
  std::vector<Counter> counters;
  for (const Term &t : terms_)
    counters.push_back({t.dataStride * t.blockSize / run, t.size / t.blockSize,
                        t.parameterStride});
  int64_t parameter = 0;
  for (int64_t start = 0; start < count; start += run) {
    f(start, std::min(run, count - start), parameter);
    for (Counter &c : counters) {
      if (++c.phase < c.period)
        continue;
      c.phase = 0;
      parameter += c.step;
      if (++c.digit == c.modulus) {
        c.digit = 0;
        parameter -= c.step * c.modulus;
      }
    }
  }
}

} // namespace qi::quant

#endif
