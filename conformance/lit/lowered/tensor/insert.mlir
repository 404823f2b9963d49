// [tensor.insert] A copy of the destination with the element at the indices
// replaced by the scalar (its poison bit too: inserting a non-poison value
// clears poison). An out-of-bounds index is an error.
//
// RUN: quant-interp %s --entry=matrix --arg='7 : i32' --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>' --arg='1 : index' --arg='0 : index' | FileCheck %s --check-prefix=M10 --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='0x7FC00000 : f32' --arg='dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>' --arg='0 : index' | FileCheck %s --check-prefix=P0 --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='2.0 : f32' --arg='dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>' --arg='1 : index' | FileCheck %s --check-prefix=P1 --match-full-lines
// RUN: not quant-interp %s --entry=matrix --arg='7 : i32' --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>' --arg='2 : index' --arg='0 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OOB --match-full-lines
// RUN: not quant-interp %s --entry=matrix --arg='7 : i32' --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>' --arg='2 : index' --arg='0 : index' 2>/dev/null | count 0

// M10: dense<{{\[\[}}1, 2], [7, 4]]> : tensor<2x2xi32>
// M10-NEXT: dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// M10-NOT: {{.+}}
// OOB: [[FILE]]:[[@LINE+3]]:8: error: tensor.insert: index 2 is out of bounds for dimension 0 of size 2 (runtime shape tensor<2x2>)
// OOB-NOT: {{.+}}
func.func @matrix(%v: i32, %t: tensor<2x?xi32>, %i: index, %j: index) -> (tensor<2x?xi32>, tensor<2x?xi32>) {
  %r = tensor.insert %v into %t[%i, %j] : tensor<2x?xi32>
  return %r, %t : tensor<2x?xi32>, tensor<2x?xi32>
}

// x / 1 (u8): 1 -> 1, NaN -> poison, 3 -> 3, 2 -> 2.
// P0: dense<[0, 0, 3]> : tensor<3xui8>
// P0-NEXT: // poison: 0, 1
// P0-NOT: {{.+}}
// P1: dense<[1, 2, 3]> : tensor<3xui8>
// P1-NOT: {{.+}}
!q = !quant.uniform<u8:f32, 1.0>
func.func @poison(%v: f32, %t: tensor<3xf32>, %i: index) -> tensor<3x!q> {
  %qv = quant.qcast %v : f32 to !q
  %qt = quant.qcast %t : tensor<3xf32> to tensor<3x!q>
  %r = tensor.insert %qv into %qt[%i] : tensor<3x!q>
  return %r : tensor<3x!q>
}
