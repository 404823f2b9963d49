// [tosa.matmul]: MATMUL of TOSA 1.0, out_t the accumulator: i8 x i8 -> i32
// with zero points at the i8 extremes, i16 x i16 -> i48, batches, dynamic
// shapes, float accumulation rounded step by step ([contract.float]), and
// the REQUIRE of [contract.accumulator] at both ends of int32. Every expected
// value is computed below by hand: out[n,h,w] = sum_c (A[n,h,c] - A_zp) *
// (B[n,c,w] - B_zp), in the order c = 0, 1, ...
//
// RUN: quant-interp %s --entry=i8_zero_points | FileCheck %s --check-prefix=I8 --match-full-lines
// RUN: quant-interp %s --entry=batched --arg='dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi8>' --arg='dense<[[[5], [6]], [[7], [8]]]> : tensor<2x2x1xi8>' | FileCheck %s --check-prefix=BATCHED --match-full-lines
// RUN: quant-interp %s --entry=i16 | FileCheck %s --check-prefix=I16 --match-full-lines
// RUN: quant-interp %s --entry=largest_sums | FileCheck %s --check-prefix=LARGEST --match-full-lines
// RUN: not quant-interp %s --entry=overflow_up 2>&1 | FileCheck %s --check-prefix=OVERFLOW-UP
// RUN: not quant-interp %s --entry=overflow_down 2>&1 | FileCheck %s --check-prefix=OVERFLOW-DOWN
// RUN: quant-interp %s --entry=float_order | FileCheck %s --check-prefix=FLOAT --match-full-lines
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// A_zp = -128, B_zp = 127:
//   A - A_zp = [[0, 128, 255], [129, 127, 130]],
//   B - B_zp = [[0, -255], [-1, -127], [-128, 0]] (rows c).
//   [0,0]: 0*0 + 128*(-1) + 255*(-128) = -128 - 32640 = -32768
//   [0,1]: 0*(-255) + 128*(-127) + 255*0 = -16256
//   [1,0]: 129*0 + 127*(-1) + 130*(-128) = -127 - 16640 = -16767
//   [1,1]: 129*(-255) + 127*(-127) + 130*0 = -32895 - 16129 = -49024
// I8: dense<{{\[}}{{\[}}[-32768, -16256], [-16767, -49024]]]> : tensor<1x2x2xi32>
// I8-NOT: {{.+}}
func.func @i8_zero_points() -> tensor<1x2x2xi32> {
  %a = "tosa.const"() {values = dense<[[[-128, 0, 127], [1, -1, 2]]]> : tensor<1x2x3xi8>} : () -> tensor<1x2x3xi8>
  %b = "tosa.const"() {values = dense<[[[127, -128], [126, 0], [-1, 127]]]> : tensor<1x3x2xi8>} : () -> tensor<1x3x2xi8>
  %azp = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %bzp = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.matmul %a, %b, %azp, %bzp : (tensor<1x2x3xi8>, tensor<1x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2xi32>
  return %0 : tensor<1x2x2xi32>
}

// Two batches of dynamic shape, zero points 0: 1*5 + 2*6 = 17, 3*7 + 4*8 = 53.
// BATCHED: dense<{{\[}}{{\[}}[17]], {{\[}}[53]]]> : tensor<2x1x1xi32>
// BATCHED-NOT: {{.+}}
func.func @batched(%a: tensor<?x?x?xi8>, %b: tensor<?x?x?xi8>) -> tensor<?x?x?xi32> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<?x?x?xi8>, tensor<?x?x?xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}

// i16 x i16 -> i48: (-32768)^2 * 2 = 2^31 = 2147483648, past int32 but an
// int48_t; (-32768 * 32767) * 2 = -2147418112.
// I16: dense<{{\[}}{{\[}}[2147483648, -2147418112]]]> : tensor<1x1x2xi48>
// I16-NOT: {{.+}}
func.func @i16() -> tensor<1x1x2xi48> {
  %a = "tosa.const"() {values = dense<-32768> : tensor<1x1x2xi16>} : () -> tensor<1x1x2xi16>
  %b = "tosa.const"() {values = dense<[[[-32768, 32767], [-32768, 32767]]]> : tensor<1x2x2xi16>} : () -> tensor<1x2x2xi16>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<1x1x2xi16>, tensor<1x2x2xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x1x2xi48>
  return %0 : tensor<1x1x2xi48>
}

