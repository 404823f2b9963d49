// [tensor.insert_slice] A copy of the destination where element
// offset + k * stride (per dimension) takes source element k (with its
// poison bit). The bounds checks are those of extract_slice on the
// destination; the source's runtime shape must equal the sizes (minus the
// dropped unit dimensions of a rank-extending insert).
//
// RUN: quant-interp %s --entry=static --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>' --arg='dense<0> : tensor<3x4xi8>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[7, 8]> : tensor<2xi32>' --arg='dense<[0, 0, 0, 0, 0]> : tensor<5xi32>' --arg='4 : index' --arg='2 : index' --arg='-3 : index' | FileCheck %s --check-prefix=DYN --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='dense<[1.0, 0x7FC00000]> : tensor<2xf32>' --arg='dense<[[0x7FC00000, 0x7FC00000], [3.0, 4.0]]> : tensor<2x2xf32>' | FileCheck %s --check-prefix=POISON --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[7, 8]> : tensor<2xi32>' --arg='dense<[0, 0, 0, 0, 0]> : tensor<5xi32>' --arg='0 : index' --arg='3 : index' --arg='1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SHAPE --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[7, 8]> : tensor<2xi32>' --arg='dense<[0, 0, 0, 0, 0]> : tensor<5xi32>' --arg='0 : index' --arg='3 : index' --arg='1 : index' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[7, 8]> : tensor<2xi32>' --arg='dense<[0, 0, 0, 0, 0]> : tensor<5xi32>' --arg='4 : index' --arg='2 : index' --arg='1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OOB --match-full-lines

// STATIC: dense<{{\[\[}}0, 0, 0, 0], [0, 1, 0, 2], [0, 3, 0, 4]]> : tensor<3x4xi8>
// STATIC-NOT: {{.+}}
func.func @static(%s: tensor<2x2xi8>, %d: tensor<3x4xi8>) -> tensor<3x4xi8> {
  %r = tensor.insert_slice %s into %d[1, 1] [2, 2] [1, 2] : tensor<2x2xi8> into tensor<3x4xi8>
  return %r : tensor<3x4xi8>
}

// Offset 4, stride -3: positions 4 and 1.
// DYN: dense<[0, 8, 0, 0, 7]> : tensor<5xi32>
// DYN-NOT: {{.+}}
// SHAPE: [[FILE]]:[[@LINE+5]]:8: error: tensor.insert_slice: source runtime shape tensor<2> does not match the slice sizes [3] (expected tensor<3>)
// SHAPE-NOT: {{.+}}
// OOB: [[FILE]]:[[@LINE+3]]:8: error: tensor.insert_slice: slice runs out of bounds in dimension 0 (offset 4, size 2, stride 1, runtime shape tensor<5>)
// OOB-NOT: {{.+}}
func.func @dynamic(%s: tensor<?xi32>, %d: tensor<?xi32>, %o: index, %n: index, %st: index) -> tensor<?xi32> {
  %r = tensor.insert_slice %s into %d[%o] [%n] [%st] : tensor<?xi32> into tensor<?xi32>
  return %r : tensor<?xi32>
}

// Rank-extending insert of a row into row 0 (dimension 0 dropped): the
// destination's poison row 0 becomes [1, poison]; row 1 is kept.
// POISON: dense<{{\[\[}}1, 0], [3, 4]]> : tensor<2x2xi8>
// POISON-NEXT: // poison: 1
// POISON-NOT: {{.+}}
!q = !quant.uniform<i8:f32, 1.0>
func.func @poison(%s: tensor<2xf32>, %d: tensor<2x2xf32>) -> tensor<2x2x!q> {
  %qs = quant.qcast %s : tensor<2xf32> to tensor<2x!q>
  %qd = quant.qcast %d : tensor<2x2xf32> to tensor<2x2x!q>
  %r = tensor.insert_slice %qs into %qd[0, 0] [1, 2] [1, 1] : tensor<2x!q> into tensor<2x2x!q>
  return %r : tensor<2x2x!q>
}
