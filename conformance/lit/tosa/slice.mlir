// [tosa.slice]: SLICE of TOSA 1.0: start and size !tosa.shape values,
// MLIR 22's size -1 (to the end of the dimension), bool data, dynamic and
// unranked inputs with the run-time ERROR_IFs, poison moved with its
// element. Expected values by hand.
//
// RUN: quant-interp %s --entry=matrix | FileCheck %s --check-prefix=MATRIX --match-full-lines
// RUN: quant-interp %s --entry=to_end --arg='dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi8>' | FileCheck %s --check-prefix=TO-END --match-full-lines
// RUN: not quant-interp %s --entry=to_end --arg='dense<1> : tensor<1x3xi8>' 2>&1 | FileCheck %s --check-prefix=ONE-ROW
// RUN: not quant-interp %s --entry=bounds --arg='dense<1> : tensor<2x5xi16>' 2>&1 | FileCheck %s --check-prefix=BOUNDS
// RUN: not quant-interp %s --entry=negative_start 2>&1 | FileCheck %s --check-prefix=NEGATIVE-START
// RUN: quant-interp %s --entry=unranked --arg='dense<[true, false, true]> : tensor<3xi1>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// in[a, b] = 10a + b of [4, 5], start [1, 2], size [2, 3]: rows 1-2, columns 2-4.
// MATRIX: dense<{{\[}}[12, 13, 14], [22, 23, 24]]> : tensor<2x3xi32>
// MATRIX-NOT: {{.+}}
func.func @matrix() -> tensor<2x3xi32> {
  %a = "tosa.const"() {values = dense<[[0, 1, 2, 3, 4], [10, 11, 12, 13, 14], [20, 21, 22, 23, 24], [30, 31, 32, 33, 34]]> : tensor<4x5xi32>} : () -> tensor<4x5xi32>
  %start = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.slice %a, %start, %size : (tensor<4x5xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// start [1, 1], size [-1, 2]: rows 1 to the end (3 - 1 = 2 rows), columns 1-2.
// With one row at run time: size[0] = 1 - 1 = 0, SLICE's ERROR_IF(size[index] <= 0).
// TO-END: dense<{{\[}}[5, 6], [8, 9]]> : tensor<2x2xi8>
// TO-END-NOT: {{.+}}
func.func @to_end(%a: tensor<?x3xi8>) -> tensor<?x2xi8> {
  %start = tosa.const_shape {values = dense<1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[-1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // ONE-ROW: slice.mlir:[[@LINE+1]]:8: error: tosa.slice: ERROR_IF(size[index] <= 0) of SLICE holds (index = 0, start = [1, 1], size = [-1, 2] (size[0] = -1: shape1[index] - start[index] = 0), shape1 = [1, 3])
  %0 = tosa.slice %a, %start, %size : (tensor<?x3xi8>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<?x2xi8>
  return %0 : tensor<?x2xi8>
}

// start [1, 2] + size [2, 3] reach past a [2, 5] input in dimension 0
// (MLIR 22's verifier does not check this even on static shapes).
func.func @bounds(%a: tensor<?x?xi16>) -> tensor<2x3xi16> {
  %start = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // BOUNDS: slice.mlir:[[@LINE+1]]:8: error: tosa.slice: ERROR_IF(start[index] + size[index] > shape1[index]) of SLICE holds (index = 0, start = [1, 2], size = [2, 3], shape1 = [2, 5])
  %0 = tosa.slice %a, %start, %size : (tensor<?x?xi16>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

func.func @negative_start() -> tensor<1xf32> {
  %a = "tosa.const"() {values = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %start = tosa.const_shape {values = dense<-1> : tensor<1xindex>} : () -> !tosa.shape<1>
  %size = tosa.const_shape {values = dense<1> : tensor<1xindex>} : () -> !tosa.shape<1>
  // NEGATIVE-START: slice.mlir:[[@LINE+1]]:8: error: tosa.slice: ERROR_IF(start[index] < 0) of SLICE holds (index = 0, start = [-1], size = [1], shape1 = [2])
  %0 = tosa.slice %a, %start, %size : (tensor<2xf32>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// UNRANKED: dense<[false, true]> : tensor<2xi1>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%a: tensor<*xi1>) -> tensor<*xi1> {
  %start = tosa.const_shape {values = dense<1> : tensor<1xindex>} : () -> !tosa.shape<1>
  %size = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  %0 = tosa.slice %a, %start, %size : (tensor<*xi1>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<*xi1>
  return %0 : tensor<*xi1>
}

// x = [1, poison, 3] (127 + 1 with nsw at 1); slice [1, 2] of it: [poison, 3].
// POISON: dense<[0, 3]> : tensor<2xi8>
// POISON-NEXT: // poison: 0
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<2xi8> {
  %m = arith.constant dense<[0, 127, 2]> : tensor<3xi8>
  %o = arith.constant dense<1> : tensor<3xi8>
  %x = arith.addi %m, %o overflow<nsw> : tensor<3xi8>
  %start = tosa.const_shape {values = dense<1> : tensor<1xindex>} : () -> !tosa.shape<1>
  %size = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  %0 = tosa.slice %x, %start, %size : (tensor<3xi8>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}
