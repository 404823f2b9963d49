// [axis.integrity.dynamic] An unranked per-axis tensor must, at run time, have
// a rank greater than the channel axis and the right size along it.
//
// RUN: not quant-interp %s --entry=qcast --arg='dense<[1.0, 2.0]> : tensor<2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=RANK --match-full-lines
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<2x3xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SIZE --match-full-lines
// RUN: not quant-interp %s --entry=dcast --arg='dense<1> : tensor<i8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=RANK0 --match-full-lines
// RUN: not quant-interp %s --entry=scast --arg='dense<1> : tensor<5x1xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SCAST --match-full-lines

// RANK: [[FILE]]:16:8: error: quant.qcast: channel axis 1 is out of range for the runtime rank 1 (shape 2) (type !quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>)
// SIZE: [[FILE]]:16:8: error: quant.qcast: channel axis 1 has runtime size 3 but the type has 2 scales (type !quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>)
// RANK0: [[FILE]]:21:8: error: quant.dcast: channel axis 1 is out of range for the runtime rank 0 (shape scalar) (type !quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>)
// SCAST: [[FILE]]:26:8: error: quant.scast: channel axis 1 has runtime size 1 but the type has 2 scales (type !quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>)

!c = !quant.uniform<i8:f32:1, {2.0, 3.0}>
func.func @qcast(%x: tensor<*xf32>) -> tensor<*x!c> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!c>
  return %q : tensor<*x!c>
}

func.func @dcast(%x: tensor<*x!c>) -> tensor<*xf32> {
  %d = quant.dcast %x : tensor<*x!c> to tensor<*xf32>
  return %d : tensor<*xf32>
}

func.func @scast(%x: tensor<*xi8>) -> tensor<*x!c> {
  %q = quant.scast %x : tensor<*xi8> to tensor<*x!c>
  return %q : tensor<*x!c>
}
