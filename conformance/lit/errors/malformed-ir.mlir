// [cli.errors] Malformed IR: MLIR's parser diagnostic, as one line
// FILE:LINE:COL: error: ..., exit status 1, nothing on stdout.
//
// RUN: not quant-interp %s --arg='1.0 : f32' 2>&1 | FileCheck %s -DFILE=%s --match-full-lines
// RUN: not quant-interp %s --arg='1.0 : f32' 2>/dev/null | count 0
// RUN: %python %inputs/exit-status.py quant-interp %s --arg='1.0 : f32' | FileCheck %s --check-prefix=STATUS

// CHECK: [[FILE]]:13:36: error: expected non-function type
// CHECK-NOT: {{.+}}
// STATUS: exit status: 1

func.func @main(%x: f32) -> f32 {
  %y = "quant.qcast"(%x) : (f32) -> )
  return %x : f32
}
