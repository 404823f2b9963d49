// [tensor.concat] Inputs joined along `dim` (poison kept); the other
// dimensions must agree at run time. [tensor.bitcast] Same bits, element type
// of equal width.
//
// RUN: quant-interp %s --entry=concat --arg='dense<[[1, 2]]> : tensor<1x2xi8>' --arg='dense<[[3, 4], [5, 6]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=C0 --match-full-lines
// RUN: quant-interp %s --entry=concat1 --arg='dense<[[1], [2]]> : tensor<2x1xi8>' --arg='dense<[[3, 4], [5, 6]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=C1 --match-full-lines
// RUN: not quant-interp %s --entry=concat --arg='dense<[[1, 2, 3]]> : tensor<1x3xi8>' --arg='dense<[[3, 4], [5, 6]]> : tensor<2x2xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=ERR --match-full-lines
// RUN: quant-interp %s --entry=bitcast --arg='dense<[1.0, -2.0]> : tensor<2xf32>' | FileCheck %s --check-prefix=BC --match-full-lines

// C0: dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
// C0-NOT: {{.+}}
// ERR: [[FILE]]:[[@LINE+3]]:8: error: tensor.concat: input #1 has runtime shape tensor<2x2> but input #0 has tensor<1x3> (dimension 1 differs)
// ERR-NOT: {{.+}}
func.func @concat(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>) -> tensor<?x?xi8> {
  %c = tensor.concat dim(0) %a, %b : (tensor<?x?xi8>, tensor<?x?xi8>) -> tensor<?x?xi8>
  return %c : tensor<?x?xi8>
}

// C1: dense<{{\[\[}}1, 3, 4], [2, 5, 6]]> : tensor<2x3xi8>
// C1-NOT: {{.+}}
func.func @concat1(%a: tensor<2x?xi8>, %b: tensor<2x?xi8>) -> tensor<2x?xi8> {
  %c = tensor.concat dim(1) %a, %b : (tensor<2x?xi8>, tensor<2x?xi8>) -> tensor<2x?xi8>
  return %c : tensor<2x?xi8>
}

// 1.0f = 0x3F800000 = 1065353216; -2.0f = 0xC0000000 = -1073741824.
// BC: dense<[1065353216, -1073741824]> : tensor<2xi32>
// BC-NOT: {{.+}}
func.func @bitcast(%x: tensor<?xf32>) -> tensor<?xi32> {
  %b = tensor.bitcast %x : tensor<?xf32> to tensor<?xi32>
  return %b : tensor<?xi32>
}
