// [tosa.clamp]: CLAMP of TOSA 1.0 (i8, i16, f16, bf16, f32):
// apply_clip_s<in_out_t>(value, min_val, max_val, nan_mode) = apply_min_s(
// apply_max_s(value, min_val), max_val), NaN under PROPAGATE and IGNORE,
// the order of +0 and -0, dynamic and unranked shapes, poison. Every
// expected value is computed below by hand.
//
// RUN: quant-interp %s --entry=integers | FileCheck %s --check-prefix=INTEGERS --match-full-lines
// RUN: quant-interp %s --entry=nan | FileCheck %s --check-prefix=NAN --match-full-lines
// RUN: quant-interp %s --entry=zeros | FileCheck %s --check-prefix=ZEROS --match-full-lines
// RUN: quant-interp %s --entry=narrow_floats | FileCheck %s --check-prefix=NARROW --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[-100, 100], [7, 0]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[-32768, 32767, 0]> : tensor<3xi16>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines

// i8 in [-3, 5]: -128 -> -3, -4 -> -3, -3, 0, 5, 6 -> 5, 127 -> 5.
// i16 with min_val = max_val = 7: every element 7; the whole range: unchanged.
// INTEGERS: dense<[-3, -3, -3, 0, 5, 5, 5]> : tensor<7xi8>
// INTEGERS-NEXT: dense<[7, 7, 7]> : tensor<3xi16>
// INTEGERS-NEXT: dense<[-32768, 32767, 0]> : tensor<3xi16>
// INTEGERS-NOT: {{.+}}
func.func @integers() -> (tensor<7xi8>, tensor<3xi16>, tensor<3xi16>) {
  %a = "tosa.const"() {values = dense<[-128, -4, -3, 0, 5, 6, 127]> : tensor<7xi8>} : () -> tensor<7xi8>
  %b = "tosa.const"() {values = dense<[-32768, 32767, 0]> : tensor<3xi16>} : () -> tensor<3xi16>
  %0 = tosa.clamp %a {min_val = -3 : i8, max_val = 5 : i8} : (tensor<7xi8>) -> tensor<7xi8>
  %1 = tosa.clamp %b {min_val = 7 : i16, max_val = 7 : i16} : (tensor<3xi16>) -> tensor<3xi16>
  %2 = tosa.clamp %b {min_val = -32768 : i16, max_val = 32767 : i16} : (tensor<3xi16>) -> tensor<3xi16>
  return %0, %1, %2 : tensor<7xi8>, tensor<3xi16>, tensor<3xi16>
}

