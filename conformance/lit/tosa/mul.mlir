// [tosa.mul]: MUL of TOSA 1.0: i8 x i8 -> i32, i16 x i16 -> i32, i32 x i32
// -> i32 (shift 0: the low 32 bits; shift > 0: rounded, with the REQUIRE
// that the result fits, and -2^31 x -2^31 at shift 63, whose int64_t
// product + round overflows: an error), f32 / f16 / bf16 rounded once, the shift
// operand's REQUIREs, a runtime shift, broadcasting and poison. Every
// expected value is computed below by hand.
//
// RUN: quant-interp %s --entry=narrow | FileCheck %s --check-prefix=NARROW --match-full-lines
// RUN: quant-interp %s --entry=wrap | FileCheck %s --check-prefix=WRAP --match-full-lines
// RUN: quant-interp %s --entry=rounding --arg='dense<1> : tensor<1xi8>' | FileCheck %s --check-prefix=ROUND1 --match-full-lines
// RUN: quant-interp %s --entry=extremes | FileCheck %s --check-prefix=EXTREMES --match-full-lines
// RUN: not quant-interp %s --entry=int64_overflow 2>&1 | FileCheck %s --check-prefix=INT64-OVERFLOW
// RUN: not quant-interp %s --entry=rounding --arg='dense<64> : tensor<1xi8>' 2>&1 | FileCheck %s --check-prefix=SHIFT64
// RUN: not quant-interp %s --entry=rounding --arg='dense<-1> : tensor<1xi8>' 2>&1 | FileCheck %s --check-prefix=SHIFT-NEG
// RUN: not quant-interp %s --entry=narrow_shift --arg='dense<1> : tensor<1xi8>' 2>&1 | FileCheck %s --check-prefix=NARROW-SHIFT
// RUN: not quant-interp %s --entry=unranked_shift --arg='dense<[0, 0]> : tensor<2xi8>' 2>&1 | FileCheck %s --check-prefix=SHIFT-COUNT
// RUN: not quant-interp %s --entry=too_large_up 2>&1 | FileCheck %s --check-prefix=TOO-LARGE-UP
// RUN: not quant-interp %s --entry=too_large_down 2>&1 | FileCheck %s --check-prefix=TOO-LARGE-DOWN
// RUN: quant-interp %s --entry=floats | FileCheck %s --check-prefix=FLOATS --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[2], [-3]]> : tensor<2x1xi16>' --arg='dense<[[100, -32768]]> : tensor<1x2xi16>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// i8: (-128)(-128) = 16384, 127 * 127 = 16129, (-128)(127) = -16256.
// i16: (-32768)(-32768) = 1073741824, 32767 * (-32768) = -1073709056.
// NARROW: dense<[16384, 16129, -16256]> : tensor<3xi32>
// NARROW-NEXT: dense<[1073741824, -1073709056]> : tensor<2xi32>
// NARROW-NOT: {{.+}}
func.func @narrow() -> (tensor<3xi32>, tensor<2xi32>) {
  %a = "tosa.const"() {values = dense<[-128, 127, -128]> : tensor<3xi8>} : () -> tensor<3xi8>
  %b = "tosa.const"() {values = dense<[-128, 127, 127]> : tensor<3xi8>} : () -> tensor<3xi8>
  %c = "tosa.const"() {values = dense<[-32768, 32767]> : tensor<2xi16>} : () -> tensor<2xi16>
  %d = "tosa.const"() {values = dense<-32768> : tensor<2xi16>} : () -> tensor<2xi16>
  %s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.mul %a, %b, %s : (tensor<3xi8>, tensor<3xi8>, tensor<1xi8>) -> tensor<3xi32>
  %1 = tosa.mul %c, %d, %s : (tensor<2xi16>, tensor<2xi16>, tensor<1xi8>) -> tensor<2xi32>
  return %0, %1 : tensor<3xi32>, tensor<2xi32>
}

