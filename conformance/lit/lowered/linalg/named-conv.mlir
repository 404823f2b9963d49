// [linalg.named-conv] [linalg.named-cast] Convolutions run from their
// definitions: the input is read at o * stride + k * dilation in each spatial
// dimension; the output and the filter size the loops, the input is only
// accessed (larger is fine, smaller is an error at the first bad access).
//
// @strided also run as `mlir-opt --linalg-generalize-named-ops` prints them
// (linalg.generic): the same results.
//
// RUN: quant-interp %s --entry=strided --arg='dense<[[[[0], [1], [2], [3], [4], [5], [6]], [[10], [11], [12], [13], [14], [15], [16]], [[20], [21], [22], [23], [24], [25], [26]], [[30], [31], [32], [33], [34], [35], [36]], [[40], [41], [42], [43], [44], [45], [46]]]]> : tensor<1x5x7x1xi32>' --arg='dense<[[[[1]], [[100]]], [[[10000]], [[1000000]]]]> : tensor<2x2x1x1xi32>' --arg='dense<0> : tensor<1x2x2x1xi32>' | FileCheck %s --check-prefix=STRIDED --match-full-lines
// RUN: mlir-opt %s --linalg-generalize-named-ops | quant-interp - --entry=strided --arg='dense<[[[[0], [1], [2], [3], [4], [5], [6]], [[10], [11], [12], [13], [14], [15], [16]], [[20], [21], [22], [23], [24], [25], [26]], [[30], [31], [32], [33], [34], [35], [36]], [[40], [41], [42], [43], [44], [45], [46]]]]> : tensor<1x5x7x1xi32>' --arg='dense<[[[[1]], [[100]]], [[[10000]], [[1000000]]]]> : tensor<2x2x1x1xi32>' --arg='dense<0> : tensor<1x2x2x1xi32>' | FileCheck %s --check-prefix=STRIDED --match-full-lines
// RUN: not quant-interp %s --entry=strided --arg='dense<[[[[0], [1], [2], [3], [4], [5], [6]], [[10], [11], [12], [13], [14], [15], [16]], [[20], [21], [22], [23], [24], [25], [26]], [[30], [31], [32], [33], [34], [35], [36]]]]> : tensor<1x4x7x1xi32>' --arg='dense<[[[[1]], [[100]]], [[[10000]], [[1000000]]]]> : tensor<2x2x1x1xi32>' --arg='dense<0> : tensor<1x2x2x1xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OOB --match-full-lines
// RUN: not quant-interp %s --entry=strided --arg='dense<0> : tensor<2x5x7x1xi32>' --arg='dense<0> : tensor<2x2x1x1xi32>' --arg='dense<0> : tensor<1x2x2x1xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=BATCH --match-full-lines
// RUN: quant-interp %s --entry=strided --arg='dense<0> : tensor<1x5x7x1xi32>' --arg='dense<0> : tensor<2x2x1x1xi32>' --arg='dense<> : tensor<1x0x2x1xi32>' | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: quant-interp %s --entry=conv_1d --arg='dense<[1.0, 2.0, 4.0, 8.0]> : tensor<4xf32>' --arg='dense<[1.0, -1.0]> : tensor<2xf32>' | FileCheck %s --check-prefix=CONV1D --match-full-lines
// RUN: quant-interp %s --entry=nchw_f16 --arg='dense<[[[[1.0, 2.0], [3.0, 4.0]], [[0.5, 0.25], [0.125, 2.0]]]]> : tensor<1x2x2x2xf16>' --arg='dense<[[[[1.0, 1.0], [1.0, 1.0]], [[2.0, 2.0], [2.0, 2.0]]]]> : tensor<1x2x2x2xf16>' | FileCheck %s --check-prefix=NCHW --match-full-lines
// RUN: quant-interp %s --entry=bf16_sum --arg='dense<[[[[1.0], [0.00390625], [0.00390625]]]]> : tensor<1x1x3x1xbf16>' --arg='dense<1.0> : tensor<1x1x3x1xbf16>' | FileCheck %s --check-prefix=BF16 --match-full-lines
// RUN: quant-interp %s --entry=depthwise_dilated --arg='dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>' --arg='dense<1> : tensor<2x2x1xi8>' | FileCheck %s --check-prefix=DWDIL --match-full-lines
// RUN: quant-interp %s --entry=grouped --arg='dense<[[[[[3], [5]]]]]> : tensor<1x1x1x2x1xi8>' --arg='dense<[[[[[2]]]], [[[[7]]]]]> : tensor<2x1x1x1x1xi8>' | FileCheck %s --check-prefix=GROUPED --match-full-lines
// RUN: quant-interp %s --entry=conv_3d --arg='dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi16>' --arg='dense<[[[1, 1]], [[-1, -1]]]> : tensor<2x1x2xi16>' | FileCheck %s --check-prefix=CONV3D --match-full-lines

