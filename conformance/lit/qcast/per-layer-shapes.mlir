// [qcast.steps] per-layer qcast on every shape kind: scalar, 0-d tensor,
// static, dynamic (`?`, shape from the argument) and unranked (`*`) tensors.
// Type: i8, scale 0.5, zero point -3:  q = round_even(x / 0.5 + (-3)).
//
// RUN: quant-interp %s --entry=scalar --arg='-1.75 : f32' | FileCheck %s --check-prefix=SCALAR --match-full-lines
// RUN: quant-interp %s --entry=rank0 --arg='dense<100.0> : tensor<f32>' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=static --arg='dense<[1.25, -0.75, 0.3, -100.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[0.0, 0.5], [1.0, 1.5], [2.0, 2.5]]> : tensor<3x2xf32>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[[-1.0, 0.25]], [[63.0, 64.0]]]> : tensor<2x1x2xf32>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines

!q = !quant.uniform<i8:f32, 0.5:-3>

// -1.75 / 0.5 = -3.5; -3.5 + -3 = -6.5 -> tie, even -> -6
// SCALAR: -6 : i8
// SCALAR-NOT: {{.+}}
func.func @scalar(%x: f32) -> !q {
  %q = quant.qcast %x : f32 to !q
  return %q : !q
}

// 100 / 0.5 - 3 = 197 -> saturates to 127
// RANK0: dense<127> : tensor<i8>
// RANK0-NOT: {{.+}}
func.func @rank0(%x: tensor<f32>) -> tensor<!q> {
  %q = quant.qcast %x : tensor<f32> to tensor<!q>
  return %q : tensor<!q>
}

// 1.25/0.5-3 = -0.5 -> -0 -> 0;  -0.75/0.5-3 = -4.5 -> -4;
// 0.3f/0.5-3 = -2.4 -> -2;  -100/0.5-3 = -203 -> -128
// STATIC: dense<[0, -4, -2, -128]> : tensor<4xi8>
// STATIC-NOT: {{.+}}
func.func @static(%x: tensor<4xf32>) -> tensor<4x!q> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!q>
  return %q : tensor<4x!q>
}

// x*2 - 3; the result is printed with the runtime shape 3x2.
// DYNAMIC: dense<{{\[\[}}-3, -2], [-1, 0], [1, 2]]> : tensor<3x2xi8>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%x: tensor<?x2xf32>) -> tensor<?x2x!q> {
  %q = quant.qcast %x : tensor<?x2xf32> to tensor<?x2x!q>
  return %q : tensor<?x2x!q>
}

// -2-3 = -5;  0.5-3 = -2.5 -> -2;  126-3 = 123;  128-3 = 125
// UNRANKED: dense<{{\[\[\[}}-5, -2]], {{\[\[}}123, 125]]]> : tensor<2x1x2xi8>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*x!q> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!q>
  return %q : tensor<*x!q>
}