// f32 in [-1, 6]: [NaN, inf, -inf, 2.5, -0.0].
// PROPAGATE: compare_nan gives NaN (the default NaN); inf -> 6; -inf -> -1.
// IGNORE: apply_max_s(NaN, -1) = -1, then apply_min_s(-1, 6) = -1.
// NAN: dense<[0x7FC00000, 6.0, -1.0, 2.5, -0.0]> : tensor<5xf32>
// NAN-NEXT: dense<[-1.0, 6.0, -1.0, 2.5, -0.0]> : tensor<5xf32>
// NAN-NOT: {{.+}}
func.func @nan() -> (tensor<5xf32>, tensor<5xf32>) {
  %a = "tosa.const"() {values = dense<[0x7FC00001, 0x7F800000, 0xFF800000, 2.5, -0.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %0 = tosa.clamp %a {min_val = -1.0 : f32, max_val = 6.0 : f32} : (tensor<5xf32>) -> tensor<5xf32>
  %1 = tosa.clamp %a {min_val = -1.0 : f32, max_val = 6.0 : f32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<5xf32>) -> tensor<5xf32>
  return %0, %1 : tensor<5xf32>, tensor<5xf32>
}

// +0 and -0 are equal, so the pseudo-code's `a >= b ? a : b` (max) and
// `a < b ? a : b` (min) decide which one is kept:
// min_val = -0, max_val = +0: +0 -> max(+0, -0) = +0 -> min(+0, +0) = +0 (b);
//   -0 -> max(-0, -0) = -0 -> min(-0, +0) = +0 (b). Both +0.
// min_val = +0, max_val = -0: +0 -> max(+0, +0) = +0 -> min(+0, -0) = -0;
//   -0 -> max(-0, +0) = -0 (a) -> min(-0, -0) = -0. Both -0.
// NaN under IGNORE with min_val = -0, max_val = +0: max(NaN, -0) = -0 (the
//   other operand), then min(-0, +0) = +0 (b): not min_val.
// ZEROS: dense<[0.0, 0.0]> : tensor<2xf32>
// ZEROS-NEXT: dense<[-0.0, -0.0]> : tensor<2xf32>
// ZEROS-NEXT: dense<[0.0]> : tensor<1xf32>
// ZEROS-NOT: {{.+}}
func.func @zeros() -> (tensor<2xf32>, tensor<2xf32>, tensor<1xf32>) {
  %a = "tosa.const"() {values = dense<[0.0, -0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %n = "tosa.const"() {values = dense<0x7FC00000> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.clamp %a {min_val = -0.0 : f32, max_val = 0.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = tosa.clamp %a {min_val = 0.0 : f32, max_val = -0.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = tosa.clamp %n {min_val = -0.0 : f32, max_val = 0.0 : f32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<1xf32>) -> tensor<1xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<1xf32>
}

// f16 and bf16 in [-1.5, 1.5]: 2 -> 1.5, -2 -> -1.5, 0.5; f16 NaN (0x7E01,
// a payload) -> the default NaN 0x7E00 (PROPAGATE).
// NARROW: dense<[1.5, -1.5, 0.5, 0x7E00]> : tensor<4xf16>
// NARROW-NEXT: dense<[1.5, -1.5, 0.5]> : tensor<3xbf16>
// NARROW-NOT: {{.+}}
func.func @narrow_floats() -> (tensor<4xf16>, tensor<3xbf16>) {
  %a = "tosa.const"() {values = dense<[2.0, -2.0, 0.5, 0x7E01]> : tensor<4xf16>} : () -> tensor<4xf16>
  %b = "tosa.const"() {values = dense<[2.0, -2.0, 0.5]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %0 = tosa.clamp %a {min_val = -1.5 : f16, max_val = 1.5 : f16} : (tensor<4xf16>) -> tensor<4xf16>
  %1 = tosa.clamp %b {min_val = -1.5 : bf16, max_val = 1.5 : bf16} : (tensor<3xbf16>) -> tensor<3xbf16>
  return %0, %1 : tensor<4xf16>, tensor<3xbf16>
}

// A ReLU6-like clamp of quantized data: [0, 6] on a [2, 2] of runtime shape.
// DYNAMIC: dense<{{\[}}[0, 6], [6, 0]]> : tensor<2x2xi8>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%a: tensor<?x?xi8>) -> tensor<?x?xi8> {
  %0 = tosa.clamp %a {min_val = 0 : i8, max_val = 6 : i8} : (tensor<?x?xi8>) -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}

// UNRANKED: dense<[-100, 100, 0]> : tensor<3xi16>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%a: tensor<*xi16>) -> tensor<*xi16> {
  %0 = tosa.clamp %a {min_val = -100 : i16, max_val = 100 : i16} : (tensor<*xi16>) -> tensor<*xi16>
  return %0 : tensor<*xi16>
}

// x = [poison, 1] (127 + 1 with nsw): element 0 stays poison.
// POISON: dense<[0, 1]> : tensor<2xi8>
// POISON-NEXT: // poison: 0
// POISON-NOT: {{.+}}
func.func @poison() -> tensor<2xi8> {
  %m = arith.constant dense<[127, 0]> : tensor<2xi8>
  %o = arith.constant dense<1> : tensor<2xi8>
  %x = arith.addi %m, %o overflow<nsw> : tensor<2xi8>
  %0 = tosa.clamp %x {min_val = 0 : i8, max_val = 6 : i8} : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}