// i32, shift 0: apply_mul_s<int32_t> keeps the low 32 bits (no REQUIRE):
// 65536 * 65536 = 2^32 -> 0; 2147483647 * 2 = 4294967294 -> -2;
// 46341 * 46341 = 2147488281 -> 2147488281 - 2^32 = -2147479015;
// (-2147483648)(-1) = 2^31 -> -2147483648.
// WRAP: dense<[0, -2, -2147479015, -2147483648]> : tensor<4xi32>
// WRAP-NOT: {{.+}}
func.func @wrap() -> tensor<4xi32> {
  %a = "tosa.const"() {values = dense<[65536, 2147483647, 46341, -2147483648]> : tensor<4xi32>} : () -> tensor<4xi32>
  %b = "tosa.const"() {values = dense<[65536, 2, 46341, -1]> : tensor<4xi32>} : () -> tensor<4xi32>
  %s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.mul %a, %b, %s : (tensor<4xi32>, tensor<4xi32>, tensor<1xi8>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// shift = 1 (a runtime argument): product = (a * b + 1) >> 1, ties toward
// +infinity: 3 -> 2, -3 -> -1, 5 -> 3, -5 -> -2, 4 -> 2, -4 -> -2.
// ROUND1: dense<[2, -1, 3, -2, 2, -2]> : tensor<6xi32>
// ROUND1-NOT: {{.+}}
func.func @rounding(%s: tensor<1xi8>) -> tensor<6xi32> {
  %a = "tosa.const"() {values = dense<[3, -3, 5, -5, 2, -2]> : tensor<6xi32>} : () -> tensor<6xi32>
  %b = "tosa.const"() {values = dense<[1, 1, 1, 1, 2, 2]> : tensor<6xi32>} : () -> tensor<6xi32>
  // SHIFT64: mul.mlir:[[@LINE+2]]:8: error: tosa.mul: REQUIRE(0 <= shift && shift <= 63) of MUL does not hold (shift = 64)
  // SHIFT-NEG: mul.mlir:[[@LINE+1]]:8: error: tosa.mul: REQUIRE(0 <= shift && shift <= 63) of MUL does not hold (shift = -1)
  %0 = tosa.mul %a, %b, %s : (tensor<6xi32>, tensor<6xi32>, tensor<1xi8>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// The largest results that fit at shift 1, and the products nearest the ends at
// shift 63 (where every defined result is 0: the sum is in (0, 2^63)):
//   2147483647 * 2 = 4294967294, (4294967294 + 1) >> 1 = 2147483647;
//   -2147483648 * 2 = -4294967296, (-4294967296 + 1) >> 1 = floor(-2147483647.5) = -2147483648;
//   shift 63: 2147483647^2 = 2^62 - 2^32 + 1, + 2^62 < 2^63 -> 0;
//   (-2147483647)(2147483647) = -2^62 + 2^32 - 1, + 2^62 = 2^32 - 1 -> 0.
// EXTREMES: dense<[2147483647, -2147483648]> : tensor<2xi32>
// EXTREMES-NEXT: dense<[0, 0]> : tensor<2xi32>
// EXTREMES-NOT: {{.+}}
func.func @extremes() -> (tensor<2xi32>, tensor<2xi32>) {
  %a = "tosa.const"() {values = dense<[2147483647, -2147483648]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b = "tosa.const"() {values = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %c = "tosa.const"() {values = dense<[2147483647, -2147483647]> : tensor<2xi32>} : () -> tensor<2xi32>
  %d = "tosa.const"() {values = dense<2147483647> : tensor<2xi32>} : () -> tensor<2xi32>
  %s1 = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %s63 = "tosa.const"() {values = dense<63> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.mul %a, %b, %s1 : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xi32>
  %1 = tosa.mul %c, %d, %s63 : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}

// Shift 63 of (-2147483648)^2 = 2^62: product + round = 2^62 + 2^62 = 2^63, one
// past int64_t. Integer overflow is unpredictable in TOSA 1.0, an error
// ([tosa.mul] 3), at element [1] (element [0], 2147483647^2, is 0 as above).
func.func @int64_overflow() -> tensor<2xi32> {
  %c = "tosa.const"() {values = dense<[2147483647, -2147483648]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s63 = "tosa.const"() {values = dense<63> : tensor<1xi8>} : () -> tensor<1xi8>
  // INT64-OVERFLOW: mul.mlir:[[@LINE+1]]:8: error: tosa.mul: element [1]: REQUIRE(product + round <= maximum_s<int64_t>()) of MUL does not hold (value1 = -2147483648, value2 = -2147483648, shift = 63)
  %0 = tosa.mul %c, %c, %s63 : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// 65535 * 65537 = 4294967295, (4294967295 + 1) >> 1 = 2147483648: one past int32.
func.func @too_large_up() -> tensor<2xi32> {
  %a = "tosa.const"() {values = dense<[1, 65535]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b = "tosa.const"() {values = dense<[1, 65537]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  // TOO-LARGE-UP: mul.mlir:[[@LINE+1]]:8: error: tosa.mul: element [1]: REQUIRE(product >= minimum_s<i32_t>() && product <= maximum_s<i32_t>()) of MUL does not hold (value1 = 65535, value2 = 65537, shift = 1, product = 2147483648)
  %0 = tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -2147483647 * 3 = -6442450941, (-6442450941 + 1) >> 1 = -3221225470.
func.func @too_large_down() -> tensor<1xi32> {
  %a = "tosa.const"() {values = dense<-2147483647> : tensor<1xi32>} : () -> tensor<1xi32>
  %b = "tosa.const"() {values = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  // TOO-LARGE-DOWN: mul.mlir:[[@LINE+1]]:8: error: tosa.mul: element [0]: REQUIRE(product >= minimum_s<i32_t>() && product <= maximum_s<i32_t>()) of MUL does not hold (value1 = -2147483647, value2 = 3, shift = 1, product = -3221225470)
  %0 = tosa.mul %a, %b, %s : (tensor<1xi32>, tensor<1xi32>, tensor<1xi8>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}

// A shift for i8 data: MUL's second REQUIRE.
func.func @narrow_shift(%s: tensor<1xi8>) -> tensor<1xi32> {
  %a = "tosa.const"() {values = dense<3> : tensor<1xi8>} : () -> tensor<1xi8>
  // NARROW-SHIFT: mul.mlir:[[@LINE+1]]:8: error: tosa.mul: REQUIRE(is_same<in_t,int32_t>() || shift == 0) of MUL does not hold (shift = 1, in_t = i8)
  %0 = tosa.mul %a, %a, %s : (tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}

// An unranked shift holding two elements at run time.
func.func @unranked_shift(%s: tensor<*xi8>) -> tensor<1xi32> {
  %a = "tosa.const"() {values = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  // SHIFT-COUNT: mul.mlir:[[@LINE+1]]:8: error: tosa.mul: shift has 2 elements, expected 1
  %0 = tosa.mul %a, %a, %s : (tensor<1xi32>, tensor<1xi32>, tensor<*xi8>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}

// f32: 1.5 * 2.5 = 3.75; 0 * inf = NaN; -0 * 5 = -0; 4097 * 4095 = 16777215
//      (< 2^24: exact); 4097 * 4097 = 16785409 > 2^24 where the ulp is 2: a tie
//      between 16785408 and 16785410 -> 16785408 (even significand 8392704).
// f16: 255 * 257 = 65535 >= 65520 -> inf; 3 * 0.5 = 1.5.
// bf16: 255 * 255 = 65025, ulp 256 in [32768, 65536): 65025 / 256 = 254.004 -> 65024
//       (printed 65000.0, the shortest decimal that reads back as it).
// FLOATS: dense<[3.75, 0x7FC00000, -0.0, 16777215.0, 16785408.0]> : tensor<5xf32>
// FLOATS-NEXT: dense<[0x7C00, 1.5]> : tensor<2xf16>
// FLOATS-NEXT: dense<[65000.0]> : tensor<1xbf16>
// FLOATS-NOT: {{.+}}
func.func @floats() -> (tensor<5xf32>, tensor<2xf16>, tensor<1xbf16>) {
  %a = "tosa.const"() {values = dense<[1.5, 0.0, -0.0, 4097.0, 4097.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %b = "tosa.const"() {values = dense<[2.5, 0x7F800000, 5.0, 4095.0, 4097.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %c = "tosa.const"() {values = dense<[255.0, 3.0]> : tensor<2xf16>} : () -> tensor<2xf16>
  %d = "tosa.const"() {values = dense<[257.0, 0.5]> : tensor<2xf16>} : () -> tensor<2xf16>
  %e = "tosa.const"() {values = dense<255.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.mul %a, %b, %s : (tensor<5xf32>, tensor<5xf32>, tensor<1xi8>) -> tensor<5xf32>
  %1 = tosa.mul %c, %d, %s : (tensor<2xf16>, tensor<2xf16>, tensor<1xi8>) -> tensor<2xf16>
  %2 = tosa.mul %e, %e, %s : (tensor<1xbf16>, tensor<1xbf16>, tensor<1xi8>) -> tensor<1xbf16>
  return %0, %1, %2 : tensor<5xf32>, tensor<2xf16>, tensor<1xbf16>
}

// [2, 1] x [1, 2] of i16, shapes at run time: [[200, -65536], [-300, 98304]].
// DYNAMIC: dense<{{\[}}[200, -65536], [-300, 98304]]> : tensor<2x2xi32>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%a: tensor<?x?xi16>, %b: tensor<?x?xi16>) -> tensor<?x?xi32> {
  %s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.mul %a, %b, %s : (tensor<?x?xi16>, tensor<?x?xi16>, tensor<1xi8>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// x = [poison, 65535]: element 0 is poison and its REQUIRE not checked
// (65535 * 65537 fails it, as in TOO-LARGE-UP); element 1: 65535 * 1 at shift 1 = (65535 + 1) >> 1 = 32768.
// POISON: dense<[0, 32768]> : tensor<2xi32>
// POISON-NEXT: // poison: 0
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<2xi32> {
  %m = arith.constant dense<[2147483647, 65534]> : tensor<2xi32>
  %o = arith.constant dense<1> : tensor<2xi32>
  %x = arith.addi %m, %o overflow<nsw> : tensor<2xi32>
  %y = "tosa.const"() {values = dense<[65537, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tosa.const"() {values = dense<1> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.mul %x, %y, %s : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
