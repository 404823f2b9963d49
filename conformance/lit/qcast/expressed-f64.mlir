// [qcast.steps] Expressed type f64.
//
// RUN: quant-interp %s --arg='dense<[0.3, 0.25, -0.45, 1.0e300, -1.0e-300, 0x7FF8000000000000]> : tensor<6xf64>' | FileCheck %s --match-full-lines

// 0.3/0.1 = 2.9999999999999996 -> 3
// 0.25/0.1 = 2.49999999999999986 -> f64 2.5 -> 2 (even)
// -0.45/0.1 = -4.49999999999999986 -> f64 -4.5 -> -4 (even)
// 1e301 -> 127;  -1e-299 -> -0 -> 0;  NaN -> poison
// CHECK: dense<[3, 2, -4, 127, 0, 0]> : tensor<6xi8>
// CHECK-NEXT: // poison: 5
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<6xf64>) -> tensor<6x!quant.uniform<i8:f64, 0.1>> {
  %q = quant.qcast %x : tensor<6xf64> to tensor<6x!quant.uniform<i8:f64, 0.1>>
  return %q : tensor<6x!quant.uniform<i8:f64, 0.1>>
}
