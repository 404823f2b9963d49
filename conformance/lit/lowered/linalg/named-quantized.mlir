// [linalg.named-cast] 3 Zero points: quantized_matmul, quantized_batch_matmul
// and the _q convolutions compute (cast_signed(A) - AZp) * (cast_signed(B) -
// BZp) in the output type, every step wrapping as arith.subi / muli / addi.
//
// @qconv_hwcf also run as `mlir-opt --linalg-generalize-named-ops` prints them
// (linalg.generic): the same results.
//
// RUN: quant-interp %s --entry=qmatmul --arg='dense<[[-128, 127], [0, -1]]> : tensor<2x2xi8>' --arg='dense<[[-128, 127], [127, 0]]> : tensor<2x2xi8>' --arg='-128 : i32' --arg='127 : i32' | FileCheck %s --check-prefix=QMM --match-full-lines
// RUN: quant-interp %s --entry=qmatmul --arg='dense<[[-1]]> : tensor<1x1xi8>' --arg='dense<[[1]]> : tensor<1x1xi8>' --arg='255 : i32' --arg='0 : i32' | FileCheck %s --check-prefix=ZP255 --match-full-lines
// RUN: quant-interp %s --entry=qmatmul_i32 --arg='dense<[[-2147483648, -1]]> : tensor<1x2xi32>' --arg='dense<[[1], [-1]]> : tensor<2x1xi32>' --arg='1 : i32' --arg='0 : i32' | FileCheck %s --check-prefix=QWRAP --match-full-lines
// RUN: quant-interp %s --entry=qmatmul_i16 --arg='dense<[[3]]> : tensor<1x1xi8>' --arg='dense<[[4]]> : tensor<1x1xi8>' --arg='65537 : i32' --arg='-65536 : i32' | FileCheck %s --check-prefix=QI16 --match-full-lines
// RUN: quant-interp %s --entry=qbatch --arg='dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi8>' --arg='dense<[[[5], [6]], [[7], [8]]]> : tensor<2x2x1xi8>' --arg='1 : i32' --arg='5 : i32' | FileCheck %s --check-prefix=QBATCH --match-full-lines
// RUN: quant-interp %s --entry=qconv_hwcf --arg='dense<[[[[-128], [0], [127]], [[1], [2], [3]], [[-1], [-2], [-3]]]]> : tensor<1x3x3x1xi8>' --arg='dense<[[[[127]], [[-128]]], [[[0]], [[1]]]]> : tensor<2x2x1x1xi8>' | FileCheck %s --check-prefix=QHWCF --match-full-lines
// RUN: mlir-opt %s --linalg-generalize-named-ops | quant-interp - --entry=qconv_hwcf --arg='dense<[[[[-128], [0], [127]], [[1], [2], [3]], [[-1], [-2], [-3]]]]> : tensor<1x3x3x1xi8>' --arg='dense<[[[[127]], [[-128]]], [[[0]], [[1]]]]> : tensor<2x2x1x1xi8>' | FileCheck %s --check-prefix=QHWCF --match-full-lines
// RUN: quant-interp %s --entry=qconv_fhwc --arg='dense<[[[[127, -128], [0, 1]], [[2, 3], [-1, -2]]]]> : tensor<1x2x2x2xi8>' --arg='dense<[[[[-128, 0]]], [[[1, 127]]]]> : tensor<2x1x1x2xi8>' | FileCheck %s --check-prefix=QFHWC --match-full-lines
// RUN: quant-interp %s --entry=qdepthwise --arg='dense<[[[[127, -128], [0, 1]], [[2, 3], [-1, -2]]]]> : tensor<1x2x2x2xi8>' --arg='dense<[[[127, -128], [1, 1]], [[0, 0], [-1, 127]]]> : tensor<2x2x2xi8>' | FileCheck %s --check-prefix=QDW --match-full-lines
// RUN: quant-interp %s --entry=qdepthwise_m --arg='dense<[[[[5], [7]]]]> : tensor<1x1x2x1xi8>' --arg='dense<[[[[1, -1]], [[2, 3]]]]> : tensor<1x2x1x2xi8>' | FileCheck %s --check-prefix=QDWM --match-full-lines

