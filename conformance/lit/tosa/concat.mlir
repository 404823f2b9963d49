// [tosa.concat]: CONCAT of TOSA 1.0: the inputs one after the other along
// axis, one to three inputs, axes 0 and 1, dynamic and unranked shapes
// with the run-time ERROR_IFs, poison moved with its element. Expected
// values by hand.
//
// RUN: quant-interp %s --entry=axes | FileCheck %s --check-prefix=AXES --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[1.0, 2.0]]> : tensor<1x2xf16>' --arg='dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf16>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1.0> : tensor<1x2xf16>' --arg='dense<1.0> : tensor<1x3xf16>' 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not quant-interp %s --entry=unranked --arg='dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s --check-prefix=AXIS
// RUN: not quant-interp %s --entry=declared --arg='dense<1> : tensor<2x2xi8>' 2>&1 | FileCheck %s --check-prefix=DECLARED
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// a = [[1, 2]], b = [[3, 4], [5, 6]], c = [[7], [8]]:
// axis 0 of a, b: [[1, 2], [3, 4], [5, 6]]; axis 1 of b, c, b:
// [[3, 4, 7, 3, 4], [5, 6, 8, 5, 6]]; one input: itself.
// AXES: dense<{{\[}}[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
// AXES-NEXT: dense<{{\[}}[3, 4, 7, 3, 4], [5, 6, 8, 5, 6]]> : tensor<2x5xi8>
// AXES-NEXT: dense<{{\[}}[7], [8]]> : tensor<2x1xi8>
// AXES-NOT: {{.+}}
func.func @axes() -> (tensor<3x2xi8>, tensor<2x5xi8>, tensor<2x1xi8>) {
  %a = "tosa.const"() {values = dense<[[1, 2]]> : tensor<1x2xi8>} : () -> tensor<1x2xi8>
  %b = "tosa.const"() {values = dense<[[3, 4], [5, 6]]> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
  %c = "tosa.const"() {values = dense<[[7], [8]]> : tensor<2x1xi8>} : () -> tensor<2x1xi8>
  %0 = tosa.concat %a, %b {axis = 0 : i32} : (tensor<1x2xi8>, tensor<2x2xi8>) -> tensor<3x2xi8>
  %1 = tosa.concat %b, %c, %b {axis = 1 : i32} : (tensor<2x2xi8>, tensor<2x1xi8>, tensor<2x2xi8>) -> tensor<2x5xi8>
  %2 = tosa.concat %c {axis = 0 : i32} : (tensor<2x1xi8>) -> tensor<2x1xi8>
  return %0, %1, %2 : tensor<3x2xi8>, tensor<2x5xi8>, tensor<2x1xi8>
}

// DYNAMIC: dense<{{\[}}[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf16>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x?xf16> {
  // MISMATCH: concat.mlir:[[@LINE+1]]:8: error: tosa.concat: ERROR_IF(shapes1[shape_index][axis_index] != shapes1[0][axis_index]) of CONCAT holds (shapes1[1] = [1, 3], shapes1[0] = [1, 2], axis_index = 1)
  %0 = tosa.concat %a, %b {axis = 0 : i32} : (tensor<?x?xf16>, tensor<?x?xf16>) -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}

// Rank 1 at run time: axis 1 >= max(1, rank(shapes1[0])) = 1.
func.func @unranked(%a: tensor<*xi32>) -> tensor<*xi32> {
  // AXIS: concat.mlir:[[@LINE+1]]:8: error: tosa.concat: ERROR_IF(axis < 0 || axis >= max(1,rank(shapes1[0]))) of CONCAT holds (axis = 1, shapes1[0] = [2])
  %0 = tosa.concat %a, %a {axis = 1 : i32} : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// [2, 2] and [1, 2] along axis 0 give 3 rows; the declared type says 4.
func.func @declared(%a: tensor<?x2xi8>) -> tensor<4x2xi8> {
  %b = "tosa.const"() {values = dense<[[9, 9]]> : tensor<1x2xi8>} : () -> tensor<1x2xi8>
  // DECLARED: concat.mlir:[[@LINE+1]]:8: error: tosa.concat: ERROR_IF(axis_sum != shape[axis]) of CONCAT holds (axis_sum = 3, shape = [4, 2])
  %0 = tosa.concat %a, %b {axis = 0 : i32} : (tensor<?x2xi8>, tensor<1x2xi8>) -> tensor<4x2xi8>
  return %0 : tensor<4x2xi8>
}

// x = [poison, 2] (2147483647 + 1 with nsw); concat(x, x) = [poison, 2, poison, 2].
// POISON: dense<[0, 2, 0, 2]> : tensor<4xi32>
// POISON-NEXT: // poison: 0, 2
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<4xi32> {
  %m = arith.constant dense<[2147483647, 1]> : tensor<2xi32>
  %o = arith.constant dense<1> : tensor<2xi32>
  %x = arith.addi %m, %o overflow<nsw> : tensor<2xi32>
  %0 = tosa.concat %x, %x {axis = 0 : i32} : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
