// [cli.max-steps] A run may take at most --max-steps=N steps (default 10^9):
// a step is one iteration of a loop (a run of an scf.for body, a run of an
// scf.while condition region) or one function call (the entry function
// included). The step that exceeds the budget stops the run with an error at
// the innermost running loop naming it and the budget (at the called
// function for a call), exit status 1, nothing on stdout -- so a
// non-terminating scf.while ends instead of running until killed.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=forever --max-steps=1000 | FileCheck %s -DFILE=%s --check-prefix=WHILE --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=nested --max-steps=50 | FileCheck %s -DFILE=%s --check-prefix=FOR --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=count --arg='10 : index' --max-steps=10 | FileCheck %s -DFILE=%s --check-prefix=COUNT10 --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=recurse --arg='5 : i32' --max-steps=5 | FileCheck %s -DFILE=%s --check-prefix=CALLS --match-full-lines
// Within the budget nothing changes: 10 iterations and 1 call are 11 steps.
// RUN: quant-interp %s --entry=count --arg='10 : index' --max-steps=11 | FileCheck %s --check-prefix=COUNT11 --match-full-lines
// RUN: quant-interp %s --entry=recurse --arg='5 : i32' --max-steps=6 | FileCheck %s --check-prefix=CALLS6 --match-full-lines
// RUN: quant-interp %s --entry=count --arg='1000 : index' | FileCheck %s --check-prefix=DEFAULT --match-full-lines

// WHILE: [[FILE]]:36:8: error: scf.while: step budget exceeded: more than 1000 loop iterations and function calls (--max-steps=1000)
// WHILE-NEXT: exit status: 1
// FOR: [[FILE]]:51:10: error: scf.for: step budget exceeded: more than 50 loop iterations and function calls (--max-steps=50)
// FOR-NEXT: exit status: 1
// COUNT10: [[FILE]]:63:8: error: scf.for: step budget exceeded: more than 10 loop iterations and function calls (--max-steps=10)
// COUNT10-NEXT: exit status: 1
// CALLS: [[FILE]]:70:1: error: call of @recurse: step budget exceeded: more than 5 loop iterations and function calls (--max-steps=5)
// CALLS-NEXT: exit status: 1
// COUNT11: 10 : index
// COUNT11-NOT: {{.+}}
// CALLS6: 0 : i32
// CALLS6-NOT: {{.+}}
// DEFAULT: 1000 : index

func.func @forever() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    scf.condition(%true) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return %r : i32
}

func.func @nested() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %c0) -> (index) {
    %s = scf.for %j = %c0 to %c10 step %c1 iter_args(%b = %a) -> (index) {
      %n = arith.addi %b, %c1 : index
      scf.yield %n : index
    }
    scf.yield %s : index
  }
  return %r : index
}

func.func @count(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %next = arith.addi %a, %c1 : index
    scf.yield %next : index
  }
  return %r : index
}

func.func @recurse(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %done = arith.cmpi sle, %n, %c0 : i32
  %r = scf.if %done -> (i32) {
    scf.yield %c0 : i32
  } else {
    %m = arith.subi %n, %c1 : i32
    %s = func.call @recurse(%m) : (i32) -> i32
    scf.yield %s : i32
  }
  return %r : i32
}
