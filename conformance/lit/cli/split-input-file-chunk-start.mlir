// [cli.split-input-file] With --split-input-file, errors that have no op to
// point at (no function to run, an ambiguous choice, --entry naming nothing)
// are reported at the first line of their chunk: the line after its
// `// -----` marker (line 1 for the first chunk), not at FILE:1:1 for every
// chunk. This first chunk holds only comments, so it has no function to run.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --split-input-file | FileCheck %s -DFILE=%s --check-prefix=DEFAULT --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --split-input-file --entry=nope | FileCheck %s -DFILE=%s --check-prefix=ENTRY --match-full-lines

// DEFAULT: // -----
// DEFAULT-NEXT: // -----
// DEFAULT-NEXT: // -----
// DEFAULT-NEXT: 7 : i8
// DEFAULT-NEXT: [[FILE]]:1:1: error: no public function with a body to run
// DEFAULT-NEXT: [[FILE]]:29:1: error: no public function with a body to run
// DEFAULT-NEXT: [[FILE]]:31:1: error: no function named 'main' and 2 public functions (@a, @b); choose one with --entry=NAME
// DEFAULT-NEXT: exit status: 1

// ENTRY: // -----
// ENTRY-NEXT: // -----
// ENTRY-NEXT: // -----
// ENTRY-NEXT: [[FILE]]:1:1: error: no function named 'nope' (from --entry)
// ENTRY-NEXT: [[FILE]]:29:1: error: no function named 'nope' (from --entry)
// ENTRY-NEXT: [[FILE]]:31:1: error: no function named 'nope' (from --entry)
// ENTRY-NEXT: [[FILE]]:34:1: error: no function named 'nope' (from --entry)
// ENTRY-NEXT: exit status: 1

// -----
func.func private @helper() { return }
// -----
func.func @a() { return }
func.func @b() { return }
// -----

// The chunk starts at the empty line above.
func.func @main() -> i8 {
  %c = arith.constant 7 : i8
  return %c : i8
}
