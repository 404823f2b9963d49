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

#include "quant/QuantType.h"

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

private:
  /// One data dimension that selects parameters.
  struct Term {
    int64_t dataStride, size, blockSize, parameterStride;
  };
  std::vector<Term> terms_;
};

} // namespace qi::quant

#endif
