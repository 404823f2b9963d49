// [cli.arguments] The argument's shape must fit the parameter: same rank,
// equal static dimensions; a scalar is not a tensor and vice versa. The
// message gives both types whole, however long.
//
// RUN: not quant-interp %s --entry=static --arg='dense<1.0> : tensor<3xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=STATIC --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1.0> : tensor<4xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=RANK --match-full-lines
// RUN: not quant-interp %s --entry=static --arg='1.0 : f32' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SCALAR --match-full-lines
// RUN: not quant-interp %s --entry=scalar --arg='dense<1.0> : tensor<f32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=TENSOR --match-full-lines
// RUN: not quant-interp %s --entry=long --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=LONG --match-full-lines

// STATIC: [[FILE]]:21:1: error: @static argument #1: expected a value of type tensor<2xf32>, got tensor<3xf32> from 'dense<1.0> : tensor<3xf32>'
// RANK: [[FILE]]:25:1: error: @dynamic argument #1: expected a value of type tensor<?x2xf32>, got tensor<4xf32> from 'dense<1.0> : tensor<4xf32>'
// SCALAR: [[FILE]]:21:1: error: @static argument #1: expected a value of type tensor<2xf32>, got a scalar from '1.0 : f32'
// TENSOR: [[FILE]]:29:1: error: @scalar argument #1: expected a value of type f32, got tensor<f32> from 'dense<1.0> : tensor<f32>'
// STATIC-NOT: {{.+}}
// RANK-NOT: {{.+}}
// SCALAR-NOT: {{.+}}
// TENSOR-NOT: {{.+}}
// LONG: [[FILE]]:33:1: error: @long argument #1: expected a value of type tensor<1x2x3x!quant.uniform<u8:f32:2, {5.000000e-01:128,2.500000e-01:128,1.250000e-01:128}>>, got tensor<2x3xi8> from 'dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>'
// LONG-NOT: {{.+}}
func.func @static(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

func.func @dynamic(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  return %x : tensor<?x2xf32>
}

func.func @scalar(%x: f32) -> f32 {
  return %x : f32
}

func.func @long(%q: tensor<1x2x3x!quant.uniform<u8:f32:2, {0.5:128, 0.25:128, 0.125:128}>>) -> tensor<1x2x3xf32> {
  %f = quant.dcast %q : tensor<1x2x3x!quant.uniform<u8:f32:2, {0.5:128, 0.25:128, 0.125:128}>> to tensor<1x2x3xf32>
  return %f : tensor<1x2x3xf32>
}
