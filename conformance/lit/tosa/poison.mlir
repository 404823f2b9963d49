// [tosa.rescale] 6, [tosa.apply-scale] 5: a poison input element gives a
// poison result element ([value.poison] 3) and no REQUIRE is checked for it;
// the other elements are scaled as usual. The poison comes from arith.addi
// with nsw overflowing ([arith.poison]): 127 + 1 in i8, 2^31 - 1 + 1 in i32.
//
// RUN: quant-interp %s --entry=rescale | FileCheck %s --check-prefix=RESCALE --match-full-lines
// RUN: quant-interp %s --entry=apply_scale | FileCheck %s --check-prefix=APPLY-SCALE --match-full-lines

// x = [poison, 1, -2, 0].
// Ratio 1/2 (m = 2^30, shift = 31), half up: 1 -> 1, -2 -> -1, 0 -> 0.
// m = 2, shift = 2 (also 1/2; values must lie in [-2, 2)): (1 * 2 + 2) >> 2 = 1,
//   (-2 * 2 + 2) >> 2 = floor(-2/4) = -1, (0 + 2) >> 2 = 0; the poison element's
//   pattern (whatever it is) is not checked against the range.
// RESCALE: dense<[0, 1, -1, 0]> : tensor<4xi8>
// RESCALE-NEXT: // poison: 0
// RESCALE-NEXT: dense<[0, 1, -1, 0]> : tensor<4xi8>
// RESCALE-NEXT: // poison: 0
// RESCALE-NOT: {{.+}}
func.func @rescale() -> (tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[127, 1, -2, 0]> : tensor<4xi8>
  %b = arith.constant dense<[1, 0, 0, 0]> : tensor<4xi8>
  %x = arith.addi %a, %b overflow<nsw> : tensor<4xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<31> : tensor<1xi8>} : () -> tensor<1xi8>
  %m2 = "tosa.const"() {values = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %s2 = "tosa.const"() {values = dense<2> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %zp, %zp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  %1 = tosa.rescale %x, %m2, %s2, %zp, %zp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  return %0, %1 : tensor<4xi8>, tensor<4xi8>
}

// apply_scale_32 with value [7, poison], m = [2^30, poison], shift = [31, 31]:
// element 0 = (7 * 2^30 + 2^30) >> 31 = 8 / 2 = 4; element 1 is poison (its
// value and its multiplier are). A poison scalar operand makes the scalar
// result poison.
// APPLY-SCALE: dense<[4, 0]> : tensor<2xi32>
// APPLY-SCALE-NEXT: // poison: 1
// APPLY-SCALE-NEXT: 0 : i32
// APPLY-SCALE-NEXT: // poison: 0
// APPLY-SCALE-NOT: {{.+}}
func.func @apply_scale() -> (tensor<2xi32>, i32) {
  %a = arith.constant dense<[7, 2147483647]> : tensor<2xi32>
  %b = arith.constant dense<[0, 1]> : tensor<2xi32>
  %v = arith.addi %a, %b overflow<nsw> : tensor<2xi32>
  %c = arith.constant dense<[1073741824, 2147483647]> : tensor<2xi32>
  %m = arith.addi %c, %b overflow<nsw> : tensor<2xi32>
  %s = arith.constant dense<31> : tensor<2xi8>
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = SINGLE_ROUND} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi8>) -> tensor<2xi32>
  %max = arith.constant 2147483647 : i32
  %one = arith.constant 1 : i32
  %pv = arith.addi %max, %one overflow<nsw> : i32
  %sm = arith.constant 1073741824 : i32
  %ss = arith.constant 31 : i8
  %1 = tosa.apply_scale %pv, %sm, %ss {rounding_mode = DOUBLE_ROUND} : (i32, i32, i8) -> i32
  return %0, %1 : tensor<2xi32>, i32
}