// Zero points -128 and 127, dynamic shapes:
//   A + 128 = [[0, 255], [128, 127]],  B - 127 = [[-255, 0], [0, -127]]
//   C[0][0] = 0*(-255) + 255*0 = 0           C[0][1] = 0*0 + 255*(-127) = -32385
//   C[1][0] = 128*(-255) + 127*0 = -32640    C[1][1] = 128*0 + 127*(-127) = -16129
// QMM: dense<{{\[\[}}0, -32385], [-32640, -16129]]> : tensor<2x2xi32>
// QMM-NOT: {{.+}}
// Always sign-extended: the byte 0xFF is -1, not 255, so with zero point 255
// the term is -1 - 255 = -256 (a uint8 reading would give 0).
// ZP255: dense<{{\[\[}}-256]]> : tensor<1x1xi32>
// ZP255-NOT: {{.+}}
func.func @qmatmul(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>, %za: i32, %zb: i32) -> tensor<?x?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xi8>
  %n = tensor.dim %b, %c1 : tensor<?x?xi8>
  %e = tensor.empty(%m, %n) : tensor<?x?xi32>
  %zero = arith.constant 0 : i32
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<?x?xi32>) -> tensor<?x?xi32>
  %r = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<?x?xi8>, tensor<?x?xi8>, i32, i32) outs(%init : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// i32 data: the subtraction wraps too. A - 1 = [INT32_MIN - 1, -2] =
// [2147483647, -2];  2147483647*1 + (-2)(-1) = 2147483649 - 2^32 = -2147483647.
// QWRAP: dense<{{\[\[}}-2147483647]]> : tensor<1x1xi32>
// QWRAP-NOT: {{.+}}
func.func @qmatmul_i32(%a: tensor<1x2xi32>, %b: tensor<2x1xi32>, %za: i32, %zb: i32) -> tensor<1x1xi32> {
  %z = arith.constant dense<0> : tensor<1x1xi32>
  %r = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<1x2xi32>, tensor<2x1xi32>, i32, i32) outs(%z : tensor<1x1xi32>) -> tensor<1x1xi32>
  return %r : tensor<1x1xi32>
}

// An i16 output truncates the i32 zero points: 65537 -> 1, -65536 -> 0:
// (3 - 1) * (4 - 0) = 8.
// QI16: dense<{{\[\[}}8]]> : tensor<1x1xi16>
// QI16-NOT: {{.+}}
func.func @qmatmul_i16(%a: tensor<1x1xi8>, %b: tensor<1x1xi8>, %za: i32, %zb: i32) -> tensor<1x1xi16> {
  %z = arith.constant dense<0> : tensor<1x1xi16>
  %r = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<1x1xi8>, tensor<1x1xi8>, i32, i32) outs(%z : tensor<1x1xi16>) -> tensor<1x1xi16>
  return %r : tensor<1x1xi16>
}

// tosa.matmul's lowering. Zero points 1 and 5:
//   batch 0: (1-1)(5-5) + (2-1)(6-5) = 1;  batch 1: (3-1)(7-5) + (4-1)(8-5) = 4 + 9 = 13
// QBATCH: dense<{{\[\[\[}}1]], {{\[\[}}13]]]> : tensor<2x1x1xi32>
// QBATCH-NOT: {{.+}}
func.func @qbatch(%a: tensor<?x?x?xi8>, %b: tensor<?x?x?xi8>, %za: i32, %zb: i32) -> tensor<2x1x1xi32> {
  %z = arith.constant dense<0> : tensor<2x1x1xi32>
  %r = linalg.quantized_batch_matmul ins(%a, %b, %za, %zb : tensor<?x?x?xi8>, tensor<?x?x?xi8>, i32, i32) outs(%z : tensor<2x1x1xi32>) -> tensor<2x1x1xi32>
  return %r : tensor<2x1x1xi32>
}

