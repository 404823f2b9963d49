// [linalg.generic] [linalg.loop-bounds] Elementwise linalg.generic on 1-D,
// 2-D and 3-D tensors: one payload run per iteration point, the yielded value
// becomes the output element; loop sizes come from the operand shapes
// (dynamic dims included).
//
// RUN: quant-interp %s --entry=add1d --arg='dense<[1, 2, 3, -4]> : tensor<4xi32>' --arg='dense<[10, 20, 30, 40]> : tensor<4xi32>' | FileCheck %s --check-prefix=ADD1D --match-full-lines
// RUN: quant-interp %s --entry=qcast2d --arg='dense<[[1.0, -1.0], [0.25, 0.75], [-64.0, 100.0]]> : tensor<3x2xf32>' --arg='dense<0> : tensor<3x2xi8>' | FileCheck %s --check-prefix=Q2D --match-full-lines
// RUN: quant-interp %s --entry=qcast_direct --arg='dense<[[1.0, -1.0], [0.25, 0.75], [-64.0, 100.0]]> : tensor<3x2xf32>' | FileCheck %s --check-prefix=Q2D --match-full-lines
// RUN: quant-interp %s --entry=axis3d --arg='dense<[[[2.0, 4.0], [8.0, -8.0]], [[0.0, 1.0], [6.0, 40.0]]]> : tensor<2x2x2xf32>' --arg='dense<0> : tensor<2x2x2xi8>' | FileCheck %s --check-prefix=AXIS3D --match-full-lines
// RUN: quant-interp %s --entry=empty1d --arg='dense<> : tensor<0xi32>' --arg='dense<> : tensor<0xi32>' | FileCheck %s --check-prefix=EMPTY --match-full-lines

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#chan = affine_map<(d0, d1, d2) -> (d1)>

// 1-D, the output aliases an input (tensor semantics: inputs are read from
// the original value).  [11, 22, 33, 36]
// ADD1D: dense<[11, 22, 33, 36]> : tensor<4xi32>
// ADD1D-NOT: {{.+}}
func.func @add1d(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%a : tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// 2-D, payload made of quant ops on scalars; equals the tensor qcast:
// x/0.5 + 1: 3, -1, 1.5 -> 2 (nearest-even), 2.5 -> 2, -127, 201 -> 127 (saturated)
// Q2D: dense<{{\[\[}}3, -1], [2, 2], [-127, 127]]> : tensor<3x2xi8>
// Q2D-NOT: {{.+}}
func.func @qcast2d(%x: tensor<3x?xf32>, %init: tensor<3x2xi8>) -> tensor<3x2xi8> {
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3x?xf32>) outs(%init : tensor<3x2xi8>) {
  ^bb0(%in: f32, %out: i8):
    %q = quant.qcast %in : f32 to !quant.uniform<i8:f32, 0.5:1>
    %s = quant.scast %q : !quant.uniform<i8:f32, 0.5:1> to i8
    linalg.yield %s : i8
  } -> tensor<3x2xi8>
  return %r : tensor<3x2xi8>
}

func.func @qcast_direct(%x: tensor<3x2xf32>) -> tensor<3x2xi8> {
  %q = quant.qcast %x : tensor<3x2xf32> to tensor<3x2x!quant.uniform<i8:f32, 0.5:1>>
  %s = quant.scast %q : tensor<3x2x!quant.uniform<i8:f32, 0.5:1>> to tensor<3x2xi8>
  return %s : tensor<3x2xi8>
}

// 3-D per-channel body exactly as --lower-quant-ops emits it (channel map
// (d0, d1, d2) -> (d1)); scales [2, 4], zero points [10, -20]; fptosi truncates:
// [0]: 2/2+10 = 11, 4/2+10 = 12 | 8/4-20 = -18, -8/4-20 = -22
// [1]: 0+10 = 10, 0.5+10 -> 10  | 1.5-20 -> -18, 10-20 = -10
// AXIS3D: dense<{{\[\[\[}}11, 12], [-18, -22]], {{\[\[}}10, 10], [-18, -10]]]> : tensor<2x2x2xi8>
// AXIS3D-NOT: {{.+}}
func.func @axis3d(%x: tensor<?x2x?xf32>, %init: tensor<?x2x?xi8>) -> tensor<?x2x?xi8> {
  %scale = arith.constant dense<[2.0, 4.0]> : tensor<2xf32>
  %zp = arith.constant dense<[10, -20]> : tensor<2xi8>
  %r = linalg.generic {indexing_maps = [#id3, #chan, #chan, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %scale, %zp : tensor<?x2x?xf32>, tensor<2xf32>, tensor<2xi8>) outs(%init : tensor<?x2x?xi8>) {
  ^bb0(%in: f32, %in_1: f32, %in_2: i8, %out: i8):
    %0 = arith.divf %in, %in_1 : f32
    %1 = arith.sitofp %in_2 : i8 to f32
    %2 = arith.addf %0, %1 : f32
    %3 = arith.fptosi %2 : f32 to i8
    linalg.yield %3 : i8
  } -> tensor<?x2x?xi8>
  return %r : tensor<?x2x?xi8>
}

// A loop of size 0: the payload never runs; the result is the init.
// EMPTY: dense<> : tensor<0xi32>
// EMPTY-NOT: {{.+}}
func.func @empty1d(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%b : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    %bad = arith.divsi %x, %o : i32
    linalg.yield %bad : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
