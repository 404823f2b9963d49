// [cli.arguments] The number of --arg / --args-file values must match the
// entry function's parameters; reported at the function.
//
// RUN: not quant-interp %s 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NONE --match-full-lines
// RUN: not quant-interp %s --arg='1.0 : f32' --arg='2.0 : f32' --arg='3.0 : f32' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MANY --match-full-lines
// RUN: not quant-interp %s --arg='1.0 : f32' 2>/dev/null | count 0

// NONE: [[FILE]]:12:1: error: @main takes 2 argument(s) but 0 were given (--arg / --args-file)
// NONE-NOT: {{.+}}
// MANY: [[FILE]]:12:1: error: @main takes 2 argument(s) but 3 were given (--arg / --args-file)
// MANY-NOT: {{.+}}
func.func @main(%x: f32, %y: f32) -> f32 {
  return %x : f32
}
