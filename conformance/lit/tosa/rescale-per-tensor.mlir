// [tosa.rescale] Per-tensor tosa.rescale, bit-exact per [rescale.op]: one
// multiplier and shift; i8/i16/i32/i48 inputs, i8/i16/i32 outputs; the three
// rounding modes ([rescale.rounding-mode]); zero points at the i8 extremes;
// saturation to out_t. Every expected value is derived below from
// [rescale.apply-scale-32] (result = floor((value * m + round) / 2^shift)) or
// [rescale.apply-scale-16], then + output_zp and clipped.
//
// RUN: quant-interp %s --entry=rounding | FileCheck %s --check-prefix=ROUNDING --match-full-lines
// RUN: quant-interp %s --entry=i16_scale16 | FileCheck %s --check-prefix=I16 --match-full-lines
// RUN: quant-interp %s --entry=i8_zero_points | FileCheck %s --check-prefix=I8-ZP --match-full-lines
// RUN: quant-interp %s --entry=i32_to_i16 | FileCheck %s --check-prefix=I32-I16 --match-full-lines
// RUN: quant-interp %s --entry=i32_to_i32 | FileCheck %s --check-prefix=I32-I32 --match-full-lines
// RUN: quant-interp %s --entry=i48 | FileCheck %s --check-prefix=I48 --match-full-lines
// RUN: quant-interp %s --entry=i48 --hex | FileCheck %s --check-prefix=I48-HEX --match-full-lines

// i32 -> i8, m = 2^30, shift = 33: the real multiplier 2^30 / 2^33 = 1/8.
// SINGLE_ROUND (and INEXACT_ROUND, computed alike): round = 2^32, so
//   result = floor((v * 2^30 + 2^32) / 2^33) = floor((v + 4) / 8)  (half up):
//   12 -> floor(16/8) = 2, -12 -> floor(-8/8) = -1, 20 -> floor(24/8) = 3,
//   -20 -> floor(-16/8) = -2, 3 -> floor(7/8) = 0, -4 -> floor(0/8) = 0,
//   1016 -> floor(1020/8) = 127, 1024 -> 128 -> clip 127,
//   -1024 -> floor(-1020/8) = -128, -1032 -> floor(-1028/8) = -129 -> clip -128.
// DOUBLE_ROUND, shift 33 > 31: round = 2^32 + 2^30 for v >= 0, 2^32 - 2^30 for
// v < 0, so result = floor((v + 5) / 8) for v >= 0, floor((v + 3) / 8) for v < 0:
//   12 -> floor(17/8) = 2, -12 -> floor(-9/8) = -2, 20 -> floor(25/8) = 3,
//   -20 -> floor(-17/8) = -3, 3 -> floor(8/8) = 1, -4 -> floor(-1/8) = -1,
//   1016 -> floor(1021/8) = 127, 1024 -> floor(1029/8) = 128 -> clip 127,
//   -1024 -> floor(-1021/8) = -128, -1032 -> floor(-1029/8) = -129 -> clip -128.
// DOUBLE_ROUND with m = 2^27, shift = 30 (same ratio 1/8, shift <= 31): no
// extra term, so the SINGLE_ROUND results.
// ROUNDING: dense<[2, -1, 3, -2, 0, 0, 127, 127, -128, -128]> : tensor<10xi8>
// ROUNDING-NEXT: dense<[2, -2, 3, -3, 1, -1, 127, 127, -128, -128]> : tensor<10xi8>
// ROUNDING-NEXT: dense<[2, -1, 3, -2, 0, 0, 127, 127, -128, -128]> : tensor<10xi8>
// ROUNDING-NEXT: dense<[2, -1, 3, -2, 0, 0, 127, 127, -128, -128]> : tensor<10xi8>
// ROUNDING-NOT: {{.+}}
func.func @rounding() -> (tensor<10xi8>, tensor<10xi8>, tensor<10xi8>, tensor<10xi8>) {
  %x = "tosa.const"() {values = dense<[12, -12, 20, -20, 3, -4, 1016, 1024, -1024, -1032]> : tensor<10xi32>} : () -> tensor<10xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<33> : tensor<1xi8>} : () -> tensor<1xi8>
  %m27 = "tosa.const"() {values = dense<134217728> : tensor<1xi32>} : () -> tensor<1xi32>
  %s30 = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<10xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<10xi8>
  %1 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<10xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<10xi8>
  %2 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = INEXACT_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<10xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<10xi8>
  %3 = tosa.rescale %x, %m27, %s30, %izp, %ozp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<10xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<10xi8>
  return %0, %1, %2, %3 : tensor<10xi8>, tensor<10xi8>, tensor<10xi8>, tensor<10xi8>
}

