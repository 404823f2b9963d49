// [tosa.avg-pool2d], [contract.pool-divide]: AVG_POOL2D of TOSA 1.0. Integer
// windows sum (value - input_zp) in int32, divide by the count of input
// elements (padding does not count) with reciprocal_scale and apply_scale_32,
// add output_zp and clamp to in_out_t. For the windows below (fewer than
// 8192 elements) that division is the mean rounded half away from zero:
// reciprocal_scale(count) = (floor((2^30 + 1) * 2^k / count), 30 + k) with
// count <= 2^k, a multiplier a little above 2^(30+k) / count, so a tie
// q + 1/2 lands just above it for a positive sum and just below for a
// negative one. Floats sum in acc_t and divide there ([contract.float]).
//
// RUN: quant-interp %s --entry=rounding | FileCheck %s --check-prefix=ROUNDING --match-full-lines
// RUN: quant-interp %s --entry=zero_points | FileCheck %s --check-prefix=ZERO-POINTS --match-full-lines
// RUN: quant-interp %s --entry=padding | FileCheck %s --check-prefix=PADDING --match-full-lines
// RUN: quant-interp %s --entry=i16 | FileCheck %s --check-prefix=I16 --match-full-lines
// RUN: quant-interp %s --entry=floats | FileCheck %s --check-prefix=FLOATS --match-full-lines
// RUN: not quant-interp %s --entry=accumulator 2>&1 | FileCheck %s --check-prefix=ACCUMULATOR
// RUN: not quant-interp %s --entry=no_input --arg='dense<> : tensor<1x0x1x1xi8>' 2>&1 | FileCheck %s --check-prefix=NO-INPUT
// RUN: quant-interp %s --entry=no_input_f32 --arg='dense<> : tensor<1x0x1x1xf32>' | FileCheck %s --check-prefix=NO-INPUT-F32 --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1> : tensor<1x4x5x1xi8>' 2>&1 | FileCheck %s --check-prefix=IDIV
// RUN: not quant-interp %s --entry=zp_i16 --arg='dense<-7> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=ZP-I16
// RUN: not quant-interp %s --entry=channels --arg='dense<1> : tensor<1x2x2x3xi8>' 2>&1 | FileCheck %s --check-prefix=CHANNELS

