// [linalg.named-conv] [linalg.named-cast] 6 Pooling runs from its
// definition: the window operand sizes the window loops (its elements are
// never read); the input is cast to the output type and reduced into the init
// by add, max or min, signed, unsigned or float.
//
// @max_min also run as `mlir-opt --linalg-generalize-named-ops` prints them
// (linalg.generic): the same results.
//
// RUN: quant-interp %s --entry=sum --arg='dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi8>' --arg='dense<99> : tensor<2x2xi8>' | FileCheck %s --check-prefix=SUM --match-full-lines
// RUN: quant-interp %s --entry=max_min --arg='dense<[[[[-128], [127]], [[-1], [0]]]]> : tensor<1x2x2x1xi8>' | FileCheck %s --check-prefix=MAXMIN --match-full-lines
// RUN: mlir-opt %s --linalg-generalize-named-ops | quant-interp - --entry=max_min --arg='dense<[[[[-128], [127]], [[-1], [0]]]]> : tensor<1x2x2x1xi8>' | FileCheck %s --check-prefix=MAXMIN --match-full-lines
// RUN: quant-interp %s --entry=float_max_min --arg='dense<[[[[-0.0, 0.0]], [[1.0, 0x7FC00000]]]]> : tensor<1x2x1x2xf32>' --arg='dense<[[[[-0.0, 1.0], [0.0, 0x7FC00000]]]]> : tensor<1x1x2x2xf32>' | FileCheck %s --check-prefix=FLOAT --match-full-lines
// RUN: quant-interp %s --entry=init_clamps --arg='dense<[[[[-3.0], [-2.0]]]]> : tensor<1x1x2x1xf32>' | FileCheck %s --check-prefix=CLAMP --match-full-lines
// RUN: quant-interp %s --entry=strided_1d --arg='dense<[[[1], [2], [3], [4], [5], [6], [7]]]> : tensor<1x7x1xi32>' | FileCheck %s --check-prefix=STRIDED --match-full-lines
// RUN: quant-interp %s --entry=narrow --arg='dense<[[[100], [100]]]> : tensor<1x2x1xi8>' --arg='dense<[[[2048.0], [1.0], [1.0]]]> : tensor<1x3x1xf16>' | FileCheck %s --check-prefix=NARROW --match-full-lines
// RUN: quant-interp %s --entry=sum_3d --arg='dense<1> : tensor<1x2x2x2x1xi8>' | FileCheck %s --check-prefix=SUM3D --match-full-lines
// RUN: not quant-interp %s --entry=sum --arg='dense<1> : tensor<1x2x3x1xi8>' --arg='dense<0> : tensor<2x2xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OOB --match-full-lines

