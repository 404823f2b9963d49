// [math.round] [math.sqrt] [math.fma] [math.sign] [math.int] [math.class]
// Hand-checked. roundeven/round/floor/ceil/trunc of 2.5, -2.5, 0.5, -0.5, 1.7:
// 2 -2 0 -0 2 / 3 -3 1 -1 2 / 2 -3 0 -1 1 / 3 -2 1 -0 2 / 2 -2 0 -0 1; a zero
// result keeps the operand's sign; -0 and integers are unchanged; a NaN is
// quieted (0x7F800001 -> 0x7FC00001). bf16 roundeven 1.5 = 2, -3.5 = -4;
// f8E4M3FN floor 0.875 = 0, -0.875 = -1, NaN 0x7F kept.
// sqrt is correctly rounded: f32 sqrt 2 = 0x3FB504F3, sqrt 2^-149 = 2^-74.5 =
// 0x1A3504F3, sqrt -0 = -0, sqrt -1 = default NaN, NaN payload kept; f64 sqrt 2
// = 0x3FF6A09E667F3BCD; f16 sqrt 2 = 0x3DA8, sqrt 65504 = 0x5BFF (255.875),
// sqrt 2^-24 = 2^-12 = 0x0C00.
// fma rounds once: a = 1+2^-12 (0x3F800800): fma(a, a, -1) = 2^-11+2^-24
// (0x3A000400) while mulf+addf = 2^-11; fma(0, inf, 0x7FC00003) = 0x7FC00003;
// fma(inf, 1, -inf) = default NaN.
// absf clears the sign bit (NaN payload kept), copysign takes the sign bit of
// the second operand; in f8E4M3FNUZ the NaN 0x80 is kept as it is.
// absi (INT_MIN stays INT_MIN), ctlz / cttz (0 -> the width), ctpop on i8
// -128, -5, 0, 12. isnan/isinf/isfinite/isnormal on 1, sNaN, -inf, the
// smallest subnormal, 0. fastmath<nnan>: NaN operand or result is poison.
//
// RUN: quant-interp %s --entry=rounding | FileCheck %s --check-prefix=ROUNDING --match-full-lines
// RUN: quant-interp %s --entry=rounding_narrow | FileCheck %s --check-prefix=ROUNDING-NARROW --match-full-lines
// RUN: quant-interp %s --entry=sqrt | FileCheck %s --check-prefix=SQRT --match-full-lines
// RUN: quant-interp %s --entry=fma | FileCheck %s --check-prefix=FMA --match-full-lines
// RUN: quant-interp %s --entry=sign | FileCheck %s --check-prefix=SIGN --match-full-lines
// RUN: quant-interp %s --entry=integer | FileCheck %s --check-prefix=INTEGER --match-full-lines
// RUN: quant-interp %s --entry=classify | FileCheck %s --check-prefix=CLASSIFY --match-full-lines
// RUN: quant-interp %s --entry=fastmath | FileCheck %s --check-prefix=FASTMATH --match-full-lines

// ROUNDING: dense<[2.0, -2.0, 0.0, -0.0, 2.0, -0.0, 0x7FC00001, 8388609.0]> : tensor<8xf32>
// ROUNDING-NEXT: dense<[3.0, -3.0, 1.0, -1.0, 2.0, -0.0, 0x7FC00001, 8388609.0]> : tensor<8xf32>
// ROUNDING-NEXT: dense<[2.0, -3.0, 0.0, -1.0, 1.0, -0.0, 0x7FC00001, 8388609.0]> : tensor<8xf32>
// ROUNDING-NEXT: dense<[3.0, -2.0, 1.0, -0.0, 2.0, -0.0, 0x7FC00001, 8388609.0]> : tensor<8xf32>
// ROUNDING-NEXT: dense<[2.0, -2.0, 0.0, -0.0, 1.0, -0.0, 0x7FC00001, 8388609.0]> : tensor<8xf32>
// ROUNDING-NOT: {{.+}}
func.func @rounding() -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %a = arith.constant dense<[2.5, -2.5, 0.5, -0.5, 1.7, -0.0, 0x7F800001, 8388609.0]> : tensor<8xf32>
  %0 = math.roundeven %a : tensor<8xf32>
  %1 = math.round %a : tensor<8xf32>
  %2 = math.floor %a : tensor<8xf32>
  %3 = math.ceil %a : tensor<8xf32>
  %4 = math.trunc %a : tensor<8xf32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
