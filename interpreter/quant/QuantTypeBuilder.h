//===- QuantTypeBuilder.h - Hand-made uniform QuantType values ---*- C++ -*-===//
//
// Spec: [qtype.model], [qtype.scale]. Fills a QuantType the way
// ir/TypeConversion does for a parsed `!quant.uniform` type: storage and its
// bounds, the expressed format, the granularity, the scales (f64 for
// per-layer / per-axis, the expressed format for sub-channel) and the zero
// points. The spelling is left to the caller (the golden generators print
// the real MLIR spelling; the unit tests use a short placeholder).
//
// Shared by the golden generators (generators/) and the quant unit tests
// (interpreter/quant/tests/QuantTestUtil.h). Header-only, no MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_QUANTTYPEBUILDER_H
#define QI_QUANT_QUANTTYPEBUILDER_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/IntFormat.h"
#include "interpreter/quant/QuantType.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

namespace qi::quant::build {

/// Narrow storage bounds [min, max], or none (the storage type's range).
using Bounds = std::optional<std::pair<int64_t, int64_t>>;

/// A per-layer or per-axis scale: MLIR stores it as an f64. [qtype.scale]
inline ScaleValue f64Scale(double s) {
  uint64_t u;
  std::memcpy(&u, &s, 8);
  return {&numeric::f64Format(), u};
}

/// Storage type and bounds (the type's whole range unless `bounds`).
inline void setStorage(QuantType &t, numeric::IntFormat storage, Bounds bounds) {
  t.storage = storage;
  t.storageMin = static_cast<int64_t>(storage.min());
  t.storageMax = static_cast<int64_t>(storage.max());
  if (bounds) {
    t.storageMin = bounds->first;
    t.storageMax = bounds->second;
  }
}

/// `!quant.uniform<storage<min:max>:expressed, scale:zeroPoint>` (no spelling).
inline QuantType perLayer(numeric::IntFormat storage, Bounds bounds,
                          const numeric::FloatFormat &expressed, double scale,
                          int64_t zeroPoint) {
  QuantType t;
  setStorage(t, storage, bounds);
  t.expressed = &expressed;
  t.granularity = QuantType::Granularity::PerLayer;
  t.scales = {f64Scale(scale)};
  t.zeroPoints = {zeroPoint};
  return t;
}

/// `!quant.uniform<storage:expressed:axis, {s0:z0, ...}>` (no spelling).
inline QuantType perAxis(numeric::IntFormat storage, Bounds bounds,
                         const numeric::FloatFormat &expressed, int32_t axis,
                         const std::vector<double> &scales, std::vector<int64_t> zeroPoints) {
  QuantType t;
  setStorage(t, storage, bounds);
  t.expressed = &expressed;
  t.granularity = QuantType::Granularity::PerAxis;
  t.axis = axis;
  for (double s : scales)
    t.scales.push_back(f64Scale(s));
  t.zeroPoints = std::move(zeroPoints);
  return t;
}

/// `!quant.uniform<storage:expressed:{d:b, ...}, {{...}}>` (no spelling); the
/// scales are bit patterns of the expressed type, as MLIR stores them.
inline QuantType subChannel(numeric::IntFormat storage, Bounds bounds,
                            const numeric::FloatFormat &expressed,
                            std::vector<std::pair<int32_t, int64_t>> blockSizes,
                            Shape parameterShape, const std::vector<numeric::Bits> &scaleBits,
                            std::vector<int64_t> zeroPoints) {
  QuantType t;
  setStorage(t, storage, bounds);
  t.expressed = &expressed;
  t.granularity = QuantType::Granularity::SubChannel;
  t.blockSizes = std::move(blockSizes);
  t.parameterShape = std::move(parameterShape);
  for (numeric::Bits b : scaleBits)
    t.scales.push_back({&expressed, b});
  t.zeroPoints = std::move(zeroPoints);
  return t;
}

} // namespace qi::quant::build

#endif