// 2x2 windows, stride 1, summed in i32 (arith.extsi then arith.addi):
// 1+2+4+5 = 12, 2+3+5+6 = 16, 4+5+7+8 = 24, 5+6+8+9 = 28. The window operand
// (99s) only gives the window's size.
// SUM: dense<{{\[\[\[\[}}12], [16]], {{\[\[}}24], [28]]]]> : tensor<1x2x2x1xi32>
// SUM-NOT: {{.+}}
// A 2-row input for a 2-row output and a 2-row window: row 1 + 1 = 2 is missing.
// OOB: [[FILE]]:[[# @LINE + 4]]:8: error: linalg.pooling_nhwc_sum: ins operand #1 of shape 1x2x3x1 is accessed out of bounds at [0, 2, 0, 0] (indexing map (d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3), iteration (0, 1, 0, 0, 1, 0))
// OOB-NOT: {{.+}}
func.func @sum(%i: tensor<?x?x?x?xi8>, %w: tensor<?x?xi8>) -> tensor<1x2x2x1xi32> {
  %z = arith.constant dense<0> : tensor<1x2x2x1xi32>
  %r = linalg.pooling_nhwc_sum ins(%i, %w : tensor<?x?x?x?xi8>, tensor<?x?xi8>) outs(%z : tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xi32>
  return %r : tensor<1x2x2x1xi32>
}

// One 2x2 window over -128, 127, -1, 0, each reduction from its neutral init:
//   max (arith.maxsi, init -128): 127        min (arith.minsi, init 127): -128
//   max_unsigned (arith.maxui, init 0): 0xFF = 255, printed -1
//   min_unsigned (arith.minui, init 0xFF): 0
// MAXMIN: dense<{{\[\[\[\[}}127]]]]> : tensor<1x1x1x1xi8>
// MAXMIN-NEXT: dense<{{\[\[\[\[}}-128]]]]> : tensor<1x1x1x1xi8>
// MAXMIN-NEXT: dense<{{\[\[\[\[}}-1]]]]> : tensor<1x1x1x1xi8>
// MAXMIN-NEXT: dense<{{\[\[\[\[}}0]]]]> : tensor<1x1x1x1xi8>
// MAXMIN-NOT: {{.+}}
func.func @max_min(%i: tensor<1x2x2x1xi8>) -> (tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>) {
  %w = tensor.empty() : tensor<2x2xi8>
  %lo = arith.constant dense<-128> : tensor<1x1x1x1xi8>
  %hi = arith.constant dense<127> : tensor<1x1x1x1xi8>
  %ulo = arith.constant dense<0> : tensor<1x1x1x1xi8>
  %uhi = arith.constant dense<-1> : tensor<1x1x1x1xi8>
  %max = linalg.pooling_nhwc_max ins(%i, %w : tensor<1x2x2x1xi8>, tensor<2x2xi8>) outs(%lo : tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi8>
  %min = linalg.pooling_nhwc_min ins(%i, %w : tensor<1x2x2x1xi8>, tensor<2x2xi8>) outs(%hi : tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi8>
  %umax = linalg.pooling_nhwc_max_unsigned ins(%i, %w : tensor<1x2x2x1xi8>, tensor<2x2xi8>) outs(%ulo : tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi8>
  %umin = linalg.pooling_nhwc_min_unsigned ins(%i, %w : tensor<1x2x2x1xi8>, tensor<2x2xi8>) outs(%uhi : tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi8>
  return %max, %min, %umax, %umin : tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>
}

// A 1x2 window per channel, inits -inf (max) and +inf (min); the max in NCHW,
// the min on the same data in NHWC (MLIR has no pooling_nchw_min):
//   channel 0 [-0.0, +0.0]: arith.maximumf orders -0 below +0: max +0.0, min -0.0
//   channel 1 [1.0, NaN]: NaN either way
// FLOAT: dense<{{\[\[\[\[}}0.0]], {{\[\[}}0x7FC00000]]]]> : tensor<1x2x1x1xf32>
// FLOAT-NEXT: dense<{{\[\[\[\[}}-0.0, 0x7FC00000]]]]> : tensor<1x1x1x2xf32>
// FLOAT-NOT: {{.+}}
func.func @float_max_min(%nchw: tensor<1x2x1x2xf32>, %nhwc: tensor<1x1x2x2xf32>) -> (tensor<1x2x1x1xf32>, tensor<1x1x1x2xf32>) {
  %w = tensor.empty() : tensor<1x2xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<1x2x1x1xf32>
  %pinf = arith.constant dense<0x7F800000> : tensor<1x1x1x2xf32>
  %max = linalg.pooling_nchw_max ins(%nchw, %w : tensor<1x2x1x2xf32>, tensor<1x2xf32>) outs(%ninf : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %min = linalg.pooling_nhwc_min ins(%nhwc, %w : tensor<1x1x2x2xf32>, tensor<1x2xf32>) outs(%pinf : tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
  return %max, %min : tensor<1x2x1x1xf32>, tensor<1x1x1x2xf32>
}

// The init takes part: a max into 0.0 over -3 and -2 gives 0.0, into -inf -2.0.
// CLAMP: dense<{{\[\[\[\[}}0.0]]]]> : tensor<1x1x1x1xf32>
// CLAMP-NEXT: dense<{{\[\[\[\[}}-2.0]]]]> : tensor<1x1x1x1xf32>
// CLAMP-NOT: {{.+}}
func.func @init_clamps(%i: tensor<1x1x2x1xf32>) -> (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) {
  %w = tensor.empty() : tensor<1x2xf32>
  %zero = arith.constant dense<0.0> : tensor<1x1x1x1xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<1x1x1x1xf32>
  %a = linalg.pooling_nhwc_max ins(%i, %w : tensor<1x1x2x1xf32>, tensor<1x2xf32>) outs(%zero : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %b = linalg.pooling_nhwc_max ins(%i, %w : tensor<1x1x2x1xf32>, tensor<1x2xf32>) outs(%ninf : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return %a, %b : tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>
}

// Stride 2, dilation 2, a window of 2: O[o] = I[2o] + I[2o + 2] over
// I = 1..7: [1 + 3, 3 + 5, 5 + 7] = [4, 8, 12] (7 = (3 - 1)*2 + (2 - 1)*2 + 1
// elements are needed).
// STRIDED: dense<{{\[\[\[}}4], [8], [12]]]> : tensor<1x3x1xi32>
// STRIDED-NOT: {{.+}}
func.func @strided_1d(%i: tensor<1x7x1xi32>) -> tensor<1x3x1xi32> {
  %w = tensor.empty() : tensor<2xi32>
  %z = arith.constant dense<0> : tensor<1x3x1xi32>
  %r = linalg.pooling_nwc_sum {strides = dense<2> : tensor<1xi64>, dilations = dense<2> : tensor<1xi64>}
      ins(%i, %w : tensor<1x7x1xi32>, tensor<2xi32>) outs(%z : tensor<1x3x1xi32>) -> tensor<1x3x1xi32>
  return %r : tensor<1x3x1xi32>
}

// Sums in the output type: i8 100 + 100 = 200 wraps to -56; f16 2048 + 1 is
// halfway between 2048 and 2050 (ulp 2) and rounds to even, twice: 2048; in
// f32: 2050.
// NARROW: dense<{{\[\[\[}}-56]]]> : tensor<1x1x1xi8>
// NARROW-NEXT: dense<{{\[\[\[}}2048.0]]]> : tensor<1x1x1xf16>
// NARROW-NEXT: dense<{{\[\[\[}}2050.0]]]> : tensor<1x1x1xf32>
// NARROW-NOT: {{.+}}
func.func @narrow(%i: tensor<1x2x1xi8>, %h: tensor<1x3x1xf16>) -> (tensor<1x1x1xi8>, tensor<1x1x1xf16>, tensor<1x1x1xf32>) {
  %w2 = tensor.empty() : tensor<2xi8>
  %w3 = tensor.empty() : tensor<3xf16>
  %z8 = arith.constant dense<0> : tensor<1x1x1xi8>
  %z16 = arith.constant dense<0.0> : tensor<1x1x1xf16>
  %z32 = arith.constant dense<0.0> : tensor<1x1x1xf32>
  %a = linalg.pooling_nwc_sum ins(%i, %w2 : tensor<1x2x1xi8>, tensor<2xi8>) outs(%z8 : tensor<1x1x1xi8>) -> tensor<1x1x1xi8>
  %b = linalg.pooling_nwc_sum ins(%h, %w3 : tensor<1x3x1xf16>, tensor<3xf16>) outs(%z16 : tensor<1x1x1xf16>) -> tensor<1x1x1xf16>
  %c = linalg.pooling_nwc_sum ins(%h, %w3 : tensor<1x3x1xf16>, tensor<3xf16>) outs(%z32 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
  return %a, %b, %c : tensor<1x1x1xi8>, tensor<1x1x1xf16>, tensor<1x1x1xf32>
}

// 3-D: a 2x2x2 window of ones sums to 8.
// SUM3D: dense<{{\[\[\[\[\[}}8]]]]]> : tensor<1x1x1x1x1xi32>
// SUM3D-NOT: {{.+}}
func.func @sum_3d(%i: tensor<1x2x2x2x1xi8>) -> tensor<1x1x1x1x1xi32> {
  %w = tensor.empty() : tensor<2x2x2xi8>
  %z = arith.constant dense<0> : tensor<1x1x1x1x1xi32>
  %r = linalg.pooling_ndhwc_sum ins(%i, %w : tensor<1x2x2x2x1xi8>, tensor<2x2x2xi8>) outs(%z : tensor<1x1x1x1x1xi32>) -> tensor<1x1x1x1x1xi32>
  return %r : tensor<1x1x1x1x1xi32>
}
