// [cli.entry] --entry=NAME runs that function, public or private; without
// it, `main` runs even when other public functions exist.
//
// RUN: quant-interp %s | FileCheck %s --check-prefix=MAIN --match-full-lines
// RUN: quant-interp %s --entry=main | FileCheck %s --check-prefix=MAIN --match-full-lines
// RUN: quant-interp %s --entry=other | FileCheck %s --check-prefix=OTHER --match-full-lines
// RUN: quant-interp %s --entry=hidden | FileCheck %s --check-prefix=HIDDEN --match-full-lines

// MAIN: 1 : i32
// MAIN-NOT: {{.+}}
func.func @main() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}

// OTHER: 2 : i32
func.func @other() -> i32 {
  %c = arith.constant 2 : i32
  return %c : i32
}

// HIDDEN: 3 : i32
func.func private @hidden() -> i32 {
  %c = arith.constant 3 : i32
  return %c : i32
}
