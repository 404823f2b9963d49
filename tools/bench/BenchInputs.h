//===- BenchInputs.h - Types and inputs of the benchmarks -------*- C++ -*-===//
//
// docs/performance.md. Per-layer, per-channel (256 channels on the last
// axis) and sub-channel (blocks of 64 along the last axis, 16 blocks along
// the first) i8 types of any expressed format, and inputs spread over the
// storage range (a tenth of them out of range, no NaN).
//
//===----------------------------------------------------------------------===//
#ifndef QI_BENCH_BENCHINPUTS_H
#define QI_BENCH_BENCHINPUTS_H

#include "interpreter/quant/QuantType.h"
#include "interpreter/value/RuntimeValue.h"

#include <memory>
#include <string>

namespace qi::bench {

enum class Granularity { PerLayer, PerChannel, SubChannel };

/// An i8 type with `expressed` values; `elements` a multiple of 2^16.
std::shared_ptr<quant::QuantType> benchType(const numeric::FloatFormat &expressed,
                                            Granularity granularity, int64_t elements);
/// [N] per-layer, [N / 256, 256] otherwise.
Shape benchShape(Granularity granularity, int64_t elements);
/// Expressed inputs x = (k - zp) * s for k uniform over [-140, 140], rounded
/// to the expressed format.
RuntimeValue expressedInput(const quant::QuantType &type, const Shape &shape);
/// Stored inputs: every i8 code, pseudo-randomly.
RuntimeValue storedInput(const std::shared_ptr<quant::QuantType> &type, const Shape &shape);

} // namespace qi::bench

#endif
