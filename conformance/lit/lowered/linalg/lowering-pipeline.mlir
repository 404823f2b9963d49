// [linalg.generic] [linalg.loop-bounds] The linalg.generic ops that
// `mlir-opt --lower-quant-ops --strip-func-quant-types --canonicalize` emits
// for per-axis and sub-channel types (broadcast map (d0, d1) -> (d1), block
// map (d0, d1) -> (0, d1 floordiv 2)), run as emitted, dynamic shapes included.
//
// RUN: mlir-opt %s --lower-quant-ops --strip-func-quant-types --canonicalize | quant-interp - --entry=d_axis --arg='dense<[[1, 2], [3, 4], [-5, 6]]> : tensor<3x2xi8>' | FileCheck %s --check-prefix=DAXIS --match-full-lines
// RUN: quant-interp %s --entry=d_axis --arg='dense<[[1, 2], [3, 4], [-5, 6]]> : tensor<3x2xi8>' | FileCheck %s --check-prefix=DAXIS --match-full-lines
// RUN: mlir-opt %s --lower-quant-ops --strip-func-quant-types --canonicalize | quant-interp - --entry=q_sub --arg='dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xbf16>' | FileCheck %s --check-prefix=QSUB-LOWERED --match-full-lines
// RUN: quant-interp %s --entry=q_sub --arg='dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xbf16>' | FileCheck %s --check-prefix=QSUB-QUANT --match-full-lines

// (q - zp) * scale per column, zp [10, 20], scale [2, 3]: the lowered generic
// and quant.dcast agree.
// DAXIS: dense<{{\[\[}}-18.0, -54.0], [-14.0, -48.0], [-30.0, -42.0]]> : tensor<3x2xf16>
// DAXIS-NOT: {{.+}}
func.func @d_axis(%arg0: tensor<?x2x!quant.uniform<i8:f16:1, {2.0:10, 3.0:20}>>) -> tensor<?x2xf16> {
  %0 = quant.dcast %arg0 : tensor<?x2x!quant.uniform<i8:f16:1, {2.0:10, 3.0:20}>> to tensor<?x2xf16>
  return %0 : tensor<?x2xf16>
}

// x / scale per block of 2 columns, scales [2, 3]: 0.5, 1, 1, 1.33 | 2.5, 3,
// 2.33, 2.67. The lowering converts with arith.fptosi (truncation), so 2.67
// gives 2; quant.qcast rounds to nearest-even (2.5 -> 2, 2.67 -> 3).
// QSUB-LOWERED: dense<{{\[\[}}0, 1, 1, 1], [2, 3, 2, 2]]> : tensor<2x4xi8>
// QSUB-LOWERED-NOT: {{.+}}
// QSUB-QUANT: dense<{{\[\[}}0, 1, 1, 1], [2, 3, 2, 3]]> : tensor<2x4xi8>
// QSUB-QUANT-NOT: {{.+}}
func.func @q_sub(%arg0: tensor<?x4xbf16>) -> tensor<?x4x!quant.uniform<i8:bf16:{1:2}, {{2.0, 3.0}}>> {
  %0 = quant.qcast %arg0 : tensor<?x4xbf16> to tensor<?x4x!quant.uniform<i8:bf16:{1:2}, {{2.0, 3.0}}>>
  return %0 : tensor<?x4x!quant.uniform<i8:bf16:{1:2}, {{2.0, 3.0}}>>
}
