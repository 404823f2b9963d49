// [arith.float] addf subf mulf divf remf negf maximumf minimumf maxnumf
// minnumf on f32, f64, f16, bf16, f8E4M3FN, f8E4M3FNUZ, f4E2M1FN; results
// correctly rounded (nearest-even), NaNs per spec/numeric.md [format.nan].
// Hand-checked (f32): 0.1+0.2 = 0x3E99999A (0.3); inf + -inf = 0x7FC00000;
// qNaN 0x7FC00001 + sNaN 0x7F800002 = 0x7FC00001 (first NaN, quieted);
// 1 + 0x7F800002 = 0x7FC00002; max+max = inf; -0 + 0 = 0, -0 - 0 = -0,
// -0 * 0 = -0, -0 / 0 = NaN; 0.1*0.2 = 0.020000001 (0x3CA3D70B).
// Narrow: f16 0.1/3 = 0x2844; bf16 1 + 2^-8 ties to even = 1.0; f8E4M3FN
// 448+448 and 1/0 give its NaN 0x7F (no infinity); f4E2M1FN 0/0 is invalid in a
// format without NaN: poison.
// remf = C fmod (exact, sign of the dividend): 5.5 rem 2 = 1.5, -5.5 rem 2 =
// -1.5, 5.5 rem -2 = 1.5, inf rem 2 and 1 rem 0 = NaN, -3 rem inf = -3,
// f32 max rem 1.5 = 0 (max = 3*5592405*2^104), f64 1e308 rem 2^-1074 = 0.
// maximumf/minimumf propagate NaN (first NaN quieted) and order -0 < +0;
// maxnumf/minnumf return the non-NaN operand; both NaN: first NaN quieted.
// negf flips the sign bit, NaN payload kept; the FNUZ NaN 0x80 and 0 are their
// own negation. fastmath<nnan>/<ninf>: a NaN / inf operand or result is
// poison (1 + NaN, inf + 1, max + max = inf); other flags are ignored.
//
// RUN: quant-interp %s --entry=f32_arith | FileCheck %s --check-prefix=F32-ARITH --match-full-lines
// RUN: quant-interp %s --entry=zero_signs | FileCheck %s --check-prefix=ZERO-SIGNS --match-full-lines
// RUN: quant-interp %s --entry=narrow | FileCheck %s --check-prefix=NARROW --match-full-lines
// RUN: quant-interp %s --entry=remf | FileCheck %s --check-prefix=REMF --match-full-lines
// RUN: quant-interp %s --entry=minmax | FileCheck %s --check-prefix=MINMAX --match-full-lines
// RUN: quant-interp %s --entry=negf | FileCheck %s --check-prefix=NEGF --match-full-lines
// RUN: quant-interp %s --entry=fastmath | FileCheck %s --check-prefix=FASTMATH --match-full-lines

// F32-ARITH: dense<[0.3, 0x7FC00000, 0x7FC00001, 0x7FC00002, 0x7F800000, 0.0]> : tensor<6xf32>
// F32-ARITH-NEXT: dense<[-0.1, 0x7F800000, 0x7FC00001, 0x7FC00002, 0.0, -0.0]> : tensor<6xf32>
// F32-ARITH-NEXT: dense<[0.020000001, 0xFF800000, 0x7FC00001, 0x7FC00002, 0x7F800000, -0.0]> : tensor<6xf32>
// F32-ARITH-NEXT: dense<[0.5, 0x7FC00000, 0x7FC00001, 0x7FC00002, 1.0, 0x7FC00000]> : tensor<6xf32>
// F32-ARITH-NOT: {{.+}}
func.func @f32_arith() -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %a = arith.constant dense<[0.1, 0x7F800000, 0x7FC00001, 1.0, 0x7F7FFFFF, -0.0]> : tensor<6xf32>
  %b = arith.constant dense<[0.2, 0xFF800000, 0x7F800002, 0x7F800002, 0x7F7FFFFF, 0.0]> : tensor<6xf32>
  %0 = arith.addf %a, %b : tensor<6xf32>
  %1 = arith.subf %a, %b : tensor<6xf32>
  %2 = arith.mulf %a, %b : tensor<6xf32>
  %3 = arith.divf %a, %b : tensor<6xf32>
  return %0, %1, %2, %3 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}
