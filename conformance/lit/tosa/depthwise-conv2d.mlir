// [tosa.depthwise-conv2d]: DEPTHWISE_CONV2D of TOSA 1.0: input [N,IH,IW,C],
// weight [KH,KW,C,M], output channel c*M + m convolves input channel c with
// weight[.., .., c, m] only. Hand-checked values, zero points, padding and
// strides (with C = M = 1 it is CONV2D: the same numbers as conv2d.mlir),
// dynamic shapes, the accumulator REQUIRE and runtime ERROR_IFs.
//
// RUN: quant-interp %s --entry=multiplier | FileCheck %s --check-prefix=MULTIPLIER --match-full-lines
// RUN: quant-interp %s --entry=as_conv2d | FileCheck %s --check-prefix=AS-CONV2D --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>' --arg='dense<[[[[2]], [[3]]], [[[4]], [[5]]]]> : tensor<2x2x1x1xi8>' --arg='dense<100> : tensor<1xi32>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: not quant-interp %s --entry=accumulator 2>&1 | FileCheck %s --check-prefix=ACCUMULATOR
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1> : tensor<1x3x3x2xi8>' --arg='dense<1> : tensor<2x2x1x1xi8>' --arg='dense<0> : tensor<1xi32>' 2>&1 | FileCheck %s --check-prefix=CHANNELS
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1> : tensor<1x3x3x1xi8>' --arg='dense<1> : tensor<2x2x1x3xi8>' --arg='dense<0> : tensor<2xi32>' 2>&1 | FileCheck %s --check-prefix=BIAS
// RUN: not quant-interp %s --entry=zp_f16 --arg='dense<1.0> : tensor<1xf16>' 2>&1 | FileCheck %s --check-prefix=ZP-F16

// C = 2, M = 2, a 2x2 input and kernel (one window), zero points 0.
//   channel 0 = [[1, 2], [3, 4]], channel 1 = [[10, 20], [30, 40]]
//   weight (c, m): (0,0) = [[1, 1], [1, 1]], (0,1) = [[1, 0], [0, -1]],
//                  (1,0) = [[2, 2], [2, 2]], (1,1) = [[0, 1], [1, 0]]
//   bias [0, 100, 1000, -5]
//   oc 0 = 1 + 2 + 3 + 4 = 10            oc 1 = 1 - 4 = -3, + 100 = 97
//   oc 2 = 2 * 100 = 200, + 1000 = 1200  oc 3 = 20 + 30 = 50, - 5 = 45
// MULTIPLIER: dense<{{\[}}{{\[}}{{\[}}[10, 97, 1200, 45]]]]> : tensor<1x1x1x4xi32>
// MULTIPLIER-NOT: {{.+}}
func.func @multiplier() -> tensor<1x1x1x4xi32> {
  %i = "tosa.const"() {values = dense<[[[[1, 10], [2, 20]], [[3, 30], [4, 40]]]]> : tensor<1x2x2x2xi8>} : () -> tensor<1x2x2x2xi8>
  %w = "tosa.const"() {values = dense<[[[[1, 1], [2, 0]], [[1, 0], [2, 1]]], [[[1, 0], [2, 1]], [[1, -1], [2, 0]]]]> : tensor<2x2x2x2xi8>} : () -> tensor<2x2x2x2xi8>
  %b = "tosa.const"() {values = dense<[0, 100, 1000, -5]> : tensor<4xi32>} : () -> tensor<4xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.depthwise_conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x2x2x2xi8>, tensor<2x2x2x2xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x4xi32>
  return %0 : tensor<1x1x1x4xi32>
}

