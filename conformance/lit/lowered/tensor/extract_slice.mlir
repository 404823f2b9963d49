// [tensor.extract_slice] Element k (per dimension) of the result is source
// element offset + k * stride; offsets, sizes and strides are static or
// operands. Rank-reducing forms drop unit dimensions. Errors: a negative
// size; with size 0, an offset outside [0, dim]; otherwise an offset or last
// index (offset + (size-1) * stride) outside [0, dim).
//
// RUN: quant-interp %s --entry=static --arg='dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi16>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='1 : index' --arg='3 : index' --arg='3 : index' | FileCheck %s --check-prefix=DYN --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='9 : index' --arg='4 : index' --arg='-2 : index' | FileCheck %s --check-prefix=NEGSTRIDE --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='10 : index' --arg='0 : index' --arg='1 : index' | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: quant-interp %s --entry=reduce --arg='dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 0x7FC00000]]]> : tensor<2x2x2xf32>' --arg='1 : index' | FileCheck %s --check-prefix=REDUCE --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='2 : index' --arg='4 : index' --arg='3 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=LAST --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='2 : index' --arg='4 : index' --arg='3 : index' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='10 : index' --arg='1 : index' --arg='1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OFFSET --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='11 : index' --arg='0 : index' --arg='1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OFFSET0 --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='0 : index' --arg='-1 : index' --arg='1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEGSIZE --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xindex>' --arg='1 : index' --arg='3 : index' --arg='-1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=BELOW --match-full-lines

// Rows 1..2, columns 1 and 3.
// STATIC: dense<{{\[\[}}6, 8], [10, 12]]> : tensor<2x2xi16>
// STATIC-NOT: {{.+}}
func.func @static(%x: tensor<3x4xi16>) -> tensor<2x2xi16> {
  %s = tensor.extract_slice %x[1, 1] [2, 2] [1, 2] : tensor<3x4xi16> to tensor<2x2xi16>
  return %s : tensor<2x2xi16>
}

// DYN: dense<[1, 4, 7]> : tensor<3xindex>
// DYN-NOT: {{.+}}
// NEGSTRIDE: dense<[9, 7, 5, 3]> : tensor<4xindex>
// NEGSTRIDE-NOT: {{.+}}
// EMPTY: dense<> : tensor<0xindex>
// EMPTY-NOT: {{.+}}
// LAST: [[FILE]]:[[@LINE+11]]:8: error: tensor.extract_slice: slice runs out of bounds in dimension 0 (offset 2, size 4, stride 3, runtime shape tensor<10>)
// LAST-NOT: {{.+}}
// OFFSET: [[FILE]]:[[@LINE+9]]:8: error: tensor.extract_slice: offset out of bounds in dimension 0 (offset 10, size 1, stride 1, runtime shape tensor<10>)
// OFFSET-NOT: {{.+}}
// OFFSET0: [[FILE]]:[[@LINE+7]]:8: error: tensor.extract_slice: offset out of bounds in dimension 0 (offset 11, size 0, stride 1, runtime shape tensor<10>)
// OFFSET0-NOT: {{.+}}
// NEGSIZE: [[FILE]]:[[@LINE+5]]:8: error: tensor.extract_slice: negative size in dimension 0 (offset 0, size -1, stride 1, runtime shape tensor<10>)
// NEGSIZE-NOT: {{.+}}
// BELOW: [[FILE]]:[[@LINE+3]]:8: error: tensor.extract_slice: slice runs out of bounds in dimension 0 (offset 1, size 3, stride -1, runtime shape tensor<10>)
// BELOW-NOT: {{.+}}
func.func @dynamic(%x: tensor<?xindex>, %o: index, %n: index, %s: index) -> tensor<?xindex> {
  %r = tensor.extract_slice %x[%o] [%n] [%s] : tensor<?xindex> to tensor<?xindex>
  return %r : tensor<?xindex>
}

// Rank-reducing: dimension 0 (size 1) is dropped; poison kept.
// x / 1: [5, 6, 7, poison] -> row [%i] of the second plane.
// REDUCE: dense<[7, 0]> : tensor<2xi8>
// REDUCE-NEXT: // poison: 1
// REDUCE-NOT: {{.+}}
!q = !quant.uniform<i8:f32, 1.0>
func.func @reduce(%x: tensor<2x2x2xf32>, %i: index) -> tensor<2x!q> {
  %q = quant.qcast %x : tensor<2x2x2xf32> to tensor<2x2x2x!q>
  %r = tensor.extract_slice %q[1, %i, 0] [1, 1, 2] [1, 1, 1] : tensor<2x2x2x!q> to tensor<2x!q>
  return %r : tensor<2x!q>
}