// Strides [2, 3], dilations [2, 1]: O[oh][ow] = sum over (kh, kw) of
// I[2*oh + 2*kh][3*ow + kw] * K[kh][kw], with I[h][w] = 10h + w and K = 1,
// 100, 10^4, 10^6, so each pair of digits is one input element read, from
// (kh, kw) = (1, 1) on the left to (0, 0) on the right:
//   O[0][0] reads I[0][0], I[0][1], I[2][0], I[2][1] = 0, 1, 20, 21  -> 21200100
//   O[0][1] reads I[0][3], I[0][4], I[2][3], I[2][4] = 3, 4, 23, 24  -> 24230403
//   O[1][0] reads I[2][0], I[2][1], I[4][0], I[4][1]                 -> 41402120
//   O[1][1] reads I[2][3], I[2][4], I[4][3], I[4][4]                 -> 44432423
// Columns 5 and 6 of the input are never read.
// STRIDED: dense<{{\[\[\[\[}}21200100], [24230403]], {{\[\[}}41402120], [44432423]]]]> : tensor<1x2x2x1xi32>
// STRIDED-NOT: {{.+}}
// With 4 rows, O[1][*] at kh = 1 reads row 2*1 + 2*1 = 4: the first such
// point in loop order (n, oh, ow, f, kh, kw, c) is (0, 1, 0, 0, 1, 0, 0).
// OOB: [[FILE]]:[[# @LINE + 9]]:8: error: linalg.conv_2d_nhwc_hwcf: ins operand #1 of shape 1x4x7x1 is accessed out of bounds at [0, 4, 0, 0] (indexing map (d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4 * 2, d2 * 3 + d5, d6), iteration (0, 1, 0, 0, 1, 0, 0))
// OOB-NOT: {{.+}}
// The batch loop is a bare dim of the input and the output: sizes must agree.
// BATCH: [[FILE]]:[[# @LINE + 6]]:8: error: linalg.conv_2d_nhwc_hwcf: size mismatch for loop d0: ins operand #1 dimension 0 has size 2 but outs operand #1 dimension 0 has size 1
// BATCH-NOT: {{.+}}
// An output with no rows: nothing is read, the result is the (empty) init.
// EMPTY: dense<> : tensor<1x0x2x1xi32>
// EMPTY-NOT: {{.+}}
func.func @strided(%i: tensor<?x?x?x?xi32>, %k: tensor<?x?x?x?xi32>, %o: tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32> {
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<[2, 3]> : tensor<2xi64>, dilations = dense<[2, 1]> : tensor<2xi64>}
      ins(%i, %k : tensor<?x?x?x?xi32>, tensor<?x?x?x?xi32>) outs(%o : tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
  return %r : tensor<?x?x?x?xi32>
}

// conv_1d: O[o] = I[o] - I[o + 1] = [1 - 2, 2 - 4, 4 - 8].
// CONV1D: dense<[-1.0, -2.0, -4.0]> : tensor<3xf32>
// CONV1D-NOT: {{.+}}
func.func @conv_1d(%i: tensor<4xf32>, %k: tensor<2xf32>) -> tensor<3xf32> {
  %z = arith.constant dense<0.0> : tensor<3xf32>
  %r = linalg.conv_1d ins(%i, %k : tensor<4xf32>, tensor<2xf32>) outs(%z : tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// conv_2d_nchw_fchw, f16 in, f32 out (arith.extf, exact): channel 0 sums
// 1 + 2 + 3 + 4 = 10 with weight 1, channel 1 sums 0.5 + 0.25 + 0.125 + 2 =
// 2.875 with weight 2: 10 + 5.75 = 15.75.
// NCHW: dense<{{\[\[\[\[}}15.75]]]]> : tensor<1x1x1x1xf32>
// NCHW-NOT: {{.+}}
func.func @nchw_f16(%i: tensor<1x2x2x2xf16>, %k: tensor<1x2x2x2xf16>) -> tensor<1x1x1x1xf32> {
  %z = arith.constant dense<0.0> : tensor<1x1x1x1xf32>
  %r = linalg.conv_2d_nchw_fchw ins(%i, %k : tensor<1x2x2x2xf16>, tensor<1x2x2x2xf16>) outs(%z : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return %r : tensor<1x1x1x1xf32>
}

// bf16 arithmetic, one rounding per step: 1 + 2^-8 is halfway between 1 and
// 1 + 2^-7 and rounds to even (1), twice; in f32: 1 + 2^-8 + 2^-8 = 1.0078125.
// BF16: dense<{{\[\[\[\[}}1.0]]]]> : tensor<1x1x1x1xbf16>
// BF16-NEXT: dense<{{\[\[\[\[}}1.0078125]]]]> : tensor<1x1x1x1xf32>
// BF16-NOT: {{.+}}
func.func @bf16_sum(%i: tensor<1x1x3x1xbf16>, %k: tensor<1x1x3x1xbf16>) -> (tensor<1x1x1x1xbf16>, tensor<1x1x1x1xf32>) {
  %z16 = arith.constant dense<0.0> : tensor<1x1x1x1xbf16>
  %z32 = arith.constant dense<0.0> : tensor<1x1x1x1xf32>
  %n = linalg.conv_2d_nhwc_fhwc ins(%i, %k : tensor<1x1x3x1xbf16>, tensor<1x1x3x1xbf16>) outs(%z16 : tensor<1x1x1x1xbf16>) -> tensor<1x1x1x1xbf16>
  %w = linalg.conv_2d_nhwc_fhwc ins(%i, %k : tensor<1x1x3x1xbf16>, tensor<1x1x3x1xbf16>) outs(%z32 : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return %n, %w : tensor<1x1x1x1xbf16>, tensor<1x1x1x1xf32>
}

// Dilation 2: a 2x2 window of ones reads the corners I[0][0] + I[0][2] +
// I[2][0] + I[2][2] = 1 + 3 + 7 + 9 = 20.
// DWDIL: dense<{{\[\[\[\[}}20]]]]> : tensor<1x1x1x1xi32>
// DWDIL-NOT: {{.+}}
func.func @depthwise_dilated(%i: tensor<1x3x3x1xi8>, %k: tensor<2x2x1xi8>) -> tensor<1x1x1x1xi32> {
  %z = arith.constant dense<0> : tensor<1x1x1x1xi32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<1> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}
      ins(%i, %k : tensor<1x3x3x1xi8>, tensor<2x2x1xi8>) outs(%z : tensor<1x1x1x1xi32>) -> tensor<1x1x1x1xi32>
  return %r : tensor<1x1x1x1xi32>
}

// conv_2d_nhwgc_gfhwc, 2 groups of one channel and one filter each:
// O[.., g] = I[.., g] * K[g]: 3 * 2 = 6, 5 * 7 = 35.
// GROUPED: dense<{{\[\[\[\[\[}}6], [35]]]]]> : tensor<1x1x1x2x1xi32>
// GROUPED-NOT: {{.+}}
func.func @grouped(%i: tensor<1x1x1x2x1xi8>, %k: tensor<2x1x1x1x1xi8>) -> tensor<1x1x1x2x1xi32> {
  %z = arith.constant dense<0> : tensor<1x1x1x2x1xi32>
  %r = linalg.conv_2d_nhwgc_gfhwc ins(%i, %k : tensor<1x1x1x2x1xi8>, tensor<2x1x1x1x1xi8>) outs(%z : tensor<1x1x1x2x1xi32>) -> tensor<1x1x1x2x1xi32>
  return %r : tensor<1x1x1x2x1xi32>
}

// conv_3d, i16: a 2x1x2 window [[1, 1]], [[-1, -1]] over depth and width:
// O[0][h][0] = I[0][h][0] + I[0][h][1] - I[1][h][0] - I[1][h][1]:
// h = 0: 1 + 2 - 5 - 6 = -8;  h = 1: 3 + 4 - 7 - 8 = -8.
// CONV3D: dense<{{\[\[\[}}-8], [-8]]]> : tensor<1x2x1xi16>
// CONV3D-NOT: {{.+}}
func.func @conv_3d(%i: tensor<2x2x2xi16>, %k: tensor<2x1x2xi16>) -> tensor<1x2x1xi16> {
  %z = arith.constant dense<0> : tensor<1x2x1xi16>
  %r = linalg.conv_3d ins(%i, %k : tensor<2x2x2xi16>, tensor<2x1x2xi16>) outs(%z : tensor<1x2x1xi16>) -> tensor<1x2x1xi16>
  return %r : tensor<1x2x1xi16>
}
