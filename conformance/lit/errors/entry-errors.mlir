// [cli.entry] Choosing the function to run: --entry=NAME must name a function
// with a body; without --entry, `main` or else the only public function.
// These errors have no better place than the start of the file: FILE:1:1.
//
// RUN: split-file %s %t
// RUN: not quant-interp %t/two-public.mlir 2>&1 | FileCheck %s -DFILE=%t/two-public.mlir --check-prefix=AMBIGUOUS --match-full-lines
// RUN: not quant-interp %t/two-public.mlir 2>/dev/null | count 0
// RUN: not quant-interp %t/no-public.mlir 2>&1 | FileCheck %s -DFILE=%t/no-public.mlir --check-prefix=NONE --match-full-lines
// RUN: not quant-interp %t/two-public.mlir --entry=c 2>&1 | FileCheck %s -DFILE=%t/two-public.mlir --check-prefix=UNKNOWN --match-full-lines
// RUN: not quant-interp %t/declaration.mlir --entry=decl 2>&1 | FileCheck %s -DFILE=%t/declaration.mlir --check-prefix=DECL --match-full-lines
// RUN: not quant-interp %t/declaration.mlir 2>&1 | FileCheck %s -DFILE=%t/declaration.mlir --check-prefix=NONE --match-full-lines

// AMBIGUOUS: [[FILE]]:1:1: error: no function named 'main' and 2 public functions (@a, @b); choose one with --entry=NAME
// AMBIGUOUS-NOT: {{.+}}
// NONE: [[FILE]]:1:1: error: no public function with a body to run
// NONE-NOT: {{.+}}
// UNKNOWN: [[FILE]]:1:1: error: no function named 'c' (from --entry)
// UNKNOWN-NOT: {{.+}}
// DECL: [[FILE]]:1:1: error: function 'decl' is a declaration without a body
// DECL-NOT: {{.+}}

//--- two-public.mlir
func.func @a() { return }
func.func @b() { return }
//--- no-public.mlir
func.func private @helper() { return }
//--- declaration.mlir
func.func private @decl()
