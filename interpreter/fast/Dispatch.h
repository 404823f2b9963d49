//===- Dispatch.h - qcast / dcast of whole tensors --------------*- C++ -*-===//
//
// Spec: [fast.dispatch] in spec/performance.md, [qcast.steps],
// [dcast.steps]. The reference kernels (quant/ReferenceKernels.h) define the
// result; the dispatcher decides once per op what computes it -- the
// reference kernel, one proven accelerator (QcastAccelerator.h,
// HostDequantize.h) or a table -- and names the decision (KernelPlan).
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_DISPATCH_H
#define QI_FAST_DISPATCH_H

#include "interpreter/quant/ParameterMap.h"
#include "interpreter/quant/QuantType.h"
#include "interpreter/quant/Semantics.h"
#include "interpreter/value/RuntimeValue.h"

#include <optional>
#include <string_view>

namespace qi::fast {

/// What computes a whole-tensor qcast / dcast. [fast.dispatch]
enum class KernelPath {
  Reference, ///< QuantizeKernel / DequantizeKernel on every element.
  Host,      ///< HostQuantizer / HostDequantizer: host IEEE arithmetic
             ///< ([fast.host-qcast], [fast.narrow-host], [fast.host-dcast]).
  X87,       ///< X87Quantizer: f80 on the x87 unit ([fast.x87-host]).
  Rational,  ///< RationalQuantizer: exact arithmetic in integers
             ///< ([fast.exact-rational]).
  Table,     ///< A per-parameter table of every input pattern ([fast.table]).
};

/// "reference", "host", "x87", "rational", "table".
std::string_view kernelPathName(KernelPath path);

/// The decision for one op: the path, and for a table the path that fills
/// its entries (Reference, Host or Rational).
struct KernelPlan {
  KernelPath path = KernelPath::Reference;
  KernelPath tableFiller = KernelPath::Reference;
};

/// The plan for a qcast / dcast of `elements` elements: an accelerator where
/// one is proven for (type, semantics) in the current float environment, a
/// table where it pays for itself, else the reference kernel.
KernelPlan planQuantize(const quant::QuantType &type, const quant::Semantics &semantics,
                        int64_t elements);
KernelPlan planDequantize(const quant::QuantType &type, const quant::Semantics &semantics,
                          int64_t elements);

/// The plan that computes by `path` whatever the size (tests and benchmarks
/// compare the paths); nullopt when `path` does not cover (type, semantics).
std::optional<KernelPlan> planQuantizeBy(KernelPath path, const quant::QuantType &type,
                                         const quant::Semantics &semantics);
std::optional<KernelPlan> planDequantizeBy(KernelPath path, const quant::QuantType &type,
                                           const quant::Semantics &semantics);

/// qcast of every element of `input` (expressed-type values) into `result`
/// (a fresh value of the storage element type and the same shape) as `plan`
/// says. Poison inputs give poison results.
void quantizeTensor(const KernelPlan &plan, const quant::QuantType &type,
                    const quant::Semantics &semantics, const quant::ParameterMap &map,
                    const RuntimeValue &input, RuntimeValue &result);
/// The same by planQuantize; returns the plan it ran.
KernelPlan quantizeTensor(const quant::QuantType &type, const quant::Semantics &semantics,
                          const quant::ParameterMap &map, const RuntimeValue &input,
                          RuntimeValue &result);

/// dcast of every element of `input` (stored integers) into `result` (a
/// fresh value of the expressed type and the same shape) as `plan` says.
void dequantizeTensor(const KernelPlan &plan, const quant::QuantType &type,
                      const quant::Semantics &semantics, const quant::ParameterMap &map,
                      const RuntimeValue &input, RuntimeValue &result);
/// The same by planDequantize; returns the plan it ran.
KernelPlan dequantizeTensor(const quant::QuantType &type, const quant::Semantics &semantics,
                            const quant::ParameterMap &map, const RuntimeValue &input,
                            RuntimeValue &result);

} // namespace qi::fast

#endif