// ROUNDING-NARROW: dense<[2.0, -4.0, 0xFF80]> : tensor<3xbf16>
// ROUNDING-NARROW-NEXT: dense<[0.0, -1.0, 0x7F]> : tensor<3xf8E4M3FN>
// ROUNDING-NARROW-NOT: {{.+}}
func.func @rounding_narrow() -> (tensor<3xbf16>, tensor<3xf8E4M3FN>) {
  %a = arith.constant dense<[1.5, -3.5, 0xFF80]> : tensor<3xbf16>
  %0 = math.roundeven %a : tensor<3xbf16>
  %b = arith.constant dense<[0.875, -0.875, 0x7F]> : tensor<3xf8E4M3FN>
  %1 = math.floor %b : tensor<3xf8E4M3FN>
  return %0, %1 : tensor<3xbf16>, tensor<3xf8E4M3FN>
}
// SQRT: dense<[1.4142135, 2.0, -0.0, 0x7FC00000, 0x7F800000, 3.743392e-23, 0x7FC00005]> : tensor<7xf32>
// SQRT-NEXT: dense<[1.4142135623730951, 1.0e+154, 0.0]> : tensor<3xf64>
// SQRT-NEXT: dense<[1.414, 255.9, 0.0002441]> : tensor<3xf16>
// SQRT-NOT: {{.+}}
func.func @sqrt() -> (tensor<7xf32>, tensor<3xf64>, tensor<3xf16>) {
  %a = arith.constant dense<[2.0, 4.0, -0.0, -1.0, 0x7F800000, 1.0e-45, 0x7FC00005]> : tensor<7xf32>
  %0 = math.sqrt %a : tensor<7xf32>
  %b = arith.constant dense<[2.0, 1.0e308, 0.0]> : tensor<3xf64>
  %1 = math.sqrt %b : tensor<3xf64>
  %c = arith.constant dense<[2.0, 65504.0, 0x0001]> : tensor<3xf16>
  %2 = math.sqrt %c : tensor<3xf16>
  return %0, %1, %2 : tensor<7xf32>, tensor<3xf64>, tensor<3xf16>
}
// FMA: dense<[0.00048834085, 0x7FC00003, 0x7FC00000]> : tensor<3xf32>
// FMA-NEXT: dense<[0.00048828125, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
// FMA-NOT: {{.+}}
func.func @fma() -> (tensor<3xf32>, tensor<3xf32>) {
  %a = arith.constant dense<[0x3F800800, 0.0, 0x7F800000]> : tensor<3xf32>
  %b = arith.constant dense<[0x3F800800, 0x7F800000, 1.0]> : tensor<3xf32>
  %c = arith.constant dense<[-1.0, 0x7FC00003, 0xFF800000]> : tensor<3xf32>
  %0 = math.fma %a, %b, %c : tensor<3xf32>
  %p = arith.mulf %a, %b : tensor<3xf32>
  %1 = arith.addf %p, %c : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}
// SIGN: dense<[1.5, 0.0, 0x7FC00001, 0.0]> : tensor<4xf32>
// SIGN-NEXT: dense<[1.5, -0.0, 0x7FC00001, 0.0]> : tensor<4xf32>
// SIGN-NEXT: dense<[0x80, 0.5, 0.0]> : tensor<3xf8E4M3FNUZ>
// SIGN-NOT: {{.+}}
func.func @sign() -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf8E4M3FNUZ>) {
  %a = arith.constant dense<[-1.5, 0.0, 0xFFC00001, -0.0]> : tensor<4xf32>
  %b = arith.constant dense<[1.0, -2.0, 1.0, 0x7FC00000]> : tensor<4xf32>
  %0 = math.absf %a : tensor<4xf32>
  %1 = math.copysign %a, %b : tensor<4xf32>
  %u = arith.constant dense<[0x80, 0xB8, 0x00]> : tensor<3xf8E4M3FNUZ>
  %2 = math.absf %u : tensor<3xf8E4M3FNUZ>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<3xf8E4M3FNUZ>
}
// INTEGER: dense<[-128, 5, 0, 12]> : tensor<4xi8>
// INTEGER-NEXT: dense<[0, 0, 8, 4]> : tensor<4xi8>
// INTEGER-NEXT: dense<[7, 0, 8, 2]> : tensor<4xi8>
// INTEGER-NEXT: dense<[1, 7, 0, 2]> : tensor<4xi8>
// INTEGER-NOT: {{.+}}
func.func @integer() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[-128, -5, 0, 12]> : tensor<4xi8>
  %0 = math.absi %a : tensor<4xi8>
  %1 = math.ctlz %a : tensor<4xi8>
  %2 = math.cttz %a : tensor<4xi8>
  %3 = math.ctpop %a : tensor<4xi8>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}
// CLASSIFY: dense<[false, true, false, false, false]> : tensor<5xi1>
// CLASSIFY-NEXT: dense<[false, false, true, false, false]> : tensor<5xi1>
// CLASSIFY-NEXT: dense<[true, false, false, true, true]> : tensor<5xi1>
// CLASSIFY-NEXT: dense<[true, false, false, false, false]> : tensor<5xi1>
// CLASSIFY-NOT: {{.+}}
func.func @classify() -> (tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>) {
  %a = arith.constant dense<[1.0, 0x7F800001, 0xFF800000, 1.0e-45, 0.0]> : tensor<5xf32>
  %0 = math.isnan %a : tensor<5xf32>
  %1 = math.isinf %a : tensor<5xf32>
  %2 = math.isfinite %a : tensor<5xf32>
  %3 = math.isnormal %a : tensor<5xf32>
  return %0, %1, %2, %3 : tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>
}
// FASTMATH: dense<[2.0, 0.0, 0.0]> : tensor<3xf32>
// FASTMATH-NEXT: // poison: 1, 2
// FASTMATH-NOT: {{.+}}
func.func @fastmath() -> tensor<3xf32> {
  %a = arith.constant dense<[4.0, 0x7FC00000, -1.0]> : tensor<3xf32>
  %0 = math.sqrt %a fastmath<nnan> : tensor<3xf32>
  return %0 : tensor<3xf32>
}
