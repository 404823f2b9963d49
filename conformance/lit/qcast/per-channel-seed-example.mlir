// [qcast.steps] [dcast.steps] The per-channel example of the quant dialect
// documentation: tensor<2x3x4x!quant.uniform<i8:f32:1, {3.0, 4.0, 5.0}>>;
// elements [*][0][*], [*][1][*], [*][2][*] use scales 3.0, 4.0, 5.0.
//
// RUN: quant-interp %s --arg='dense<[[[1.5, 3.0, 4.5, 6.0], [2.0, 4.0, 6.0, -6.0], [2.5, 7.5, 12.5, 1000.0]], [[-1.5, -4.5, 0.0, -0.0], [-2.0, -6.0, 10.0, 1.0], [-2.5, -7.5, -1000.0, 5.0]]]> : tensor<2x3x4xf32>' | FileCheck %s --match-full-lines

!t = !quant.uniform<i8:f32:1, {3.0, 4.0, 5.0}>

// [0][0]: /3 = 0.5, 1, 1.5, 2      -> 0, 1, 2, 2
// [0][1]: /4 = 0.5, 1, 1.5, -1.5   -> 0, 1, 2, -2
// [0][2]: /5 = 0.5, 1.5, 2.5, 200  -> 0, 2, 2, 127 (saturated)
// [1][0]: /3 = -0.5, -1.5, 0, -0   -> 0, -2, 0, 0
// [1][1]: /4 = -0.5, -1.5, 2.5, .25 -> 0, -2, 2, 0
// [1][2]: /5 = -0.5, -1.5, -200, 1 -> 0, -2, -128, 1
// CHECK: dense<{{\[\[\[}}0, 1, 2, 2], [0, 1, 2, -2], [0, 2, 2, 127]], {{\[\[}}0, -2, 0, 0], [0, -2, 2, 0], [0, -2, -128, 1]]]> : tensor<2x3x4xi8>
// dcast: q * scale; 127*5 = 635, -128*5 = -640
// CHECK-NEXT: dense<{{\[\[\[}}0.0, 3.0, 6.0, 6.0], [0.0, 4.0, 8.0, -8.0], [0.0, 10.0, 10.0, 635.0]], {{\[\[}}0.0, -6.0, 0.0, 0.0], [0.0, -8.0, 8.0, 0.0], [0.0, -10.0, -640.0, 5.0]]]> : tensor<2x3x4xf32>
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4x!t>, tensor<2x3x4xf32>) {
  %q = quant.qcast %x : tensor<2x3x4xf32> to tensor<2x3x4x!t>
  %d = quant.dcast %q : tensor<2x3x4x!t> to tensor<2x3x4xf32>
  return %q, %d : tensor<2x3x4x!t>, tensor<2x3x4xf32>
}
