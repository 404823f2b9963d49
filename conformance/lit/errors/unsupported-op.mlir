// [cli.errors] An op without an evaluator: "unsupported operation 'NAME'" at
// the op, exit status 1, nothing on stdout.
//
// RUN: not quant-interp %s --arg='1.0 : f32' 2>&1 | FileCheck %s -DFILE=%s --match-full-lines
// RUN: not quant-interp %s --arg='1.0 : f32' 2>/dev/null | count 0

// CHECK: [[FILE]]:10:8: error: unsupported operation 'math.tanh'
// CHECK-NOT: {{.+}}
func.func @main(%x: f32) -> f32 {
  %y = math.tanh %x : f32
  return %y : f32
}
