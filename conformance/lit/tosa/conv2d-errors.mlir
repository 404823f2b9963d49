// [tosa.conv2d], [contract.errors]: each class of error CONV2D can meet at
// run time, the first check that fails reported at the op, no result. MLIR's
// verifier rejects negative pads, strides and dilations below 1, constant
// zero points other than 0 for non-i8 types, and static shapes that break
// the size rules; so these cases take runtime zero points and dynamic shapes
// (the kernels' differential test, TosaContractionDiffTest, covers the
// attribute ERROR_IFs the verifier keeps from programs).
//
// RUN: not quant-interp %s --entry=types 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: not quant-interp %s --entry=rank --arg='dense<1> : tensor<4x4x1xi8>' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1> : tensor<1x4x4x3xi8>' --arg='dense<1> : tensor<1x2x2x2xi8>' --arg='dense<0> : tensor<1xi32>' 2>&1 | FileCheck %s --check-prefix=CHANNELS
// RUN: not quant-interp %s --entry=zp_elements --arg='dense<[0, 0]> : tensor<2xi8>' 2>&1 | FileCheck %s --check-prefix=ZP-ELEMENTS
// RUN: not quant-interp %s --entry=output_batch --arg='dense<1> : tensor<1x3x3x1xi8>' 2>&1 | FileCheck %s --check-prefix=OUTPUT-N
// RUN: not quant-interp %s --entry=zp_i16 --arg='dense<3> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=ZP-I16
// RUN: not quant-interp %s --entry=zp_i4 --arg='dense<-1> : tensor<1xi4>' 2>&1 | FileCheck %s --check-prefix=ZP-I4
// RUN: not quant-interp %s --entry=output_height --arg='dense<1> : tensor<1x4x3x1xi8>' 2>&1 | FileCheck %s --check-prefix=OH
// RUN: not quant-interp %s --entry=stride_2 --arg='dense<1> : tensor<1x5x5x1xi8>' 2>&1 | FileCheck %s --check-prefix=IDIV
// RUN: quant-interp %s --entry=stride_2 --arg='dense<1> : tensor<1x6x6x1xi8>' | FileCheck %s --check-prefix=STRIDE-2 --match-full-lines
// RUN: not quant-interp %s --entry=kernel_too_big --arg='dense<1> : tensor<1x1x4x1xi8>' 2>&1 | FileCheck %s --check-prefix=NEGATIVE-OH
// RUN: quant-interp %s --entry=kernel_too_big --arg='dense<1> : tensor<1x2x3x1xi8>' | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: not quant-interp %s --entry=bias_channels --arg='dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s --check-prefix=BIAS

// An i8 input with i16 weights: no row of CONV2D's table.
func.func @types() -> tensor<1x1x1x1xi32> {
  %i = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi16>} : () -> tensor<1x1x1x1xi16>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %wzp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  // TYPES: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(operator data types do not meet requirement of operator Supported Data Types) of CONV2D holds (in_t = i8, weight_t = i16, out_t = i32, acc_t = i32; supported: (i8, i8, i32, i32), (i8, i4, i32, i32), (i16, i8, i48, i48), (f8E4M3FN, f8E4M3FN, f16, f16), (f8E5M2, f8E5M2, f16, f16), (f16, f16, f16, f16), (f16, f16, f16, f32), (bf16, bf16, bf16, f32), (f32, f32, f32, f32))
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x1x1xi8>, tensor<1x1x1x1xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>) -> tensor<1x1x1x1xi32>
  return %0 : tensor<1x1x1x1xi32>
}

// An unranked input of rank 3.
func.func @rank(%i: tensor<*xi8>) -> tensor<*xi32> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // RANK: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(rank(input) != 4) of CONV2D holds (input: [4, 4, 1])
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<*xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// Input channels 3, weight channels 2.
func.func @dynamic(%i: tensor<?x?x?x?xi8>, %w: tensor<?x?x?x?xi8>, %b: tensor<?xi32>) -> tensor<?x?x?x?xi32> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // CHANNELS: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(shape(weight)[3] != IC) of CONV2D holds (weight: [1, 2, 2, 2]; IC = 3 from input)
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<?x?x?x?xi8>, tensor<?x?x?x?xi8>, tensor<?xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x?x?x?xi32>
  return %0 : tensor<?x?x?x?xi32>
}

func.func @zp_elements(%izp: tensor<*xi8>) -> tensor<1x1x1x1xi32> {
  %i = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // ZP-ELEMENTS: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: input_zp has 2 elements, expected 1
  %0 = tosa.conv2d %i, %i, %b, %izp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x1x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<*xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %0 : tensor<1x1x1x1xi32>
}

// A declared batch of 2 for an input batch of 1.
func.func @output_batch(%i: tensor<?x3x3x1xi8>) -> tensor<2x3x3x1xi32> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // OUTPUT-N: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(shape(output)[0] != N) of CONV2D holds (output: [2, 3, 3, 1]; N = 1)
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<?x3x3x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3x3x1xi32>
  return %0 : tensor<2x3x3x1xi32>
}

