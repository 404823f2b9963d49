// [qcast.steps] Expressed type f8E5M2 (IEEE-like: has infinities, max 57344).
//
// RUN: quant-interp %s --arg='dense<[0x7C, 0x7E, -1.5, 0.75, 0xFC, 57344.0]> : tensor<6xf8E5M2>' | FileCheck %s --match-full-lines

// x/0.25 - 1:  +inf -> 127;  NaN -> poison;  -6-1 = -7;  3-1 = 2;  -inf -> -128;
// 57344/0.25 overflows to +inf -> 127
// CHECK: dense<[127, 0, -7, 2, -128, 127]> : tensor<6xi8>
// CHECK-NEXT: // poison: 1
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<6xf8E5M2>) -> tensor<6x!quant.uniform<i8:f8E5M2, 0.25:-1>> {
  %q = quant.qcast %x : tensor<6xf8E5M2> to tensor<6x!quant.uniform<i8:f8E5M2, 0.25:-1>>
  return %q : tensor<6x!quant.uniform<i8:f8E5M2, 0.25:-1>>
}
