// [cli.arguments] The argument's shape must fit the parameter: same rank,
// equal static dimensions; a scalar is not a tensor and vice versa.
//
// RUN: not quant-interp %s --entry=static --arg='dense<1.0> : tensor<3xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=STATIC --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1.0> : tensor<4xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=RANK --match-full-lines
// RUN: not quant-interp %s --entry=static --arg='1.0 : f32' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SCALAR --match-full-lines
// RUN: not quant-interp %s --entry=scalar --arg='dense<1.0> : tensor<f32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=TENSOR --match-full-lines

// STATIC: [[FILE]]:17:1: error: @static argument #1: expected a value of type tensor<2xf32>, got tensor<3x...> from 'dense<1.0> : tensor<3xf32>'
// RANK: [[FILE]]:21:1: error: @dynamic argument #1: expected a value of type tensor<?x2xf32>, got tensor<4x...> from 'dense<1.0> : tensor<4xf32>'
// SCALAR: [[FILE]]:17:1: error: @static argument #1: expected a value of type tensor<2xf32>, got a scalar from '1.0 : f32'
// TENSOR: [[FILE]]:25:1: error: @scalar argument #1: expected a value of type f32, got tensor<...> from 'dense<1.0> : tensor<f32>'
// STATIC-NOT: {{.+}}
// RANK-NOT: {{.+}}
// SCALAR-NOT: {{.+}}
// TENSOR-NOT: {{.+}}
func.func @static(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

func.func @dynamic(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  return %x : tensor<?x2xf32>
}

func.func @scalar(%x: f32) -> f32 {
  return %x : f32
}
