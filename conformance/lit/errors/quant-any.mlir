// [qtype.non-executable] !quant.any has no scale or zero point: qcast and
// dcast on it cannot be evaluated (scast can: it only moves bits).
//
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=QCAST --match-full-lines
// RUN: not quant-interp %s --entry=dcast --arg='dense<1> : tensor<2xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DCAST --match-full-lines
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<2xf32>' 2>/dev/null | count 0

// QCAST: [[FILE]]:14:8: error: quant.qcast: cannot evaluate on !quant.any<i8:f32>: the type has no scale or zero point
// QCAST-NOT: {{.+}}
// DCAST: [[FILE]]:19:8: error: quant.dcast: cannot evaluate on !quant.any<i8:f32>: the type has no scale or zero point
// DCAST-NOT: {{.+}}

func.func @qcast(%x: tensor<2xf32>) -> tensor<2x!quant.any<i8:f32>> {
  %q = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.any<i8:f32>>
  return %q : tensor<2x!quant.any<i8:f32>>
}

func.func @dcast(%x: tensor<2x!quant.any<i8:f32>>) -> tensor<2xf32> {
  %d = quant.dcast %x : tensor<2x!quant.any<i8:f32>> to tensor<2xf32>
  return %d : tensor<2xf32>
}
