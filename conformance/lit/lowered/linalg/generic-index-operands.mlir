// [linalg.index] [linalg.generic] linalg.index gives the current iteration
// index of a loop; several outputs; scalar and 0-d operands (map to ()).
//
// RUN: quant-interp %s --entry=iota --arg='dense<0> : tensor<2x3xi32>' | FileCheck %s --check-prefix=IOTA --match-full-lines
// RUN: quant-interp %s --entry=multi --arg='dense<[1, 2, 3]> : tensor<3xi32>' --arg='dense<10> : tensor<i32>' | FileCheck %s --check-prefix=MULTI --match-full-lines

// out[i][j] = 10 * i + j
// IOTA: dense<{{\[\[}}0, 1, 2], [10, 11, 12]]> : tensor<2x3xi32>
// IOTA-NOT: {{.+}}
func.func @iota(%init: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %c10 = arith.constant 10 : index
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%init : tensor<?x?xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %v = arith.index_cast %s : index to i32
    linalg.yield %v : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// Two outputs from one payload; %s is a scalar operand (5), %z a 0-d tensor (10):
// a + 5 = [6, 7, 8]; a - 10 = [-9, -8, -7]
// MULTI: dense<[6, 7, 8]> : tensor<3xi32>
// MULTI-NEXT: dense<[-9, -8, -7]> : tensor<3xi32>
// MULTI-NOT: {{.+}}
func.func @multi(%a: tensor<?xi32>, %z: tensor<i32>) -> (tensor<?xi32>, tensor<?xi32>) {
  %s = arith.constant 5 : i32
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
      ins(%a, %s, %z : tensor<?xi32>, i32, tensor<i32>) outs(%a, %a : tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32, %w: i32, %o1: i32, %o2: i32):
    %p = arith.addi %x, %y : i32
    %m = arith.subi %x, %w : i32
    linalg.yield %p, %m : i32, i32
  } -> (tensor<?xi32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xi32>, tensor<?xi32>
}
