//===- QuantType.h - Our model of !quant types ------------------*- C++ -*-===//
//
// Spec: [qtype.model], [qtype.granularity]. Built from MLIR types by
// ir/TypeConversion; the quant kernels see only this.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_QUANTTYPE_H
#define QI_QUANT_QUANTTYPE_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/IntFormat.h"
#include "interpreter/value/ElementType.h"
#include "interpreter/value/Shape.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace qi::quant {

/// A scale exactly as the type stores it: MLIR keeps per-layer and per-axis
/// scales as f64 and sub-channel scales in the expressed type. [qtype.scale]
struct ScaleValue {
  const numeric::FloatFormat *format = nullptr;
  numeric::Bits bits = 0;
};

struct QuantType {
  /// !quant.any and !quant.calibrated carry no scale or zero point and
  /// cannot be evaluated. [qtype.non-executable]
  enum class Kind { Uniform, Any, Calibrated };
  enum class Granularity { PerLayer, PerAxis, SubChannel };

  Kind kind = Kind::Uniform;
  /// MLIR spelling, for messages.
  std::string spelling;
  numeric::IntFormat storage;
  int64_t storageMin = 0, storageMax = 0;
  const numeric::FloatFormat *expressed = nullptr;

  Granularity granularity = Granularity::PerLayer;
  /// Row-major parameters: 1 (per-layer), one per channel (per-axis), or the
  /// scales tensor of shape `parameterShape` (sub-channel).
  std::vector<ScaleValue> scales;
  std::vector<int64_t> zeroPoints;
  /// Per-axis: the channel axis.
  int32_t axis = -1;
  /// Sub-channel: (dimension, block size) pairs as written in the type, and
  /// the shape of the scale / zero-point tensors.
  std::vector<std::pair<int32_t, int64_t>> blockSizes;
  Shape parameterShape;

  /// Whether storageMin/Max are narrower than the storage type's range.
  bool hasNarrowBounds() const {
    return storageMin != storage.min() || storageMax != storage.max();
  }
};

/// The element type of values of `type` (value/ sees only its storage
/// format and spelling).
inline ElementType elementTypeOf(std::shared_ptr<const QuantType> type) {
  const numeric::IntFormat storage = type->storage;
  std::string spelling = type->spelling;
  return ElementType::makeQuantized(std::move(type), storage, std::move(spelling));
}

} // namespace qi::quant

#endif
