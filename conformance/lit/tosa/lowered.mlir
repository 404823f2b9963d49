// [tosa.lowered] MLIR 22's tosa-to-linalg turns each tosa.rescale into a
// linalg.generic whose payload subtracts the input zero point, calls
// tosa.apply_scale, adds the output zero point and clamps, all in arith ops.
// Each function runs twice, as written and lowered, and both runs must print
// the same lines, derived by hand below. Two cases show where the lowering
// differs from the op ([tosa.lowered] 1, 2).
//
// RUN: quant-interp %s --entry=per_channel_i16 --arg='dense<[[1000, -1000, 4095], [-16384, 7, -7]]> : tensor<2x3xi16>' | FileCheck %s --check-prefix=PER-CHANNEL --match-full-lines
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg))' | quant-interp - --entry=per_channel_i16 --arg='dense<[[1000, -1000, 4095], [-16384, 7, -7]]> : tensor<2x3xi16>' | FileCheck %s --check-prefix=PER-CHANNEL --match-full-lines
// RUN: quant-interp %s --entry=unsigned_double | FileCheck %s --check-prefix=UNSIGNED-DOUBLE --match-full-lines
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg))' | quant-interp - --entry=unsigned_double | FileCheck %s --check-prefix=UNSIGNED-DOUBLE --match-full-lines
// RUN: quant-interp %s --entry=i48_runtime --arg='dense<1> : tensor<1xi16>' --arg='dense<17> : tensor<1xi8>' | FileCheck %s --check-prefix=I48 --match-full-lines
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg))' | quant-interp - --entry=i48_runtime --arg='dense<1> : tensor<1xi16>' --arg='dense<17> : tensor<1xi8>' | FileCheck %s --check-prefix=I48 --match-full-lines
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg))' | FileCheck %s --check-prefix=LOWERED
//
// Where they differ:
// RUN: quant-interp %s --entry=per_channel_i16 --arg='dense<[[1000, -1000, 32767], [-16384, 7, -7]]> : tensor<2x3xi16>' | FileCheck %s --check-prefix=WIDE-OK --match-full-lines
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg))' | not quant-interp - --entry=per_channel_i16 --arg='dense<[[1000, -1000, 32767], [-16384, 7, -7]]> : tensor<2x3xi16>' 2>&1 | FileCheck %s --check-prefix=WIDE-LOWERED
// RUN: quant-interp %s --entry=i48_constant | FileCheck %s --check-prefix=I48 --match-full-lines
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg))' | not quant-interp - --entry=i48_constant 2>&1 | FileCheck %s --check-prefix=I48-CONSTANT-LOWERED

// The lowering keeps tosa.apply_scale (and the tosa.const ops, now unused).
// LOWERED-NOT: tosa.rescale
// LOWERED: tosa.apply_scale {{.*}} : (i32, i32, i8) -> i32
// LOWERED: tosa.apply_scale {{.*}} : (i32, i32, i8) -> i32
// LOWERED: tosa.apply_scale {{.*}} : (i48, i16, i8) -> i32
// LOWERED: tosa.apply_scale {{.*}} : (i48, i32, i8) -> i32

// i16 -> i8 per channel, scale32 = false, m = [16384, 32767, 8192], shift =
// [15, 20, 13], output_zp -3; x = [[1000, -1000, 4095], [-16384, 7, -7]]:
//   channel 0 (ratio 1/2): 1000 -> 500 - 3 = 497 -> clip 127;
//     -16384 -> -8192 - 3 -> clip -128;
//   channel 1: -1000 * 32767 = -32767000, + 2^19 = -32242712, / 2^20 = -30.75 ->
//     -31 - 3 = -34; 7 * 32767 + 2^19 = 753657, / 2^20 = 0.72 -> 0 - 3 = -3;
//   channel 2 (ratio 1): 4095 - 3 = 4092 -> clip 127; -7 - 3 = -10.
// PER-CHANNEL: dense<{{\[\[}}127, -34, 127], [-128, -3, -10]]> : tensor<2x3xi8>
// The lowering materializes the constant i16 multipliers as i32 and calls
// apply_scale_32, which requires -2^(shift-1) <= value < 2^(shift-1): 4095 fits
// channel 2's [-4096, 4096), 32767 does not. The op itself (apply_scale_16)
// scales 32767 to 32767 - 3 -> clip 127.
// WIDE-OK: dense<{{\[\[}}127, -34, 127], [-128, -3, -10]]> : tensor<2x3xi8>
// WIDE-LOWERED: error: tosa.apply_scale: REQUIRE(value >= (-1 << (shift - 1)) && value < (1 << (shift - 1))) of apply_scale_32 does not hold (value = 32767, shift = 13)
func.func @per_channel_i16(%x: tensor<2x3xi16>) -> tensor<2x3xi8> {
  %m = "tosa.const"() {values = dense<[16384, 32767, 8192]> : tensor<3xi16>} : () -> tensor<3xi16>
  %s = "tosa.const"() {values = dense<[15, 20, 13]> : tensor<3xi8>} : () -> tensor<3xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %ozp = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x3xi16>, tensor<3xi16>, tensor<3xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// u8 -> i8, DOUBLE_ROUND, m = 2^30, shift = 33 (ratio 1/8), input_zp 128,
// output_zp 3; u8 x = [0, 128, 255, 131] (i8 patterns [0, -128, -1, -125]):
//   value = x - 128 = [-128, 0, 127, 3]; double rounding: floor((v + 5) / 8) for
//   v >= 0, floor((v + 3) / 8) for v < 0: floor(-125/8) = -16, 0, floor(132/8)
//   = 16, floor(8/8) = 1; + 3: [-13, 3, 19, 4].
// UNSIGNED-DOUBLE: dense<[-13, 3, 19, 4]> : tensor<4xi8>
func.func @unsigned_double() -> tensor<4xi8> {
  %x = "tosa.const"() {values = dense<[0, -128, -1, -125]> : tensor<4xi8>} : () -> tensor<4xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<33> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<3> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// i48 -> i32, apply_scale_16 with m = 1, shift = 17 (as rescale-per-tensor.mlir):
// [2^47 - 1, -2^47, 2^40, -1] -> [2^30, -2^30, 2^23, 0]. With runtime
// multipliers the lowering keeps them i16: (i48, i16, i8), apply_scale_16.
// With constant ones it makes them i32: (i48, i32, i8), which no function of
// the specification takes.
// I48: dense<[1073741824, -1073741824, 8388608, 0]> : tensor<4xi32>
// I48-CONSTANT-LOWERED: error: tosa.apply_scale: unsupported value element type i48: apply_scale_32 (i32 multiplier) takes an int32_t value: i32 or narrower
func.func @i48_runtime(%m: tensor<1xi16>, %s: tensor<1xi8>) -> tensor<4xi32> {
  %x = "tosa.const"() {values = dense<[140737488355327, -140737488355328, 1099511627776, -1]> : tensor<4xi48>} : () -> tensor<4xi48>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @i48_constant() -> tensor<4xi32> {
  %x = "tosa.const"() {values = dense<[140737488355327, -140737488355328, 1099511627776, -1]> : tensor<4xi48>} : () -> tensor<4xi48>
  %m = "tosa.const"() {values = dense<1> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<17> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
