// [tensor.expand_shape] Row-major order kept; the output sizes come from
// `output_shape` (static, or `?` from its operands). Each reassociation
// group's output sizes must multiply to its source dimension's runtime size,
// and no output size may be negative: otherwise an error.
//
// RUN: quant-interp %s --entry=static --arg='dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>' --arg='2 : index' | FileCheck %s --check-prefix=DYN --match-full-lines
// RUN: quant-interp %s --entry=rank0 --arg='dense<9> : tensor<i32>' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1.0> : tensor<6x2xf32>' --arg='4 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=GROUP --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1.0> : tensor<6x2xf32>' --arg='4 : index' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=dynamic --arg='dense<> : tensor<0x2xf32>' --arg='-1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines

// STATIC: dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
// STATIC-NOT: {{.+}}
// (A group of static output sizes over a dynamic source dimension is
// rejected by MLIR's verifier, so the check only fires with `?` sizes.)
func.func @static(%x: tensor<6xi8>) -> tensor<2x3xi8> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [2, 3] : tensor<6xi8> into tensor<2x3xi8>
  return %e : tensor<2x3xi8>
}

// DYN: dense<{{\[\[\[\[}}1.0, 2.0]], {{\[\[}}3.0, 4.0]]], {{\[\[\[}}5.0, 6.0]], {{\[\[}}7.0, 8.0]]]]> : tensor<2x2x1x2xf32>
// DYN-NOT: {{.+}}
// GROUP: [[FILE]]:[[@LINE+5]]:8: error: tensor.expand_shape: output sizes [4, 2] of group #0 [0, 1] multiply to 8 but source dimension 0 has size 6 (runtime shape tensor<6x2>)
// GROUP-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+3]]:8: error: tensor.expand_shape: output size of dimension 0 is negative (-1)
// NEG-NOT: {{.+}}
func.func @dynamic(%x: tensor<?x2xf32>, %n: index) -> tensor<?x2x1x2xf32> {
  %e = tensor.expand_shape %x [[0, 1], [2, 3]] output_shape [%n, 2, 1, 2] : tensor<?x2xf32> into tensor<?x2x1x2xf32>
  return %e : tensor<?x2x1x2xf32>
}

// RANK0: dense<{{\[\[}}9]]> : tensor<1x1xi32>
// RANK0-NOT: {{.+}}
func.func @rank0(%x: tensor<i32>) -> tensor<1x1xi32> {
  %e = tensor.expand_shape %x [] output_shape [1, 1] : tensor<i32> into tensor<1x1xi32>
  return %e : tensor<1x1xi32>
}
