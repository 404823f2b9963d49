// [linalg.generic] [affine.eval] floordiv / ceildiv / mod indexing maps:
// sub-channel blocks as --lower-quant-ops emits them.
//
// RUN: quant-interp %s --entry=blocks --arg='dense<[[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11], [12, 13, 14, 15, 16, 17], [18, 19, 20, 21, 22, 23]]> : tensor<4x6xi32>' | FileCheck %s --check-prefix=BLOCKS --match-full-lines
// RUN: quant-interp %s --entry=lowered_sub --arg='dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xbf16>' --arg='dense<0> : tensor<2x4xi8>' | FileCheck %s --check-prefix=SUB --match-full-lines
// RUN: quant-interp %s --entry=cyclic --arg='dense<[7, 8, 9]> : tensor<3xi32>' --arg='dense<0> : tensor<7xi32>' | FileCheck %s --check-prefix=MOD --match-full-lines
// RUN: quant-interp %s --entry=halves --arg='dense<[7, 8, 9]> : tensor<3xi32>' --arg='dense<0> : tensor<5xi32>' | FileCheck %s --check-prefix=CEIL --match-full-lines

// 2x3 blocks: out[i][j] = x[i][j] + table[i floordiv 2][j floordiv 3].
// BLOCKS: dense<{{\[\[}}100, 101, 102, 203, 204, 205], [106, 107, 108, 209, 210, 211], [312, 313, 314, 415, 416, 417], [318, 319, 320, 421, 422, 423]]> : tensor<4x6xi32>
// BLOCKS-NOT: {{.+}}
func.func @blocks(%x: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %table = arith.constant dense<[[100, 200], [300, 400]]> : tensor<2x2xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0 floordiv 2, d1 floordiv 3)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %table : tensor<4x6xi32>, tensor<2x2xi32>) outs(%x : tensor<4x6xi32>) {
  ^bb0(%a: i32, %t: i32, %o: i32):
    %s = arith.addi %a, %t : i32
    linalg.yield %s : i32
  } -> tensor<4x6xi32>
  return %r : tensor<4x6xi32>
}

// The sub-channel qcast body of the lowering, map (d0, d1) -> (0, d1 floordiv 2);
// scales [[2, 3]], zero points [[1, -1]]; fptosi truncates:
// row 0: 0.5+1 -> 1, 1+1 = 2, 1-1 = 0, 1.33-1 -> 0
// row 1: 2.5+1 -> 3, 3+1 = 4, 2.33-1 -> 1, 2.67-1 -> 1
// SUB: dense<{{\[\[}}1, 2, 0, 0], [3, 4, 1, 1]]> : tensor<2x4xi8>
// SUB-NOT: {{.+}}
func.func @lowered_sub(%arg0: tensor<?x4xbf16>, %init: tensor<?x4xi8>) -> tensor<?x4xi8> {
  %cst = arith.constant dense<[[2.000000e+00, 3.000000e+00]]> : tensor<1x2xbf16>
  %cst_0 = arith.constant dense<[[1, -1]]> : tensor<1x2xi8>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1 floordiv 2)>, affine_map<(d0, d1) -> (0, d1 floordiv 2)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%arg0, %cst, %cst_0 : tensor<?x4xbf16>, tensor<1x2xbf16>, tensor<1x2xi8>) outs(%init : tensor<?x4xi8>) {
  ^bb0(%in: bf16, %in_1: bf16, %in_2: i8, %out: i8):
    %2 = arith.divf %in, %in_1 : bf16
    %3 = arith.sitofp %in_2 : i8 to bf16
    %4 = arith.addf %2, %3 : bf16
    %5 = arith.fptosi %4 : bf16 to i8
    linalg.yield %5 : i8
  } -> tensor<?x4xi8>
  return %1 : tensor<?x4xi8>
}

// out[i] = in[i mod 3]
// MOD: dense<[7, 8, 9, 7, 8, 9, 7]> : tensor<7xi32>
// MOD-NOT: {{.+}}
func.func @cyclic(%in: tensor<?xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 mod 3)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%in : tensor<?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%a: i32, %o: i32):
    linalg.yield %a : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// out[i] = in[i ceildiv 2]: indices 0, 1, 1, 2, 2
// CEIL: dense<[7, 8, 8, 9, 9]> : tensor<5xi32>
// CEIL-NOT: {{.+}}
func.func @halves(%in: tensor<?xi32>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 ceildiv 2)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%in : tensor<?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%a: i32, %o: i32):
    linalg.yield %a : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
