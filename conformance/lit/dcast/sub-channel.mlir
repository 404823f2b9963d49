// [dcast.steps] [subchannel.integrity.dynamic] sub-channel dcast: one blocked
// dimension with zero points ({1:2}), and two blocked dimensions with mixed
// block sizes ({0:1, 1:2}, via a dynamic shape).
//
// RUN: quant-interp %s --entry=one_dim --arg='dense<[[1, 3, -1, 0], [-128, 127, 127, -128], [0, 0, 0, 0]]> : tensor<3x4xi8>' | FileCheck %s --check-prefix=ONE --match-full-lines
// RUN: quant-interp %s --entry=two_dims --arg='dense<[[2, 2, 2, 2], [-3, 4, -5, 6]]> : tensor<2x4xi8>' | FileCheck %s --check-prefix=TWO --match-full-lines

// columns 0-1: (q-1)*0.5; columns 2-3: (q+1)*4
// row 0: 0, 1, 0, 4;  row 1: -64.5, 63, 512, -508;  row 2: -0.5, -0.5, 4, 4
// ONE: dense<{{\[\[}}0.0, 1.0, 0.0, 4.0], [-64.5, 63.0, 512.0, -508.0], [-0.5, -0.5, 4.0, 4.0]]> : tensor<3x4xf32>
// ONE-NOT: {{.+}}
func.func @one_dim(%x: tensor<3x4x!quant.uniform<i8:f32:{1:2}, {{0.5:1, 4.0:-1}}>>) -> tensor<3x4xf32> {
  %d = quant.dcast %x : tensor<3x4x!quant.uniform<i8:f32:{1:2}, {{0.5:1, 4.0:-1}}>> to tensor<3x4xf32>
  return %d : tensor<3x4xf32>
}

// scales [[1, 2], [0.25, 8]] per 1x2 block
// row 0: 2, 2, 4, 4;  row 1: -0.75, 1, -40, 48
// TWO: dense<{{\[\[}}2.0, 2.0, 4.0, 4.0], [-0.75, 1.0, -40.0, 48.0]]> : tensor<2x4xf32>
// TWO-NOT: {{.+}}
func.func @two_dims(%x: tensor<?x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {0.25, 8.0}}>>) -> tensor<?x4xf32> {
  %d = quant.dcast %x : tensor<?x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {0.25, 8.0}}>> to tensor<?x4xf32>
  return %d : tensor<?x4xf32>
}
