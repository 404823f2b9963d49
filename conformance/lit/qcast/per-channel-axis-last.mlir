// [qcast.steps] per-channel qcast on the last axis (axis 1 of rank 2, axis 2
// of rank 3), static, dynamic and unranked.
//
// RUN: quant-interp %s --entry=static --arg='dense<[[1.125, 4.0], [-0.375, -60.0], [31.875, 1028.0]]> : tensor<3x2xf32>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[1.125, 4.0]]> : tensor<1x2xf32>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[[1.0, 1.0, 1.0], [-3.0, 5.0, 7.25]]]> : tensor<1x2x3xf32>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines

!q = !quant.uniform<i8:f32:1, {0.25, 8.0:5}>
!r = !quant.uniform<i8:f32:2, {1.0, 2.0, 0.5}>

// column 0 (x/0.25): 4.5 -> 4; -1.5 -> -2; 127.5 -> 128 -> 127
// column 1 (x/8+5):  0.5+5 = 5.5 -> 6; -7.5+5 = -2.5 -> -2; 128.5+5 = 133.5 -> 127
// STATIC: dense<{{\[\[}}4, 6], [-2, -2], [127, 127]]> : tensor<3x2xi8>
// STATIC-NOT: {{.+}}
func.func @static(%x: tensor<3x2xf32>) -> tensor<3x2x!q> {
  %q = quant.qcast %x : tensor<3x2xf32> to tensor<3x2x!q>
  return %q : tensor<3x2x!q>
}

// DYNAMIC: dense<{{\[\[}}4, 6]]> : tensor<1x2xi8>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%x: tensor<?x?xf32>) -> tensor<?x?x!q> {
  %q = quant.qcast %x : tensor<?x?xf32> to tensor<?x?x!q>
  return %q : tensor<?x?x!q>
}

// axis 2: x/1, x/2, x/0.5:  1, 0.5 -> 0, 2;  -3, 2.5 -> 2, 14.5 -> 14
// UNRANKED: dense<{{\[\[\[}}1, 0, 2], [-3, 2, 14]]]> : tensor<1x2x3xi8>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*x!r> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!r>
  return %q : tensor<*x!r>
}
