// [tosa.transpose-conv2d]: TRANSPOSE_CONV2D of TOSA 1.0: each input element
// scales the kernel into the output at (iy * stride_y + out_pad_top,
// ix * stride_x + out_pad_left); overlaps add up, in the order (ky, kx, ic)
// of the pseudo-code's gather:
//   out[oy, ox] = bias + sum over ky, kx, ic, where y = oy - out_pad_top - ky
//   and x = ox - out_pad_left - kx are multiples of the strides inside the
//   input, of (input[y / stride_y, x / stride_x, ic] - input_zp) * (weight[oc, ky, kx, ic] - weight_zp).
// MLIR 22's tosa-to-linalg-named does not lower this op ([contract.lowering]);
// quant-interp evaluates it from the pseudo-code.
//
// RUN: quant-interp %s --entry=stride_2 | FileCheck %s --check-prefix=STRIDE-2 --match-full-lines
// RUN: quant-interp %s --entry=out_pad | FileCheck %s --check-prefix=OUT-PAD --match-full-lines
// RUN: quant-interp %s --entry=height --arg='dense<1> : tensor<1x2x2x1xi8>' | FileCheck %s --check-prefix=HEIGHT-OK --match-full-lines
// RUN: not quant-interp %s --entry=height --arg='dense<1> : tensor<1x3x2x1xi8>' 2>&1 | FileCheck %s --check-prefix=HEIGHT

// Stride 2, kernel K = [[1, 10], [-10, 100]], input [[2, 3], [4, 5]] with
// input_zp 1, so [[1, 2], [3, 4]]: OH = OW = (2 - 1) * 2 + 0 + 0 + 2 = 4 and no
// overlap: the output is the blocks 1K 2K / 3K 4K.
// STRIDE-2: dense<{{\[}}{{\[}}{{\[}}[1], [10], [2], [20]], {{\[}}[-10], [100], [-20], [200]], {{\[}}[3], [30], [4], [40]], {{\[}}[-30], [300], [-40], [400]]]]> : tensor<1x4x4x1xi32>
// STRIDE-2-NOT: {{.+}}
func.func @stride_2() -> tensor<1x4x4x1xi32> {
  %i = "tosa.const"() {values = dense<[[[[2], [3]], [[4], [5]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %w = "tosa.const"() {values = dense<[[[[1], [10]], [[-10], [100]]]]> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.transpose_conv2d %i, %w, %b, %izp, %wzp {out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, acc_type = i32} : (tensor<1x2x2x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x1xi32>
  return %0 : tensor<1x4x4x1xi32>
}

// Stride 1, overlapping: input [2, 3] with input_zp 1 -> [1, 2], kernel
// [1, 10], bias 5. OW = (2 - 1) + 2 = 3: x0 = 1 * 1 = 1 -> 6;
// x1 = kx 0: input 1 * 1 = 2, kx 1: input 0 * 10 = 10, 12 -> 17; x2 = 2 * 10 = 20 -> 25.
// out_pad_left = -1 drops the first column (OW = 2): [17, 25];
// out_pad_right = 1 adds one that only the bias reaches (OW = 4): [6, 17, 25, 5].
// OUT-PAD: dense<{{\[}}{{\[}}{{\[}}[6], [17], [25]]]]> : tensor<1x1x3x1xi32>
// OUT-PAD-NEXT: dense<{{\[}}{{\[}}{{\[}}[17], [25]]]]> : tensor<1x1x2x1xi32>
// OUT-PAD-NEXT: dense<{{\[}}{{\[}}{{\[}}[6], [17], [25], [5]]]]> : tensor<1x1x4x1xi32>
// OUT-PAD-NOT: {{.+}}
func.func @out_pad() -> (tensor<1x1x3x1xi32>, tensor<1x1x2x1xi32>, tensor<1x1x4x1xi32>) {
  %i = "tosa.const"() {values = dense<[[[[2], [3]]]]> : tensor<1x1x2x1xi8>} : () -> tensor<1x1x2x1xi8>
  %w = "tosa.const"() {values = dense<[[[[1], [10]]]]> : tensor<1x1x2x1xi8>} : () -> tensor<1x1x2x1xi8>
  %b = "tosa.const"() {values = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.transpose_conv2d %i, %w, %b, %izp, %wzp {out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x2x1xi8>, tensor<1x1x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x3x1xi32>
  %1 = tosa.transpose_conv2d %i, %w, %b, %izp, %wzp {out_pad = array<i64: 0, 0, -1, 0>, stride = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x2x1xi8>, tensor<1x1x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x1xi32>
  %2 = tosa.transpose_conv2d %i, %w, %b, %izp, %wzp {out_pad = array<i64: 0, 0, 0, 1>, stride = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x2x1xi8>, tensor<1x1x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x4x1xi32>
  return %0, %1, %2 : tensor<1x1x3x1xi32>, tensor<1x1x2x1xi32>, tensor<1x1x4x1xi32>
}

// A 2x2 kernel of ones over a 2x2 input of ones: OH = (2 - 1) + 2 = 3,
// the counts of overlapping kernel copies. A 3-row input would need OH = 4.
// HEIGHT-OK: dense<{{\[}}{{\[}}{{\[}}[1], [2], [1]], {{\[}}[2], [4], [2]], {{\[}}[1], [2], [1]]]]> : tensor<1x3x3x1xi32>
// HEIGHT-OK-NOT: {{.+}}
func.func @height(%i: tensor<1x?x2x1xi8>) -> tensor<1x3x3x1xi32> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // HEIGHT: transpose-conv2d.mlir:[[@LINE+1]]:8: error: tosa.transpose_conv2d: ERROR_IF(OH != (IH - 1) * stride_y + out_pad_top + out_pad_bottom + KH) of TRANSPOSE_CONV2D holds (OH = 3; IH = 3, stride_y = 1, out_pad_top = 0, out_pad_bottom = 0, KH = 2 give 4)
  %0 = tosa.transpose_conv2d %i, %w, %b, %zp, %zp {out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, acc_type = i32} : (tensor<1x?x2x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x1xi32>
  return %0 : tensor<1x3x3x1xi32>
}
