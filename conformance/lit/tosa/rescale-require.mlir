// [tosa.rescale] 5, [rescale.violation]: every REQUIRE a tosa.rescale element
// can break (apply_scale_32, apply_scale_16, apply_add_s<int32_t>, and the
// int32 value parameter of apply_scale_32), reported for the first element
// in row-major order that breaks one: "tosa.rescale: element [I, ...]:
// REQUIRE(COND) of FUNCTION does not hold (VALUES)", at the op, no result.
// The conditions and their order are [rescale.apply-scale-32] 1 and
// [rescale.apply-scale-16]; apply_add_s is [rescale.op] 4.
//
// RUN: not quant-interp %s --entry=multiplier32 2>&1 | FileCheck %s --check-prefix=MULTIPLIER32
// RUN: not quant-interp %s --entry=shift_low 2>&1 | FileCheck %s --check-prefix=SHIFT-LOW
// RUN: not quant-interp %s --entry=shift_high 2>&1 | FileCheck %s --check-prefix=SHIFT-HIGH
// RUN: not quant-interp %s --entry=shift_negative 2>&1 | FileCheck %s --check-prefix=SHIFT-NEGATIVE
// RUN: not quant-interp %s --entry=value_range 2>&1 | FileCheck %s --check-prefix=VALUE-RANGE
// RUN: not quant-interp %s --entry=value_int32 2>&1 | FileCheck %s --check-prefix=VALUE-INT32
// RUN: not quant-interp %s --entry=multiplier16 2>&1 | FileCheck %s --check-prefix=MULTIPLIER16
// RUN: not quant-interp %s --entry=shift16 2>&1 | FileCheck %s --check-prefix=SHIFT16
// RUN: not quant-interp %s --entry=result16 2>&1 | FileCheck %s --check-prefix=RESULT16
// RUN: not quant-interp %s --entry=per_channel_index 2>&1 | FileCheck %s --check-prefix=PER-CHANNEL-INDEX
// RUN: not quant-interp %s --entry=add_s --arg='dense<[0, 2147483647]> : tensor<2xi48>' --arg='dense<1> : tensor<1xi8>' 2>&1 | FileCheck %s --check-prefix=ADD-S-MAX
// RUN: not quant-interp %s --entry=add_s --arg='dense<[-2147483648, 0]> : tensor<2xi48>' --arg='dense<-1> : tensor<1xi8>' 2>&1 | FileCheck %s --check-prefix=ADD-S-MIN
// RUN: quant-interp %s --entry=add_s --arg='dense<[-2147483648, 2147483647]> : tensor<2xi48>' --arg='dense<0> : tensor<1xi8>' | FileCheck %s --check-prefix=ADD-S-OK --match-full-lines
// RUN: quant-interp %s --entry=empty --arg='dense<> : tensor<0xi32>' | FileCheck %s --check-prefix=EMPTY --match-full-lines

// A negative i32 multiplier.
func.func @multiplier32() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tosa.const"() {values = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // MULTIPLIER32: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [0]: REQUIRE(multiplier >= 0) of apply_scale_32 does not hold (multiplier = -1)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // MULTIPLIER32-NOT: dense
}

// Shift 1 < 2.
func.func @shift_low() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // SHIFT-LOW: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [0]: REQUIRE(2 <= shift && shift <= 62) of apply_scale_32 does not hold (shift = 1)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // SHIFT-LOW-NOT: dense
}

// Shift 63 > 62.
func.func @shift_high() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<63> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // SHIFT-HIGH: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [0]: REQUIRE(2 <= shift && shift <= 62) of apply_scale_32 does not hold (shift = 63)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // SHIFT-HIGH-NOT: dense
}

// Shift -1 (the int8 is read signed, not as 255).
func.func @shift_negative() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<-1> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // SHIFT-NEGATIVE: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [0]: REQUIRE(2 <= shift && shift <= 62) of apply_scale_32 does not hold (shift = -1)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // SHIFT-NEGATIVE-NOT: dense
}

// With shift 2, values must lie in [-2, 2): 1, -2 and 0 pass, 200 is the
// first that does not (the example of [rescale.violation]).
func.func @value_range() -> tensor<4xi8> {
  %x = "tosa.const"() {values = dense<[1, -2, 0, 200]> : tensor<4xi32>} : () -> tensor<4xi32>
  %m = "tosa.const"() {values = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<2> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // VALUE-RANGE: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [3]: REQUIRE(value >= (-1 << (shift - 1)) && value < (1 << (shift - 1))) of apply_scale_32 does not hold (value = 200, shift = 2)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
  // VALUE-RANGE-NOT: dense
}

// An i40 input with scale32: value = 2^32 does not fit apply_scale_32's
// int32_t parameter ([rescale.widths]); element [0] (1) does.
func.func @value_int32() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<[1, 4294967296]> : tensor<2xi40>} : () -> tensor<2xi40>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi40>} : () -> tensor<1xi40>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // VALUE-INT32: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [1]: REQUIRE(value fits the int32_t parameter) of apply_scale_32 does not hold (value = 4294967296)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi40>, tensor<1xi32>, tensor<1xi8>, tensor<1xi40>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // VALUE-INT32-NOT: dense
}

