// [tosa.max-pool2d]: MAX_POOL2D of TOSA 1.0: the largest input element of
// each window, padding left out (it is not a value, not 0, not the
// minimum); floats by apply_max_s with nan_mode: PROPAGATE makes any NaN
// the result, IGNORE passes NaNs over (all-NaN windows give NaN); of equal
// values the first in the window stays (+0 before -0 gives +0).
//
// RUN: quant-interp %s --entry=integers | FileCheck %s --check-prefix=INTEGERS --match-full-lines
// RUN: quant-interp %s --entry=nan_modes | FileCheck %s --check-prefix=NAN --match-full-lines
// RUN: quant-interp %s --entry=zeros | FileCheck %s --check-prefix=ZEROS --match-full-lines
// RUN: quant-interp %s --entry=fp8 | FileCheck %s --check-prefix=FP8 --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1> : tensor<1x3x3x1xi8>' 2>&1 | FileCheck %s --check-prefix=HEIGHT
// RUN: not quant-interp %s --entry=rank --arg='dense<1> : tensor<3x3xi16>' 2>&1 | FileCheck %s --check-prefix=RANK

// An all-negative 3x3 input, kernel 2x2, stride 1, pad top = left = 1 (so
// OH = OW = (3 + 1 - 2) / 1 + 1 = 3): padding does not raise a window to 0.
//   input [[-100, -90, -80], [-70, -128, -60], [-50, -40, -30]]
//   [0,0]: {-100}; [0,1]: {-100, -90}; [0,2]: {-90, -80}
//   [1,0]: {-100, -70}; [1,1]: {-100, -90, -70, -128}; [1,2]: {-90, -80, -128, -60}
//   [2,0]: {-70, -50}; [2,1]: {-70, -128, -50, -40}; [2,2]: {-128, -60, -40, -30}
// i16 at its extremes, 1x2 windows: max(-32768, 32767) = 32767, max(-32768, -32768).
// INTEGERS: dense<{{\[}}{{\[}}{{\[}}[-100], [-90], [-80]], {{\[}}[-70], [-70], [-60]], {{\[}}[-50], [-40], [-30]]]]> : tensor<1x3x3x1xi8>
// INTEGERS-NEXT: dense<{{\[}}{{\[}}{{\[}}[32767], [-32768]]]]> : tensor<1x1x2x1xi16>
// INTEGERS-NOT: {{.+}}
func.func @integers() -> (tensor<1x3x3x1xi8>, tensor<1x1x2x1xi16>) {
  %i = "tosa.const"() {values = dense<[[[[-100], [-90], [-80]], [[-70], [-128], [-60]], [[-50], [-40], [-30]]]]> : tensor<1x3x3x1xi8>} : () -> tensor<1x3x3x1xi8>
  %0 = tosa.max_pool2d %i {kernel = array<i64: 2, 2>, stride = array<i64: 1, 1>, pad = array<i64: 1, 0, 1, 0>} : (tensor<1x3x3x1xi8>) -> tensor<1x3x3x1xi8>
  %h = "tosa.const"() {values = dense<[[[[-32768], [32767], [-32768], [-32768]]]]> : tensor<1x1x4x1xi16>} : () -> tensor<1x1x4x1xi16>
  %1 = tosa.max_pool2d %h {kernel = array<i64: 1, 2>, stride = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x1x4x1xi16>) -> tensor<1x1x2x1xi16>
  return %0, %1 : tensor<1x3x3x1xi8>, tensor<1x1x2x1xi16>
}

