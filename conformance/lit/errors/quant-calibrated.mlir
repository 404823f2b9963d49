// [qtype.non-executable] !quant.calibrated has no scale, zero point or storage
// type: qcast to it cannot be evaluated, and no value can be passed for a
// parameter of that type (so dcast from it cannot be reached). Both messages
// point to --calibration=RECIPE ([cli.calibration], calibration/network.mlir).
//
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=QCAST --match-full-lines
// RUN: not quant-interp %s --entry=dcast --arg='dense<1> : tensor<2xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DCAST --match-full-lines

// QCAST: [[FILE]]:15:8: error: quant.qcast: cannot evaluate on !quant.calibrated<f32<-1.000000e+00:1.000000e+00>>: the type has no scale or zero point (choose them with --calibration=RECIPE)
// QCAST-NOT: {{.+}}
// DCAST: [[FILE]]:19:1: error: @dcast argument #1: parameter type tensor<2x!quant.calibrated<f32<-1.000000e+00:1.000000e+00>>> has no storage type, so no value can be passed for it (choose one with --calibration=RECIPE)
// DCAST-NOT: {{.+}}

func.func @qcast(%x: tensor<2xf32>) -> tensor<2x!quant.calibrated<f32<-1.0:1.0>>> {
  %q = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.calibrated<f32<-1.0:1.0>>>
  return %q : tensor<2x!quant.calibrated<f32<-1.0:1.0>>>
}

func.func @dcast(%x: tensor<2x!quant.calibrated<f32<-1.0:1.0>>>) -> tensor<2xf32> {
  %d = quant.dcast %x : tensor<2x!quant.calibrated<f32<-1.0:1.0>>> to tensor<2xf32>
  return %d : tensor<2xf32>
}
