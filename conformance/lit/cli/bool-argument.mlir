// [cli.arguments] i1 arguments: MLIR's boolean literals, with or without the
// `: i1` suffix every other literal carries; any other suffix is an error.
//
// RUN: quant-interp %s --arg='false : i1' | FileCheck %s --check-prefix=FALSE
// RUN: quant-interp %s --arg=true | FileCheck %s --check-prefix=TRUE
// RUN: not quant-interp %s --arg='true : i8' 2>&1 | FileCheck %s --check-prefix=BAD -DFILE=%s

// FALSE: false : i1
// TRUE: true : i1
// BAD: [[FILE]]:11:1: error: @main argument #1: unexpected text after the attribute: ': i8'
func.func @main(%a: i1) -> i1 {
  return %a : i1
}
