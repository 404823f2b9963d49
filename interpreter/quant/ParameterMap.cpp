//===- ParameterMap.cpp - Which scale/zero point each element uses --------===//
#include "interpreter/quant/ParameterMap.h"

namespace qi::quant {

std::optional<ParameterMap> ParameterMap::build(const QuantType &type,
                                                const Shape &shape, bool isTensor,
                                                std::string &error) {
  ParameterMap map;
  const int64_t rank = static_cast<int64_t>(shape.size());
  const std::vector<int64_t> strides = rowMajorStrides(shape);
  switch (type.granularity) {
  case QuantType::Granularity::PerLayer:
    return map;
  case QuantType::Granularity::PerAxis: {
    // [axis.integrity.dynamic]
    if (!isTensor) {
      error = "per-axis quantized type " + type.spelling + " used on a scalar";
      return std::nullopt;
    }
    if (type.axis >= rank) {
      error = "channel axis " + std::to_string(type.axis) +
              " is out of range for the runtime rank " + std::to_string(rank) +
              " (shape " + (rank ? shapeToString(shape) : "scalar") + ")";
      return std::nullopt;
    }
    const int64_t size = shape[type.axis];
    const int64_t scales = static_cast<int64_t>(type.scales.size());
    if (size != scales) {
      error = "channel axis " + std::to_string(type.axis) + " has runtime size " +
              std::to_string(size) + " but the type has " + std::to_string(scales) +
              " scales";
      return std::nullopt;
    }
    map.terms_.push_back({strides[type.axis], size, 1, 1});
    return map;
  }
  case QuantType::Granularity::SubChannel: {
    // [subchannel.integrity.dynamic]
    const int64_t parameterRank = static_cast<int64_t>(type.parameterShape.size());
    if (!isTensor || rank != parameterRank) {
      error = "sub-channel type has a rank-" + std::to_string(parameterRank) +
              " scale tensor but the runtime rank is " + std::to_string(rank);
      return std::nullopt;
    }
    const std::vector<int64_t> parameterStrides = rowMajorStrides(type.parameterShape);
    for (int64_t d = 0; d < rank; ++d) {
      int64_t block = shape[d]; // unspecified dimensions form one block
      for (const auto &[dim, size] : type.blockSizes)
        if (dim == d)
          block = size;
      if (block == 0 || shape[d] % block != 0) {
        error = "block size " + std::to_string(block) + " on dimension " +
                std::to_string(d) + " does not divide the runtime size " +
                std::to_string(shape[d]);
        return std::nullopt;
      }
      const int64_t blocks = shape[d] / block;
      if (blocks != type.parameterShape[d]) {
        error = "dimension " + std::to_string(d) + " has runtime size " +
                std::to_string(shape[d]) + " = " + std::to_string(blocks) +
                " block(s) of " + std::to_string(block) + ", but the scale tensor has " +
                std::to_string(type.parameterShape[d]) + " along it";
        return std::nullopt;
      }
      if (type.parameterShape[d] > 1)
        map.terms_.push_back({strides[d], shape[d], block, parameterStrides[d]});
    }
    return map;
  }
  }
  return map;
}

} // namespace qi::quant
