// [tosa.apply-scale], [tosa.lowered]: MLIR's tosa-to-arith with
// include-apply-rescale expands tosa.apply_scale into 64-bit arith ops (extsi,
// muli, a rounding constant, shrsi; for DOUBLE_ROUND a select of +-2^30 when
// shift > 31). On operands that satisfy every REQUIRE, the expansion must give
// the bits of [rescale.apply-scale-32] / [rescale.apply-scale-16] that
// quant-interp computes for the op itself: both runs check the same lines.
// (The expansion has no INEXACT_ROUND case: apply-scale.mlir tests that one.)
//
// RUN: quant-interp %s --entry=scalar --arg='3 : i32' | FileCheck %s --check-prefix=SCALAR-3 --match-full-lines
// RUN: quant-interp %s --entry=scalar --arg='-4 : i32' | FileCheck %s --check-prefix=SCALAR-MINUS-4 --match-full-lines
// RUN: quant-interp %s --entry=tensor | FileCheck %s --check-prefix=TENSOR --match-full-lines
// RUN: quant-interp %s --entry=scale16 | FileCheck %s --check-prefix=SCALE16 --match-full-lines
// RUN: mlir-opt %s --tosa-to-arith="include-apply-rescale" | quant-interp - --entry=scalar --arg='3 : i32' | FileCheck %s --check-prefix=SCALAR-3 --match-full-lines
// RUN: mlir-opt %s --tosa-to-arith="include-apply-rescale" | quant-interp - --entry=scalar --arg='-4 : i32' | FileCheck %s --check-prefix=SCALAR-MINUS-4 --match-full-lines
// RUN: mlir-opt %s --tosa-to-arith="include-apply-rescale" | quant-interp - --entry=tensor | FileCheck %s --check-prefix=TENSOR --match-full-lines
// RUN: mlir-opt %s --tosa-to-arith="include-apply-rescale" | quant-interp - --entry=scale16 | FileCheck %s --check-prefix=SCALE16 --match-full-lines
// The expansion really replaced the op:
// RUN: mlir-opt %s --tosa-to-arith="include-apply-rescale" | FileCheck %s --check-prefix=EXPANDED
// EXPANDED-NOT: tosa.apply_scale

// m = 2^30, shift = 33 (ratio 1/8): SINGLE_ROUND floor((v + 4) / 8):
// 3 -> 0, -4 -> 0; DOUBLE_ROUND floor((v + 5) / 8) for v >= 0, floor((v + 3) / 8)
// for v < 0: 3 -> 1, -4 -> floor(-1/8) = -1.
// SCALAR-3: 0 : i32
// SCALAR-3-NEXT: 1 : i32
// SCALAR-3-NOT: {{.+}}
// SCALAR-MINUS-4: 0 : i32
// SCALAR-MINUS-4-NEXT: -1 : i32
func.func @scalar(%v: i32) -> (i32, i32) {
  %m = arith.constant 1073741824 : i32
  %s = arith.constant 33 : i8
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (i32, i32, i8) -> i32
  %1 = tosa.apply_scale %v, %m, %s {rounding_mode = DOUBLE_ROUND} : (i32, i32, i8) -> i32
  return %0, %1 : i32, i32
}

// m = 2^30, (value, shift) = (5, 31), (-5, 32), (12, 33), (-12, 33); and -1
// with m = 0, shift 2 (multiplier 0 is allowed: (0 + 2) >> 2 = 0):
//   SINGLE_ROUND: 2.5 -> 3; -1.25 -> -1; 1.5 -> 2; -1.5 -> -1; 0.
//   DOUBLE_ROUND: 3 (shift 31: no extra term); floor((-5 * 2^30 + 2^30) / 2^32)
//     = -1; floor(17/8) = 2; floor(-9/8) = -2; 0.
// TENSOR: dense<[3, -1, 2, -1, 0]> : tensor<5xi32>
// TENSOR-NEXT: dense<[3, -1, 2, -2, 0]> : tensor<5xi32>
// TENSOR-NOT: {{.+}}
func.func @tensor() -> (tensor<5xi32>, tensor<5xi32>) {
  %v = arith.constant dense<[5, -5, 12, -12, -1]> : tensor<5xi32>
  %m = arith.constant dense<[1073741824, 1073741824, 1073741824, 1073741824, 0]> : tensor<5xi32>
  %s = arith.constant dense<[31, 32, 33, 33, 2]> : tensor<5xi8>
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (tensor<5xi32>, tensor<5xi32>, tensor<5xi8>) -> tensor<5xi32>
  %1 = tosa.apply_scale %v, %m, %s {rounding_mode = DOUBLE_ROUND} : (tensor<5xi32>, tensor<5xi32>, tensor<5xi8>) -> tensor<5xi32>
  return %0, %1 : tensor<5xi32>, tensor<5xi32>
}

// apply_scale_16 on i48 values (as in apply-scale.mlir's @generic_i48):
// (2^47 - 1, 32767, 40) -> 4194176, (-2^47, 32767, 40) -> -4194176,
// (2, 1, 2) -> 1, (-2, 1, 2) -> 0, (-3, 1, 2) -> -1; and i8 -128 with an i32
// multiplier 2^30, shift 30 (sign-extended, ratio 1) -> -128.
// SCALE16: dense<[4194176, -4194176, 1, 0, -1]> : tensor<5xi32>
// SCALE16-NEXT: -128 : i32
// SCALE16-NOT: {{.+}}
func.func @scale16() -> (tensor<5xi32>, i32) {
  %x = arith.constant dense<[140737488355327, -140737488355328, 2, -2, -3]> : tensor<5xi48>
  %m = arith.constant dense<[32767, 32767, 1, 1, 1]> : tensor<5xi16>
  %s = arith.constant dense<[40, 40, 2, 2, 2]> : tensor<5xi8>
  %0 = tosa.apply_scale %x, %m, %s {rounding_mode = SINGLE_ROUND} : (tensor<5xi48>, tensor<5xi16>, tensor<5xi8>) -> tensor<5xi32>
  %v8 = arith.constant -128 : i8
  %m32 = arith.constant 1073741824 : i32
  %s30 = arith.constant 30 : i8
  %1 = tosa.apply_scale %v8, %m32, %s30 {rounding_mode = SINGLE_ROUND} : (i8, i32, i8) -> i32
  return %0, %1 : tensor<5xi32>, i32
}