// Windows of two (kernel 1x2, stride 2): sums 1, -1, 3, -3 over count 2:
// reciprocal_scale(2) = (2^30 + 1, 31), apply_scale_32(s) = floor((s * (2^30 + 1) + 2^30) / 2^31):
//   1 -> floor((2^31 + 1) / 2^31) = 1          -1 -> floor(-1 / 2^31) = -1
//   3 -> floor((2^32 + 3) / 2^31) = 2          -3 -> floor((-2^31 - 3) / 2^31) = -2
// so 0.5 -> 1, -0.5 -> -1, 1.5 -> 2, -1.5 -> -2 (half away from zero).
// ROUNDING: dense<{{\[}}{{\[}}{{\[}}[1], [-1], [2], [-2]]]]> : tensor<1x1x4x1xi8>
// ROUNDING-NOT: {{.+}}
func.func @rounding() -> tensor<1x1x4x1xi8> {
  %i = "tosa.const"() {values = dense<[[[[0], [1], [0], [-1], [1], [2], [-1], [-2]]]]> : tensor<1x1x8x1xi8>} : () -> tensor<1x1x8x1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.avg_pool2d %i, %zp, %zp {kernel = array<i64: 1, 2>, stride = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x1x8x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x4x1xi8>
  return %0 : tensor<1x1x4x1xi8>
}

// Three windows of three (kernel 1x3, stride 3):
//   input_zp -128, output_zp 127: [127, 127, 127] -> 255 each, mean 255,
//     + 127 = 382 -> clamp 127;
//   input_zp 127, output_zp -128: [-128, -128, -128] -> -255, - 128 = -383 -> clamp -128;
//   input_zp 5, output_zp -3: [10, 20, 31] -> 5 + 15 + 26 = 46, 46 / 3 = 15.33 -> 15, - 3 = 12.
// ZERO-POINTS: dense<{{\[}}{{\[}}{{\[}}[127]]]]> : tensor<1x1x1x1xi8>
// ZERO-POINTS-NEXT: dense<{{\[}}{{\[}}{{\[}}[-128]]]]> : tensor<1x1x1x1xi8>
// ZERO-POINTS-NEXT: dense<{{\[}}{{\[}}{{\[}}[12]]]]> : tensor<1x1x1x1xi8>
// ZERO-POINTS-NOT: {{.+}}
func.func @zero_points() -> (tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>) {
  %hi = "tosa.const"() {values = dense<127> : tensor<1x1x3x1xi8>} : () -> tensor<1x1x3x1xi8>
  %lo = "tosa.const"() {values = dense<-128> : tensor<1x1x3x1xi8>} : () -> tensor<1x1x3x1xi8>
  %mid = "tosa.const"() {values = dense<[[[[10], [20], [31]]]]> : tensor<1x1x3x1xi8>} : () -> tensor<1x1x3x1xi8>
  %zlo = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %zhi = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  %z5 = "tosa.const"() {values = dense<5> : tensor<1xi8>} : () -> tensor<1xi8>
  %zm3 = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.avg_pool2d %hi, %zlo, %zhi {kernel = array<i64: 1, 3>, stride = array<i64: 1, 3>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x1x3x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  %1 = tosa.avg_pool2d %lo, %zhi, %zlo {kernel = array<i64: 1, 3>, stride = array<i64: 1, 3>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x1x3x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  %2 = tosa.avg_pool2d %mid, %z5, %zm3 {kernel = array<i64: 1, 3>, stride = array<i64: 1, 3>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x1x3x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  return %0, %1, %2 : tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>
}

// Padding does not count: a 2x2 input [[1, 2], [3, 4]], kernel 2x2, stride 1,
// one row / column of padding all round: 3x3 windows holding
//   corners one element: 1, 2, 3, 4;  edges two: (1+2)/2 = 1.5 -> 2,
//   (1+3)/2 = 2, (2+4)/2 = 3, (3+4)/2 = 3.5 -> 4;  centre four: 10/4 = 2.5 -> 3.
// PADDING: dense<{{\[}}{{\[}}{{\[}}[1], [2], [2]], {{\[}}[2], [3], [3]], {{\[}}[3], [4], [4]]]]> : tensor<1x3x3x1xi8>
// PADDING-NOT: {{.+}}
func.func @padding() -> tensor<1x3x3x1xi8> {
  %i = "tosa.const"() {values = dense<[[[[1], [2]], [[3], [4]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.avg_pool2d %i, %zp, %zp {kernel = array<i64: 2, 2>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, acc_type = i32} : (tensor<1x2x2x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi8>
  return %0 : tensor<1x3x3x1xi8>
}

// i16 (int32 accumulator, zero points 0), windows of three at the extremes:
// (32767 + 32767 + 32766) / 3 = 32766.67 -> 32767;
// (-32768 - 32768 - 32767) / 3 = -32767.67 -> -32768.
// I16: dense<{{\[}}{{\[}}{{\[}}[32767], [-32768]]]]> : tensor<1x1x2x1xi16>
// I16-NOT: {{.+}}
func.func @i16() -> tensor<1x1x2x1xi16> {
  %i = "tosa.const"() {values = dense<[[[[32767], [32767], [32766], [-32768], [-32768], [-32767]]]]> : tensor<1x1x6x1xi16>} : () -> tensor<1x1x6x1xi16>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %0 = tosa.avg_pool2d %i, %zp, %zp {kernel = array<i64: 1, 3>, stride = array<i64: 1, 3>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x1x6x1xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x1x2x1xi16>
  return %0 : tensor<1x1x2x1xi16>
}

// Floats over [2048, 1, 1]:
//   acc_type f16: 2048 + 1 ties to 2048 (even), again 2048; 2048 / 3 = 682.67
//     rounds to 682.5 in f16 (spacing 0.5 in [512, 1024)).
//   acc_type f32: 2050 / 3 = 683.333... in f32, then static_cast<f16>: 683.5.
//   f32: (1 + 2 + 4) / 3 = 7/3, the f32 nearest (2.33333325...), printed 2.3333333.
// FLOATS: dense<{{\[}}{{\[}}{{\[}}[682.5]]]]> : tensor<1x1x1x1xf16>
// FLOATS-NEXT: dense<{{\[}}{{\[}}{{\[}}[683.5]]]]> : tensor<1x1x1x1xf16>
// FLOATS-NEXT: dense<{{\[}}{{\[}}{{\[}}[2.3333333]]]]> : tensor<1x1x1x1xf32>
// FLOATS-NOT: {{.+}}
func.func @floats() -> (tensor<1x1x1x1xf16>, tensor<1x1x1x1xf16>, tensor<1x1x1x1xf32>) {
  %h = "tosa.const"() {values = dense<[[[[2048.0], [1.0], [1.0]]]]> : tensor<1x1x3x1xf16>} : () -> tensor<1x1x3x1xf16>
  %hzp = "tosa.const"() {values = dense<0.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %0 = tosa.avg_pool2d %h, %hzp, %hzp {kernel = array<i64: 1, 3>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, acc_type = f16} : (tensor<1x1x3x1xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<1x1x1x1xf16>
  %1 = tosa.avg_pool2d %h, %hzp, %hzp {kernel = array<i64: 1, 3>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, acc_type = f32} : (tensor<1x1x3x1xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<1x1x1x1xf16>
  %f = "tosa.const"() {values = dense<[[[[1.0], [2.0], [4.0]]]]> : tensor<1x1x3x1xf32>} : () -> tensor<1x1x3x1xf32>
  %fzp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = tosa.avg_pool2d %f, %fzp, %fzp {kernel = array<i64: 1, 3>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, acc_type = f32} : (tensor<1x1x3x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  return %0, %1, %2 : tensor<1x1x1x1xf16>, tensor<1x1x1x1xf16>, tensor<1x1x1x1xf32>
}

// The int32 sum of one 256 x 257 window of i16 -32768: after 65536 elements
// it is -2^31 exactly; element 65536 (row-major: ky = 255, kx = 1) leaves int32.
func.func @accumulator() -> tensor<1x1x1x1xi16> {
  %i = "tosa.const"() {values = dense<-32768> : tensor<1x256x257x1xi16>} : () -> tensor<1x256x257x1xi16>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  // ACCUMULATOR: avg-pool2d.mlir:[[@LINE+2]]:8: error: tosa.avg_pool2d: element [0, 0, 0, 0]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (acc = -2147483648, value = -32768, at ky = 255, kx = 1)
  // ACCUMULATOR-NOT: dense
  %0 = tosa.avg_pool2d %i, %zp, %zp {kernel = array<i64: 256, 257>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x256x257x1xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %0 : tensor<1x1x1x1xi16>
}

// An input with no rows and one row of padding above and below a 2-row
// kernel: OH = (0 + 1 + 1 - 2) / 1 + 1 = 1 window holding no input element.
// reciprocal_scale(0) breaks its REQUIRE; a float window divides 0 / 0 = NaN.
// NO-INPUT-F32: dense<{{\[}}{{\[}}{{\[}}[0x7FC00000]]]]> : tensor<1x1x1x1xf32>
func.func @no_input(%i: tensor<1x?x1x1xi8>) -> tensor<1x?x1x1xi8> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // NO-INPUT: avg-pool2d.mlir:[[@LINE+1]]:8: error: tosa.avg_pool2d: element [0, 0, 0, 0]: REQUIRE(value > 0) of reciprocal_scale does not hold (value = 0)
  %0 = tosa.avg_pool2d %i, %zp, %zp {kernel = array<i64: 2, 1>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 0, 0>, acc_type = i32} : (tensor<1x?x1x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x?x1x1xi8>
  return %0 : tensor<1x?x1x1xi8>
}

func.func @no_input_f32(%i: tensor<1x?x1x1xf32>) -> tensor<1x?x1x1xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.avg_pool2d %i, %zp, %zp {kernel = array<i64: 2, 1>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 0, 0>, acc_type = f32} : (tensor<1x?x1x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x?x1x1xf32>
  return %0 : tensor<1x?x1x1xf32>
}

// Stride 2 with a 2x2 kernel over a 4x5 input: 4 - 2 = 2 rows divide, 5 - 2 = 3
// columns do not.
func.func @dynamic(%i: tensor<?x?x?x?xi8>) -> tensor<?x?x?x?xi8> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // IDIV: avg-pool2d.mlir:[[@LINE+1]]:8: error: tosa.avg_pool2d: ERROR_IF(input1 % input2 != 0) of idiv_check in AVG_POOL2D's OW holds (input1 = IW + pad_left + pad_right - kernel_x = 3, input2 = stride_x = 2; IW = 5, pad_left = 0, pad_right = 0, kernel_x = 2, stride_x = 2)
  %0 = tosa.avg_pool2d %i, %zp, %zp {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<?x?x?x?xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x?x?x?xi8>
  return %0 : tensor<?x?x?x?xi8>
}

// A runtime i16 output_zp of -7 (only i8 carries zero points).
func.func @zp_i16(%ozp: tensor<1xi16>) -> tensor<1x1x1x1xi16> {
  %i = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi16>} : () -> tensor<1x1x1x1xi16>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  // ZP-I16: avg-pool2d.mlir:[[@LINE+1]]:8: error: tosa.avg_pool2d: ERROR_IF(!is_same<in_out_t,i8_t>() && output_zp != 0) of AVG_POOL2D holds (output_zp = -7, in_out_t = i16)
  %0 = tosa.avg_pool2d %i, %zp, %ozp {kernel = array<i64: 1, 1>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x1x1x1xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x1x1x1xi16>
  return %0 : tensor<1x1x1x1xi16>
}

// Three channels in, two declared out.
func.func @channels(%i: tensor<1x2x2x?xi8>) -> tensor<1x1x1x2xi8> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // CHANNELS: avg-pool2d.mlir:[[@LINE+1]]:8: error: tosa.avg_pool2d: ERROR_IF(shape(output)[3] != C) of AVG_POOL2D holds (output: [1, 1, 1, 2]; C = 3)
  %0 = tosa.avg_pool2d %i, %zp, %zp {kernel = array<i64: 2, 2>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x2x2x?xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x2xi8>
  return %0 : tensor<1x1x1x2xi8>
}
