// [cli.errors] [axis.integrity] Per-axis quantization on a scalar is rejected
// by MLIR's verifier (quant dialect doc, "Per-axis quantization integrity").
//
// RUN: not quant-interp %s --arg='1.0 : f32' 2>&1 | FileCheck %s -DFILE=%s --match-full-lines

// CHECK: [[FILE]]:9:8: error: scalar types may not use per-axis quantization
// CHECK-NOT: {{.+}}
func.func @main(%x: f32) -> !quant.uniform<i8:f32:0, {1.0, 2.0}> {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32:0, {1.0, 2.0}>
  return %q : !quant.uniform<i8:f32:0, {1.0, 2.0}>
}
