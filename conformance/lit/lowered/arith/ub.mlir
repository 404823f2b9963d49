// [arith.ub] Division by zero, a poison divisor, and signed division overflow
// (INT_MIN / -1 in divsi, ceildivsi, floordivsi and remsi) are immediate
// undefined behaviour in LLVM: quant-interp reports an error at the op
// ("OP: undefined behaviour: WHAT", with the first offending element of a
// tensor) and prints no result. A poison dividend with a valid divisor gives
// poison. In i1, true is -1 = INT_MIN, so true floordivsi true overflows.
//
// RUN: not quant-interp %s --entry=divsi_zero --arg='dense<[1, 0, 0]> : tensor<3xi32>' 2>&1 | FileCheck %s --check-prefix=DIVSI-ZERO
// RUN: quant-interp %s --entry=divsi_zero --arg='dense<[1, 2, -1]> : tensor<3xi32>' | FileCheck %s --check-prefix=DIVSI-OK --match-full-lines
// RUN: not quant-interp %s --entry=divsi_overflow 2>&1 | FileCheck %s --check-prefix=DIVSI-OVERFLOW
// RUN: not quant-interp %s --entry=remsi_overflow 2>&1 | FileCheck %s --check-prefix=REMSI-OVERFLOW
// RUN: not quant-interp %s --entry=floordivsi_overflow 2>&1 | FileCheck %s --check-prefix=FLOORDIVSI-OVERFLOW
// RUN: not quant-interp %s --entry=remui_zero 2>&1 | FileCheck %s --check-prefix=REMUI-ZERO
// RUN: not quant-interp %s --entry=poison_divisor 2>&1 | FileCheck %s --check-prefix=POISON-DIVISOR
// RUN: quant-interp %s --entry=poison_dividend | FileCheck %s --check-prefix=POISON-DIVIDEND --match-full-lines

// DIVSI-ZERO: {{.*}}ub.mlir:[[@LINE+6]]:8: error: arith.divsi: undefined behaviour: division by zero (element 1)
// DIVSI-ZERO-NOT: dense
// DIVSI-OK: dense<[1, 1, -3]> : tensor<3xi32>

func.func @divsi_zero(%b: tensor<3xi32>) -> tensor<3xi32> {
  %a = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = arith.divsi %a, %b : tensor<3xi32>
  return %0 : tensor<3xi32>
}
// DIVSI-OVERFLOW: error: arith.divsi: undefined behaviour: signed division overflow (-128 / -1)
func.func @divsi_overflow() -> i8 {
  %a = arith.constant -128 : i8
  %b = arith.constant -1 : i8
  %0 = arith.divsi %a, %b : i8
  return %0 : i8
}
// REMSI-OVERFLOW: error: arith.remsi: undefined behaviour: signed division overflow (-9223372036854775808 / -1)
func.func @remsi_overflow() -> i64 {
  %a = arith.constant -9223372036854775808 : i64
  %b = arith.constant -1 : i64
  %0 = arith.remsi %a, %b : i64
  return %0 : i64
}
// FLOORDIVSI-OVERFLOW: error: arith.floordivsi: undefined behaviour: signed division overflow (-1 / -1)
func.func @floordivsi_overflow() -> i1 {
  %a = arith.constant true
  %0 = arith.floordivsi %a, %a : i1
  return %0 : i1
}
// REMUI-ZERO: error: arith.remui: undefined behaviour: division by zero
// REMUI-ZERO-NOT: element
func.func @remui_zero() -> index {
  %a = arith.constant 1 : index
  %b = arith.constant 0 : index
  %0 = arith.remui %a, %b : index
  return %0 : index
}
// POISON-DIVISOR: error: arith.divui: undefined behaviour: poison divisor
func.func @poison_divisor() -> i8 {
  %a = arith.constant 127 : i8
  %one = arith.constant 1 : i8
  %p = arith.addi %a, %one overflow<nsw> : i8
  %0 = arith.divui %one, %p : i8
  return %0 : i8
}
// POISON-DIVIDEND: 0 : i8
// POISON-DIVIDEND-NEXT: // poison: 0
// POISON-DIVIDEND-NEXT: 0 : i8
// POISON-DIVIDEND-NEXT: // poison: 0
func.func @poison_dividend() -> (i8, i8) {
  %a = arith.constant 127 : i8
  %one = arith.constant 1 : i8
  %m = arith.constant -1 : i8
  %p = arith.addi %a, %one overflow<nsw> : i8
  %0 = arith.divsi %p, %m : i8
  %1 = arith.ceildivui %p, %a : i8
  return %0, %1 : i8, i8
}
