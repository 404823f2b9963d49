// [tensor.reshape] The elements keep their row-major order (and poison bits);
// the shape operand gives the result sizes (static or dynamic length, index or
// signless integer elements, to a ranked or unranked result). Errors: a
// negative or poison size, an element count that differs from the source's,
// sizes that do not fit the result type.
//
// RUN: quant-interp %s --entry=static --arg='dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=i32shape --arg='dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' --arg='dense<[3, 1, 2]> : tensor<3xi32>' | FileCheck %s --check-prefix=I32 --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>' --arg='dense<[6]> : tensor<1xindex>' | FileCheck %s --check-prefix=UNR1 --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>' --arg='dense<[1, 2, 1, 3]> : tensor<4xindex>' | FileCheck %s --check-prefix=UNR4 --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<7> : tensor<1x1xi8>' --arg='dense<> : tensor<0xindex>' | FileCheck %s --check-prefix=UNR0 --match-full-lines
// RUN: quant-interp %s --entry=roundtrip --arg='dense<[[[1.0, 0x7FC00000]], [[-2.0, 3.0]]]> : tensor<2x1x2xf32>' | FileCheck %s --check-prefix=ROUND --match-full-lines
// RUN: not quant-interp %s --entry=unranked --arg='dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>' --arg='dense<[4, 2]> : tensor<2xindex>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=COUNT --match-full-lines
// RUN: not quant-interp %s --entry=unranked --arg='dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>' --arg='dense<[4, 2]> : tensor<2xindex>' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=unranked --arg='dense<> : tensor<0xi8>' --arg='dense<[-2, 0]> : tensor<2xindex>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines
// RUN: not quant-interp %s --entry=i32shape --arg='dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' --arg='dense<[3, 2, 1]> : tensor<3xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=TYPE --match-full-lines
// RUN: not quant-interp %s --entry=poison 2>&1 | FileCheck %s -DFILE=%s --check-prefix=POISON --match-full-lines

// STATIC: dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
// STATIC-NOT: {{.+}}
func.func @static(%x: tensor<6xi32>) -> tensor<3x2xi32> {
  %s = arith.constant dense<[3, 2]> : tensor<2xindex>
  %r = tensor.reshape %x(%s) : (tensor<6xi32>, tensor<2xindex>) -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}

// I32: dense<{{\[\[\[}}1.0, 2.0]], {{\[\[}}3.0, 4.0]], {{\[\[}}5.0, 6.0]]]> : tensor<3x1x2xf32>
// I32-NOT: {{.+}}
// TYPE: [[FILE]]:[[@LINE+3]]:8: error: tensor.reshape: result has runtime shape tensor<3x2x1> which does not fit its type tensor<?x1x?xf32>
// TYPE-NOT: {{.+}}
func.func @i32shape(%x: tensor<2x3xf32>, %s: tensor<3xi32>) -> tensor<?x1x?xf32> {
  %r = tensor.reshape %x(%s) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<?x1x?xf32>
  return %r : tensor<?x1x?xf32>
}

// UNR1: dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>
// UNR1-NOT: {{.+}}
// UNR4: dense<{{\[\[\[\[}}1, 2, 3]], {{\[\[}}4, 5, 6]]]]> : tensor<1x2x1x3xi8>
// UNR4-NOT: {{.+}}
// UNR0: dense<7> : tensor<i8>
// UNR0-NOT: {{.+}}
// COUNT: [[FILE]]:[[@LINE+5]]:8: error: tensor.reshape: shape operand [4, 2] has 8 elements but the source (runtime shape tensor<6>) has 6
// COUNT-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+3]]:8: error: tensor.reshape: shape operand [-2, 0] has a negative size at position 0
// NEG-NOT: {{.+}}
func.func @unranked(%x: tensor<*xi8>, %s: tensor<?xindex>) -> tensor<*xi8> {
  %r = tensor.reshape %x(%s) : (tensor<*xi8>, tensor<?xindex>) -> tensor<*xi8>
  return %r : tensor<*xi8>
}

// The lowering's flatten / restore pair: shape_of, num_elements, reshape to
// 1-D and back to the original (unranked) shape; NaN -> poison on the way.
// x / 0.5 + 1: 1 -> 3, NaN -> poison, -2 -> -3, 3 -> 7.
// ROUND: dense<[3, 0, -3, 7]> : tensor<4xi8>
// ROUND-NEXT: // poison: 1
// ROUND-NEXT: dense<{{\[\[\[}}3, 0]], {{\[\[}}-3, 7]]]> : tensor<2x1x2xi8>
// ROUND-NEXT: // poison: 1
// ROUND-NOT: {{.+}}
!q = !quant.uniform<i8:f32, 0.5:1>
func.func @roundtrip(%x: tensor<*xf32>) -> (tensor<?x!q>, tensor<*x!q>) {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!q>
  %shape = shape.shape_of %q : tensor<*x!q> -> tensor<?xindex>
  %n = shape.num_elements %shape : tensor<?xindex> -> index
  %flat_shape = tensor.from_elements %n : tensor<1xindex>
  %flat = tensor.reshape %q(%flat_shape) : (tensor<*x!q>, tensor<1xindex>) -> tensor<?x!q>
  %back = tensor.reshape %flat(%shape) : (tensor<?x!q>, tensor<?xindex>) -> tensor<*x!q>
  return %flat, %back : tensor<?x!q>, tensor<*x!q>
}

// A poison size (an element of tensor.empty) is an error.
// POISON: [[FILE]]:[[@LINE+4]]:8: error: tensor.reshape: element 0 of the shape operand is poison
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<*xindex> {
  %s = tensor.empty() : tensor<1xindex>
  %r = tensor.reshape %s(%s) : (tensor<1xindex>, tensor<1xindex>) -> tensor<*xindex>
  return %r : tensor<*xindex>
}
