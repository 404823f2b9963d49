//===- TosaPooling.h - TOSA 1.0 AVG_POOL2D and MAX_POOL2D -------*- C++ -*-===//
//
// Spec: spec/tosa-contractions.md [tosa.avg-pool2d], [tosa.max-pool2d]. Each
// kernel is its operator's pseudo-code (TOSA 1.0,
// pseudocode/operators/{AVG,MAX}_POOL2D.tosac) on runtime values: the checks
// of [contract.errors] in order, then one output element at a time. Throws
// tosakernel::KernelError.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TOSAPOOLING_H
#define QI_EVAL_TOSAPOOLING_H

#include "interpreter/eval/TosaKernelSupport.h"

namespace qi::eval::tosakernel {

/// kernel = [y, x], stride = [y, x], pad = [top, bottom, left, right].
struct PoolAttributes {
  std::vector<int64_t> kernel{1, 1};
  std::vector<int64_t> stride{1, 1};
  std::vector<int64_t> pad{0, 0, 0, 0};
};

/// The type-support tables of TOSA 1.0 (tosa.xml). [contract.types]
const TypeTable &avgPoolTypes();
const TypeTable &maxPoolTypes();

/// AVG_POOL2D: input [N,IH,IW,C] of in_out_t -> [N,OH,OW,C], accumulating in
/// `acc` (acc_type). [tosa.avg-pool2d]
RuntimeValue avgPool2d(const ElementType &inOut, const ElementType &acc,
                       const RuntimeValue &input, const RuntimeValue &inputZp,
                       const RuntimeValue &outputZp, const PoolAttributes &attributes,
                       const DeclaredShape &output);

/// nan_mode of MAX_POOL2D (nan_propagation_mode_t).
enum class NanMode { Propagate, Ignore };

/// MAX_POOL2D: input [N,IH,IW,C] -> [N,OH,OW,C]. [tosa.max-pool2d]
RuntimeValue maxPool2d(const ElementType &inOut, const RuntimeValue &input,
                       const PoolAttributes &attributes, NanMode nanMode,
                       const DeclaredShape &output);

} // namespace qi::eval::tosakernel

#endif
