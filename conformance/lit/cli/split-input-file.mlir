// [cli.split-input-file] --split-input-file runs each `// -----` separated
// chunk on its own (own module, same arguments). The outputs of the chunks are
// printed in order, separated by `// -----` lines; a failing chunk prints
// nothing on stdout, only its error on stderr (with its line number in the
// whole file); the other chunks still run, and the exit status is 1.
//
// RUN: quant-interp %s --split-input-file --arg='2.5 : f32' | FileCheck %s --check-prefix=OK --match-full-lines
// RUN: not quant-interp %inputs/split-with-error.mlir --split-input-file --arg='2.5 : f32' 2>%t.err | FileCheck %s --check-prefix=PARTIAL --match-full-lines
// RUN: FileCheck %s --check-prefix=ERR -DFILE=%inputs/split-with-error.mlir --match-full-lines < %t.err
// RUN: %python %inputs/exit-status.py quant-interp %inputs/split-with-error.mlir --split-input-file --arg='2.5 : f32' | FileCheck %s --check-prefix=STATUS

// OK: 2 : i8
// OK-NEXT: // -----
// OK-NEXT: 5 : i8
// OK-NOT: {{.+}}

// PARTIAL: 2 : i8
// PARTIAL-NEXT: // -----
// PARTIAL-NEXT: // -----
// PARTIAL-NEXT: 5 : i8
// PARTIAL-NOT: {{.+}}

// ERR: [[FILE]]:10:8: error: unsupported operation 'math.tanh'
// ERR-NOT: {{.+}}
// STATUS: exit status: 1

// 2.5/1.0 = 2.5 -> 2 (even)
func.func @main(%x: f32) -> !quant.uniform<i8:f32, 1.0> {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32, 1.0>
  return %q : !quant.uniform<i8:f32, 1.0>
}

// -----

// 2.5/0.5 = 5
func.func @main(%x: f32) -> !quant.uniform<i8:f32, 0.5> {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32, 0.5>
  return %q : !quant.uniform<i8:f32, 0.5>
}
