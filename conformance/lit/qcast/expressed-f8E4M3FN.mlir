// [qcast.steps] [format.nonfinite] Expressed type f8E4M3FN: finite only
// (max 448), one NaN encoding per sign (0x7F / 0xFF), no infinity. A step that
// overflows produces NaN (there is no infinity to round to), so by the
// pseudo-code the element is NaN -> poison; with --profile=exact there is no
// intermediate step and the value saturates.
//
// RUN: quant-interp %s --arg='dense<[1.25, -448.0, 0x7F, 3.0, 200.0, -0.0]> : tensor<6xf8E4M3FN>' | FileCheck %s --check-prefix=REF --match-full-lines
// RUN: quant-interp %s --profile=exact --arg='dense<[1.25, -448.0, 0x7F, 3.0, 200.0, -0.0]> : tensor<6xf8E4M3FN>' | FileCheck %s --check-prefix=EXACT --match-full-lines

// 1.25/0.5 = 2.5 -> 2;  -448/0.5 = -896: overflow -> NaN -> poison;  0x7F NaN -> poison;
// 3/0.5 = 6;  200/0.5 = 400 -> f8 384 -> 127;  -0 -> 0
// REF: dense<[2, 0, 0, 6, 127, 0]> : tensor<6xi8>
// REF-NEXT: // poison: 1, 2
// REF-NOT: {{.+}}
// exact: -896 -> -128
// EXACT: dense<[2, -128, 0, 6, 127, 0]> : tensor<6xi8>
// EXACT-NEXT: // poison: 2
// EXACT-NOT: {{.+}}
func.func @main(%x: tensor<6xf8E4M3FN>) -> tensor<6x!quant.uniform<i8:f8E4M3FN, 0.5>> {
  %q = quant.qcast %x : tensor<6xf8E4M3FN> to tensor<6x!quant.uniform<i8:f8E4M3FN, 0.5>>
  return %q : tensor<6x!quant.uniform<i8:f8E4M3FN, 0.5>>
}
