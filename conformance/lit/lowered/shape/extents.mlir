// [shape.get_extent] [shape.rank] [shape.dim] [shape.const_shape]
// [shape.to_extent_tensor] [shape.concat] [shape.size_to_index] on extent
// tensors and index. An extent or dimension index outside [0, rank) is an
// error.
//
// RUN: quant-interp %s --entry=main --arg='dense<1.0> : tensor<2x3x5xf32>' --arg='1 : index' | FileCheck %s --check-prefix=MAIN --match-full-lines
// RUN: not quant-interp %s --entry=main --arg='dense<1.0> : tensor<2x3xf32>' --arg='2 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=GET --match-full-lines
// RUN: not quant-interp %s --entry=main --arg='dense<1.0> : tensor<2x3xf32>' --arg='2 : index' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=dim --arg='dense<1.0> : tensor<2x3xf32>' --arg='-1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DIM --match-full-lines
// RUN: not quant-interp %s --entry=to_static --arg='dense<[1, 2]> : tensor<2xindex>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=TO --match-full-lines

// MAIN: 3 : index
// MAIN-NEXT: 3 : index
// MAIN-NEXT: 3 : index
// MAIN-NEXT: dense<[2, 3, 5, 7, 8]> : tensor<5xindex>
// MAIN-NEXT: 3 : index
// MAIN-NOT: {{.+}}
// GET: [[FILE]]:[[@LINE+4]]:8: error: shape.get_extent: dimension 2 is out of range for the shape [2, 3] of rank 2
// GET-NOT: {{.+}}
func.func @main(%x: tensor<*xf32>, %i: index) -> (index, index, index, tensor<?xindex>, index) {
  %s = shape.shape_of %x : tensor<*xf32> -> tensor<?xindex>
  %e = shape.get_extent %s, %i : tensor<?xindex>, index -> index
  %r = shape.rank %s : tensor<?xindex> -> index
  %d = shape.dim %x, %i : tensor<*xf32>, index -> index
  %c = shape.const_shape [7, 8] : tensor<2xindex>
  %cat = shape.concat %s, %c : tensor<?xindex>, tensor<2xindex> -> tensor<?xindex>
  %same = shape.size_to_index %r : index
  return %e, %r, %d, %cat, %same : index, index, index, tensor<?xindex>, index
}

// DIM: [[FILE]]:[[@LINE+3]]:8: error: shape.dim: dimension -1 is out of range for a tensor of rank 2 (runtime shape tensor<2x3>)
// DIM-NOT: {{.+}}
func.func @dim(%x: tensor<?x?xf32>, %i: index) -> index {
  %d = shape.dim %x, %i : tensor<?x?xf32>, index -> index
  return %d : index
}

// TO: [[FILE]]:[[@LINE+3]]:8: error: shape.to_extent_tensor: result has runtime shape tensor<2> which does not fit its type tensor<3xindex>
// TO-NOT: {{.+}}
func.func @to_static(%s: tensor<?xindex>) -> tensor<3xindex> {
  %t = shape.to_extent_tensor %s : tensor<?xindex> -> tensor<3xindex>
  return %t : tensor<3xindex>
}
