// [tosa.apply-scale] tosa.apply_scale is the TOSA specification's function
// itself: an i32 multiplier calls apply_scale_32 ([rescale.apply-scale-32],
// DOUBLE_ROUND honoured, INEXACT_ROUND as SINGLE_ROUND), an i16 multiplier
// apply_scale_16 ([rescale.apply-scale-16], value up to i48); elementwise on
// scalars and tensors. apply-scale-arith.mlir compares the valid cases with
// MLIR's own expansion of the op.
//
// RUN: quant-interp %s --entry=scalar --arg='3 : i32' | FileCheck %s --check-prefix=SCALAR-3 --match-full-lines
// RUN: quant-interp %s --entry=scalar --arg='-4 : i32' | FileCheck %s --check-prefix=SCALAR-MINUS-4 --match-full-lines
// RUN: quant-interp %s --entry=tensor | FileCheck %s --check-prefix=TENSOR --match-full-lines
// RUN: quant-interp %s --entry=narrow_value | FileCheck %s --check-prefix=NARROW --match-full-lines
// RUN: quant-interp %s --entry=generic_i48 --arg='dense<[140737488355327, -140737488355328, 2, -2, -3]> : tensor<5xi48>' | FileCheck %s --check-prefix=I48 --match-full-lines
//
// Errors ([tosa.apply-scale] 3-4, [eval.elementwise] 1):
// RUN: not quant-interp %s --entry=double16 2>&1 | FileCheck %s --check-prefix=DOUBLE16
// RUN: not quant-interp %s --entry=wide_value32 --arg='1 : i48' 2>&1 | FileCheck %s --check-prefix=WIDE-VALUE32
// RUN: not quant-interp %s --entry=wide_value16 --arg='1 : i64' 2>&1 | FileCheck %s --check-prefix=WIDE-VALUE16
// RUN: not quant-interp %s --entry=multiplier_i8 2>&1 | FileCheck %s --check-prefix=MULTIPLIER-I8
// RUN: not quant-interp %s --entry=result_i16 2>&1 | FileCheck %s --check-prefix=RESULT-I16
// RUN: not quant-interp %s --entry=require_tensor 2>&1 | FileCheck %s --check-prefix=REQ-TENSOR
// RUN: not quant-interp %s --entry=require_scalar 2>&1 | FileCheck %s --check-prefix=REQ-SCALAR
// RUN: not quant-interp %s --entry=require16 2>&1 | FileCheck %s --check-prefix=REQ16
// RUN: not quant-interp %s --entry=shapes --arg='dense<1> : tensor<2xi32>' --arg='dense<1> : tensor<3xi32>' 2>&1 | FileCheck %s --check-prefix=SHAPES

// m = 2^30, shift = 33 (ratio 1/8):
//   SINGLE_ROUND: floor((v * 2^30 + 2^32) / 2^33) = floor((v + 4) / 8):
//     3 -> floor(7/8) = 0, -4 -> floor(0/8) = 0;
//   DOUBLE_ROUND (shift > 31): floor((v + 5) / 8) for v >= 0, floor((v + 3) / 8)
//     for v < 0: 3 -> floor(8/8) = 1, -4 -> floor(-1/8) = -1;
//   INEXACT_ROUND: as SINGLE_ROUND.
// SCALAR-3: 0 : i32
// SCALAR-3-NEXT: 1 : i32
// SCALAR-3-NEXT: 0 : i32
// SCALAR-3-NOT: {{.+}}
// SCALAR-MINUS-4: 0 : i32
// SCALAR-MINUS-4-NEXT: -1 : i32
// SCALAR-MINUS-4-NEXT: 0 : i32
func.func @scalar(%v: i32) -> (i32, i32, i32) {
  %m = arith.constant 1073741824 : i32
  %s = arith.constant 33 : i8
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (i32, i32, i8) -> i32
  %1 = tosa.apply_scale %v, %m, %s {rounding_mode = DOUBLE_ROUND} : (i32, i32, i8) -> i32
  %2 = tosa.apply_scale %v, %m, %s {rounding_mode = INEXACT_ROUND} : (i32, i32, i8) -> i32
  return %0, %1, %2 : i32, i32, i32
}

