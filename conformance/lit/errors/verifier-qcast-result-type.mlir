// [cli.errors] A verifier failure (qcast to a non-quantized type) is reported
// at the op, exit status 1.
//
// RUN: not quant-interp %s --arg='1.0 : f32' 2>&1 | FileCheck %s -DFILE=%s --match-full-lines
// RUN: not quant-interp %s --arg='1.0 : f32' 2>/dev/null | count 0

// CHECK: [[FILE]]:10:8: error: 'quant.qcast' op result #0 must be scalar or tensor of quantized type, but got 'i8'
// CHECK-NOT: {{.+}}
func.func @main(%x: f32) -> f32 {
  %y = quant.qcast %x : f32 to i8
  return %x : f32
}