// The largest sums that fit: 33025 products of (127 - (-128)) * (127 - (-128))
// = 65025 give 33025 * 65025 = 2147450625 <= 2^31 - 1; of 255 * (-128 - 127)
// = -65025, -2147450625 >= -2^31.
// LARGEST: dense<{{\[}}{{\[}}[2147450625]]]> : tensor<1x1x1xi32>
// LARGEST-NEXT: dense<{{\[}}{{\[}}[-2147450625]]]> : tensor<1x1x1xi32>
// LARGEST-NOT: {{.+}}
func.func @largest_sums() -> (tensor<1x1x1xi32>, tensor<1x1x1xi32>) {
  %a = "tosa.const"() {values = dense<127> : tensor<1x1x33025xi8>} : () -> tensor<1x1x33025xi8>
  %up = "tosa.const"() {values = dense<127> : tensor<1x33025x1xi8>} : () -> tensor<1x33025x1xi8>
  %down = "tosa.const"() {values = dense<-128> : tensor<1x33025x1xi8>} : () -> tensor<1x33025x1xi8>
  %lo = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %hi = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.matmul %a, %up, %lo, %lo : (tensor<1x1x33025xi8>, tensor<1x33025x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1xi32>
  %1 = tosa.matmul %a, %down, %lo, %hi : (tensor<1x1x33025xi8>, tensor<1x33025x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1xi32>
  return %0, %1 : tensor<1x1x1xi32>, tensor<1x1x1xi32>
}

// One product more (C = 33026): the sum of terms 0..33025 leaves int32; the
// REQUIRE of apply_add_s<int32_t> fails at c = 33025, naming the element and
// the two operands, and no result is printed.
func.func @overflow_up() -> tensor<1x1x1xi32> {
  %a = "tosa.const"() {values = dense<127> : tensor<1x1x33026xi8>} : () -> tensor<1x1x33026xi8>
  %b = "tosa.const"() {values = dense<127> : tensor<1x33026x1xi8>} : () -> tensor<1x33026x1xi8>
  %lo = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  // OVERFLOW-UP: matmul.mlir:[[@LINE+2]]:8: error: tosa.matmul: element [0, 0, 0]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (acc = 2147450625, apply_mul_s(value1, value2) = 65025, at c = 33025)
  // OVERFLOW-UP-NOT: dense
  %0 = tosa.matmul %a, %b, %lo, %lo : (tensor<1x1x33026xi8>, tensor<1x33026x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1xi32>
  return %0 : tensor<1x1x1xi32>
}

func.func @overflow_down() -> tensor<1x1x1xi32> {
  %a = "tosa.const"() {values = dense<127> : tensor<1x1x33026xi8>} : () -> tensor<1x1x33026xi8>
  %b = "tosa.const"() {values = dense<-128> : tensor<1x33026x1xi8>} : () -> tensor<1x33026x1xi8>
  %lo = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %hi = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  // OVERFLOW-DOWN: matmul.mlir:[[@LINE+2]]:8: error: tosa.matmul: element [0, 0, 0]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (acc = -2147450625, apply_mul_s(value1, value2) = -65025, at c = 33025)
  // OVERFLOW-DOWN-NOT: dense
  %0 = tosa.matmul %a, %b, %lo, %hi : (tensor<1x1x33026xi8>, tensor<1x33026x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1xi32>
  return %0 : tensor<1x1x1xi32>
}

// Floats: each step rounds in out_t, in the order c = 0, 1, 2.
// f32: 0 + 1e8 = 1e8; 1e8 + 1 = 100000001 rounds to 1e8 (f32 spacing there
//   is 8); 1e8 - 1e8 = 0. Exactly the sum is 1.
// f16 -> f32: 2048 + 1 + 1 = 2050, exact in f32.
// f16 -> f16: 2048 + 1 = 2049 is a tie between 2048 and 2050 (f16 spacing 2),
//   to even: 2048; again 2048.
// bf16 -> f32: 256 * 1 + 1 * 1 = 257 in f32 (bf16 could not hold it).
// inf * 0 is NaN (printed as the default NaN's pattern).
// FLOAT: dense<{{\[}}{{\[}}[0.0]]]> : tensor<1x1x1xf32>
// FLOAT-NEXT: dense<{{\[}}{{\[}}[2050.0]]]> : tensor<1x1x1xf32>
// FLOAT-NEXT: dense<{{\[}}{{\[}}[2048.0]]]> : tensor<1x1x1xf16>
// FLOAT-NEXT: dense<{{\[}}{{\[}}[257.0]]]> : tensor<1x1x1xf32>
// FLOAT-NEXT: dense<{{\[}}{{\[}}[0x7FC00000]]]> : tensor<1x1x1xf32>
// FLOAT-NOT: {{.+}}
func.func @float_order() -> (tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf16>, tensor<1x1x1xf32>, tensor<1x1x1xf32>) {
  %a = "tosa.const"() {values = dense<[[[1.0e8, 1.0, -1.0e8]]]> : tensor<1x1x3xf32>} : () -> tensor<1x1x3xf32>
  %ones = "tosa.const"() {values = dense<1.0> : tensor<1x3x1xf32>} : () -> tensor<1x3x1xf32>
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.matmul %a, %ones, %zp, %zp : (tensor<1x1x3xf32>, tensor<1x3x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1xf32>
  %h = "tosa.const"() {values = dense<[[[2048.0, 1.0, 1.0]]]> : tensor<1x1x3xf16>} : () -> tensor<1x1x3xf16>
  %hones = "tosa.const"() {values = dense<1.0> : tensor<1x3x1xf16>} : () -> tensor<1x3x1xf16>
  %hzp = "tosa.const"() {values = dense<0.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %1 = tosa.matmul %h, %hones, %hzp, %hzp : (tensor<1x1x3xf16>, tensor<1x3x1xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<1x1x1xf32>
  %2 = tosa.matmul %h, %hones, %hzp, %hzp : (tensor<1x1x3xf16>, tensor<1x3x1xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<1x1x1xf16>
  %g = "tosa.const"() {values = dense<[[[256.0, 1.0]]]> : tensor<1x1x2xbf16>} : () -> tensor<1x1x2xbf16>
  %gones = "tosa.const"() {values = dense<1.0> : tensor<1x2x1xbf16>} : () -> tensor<1x2x1xbf16>
  %gzp = "tosa.const"() {values = dense<0.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %3 = tosa.matmul %g, %gones, %gzp, %gzp : (tensor<1x1x2xbf16>, tensor<1x2x1xbf16>, tensor<1xbf16>, tensor<1xbf16>) -> tensor<1x1x1xf32>
  %inf = "tosa.const"() {values = dense<[[[0x7F800000, 1.0, 1.0]]]> : tensor<1x1x3xf32>} : () -> tensor<1x1x3xf32>
  %z = "tosa.const"() {values = dense<[[[0.0], [1.0], [1.0]]]> : tensor<1x3x1xf32>} : () -> tensor<1x3x1xf32>
  %4 = tosa.matmul %inf, %z, %zp, %zp : (tensor<1x1x3xf32>, tensor<1x3x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1xf32>
  return %0, %1, %2, %3, %4 : tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<1x1x1xf16>, tensor<1x1x1xf32>, tensor<1x1x1xf32>
}

// [contract.poison]: A[0,0,1] is poison (127 + 1 with nsw), so output row 0
// (which reads it) is poison; row 1 is 3*1 + 4*1 = 7, 3*2 + 4*2 = 14.
// POISON: dense<{{\[}}{{\[}}[0, 0], [7, 14]]]> : tensor<1x2x2xi32>
// POISON-NEXT: // poison: 0, 1
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<1x2x2xi32> {
  %x = arith.constant dense<[[[1, 127], [3, 4]]]> : tensor<1x2x2xi8>
  %one = arith.constant dense<[[[0, 1], [0, 0]]]> : tensor<1x2x2xi8>
  %a = arith.addi %x, %one overflow<nsw> : tensor<1x2x2xi8>
  %b = "tosa.const"() {values = dense<[[[1, 2], [1, 2]]]> : tensor<1x2x2xi8>} : () -> tensor<1x2x2xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<1x2x2xi8>, tensor<1x2x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2xi32>
  return %0 : tensor<1x2x2xi32>
}
