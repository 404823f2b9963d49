// [tosa.transpose]: TRANSPOSE of TOSA 1.0: output index i reads input
// dimension perms[i] (tmp_index[perms[i]] = index[i]); rank 3, bool data,
// unranked inputs with the run-time ERROR_IFs, poison moved with its
// element. Expected values by hand.
//
// RUN: quant-interp %s --entry=matrix | FileCheck %s --check-prefix=MATRIX --match-full-lines
// RUN: quant-interp %s --entry=rank3 | FileCheck %s --check-prefix=RANK3 --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[true, false, false]]> : tensor<1x3xi1>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines
// RUN: not quant-interp %s --entry=unranked --arg='dense<[true, false]> : tensor<2xi1>' 2>&1 | FileCheck %s --check-prefix=PERMS-LENGTH
// RUN: not quant-interp %s --entry=declared --arg='dense<1.0> : tensor<2x3xf16>' 2>&1 | FileCheck %s --check-prefix=DECLARED
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// [[1, 2, 3], [4, 5, 6]] with perms [1, 0]: out[i, j] = in[j, i].
// MATRIX: dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// MATRIX-NOT: {{.+}}
func.func @matrix() -> tensor<3x2xi32> {
  %a = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %0 = tosa.transpose %a {perms = array<i32: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// in [2, 1, 3] = value 100a + 10b + c at [a, b, c]; perms [2, 0, 1]: out has
// shape [3, 2, 1] and out[i, j, k] = in[j, k, i] = 100j + 10k + i:
// [[[0], [100]], [[1], [101]], [[2], [102]]].
// RANK3: dense<{{\[}}{{\[}}[0], [100]], {{\[}}[1], [101]], {{\[}}[2], [102]]]> : tensor<3x2x1xi16>
// RANK3-NOT: {{.+}}
func.func @rank3() -> tensor<3x2x1xi16> {
  %a = "tosa.const"() {values = dense<[[[0, 1, 2]], [[100, 101, 102]]]> : tensor<2x1x3xi16>} : () -> tensor<2x1x3xi16>
  %0 = tosa.transpose %a {perms = array<i32: 2, 0, 1>} : (tensor<2x1x3xi16>) -> tensor<3x2x1xi16>
  return %0 : tensor<3x2x1xi16>
}

// UNRANKED: dense<{{\[}}[true], [false], [false]]> : tensor<3x1xi1>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%a: tensor<*xi1>) -> tensor<*xi1> {
  // PERMS-LENGTH: transpose.mlir:[[@LINE+1]]:8: error: tosa.transpose: ERROR_IF(length(perms) != rank(shape1)) of TRANSPOSE holds (perms = [1, 0], shape1 = [2])
  %0 = tosa.transpose %a {perms = array<i32: 1, 0>} : (tensor<*xi1>) -> tensor<*xi1>
  return %0 : tensor<*xi1>
}

// Input [2, 3] at run time, declared output [2, ?]: shape1[perms[0]] = 3 != 2.
func.func @declared(%a: tensor<?x?xf16>) -> tensor<2x?xf16> {
  // DECLARED: transpose.mlir:[[@LINE+1]]:8: error: tosa.transpose: ERROR_IF(shape1[perms[i]] != shape[i]) of TRANSPOSE holds (i = 0, perms = [1, 0], shape1 = [2, 3], shape = [2, ?])
  %0 = tosa.transpose %a {perms = array<i32: 1, 0>} : (tensor<?x?xf16>) -> tensor<2x?xf16>
  return %0 : tensor<2x?xf16>
}

// x = [[1, poison], [3, 4]] (127 + 1 with nsw at [0, 1]) -> poison at [1, 0] = flat 2.
// POISON: dense<{{\[}}[1, 3], [0, 4]]> : tensor<2x2xi8>
// POISON-NEXT: // poison: 2
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<2x2xi8> {
  %m = arith.constant dense<[[0, 127], [2, 3]]> : tensor<2x2xi8>
  %o = arith.constant dense<1> : tensor<2x2xi8>
  %x = arith.addi %m, %o overflow<nsw> : tensor<2x2xi8>
  %0 = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x2xi8>) -> tensor<2x2xi8>
  return %0 : tensor<2x2xi8>
}
