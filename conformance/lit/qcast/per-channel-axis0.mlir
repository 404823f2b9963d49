// [qcast.steps] [axis.integrity.dynamic] per-channel qcast, channel axis 0
// (the first), on static, dynamic and unranked tensors.
// Type: u8, axis 0: channel 0 scale 0.5 zp 128, channel 1 scale 2.0 zp 10.
//
// RUN: quant-interp %s --entry=static --arg='dense<[[1.0, -63.25, 64.0], [3.0, -25.0, 500.0]]> : tensor<2x3xf32>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[1.0], [3.0]]> : tensor<2x1xf32>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic_axis --arg='dense<[[-64.25, 0.25], [21.0, 0.0]]> : tensor<2x2xf32>' | FileCheck %s --check-prefix=DYNAXIS --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[[1.0, -1.0]], [[5.0, -5.0]]]> : tensor<2x1x2xf32>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines

!q = !quant.uniform<u8:f32:0, {0.5:128, 2.0:10}>

// row 0: 1/0.5+128 = 130;  -63.25/0.5+128 = 1.5 -> 2;  64/0.5+128 = 256 -> 255
// row 1: 3/2+10 = 11.5 -> 12;  -25/2+10 = -2.5 -> 0 (saturate to u8);  500/2+10 = 260 -> 255
// STATIC: dense<{{\[\[}}130, 2, 255], [12, 0, 255]]> : tensor<2x3xui8>
// STATIC-NOT: {{.+}}
func.func @static(%x: tensor<2x3xf32>) -> tensor<2x3x!q> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!q>
  return %q : tensor<2x3x!q>
}

// DYNAMIC: dense<{{\[\[}}130], [12]]> : tensor<2x1xui8>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%x: tensor<2x?xf32>) -> tensor<2x?x!q> {
  %q = quant.qcast %x : tensor<2x?xf32> to tensor<2x?x!q>
  return %q : tensor<2x?x!q>
}

// The channel dimension itself is dynamic; at run time it is 2.
// -64.25/0.5+128 = -0.5 -> -0 -> 0;  0.25/0.5+128 = 128.5 -> 128;  21/2+10 = 20.5 -> 20;  10
// DYNAXIS: dense<{{\[\[}}0, 128], [20, 10]]> : tensor<2x2xui8>
// DYNAXIS-NOT: {{.+}}
func.func @dynamic_axis(%x: tensor<?x?xf32>) -> tensor<?x?x!q> {
  %q = quant.qcast %x : tensor<?x?xf32> to tensor<?x?x!q>
  return %q : tensor<?x?x!q>
}

// 1/0.5+128 = 130;  -1/0.5+128 = 126;  5/2+10 = 12.5 -> 12;  -5/2+10 = 7.5 -> 8
// UNRANKED: dense<{{\[\[\[}}130, 126]], {{\[\[}}12, 8]]]> : tensor<2x1x2xui8>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*x!q> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!q>
  return %q : tensor<*x!q>
}
