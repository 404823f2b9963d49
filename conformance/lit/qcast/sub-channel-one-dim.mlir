// [qcast.steps] [subchannel.integrity.dynamic] sub-channel qcast (static and
// dynamic shapes; MLIR rejects unranked sub-channel tensors, see
// errors/verifier-sub-channel-unranked.mlir) with one
// blocked dimension: {1:2} on a ?x4 tensor. Dimension 0 is not listed, so it
// forms a single block (scale tensor 1x2). Columns 0-1: x/0.5 + 1;
// columns 2-3: x/4 - 1.
//
// RUN: quant-interp %s --entry=static --args-file=%inputs/sub-channel-one-dim.args | FileCheck %s --match-full-lines
// RUN: quant-interp %s --entry=dynamic --args-file=%inputs/sub-channel-one-dim.args | FileCheck %s --match-full-lines
// RUN: quant-interp %s --entry=dynamic_blocked --args-file=%inputs/sub-channel-one-dim.args | FileCheck %s --match-full-lines

!q = !quant.uniform<i8:f32:{1:2}, {{0.5:1, 4.0:-1}}>

// row 0: 2+1 = 3;  -1.5+1 = -0.5 -> 0;  0.5-1 = -0.5 -> 0;  1.5-1 = 0.5 -> 0
// row 1: 126+1 = 127;  128+1 = 129 -> 127;  -126.5-1 = -127.5 -> -128;  127.5-1 = 126.5 -> 126
// row 2: 0.5+1 = 1.5 -> 2;  -0.5+1 = 0.5 -> 0;  -0.5-1 = -1.5 -> -2;  0.5-1 = -0.5 -> 0
// CHECK: dense<{{\[\[}}3, 0, 0, 0], [127, 127, -128, 126], [2, 0, -2, 0]]> : tensor<3x4xi8>
// CHECK-NOT: {{.+}}
func.func @static(%x: tensor<3x4xf32>) -> tensor<3x4x!q> {
  %q = quant.qcast %x : tensor<3x4xf32> to tensor<3x4x!q>
  return %q : tensor<3x4x!q>
}

func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4x!q> {
  %q = quant.qcast %x : tensor<?x4xf32> to tensor<?x4x!q>
  return %q : tensor<?x4x!q>
}

// The blocked dimension itself is dynamic (4 at run time = 2 blocks of 2).
func.func @dynamic_blocked(%x: tensor<?x?xf32>) -> tensor<?x?x!q> {
  %q = quant.qcast %x : tensor<?x?xf32> to tensor<?x?x!q>
  return %q : tensor<?x?x!q>
}

