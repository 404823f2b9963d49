// [cli.errors] MLIR's verifier rejects sub-channel types in unranked tensors.
//
// RUN: not quant-interp %s --arg='dense<1.0> : tensor<2x4xf32>' 2>&1 | FileCheck %s -DFILE=%s --match-full-lines

// CHECK: [[FILE]]:9:8: error: tensor containing the sub-channel quantized type must be ranked
// CHECK-NOT: {{.+}}
!q = !quant.uniform<i8:f32:{1:2}, {{1.0, 2.0}}>
func.func @main(%x: tensor<*xf32>) -> tensor<*x!q> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!q>
  return %q : tensor<*x!q>
}
