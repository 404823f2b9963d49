// [linalg.fill] [linalg.map] [linalg.broadcast] [linalg.transpose]
// [linalg.reduce] [linalg.copy] Structured ops with their own syntax run on
// the same engine as linalg.generic (their indexing maps and payloads are
// MLIR's).
//
// RUN: quant-interp %s --entry=fill --arg='dense<0.0> : tensor<2x2xf32>' | FileCheck %s --check-prefix=FILL --match-full-lines
// RUN: quant-interp %s --entry=map --arg='dense<[1, 2, 3]> : tensor<3xi32>' --arg='dense<[10, 20, 30]> : tensor<3xi32>' | FileCheck %s --check-prefix=MAP --match-full-lines
// RUN: quant-interp %s --entry=broadcast --arg='dense<[1, 2, 3]> : tensor<3xi32>' --arg='dense<[1, 2]> : tensor<2xi32>' | FileCheck %s --check-prefix=BROADCAST --match-full-lines
// RUN: quant-interp %s --entry=transpose --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg='dense<[[[1, 2, 3]], [[4, 5, 6]]]> : tensor<2x1x3xi32>' | FileCheck %s --check-prefix=TRANSPOSE --match-full-lines
// RUN: quant-interp %s --entry=reduce --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' | FileCheck %s --check-prefix=REDUCE --match-full-lines
// RUN: quant-interp %s --entry=copy --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>' --arg='dense<0> : tensor<2x2xi8>' | FileCheck %s --check-prefix=COPY --match-full-lines

// FILL: dense<{{\[\[}}1.5, 1.5], [1.5, 1.5]]> : tensor<2x2xf32>
// FILL-NOT: {{.+}}
func.func @fill(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = arith.constant 1.5 : f32
  %r = linalg.fill ins(%c : f32) outs(%x : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// MAP: dense<[11, 22, 33]> : tensor<3xi32>
// MAP-NOT: {{.+}}
func.func @map(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.map ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%a : tensor<?xi32>)
    (%x: i32, %y: i32, %o: i32) {
      %s = arith.addi %x, %y : i32
      linalg.yield %s : i32
    }
  return %r : tensor<?xi32>
}

// dimensions = [0]: rows repeat [1, 2, 3]; dimensions = [1]: columns repeat [1, 2].
// BROADCAST: dense<{{\[\[}}1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
// BROADCAST-NEXT: dense<{{\[\[}}1, 1, 1], [2, 2, 2]]> : tensor<2x3xi32>
// BROADCAST-NOT: {{.+}}
func.func @broadcast(%row: tensor<3xi32>, %col: tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %init = arith.constant dense<0> : tensor<2x3xi32>
  %a = linalg.broadcast ins(%row : tensor<3xi32>) outs(%init : tensor<2x3xi32>) dimensions = [0]
  %b = linalg.broadcast ins(%col : tensor<2xi32>) outs(%init : tensor<2x3xi32>) dimensions = [1]
  return %a, %b : tensor<2x3xi32>, tensor<2x3xi32>
}

// permutation [1, 0]: out[i][j] = in[j][i].
// permutation [2, 0, 1] of 2x1x3 gives 3x2x1 with out[a][b][c] = in[b][c][a].
// TRANSPOSE: dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// TRANSPOSE-NEXT: dense<{{\[\[\[}}1], [4]], {{\[\[}}2], [5]], {{\[\[}}3], [6]]]> : tensor<3x2x1xi32>
// TRANSPOSE-NOT: {{.+}}
func.func @transpose(%x: tensor<2x3xi32>, %y: tensor<2x1x3xi32>) -> (tensor<3x2xi32>, tensor<3x2x1xi32>) {
  %i1 = arith.constant dense<0> : tensor<3x2xi32>
  %i2 = arith.constant dense<0> : tensor<3x2x1xi32>
  %a = linalg.transpose ins(%x : tensor<2x3xi32>) outs(%i1 : tensor<3x2xi32>) permutation = [1, 0]
  %b = linalg.transpose ins(%y : tensor<2x1x3xi32>) outs(%i2 : tensor<3x2x1xi32>) permutation = [2, 0, 1]
  return %a, %b : tensor<3x2xi32>, tensor<3x2x1xi32>
}

// REDUCE: dense<[6, 15]> : tensor<2xi32>
// REDUCE-NOT: {{.+}}
func.func @reduce(%x: tensor<2x3xi32>) -> tensor<2xi32> {
  %init = arith.constant dense<0> : tensor<2xi32>
  %r = linalg.reduce ins(%x : tensor<2x3xi32>) outs(%init : tensor<2xi32>) dimensions = [1]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<2xi32>
}

// COPY: dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi8>
// COPY-NOT: {{.+}}
func.func @copy(%x: tensor<?x?xi8>, %y: tensor<?x?xi8>) -> tensor<?x?xi8> {
  %r = linalg.copy ins(%x : tensor<?x?xi8>) outs(%y : tensor<?x?xi8>) -> tensor<?x?xi8>
  return %r : tensor<?x?xi8>
}
