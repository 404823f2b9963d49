// [tensor.collapse_shape] Row-major order kept; each result dimension is the
// product of its group's source sizes. Collapsing to rank 0 needs exactly one
// element (a dynamic source dimension may hold another size at run time).
//
// RUN: quant-interp %s --entry=groups --arg='dense<[[[1, 2]], [[3, 4]], [[5, 6]]]> : tensor<3x1x2xi8>' | FileCheck %s --check-prefix=GROUPS --match-full-lines
// RUN: quant-interp %s --entry=groups --arg='dense<> : tensor<0x1x2xi8>' | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: quant-interp %s --entry=to_rank0 --arg='dense<4.5> : tensor<1x1xf32>' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='dense<[[0x7FC00000, 1.0], [2.0, 0x7FC00000]]> : tensor<2x2xf32>' | FileCheck %s --check-prefix=POISON --match-full-lines
// RUN: not quant-interp %s --entry=to_rank0 --arg='dense<> : tensor<1x0xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=ERR --match-full-lines
// RUN: not quant-interp %s --entry=to_rank0 --arg='dense<> : tensor<1x0xf32>' 2>/dev/null | count 0

// GROUPS: dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>
// GROUPS-NEXT: dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
// GROUPS-NOT: {{.+}}
// EMPTY: dense<> : tensor<0xi8>
// EMPTY-NEXT: dense<> : tensor<0x2xi8>
// EMPTY-NOT: {{.+}}
func.func @groups(%x: tensor<?x1x2xi8>) -> (tensor<?xi8>, tensor<?x2xi8>) {
  %a = tensor.collapse_shape %x [[0, 1, 2]] : tensor<?x1x2xi8> into tensor<?xi8>
  %b = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x1x2xi8> into tensor<?x2xi8>
  return %a, %b : tensor<?xi8>, tensor<?x2xi8>
}

// RANK0: dense<4.5> : tensor<f32>
// RANK0-NOT: {{.+}}
// ERR: [[FILE]]:[[@LINE+3]]:8: error: tensor.collapse_shape: collapsing to rank 0 needs a single element, but the source has runtime shape tensor<1x0>
// ERR-NOT: {{.+}}
func.func @to_rank0(%x: tensor<1x?xf32>) -> tensor<f32> {
  %c = tensor.collapse_shape %x [] : tensor<1x?xf32> into tensor<f32>
  return %c : tensor<f32>
}

// x / 1: NaN -> poison at flat positions 0 and 3, kept by the collapse.
// POISON: dense<[0, 1, 2, 0]> : tensor<4xi8>
// POISON-NEXT: // poison: 0, 3
// POISON-NOT: {{.+}}
!q = !quant.uniform<i8:f32, 1.0>
func.func @poison(%x: tensor<2x2xf32>) -> tensor<4x!q> {
  %q = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!q>
  %c = tensor.collapse_shape %q [[0, 1]] : tensor<2x2x!q> into tensor<4x!q>
  return %c : tensor<4x!q>
}