// Windows of three f32: [1, NaN, 3], [NaN, NaN, NaN], [-inf, 2, NaN].
//   PROPAGATE: NaN, NaN, NaN.   IGNORE: 3, NaN, 2.
// NAN: dense<{{\[}}{{\[}}{{\[}}[0x7FC00000], [0x7FC00000], [0x7FC00000]]]]> : tensor<1x1x3x1xf32>
// NAN-NEXT: dense<{{\[}}{{\[}}{{\[}}[3.0], [0x7FC00000], [2.0]]]]> : tensor<1x1x3x1xf32>
// NAN-NOT: {{.+}}
func.func @nan_modes() -> (tensor<1x1x3x1xf32>, tensor<1x1x3x1xf32>) {
  %i = "tosa.const"() {values = dense<[[[[1.0], [0x7FC00000], [3.0], [0x7FC00000], [0x7FC00000], [0x7FC00000], [0xFF800000], [2.0], [0x7FC00000]]]]> : tensor<1x1x9x1xf32>} : () -> tensor<1x1x9x1xf32>
  %0 = tosa.max_pool2d %i {kernel = array<i64: 1, 3>, stride = array<i64: 1, 3>, pad = array<i64: 0, 0, 0, 0>, nan_mode = PROPAGATE} : (tensor<1x1x9x1xf32>) -> tensor<1x1x3x1xf32>
  %1 = tosa.max_pool2d %i {kernel = array<i64: 1, 3>, stride = array<i64: 1, 3>, pad = array<i64: 0, 0, 0, 0>, nan_mode = IGNORE} : (tensor<1x1x9x1xf32>) -> tensor<1x1x3x1xf32>
  return %0, %1 : tensor<1x1x3x1xf32>, tensor<1x1x3x1xf32>
}

// a >= b ? a : b keeps the first of +0 and -0: [-0, +0] -> -0, [+0, -0] -> +0.
// ZEROS: dense<{{\[}}{{\[}}{{\[}}[-0.0], [0.0]]]]> : tensor<1x1x2x1xf16>
// ZEROS-NOT: {{.+}}
func.func @zeros() -> tensor<1x1x2x1xf16> {
  %i = "tosa.const"() {values = dense<[[[[-0.0], [0.0], [0.0], [-0.0]]]]> : tensor<1x1x4x1xf16>} : () -> tensor<1x1x4x1xf16>
  %0 = tosa.max_pool2d %i {kernel = array<i64: 1, 2>, stride = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x1x4x1xf16>) -> tensor<1x1x2x1xf16>
  return %0 : tensor<1x1x2x1xf16>
}

// f8E4M3FN has no infinity: its most negative finite value, -448, is a
// value like any other (and the initial acc of a PROPAGATE window). It
// prints as -450.0, the shortest decimal that reads back as -448.
// FP8: dense<{{\[}}{{\[}}{{\[}}[-450.0], [1.5]]]]> : tensor<1x1x2x1xf8E4M3FN>
// FP8-NOT: {{.+}}
func.func @fp8() -> tensor<1x1x2x1xf8E4M3FN> {
  %i = "tosa.const"() {values = dense<[[[[-448.0], [-448.0], [-2.0], [1.5]]]]> : tensor<1x1x4x1xf8E4M3FN>} : () -> tensor<1x1x4x1xf8E4M3FN>
  %0 = tosa.max_pool2d %i {kernel = array<i64: 1, 2>, stride = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x1x4x1xf8E4M3FN>) -> tensor<1x1x2x1xf8E4M3FN>
  return %0 : tensor<1x1x2x1xf8E4M3FN>
}

// A declared height of 1 where a 3-row input and a 2-row kernel give 2.
func.func @dynamic(%i: tensor<?x?x?x?xi8>) -> tensor<1x1x2x1xi8> {
  // HEIGHT: max-pool2d.mlir:[[@LINE+1]]:8: error: tosa.max_pool2d: ERROR_IF(OH != idiv_check(IH + pad_top + pad_bottom - kernel_y, stride_y) + 1) of MAX_POOL2D holds (OH = 1; IH = 3, pad_top = 0, pad_bottom = 0, kernel_y = 2, stride_y = 1 give 2)
  %0 = tosa.max_pool2d %i {kernel = array<i64: 2, 2>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>} : (tensor<?x?x?x?xi8>) -> tensor<1x1x2x1xi8>
  return %0 : tensor<1x1x2x1xi8>
}

func.func @rank(%i: tensor<*xi16>) -> tensor<*xi16> {
  // RANK: max-pool2d.mlir:[[@LINE+1]]:8: error: tosa.max_pool2d: ERROR_IF(rank(input) != 4) of MAX_POOL2D holds (input: [3, 3])
  %0 = tosa.max_pool2d %i {kernel = array<i64: 2, 2>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>} : (tensor<*xi16>) -> tensor<*xi16>
  return %0 : tensor<*xi16>
}
