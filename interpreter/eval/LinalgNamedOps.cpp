//===- LinalgNamedOps.cpp - linalg named structured ops -------------------===//
//
// Spec: spec/lowered-linalg-scf.md [linalg.named], [linalg.named-cast],
// [linalg.named-conv], [linalg.unsupported].
//
// A named structured op (linalg.matmul, linalg.conv_2d_nhwc_hwcf_q, ...) is
// evaluated from its definition: when MLIR parses it, it builds the op's
// payload region from the OpDSL definition (the casts the element types and
// the `cast` attribute call for, then the arith ops) and derives its indexing
// maps (strides and dilations are affine expressions in them). Both are read
// through the LinalgOp interface by the same engine as linalg.generic, so
// nothing here restates an op's formula: what `mlir-opt
// --linalg-generalize-named-ops` prints is what runs.
//
// Listed: every named structured op of MLIR 22 whose payload uses only ops we
// evaluate. Not listed, hence `unsupported operation`: linalg.exp, log, rsqrt,
// tanh, erf and powf, whose payloads are math.exp, math.log, ... (no evaluator:
// their results are not specified bit-exactly). linalg.fill and linalg.copy
// are registered with the forms of their own (LinalgOps.cpp).
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Interpreter.h"
#include "interpreter/eval/LinalgStructured.h"

namespace qi::eval {

void registerLinalgNamedOps(llvm::StringMap<OpEvaluator> &table) {
  // [linalg.named-cast] Contractions: C += cast(A) * cast(B), the quantized
  // forms with (cast(A) - cast(AZp)) * (cast(B) - cast(BZp)). matmul,
  // batch_matmul, batch_reduce_matmul and contract may carry explicit
  // indexing_maps (transposed / broadcast operands).
  for (const char *name :
       {"linalg.matmul", "linalg.batch_matmul", "linalg.batch_reduce_matmul",
        "linalg.quantized_matmul", "linalg.quantized_batch_matmul", "linalg.matvec",
        "linalg.vecmat", "linalg.batch_matvec", "linalg.batch_vecmat", "linalg.dot",
        "linalg.mmt4d", "linalg.batch_mmt4d", "linalg.contract"})
    table[name] = evalStructured;

  // [linalg.named-conv] Convolutions: strides and dilations are in the input's
  // indexing map; no padding.
  for (const char *name :
       {"linalg.conv_1d", "linalg.conv_2d", "linalg.conv_3d", "linalg.conv_1d_nwc_wcf",
        "linalg.conv_1d_ncw_fcw", "linalg.conv_2d_nhwc_hwcf", "linalg.conv_2d_nhwc_fhwc",
        "linalg.conv_2d_nhwc_hwcf_q", "linalg.conv_2d_nhwc_fhwc_q",
        "linalg.conv_2d_nchw_fchw", "linalg.conv_2d_nchw_fchw_q",
        "linalg.conv_2d_ngchw_fgchw", "linalg.conv_2d_ngchw_gfchw",
        "linalg.conv_2d_ngchw_gfchw_q", "linalg.conv_2d_nhwgc_gfhwc",
        "linalg.conv_2d_nhwgc_gfhwc_q", "linalg.conv_3d_ndhwc_dhwcf",
        "linalg.conv_3d_ndhwc_dhwcf_q", "linalg.conv_3d_ncdhw_fcdhw",
        "linalg.depthwise_conv_1d_nwc_wc", "linalg.depthwise_conv_1d_ncw_cw",
        "linalg.depthwise_conv_1d_nwc_wcm", "linalg.depthwise_conv_2d_nhwc_hwc",
        "linalg.depthwise_conv_2d_nchw_chw", "linalg.depthwise_conv_2d_nhwc_hwc_q",
        "linalg.depthwise_conv_2d_nhwc_hwcm", "linalg.depthwise_conv_2d_nhwc_hwcm_q",
        "linalg.depthwise_conv_3d_ndhwc_dhwc", "linalg.depthwise_conv_3d_ncdhw_cdhw",
        "linalg.depthwise_conv_3d_ndhwc_dhwcm"})
    table[name] = evalStructured;

  // [linalg.named-conv] Pooling: the window operand only gives the window's
  // shape (its elements are never read).
  for (const char *name :
       {"linalg.pooling_nwc_sum", "linalg.pooling_ncw_sum", "linalg.pooling_nwc_max",
        "linalg.pooling_nwc_max_unsigned", "linalg.pooling_ncw_max", "linalg.pooling_nwc_min",
        "linalg.pooling_nwc_min_unsigned", "linalg.pooling_nhwc_sum",
        "linalg.pooling_nchw_sum", "linalg.pooling_nhwc_max",
        "linalg.pooling_nhwc_max_unsigned", "linalg.pooling_nchw_max",
        "linalg.pooling_nhwc_min", "linalg.pooling_nhwc_min_unsigned",
        "linalg.pooling_ndhwc_sum", "linalg.pooling_ndhwc_max", "linalg.pooling_ndhwc_min"})
    table[name] = evalStructured;

  // [linalg.named] Elementwise ops (no casts: MLIR requires the operands'
  // element types to be the output's). linalg.elementwise takes its function
  // from `kind`; a kind whose payload we cannot run (exp, ...) fails at the op.
  for (const char *name :
       {"linalg.abs", "linalg.ceil", "linalg.floor", "linalg.negf", "linalg.reciprocal",
        "linalg.round", "linalg.sqrt", "linalg.square", "linalg.add", "linalg.sub",
        "linalg.mul", "linalg.div", "linalg.div_unsigned", "linalg.max", "linalg.min",
        "linalg.select", "linalg.elementwise"})
    table[name] = evalStructured;

  // [linalg.named] Its payload is a linear congruential generator on the
  // iteration indices (integer arithmetic, then f64).
  table["linalg.fill_rng_2d"] = evalStructured;
}

} // namespace qi::eval
