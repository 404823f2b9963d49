// [shape.common] Only extent tensors and index are evaluated: ops with
// !shape.shape / !shape.size operands or results are reported as
// unsupported types at the op.
//
// RUN: not quant-interp %s --entry=size 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SIZE --match-full-lines
// RUN: not quant-interp %s --entry=size 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=shape 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SHAPE --match-full-lines

// SIZE: [[FILE]]:[[@LINE+4]]:8: error: shape.index_to_size: unsupported type !shape.size (only extent tensors tensor<?xindex> and index are supported)
// SIZE-NOT: {{.+}}
func.func @size() -> index {
  %c = arith.constant 3 : index
  %s = shape.index_to_size %c
  %i = shape.size_to_index %s : !shape.size
  return %i : index
}

// SHAPE: [[FILE]]:[[@LINE+3]]:8: error: shape.const_shape: unsupported type !shape.shape (only extent tensors tensor<?xindex> and index are supported)
// SHAPE-NOT: {{.+}}
func.func @shape() -> index {
  %s = shape.const_shape [1, 2] : !shape.shape
  %r = shape.rank %s : !shape.shape -> !shape.size
  %i = shape.size_to_index %r : !shape.size
  return %i : index
}
