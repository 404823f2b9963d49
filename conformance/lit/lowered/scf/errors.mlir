// [scf.poison] [scf.for] Control flow never depends on poison: a poison loop
// bound or step, if condition, while condition or switch value is the
// run-time error "control flow depends on a poison value" at the op; a step
// that is not positive is an error too. Exit status 1, nothing on stdout.
//
// RUN: not quant-interp %s --entry=poison_bound 2>&1 | FileCheck %s -DFILE=%s --check-prefix=BOUND --match-full-lines
// RUN: not quant-interp %s --entry=poison_bound 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=poison_if 2>&1 | FileCheck %s -DFILE=%s --check-prefix=IF --match-full-lines
// RUN: not quant-interp %s --entry=poison_while 2>&1 | FileCheck %s -DFILE=%s --check-prefix=WHILE --match-full-lines
// RUN: not quant-interp %s --entry=poison_switch 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SWITCH --match-full-lines
// RUN: not quant-interp %s --entry=step --arg='0 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=STEP0 --match-full-lines
// RUN: not quant-interp %s --entry=step --arg='-2 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=STEPNEG --match-full-lines

// tensor.empty is all poison: extracting from it gives a poison index.
// BOUND: [[FILE]]:[[# @LINE + 7]]:8: error: scf.for: control flow depends on a poison value (upper bound)
// BOUND-NOT: {{.+}}
func.func @poison_bound() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<1xindex>
  %ub = tensor.extract %e[%c0] : tensor<1xindex>
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %c0) -> (index) {
    scf.yield %i : index
  }
  return %r : index
}

// IF: [[FILE]]:[[# @LINE + 7]]:8: error: scf.if: control flow depends on a poison value (condition)
// IF-NOT: {{.+}}
func.func @poison_if() -> i32 {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<1xi1>
  %c = tensor.extract %e[%c0] : tensor<1xi1>
  %one = arith.constant 1 : i32
  %r = scf.if %c -> (i32) {
    scf.yield %one : i32
  } else {
    scf.yield %one : i32
  }
  return %r : i32
}

// The first condition is fine (0 < 1); the second reads the poison element.
// WHILE: [[FILE]]:[[# @LINE + 8]]:8: error: scf.while: control flow depends on a poison value (condition)
// WHILE-NOT: {{.+}}
func.func @poison_while() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %e = tensor.empty() : tensor<2xi1>
  %t = tensor.insert %true into %e[%c0] : tensor<2xi1>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = tensor.extract %t[%i] : tensor<2xi1>
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %n = arith.addi %i, %c1 : index
    scf.yield %n : index
  }
  return %r : index
}

// SWITCH: [[FILE]]:[[# @LINE + 6]]:8: error: scf.index_switch: control flow depends on a poison value (switch value)
// SWITCH-NOT: {{.+}}
func.func @poison_switch() -> i32 {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<1xindex>
  %k = tensor.extract %e[%c0] : tensor<1xindex>
  %r = scf.index_switch %k -> i32
  case 0 {
    %v = arith.constant 10 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant -1 : i32
    scf.yield %v : i32
  }
  return %r : i32
}

// STEP0: [[FILE]]:[[# @LINE + 6]]:8: error: scf.for: the step must be positive, got 0
// STEP0-NOT: {{.+}}
// STEPNEG: [[FILE]]:[[# @LINE + 4]]:8: error: scf.for: the step must be positive, got -2
// STEPNEG-NOT: {{.+}}
func.func @step(%s: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %c0 step %s iter_args(%acc = %c0) -> (index) {
    scf.yield %i : index
  }
  return %r : index
}
