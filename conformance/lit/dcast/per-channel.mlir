// [dcast.steps] [axis.integrity.dynamic] per-channel dcast on the first, a
// middle and the last axis; static, dynamic and unranked.
//
// RUN: quant-interp %s --entry=axis0 --arg='dense<[[0, 128, 255], [10, 0, 255]]> : tensor<2x3xi8>' | FileCheck %s --check-prefix=AXIS0 --match-full-lines
// RUN: quant-interp %s --entry=middle --arg='dense<[[[1, -1], [3, 1], [-2, 0]], [[127, -128], [-128, 127], [126, -128]]]> : tensor<2x3x2xi8>' | FileCheck %s --check-prefix=MIDDLE --match-full-lines
// RUN: quant-interp %s --entry=last_dynamic --arg='dense<[[4, 6], [-128, -128]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=LAST --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[[1, 1, 1], [-3, 5, 7]]]> : tensor<1x2x3xi8>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines

// u8, axis 0: (q-128)*0.25 and (q-10)*2.0
// row 0: -32, 0, 127*0.25 = 31.75;  row 1: 0, -20, 245*2 = 490
// AXIS0: dense<{{\[\[}}-32.0, 0.0, 31.75], [0.0, -20.0, 490.0]]> : tensor<2x3xf32>
// AXIS0-NOT: {{.+}}
func.func @axis0(%x: tensor<2x3x!quant.uniform<u8:f32:0, {0.25:128, 2.0:10}>>) -> tensor<2x3xf32> {
  %d = quant.dcast %x : tensor<2x3x!quant.uniform<u8:f32:0, {0.25:128, 2.0:10}>> to tensor<2x3xf32>
  return %d : tensor<2x3xf32>
}

// axis 1: q*1, (q-1)*0.5, (q+2)*4
// [0]: 1, -1 | 1, 0 | 0, 8      [1]: 127, -128 | -64.5, 63 | 512, -504
// MIDDLE: dense<{{\[\[\[}}1.0, -1.0], [1.0, 0.0], [0.0, 8.0]], {{\[\[}}127.0, -128.0], [-64.5, 63.0], [512.0, -504.0]]]> : tensor<2x3x2xf32>
// MIDDLE-NOT: {{.+}}
func.func @middle(%x: tensor<2x3x2x!quant.uniform<i8:f32:1, {1.0, 0.5:1, 4.0:-2}>>) -> tensor<2x3x2xf32> {
  %d = quant.dcast %x : tensor<2x3x2x!quant.uniform<i8:f32:1, {1.0, 0.5:1, 4.0:-2}>> to tensor<2x3x2xf32>
  return %d : tensor<2x3x2xf32>
}

// axis 1 (last) of ?x?: q*0.25 and (q-5)*8:  1, 8;  -32, -133*8 = -1064
// LAST: dense<{{\[\[}}1.0, 8.0], [-32.0, -1064.0]]> : tensor<2x2xf32>
// LAST-NOT: {{.+}}
func.func @last_dynamic(%x: tensor<?x?x!quant.uniform<i8:f32:1, {0.25, 8.0:5}>>) -> tensor<?x?xf32> {
  %d = quant.dcast %x : tensor<?x?x!quant.uniform<i8:f32:1, {0.25, 8.0:5}>> to tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}

// axis 2 (last) at run time: q*1, q*2, q*0.5
// UNRANKED: dense<{{\[\[\[}}1.0, 2.0, 0.5], [-3.0, 10.0, 3.5]]]> : tensor<1x2x3xf32>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%x: tensor<*x!quant.uniform<i8:f32:2, {1.0, 2.0, 0.5}>>) -> tensor<*xf32> {
  %d = quant.dcast %x : tensor<*x!quant.uniform<i8:f32:2, {1.0, 2.0, 0.5}>> to tensor<*xf32>
  return %d : tensor<*xf32>
}