// Only i8 carries a zero point: a runtime i16 input_zp of 3, a runtime i4
// weight_zp of -1.
func.func @zp_i16(%izp: tensor<1xi16>) -> tensor<1x1x1x1xi48> {
  %i = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi16>} : () -> tensor<1x1x1x1xi16>
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %wzp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // ZP-I16: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(!is_same<in_t,i8_t>() && input_zp != 0) of CONV2D holds (input_zp = 3, in_t = i16)
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i48} : (tensor<1x1x1x1xi16>, tensor<1x1x1x1xi8>, tensor<1xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x1x1x1xi48>
  return %0 : tensor<1x1x1x1xi48>
}

func.func @zp_i4(%wzp: tensor<1xi4>) -> tensor<1x1x1x1xi32> {
  %i = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %w = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi4>} : () -> tensor<1x1x1x1xi4>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // ZP-I4: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(!is_same<weight_t,i8_t>() && weight_zp != 0) of CONV2D holds (weight_zp = -1, weight_t = i4)
  %0 = tosa.conv2d %i, %w, %b, %izp, %wzp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x1x1xi8>, tensor<1x1x1x1xi4>, tensor<1xi32>, tensor<1xi8>, tensor<1xi4>) -> tensor<1x1x1x1xi32>
  return %0 : tensor<1x1x1x1xi32>
}

// A declared height of 2 where a 4-row input and a 2-row kernel give 3.
func.func @output_height(%i: tensor<1x?x3x1xi8>) -> tensor<1x2x2x1xi32> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // OH: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(OH != idiv_check(IH - 1 + pad_top + pad_bottom - (KH - 1) * dilation_y, stride_y) + 1) of CONV2D holds (OH = 2; IH = 4, pad_top = 0, pad_bottom = 0, KH = 2, dilation_y = 1, stride_y = 1 give 3)
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x?x3x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x1xi32>
  return %0 : tensor<1x2x2x1xi32>
}

// Stride 2 with a 2x2 kernel: a 5x5 input leaves a remainder
// (5 - 1 - 1 = 3 is odd), idiv_check's ERROR_IF; a 6x6 input gives 3x3
// windows of four ones: 4 each.
// STRIDE-2: dense<{{\[}}{{\[}}{{\[}}[4], [4], [4]], {{\[}}[4], [4], [4]], {{\[}}[4], [4], [4]]]]> : tensor<1x3x3x1xi32>
func.func @stride_2(%i: tensor<1x?x?x1xi8>) -> tensor<1x?x?x1xi32> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x2x2x1xi8>} : () -> tensor<1x2x2x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // IDIV: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(input1 % input2 != 0) of idiv_check in CONV2D's OH holds (input1 = IH - 1 + pad_top + pad_bottom - (KH - 1) * dilation_y = 3, input2 = stride_y = 2; IH = 5, pad_top = 0, pad_bottom = 0, KH = 2, dilation_y = 1, stride_y = 2)
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x?x?x1xi8>, tensor<1x2x2x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x?x?x1xi32>
  return %0 : tensor<1x?x?x1xi32>
}

// A 3x3 kernel over one input row: idiv_check(1 - 1 - 2, 1) + 1 = -1 rows, no
// size for the dynamic result. Over two rows: 0 rows, an empty result.
// EMPTY: dense<> : tensor<1x0x1x1xi32>
func.func @kernel_too_big(%i: tensor<1x?x?x1xi8>) -> tensor<1x?x?x1xi32> {
  %w = "tosa.const"() {values = dense<1> : tensor<1x3x3x1xi8>} : () -> tensor<1x3x3x1xi8>
  %b = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // NEGATIVE-OH: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(OH != idiv_check(IH - 1 + pad_top + pad_bottom - (KH - 1) * dilation_y, stride_y) + 1) of CONV2D holds (OH = ? (dynamic); IH = 1, pad_top = 0, pad_bottom = 0, KH = 3, dilation_y = 1, stride_y = 1 give -1)
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x?x?x1xi8>, tensor<1x3x3x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x?x?x1xi32>
  return %0 : tensor<1x?x?x1xi32>
}

// Two biases for three output channels.
func.func @bias_channels(%b: tensor<?xi32>) -> tensor<1x1x1x3xi32> {
  %i = "tosa.const"() {values = dense<1> : tensor<1x1x1x1xi8>} : () -> tensor<1x1x1x1xi8>
  %w = "tosa.const"() {values = dense<1> : tensor<3x1x1x1xi8>} : () -> tensor<3x1x1x1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // BIAS: conv2d-errors.mlir:[[@LINE+1]]:8: error: tosa.conv2d: ERROR_IF(BC != OC && BC != 1) of CONV2D holds (BC = 2, OC = 3)
  %0 = tosa.conv2d %i, %w, %b, %zp, %zp {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x1x1x1xi8>, tensor<3x1x1x1xi8>, tensor<?xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x3xi32>
  return %0 : tensor<1x1x1x3xi32>
}
