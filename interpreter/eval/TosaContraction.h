//===- TosaContraction.h - TOSA 1.0 MATMUL and the convolutions -*- C++ -*-===//
//
// Spec: spec/tosa-contractions.md [tosa.matmul], [tosa.conv2d],
// [tosa.depthwise-conv2d], [tosa.transpose-conv2d]. Each kernel is its
// operator's pseudo-code (TOSA 1.0, pseudocode/operators/*.tosac) on runtime
// values: the checks of [contract.errors] in order, then the loops, one
// output element at a time. Throws tosakernel::KernelError.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TOSACONTRACTION_H
#define QI_EVAL_TOSACONTRACTION_H

#include "interpreter/eval/TosaKernelSupport.h"

namespace qi::eval::tosakernel {

/// The element types of one contraction: in_t (A_t and B_t of MATMUL),
/// weight_t, out_t, acc_t (MATMUL: out_t).
struct ContractionTypes {
  ElementType in, weight, out, acc;
};

/// The type-support tables of TOSA 1.0 (tosa.xml). [contract.types]
const TypeTable &matmulTypes();
const TypeTable &convTypes(const char *op); ///< CONV2D, DEPTHWISE_CONV2D, TRANSPOSE_CONV2D

/// MATMUL: A [N,H,C], B [N,C,W] -> [N,H,W] of out_t. [tosa.matmul]
RuntimeValue matmul(const ContractionTypes &types, const RuntimeValue &a, const RuntimeValue &b,
                    const RuntimeValue &aZp, const RuntimeValue &bZp,
                    const DeclaredShape &output);

/// pad = [top, bottom, left, right] (TRANSPOSE_CONV2D: out_pad), stride =
/// [y, x], dilation = [y, x] (ignored by TRANSPOSE_CONV2D).
struct ConvAttributes {
  std::vector<int64_t> pad{0, 0, 0, 0};
  std::vector<int64_t> stride{1, 1};
  std::vector<int64_t> dilation{1, 1};
};

/// CONV2D: input [N,IH,IW,IC], weight [OC,KH,KW,IC], bias [BC] -> [N,OH,OW,OC].
/// [tosa.conv2d]
RuntimeValue conv2d(const ContractionTypes &types, const RuntimeValue &input,
                    const RuntimeValue &weight, const RuntimeValue &bias,
                    const RuntimeValue &inputZp, const RuntimeValue &weightZp,
                    const ConvAttributes &attributes, const DeclaredShape &output);

/// DEPTHWISE_CONV2D: input [N,IH,IW,C], weight [KH,KW,C,M], bias [BC] ->
/// [N,OH,OW,C*M]. [tosa.depthwise-conv2d]
RuntimeValue depthwiseConv2d(const ContractionTypes &types, const RuntimeValue &input,
                             const RuntimeValue &weight, const RuntimeValue &bias,
                             const RuntimeValue &inputZp, const RuntimeValue &weightZp,
                             const ConvAttributes &attributes, const DeclaredShape &output);

/// TRANSPOSE_CONV2D: input [N,IH,IW,IC], weight [OC,KH,KW,IC], bias [BC] ->
/// [N,OH,OW,OC]; attributes.pad is out_pad. [tosa.transpose-conv2d]
RuntimeValue transposeConv2d(const ContractionTypes &types, const RuntimeValue &input,
                             const RuntimeValue &weight, const RuntimeValue &bias,
                             const RuntimeValue &inputZp, const RuntimeValue &weightZp,
                             const ConvAttributes &attributes, const DeclaredShape &output);

} // namespace qi::eval::tosakernel

#endif