// conv_2d_nhwc_hwcf_q, input zero point -128, filter zero point 127:
//   I + 128 = [[0, 128, 255], [129, 130, 131], [127, 126, 125]]
//   K - 127 = [[0, -255], [-127, -126]]   (kh, kw)
//   O[0][0] = 0*0 + 128*(-255) + 129*(-127) + 130*(-126) = -32640 - 16383 - 16380 = -65403
//   O[0][1] = 128*0 + 255*(-255) + 130*(-127) + 131*(-126) = -65025 - 16510 - 16506 = -98041
//   O[1][0] = 129*0 + 130*(-255) + 127*(-127) + 126*(-126) = -33150 - 16129 - 15876 = -65155
//   O[1][1] = 130*0 + 131*(-255) + 126*(-127) + 125*(-126) = -33405 - 16002 - 15750 = -65157
// QHWCF: dense<{{\[\[\[\[}}-65403], [-98041]], {{\[\[}}-65155], [-65157]]]]> : tensor<1x2x2x1xi32>
// QHWCF-NOT: {{.+}}
func.func @qconv_hwcf(%i: tensor<1x3x3x1xi8>, %k: tensor<2x2x1x1xi8>) -> tensor<1x2x2x1xi32> {
  %zi = arith.constant -128 : i32
  %zk = arith.constant 127 : i32
  %z = arith.constant dense<0> : tensor<1x2x2x1xi32>
  %r = linalg.conv_2d_nhwc_hwcf_q ins(%i, %k, %zi, %zk : tensor<1x3x3x1xi8>, tensor<2x2x1x1xi8>, i32, i32) outs(%z : tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xi32>
  return %r : tensor<1x2x2x1xi32>
}

// conv_2d_nhwc_fhwc_q (tosa.conv2d's lowering), a 1x1 window, 2 channels,
// 2 filters, input zero point 127, filter zero point -128:
//   I - 127 at (h, w): (0,0) [0, -255], (0,1) [-127, -126], (1,0) [-125, -124], (1,1) [-128, -129]
//   K + 128: f0 [0, 128], f1 [129, 255]
//   f0: (0,0) -255*128 = -32640, (0,1) -126*128 = -16128, (1,0) -124*128 = -15872, (1,1) -129*128 = -16512
//   f1: (0,0) -255*255 = -65025, (0,1) -127*129 - 126*255 = -16383 - 32130 = -48513,
//       (1,0) -125*129 - 124*255 = -16125 - 31620 = -47745, (1,1) -128*129 - 129*255 = -16512 - 32895 = -49407
// QFHWC: dense<{{\[\[\[\[}}-32640, -65025], [-16128, -48513]], {{\[\[}}-15872, -47745], [-16512, -49407]]]]> : tensor<1x2x2x2xi32>
// QFHWC-NOT: {{.+}}
func.func @qconv_fhwc(%i: tensor<?x?x?x?xi8>, %k: tensor<?x?x?x?xi8>) -> tensor<1x2x2x2xi32> {
  %zi = arith.constant 127 : i32
  %zk = arith.constant -128 : i32
  %z = arith.constant dense<0> : tensor<1x2x2x2xi32>
  %r = linalg.conv_2d_nhwc_fhwc_q ins(%i, %k, %zi, %zk : tensor<?x?x?x?xi8>, tensor<?x?x?x?xi8>, i32, i32) outs(%z : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  return %r : tensor<1x2x2x2xi32>
}

// depthwise_conv_2d_nhwc_hwc_q, zero points -128 and 127, one 2x2 window:
//   I + 128 at (h, w): (0,0) [255, 0], (0,1) [128, 129], (1,0) [130, 131], (1,1) [127, 126]
//   K - 127 at (kh, kw): (0,0) [0, -255], (0,1) [-126, -126], (1,0) [-127, -127], (1,1) [-128, 0]
//   c0: 255*0 + 128*(-126) + 130*(-127) + 127*(-128) = -16128 - 16510 - 16256 = -48894
//   c1: 0*(-255) + 129*(-126) + 131*(-127) + 126*0 = -16254 - 16637 = -32891
// QDW: dense<{{\[\[\[\[}}-48894, -32891]]]]> : tensor<1x1x1x2xi32>
// QDW-NOT: {{.+}}
func.func @qdepthwise(%i: tensor<1x2x2x2xi8>, %k: tensor<2x2x2xi8>) -> tensor<1x1x1x2xi32> {
  %zi = arith.constant -128 : i32
  %zk = arith.constant 127 : i32
  %z = arith.constant dense<0> : tensor<1x1x1x2xi32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%i, %k, %zi, %zk : tensor<1x2x2x2xi8>, tensor<2x2x2xi8>, i32, i32) outs(%z : tensor<1x1x1x2xi32>) -> tensor<1x1x1x2xi32>
  return %r : tensor<1x1x1x2xi32>
}

// depthwise_conv_2d_nhwc_hwcm_q (tosa.depthwise_conv2d's lowering), depth
// multiplier 2, zero points 1 and -1:  I - 1 = [4, 6] (w);  K + 1 at kw: [2, 0], [3, 4] (m)
//   m0: 4*2 + 6*3 = 26;  m1: 4*0 + 6*4 = 24
// QDWM: dense<{{\[\[\[\[\[}}26, 24]]]]]> : tensor<1x1x1x1x2xi32>
// QDWM-NOT: {{.+}}
func.func @qdepthwise_m(%i: tensor<1x1x2x1xi8>, %k: tensor<1x2x1x2xi8>) -> tensor<1x1x1x1x2xi32> {
  %zi = arith.constant 1 : i32
  %zk = arith.constant -1 : i32
  %z = arith.constant dense<0> : tensor<1x1x1x1x2xi32>
  %r = linalg.depthwise_conv_2d_nhwc_hwcm_q ins(%i, %k, %zi, %zk : tensor<1x1x2x1xi8>, tensor<1x2x1x2xi8>, i32, i32) outs(%z : tensor<1x1x1x1x2xi32>) -> tensor<1x1x1x1x2xi32>
  return %r : tensor<1x1x1x1x2xi32>
}
