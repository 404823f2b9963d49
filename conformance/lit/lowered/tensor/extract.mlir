// [tensor.extract] The element at the indices (its poison bit too); an index
// outside [0, size) of its dimension, or a poison index, is an error.
//
// RUN: quant-interp %s --entry=matrix --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>' --arg='1 : index' --arg='2 : index' | FileCheck %s --check-prefix=M12 --match-full-lines
// RUN: quant-interp %s --entry=matrix --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>' --arg='0 : index' --arg='1 : index' | FileCheck %s --check-prefix=M01 --match-full-lines
// RUN: quant-interp %s --entry=rank0 --arg='dense<2.5> : tensor<f32>' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='dense<[0x7FC00000, 4.0]> : tensor<2xf32>' --arg='0 : index' | FileCheck %s --check-prefix=P0 --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='dense<[0x7FC00000, 4.0]> : tensor<2xf32>' --arg='1 : index' | FileCheck %s --check-prefix=P1 --match-full-lines
// RUN: not quant-interp %s --entry=matrix --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>' --arg='1 : index' --arg='3 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OOB --match-full-lines
// RUN: not quant-interp %s --entry=matrix --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>' --arg='1 : index' --arg='3 : index' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=matrix --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>' --arg='-1 : index' --arg='0 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines
// RUN: not quant-interp %s --entry=poison_index 2>&1 | FileCheck %s -DFILE=%s --check-prefix=PIDX --match-full-lines

// M12: 6 : i16
// M12-NOT: {{.+}}
// M01: 2 : i16
// M01-NOT: {{.+}}
// OOB: [[FILE]]:[[@LINE+5]]:8: error: tensor.extract: index 3 is out of bounds for dimension 1 of size 3 (runtime shape tensor<2x3>)
// OOB-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+3]]:8: error: tensor.extract: index -1 is out of bounds for dimension 0 of size 2 (runtime shape tensor<2x3>)
// NEG-NOT: {{.+}}
func.func @matrix(%x: tensor<?x3xi16>, %i: index, %j: index) -> i16 {
  %e = tensor.extract %x[%i, %j] : tensor<?x3xi16>
  return %e : i16
}

// RANK0: 2.5 : f32
// RANK0-NOT: {{.+}}
func.func @rank0(%x: tensor<f32>) -> f32 {
  %e = tensor.extract %x[] : tensor<f32>
  return %e : f32
}

// NaN -> poison; 4 / 0.25 = 16.
// P0: 0 : i8
// P0-NEXT: // poison: 0
// P0-NOT: {{.+}}
// P1: 16 : i8
// P1-NOT: {{.+}}
!q = !quant.uniform<i8:f32, 0.25>
func.func @poison(%x: tensor<2xf32>, %i: index) -> !q {
  %q = quant.qcast %x : tensor<2xf32> to tensor<2x!q>
  %e = tensor.extract %q[%i] : tensor<2x!q>
  return %e : !q
}

// PIDX: [[FILE]]:[[@LINE+6]]:8: error: tensor.extract: index #0 is poison
// PIDX-NOT: {{.+}}
func.func @poison_index() -> i8 {
  %c0 = arith.constant 0 : index
  %t = tensor.empty() : tensor<1xindex>
  %i = tensor.extract %t[%c0] : tensor<1xindex>
  %e = tensor.extract %t[%i] : tensor<1xindex>
  %r = arith.constant 0 : i8
  return %r : i8
}
