// [cli.errors.clarified] When a static sub-channel type's scale tensor does
// not fit the tensor, MLIR 22's verifier says "dimension size E of scales
// tensor at axis I should match (tensor dimension at axis / block sizes at
// axis) = E", printing the expected size twice and never the actual one.
// quant-interp reports instead, at the op, in the words of the run-time check
// ([subchannel.integrity.dynamic]): the dimension's size, its blocks, the
// scale tensor's size along it, and what in the block-size list caused it --
// an empty list {} (every dimension is one block), a dimension without a
// block size, an axis given twice (MLIR uses the last). An empty list with a
// scale tensor of all 1s is valid (one block per dimension) and runs.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --split-input-file | FileCheck %s -DFILE=%s --match-full-lines

// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: dense<{{\[\[}}0, 1], [2, 2]]> : tensor<2x2xi8>
// CHECK-NEXT: [[FILE]]:26:8: error: quant.qcast: dimension 1 has size 2 = 1 block(s) of 2, but the scale tensor has 2 along it; the block-size list {} is empty, so every dimension is one block (type !quant.uniform<i8:f32:{}, {{\{\{}}1.000000e+00, 2.000000e+00}}>)
// CHECK-NEXT: [[FILE]]:32:8: error: quant.qcast: dimension 1 has size 2 = 1 block(s) of 2, but the scale tensor has 2 along it; dimension 1 has no block size, so it is one block; axis 0 is given 2 times in the block-size list (block sizes 1, 2; MLIR uses the last) (type !quant.uniform<i8:f32:{0:1, 0:2}, {{\{\{}}1.000000e+00, 2.000000e+00}}>)
// CHECK-NEXT: [[FILE]]:38:8: error: quant.dcast: dimension 0 has size 4 = 2 block(s) of 2, but the scale tensor has 4 along it (type !quant.uniform<i8:f32:{0:2}, {{\{\{}}1.000000e+00}, {2.000000e+00}, {3.000000e+00}, {4.000000e+00}}>)
// CHECK-NEXT: [[FILE]]:44:8: error: quant.scast: dimension 0 has size 2 = 2 block(s) of 1, but the scale tensor has 1 along it (type !quant.uniform<i8:f32:{0:1, 1:1}, {{\{\{}}1.000000e+00, 2.000000e+00}}>)
// CHECK-NEXT: exit status: 1

func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:{}, {{1.0, 2.0}}>> {
  %q = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32:{}, {{1.0, 2.0}}>>
  return %q : tensor<2x2x!quant.uniform<i8:f32:{}, {{1.0, 2.0}}>>
}

// -----
func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:{0:1, 0:2}, {{1.0, 2.0}}>> {
  %q = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32:{0:1, 0:2}, {{1.0, 2.0}}>>
  return %q : tensor<2x2x!quant.uniform<i8:f32:{0:1, 0:2}, {{1.0, 2.0}}>>
}

// -----
func.func @main(%q: tensor<4x1x!quant.uniform<i8:f32:{0:2}, {{1.0}, {2.0}, {3.0}, {4.0}}>>) -> tensor<4x1xf32> {
  %f = quant.dcast %q : tensor<4x1x!quant.uniform<i8:f32:{0:2}, {{1.0}, {2.0}, {3.0}, {4.0}}>> to tensor<4x1xf32>
  return %f : tensor<4x1xf32>
}

// -----
func.func @main(%x: tensor<2x2xi8>) -> tensor<2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{1.0, 2.0}}>> {
  %q = quant.scast %x : tensor<2x2xi8> to tensor<2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{1.0, 2.0}}>>
  return %q : tensor<2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{1.0, 2.0}}>>
}

// -----
// Valid: no block sizes, one scale for the whole tensor.
func.func @main() -> tensor<2x2x!quant.uniform<i8:f32:{}, {{2.0}}>> {
  %x = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %q = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32:{}, {{2.0}}>>
  return %q : tensor<2x2x!quant.uniform<i8:f32:{}, {{2.0}}>>
}
