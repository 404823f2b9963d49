// [linalg.generic] Reduction iterators: the payload sees the current output
// element and its yielded value replaces it; iteration points are visited in
// lexicographic order (the last loop fastest), which fixes the order of
// floating-point accumulation.
//
// RUN: quant-interp %s --entry=row_sum --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg='dense<[100, 200]> : tensor<2xi32>' | FileCheck %s --check-prefix=ROWS --match-full-lines
// RUN: quant-interp %s --entry=total --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg='dense<0> : tensor<i32>' | FileCheck %s --check-prefix=TOTAL --match-full-lines
// RUN: quant-interp %s --entry=order --arg='dense<[1.0e8, 1.0, -1.0e8, 1.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=ORDER --match-full-lines
// RUN: quant-interp %s --entry=matmul --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>' --arg='dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>' --arg='dense<0> : tensor<2x2xi32>' | FileCheck %s --check-prefix=MATMUL --match-full-lines

// Init [100, 200]: 100+1+2+3, 200+4+5+6
// ROWS: dense<[106, 215]> : tensor<2xi32>
// ROWS-NOT: {{.+}}
func.func @row_sum(%x: tensor<?x?xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.addi %a, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// A full reduction into a 0-d tensor (output map (d0, d1) -> ()).
// TOTAL: dense<21> : tensor<i32>
// TOTAL-NOT: {{.+}}
func.func @total(%x: tensor<2x3xi32>, %init: tensor<i32>) -> tensor<i32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>],
                       iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<2x3xi32>) outs(%init : tensor<i32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.addi %a, %acc : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}

// f32 sum of [1e8, 1, -1e8, 1] in index order: 1e8 + 1 rounds to 1e8 (ulp 8),
// - 1e8 = 0, + 1 = 1. (Reverse order would give 0; pairwise 0 or 2.)
// ORDER: dense<1.0> : tensor<f32>
// ORDER-NOT: {{.+}}
func.func @order(%x: tensor<4xf32>) -> tensor<f32> {
  %zero = arith.constant dense<0.0> : tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%x : tensor<4xf32>) outs(%zero : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// C[i][j] += A[i][k] * B[k][j]: [[1*5+2*7, 1*6+2*8], [3*5+4*7, 3*6+4*8]]
// MATMUL: dense<{{\[\[}}19, 22], [43, 50]]> : tensor<2x2xi32>
// MATMUL-NOT: {{.+}}
func.func @matmul(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%c : tensor<?x?xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
