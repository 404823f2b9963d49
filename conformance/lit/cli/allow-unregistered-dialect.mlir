// [cli.unregistered] --allow-unregistered-dialect lets ops (and types and
// attributes) of dialects quant-interp does not register parse, as in
// mlir-opt. Functions that do not reach such an op run normally; evaluating
// one is an error at the op naming it, exit status 1, nothing on stdout.
// Without the flag the file does not parse (MLIR's message, exit status 1).
//
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=ok --arg='1.5 : f32' | FileCheck %s -DFILE=%s --check-prefix=REJECTED --match-full-lines
// RUN: quant-interp %s --allow-unregistered-dialect --entry=ok --arg='1.5 : f32' | FileCheck %s --check-prefix=OK --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --allow-unregistered-dialect --entry=reaches --arg='1.5 : f32' | FileCheck %s -DFILE=%s --check-prefix=REACHES --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --allow-unregistered-dialect --entry=terminator | FileCheck %s -DFILE=%s --check-prefix=TERMINATOR --match-full-lines
// An op of a registered dialect that the dialect does not define is still a
// verifier error with the flag.
// RUN: echo 'func.func @main() { "arith.frobnicate"() : () -> () return }' | %python %inputs/exit-status.py quant-interp - --allow-unregistered-dialect | FileCheck %s --check-prefix=ARITH --match-full-lines

// REJECTED: [[FILE]]:30:42: error: `!"foo"<"type">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used
// REJECTED-NEXT: exit status: 1
// OK: 1.5 : f32
// OK-NOT: {{.+}}
// REACHES: [[FILE]]:36:8: error: unregistered operation 'foo.bar' cannot be evaluated
// REACHES-NEXT: exit status: 1
// TERMINATOR: [[FILE]]:41:3: error: unregistered operation 'foo.return' cannot be evaluated
// TERMINATOR-NEXT: exit status: 1
// ARITH: <stdin>:1:21: error: unregistered operation 'arith.frobnicate' found in dialect ('arith') that does not allow unknown operations
// ARITH-NEXT: exit status: 1

func.func @ok(%x: f32) -> f32 {
  return %x : f32
}

func.func private @never_called(%x: !foo.type) -> !foo.type {
  %c = "foo.constant"() {value = #foo.attr<"x">} : () -> !foo.type
  return %c : !foo.type
}

func.func @reaches(%x: f32) -> f32 {
  %y = "foo.bar"(%x) : (f32) -> f32
  return %y : f32
}

func.func @terminator() {
  "foo.return"() : () -> ()
}
