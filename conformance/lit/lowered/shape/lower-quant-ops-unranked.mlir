// [shape.split_at] [shape.num_elements] [tensor.reshape] End to end on what
// `mlir-opt --lower-quant-ops` emits for a per-axis qcast of an unranked
// tensor: shape_of, split_at at the axis and axis + 1, num_elements,
// from_elements, reshape to ?x2x? and back to the runtime shape. Inputs are
// chosen so that every x / scale + zero point is an integer.
// For a rank-1 input the split at index 2 is out of range: an error at the
// split_at (the unlowered qcast reports the axis instead).
//
// RUN: mlir-opt %s --lower-quant-ops --strip-func-quant-types | quant-interp - --arg='dense<[[[2.0, 4.0], [9.0, -6.0]]]> : tensor<1x2x2xf32>' | FileCheck %s --check-prefix=RANK3 --match-full-lines
// RUN: mlir-opt %s --lower-quant-ops --strip-func-quant-types | quant-interp - --arg='dense<[[[[2.0]], [[3.0]]], [[[-4.0]], [[6.0]]]]> : tensor<2x2x1x1xf32>' | FileCheck %s --check-prefix=RANK4 --match-full-lines
// RUN: mlir-opt %s --lower-quant-ops --strip-func-quant-types | not quant-interp - --arg='dense<[2.0, 4.0]> : tensor<2xf32>' 2>&1 | FileCheck %s --check-prefix=RANK1 --match-full-lines

// channel 0: x / 2 + 10, channel 1: x / 3 + 20
// RANK3: dense<{{\[\[\[}}11, 12], [23, 18]]]> : tensor<1x2x2xi8>
// RANK3-NOT: {{.+}}
// RANK4: dense<{{\[\[\[\[}}11]], {{\[\[}}21]]], {{\[\[\[}}8]], {{\[\[}}22]]]]> : tensor<2x2x1x1xi8>
// RANK4-NOT: {{.+}}
// RANK1: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error: shape.split_at: index 2 is outside [-1, 1] for the shape [2]
// RANK1-NOT: {{.+}}
func.func @main(%arg0: tensor<*xf32>) -> tensor<*x!quant.uniform<i8:f32:1, {2.0:10, 3.0:20}>> {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:1, {2.0:10, 3.0:20}>>
  return %0 : tensor<*x!quant.uniform<i8:f32:1, {2.0:10, 3.0:20}>>
}
