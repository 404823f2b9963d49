// [cli.entry] Without --entry and without `main`, the only public function
// with a body runs; private functions and declarations do not count.
//
// RUN: quant-interp %s | FileCheck %s --match-full-lines

// CHECK: 7 : i32
// CHECK-NOT: {{.+}}
func.func private @helper() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}

func.func private @external() -> i32

func.func @run() -> i32 {
  %r = func.call @helper() : () -> i32
  return %r : i32
}
