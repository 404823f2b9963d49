// [qcast.steps] Expressed type bf16: scale 0.1 -> bf16 0.10009765625
// (0x3DCD); each step is rounded to bf16 (8 significant bits).
//
// RUN: quant-interp %s --arg='dense<[1.0, 0.25, -12.5, 0.05, 0x7F80, 0x7FC0]> : tensor<6xbf16>' | FileCheck %s --match-full-lines

// 1/0.1001 = 9.990 -> bf16 10.0 -> 10
// 0.25/0.1001 = 2.4976 -> bf16 2.5 -> 2 (even)
// -12.5/0.1001 = -124.88 -> bf16 -125.0 -> -125
// bf16(0.05) = 0.050048828125 (0x3D4D) = scale/2 -> 0.5 -> 0 (even)
// +inf -> 127;  NaN -> poison
// CHECK: dense<[10, 2, -125, 0, 127, 0]> : tensor<6xi8>
// CHECK-NEXT: // poison: 5
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<6xbf16>) -> tensor<6x!quant.uniform<i8:bf16, 0.1>> {
  %q = quant.qcast %x : tensor<6xbf16> to tensor<6x!quant.uniform<i8:bf16, 0.1>>
  return %q : tensor<6x!quant.uniform<i8:bf16, 0.1>>
}
