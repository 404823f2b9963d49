// [scf.if] [scf.while] [scf.execute_region] [scf.index_switch] [scf.yield]
//
// RUN: quant-interp %s --entry=select --arg='true' | FileCheck %s --check-prefix=THEN --match-full-lines
// RUN: quant-interp %s --entry=select --arg='false' | FileCheck %s --check-prefix=ELSE --match-full-lines
// RUN: quant-interp %s --entry=abs_sum | FileCheck %s --check-prefix=ABS --match-full-lines
// RUN: quant-interp %s --entry=pick --arg='true' --arg='dense<[1, 2]> : tensor<2xi32>' --arg='dense<[3, 4, 5]> : tensor<3xi32>' | FileCheck %s --check-prefix=PICK1 --match-full-lines
// RUN: quant-interp %s --entry=pick --arg='false' --arg='dense<[1, 2]> : tensor<2xi32>' --arg='dense<[3, 4, 5]> : tensor<3xi32>' | FileCheck %s --check-prefix=PICK2 --match-full-lines
// RUN: quant-interp %s --entry=doubling --arg='3 : i32' | FileCheck %s --check-prefix=DOUBLE --match-full-lines
// RUN: quant-interp %s --entry=doubling --arg='200 : i32' | FileCheck %s --check-prefix=DOUBLE0 --match-full-lines
// RUN: quant-interp %s --entry=switch --arg='0 : index' | FileCheck %s --check-prefix=CASE0 --match-full-lines
// RUN: quant-interp %s --entry=switch --arg='7 : index' | FileCheck %s --check-prefix=CASE7 --match-full-lines
// RUN: quant-interp %s --entry=switch --arg='-1 : index' | FileCheck %s --check-prefix=DEFAULT --match-full-lines

// THEN: 1 : i32
// THEN-NEXT: 5 : i32
// THEN-NOT: {{.+}}
// ELSE: 2 : i32
// ELSE-NEXT: 5 : i32
// ELSE-NOT: {{.+}}
func.func @select(%c: i1) -> (i32, i32) {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %r = scf.if %c -> (i32) {
    scf.yield %one : i32
  } else {
    scf.yield %two : i32
  }
  // No results, no else: nothing to bind either way.
  scf.if %c {
    %unused = arith.addi %one, %two : i32
  }
  %five = scf.execute_region -> i32 {
    %s = arith.addi %two, %two : i32
    %t = arith.addi %s, %one : i32
    scf.yield %t : i32
  }
  return %r, %five : i32, i32
}

// sum of |i| for i in [-3, 4): 3 + 2 + 1 + 0 + 1 + 2 + 3 = 12
// ABS: 12 : index
// ABS-NOT: {{.+}}
func.func @abs_sum() -> index {
  %lb = arith.constant -3 : index
  %ub = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c0) -> (index) {
    %neg = arith.cmpi slt, %i, %c0 : index
    %next = scf.if %neg -> (index) {
      %d = arith.subi %acc, %i : index
      scf.yield %d : index
    } else {
      %d = arith.addi %acc, %i : index
      scf.yield %d : index
    }
    scf.yield %next : index
  }
  return %r : index
}

// Branches of different runtime sizes behind a dynamic result type.
// PICK1: dense<[1, 2]> : tensor<2xi32>
// PICK1-NOT: {{.+}}
// PICK2: dense<[3, 4, 5]> : tensor<3xi32>
// PICK2-NOT: {{.+}}
func.func @pick(%c: i1, %a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = scf.if %c -> (tensor<?xi32>) {
    scf.yield %a : tensor<?xi32>
  } else {
    scf.yield %b : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

// Double while below 100, counting steps: 3 -> 192 in 6 steps; 200: no step.
// DOUBLE: 192 : i32
// DOUBLE-NEXT: 6 : i32
// DOUBLE-NOT: {{.+}}
// DOUBLE0: 200 : i32
// DOUBLE0-NEXT: 0 : i32
// DOUBLE0-NOT: {{.+}}
func.func @doubling(%x: i32) -> (i32, i32) {
  %c100 = arith.constant 100 : i32
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.while (%v = %x, %n = %z) : (i32, i32) -> (i32, i32) {
    %go = arith.cmpi slt, %v, %c100 : i32
    scf.condition(%go) %v, %n : i32, i32
  } do {
  ^bb0(%v: i32, %n: i32):
    %v2 = arith.addi %v, %v : i32
    %n2 = arith.addi %n, %one : i32
    scf.yield %v2, %n2 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// CASE0: 10 : i32
// CASE0-NOT: {{.+}}
// CASE7: 70 : i32
// CASE7-NOT: {{.+}}
// DEFAULT: -1 : i32
// DEFAULT-NOT: {{.+}}
func.func @switch(%k: index) -> i32 {
  %r = scf.index_switch %k -> i32
  case 0 {
    %v = arith.constant 10 : i32
    scf.yield %v : i32
  }
  case 7 {
    %v = arith.constant 70 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant -1 : i32
    scf.yield %v : i32
  }
  return %r : i32
}