// Elementwise, m = 2^30 everywhere, (value, shift) = (5, 31), (-5, 32), (12, 33),
// (-12, 33):
//   SINGLE_ROUND: 5 * 2^30 / 2^31 = 2.5 -> 3; -5 / 4 = -1.25 -> floor(-0.75) = -1;
//     12 / 8 = 1.5 -> 2; -12 / 8 = -1.5 -> floor(-1.0) = -1.
//   DOUBLE_ROUND: shift 31 adds nothing: 3; shift 32: round = 2^31 - 2^30:
//     floor((-5 * 2^30 + 2^30) / 2^32) = floor(-4/4) = -1; shift 33:
//     floor((12 + 5) / 8) = 2, floor((-12 + 3) / 8) = floor(-9/8) = -2.
// TENSOR: dense<[3, -1, 2, -1]> : tensor<4xi32>
// TENSOR-NEXT: dense<[3, -1, 2, -2]> : tensor<4xi32>
// TENSOR-NOT: {{.+}}
func.func @tensor() -> (tensor<4xi32>, tensor<4xi32>) {
  %v = arith.constant dense<[5, -5, 12, -12]> : tensor<4xi32>
  %m = arith.constant dense<1073741824> : tensor<4xi32>
  %s = arith.constant dense<[31, 32, 33, 33]> : tensor<4xi8>
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (tensor<4xi32>, tensor<4xi32>, tensor<4xi8>) -> tensor<4xi32>
  %1 = tosa.apply_scale %v, %m, %s {rounding_mode = DOUBLE_ROUND} : (tensor<4xi32>, tensor<4xi32>, tensor<4xi8>) -> tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}

// A value narrower than the parameter is sign-extended: i8 -128 and 127 with
// ratio 1 (m = 2^30, shift = 30) stay -128 and 127; i16 -32768 with an i16
// multiplier 16384, shift 14 (ratio 1) stays -32768.
// NARROW: dense<[-128, 127]> : tensor<2xi32>
// NARROW-NEXT: -32768 : i32
// NARROW-NOT: {{.+}}
func.func @narrow_value() -> (tensor<2xi32>, i32) {
  %v = arith.constant dense<[-128, 127]> : tensor<2xi8>
  %m = arith.constant dense<1073741824> : tensor<2xi32>
  %s = arith.constant dense<30> : tensor<2xi8>
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (tensor<2xi8>, tensor<2xi32>, tensor<2xi8>) -> tensor<2xi32>
  %w = arith.constant -32768 : i16
  %m16 = arith.constant 16384 : i16
  %s14 = arith.constant 14 : i8
  %1 = tosa.apply_scale %w, %m16, %s14 {rounding_mode = INEXACT_ROUND} : (i16, i16, i8) -> i32
  return %0, %1 : tensor<2xi32>, i32
}

// The form tosa-to-linalg emits for an i48 rescale with runtime multipliers:
// apply_scale_16 on (i48, i16, i8) inside a linalg.generic payload.
//   (2^47 - 1) * 32767 + 2^39 >> 40: (2^47 - 1) / 2^40 = 128 - 2^-40, so
//     128 * 32767 - 32767 / 2^40 + 1/2 = 4194176.4999... -> 4194176;
//   -2^47 * 32767 + 2^39 >> 40 = -4194176 + 1/2 -> floor -4194176;
//   m = 1, shift = 2: 2 -> (2 + 2) >> 2 = 1, -2 -> (-2 + 2) >> 2 = 0,
//     -3 -> floor((-3 + 2) / 4) = -1.
// I48: dense<[4194176, -4194176, 1, 0, -1]> : tensor<5xi32>
#id = affine_map<(d0) -> (d0)>
func.func @generic_i48(%x: tensor<5xi48>) -> tensor<5xi32> {
  %m = arith.constant dense<[32767, 32767, 1, 1, 1]> : tensor<5xi16>
  %s = arith.constant dense<[40, 40, 2, 2, 2]> : tensor<5xi8>
  %init = tensor.empty() : tensor<5xi32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %m, %s : tensor<5xi48>, tensor<5xi16>, tensor<5xi8>) outs(%init : tensor<5xi32>) {
  ^bb0(%in: i48, %in_0: i16, %in_1: i8, %out: i32):
    %7 = tosa.apply_scale %in, %in_0, %in_1 {rounding_mode = SINGLE_ROUND} : (i48, i16, i8) -> i32
    linalg.yield %7 : i32
  } -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

