// [tensor.dim] [tensor.rank] The runtime size of dimension `index` (of a
// ranked or unranked tensor) and the runtime rank. An index outside
// [0, rank) is an error.
//
// RUN: quant-interp %s --entry=ranked --arg='dense<1.0> : tensor<4x3xf32>' --arg='0 : index' | FileCheck %s --check-prefix=R0 --match-full-lines
// RUN: quant-interp %s --entry=ranked --arg='dense<1.0> : tensor<4x3xf32>' --arg='1 : index' | FileCheck %s --check-prefix=R1 --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<1> : tensor<2x0x5xi8>' --arg='2 : index' | FileCheck %s --check-prefix=U2 --match-full-lines
// RUN: not quant-interp %s --entry=ranked --arg='dense<1.0> : tensor<4x3xf32>' --arg='2 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OUT --match-full-lines
// RUN: not quant-interp %s --entry=ranked --arg='dense<1.0> : tensor<4x3xf32>' --arg='2 : index' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=unranked --arg='dense<1> : tensor<i8>' --arg='0 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=RANK0 --match-full-lines
// RUN: not quant-interp %s --entry=unranked --arg='dense<1> : tensor<3xi8>' --arg='-1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines

// R0: 4 : index
// R0-NEXT: 2 : index
// R0-NOT: {{.+}}
// R1: 3 : index
// R1-NEXT: 2 : index
// R1-NOT: {{.+}}
// OUT: [[FILE]]:[[@LINE+3]]:8: error: tensor.dim: dimension index 2 is out of range for a tensor of rank 2 (runtime shape tensor<4x3>)
// OUT-NOT: {{.+}}
func.func @ranked(%x: tensor<?x3xf32>, %i: index) -> (index, index) {
  %d = tensor.dim %x, %i : tensor<?x3xf32>
  %r = tensor.rank %x : tensor<?x3xf32>
  return %d, %r : index, index
}

// U2: 5 : index
// U2-NEXT: 3 : index
// U2-NOT: {{.+}}
// RANK0: [[FILE]]:[[@LINE+5]]:8: error: tensor.dim: dimension index 0 is out of range for a tensor of rank 0 (runtime shape tensor<>)
// RANK0-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+3]]:8: error: tensor.dim: dimension index -1 is out of range for a tensor of rank 1 (runtime shape tensor<3>)
// NEG-NOT: {{.+}}
func.func @unranked(%x: tensor<*xi8>, %i: index) -> (index, index) {
  %d = tensor.dim %x, %i : tensor<*xi8>
  %r = tensor.rank %x : tensor<*xi8>
  return %d, %r : index, index
}
