// [arith.select] A poison condition element gives poison; otherwise the
// selected operand's element, poison or not; the unselected operand does not
// matter (its poison is not propagated). A scalar i1 condition selects a whole
// tensor; when it is poison every element is poison.
// %p = addi nsw [127, 127, 1, 1] + 1 = [poison, poison, 2, 2]:
//   select [true, false, true, false], %p, [10, 20, 30, 40] = [poison, 20, 2, 40]
//   select (%p > 1) = [poison, poison, true, true] -> [poison, poison, 30, 40]
// A NaN operand is an ordinary value: select true, 5.0, NaN = 5.0.
//
// RUN: quant-interp %s --entry=select --arg='dense<[true, false, true, false]> : tensor<4xi1>' | FileCheck %s --check-prefix=SELECT --match-full-lines
// RUN: quant-interp %s --entry=scalar_condition --arg=true | FileCheck %s --check-prefix=TRUE --match-full-lines
// RUN: quant-interp %s --entry=scalar_condition --arg=false | FileCheck %s --check-prefix=FALSE --match-full-lines
// RUN: quant-interp %s --entry=poison_scalar_condition | FileCheck %s --check-prefix=POISON --match-full-lines

// SELECT: dense<[0, 20, 2, 40]> : tensor<4xi8>
// SELECT-NEXT: // poison: 0
// SELECT-NEXT: dense<[0, 0, 30, 40]> : tensor<4xi8>
// SELECT-NEXT: // poison: 0, 1
// SELECT-NOT: {{.+}}
func.func @select(%c: tensor<4xi1>) -> (tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[127, 127, 1, 1]> : tensor<4xi8>
  %one = arith.constant dense<1> : tensor<4xi8>
  // %p = [poison, poison, 2, 2]
  %p = arith.addi %a, %one overflow<nsw> : tensor<4xi8>
  %z = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi8>
  %0 = arith.select %c, %p, %z : tensor<4xi1>, tensor<4xi8>
  // a poison condition: [poison, poison, true, true]
  %cp = arith.cmpi sgt, %p, %one : tensor<4xi8>
  %1 = arith.select %cp, %z, %z : tensor<4xi1>, tensor<4xi8>
  return %0, %1 : tensor<4xi8>, tensor<4xi8>
}
// TRUE: dense<[1.0, 2.0]> : tensor<2xf32>
// TRUE-NEXT: 5.0 : f32
// TRUE-NOT: {{.+}}
// FALSE: dense<[3.0, 4.0]> : tensor<2xf32>
// FALSE-NEXT: 0x7FC00000 : f32
// FALSE-NOT: {{.+}}
func.func @scalar_condition(%c: i1) -> (tensor<2xf32>, f32) {
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %0 = arith.select %c, %a, %b : tensor<2xf32>
  %x = arith.constant 5.0 : f32
  %n = arith.constant 0x7FC00000 : f32
  %1 = arith.select %c, %x, %n : f32
  return %0, %1 : tensor<2xf32>, f32
}
// POISON: dense<[0, 0]> : tensor<2xindex>
// POISON-NEXT: // poison: 0, 1
// POISON-NOT: {{.+}}
func.func @poison_scalar_condition() -> (tensor<2xindex>) {
  %m = arith.constant 127 : i8
  %one = arith.constant 1 : i8
  %p = arith.addi %m, %one overflow<nsw> : i8
  %c = arith.trunci %p : i8 to i1
  %a = arith.constant dense<[1, 2]> : tensor<2xindex>
  %b = arith.constant dense<[3, 4]> : tensor<2xindex>
  %0 = arith.select %c, %a, %b : tensor<2xindex>
  return %0 : tensor<2xindex>
}
