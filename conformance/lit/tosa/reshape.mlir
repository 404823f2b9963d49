// [tosa.reshape], [tosa.const-shape]: RESHAPE of TOSA 1.0, the shape a
// !tosa.shape from tosa.const_shape (at run time a rank-1 index tensor), one
// -1 inferred as MLIR 22 allows, rank 0, bool and fp8 data, dynamic and
// unranked inputs, the run-time ERROR_IF on sizes, poison moved with its
// element. Expected values by hand: the row-major order is kept.
//
// RUN: quant-interp %s --entry=basic | FileCheck %s --check-prefix=BASIC --match-full-lines
// RUN: quant-interp %s --entry=shape_value | FileCheck %s --check-prefix=SHAPE-VALUE --match-full-lines
// RUN: quant-interp %s --entry=inferred --arg='dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]> : tensor<4x3xi16>' | FileCheck %s --check-prefix=INFERRED --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[true, false, true, true]> : tensor<4xi1>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines
// RUN: not quant-interp %s --entry=inferred --arg='dense<1> : tensor<5x3xi16>' 2>&1 | FileCheck %s --check-prefix=NOT-MULTIPLE
// RUN: not quant-interp %s --entry=sizes --arg='dense<1> : tensor<2x4xi8>' 2>&1 | FileCheck %s --check-prefix=SIZES
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// [2, 3] -> [3, 2]; [1, 1] -> [] -> [1, 1, 1]; f8E4M3FN and f32 patterns
// (a NaN payload too) move unchanged; -448 prints as -450.0, the shortest
// decimal that reads back as it.
// BASIC: dense<{{\[}}[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
// BASIC-NEXT: dense<42> : tensor<i32>
// BASIC-NEXT: dense<{{\[}}{{\[}}[42]]]> : tensor<1x1x1xi32>
// BASIC-NEXT: dense<{{\[}}[1.5], [-450.0]]> : tensor<2x1xf8E4M3FN>
// BASIC-NEXT: dense<[0x7FC00001, -0.0]> : tensor<2xf32>
// BASIC-NOT: {{.+}}
func.func @basic() -> (tensor<3x2xi8>, tensor<i32>, tensor<1x1x1xi32>, tensor<2x1xf8E4M3FN>, tensor<2xf32>) {
  %a = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %s32 = tosa.const_shape {values = dense<[3, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.reshape %a, %s32 : (tensor<2x3xi8>, !tosa.shape<2>) -> tensor<3x2xi8>
  %b = "tosa.const"() {values = dense<42> : tensor<1x1xi32>} : () -> tensor<1x1xi32>
  %s0 = tosa.const_shape {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
  %1 = tosa.reshape %b, %s0 : (tensor<1x1xi32>, !tosa.shape<0>) -> tensor<i32>
  %s111 = tosa.const_shape {values = dense<1> : tensor<3xindex>} : () -> !tosa.shape<3>
  %2 = tosa.reshape %1, %s111 : (tensor<i32>, !tosa.shape<3>) -> tensor<1x1x1xi32>
  %c = "tosa.const"() {values = dense<[1.5, -448.0]> : tensor<2xf8E4M3FN>} : () -> tensor<2xf8E4M3FN>
  %s21 = tosa.const_shape {values = dense<[2, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %3 = tosa.reshape %c, %s21 : (tensor<2xf8E4M3FN>, !tosa.shape<2>) -> tensor<2x1xf8E4M3FN>
  %d = "tosa.const"() {values = dense<[[0x7FC00001], [-0.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %s2 = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  %4 = tosa.reshape %d, %s2 : (tensor<2x1xf32>, !tosa.shape<1>) -> tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<3x2xi8>, tensor<i32>, tensor<1x1x1xi32>, tensor<2x1xf8E4M3FN>, tensor<2xf32>
}

// A !tosa.shape returned from the function prints as its run-time value.
// SHAPE-VALUE: dense<[2, -1, 0]> : tensor<3xindex>
// SHAPE-VALUE-NOT: {{.+}}
func.func @shape_value() -> !tosa.shape<3> {
  %s = tosa.const_shape {values = dense<[2, -1, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
  return %s : !tosa.shape<3>
}

// [2, -1] of a [4, 3] input (known at run time only): -1 = 12 / 2 = 6.
// INFERRED: dense<{{\[}}[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]> : tensor<2x6xi16>
// INFERRED-NOT: {{.+}}
func.func @inferred(%a: tensor<?x3xi16>) -> tensor<?x?xi16> {
  %s = tosa.const_shape {values = dense<[2, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // NOT-MULTIPLE: reshape.mlir:[[@LINE+1]]:8: error: tosa.reshape: cannot infer the -1 of shape = [2, -1]: tensor_size(shape1) = 15 is not a nonzero multiple of 2
  %0 = tosa.reshape %a, %s : (tensor<?x3xi16>, !tosa.shape<2>) -> tensor<?x?xi16>
  return %0 : tensor<?x?xi16>
}

// Unranked bool data [4] -> [-1, 2] = [2, 2].
// UNRANKED: dense<{{\[}}[true, false], [true, true]]> : tensor<2x2xi1>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%a: tensor<*xi1>) -> tensor<*xi1> {
  %s = tosa.const_shape {values = dense<[-1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.reshape %a, %s : (tensor<*xi1>, !tosa.shape<2>) -> tensor<*xi1>
  return %0 : tensor<*xi1>
}

// [2, 4] (8 elements) into [3, 3] (9): RESHAPE's ERROR_IF, at run time.
func.func @sizes(%a: tensor<?x4xi8>) -> tensor<3x3xi8> {
  %s = tosa.const_shape {values = dense<3> : tensor<2xindex>} : () -> !tosa.shape<2>
  // SIZES: reshape.mlir:[[@LINE+1]]:8: error: tosa.reshape: ERROR_IF(tensor_size(shape1) != tensor_size(shape)) of RESHAPE holds (shape1 = [2, 4], shape = [3, 3])
  %0 = tosa.reshape %a, %s : (tensor<?x4xi8>, !tosa.shape<2>) -> tensor<3x3xi8>
  return %0 : tensor<3x3xi8>
}

// x = [5, poison, 7, 8] (127 + 1 with nsw at 1) -> [2, 2]: poison at [0, 1] = flat 1.
// POISON: dense<{{\[}}[5, 0], [7, 8]]> : tensor<2x2xi8>
// POISON-NEXT: // poison: 1
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<2x2xi8> {
  %m = arith.constant dense<[4, 127, 6, 7]> : tensor<4xi8>
  %o = arith.constant dense<1> : tensor<4xi8>
  %x = arith.addi %m, %o overflow<nsw> : tensor<4xi8>
  %s = tosa.const_shape {values = dense<2> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.reshape %x, %s : (tensor<4xi8>, !tosa.shape<2>) -> tensor<2x2xi8>
  return %0 : tensor<2x2xi8>
}
