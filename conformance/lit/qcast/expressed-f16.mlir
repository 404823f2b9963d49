// [qcast.steps] Expressed type f16: the scale (0.1 -> f16 0.0999755859375)
// and every step are rounded to f16.
//
// RUN: quant-interp %s --arg='dense<[1.0, 0.25, -12.5, 0.05, 60000.0, 0xFC00, 0x7E00]> : tensor<7xf16>' | FileCheck %s --match-full-lines

// 1/0.09998 = 10.0024 -> f16 10.0 -> 10
// 0.25/0.09998 = 2.50061 -> f16 2.5 -> 2 (even)
// -12.5/0.09998 = -125.03 -> f16 -125.0 -> -125
// f16(0.05) = 0.04998779296875 = scale/2 -> 0.5 -> 0 (even)
// 60000/0.09998 = 600146 > 65504 -> +inf -> saturate 127
// -inf -> -128;  NaN -> poison
// CHECK: dense<[10, 2, -125, 0, 127, -128, 0]> : tensor<7xi8>
// CHECK-NEXT: // poison: 6
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<7xf16>) -> tensor<7x!quant.uniform<i8:f16, 0.1>> {
  %q = quant.qcast %x : tensor<7xf16> to tensor<7x!quant.uniform<i8:f16, 0.1>>
  return %q : tensor<7x!quant.uniform<i8:f16, 0.1>>
}
