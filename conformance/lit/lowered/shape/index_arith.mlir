// [shape.add] [shape.mul] [shape.div] on index: add and mul wrap modulo 2^64
// (as the arith.addi / arith.muli they lower to), div rounds toward negative
// infinity; division by zero and INT64_MIN / -1 are errors; poison in,
// poison out.
//
// RUN: quant-interp %s --arg='7 : index' --arg='-2 : index' | FileCheck %s --check-prefix=A --match-full-lines
// RUN: quant-interp %s --arg='9223372036854775807 : index' --arg='2 : index' | FileCheck %s --check-prefix=WRAP --match-full-lines
// RUN: not quant-interp %s --arg='7 : index' --arg='0 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=ZERO --match-full-lines
// RUN: not quant-interp %s --arg='-9223372036854775808 : index' --arg='-1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OVF --match-full-lines
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// 7 + -2 = 5; 7 * -2 = -14; floor(7 / -2) = -4
// A: 5 : index
// A-NEXT: -14 : index
// A-NEXT: -4 : index
// A-NOT: {{.+}}
// WRAP: -9223372036854775807 : index
// WRAP-NEXT: -2 : index
// WRAP-NEXT: 4611686018427387903 : index
// WRAP-NOT: {{.+}}
// ZERO: [[FILE]]:[[@LINE+5]]:8: error: shape.div: division by zero (7 / 0)
// OVF: [[FILE]]:[[@LINE+4]]:8: error: shape.div: -9223372036854775808 / -1 overflows index
func.func @main(%a: index, %b: index) -> (index, index, index) {
  %s = shape.add %a, %b : index, index -> index
  %m = shape.mul %a, %b : index, index -> index
  %d = shape.div %a, %b : index, index -> index
  return %s, %m, %d : index, index, index
}

// POISON: 0 : index
// POISON-NEXT: // poison: 0
// POISON-NOT: {{.+}}
func.func @poison() -> index {
  %c0 = arith.constant 0 : index
  %t = tensor.empty() : tensor<1xindex>
  %p = tensor.extract %t[%c0] : tensor<1xindex>
  %s = shape.add %p, %c0 : index, index -> index
  return %s : index
}
