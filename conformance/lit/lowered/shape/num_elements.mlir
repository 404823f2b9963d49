// [shape.num_elements] The product of the extents (1 for the empty shape);
// poison if an extent is poison. A negative extent or a product beyond the
// 64-bit index range is an error.
//
// RUN: quant-interp %s --entry=of --arg='dense<1> : tensor<3x1x4xi8>' | FileCheck %s --check-prefix=N12 --match-full-lines
// RUN: quant-interp %s --entry=of --arg='dense<1> : tensor<i8>' | FileCheck %s --check-prefix=N1 --match-full-lines
// RUN: quant-interp %s --entry=of --arg='dense<> : tensor<5x0xi8>' | FileCheck %s --check-prefix=N0 --match-full-lines
// RUN: quant-interp %s --entry=poison | FileCheck %s --check-prefix=POISON --match-full-lines
// RUN: not quant-interp %s --entry=extents --arg='dense<[4294967296, 4294967296]> : tensor<2xindex>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OVERFLOW --match-full-lines
// RUN: not quant-interp %s --entry=extents --arg='dense<[4294967296, 4294967296]> : tensor<2xindex>' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=extents --arg='dense<[2, -3]> : tensor<2xindex>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines
// RUN: quant-interp %s --entry=extents --arg='dense<[4294967296, 0, 4294967296]> : tensor<3xindex>' | FileCheck %s --check-prefix=ZERO --match-full-lines

// N12: 12 : index
// N12-NOT: {{.+}}
// N1: 1 : index
// N1-NOT: {{.+}}
// N0: 0 : index
// N0-NOT: {{.+}}
func.func @of(%x: tensor<*xi8>) -> index {
  %s = shape.shape_of %x : tensor<*xi8> -> tensor<?xindex>
  %n = shape.num_elements %s : tensor<?xindex> -> index
  return %n : index
}

// The extents of tensor.empty are poison.
// POISON: 0 : index
// POISON-NEXT: // poison: 0
// POISON-NOT: {{.+}}
func.func @poison() -> index {
  %s = tensor.empty() : tensor<2xindex>
  %n = shape.num_elements %s : tensor<2xindex> -> index
  return %n : index
}

// ZERO: 0 : index
// ZERO-NOT: {{.+}}
// OVERFLOW: [[FILE]]:[[@LINE+5]]:8: error: shape.num_elements: the product of [4294967296, 4294967296] overflows index (64 bits)
// OVERFLOW-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+3]]:8: error: shape.num_elements: negative extent -3 at position 1 of [2, -3]
// NEG-NOT: {{.+}}
func.func @extents(%s: tensor<?xindex>) -> index {
  %n = shape.num_elements %s : tensor<?xindex> -> index
  return %n : index
}
