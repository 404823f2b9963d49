// [tosa.add], [tosa.sub], [tosa-ew.broadcast], [tosa-ew.poison]: ADD and
// SUB of TOSA 1.0 (i32, f32, f16, bf16), size-1 dimensions broadcast on
// either side, rank 0, dynamic and unranked shapes, apply_add_s /
// apply_sub_s at both ends of int32, one IEEE rounding per float element.
// Every expected value is computed below by hand.
//
// RUN: quant-interp %s --entry=broadcast | FileCheck %s --check-prefix=BROADCAST --match-full-lines
// RUN: quant-interp %s --entry=largest | FileCheck %s --check-prefix=LARGEST --match-full-lines
// RUN: not quant-interp %s --entry=add_overflow 2>&1 | FileCheck %s --check-prefix=ADD-OVERFLOW
// RUN: not quant-interp %s --entry=sub_overflow 2>&1 | FileCheck %s --check-prefix=SUB-OVERFLOW
// RUN: quant-interp %s --entry=floats | FileCheck %s --check-prefix=FLOATS --match-full-lines
// RUN: quant-interp %s --entry=rank0 | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[1], [2]]> : tensor<2x1xi32>' --arg='dense<[[10, 20, 30]]> : tensor<1x3xi32>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[0, 0, 0]]> : tensor<1x3xi32>' --arg='dense<[[5], [-5]]> : tensor<2x1xi32>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines
// RUN: quant-interp %s --entry=empty --arg='dense<> : tensor<0x3xi32>' --arg='dense<[[1, 2, 3]]> : tensor<1x3xi32>' | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// a [2, 1] + b [1, 3]: out[i, j] = a[i, 0] + b[0, j] = [[11, 21, 31], [12, 22, 32]];
// a - b: [[-9, -19, -29], [-8, -18, -28]]; b - a ([1, 3] - [2, 1]) the negation.
// BROADCAST: dense<{{\[}}[11, 21, 31], [12, 22, 32]]> : tensor<2x3xi32>
// BROADCAST-NEXT: dense<{{\[}}[-9, -19, -29], [-8, -18, -28]]> : tensor<2x3xi32>
// BROADCAST-NEXT: dense<{{\[}}[9, 19, 29], [8, 18, 28]]> : tensor<2x3xi32>
// BROADCAST-NOT: {{.+}}
func.func @broadcast() -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %a = "tosa.const"() {values = dense<[[1], [2]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %b = "tosa.const"() {values = dense<[[10, 20, 30]]> : tensor<1x3xi32>} : () -> tensor<1x3xi32>
  %0 = tosa.add %a, %b : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  %1 = tosa.sub %a, %b : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  %2 = tosa.sub %b, %a : (tensor<1x3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
}

// The sums and differences that just fit int32:
//   2147483646 + 1 = 2147483647, -2147483647 + -1 = -2147483648,
//   -2147483647 - 1 = -2147483648, 2147483646 - -1 = 2147483647,
//   -1 - 2147483647 = -2147483648, 0 - -2147483647 = 2147483647.
// LARGEST: dense<[2147483647, -2147483648]> : tensor<2xi32>
// LARGEST-NEXT: dense<[-2147483648, 2147483647, -2147483648, 2147483647]> : tensor<4xi32>
// LARGEST-NOT: {{.+}}
func.func @largest() -> (tensor<2xi32>, tensor<4xi32>) {
  %a = "tosa.const"() {values = dense<[2147483646, -2147483647]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b = "tosa.const"() {values = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %c = "tosa.const"() {values = dense<[-2147483647, 2147483646, -1, 0]> : tensor<4xi32>} : () -> tensor<4xi32>
  %d = "tosa.const"() {values = dense<[1, -1, 2147483647, -2147483647]> : tensor<4xi32>} : () -> tensor<4xi32>
  %0 = tosa.add %a, %b : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %1 = tosa.sub %c, %d : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1 : tensor<2xi32>, tensor<4xi32>
}

// One more: element [1] is 2147483647 + 1; the REQUIRE of apply_add_s<int32_t>
// names the first element that fails, with the two values, and nothing is printed.
func.func @add_overflow() -> tensor<3xi32> {
  %a = "tosa.const"() {values = dense<[0, 2147483647, -2147483648]> : tensor<3xi32>} : () -> tensor<3xi32>
  %b = "tosa.const"() {values = dense<[0, 1, -1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // ADD-OVERFLOW: add-sub.mlir:[[@LINE+1]]:8: error: tosa.add: element [1]: REQUIRE(!(b_i64 > 0 && a_i64 > maximum_s<in_t>() - b_i64) && !(b_i64 < 0 && a_i64 < minimum_s<in_t>() - b_i64)) of apply_add_s<int32_t> does not hold (value1 = 2147483647, value2 = 1)
  %0 = tosa.add %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// Broadcast [1, 2] - [2, 1]: element [1, 0] is -2147483648 - 1.
func.func @sub_overflow() -> tensor<2x2xi32> {
  %a = "tosa.const"() {values = dense<[[-2147483648, 0]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %b = "tosa.const"() {values = dense<[[0], [1]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  // SUB-OVERFLOW: add-sub.mlir:[[@LINE+1]]:8: error: tosa.sub: element [1, 0]: REQUIRE(!(b_i64 > 0 && a_i64 < minimum_s<in_t>() + b_i64) && !(b_i64 < 0 && a_i64 > maximum_s<in_t>() + b_i64)) of apply_sub_s<int32_t> does not hold (value1 = -2147483648, value2 = 1)
  %0 = tosa.sub %a, %b : (tensor<1x2xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// One rounding to nearest-even per element ([contract.float] 1):
// f32: 16777216 + 1 = 16777217, a tie between 16777216 and 16777218 -> 16777216;
//      16777218 + 1 = 16777219, a tie -> 16777220 (even significand);
//      inf + -inf = NaN (the default NaN 0x7FC00000); -0 + -0 = -0; 0 + -0 = 0.
// f16: 2048 + 1 = 2049 -> 2048; 65504 + 16 = 65520, halfway to 65536 -> inf;
//      65504 + 15 = 65519 -> 65504 (printed as 65500.0, the shortest decimal
//      that reads back as it).
// bf16 (8 significant bits): 256 - -1 = 257 -> 256; 258 - -1 = 259 -> 260; 1 - 1 = 0.
// FLOATS: dense<[16777216.0, 16777220.0, 0x7FC00000, -0.0, 0.0]> : tensor<5xf32>
// FLOATS-NEXT: dense<[2048.0, 0x7C00, 65500.0]> : tensor<3xf16>
// FLOATS-NEXT: dense<[256.0, 260.0, 0.0]> : tensor<3xbf16>
// FLOATS-NOT: {{.+}}
func.func @floats() -> (tensor<5xf32>, tensor<3xf16>, tensor<3xbf16>) {
  %a = "tosa.const"() {values = dense<[16777216.0, 16777218.0, 0x7F800000, -0.0, 0.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %b = "tosa.const"() {values = dense<[1.0, 1.0, 0xFF800000, -0.0, -0.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %c = "tosa.const"() {values = dense<[2048.0, 65504.0, 65504.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %d = "tosa.const"() {values = dense<[1.0, 16.0, 15.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %e = "tosa.const"() {values = dense<[256.0, 258.0, 1.0]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %f = "tosa.const"() {values = dense<[-1.0, -1.0, 1.0]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %0 = tosa.add %a, %b : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %1 = tosa.add %c, %d : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xf16>
  %2 = tosa.sub %e, %f : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xbf16>
  return %0, %1, %2 : tensor<5xf32>, tensor<3xf16>, tensor<3xbf16>
}

// Rank 0: 7 + -9 = -2; 7 - -9 = 16.
// RANK0: dense<-2> : tensor<i32>
// RANK0-NEXT: dense<16> : tensor<i32>
// RANK0-NOT: {{.+}}
func.func @rank0() -> (tensor<i32>, tensor<i32>) {
  %a = "tosa.const"() {values = dense<7> : tensor<i32>} : () -> tensor<i32>
  %b = "tosa.const"() {values = dense<-9> : tensor<i32>} : () -> tensor<i32>
  %0 = tosa.add %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %1 = tosa.sub %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %0, %1 : tensor<i32>, tensor<i32>
}

// The broadcast of BROADCAST with both shapes known only at run time.
// DYNAMIC: dense<{{\[}}[11, 21, 31], [12, 22, 32]]> : tensor<2x3xi32>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %0 = tosa.add %a, %b : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// [1, 3] - [2, 1], unranked: out[i, j] = 0 - b[i, 0].
// UNRANKED: dense<{{\[}}[-5, -5, -5], [5, 5, 5]]> : tensor<2x3xi32>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%a: tensor<*xi32>, %b: tensor<*xi32>) -> tensor<*xi32> {
  %0 = tosa.sub %a, %b : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// [0, 3] + [1, 3]: broadcast_shape keeps 0 (shape1[0] = 0 is not 1, shape2[0] = 1).
// EMPTY: dense<> : tensor<0x3xi32>
// EMPTY-NOT: {{.+}}
func.func @empty(%a: tensor<?x3xi32>, %b: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %0 = tosa.add %a, %b : (tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}

// x = [poison, 1] (2147483647 + 1 with nsw, [arith.poison]); x + [2147483647, 5]:
// element 0 is poison and its REQUIRE is not checked; element 1 is 6.
// Broadcast [1] + [2]: the one poison element makes both poison.
// POISON: dense<[0, 6]> : tensor<2xi32>
// POISON-NEXT: // poison: 0
// POISON-NEXT: dense<[0, 0]> : tensor<2xi32>
// POISON-NEXT: // poison: 0, 1
// POISON-NOT: {{.+}}
func.func @poison() -> (tensor<2xi32>, tensor<2xi32>) {
  %m = arith.constant dense<[2147483647, 0]> : tensor<2xi32>
  %o = arith.constant dense<[1, 1]> : tensor<2xi32>
  %x = arith.addi %m, %o overflow<nsw> : tensor<2xi32>
  %y = "tosa.const"() {values = dense<[2147483647, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = tosa.add %x, %y : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %s0 = tosa.const_shape {values = dense<0> : tensor<1xindex>} : () -> !tosa.shape<1>
  %s1 = tosa.const_shape {values = dense<1> : tensor<1xindex>} : () -> !tosa.shape<1>
  %p = tosa.slice %x, %s0, %s1 : (tensor<2xi32>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<1xi32>
  %1 = tosa.sub %p, %y : (tensor<1xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}