// i16 -> i16 with scale32 = false (apply_scale_16, i16 multipliers).
// m = 16384, shift = 15 (ratio 1/2): floor((v * 2^14 + 2^14) / 2^15) =
//   floor((v + 1) / 2): 3 -> 2, -3 -> -1, 5 -> 3, -5 -> -2, 32767 -> 16384,
//   -32768 -> floor(-32767/2) = -16384.
// m = 32767, shift = 14 (ratio ~2): floor((v * 32767 + 8192) / 16384):
//   3 -> floor(106493/16384) = 6 (6.49...), -3 -> floor(-90109/16384) = -6
//   (-5.49...), 5 -> floor(172027/16384) = 10, -5 -> floor(-155643/16384) = -10,
//   32767 -> floor(1073684481/16384) = 65532 -> clip 32767,
//   -32768 -> floor(-1073700864/16384) = -65534 -> clip -32768.
// I16: dense<[2, -1, 3, -2, 16384, -16384]> : tensor<6xi16>
// I16-NEXT: dense<[6, -6, 10, -10, 32767, -32768]> : tensor<6xi16>
// I16-NOT: {{.+}}
func.func @i16_scale16() -> (tensor<6xi16>, tensor<6xi16>) {
  %x = "tosa.const"() {values = dense<[3, -3, 5, -5, 32767, -32768]> : tensor<6xi16>} : () -> tensor<6xi16>
  %m = "tosa.const"() {values = dense<16384> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<15> : tensor<1xi8>} : () -> tensor<1xi8>
  %m2 = "tosa.const"() {values = dense<32767> : tensor<1xi16>} : () -> tensor<1xi16>
  %s2 = "tosa.const"() {values = dense<14> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %0 = tosa.rescale %x, %m, %s, %zp, %zp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<6xi16>, tensor<1xi16>, tensor<1xi8>, tensor<1xi16>, tensor<1xi16>) -> tensor<6xi16>
  %1 = tosa.rescale %x, %m2, %s2, %zp, %zp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<6xi16>, tensor<1xi16>, tensor<1xi8>, tensor<1xi16>, tensor<1xi16>) -> tensor<6xi16>
  return %0, %1 : tensor<6xi16>, tensor<6xi16>
}

