// [tosa.conv2d]: CONV2D of TOSA 1.0 on NHWC input, [OC,KH,KW,IC] weight:
// zero points, padding (which contributes no term), strides, dilations,
// several channels, a broadcast bias (BC = 1), i16 x i8 -> i48, i4 weights,
// float accumulators ([contract.float]), dynamic shapes, and the REQUIREs of
// [contract.accumulator] (the accumulation and the bias addition). Expected
// values are computed below by hand:
//   out[n,oy,ox,oc] = bias[oc] + sum over ky, kx, ic of
//     (input[n, oy*stride_y - pad_top + ky*dilation_y, ox*stride_x - pad_left + kx*dilation_x, ic] - input_zp)
//     * (weight[oc,ky,kx,ic] - weight_zp), terms outside the input left out.
//
// RUN: quant-interp %s --entry=zero_points | FileCheck %s --check-prefix=ZP --match-full-lines
// RUN: quant-interp %s --entry=pad_stride | FileCheck %s --check-prefix=PAD --match-full-lines
// RUN: quant-interp %s --entry=dilation | FileCheck %s --check-prefix=DILATION --match-full-lines
// RUN: quant-interp %s --entry=channels | FileCheck %s --check-prefix=CHANNELS --match-full-lines
// RUN: quant-interp %s --entry=i16_i48 | FileCheck %s --check-prefix=I48 --match-full-lines
// RUN: quant-interp %s --entry=int4 | FileCheck %s --check-prefix=INT4 --match-full-lines
// RUN: quant-interp %s --entry=floats | FileCheck %s --check-prefix=FLOATS --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>' --arg='dense<[[[[1], [2]], [[3], [4]]]]> : tensor<1x2x2x1xi8>' --arg='dense<100> : tensor<1xi32>' --arg='dense<1> : tensor<1xi8>' --arg='dense<-1> : tensor<1xi8>' | FileCheck %s --check-prefix=ZP --match-full-lines
// RUN: not quant-interp %s --entry=accumulator 2>&1 | FileCheck %s --check-prefix=ACCUMULATOR
// RUN: not quant-interp %s --entry=bias_i32 2>&1 | FileCheck %s --check-prefix=BIAS-I32
// RUN: not quant-interp %s --entry=bias_i48 2>&1 | FileCheck %s --check-prefix=BIAS-I48
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// input 3x3 = 1..9 row by row, input_zp = 1: 0..8; weight [[1, 2], [3, 4]],
// weight_zp = -1: [[2, 3], [4, 5]]; bias 100; no pad, stride 1.
//   [0,0]: 0*2 + 1*3 + 3*4 + 4*5 = 35 -> 135    [0,1]: 1*2 + 2*3 + 4*4 + 5*5 = 49 -> 149
//   [1,0]: 3*2 + 4*3 + 6*4 + 7*5 = 77 -> 177    [1,1]: 4*2 + 5*3 + 7*4 + 8*5 = 91 -> 191
// ZP: dense<{{\[}}{{\[}}{{\[}}[135], [149]], {{\[}}[177], [191]]]]> : tensor<1x2x2x1xi32>
// ZP-NOT: {{.+}}
func.func @zero_points() -> tensor<1x2x2x1xi32> {
  %i = "tosa.const"() {values = dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>} : () -> tensor<1x3x3x1xi8>
  %w = "tosa.const"() {values = dense<[[[[1], [2]], [[3], [4]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %b = "tosa.const"() {values = dense<100> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<-1> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x3x3x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x1xi32>
  return %0 : tensor<1x2x2x1xi32>
}

// Zero points 0, weight [[2, 3], [4, 5]], pad top = left = 1, stride 2:
// OH = (3 - 1 + 1 + 0 - 1) / 2 + 1 = 2. Window origins (oy*2 - 1, ox*2 - 1):
//   [0,0] rows -1..0, cols -1..0: only input(0,0) = 1 under tap (1,1) = 5: 5 -> 105
//   [0,1] rows -1..0, cols 1..2: 2 * 4 + 3 * 5 = 23 -> 123
//   [1,0] rows 1..2, cols -1..0: 4 * 3 + 7 * 5 = 47 -> 147
//   [1,1] rows 1..2, cols 1..2: 5*2 + 6*3 + 8*4 + 9*5 = 105 -> 205
// PAD: dense<{{\[}}{{\[}}{{\[}}[105], [123]], {{\[}}[147], [205]]]]> : tensor<1x2x2x1xi32>
// PAD-NOT: {{.+}}
func.func @pad_stride() -> tensor<1x2x2x1xi32> {
  %i = "tosa.const"() {values = dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>} : () -> tensor<1x3x3x1xi8>
  %w = "tosa.const"() {values = dense<[[[[2], [3]], [[4], [5]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %b = "tosa.const"() {values = dense<100> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x3x3x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x1xi32>
  return %0 : tensor<1x2x2x1xi32>
}

// Dilation 2: the 2x2 kernel spans 3x3, OH = 3 - 1 - (2 - 1) * 2 + 1 = 1:
// 2 * input(0,0) + 3 * input(0,2) + 4 * input(2,0) + 5 * input(2,2)
//   = 2 + 9 + 28 + 45 = 84; bias -84 -> 0. Dilation 2 down, 1 across: OW = 2;
//   [0,0] = 2*1 + 3*2 + 4*7 + 5*8 = 76, [0,1] = 2*2 + 3*3 + 4*8 + 5*9 = 90.
// DILATION: dense<{{\[}}{{\[}}{{\[}}[0]]]]> : tensor<1x1x1x1xi32>
// DILATION-NEXT: dense<{{\[}}{{\[}}{{\[}}[-8], [6]]]]> : tensor<1x1x2x1xi32>
// DILATION-NOT: {{.+}}
func.func @dilation() -> (tensor<1x1x1x1xi32>, tensor<1x1x2x1xi32>) {
  %i = "tosa.const"() {values = dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>} : () -> tensor<1x3x3x1xi8>
  %w = "tosa.const"() {values = dense<[[[[2], [3]], [[4], [5]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %b = "tosa.const"() {values = dense<-84> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 2, 2>, acc_type = i32} : (tensor<1x3x3x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  %1 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 2, 1>, acc_type = i32} : (tensor<1x3x3x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x1xi32>
  return %0, %1 : tensor<1x1x1x1xi32>, tensor<1x1x2x1xi32>
}

// IC = 2, OC = 2, a 1x1 kernel, one bias for both channels (BC = 1): -7.
//   x = 0 (input [1, 2]): oc 0: 1*1 + 2*(-1) = -1 -> -8; oc 1: 1*2 + 2*3 = 8 -> 1
//   x = 1 (input [3, 4]): oc 0: 3 - 4 = -1 -> -8;       oc 1: 6 + 12 = 18 -> 11
// CHANNELS: dense<{{\[}}{{\[}}{{\[}}[-8, 1], [-8, 11]]]]> : tensor<1x1x2x2xi32>
// CHANNELS-NOT: {{.+}}
func.func @channels() -> tensor<1x1x2x2xi32> {
  %i = "tosa.const"() {values = dense<[[[[1, 2], [3, 4]]]]> : tensor<1x1x2x2xi8>} : () -> tensor<1x1x2x2xi8>
  %w = "tosa.const"() {values = dense<[[[[1, -1]]], [[[2, 3]]]]> : tensor<2x1x1x2xi8>} : () -> tensor<2x1x1x2xi8>
  %b = "tosa.const"() {values = dense<-7> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x2x2xi8>, tensor<2x1x1x2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x2xi32>
  return %0 : tensor<1x1x2x2xi32>
}

// i16 x i8 with int48_t accumulator: weight_zp = 127 (i8 may carry one):
// (-32768) * (-128 - 127) = 8355840, twice: 16711680; bias 2^40 = 1099511627776
// -> 1099528339456 (beyond int32).
// I48: dense<{{\[}}{{\[}}{{\[}}[1099528339456]]]]> : tensor<1x1x1x1xi48>
// I48-NOT: {{.+}}
func.func @i16_i48() -> tensor<1x1x1x1xi48> {
  %i = "tosa.const"() {values = dense<-32768> : tensor<1x1x1x2xi16>} : () -> tensor<1x1x1x2xi16>
  %w = "tosa.const"() {values = dense<-128> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2xi8>
  %b = "tosa.const"() {values = dense<1099511627776> : tensor<1xi48>} : () -> tensor<1xi48>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %wzp = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i48} : (tensor<1x1x1x2xi16>, tensor<1x1x1x2xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  return %0 : tensor<1x1x1x1xi48>
}

// i8 x i4 (weight_zp must be 0): input [10, -10], input_zp 2: [8, -12];
// weight [7, -8] (the i4 extremes): 56 + 96 = 152.
// INT4: dense<{{\[}}{{\[}}{{\[}}[152]]]]> : tensor<1x1x1x1xi32>
// INT4-NOT: {{.+}}
func.func @int4() -> tensor<1x1x1x1xi32> {
  %i = "tosa.const"() {values = dense<[[[[10, -10]]]]> : tensor<1x1x1x2xi8>} : () -> tensor<1x1x1x2xi8>
  %w = "tosa.const"() {values = dense<[[[[7, -8]]]]> : tensor<1x1x1x2xi4>} : () -> tensor<1x1x1x2xi4>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<2> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<0> : tensor<1xi4>} : () -> tensor<1xi4>
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x1x2xi8>, tensor<1x1x1x2xi4>, tensor<1xi32>, tensor<1xi8>, tensor<1xi4>) -> tensor<1x1x1x1xi32>
  return %0 : tensor<1x1x1x1xi32>
}

// Floats, a 1x1 kernel over channels [2048, 1, 1] with weights 1, bias 0:
//   f16, acc_type f16: 2048 + 1 = 2049 ties to 2048 (even), twice: 2048.
//   f16, acc_type f32: 2050 exactly; static_cast<f16>: 2050 (f16 spacing 2).
//   bf16, acc_type f32, channels [256, 1], bias 1: acc 257 in f32;
//   static_cast<bf16>(257) ties to 256 (bf16 spacing 2); 256 + 1 = 257 ties
//   to 256 again.
// FLOATS: dense<{{\[}}{{\[}}{{\[}}[2048.0]]]]> : tensor<1x1x1x1xf16>
// FLOATS-NEXT: dense<{{\[}}{{\[}}{{\[}}[2050.0]]]]> : tensor<1x1x1x1xf16>
// FLOATS-NEXT: dense<{{\[}}{{\[}}{{\[}}[256.0]]]]> : tensor<1x1x1x1xbf16>
// FLOATS-NOT: {{.+}}
func.func @floats() -> (tensor<1x1x1x1xf16>, tensor<1x1x1x1xf16>, tensor<1x1x1x1xbf16>) {
  %i = "tosa.const"() {values = dense<[[[[2048.0, 1.0, 1.0]]]]> : tensor<1x1x1x3xf16>} : () -> tensor<1x1x1x3xf16>
  %w = "tosa.const"() {values = dense<1.0> : tensor<1x1x1x3xf16>} : () -> tensor<1x1x1x3xf16>
  %b = "tosa.const"() {values = dense<0.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = f16} : (tensor<1x1x1x3xf16>, tensor<1x1x1x3xf16>, tensor<1xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<1x1x1x1xf16>
  %1 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = f32} : (tensor<1x1x1x3xf16>, tensor<1x1x1x3xf16>, tensor<1xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<1x1x1x1xf16>
  %gi = "tosa.const"() {values = dense<[[[[256.0, 1.0]]]]> : tensor<1x1x1x2xbf16>} : () -> tensor<1x1x1x2xbf16>
  %gw = "tosa.const"() {values = dense<1.0> : tensor<1x1x1x2xbf16>} : () -> tensor<1x1x1x2xbf16>
  %gb = "tosa.const"() {values = dense<1.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %gzp = "tosa.const"() {values = dense<0.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %2 = tosa.conv2d %gi, %gw, %gb, %gzp, %gzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = f32} : (tensor<1x1x1x2xbf16>, tensor<1x1x1x2xbf16>, tensor<1xbf16>, tensor<1xbf16>, tensor<1xbf16>) -> tensor<1x1x1x1xbf16>
  return %0, %1, %2 : tensor<1x1x1x1xf16>, tensor<1x1x1x1xf16>, tensor<1x1x1x1xbf16>
}

// @zero_points with every operand of dynamic shape, zero points included:
// the same result (RUN line above, prefix ZP).
func.func @dynamic(%i: tensor<?x?x?x?xi8>, %w: tensor<?x?x?x?xi8>, %b: tensor<?xi32>, %izp: tensor<1xi8>, %wzp: tensor<1xi8>) -> tensor<?x?x?x?xi32> {
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<?x?x?x?xi8>, tensor<?x?x?x?xi8>, tensor<?xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x?x?x?xi32>
  return %0 : tensor<?x?x?x?xi32>
}

// 33026 input channels of (127 - (-128)) against weights (-128 - 127):
// -65025 each; 33025 of them sum to -2147450625, the next leaves int32.
func.func @accumulator() -> tensor<1x1x1x1xi32> {
  %i = "tosa.const"() {values = dense<127> : tensor<1x1x1x33026xi8>} : () -> tensor<1x1x1x33026xi8>
  %w = "tosa.const"() {values = dense<-128> : tensor<1x1x1x33026xi8>} : () -> tensor<1x1x1x33026xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  // ACCUMULATOR: conv2d.mlir:[[@LINE+2]]:8: error: tosa.conv2d: element [0, 0, 0, 0]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (acc = -2147450625, apply_mul_s(value, weight_el) = -65025, at ky = 0, kx = 0, ic = 33025)
  // ACCUMULATOR-NOT: dense
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x1x33026xi8>, tensor<1x1x1x33026xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %0 : tensor<1x1x1x1xi32>
}

// The bias addition (apply_add_s<out_t>) at the top of int32: the second
// output element is 2 + (2^31 - 2); the first, 1 + (2^31 - 2), fits.
func.func @bias_i32() -> tensor<1x1x2x1xi32> {
  %i = "tosa.const"() {values = dense<[[[[1], [2]]]]> : tensor<1x1x2x1xi8>} : () -> tensor<1x1x2x1xi8>
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %b = "tosa.const"() {values = dense<2147483646> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // BIAS-I32: conv2d.mlir:[[@LINE+1]]:8: error: tosa.conv2d: element [0, 0, 1, 0]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (out = 2, bias[0] = 2147483646)
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x2x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x1xi32>
  return %0 : tensor<1x1x2x1xi32>
}

// At the bottom of int48: -1 * 1 + (-2^47).
func.func @bias_i48() -> tensor<1x1x1x1xi48> {
  %i = "tosa.const"() {values = dense<-1> : tensor<1x1x1x1xi16>} : () -> tensor<1x1x1x1xi16>
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %b = "tosa.const"() {values = dense<-140737488355328> : tensor<1xi48>} : () -> tensor<1xi48>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %wzp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // BIAS-I48: conv2d.mlir:[[@LINE+1]]:8: error: tosa.conv2d: element [0, 0, 0, 0]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int48_t> does not hold (out = -1, bias[0] = -140737488355328)
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i48} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  return %0 : tensor<1x1x1x1xi48>
}

// [contract.poison]: input(0,2) is poison (127 + 1 with nsw). With a 1x2
// kernel of ones, output (0,1) reads it and is poison, output (0,0) reads
// inputs 1 and 2 only (3), and row 1 reads 4 + 5 = 9 and 5 + 6 = 11.
// POISON: dense<{{\[}}{{\[}}{{\[}}[3], [0]], {{\[}}[9], [11]]]]> : tensor<1x2x2x1xi32>
// POISON-NEXT: // poison: 1
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<1x2x2x1xi32> {
  %x = arith.constant dense<[[[[1], [2], [127]], [[4], [5], [6]]]]> : tensor<1x2x3x1xi8>
  %one = arith.constant dense<[[[[0], [0], [1]], [[0], [0], [0]]]]> : tensor<1x2x3x1xi8>
  %i = arith.addi %x, %one overflow<nsw> : tensor<1x2x3x1xi8>
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x2x1xi8>} : () -> tensor<1x1x2x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x2x3x1xi8>, tensor<1x1x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x1xi32>
  return %0 : tensor<1x2x2x1xi32>
}
