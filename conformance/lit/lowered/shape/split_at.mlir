// [shape.split_at] head = extents [0, i), tail = [i, rank), where a negative
// index i counts from the back (i + rank). An index outside [-rank, rank] is
// an error (undefined behaviour for extent tensors in MLIR), as is a poison
// index. Extents are copied with their poison bits. The examples are the op
// documentation's, on the shape [4, 5, 6].
//
// RUN: quant-interp %s --arg='0 : index' | FileCheck %s --check-prefix=I0 --match-full-lines
// RUN: quant-interp %s --arg='1 : index' | FileCheck %s --check-prefix=I1 --match-full-lines
// RUN: quant-interp %s --arg='2 : index' | FileCheck %s --check-prefix=I2 --match-full-lines
// RUN: quant-interp %s --arg='3 : index' | FileCheck %s --check-prefix=I3 --match-full-lines
// RUN: quant-interp %s --arg='-1 : index' | FileCheck %s --check-prefix=I2 --match-full-lines
// RUN: quant-interp %s --arg='-2 : index' | FileCheck %s --check-prefix=I1 --match-full-lines
// RUN: quant-interp %s --arg='-3 : index' | FileCheck %s --check-prefix=I0 --match-full-lines
// RUN: not quant-interp %s --arg='4 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=E4 --match-full-lines
// RUN: not quant-interp %s --arg='4 : index' 2>/dev/null | count 0
// RUN: not quant-interp %s --arg='-4 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=EM4 --match-full-lines
// RUN: quant-interp %s --entry=poison_extent | FileCheck %s --check-prefix=PEXT --match-full-lines
// RUN: not quant-interp %s --entry=poison_index 2>&1 | FileCheck %s -DFILE=%s --check-prefix=PIDX --match-full-lines

// I0: dense<> : tensor<0xindex>
// I0-NEXT: dense<[4, 5, 6]> : tensor<3xindex>
// I0-NOT: {{.+}}
// I1: dense<[4]> : tensor<1xindex>
// I1-NEXT: dense<[5, 6]> : tensor<2xindex>
// I1-NOT: {{.+}}
// I2: dense<[4, 5]> : tensor<2xindex>
// I2-NEXT: dense<[6]> : tensor<1xindex>
// I2-NOT: {{.+}}
// I3: dense<[4, 5, 6]> : tensor<3xindex>
// I3-NEXT: dense<> : tensor<0xindex>
// I3-NOT: {{.+}}
// E4: [[FILE]]:[[@LINE+6]]:18: error: shape.split_at: index 4 is outside [-3, 3] for the shape [4, 5, 6]
// E4-NOT: {{.+}}
// EM4: [[FILE]]:[[@LINE+4]]:18: error: shape.split_at: index -4 is outside [-3, 3] for the shape [4, 5, 6]
// EM4-NOT: {{.+}}
func.func @main(%i: index) -> (tensor<?xindex>, tensor<?xindex>) {
  %s = shape.const_shape [4, 5, 6] : tensor<3xindex>
  %head, %tail = "shape.split_at"(%s, %i) : (tensor<3xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  return %head, %tail : tensor<?xindex>, tensor<?xindex>
}

// PEXT: dense<[0]> : tensor<1xindex>
// PEXT-NEXT: // poison: 0
// PEXT-NEXT: dense<[0]> : tensor<1xindex>
// PEXT-NEXT: // poison: 0
// PEXT-NOT: {{.+}}
func.func @poison_extent() -> (tensor<?xindex>, tensor<?xindex>) {
  %c1 = arith.constant 1 : index
  %s = tensor.empty() : tensor<2xindex>
  %head, %tail = "shape.split_at"(%s, %c1) : (tensor<2xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  return %head, %tail : tensor<?xindex>, tensor<?xindex>
}

// PIDX: [[FILE]]:[[@LINE+7]]:18: error: shape.split_at: index is poison
// PIDX-NOT: {{.+}}
func.func @poison_index() -> (tensor<?xindex>, tensor<?xindex>) {
  %s = shape.const_shape [4, 5, 6] : tensor<3xindex>
  %c0 = arith.constant 0 : index
  %t = tensor.empty() : tensor<1xindex>
  %i = tensor.extract %t[%c0] : tensor<1xindex>
  %head, %tail = "shape.split_at"(%s, %i) : (tensor<3xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  return %head, %tail : tensor<?xindex>, tensor<?xindex>
}
