// [cli.errors] [axis.integrity] A static channel dimension must match the
// number of scales; MLIR's verifier checks it before anything runs.
//
// RUN: not quant-interp %s --arg='dense<1.0> : tensor<2xf32>' 2>&1 | FileCheck %s -DFILE=%s --match-full-lines

// CHECK: [[FILE]]:9:8: error: quantized dimension size does not match number of scales
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>> {
  %q = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
  return %q : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
}
