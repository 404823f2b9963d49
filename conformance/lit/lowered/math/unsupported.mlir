// [math.unsupported] Transcendental math ops are not evaluated: they stay
// "unsupported operation" errors (no result is printed).
//
// RUN: not quant-interp %s --arg='1.0 : f32' 2>&1 | FileCheck %s
// CHECK: error: unsupported operation 'math.exp'
func.func @main(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}
