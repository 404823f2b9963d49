// [tosa.rescale] 4-5, 7: per_channel = true takes multiplier[c] and shift[c]
// with c the index in the last dimension; rank-0, dynamic, unranked and empty
// tensors; multipliers, shifts and zero points as runtime arguments (--arg,
// --args-file). Results derived from [rescale.apply-scale-32] /
// [rescale.apply-scale-16] (half up) below.
//
// RUN: quant-interp %s --entry=per_channel | FileCheck %s --check-prefix=PER-CHANNEL --match-full-lines
// RUN: quant-interp %s --entry=dynamic --args-file=%S/Inputs/per-channel.args | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<> : tensor<0x2xi32>' --arg='dense<[1, 1]> : tensor<2xi32>' --arg='dense<[2, 2]> : tensor<2xi8>' --arg='dense<0> : tensor<1xi32>' --arg='dense<0> : tensor<1xi8>' | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: quant-interp %s --entry=rank0 | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=rank0_arg --arg='dense<-13> : tensor<i32>' | FileCheck %s --check-prefix=RANK0-ARG --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines

// Channels of x = [[5, 5, 5], [-5, -5, -5]]: ratio 1, 1/2, 3/2.
//   scale32: m = [2^30, 2^30, 3 * 2^28], shift = [30, 31, 29];
//   scale32 = false (i16 in, i16 multipliers): m = [16384, 16384, 24576],
//   shift = [14, 15, 14].
//   channel 0: 5, -5; channel 1: 5/2 = 2.5 -> 3, -2.5 -> -2 (half up);
//   channel 2: 7.5 -> 8, -7.5 -> -7.
// Rank 3, x = [[[1, 4], [2, 6]], [[-1, -6], [127, -128]]], ratio 1 and 1/4
//   (m = [2^30, 2^30], shift = [30, 32]): channel 0: 1, 2, -1, 127;
//   channel 1: 4/4 = 1, 6/4 = 1.5 -> 2, -6/4 = -1.5 -> -1, -128/4 = -32.
// PER-CHANNEL: dense<{{\[\[}}5, 3, 8], [-5, -2, -7]]> : tensor<2x3xi8>
// PER-CHANNEL-NEXT: dense<{{\[\[}}5, 3, 8], [-5, -2, -7]]> : tensor<2x3xi8>
// PER-CHANNEL-NEXT: dense<{{\[\[\[}}1, 1], [2, 2]], {{\[\[}}-1, -1], [127, -32]]]> : tensor<2x2x2xi8>
// PER-CHANNEL-NOT: {{.+}}
func.func @per_channel() -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x2x2xi8>) {
  %x = "tosa.const"() {values = dense<[[5, 5, 5], [-5, -5, -5]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %m = "tosa.const"() {values = dense<[1073741824, 1073741824, 805306368]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tosa.const"() {values = dense<[30, 31, 29]> : tensor<3xi8>} : () -> tensor<3xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x3xi32>, tensor<3xi32>, tensor<3xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x3xi8>
  %x16 = "tosa.const"() {values = dense<[[5, 5, 5], [-5, -5, -5]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %m16 = "tosa.const"() {values = dense<[16384, 16384, 24576]> : tensor<3xi16>} : () -> tensor<3xi16>
  %s16 = "tosa.const"() {values = dense<[14, 15, 14]> : tensor<3xi8>} : () -> tensor<3xi8>
  %izp16 = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %1 = tosa.rescale %x16, %m16, %s16, %izp16, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x3xi16>, tensor<3xi16>, tensor<3xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2x3xi8>
  %y = "tosa.const"() {values = dense<[[[1, 4], [2, 6]], [[-1, -6], [127, -128]]]> : tensor<2x2x2xi8>} : () -> tensor<2x2x2xi8>
  %my = "tosa.const"() {values = dense<[1073741824, 1073741824]> : tensor<2xi32>} : () -> tensor<2xi32>
  %sy = "tosa.const"() {values = dense<[30, 32]> : tensor<2xi8>} : () -> tensor<2xi8>
  %2 = tosa.rescale %y, %my, %sy, %ozp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x2x2xi8>, tensor<2xi32>, tensor<2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x2x2xi8>
  return %0, %1, %2 : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x2x2xi8>
}

// Inputs/per-channel.args: x = [[100, -100], [7, 1000]], m = [2^30,
// 1717986918] (1717986918 = floor(0.8 * 2^31)), shift = [31, 31],
// input_zp 0, output_zp -3.
//   channel 0 (ratio 1/2): 100 -> 50, 7 -> 3.5 -> 4; + -3: 47, 1.
//   channel 1: -100 * 1717986918 + 2^30 = -170724949976, / 2^31 = -79.4999...
//     -> -80, + -3 = -83; 1000 * 1717986918 + 2^30 = 1719060659824, / 2^31 =
//     800.4999... -> 800, + -3 = 797 -> clip 127.
// The result prints with its runtime shape.
// DYNAMIC: dense<{{\[\[}}47, -83], [1, 127]]> : tensor<2x2xi8>
// A 0x2 input: no element, so nothing is scaled (shift 2, m 1 would be fine anyway).
// EMPTY: dense<> : tensor<0x2xi8>
func.func @dynamic(%x: tensor<?x?xi32>, %m: tensor<?xi32>, %s: tensor<?xi8>, %izp: tensor<1xi32>,
                   %ozp: tensor<1xi8>) -> tensor<?x?xi8> {
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<?x?xi32>, tensor<?xi32>, tensor<?xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}

// Rank 0, ratio 1/2 (m = 2^30, shift = 31): 13 / 2 = 6.5 -> 7; -13 / 2 = -6.5 -> -6.
// RANK0: dense<7> : tensor<i8>
// RANK0-ARG: dense<-6> : tensor<i8>
func.func @rank0() -> tensor<i8> {
  %x = "tosa.const"() {values = dense<13> : tensor<i32>} : () -> tensor<i32>
  %0 = call @rank0_arg(%x) : (tensor<i32>) -> tensor<i8>
  return %0 : tensor<i8>
}
func.func @rank0_arg(%x: tensor<i32>) -> tensor<i8> {
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<31> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<i32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<i8>
  return %0 : tensor<i8>
}

// Unranked, per channel on the runtime last dimension (2): x = [[1, 2], [3, 4]],
// ratio 1 and 1/2: channel 0: 1, 3; channel 1: 1, 2.
// UNRANKED: dense<{{\[\[}}1, 1], [3, 2]]> : tensor<2x2xi8>
func.func @unranked(%x: tensor<*xi32>) -> tensor<*xi8> {
  %m = "tosa.const"() {values = dense<[1073741824, 1073741824]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tosa.const"() {values = dense<[30, 31]> : tensor<2xi8>} : () -> tensor<2xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<*xi32>, tensor<2xi32>, tensor<2xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<*xi8>
  return %0 : tensor<*xi8>
}
