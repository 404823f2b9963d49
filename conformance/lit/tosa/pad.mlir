// [tosa.pad]: PAD of TOSA 1.0: padding a !tosa.shape [start_0, end_0,
// start_1, end_1, ...], pad_const the value of every padded element, dynamic
// and unranked shapes, the run-time ERROR_IFs (MLIR 22 accepts a padding of
// -1, "dynamic", that TOSA rejects), a poison pad_const. Expected values by hand.
//
// RUN: quant-interp %s --entry=matrix | FileCheck %s --check-prefix=MATRIX --match-full-lines
// RUN: quant-interp %s --entry=floats | FileCheck %s --check-prefix=FLOATS --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[true, true]> : tensor<2xi1>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: not quant-interp %s --entry=minus_one 2>&1 | FileCheck %s --check-prefix=MINUS-ONE
// RUN: not quant-interp %s --entry=unranked --arg='dense<1> : tensor<2x2xi32>' 2>&1 | FileCheck %s --check-prefix=LENGTH
// RUN: not quant-interp %s --entry=pad_const_count --arg='dense<[1, 2]> : tensor<2xi8>' 2>&1 | FileCheck %s --check-prefix=PAD-CONST
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// [[1, 2], [3, 4]] with padding [1, 0, 0, 2] (one row before, two columns
// after), pad_const -128: [[-128 x 4], [1, 2, -128, -128], [3, 4, -128, -128]].
// MATRIX: dense<{{\[}}[-128, -128, -128, -128], [1, 2, -128, -128], [3, 4, -128, -128]]> : tensor<3x4xi8>
// MATRIX-NOT: {{.+}}
func.func @matrix() -> tensor<3x4xi8> {
  %a = "tosa.const"() {values = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>} : () -> tensor<2x2xi8>
  %p = tosa.const_shape {values = dense<[1, 0, 0, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %c = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.pad %a, %p, %c : (tensor<2x2xi8>, !tosa.shape<4>, tensor<1xi8>) -> tensor<3x4xi8>
  return %0 : tensor<3x4xi8>
}

// [1.5] padded [2, 1] with -0.0 (kept as it is), then a bf16 with nothing padded.
// FLOATS: dense<[-0.0, -0.0, 1.5, -0.0]> : tensor<4xf32>
// FLOATS-NEXT: dense<[7.0]> : tensor<1xbf16>
// FLOATS-NOT: {{.+}}
func.func @floats() -> (tensor<4xf32>, tensor<1xbf16>) {
  %a = "tosa.const"() {values = dense<1.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %p = tosa.const_shape {values = dense<[2, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %c = "tosa.const"() {values = dense<-0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.pad %a, %p, %c : (tensor<1xf32>, !tosa.shape<2>, tensor<1xf32>) -> tensor<4xf32>
  %b = "tosa.const"() {values = dense<7.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %z = tosa.const_shape {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
  %d = "tosa.const"() {values = dense<1.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %1 = tosa.pad %b, %z, %d : (tensor<1xbf16>, !tosa.shape<2>, tensor<1xbf16>) -> tensor<1xbf16>
  return %0, %1 : tensor<4xf32>, tensor<1xbf16>
}

// A [2] bool input of dynamic shape, padding [0, 3] with false.
// DYNAMIC: dense<[true, true, false, false, false]> : tensor<5xi1>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%a: tensor<?xi1>) -> tensor<?xi1> {
  %p = tosa.const_shape {values = dense<[0, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %c = "tosa.const"() {values = dense<false> : tensor<1xi1>} : () -> tensor<1xi1>
  %0 = tosa.pad %a, %p, %c : (tensor<?xi1>, !tosa.shape<2>, tensor<1xi1>) -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// MLIR 22's verifier takes -1 as "dynamic padding"; at run time it is a
// padding below 0.
func.func @minus_one() -> tensor<?x2xi16> {
  %a = "tosa.const"() {values = dense<1> : tensor<1x2xi16>} : () -> tensor<1x2xi16>
  %p = tosa.const_shape {values = dense<[-1, 2, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %c = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  // MINUS-ONE: pad.mlir:[[@LINE+1]]:8: error: tosa.pad: ERROR_IF(padding[i * 2] < 0 || padding[(i * 2) + 1] < 0) of PAD holds (i = 0, padding = [-1, 2, 0, 0], shape1 = [1, 2])
  %0 = tosa.pad %a, %p, %c : (tensor<1x2xi16>, !tosa.shape<4>, tensor<1xi16>) -> tensor<?x2xi16>
  return %0 : tensor<?x2xi16>
}

// A rank-2 input at run time, padding for rank 1.
func.func @unranked(%a: tensor<*xi32>) -> tensor<*xi32> {
  %p = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %c = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // LENGTH: pad.mlir:[[@LINE+1]]:8: error: tosa.pad: ERROR_IF(length(padding) != 2 * rank(shape1)) of PAD holds (padding = [1, 1], shape1 = [2, 2])
  %0 = tosa.pad %a, %p, %c : (tensor<*xi32>, !tosa.shape<2>, tensor<1xi32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// An unranked pad_const with two elements at run time.
func.func @pad_const_count(%c: tensor<*xi8>) -> tensor<3xi8> {
  %a = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %p = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // PAD-CONST: pad.mlir:[[@LINE+1]]:8: error: tosa.pad: pad_const has 2 elements, expected 1
  %0 = tosa.pad %a, %p, %c : (tensor<1xi8>, !tosa.shape<2>, tensor<*xi8>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// pad_const poison (127 + 1 with nsw): the padded elements are poison, the
// input's are not: [poison, 5, poison].
// POISON: dense<[0, 5, 0]> : tensor<3xi8>
// POISON-NEXT: // poison: 0, 2
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<3xi8> {
  %m = arith.constant dense<127> : tensor<1xi8>
  %o = arith.constant dense<1> : tensor<1xi8>
  %c = arith.addi %m, %o overflow<nsw> : tensor<1xi8>
  %a = "tosa.const"() {values = dense<5> : tensor<1xi8>} : () -> tensor<1xi8>
  %p = tosa.const_shape {values = dense<1> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.pad %a, %p, %c : (tensor<1xi8>, !tosa.shape<2>, tensor<1xi8>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}