// C = M = 1: conv2d.mlir's @zero_points (input_zp 1, weight_zp -1, bias 100)
// and @pad_stride (pad top = left = 1, stride 2).
// AS-CONV2D: dense<{{\[}}{{\[}}{{\[}}[135], [149]], {{\[}}[177], [191]]]]> : tensor<1x2x2x1xi32>
// AS-CONV2D-NEXT: dense<{{\[}}{{\[}}{{\[}}[105], [123]], {{\[}}[147], [205]]]]> : tensor<1x2x2x1xi32>
// AS-CONV2D-NOT: {{.+}}
func.func @as_conv2d() -> (tensor<1x2x2x1xi32>, tensor<1x2x2x1xi32>) {
  %i = "tosa.const"() {values = dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>} : () -> tensor<1x3x3x1xi8>
  %w = "tosa.const"() {values = dense<[[[[1]], [[2]]], [[[3]], [[4]]]]> : tensor<2x2x1x1xi8>} : () -> tensor<2x2x1x1xi8>
  %w2 = "tosa.const"() {values = dense<[[[[2]], [[3]]], [[[4]], [[5]]]]> : tensor<2x2x1x1xi8>} : () -> tensor<2x2x1x1xi8>
  %b = "tosa.const"() {values = dense<100> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<-1> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.depthwise_conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x3x3x1xi8>, tensor<2x2x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x1xi32>
  %1 = tosa.depthwise_conv2d %i, %w2, %b, %zp, %zp {pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x3x3x1xi8>, tensor<2x2x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x1xi32>
  return %0, %1 : tensor<1x2x2x1xi32>, tensor<1x2x2x1xi32>
}

// @as_conv2d's second op on dynamic shapes.
// DYNAMIC: dense<{{\[}}{{\[}}{{\[}}[105], [123]], {{\[}}[147], [205]]]]> : tensor<1x2x2x1xi32>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%i: tensor<?x?x?x?xi8>, %w: tensor<?x?x?x?xi8>, %b: tensor<?xi32>) -> tensor<?x?x?x?xi32> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // CHANNELS: depthwise-conv2d.mlir:[[@LINE+2]]:8: error: tosa.depthwise_conv2d: ERROR_IF(shape(weight)[2] != C) of DEPTHWISE_CONV2D holds (weight: [2, 2, 1, 1]; C = 2 from input)
  // BIAS: depthwise-conv2d.mlir:[[@LINE+1]]:8: error: tosa.depthwise_conv2d: ERROR_IF(BC != C*M && BC != 1) of DEPTHWISE_CONV2D holds (BC = 2, C*M = 3)
  %0 = tosa.depthwise_conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<?x?x?x?xi8>, tensor<?x?x?x?xi8>, tensor<?xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x?x?x?xi32>
  return %0 : tensor<?x?x?x?xi32>
}

// One channel, a 182x182 window: 33124 products of (127 - (-128)) and
// (-128 - 127), -65025 each. Term 33025 (0-based, row-major over the
// window) is ky = 33025 / 182 = 181, kx = 33025 - 181 * 182 = 83; the 33025
// before it sum to -2147450625.
func.func @accumulator() -> tensor<1x1x1x1xi32> {
  %i = "tosa.const"() {values = dense<127> : tensor<1x182x182x1xi8>} : () -> tensor<1x182x182x1xi8>
  %w = "tosa.const"() {values = dense<-128> : tensor<182x182x1x1xi8>} : () -> tensor<182x182x1x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  // ACCUMULATOR: depthwise-conv2d.mlir:[[@LINE+2]]:8: error: tosa.depthwise_conv2d: element [0, 0, 0, 0]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (acc = -2147450625, apply_mul_s(value, weight_el) = -65025, at ky = 181, kx = 83)
  // ACCUMULATOR-NOT: dense
  %0 = tosa.depthwise_conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x182x182x1xi8>, tensor<182x182x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %0 : tensor<1x1x1x1xi32>
}

// A float zero point must be 0: a runtime f16 input_zp of 1.0.
func.func @zp_f16(%izp: tensor<1xf16>) -> tensor<1x1x1x1xf16> {
  %i = "tosa.const"() {values = dense<1.0> : tensor<1x1x1x1xf16>} : () -> tensor<1x1x1x1xf16>
  %w = "tosa.const"() {values = dense<1.0> : tensor<1x1x1x1xf16>} : () -> tensor<1x1x1x1xf16>
  %b = "tosa.const"() {values = dense<0.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %wzp = "tosa.const"() {values = dense<0.0> : tensor<1xf16>} : () -> tensor<1xf16>
  // ZP-F16: depthwise-conv2d.mlir:[[@LINE+1]]:8: error: tosa.depthwise_conv2d: ERROR_IF(!is_same<in_t,i8_t>() && input_zp != 0) of DEPTHWISE_CONV2D holds (input_zp = 1.0, in_t = f16)
  %0 = tosa.depthwise_conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = f32} : (tensor<1x1x1x1xf16>, tensor<1x1x1x1xf16>, tensor<1xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<1x1x1x1xf16>
  return %0 : tensor<1x1x1x1xf16>
}
