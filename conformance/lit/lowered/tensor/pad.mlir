// [tensor.pad] Result size low + dim + high per dimension; positions inside
// the source take its elements (poison kept), the others the value the body
// yields for the result indices. Negative padding is an error.
//
// RUN: quant-interp %s --entry=static --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[1.0, 0x7FC00000]> : tensor<2xf32>' --arg='1 : index' --arg='2 : index' | FileCheck %s --check-prefix=DYN --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[1.0, 2.0]> : tensor<2xf32>' --arg='-1 : index' --arg='2 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[1.0, 2.0]> : tensor<2xf32>' --arg='-1 : index' --arg='2 : index' 2>/dev/null | count 0

// STATIC: dense<{{\[\[}}9, 9, 9, 9], [9, 1, 2, 9], [9, 3, 4, 9]]> : tensor<3x4xi8>
// STATIC-NOT: {{.+}}
func.func @static(%x: tensor<2x2xi8>) -> tensor<3x4xi8> {
  %c9 = arith.constant 9 : i8
  %p = tensor.pad %x low[1, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c9 : i8
  } : tensor<2x2xi8> to tensor<3x4xi8>
  return %p : tensor<3x4xi8>
}

// The body yields table[index]: [10 | 1, poison | 13, 14].
// DYN: dense<[10, 1, 0, 13, 14]> : tensor<5xi32>
// DYN-NEXT: // poison: 2
// DYN-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+7]]:8: error: tensor.pad: negative padding in dimension 0 (low -1, high 2)
// NEG-NOT: {{.+}}
!q = !quant.uniform<i32:f32, 1.0>
func.func @dynamic(%x: tensor<?xf32>, %lo: index, %hi: index) -> tensor<?xi32> {
  %table = arith.constant dense<[10, 11, 12, 13, 14, 15]> : tensor<6xi32>
  %q = quant.qcast %x : tensor<?xf32> to tensor<?x!q>
  %i = quant.scast %q : tensor<?x!q> to tensor<?xi32>
  %p = tensor.pad %i low[%lo] high[%hi] {
  ^bb0(%k: index):
    %v = tensor.extract %table[%k] : tensor<6xi32>
    tensor.yield %v : i32
  } : tensor<?xi32> to tensor<?xi32>
  return %p : tensor<?xi32>
}
