// [qcast.steps] [subchannel.integrity.dynamic] sub-channel qcast (static and
// dynamic shapes; MLIR rejects unranked sub-channel tensors, see
// errors/verifier-sub-channel-unranked.mlir) with two
// blocked dimensions and mixed block sizes: {0:3, 1:2} on 6x4 (blocks of
// 3 rows x 2 columns, scale tensor 2x2), and {0:1, 2:2} on 2x2x4 (dimension 1
// unlisted = one block; scale tensor 2x1x2).
//
// RUN: quant-interp %s --entry=static --args-file=%inputs/sub-channel-two-dims.args | FileCheck %s --check-prefix=TWO --match-full-lines
// RUN: quant-interp %s --entry=dynamic --args-file=%inputs/sub-channel-two-dims.args | FileCheck %s --check-prefix=TWO --match-full-lines
// RUN: quant-interp %s --entry=rank3 --arg='dense<[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]], [[4.0, 8.0, 12.0, 16.0], [-4.0, -8.0, -12.0, -16.0]]]> : tensor<2x2x4xf32>' | FileCheck %s --check-prefix=RANK3 --match-full-lines

!q = !quant.uniform<i8:f32:{0:3, 1:2}, {{1.0, 2.0}, {0.5, 0.25}}>
!r = !quant.uniform<i8:f32:{0:1, 2:2}, {{{1.0, 2.0}}, {{4.0, 8.0}}}>

// rows 0-2: columns 0-1 x/1, columns 2-3 x/2; rows 3-5: x/0.5 and x/0.25
// row 0: 0.5 -> 0; 1.5 -> 2; 1/2 = 0.5 -> 0; 3/2 = 1.5 -> 2
// row 1: 2.5 -> 2; -2.5 -> -2; 5/2 = 2.5 -> 2; -2.5 -> -2
// row 2: 127.5 -> 128 -> 127; -128.5 -> -128; 255/2 = 127.5 -> 127; -257/2 = -128.5 -> -128
// row 3: 0.25*2 = 0.5 -> 0; 1.5 -> 2; 0.125*4 = 0.5 -> 0; 1.5 -> 2
// row 4: -0.5 -> 0; -1.5 -> -2; -0.5 -> 0; -1.5 -> -2
// row 5: -127.5 -> -128; 128 -> 127; -127.5 -> -128; 4
// TWO: dense<{{\[\[}}0, 2, 0, 2], [2, -2, 2, -2], [127, -128, 127, -128], [0, 2, 0, 2], [0, -2, 0, -2], [-128, 127, -128, 4]]> : tensor<6x4xi8>
// TWO-NOT: {{.+}}
func.func @static(%x: tensor<6x4xf32>) -> tensor<6x4x!q> {
  %q = quant.qcast %x : tensor<6x4xf32> to tensor<6x4x!q>
  return %q : tensor<6x4x!q>
}

func.func @dynamic(%x: tensor<?x?xf32>) -> tensor<?x?x!q> {
  %q = quant.qcast %x : tensor<?x?xf32> to tensor<?x?x!q>
  return %q : tensor<?x?x!q>
}


// [0][*][0-1] /1, [0][*][2-3] /2, [1][*][0-1] /4, [1][*][2-3] /8
// [0][0]: 1, 2, 1.5 -> 2, 2      [0][1]: 5, 6, 3.5 -> 4, 4
// [1][0]: 1, 2, 1.5 -> 2, 2      [1][1]: -1, -2, -1.5 -> -2, -2
// RANK3: dense<{{\[\[\[}}1, 2, 2, 2], [5, 6, 4, 4]], {{\[\[}}1, 2, 2, 2], [-1, -2, -2, -2]]]> : tensor<2x2x4xi8>
// RANK3-NOT: {{.+}}
func.func @rank3(%x: tensor<2x2x4xf32>) -> tensor<2x2x4x!r> {
  %q = quant.qcast %x : tensor<2x2x4xf32> to tensor<2x2x4x!r>
  return %q : tensor<2x2x4x!r>
}
