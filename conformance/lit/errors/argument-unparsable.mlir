// [cli.arguments] An --arg that is not one MLIR attribute: the parser's
// message, or the text left over after the attribute.
//
// RUN: not quant-interp %s --arg='1.0 :: f32' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SYNTAX --match-full-lines
// RUN: not quant-interp %s --arg='1.0 : f32 x' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=TRAILING --match-full-lines
// RUN: not quant-interp %s --arg='dense<[1.0, 2.0> : tensor<2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=BRACKET --match-full-lines
// RUN: not quant-interp %s --arg='1.0 :: f32' 2>/dev/null | count 0

// SYNTAX: [[FILE]]:15:1: error: @main argument #1: cannot parse '1.0 :: f32' as an MLIR attribute: expected non-function type
// SYNTAX-NOT: {{.+}}
// TRAILING: [[FILE]]:15:1: error: @main argument #1: unexpected text after the attribute: 'x'
// TRAILING-NOT: {{.+}}
// BRACKET: [[FILE]]:15:1: error: @main argument #1: cannot parse 'dense<[1.0, 2.0> : tensor<2xf32>' as an MLIR attribute: {{.+}}
// BRACKET-NOT: {{.+}}
func.func @main(%x: f32) -> f32 {
  return %x : f32
}
