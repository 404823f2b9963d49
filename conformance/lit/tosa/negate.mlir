// [tosa.negate]: NEGATE of TOSA 1.0: integers through acc_t = i32_t
// (value1 - input1_zp, 0 - value, + output_zp, clipped to in_out_t), i8
// zero points at the extremes, the REQUIRE of apply_sub_s<int32_t> at
// -2^31, floats step by step (so -0 and +0 both give +0), dynamic and
// unranked shapes, runtime zero points, poison. Every expected value is
// computed below by hand.
//
// RUN: quant-interp %s --entry=i8 | FileCheck %s --check-prefix=I8 --match-full-lines
// RUN: quant-interp %s --entry=wide | FileCheck %s --check-prefix=WIDE --match-full-lines
// RUN: not quant-interp %s --entry=int32_min 2>&1 | FileCheck %s --check-prefix=INT32-MIN
// RUN: quant-interp %s --entry=floats | FileCheck %s --check-prefix=FLOATS --match-full-lines
// RUN: quant-interp %s --entry=runtime_zp --arg='dense<[1, 2, 3]> : tensor<3xi8>' --arg='dense<-128> : tensor<1xi8>' --arg='dense<127> : tensor<1xi8>' | FileCheck %s --check-prefix=RUNTIME-ZP --match-full-lines
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// input1_zp = 3, output_zp = -5: x = [-128, 127, 3, 0]
//   value1 - 3 = [-131, 124, 0, -3]; 0 - value = [131, -124, 0, 3];
//   + (-5) = [126, -129, -5, -2]; clipped to [-128, 127]: [126, -128, -5, -2].
// input1_zp = -128, output_zp = 127: x = [127, -128]
//   127 + 128 = 255 -> -255 -> -128; -128 + 128 = 0 -> 0 -> 127.
// I8: dense<[126, -128, -5, -2]> : tensor<4xi8>
// I8-NEXT: dense<[-128, 127]> : tensor<2xi8>
// I8-NOT: {{.+}}
func.func @i8() -> (tensor<4xi8>, tensor<2xi8>) {
  %a = "tosa.const"() {values = dense<[-128, 127, 3, 0]> : tensor<4xi8>} : () -> tensor<4xi8>
  %b = "tosa.const"() {values = dense<[127, -128]> : tensor<2xi8>} : () -> tensor<2xi8>
  %z3 = "tosa.const"() {values = dense<3> : tensor<1xi8>} : () -> tensor<1xi8>
  %zm5 = "tosa.const"() {values = dense<-5> : tensor<1xi8>} : () -> tensor<1xi8>
  %zlo = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %zhi = "tosa.const"() {values = dense<127> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.negate %a, %z3, %zm5 : (tensor<4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  %1 = tosa.negate %b, %zlo, %zhi : (tensor<2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %0, %1 : tensor<4xi8>, tensor<2xi8>
}

// i16: -(-32768) = 32768 clipped to 32767; -32767 <- 32767; 0.
// i32: -(2147483647) = -2147483647, -(-2147483647) = 2147483647, 0.
// WIDE: dense<[32767, -32767, 0]> : tensor<3xi16>
// WIDE-NEXT: dense<[-2147483647, 2147483647, 0]> : tensor<3xi32>
// WIDE-NOT: {{.+}}
func.func @wide() -> (tensor<3xi16>, tensor<3xi32>) {
  %a = "tosa.const"() {values = dense<[-32768, 32767, 0]> : tensor<3xi16>} : () -> tensor<3xi16>
  %b = "tosa.const"() {values = dense<[2147483647, -2147483647, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %za = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %zb = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = tosa.negate %a, %za, %za : (tensor<3xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<3xi16>
  %1 = tosa.negate %b, %zb, %zb : (tensor<3xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  return %0, %1 : tensor<3xi16>, tensor<3xi32>
}

// -2^31: value = -2147483648 - 0 fits; apply_sub_s<int32_t>(0, value) does not.
func.func @int32_min() -> tensor<2xi32> {
  %a = "tosa.const"() {values = dense<[5, -2147483648]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // INT32-MIN: negate.mlir:[[@LINE+1]]:8: error: tosa.negate: element [1]: REQUIRE(!(b_i64 > 0 && a_i64 < minimum_s<in_t>() + b_i64) && !(b_i64 < 0 && a_i64 > maximum_s<in_t>() + b_i64)) of apply_sub_s<int32_t> does not hold (0 = 0, value = -2147483648)
  %0 = tosa.negate %a, %z, %z : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// f32, zero points +0 and -0 (both == 0): value = value1 - input1_zp;
// value = 0 - value; value = value + output_zp, each rounded in f32:
//   1.5 -> -1.5; +0 -> (+0 - +0 = +0) -> (+0 - +0 = +0) -> +0;
//   -0 -> (-0 - +0 = -0) -> (+0 - -0 = +0) -> +0; inf -> -inf; NaN -> default NaN.
// With input1_zp = -0 and output_zp = -0: -0 - -0 = +0 -> +0 -> +0 + -0 = +0.
// f16 / bf16: 2 -> -2, -65504 -> 65504 (printed 65500.0), bf16 3 -> -3.
// FLOATS: dense<[-1.5, 0.0, 0.0, 0xFF800000, 0x7FC00000]> : tensor<5xf32>
// FLOATS-NEXT: dense<[0.0, 0.0]> : tensor<2xf32>
// FLOATS-NEXT: dense<[-2.0, 65500.0]> : tensor<2xf16>
// FLOATS-NEXT: dense<[-3.0]> : tensor<1xbf16>
// FLOATS-NOT: {{.+}}
func.func @floats() -> (tensor<5xf32>, tensor<2xf32>, tensor<2xf16>, tensor<1xbf16>) {
  %a = "tosa.const"() {values = dense<[1.5, 0.0, -0.0, 0x7F800000, 0xFFC00001]> : tensor<5xf32>} : () -> tensor<5xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %nz = "tosa.const"() {values = dense<-0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %b = "tosa.const"() {values = dense<[0.0, -0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "tosa.const"() {values = dense<[2.0, -65504.0]> : tensor<2xf16>} : () -> tensor<2xf16>
  %zc = "tosa.const"() {values = dense<0.0> : tensor<1xf16>} : () -> tensor<1xf16>
  %d = "tosa.const"() {values = dense<3.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %zd = "tosa.const"() {values = dense<0.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %0 = tosa.negate %a, %z, %z : (tensor<5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<5xf32>
  %1 = tosa.negate %b, %nz, %nz : (tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2xf32>
  %2 = tosa.negate %c, %zc, %zc : (tensor<2xf16>, tensor<1xf16>, tensor<1xf16>) -> tensor<2xf16>
  %3 = tosa.negate %d, %zd, %zd : (tensor<1xbf16>, tensor<1xbf16>, tensor<1xbf16>) -> tensor<1xbf16>
  return %0, %1, %2, %3 : tensor<5xf32>, tensor<2xf32>, tensor<2xf16>, tensor<1xbf16>
}

// Zero points passed at run time (the verifier cannot see them), input of
// unranked type: input1_zp = -128, output_zp = 127: x + 128 -> negated -> + 127:
// 1 -> -129 + 127 = -2; 2 -> -3; 3 -> -4.
// RUNTIME-ZP: dense<[-2, -3, -4]> : tensor<3xi8>
// RUNTIME-ZP-NOT: {{.+}}
func.func @runtime_zp(%a: tensor<*xi8>, %zi: tensor<1xi8>, %zo: tensor<1xi8>) -> tensor<*xi8> {
  %0 = tosa.negate %a, %zi, %zo : (tensor<*xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<*xi8>
  return %0 : tensor<*xi8>
}

// x = [poison, -2147483647] (2147483647 + 1 with nsw): element 0 stays
// poison; element 1 is 2147483647.
// POISON: dense<[0, 2147483647]> : tensor<2xi32>
// POISON-NEXT: // poison: 0
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<2xi32> {
  %m = arith.constant dense<[2147483647, -2147483648]> : tensor<2xi32>
  %o = arith.constant dense<1> : tensor<2xi32>
  %x = arith.addi %m, %o overflow<nsw> : tensor<2xi32>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = tosa.negate %x, %z, %z : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
