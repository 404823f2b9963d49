// [qcast.steps] per-channel qcast on a middle axis (axis 1 of a rank-3 tensor).
// Type: i8, axis 1: channel 0 scale 1.0 zp 0; channel 1 scale 0.5 zp 1;
// channel 2 scale 4.0 zp -2.
//
// RUN: quant-interp %s --entry=static --args-file=%inputs/axis-middle.args | FileCheck %s --check-prefix=CHECK --match-full-lines
// RUN: quant-interp %s --entry=dynamic --args-file=%inputs/axis-middle.args | FileCheck %s --check-prefix=CHECK --match-full-lines
// RUN: quant-interp %s --entry=unranked --args-file=%inputs/axis-middle.args | FileCheck %s --check-prefix=CHECK --match-full-lines

!q = !quant.uniform<i8:f32:1, {1.0, 0.5:1, 4.0:-2}>

// [0][0][*]: 0.5 -> 0; 1.5 -> 2            [1][0][*]: -2.5 -> -2; 127.6 -> 128 -> 127
// [0][1][*]: 2*0.25+1 = 1.5 -> 2; 2*-0.75+1 = -0.5 -> 0
//                                         [1][1][*]: -128+1 = -127; 126+1 = 127
// [0][2][*]: 2/4-2 = -1.5 -> -2; 6/4-2 = -0.5 -> 0
//                                         [1][2][*]: -600/4-2 = -152 -> -128; 10/4-2 = 0.5 -> 0
// CHECK: dense<{{\[\[\[}}0, 2], [2, 0], [-2, 0]], {{\[\[}}-2, 127], [-127, 127], [-128, 0]]]> : tensor<2x3x2xi8>
// CHECK-NOT: {{.+}}
func.func @static(%x: tensor<2x3x2xf32>) -> tensor<2x3x2x!q> {
  %q = quant.qcast %x : tensor<2x3x2xf32> to tensor<2x3x2x!q>
  return %q : tensor<2x3x2x!q>
}

func.func @dynamic(%x: tensor<?x3x?xf32>) -> tensor<?x3x?x!q> {
  %q = quant.qcast %x : tensor<?x3x?xf32> to tensor<?x3x?x!q>
  return %q : tensor<?x3x?x!q>
}

func.func @unranked(%x: tensor<*xf32>) -> tensor<*x!q> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!q>
  return %q : tensor<*x!q>
}
