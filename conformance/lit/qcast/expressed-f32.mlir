// [qcast.steps] Expressed type f32: scale 0.1 -> f32 0.100000001490116.
//
// RUN: quant-interp %s --arg='dense<[0.3, 0.15, -0.25, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<6xf32>' | FileCheck %s --match-full-lines

// 0.3f/0.1f = 2.99999998 -> f32 3.0 -> 3
// 0.15f/0.1f = 1.49999998 -> f32 1.5 -> 2 (even)
// -0.25/0.1f = -2.49999996 -> f32 -2.5 -> -2 (even)
// +inf -> 127;  -inf -> -128;  NaN -> poison
// CHECK: dense<[3, 2, -2, 127, -128, 0]> : tensor<6xi8>
// CHECK-NEXT: // poison: 5
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<6xf32>) -> tensor<6x!quant.uniform<i8:f32, 0.1>> {
  %q = quant.qcast %x : tensor<6xf32> to tensor<6x!quant.uniform<i8:f32, 0.1>>
  return %q : tensor<6x!quant.uniform<i8:f32, 0.1>>
}
