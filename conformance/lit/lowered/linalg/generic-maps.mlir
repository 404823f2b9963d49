// [linalg.generic] [linalg.loop-bounds] Broadcast, permuted and constant
// indexing maps. Each loop's size is the size of the first operand dimension
// (ins, then outs) indexed by that loop alone.
//
// RUN: quant-interp %s --entry=bcast --arg='dense<[10, 20, 30]> : tensor<3xi32>' --arg='dense<[1, 2]> : tensor<2xi32>' --arg='dense<0> : tensor<2x3xi32>' | FileCheck %s --check-prefix=BCAST --match-full-lines
// RUN: quant-interp %s --entry=permuted --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg='dense<0> : tensor<3x2xi32>' | FileCheck %s --check-prefix=PERM --match-full-lines
// RUN: quant-interp %s --entry=first_row --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg='dense<0> : tensor<2x3xi32>' | FileCheck %s --check-prefix=ROW --match-full-lines
// RUN: quant-interp %s --entry=bcast3d --arg='dense<[[[1, 2], [3, 4], [5, 6]]]> : tensor<1x3x2xi32>' --arg='dense<[100, 200, 300]> : tensor<3xi32>' | FileCheck %s --check-prefix=B3D --match-full-lines

// out[i][j] = row[j] + col[i]: loop d1 from row (3), d0 from col (2).
// BCAST: dense<{{\[\[}}11, 21, 31], [12, 22, 32]]> : tensor<2x3xi32>
// BCAST-NOT: {{.+}}
func.func @bcast(%row: tensor<?xi32>, %col: tensor<?xi32>, %init: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%row, %col : tensor<?xi32>, tensor<?xi32>) outs(%init : tensor<?x?xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %s = arith.addi %a, %b : i32
    linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// A permuted input map: out[i][j] = in[j][i]; d1 = 2 and d0 = 3 come from the
// input's dims 0 and 1.
// PERM: dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// PERM-NOT: {{.+}}
func.func @permuted(%in: tensor<?x?xi32>, %init: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%in : tensor<?x?xi32>) outs(%init : tensor<?x?xi32>) {
  ^bb0(%a: i32, %o: i32):
    linalg.yield %a : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// A constant map result: every row reads row 0.
// ROW: dense<{{\[\[}}1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
// ROW-NOT: {{.+}}
func.func @first_row(%in: tensor<?x?xi32>, %init: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%in : tensor<?x?xi32>) outs(%init : tensor<?x?xi32>) {
  ^bb0(%a: i32, %o: i32):
    linalg.yield %a : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// (d0, d1, d2) -> (d1) on a 1x3x2 tensor, result written in place of the
// input: x + [100, 200, 300][d1].
// B3D: dense<{{\[\[\[}}101, 102], [203, 204], [305, 306]]]> : tensor<1x3x2xi32>
// B3D-NOT: {{.+}}
func.func @bcast3d(%x: tensor<?x3x?xi32>, %c: tensor<3xi32>) -> tensor<?x3x?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c : tensor<3xi32>) outs(%x : tensor<?x3x?xi32>) {
  ^bb0(%a: i32, %o: i32):
    %s = arith.addi %a, %o : i32
    linalg.yield %s : i32
  } -> tensor<?x3x?xi32>
  return %r : tensor<?x3x?xi32>
}
