//===- GoldenDesignShape.h - The shape search of the design realizer -*- C++ -*-===//
//
// Internal to GoldenDesignRealize.cpp / GoldenDesignShape.cpp: a design
// row's values by name, and the shape and type structure (axis, blocks,
// number of parameters, period) that realize its shape features.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENDESIGNSHAPE_H
#define QI_GENERATORS_GOLDENDESIGNSHAPE_H

#include "generators/GoldenCase.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace qi::generators::design {

/// A row's values by name.
/// The row's values by name.
struct Want {
  Op op = Op::QCast;
  quant::QuantType::Granularity gran = quant::QuantType::Granularity::PerLayer;
  int rank = 0;
  std::string axis, traits, channels, parameters, blockKind, narrow, scale, zeroPoint, width,
      expressed, size;
  int blockedDims = 0;
  bool isSigned = true, reject = false;
  ShapeKind kind = ShapeKind::Static;
};


/// The shape and the type's structure of a case.
struct Structure {
  Shape shape;
  int32_t axis = 0;
  int64_t scales = 1;
  std::vector<std::pair<int32_t, int64_t>> blocks;
  Shape parameterShape;
  int64_t period = 0;
  int64_t listed = 0;
};


/// The smallest structure whose shape features (rank, traits, size band,
/// axis position, channels, blocked dimensions, block kind) and validity
/// are the row's, or nullopt. Searched once per distinct shape features.
std::optional<Structure> structureFor(const Want &w);

} // namespace qi::generators::design

#endif
