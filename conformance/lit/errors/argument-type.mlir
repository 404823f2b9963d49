// [cli.arguments] The literal's element type must be the parameter's; for a
// quantized parameter, an integer of the storage width.
//
// RUN: not quant-interp %s --entry=f --arg='1.0 : f64' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=FLOAT --match-full-lines
// RUN: not quant-interp %s --entry=q --arg='dense<1> : tensor<2xi16>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=QUANT --match-full-lines
// RUN: not quant-interp %s --entry=q --arg='dense<1.0> : tensor<2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=QFLOAT --match-full-lines

// FLOAT: [[FILE]]:14:1: error: @f argument #1 (parameter type f32): element type f64 does not match: expected f32
// FLOAT-NOT: {{.+}}
// QUANT: [[FILE]]:18:1: error: @q argument #1 (parameter type tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>): element type i16 does not match: expected an integer type of width 8 (the storage of !quant.uniform<i8:f32, 5.000000e-01>)
// QUANT-NOT: {{.+}}
// QFLOAT: [[FILE]]:18:1: error: @q argument #1 (parameter type tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>): element type f32 does not match: expected an integer type of width 8 (the storage of !quant.uniform<i8:f32, 5.000000e-01>)
// QFLOAT-NOT: {{.+}}
func.func @f(%x: f32) -> f32 {
  return %x : f32
}

func.func @q(%x: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>> {
  return %x : tensor<2x!quant.uniform<i8:f32, 0.5>>
}