// A negative i16 multiplier.
func.func @multiplier16() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi16>} : () -> tensor<2xi16>
  %m = "tosa.const"() {values = dense<-5> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<14> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // MULTIPLIER16: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [0]: REQUIRE(multiplier >= 0) of apply_scale_16 does not hold (multiplier = -5)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi16>, tensor<1xi16>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // MULTIPLIER16-NOT: dense
}

// Shift 63 with apply_scale_16.
func.func @shift16() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi16>} : () -> tensor<2xi16>
  %m = "tosa.const"() {values = dense<16384> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<63> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // SHIFT16: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [0]: REQUIRE(2 <= shift && shift <= 62) of apply_scale_16 does not hold (shift = 63)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi16>, tensor<1xi16>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // SHIFT16-NOT: dense
}

// apply_scale_16 with m = 1, shift = 16: element [0], 2^16, scales to
// (2^16 + 2^15) >> 16 = 1; element [1], 2^47 - 1, to (2^47 - 1 + 2^15) >> 16 =
// 2^31 + floor((2^15 - 1) / 2^16) = 2^31 = 2147483648 > maximum<int32_t>.
func.func @result16() -> tensor<2xi32> {
  %x = "tosa.const"() {values = dense<[65536, 140737488355327]> : tensor<2xi48>} : () -> tensor<2xi48>
  %m = "tosa.const"() {values = dense<1> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<16> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // RESULT16: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [1]: REQUIRE(result >= minimum<int32_t> && result <= maximum<int32_t>) of apply_scale_16 does not hold (value = 140737488355327, multiplier = 1, shift = 16, result = 2147483648)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
  // RESULT16-NOT: dense
}

// Per channel, shift = [30, 30, 2]: channel 2 takes values in [-2, 2). Row-major,
// [0, 2] = 1 passes and [1, 2] = 7 is the first that does not.
func.func @per_channel_index() -> tensor<2x3xi8> {
  %x = "tosa.const"() {values = dense<[[5, 5, 1], [5, 5, 7]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %m = "tosa.const"() {values = dense<[1073741824, 1073741824, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tosa.const"() {values = dense<[30, 30, 2]> : tensor<3xi8>} : () -> tensor<3xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // PER-CHANNEL-INDEX: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [1, 2]: REQUIRE(value >= (-1 << (shift - 1)) && value < (1 << (shift - 1))) of apply_scale_32 does not hold (value = 7, shift = 2)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x3xi32>, tensor<3xi32>, tensor<3xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
  // PER-CHANNEL-INDEX-NOT: dense
}

// apply_add_s<int32_t>: with apply_scale_16, m = 4, shift = 2 (ratio 1), an i48
// value of 2^31 - 1 scales to (4 (2^31 - 1) + 2) >> 2 = 2^31 - 1 (floor(2/4) = 0),
// which an i8 output_zp of 1 pushes past maximum<int32_t>; -2^31 scales to
// (-2^33 + 2) >> 2 = -2^31, and output_zp -1 pushes it below. With output_zp 0
// both are fine and clip to i8: [-128, 127]. (With scale32 the REQUIRE on value
// keeps |result| < 2^30, so only apply_scale_16 reaches this one.)
// ADD-S-OK: dense<[-128, 127]> : tensor<2xi8>
func.func @add_s(%x: tensor<2xi48>, %ozp: tensor<1xi8>) -> tensor<2xi8> {
  %m = "tosa.const"() {values = dense<4> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<2> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  // ADD-S-MAX: rescale-require.mlir:[[@LINE+2]]:8: error: tosa.rescale: element [1]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (result = 2147483647, output_zp = 1)
  // ADD-S-MIN: rescale-require.mlir:[[@LINE+1]]:8: error: tosa.rescale: element [0]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (result = -2147483648, output_zp = -1)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// The REQUIREs belong to apply_scale_32 / apply_scale_16, called per element:
// an empty input (a runtime size 0: TOSA types have no zero dimensions) calls
// neither, so a negative multiplier and shift 63 are no error there.
// EMPTY: dense<> : tensor<0xi8>
func.func @empty(%x: tensor<?xi32>) -> tensor<?xi8> {
  %m = "tosa.const"() {values = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<63> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<?xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<?xi8>
  return %0 : tensor<?xi8>
}