// ZERO-SIGNS: dense<[-0.0, 0.0, 0.0, -1.0]> : tensor<4xf32>
// ZERO-SIGNS-NEXT: dense<[0.0, -0.0, -1.0, -0.0]> : tensor<4xf32>
// ZERO-SIGNS-NOT: {{.+}}
func.func @zero_signs() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = arith.constant dense<[-0.0, -0.0, 1.0, -1.0]> : tensor<4xf32>
  %b = arith.constant dense<[-0.0, 0.0, -1.0, 0.0]> : tensor<4xf32>
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.mulf %a, %b : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
// NARROW: 0.03333 : f16
// NARROW-NEXT: 1.0 : bf16
// NARROW-NEXT: 0.3333333333333333 : f64
// NARROW-NEXT: 0x7F : f8E4M3FN
// NARROW-NEXT: 0x7F : f8E4M3FN
// NARROW-NEXT: 0.0 : f4E2M1FN
// NARROW-NEXT: // poison: 0
// NARROW-NOT: {{.+}}
func.func @narrow() -> (f16, bf16, f64, f8E4M3FN, f8E4M3FN, f4E2M1FN) {
  %h = arith.constant 0.1 : f16
  %h3 = arith.constant 3.0 : f16
  %0 = arith.divf %h, %h3 : f16
  %b = arith.constant 1.0 : bf16
  %e = arith.constant 0.00390625 : bf16
  %1 = arith.addf %b, %e : bf16
  %d = arith.constant 1.0 : f64
  %d3 = arith.constant 3.0 : f64
  %2 = arith.divf %d, %d3 : f64
  %f = arith.constant 448.0 : f8E4M3FN
  %3 = arith.addf %f, %f : f8E4M3FN
  %f1 = arith.constant 1.0 : f8E4M3FN
  %f0 = arith.constant 0.0 : f8E4M3FN
  %4 = arith.divf %f1, %f0 : f8E4M3FN
  %z = arith.constant 0.0 : f4E2M1FN
  %5 = arith.divf %z, %z : f4E2M1FN
  return %0, %1, %2, %3, %4, %5 : f16, bf16, f64, f8E4M3FN, f8E4M3FN, f4E2M1FN
}
// REMF: dense<[1.5, -1.5, 1.5, 0x7FC00000, 0x7FC00000, -3.0, 0.0]> : tensor<7xf32>
// REMF-NEXT: 0.0 : f64
// REMF-NOT: {{.+}}
func.func @remf() -> (tensor<7xf32>, f64) {
  %a = arith.constant dense<[5.5, -5.5, 5.5, 0x7F800000, 1.0, -3.0, 0x7F7FFFFF]> : tensor<7xf32>
  %b = arith.constant dense<[2.0, 2.0, -2.0, 2.0, 0.0, 0x7F800000, 1.5]> : tensor<7xf32>
  %0 = arith.remf %a, %b : tensor<7xf32>
  %x = arith.constant 1.0e308 : f64
  %y = arith.constant 4.9406564584124654e-324 : f64
  %1 = arith.remf %x, %y : f64
  return %0, %1 : tensor<7xf32>, f64
}
// MINMAX: dense<[0.0, 0.0, 0x7FC00001, 0xFFC00002, 0x7FC00001]> : tensor<5xf32>
// MINMAX-NEXT: dense<[-0.0, -0.0, 0x7FC00001, 0xFFC00002, 0x7FC00001]> : tensor<5xf32>
// MINMAX-NEXT: dense<[0.0, 0.0, 2.0, 1.0, 0x7FC00001]> : tensor<5xf32>
// MINMAX-NEXT: dense<[-0.0, -0.0, 2.0, 1.0, 0x7FC00001]> : tensor<5xf32>
// MINMAX-NOT: {{.+}}
func.func @minmax() -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %a = arith.constant dense<[-0.0, 0.0, 0x7FC00001, 1.0, 0x7F800001]> : tensor<5xf32>
  %b = arith.constant dense<[0.0, -0.0, 2.0, 0xFFC00002, 0x7FC00003]> : tensor<5xf32>
  %0 = arith.maximumf %a, %b : tensor<5xf32>
  %1 = arith.minimumf %a, %b : tensor<5xf32>
  %2 = arith.maxnumf %a, %b : tensor<5xf32>
  %3 = arith.minnumf %a, %b : tensor<5xf32>
  return %0, %1, %2, %3 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}
// NEGF: dense<[-0.0, 1.5, 0xFF800001, 0x7F800000]> : tensor<4xf32>
// NEGF-NEXT: dense<[0.0, 0x80, -0.5]> : tensor<3xf8E4M3FNUZ>
// NEGF-NOT: {{.+}}
func.func @negf() -> (tensor<4xf32>, tensor<3xf8E4M3FNUZ>) {
  %a = arith.constant dense<[0.0, -1.5, 0x7F800001, 0xFF800000]> : tensor<4xf32>
  %0 = arith.negf %a : tensor<4xf32>
  %u = arith.constant dense<[0x00, 0x80, 0x38]> : tensor<3xf8E4M3FNUZ>
  %1 = arith.negf %u : tensor<3xf8E4M3FNUZ>
  return %0, %1 : tensor<4xf32>, tensor<3xf8E4M3FNUZ>
}
// FASTMATH: dense<[3.0, 0.0, 0x7F800000, 0x7F800000]> : tensor<4xf32>
// FASTMATH-NEXT: // poison: 1
// FASTMATH-NEXT: dense<[3.0, 0x7FC00000, 0.0, 0.0]> : tensor<4xf32>
// FASTMATH-NEXT: // poison: 2, 3
// FASTMATH-NEXT: dense<[3.0, 0.0, 0.0, 0.0]> : tensor<4xf32>
// FASTMATH-NEXT: // poison: 1, 2, 3
// FASTMATH-NEXT: dense<[true, false, false, false]> : tensor<4xi1>
// FASTMATH-NEXT: // poison: 1
// FASTMATH-NOT: {{.+}}
func.func @fastmath() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
  %a = arith.constant dense<[1.0, 0x7FC00000, 0x7F800000, 0x7F7FFFFF]> : tensor<4xf32>
  %b = arith.constant dense<[2.0, 1.0, 1.0, 0x7F7FFFFF]> : tensor<4xf32>
  %0 = arith.addf %a, %b fastmath<nnan> : tensor<4xf32>
  %1 = arith.addf %a, %b fastmath<ninf> : tensor<4xf32>
  %2 = arith.addf %a, %b fastmath<fast> : tensor<4xf32>
  %3 = arith.cmpf olt, %a, %b fastmath<nnan> : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
}
