//===- TensorKernels.h - qcast / dcast of whole tensors ---------*- C++ -*-===//
//
// Spec: [fast.dispatch] in spec/performance.md, [qcast.steps],
// [dcast.steps]. The element kernels of Kernels.h define the result; this
// dispatcher picks, per op, an implementation proven to give the same bits
// for the (type, semantics) at hand, and falls back to the exact kernel for
// every combination no fast path covers.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_TENSORKERNELS_H
#define QI_QUANT_TENSORKERNELS_H

#include "quant/ParameterMap.h"
#include "quant/QuantType.h"
#include "quant/Semantics.h"
#include "value/RuntimeValue.h"

#include <optional>
#include <string_view>

namespace qi::quant {

/// How a whole-tensor qcast / dcast is computed. [fast.dispatch]
enum class KernelPath {
  Exact,     ///< QuantizeKernel / DequantizeKernel on every element.
  HostFloat, ///< FastQuantize / FastDequantize ([fast.host-qcast],
             ///< [fast.narrow-host], [fast.host-dcast]).
  Table,     ///< a per-parameter table of every input pattern, built by the
             ///< exact kernel or, where it is proven, the host quantizer
             ///< ([fast.table], [fast.narrow-host]).
};

std::string_view kernelPathName(KernelPath path);

/// The path quantizeTensor takes for `elements` elements (no preference).
KernelPath chooseQuantizePath(const QuantType &type, const Semantics &semantics,
                              int64_t elements);
/// The path dequantizeTensor takes for `elements` elements.
KernelPath chooseDequantizePath(const QuantType &type, const Semantics &semantics,
                                int64_t elements);

/// qcast of every element of `input` (expressed-type values) into `result`
/// (a fresh value of the storage element type and the same shape). Poison
/// inputs give poison results. `prefer` requests a path (tests, benchmarks);
/// a path that does not cover the combination is not taken. Returns the
/// path used.
KernelPath quantizeTensor(const QuantType &type, const Semantics &semantics,
                          const ParameterMap &map, const RuntimeValue &input,
                          RuntimeValue &result,
                          std::optional<KernelPath> prefer = std::nullopt);

/// dcast of every element of `input` (stored integers) into `result` (a
/// fresh value of the expressed type and the same shape).
KernelPath dequantizeTensor(const QuantType &type, const Semantics &semantics,
                            const ParameterMap &map, const RuntimeValue &input,
                            RuntimeValue &result,
                            std::optional<KernelPath> prefer = std::nullopt);

} // namespace qi::quant

#endif