// i8 zero points at the extremes, input x = [-128, 127, 0, -1].
// i8 -> i32, ratio 1 (m = 2^30, shift = 30), output_zp 0 (out_t i32):
//   input_zp -128: value = x + 128 = [0, 255, 128, 127];
//   input_zp 127:  value = x - 127 = [-255, 0, -127, -128].
// i8 -> i8, ratio 1/2 (m = 2^30, shift = 31), input_zp -128, output_zp -128:
//   value [0, 255, 128, 127] -> floor((value + 1) / 2) = [0, 128, 64, 64]
//   -> + -128 = [-128, 0, -64, -64].
// i8 -> i8, ratio 1, input_zp 127, output_zp 127: (x - 127) + 127 = x.
// i8 -> i8, ratio 1, input_zp -128, output_zp 127: x + 128 + 127 = [127, 382,
//   255, 254] -> clip 127 everywhere.
// I8-ZP: dense<[0, 255, 128, 127]> : tensor<4xi32>
// I8-ZP-NEXT: dense<[-255, 0, -127, -128]> : tensor<4xi32>
// I8-ZP-NEXT: dense<[-128, 0, -64, -64]> : tensor<4xi8>
// I8-ZP-NEXT: dense<[-128, 127, 0, -1]> : tensor<4xi8>
// I8-ZP-NEXT: dense<[127, 127, 127, 127]> : tensor<4xi8>
// I8-ZP-NOT: {{.+}}
func.func @i8_zero_points() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %x = "tosa.const"() {values = dense<[-128, 127, 0, -1]> : tensor<4xi8>} : () -> tensor<4xi8>
  %one = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s30 = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %s31 = "tosa.const"() {values = dense<31> : tensor<1xi8>} : () -> tensor<1xi8>
  %min = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %max = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  %zero32 = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = tosa.rescale %x, %one, %s30, %min, %zero32 {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<4xi32>
  %1 = tosa.rescale %x, %one, %s30, %max, %zero32 {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<4xi32>
  %2 = tosa.rescale %x, %one, %s31, %min, %min {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  %3 = tosa.rescale %x, %one, %s30, %max, %max {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  %4 = tosa.rescale %x, %one, %s30, %min, %max {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<4xi32>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// i32 -> i16, m = 3 * 2^28 = 805306368, shift = 29 (ratio 1.5), half up:
//   21845 * 1.5 = 32767.5 -> 32768 -> clip 32767; 21846 -> 32769 -> clip 32767;
//   -21845 -> -32767.5 -> -32767; -21846 -> -32769 -> clip -32768;
//   -21847 -> -32770.5 -> -32770 -> clip -32768; 1 -> 1.5 -> 2; -1 -> -1.5 -> -1.
// i8 -> i16, m = 100 * 2^24 = 1677721600, shift = 24 (ratio 100), input_zp 5:
//   [-128, 127, 5] - 5 = [-133, 122, 0] -> [-13300, 12200, 0].
// I32-I16: dense<[32767, 32767, -32767, -32768, -32768, 2, -1]> : tensor<7xi16>
// I32-I16-NEXT: dense<[-13300, 12200, 0]> : tensor<3xi16>
// I32-I16-NOT: {{.+}}
func.func @i32_to_i16() -> (tensor<7xi16>, tensor<3xi16>) {
  %x = "tosa.const"() {values = dense<[21845, 21846, -21845, -21846, -21847, 1, -1]> : tensor<7xi32>} : () -> tensor<7xi32>
  %m = "tosa.const"() {values = dense<805306368> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<29> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<7xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi16>) -> tensor<7xi16>
  %y = "tosa.const"() {values = dense<[-128, 127, 5]> : tensor<3xi8>} : () -> tensor<3xi8>
  %m100 = "tosa.const"() {values = dense<1677721600> : tensor<1xi32>} : () -> tensor<1xi32>
  %s24 = "tosa.const"() {values = dense<24> : tensor<1xi8>} : () -> tensor<1xi8>
  %yzp = "tosa.const"() {values = dense<5> : tensor<1xi8>} : () -> tensor<1xi8>
  %1 = tosa.rescale %y, %m100, %s24, %yzp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<3xi16>
  return %0, %1 : tensor<7xi16>, tensor<3xi16>
}

// i32 -> i32, m = 2^31 - 1, shift = 31 (ratio just below 1), half up:
//   v * (2^31 - 1) / 2^31 + 1/2 = v + 1/2 - v/2^31, with |v/2^31| < 1/2 here:
//   2^30 - 1 -> floor(v + 1/2 - 0.4999...) = v = 1073741823;
//   -2^30 -> -2^30 + 1/2 + 1/2 = -2^30 + 1 = -1073741823 (exact);
//   1 -> floor(1.4999...) = 1; -1 -> floor(-0.4999...) = -1.
// I32-I32: dense<[1073741823, -1073741823, 1, -1]> : tensor<4xi32>
// I32-I32-NOT: {{.+}}
func.func @i32_to_i32() -> tensor<4xi32> {
  %x = "tosa.const"() {values = dense<[1073741823, -1073741824, 1, -1]> : tensor<4xi32>} : () -> tensor<4xi32>
  %m = "tosa.const"() {values = dense<2147483647> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<31> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = tosa.rescale %x, %m, %s, %zp, %zp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// i48 (scale32 = false: apply_scale_16), m = 1, shift = 17, x = [2^47 - 1,
// -2^47, 2^40, -1]:
//   (2^47 - 1 + 2^16) >> 17 = 2^30 + floor((2^16 - 1) / 2^17) = 2^30 = 1073741824;
//   (-2^47 + 2^16) >> 17 = -2^30 + floor(1/2) = -1073741824;
//   (2^40 + 2^16) >> 17 = 2^23 = 8388608; (-1 + 2^16) >> 17 = 0.
// Into i32 as they are, into i16 and i8 clipped.
// I48: dense<[1073741824, -1073741824, 8388608, 0]> : tensor<4xi32>
// I48-NEXT: dense<[32767, -32768, 32767, 0]> : tensor<4xi16>
// I48-NEXT: dense<[127, -128, 127, 0]> : tensor<4xi8>
// I48-NOT: {{.+}}
// --hex: little-endian bytes (2^30 = 0x40000000, -2^30 = 0xC0000000, 2^23 = 0x00800000).
// I48-HEX: dense<"0x00000040000000C00000800000000000"> : tensor<4xi32>
// I48-HEX-NEXT: dense<"0xFF7F0080FF7F0000"> : tensor<4xi16>
// I48-HEX-NEXT: dense<"0x7F807F00"> : tensor<4xi8>
func.func @i48() -> (tensor<4xi32>, tensor<4xi16>, tensor<4xi8>) {
  %x = "tosa.const"() {values = dense<[140737488355327, -140737488355328, 1099511627776, -1]> : tensor<4xi48>} : () -> tensor<4xi48>
  %m = "tosa.const"() {values = dense<1> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<17> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %z32 = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %z16 = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %z8 = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %z32 {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi32>) -> tensor<4xi32>
  %1 = tosa.rescale %x, %m, %s, %izp, %z16 {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<4xi16>
  %2 = tosa.rescale %x, %m, %s, %izp, %z8 {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi8>) -> tensor<4xi8>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi16>, tensor<4xi8>
}