func.func @double16() -> i32 {
  %v = arith.constant 1 : i32
  %m = arith.constant 1 : i16
  %s = arith.constant 2 : i8
  // DOUBLE16: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: rounding_mode = DOUBLE_ROUND needs an i32 multiplier (apply_scale_16 has no double rounding)
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = DOUBLE_ROUND} : (i32, i16, i8) -> i32
  return %0 : i32
}

func.func @wide_value32(%v: i48) -> i32 {
  %m = arith.constant 1 : i32
  %s = arith.constant 2 : i8
  // WIDE-VALUE32: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: unsupported value element type i48: apply_scale_32 (i32 multiplier) takes an int32_t value: i32 or narrower
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (i48, i32, i8) -> i32
  return %0 : i32
}

func.func @wide_value16(%v: i64) -> i32 {
  %m = arith.constant 1 : i16
  %s = arith.constant 2 : i8
  // WIDE-VALUE16: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: unsupported value element type i64: apply_scale_16 (i16 multiplier) takes an int48_t value: i48 or narrower
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (i64, i16, i8) -> i32
  return %0 : i32
}

func.func @multiplier_i8() -> i32 {
  %v = arith.constant 1 : i32
  %m = arith.constant 1 : i8
  %s = arith.constant 2 : i8
  // MULTIPLIER-I8: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: unsupported multiplier element type i8: must be i32 (apply_scale_32) or i16 (apply_scale_16)
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (i32, i8, i8) -> i32
  return %0 : i32
}

func.func @result_i16() -> i16 {
  %v = arith.constant 1 : i32
  %m = arith.constant 1 : i32
  %s = arith.constant 2 : i8
  // RESULT-I16: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: unsupported result element type i16: must be i32
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (i32, i32, i8) -> i16
  return %0 : i16
}

func.func @require_tensor() -> tensor<2xi32> {
  %v = arith.constant dense<1> : tensor<2xi32>
  %m = arith.constant dense<1> : tensor<2xi32>
  %s = arith.constant dense<[2, 63]> : tensor<2xi8>
  // REQ-TENSOR: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: element [1]: REQUIRE(2 <= shift && shift <= 62) of apply_scale_32 does not hold (shift = 63)
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @require_scalar() -> i32 {
  %v = arith.constant 200 : i32
  %m = arith.constant 1 : i32
  %s = arith.constant 2 : i8
  // REQ-SCALAR: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: REQUIRE(value >= (-1 << (shift - 1)) && value < (1 << (shift - 1))) of apply_scale_32 does not hold (value = 200, shift = 2)
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (i32, i32, i8) -> i32
  return %0 : i32
}

func.func @require16() -> i32 {
  %v = arith.constant 200 : i48
  %m = arith.constant -1 : i16
  %s = arith.constant 2 : i8
  // REQ16: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: REQUIRE(multiplier >= 0) of apply_scale_16 does not hold (multiplier = -1)
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (i48, i16, i8) -> i32
  return %0 : i32
}

func.func @shapes(%v: tensor<?xi32>, %m: tensor<?xi32>) -> tensor<?xi32> {
  %s = arith.constant dense<30> : tensor<2xi8>
  %sd = tensor.cast %s : tensor<2xi8> to tensor<?xi8>
  // SHAPES: apply-scale.mlir:[[@LINE+1]]:8: error: tosa.apply_scale: operands have different runtime shapes (2 vs 3)
  %0 = tosa.apply_scale %v, %m, %sd {rounding_mode = SINGLE_ROUND} : (tensor<?xi32>, tensor<?xi32>, tensor<?xi8>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
