// [axis.integrity.dynamic] A dynamic channel dimension must have, at run time,
// as many elements as the type has scales; checked by qcast, dcast and scast.
//
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<2x3xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=QCAST --match-full-lines
// RUN: not quant-interp %s --entry=dcast --arg='dense<1> : tensor<4x1xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DCAST --match-full-lines
// RUN: not quant-interp %s --entry=scast --arg='dense<1> : tensor<1x1xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SCAST --match-full-lines
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<2x3xf32>' 2>/dev/null | count 0

// QCAST: [[FILE]]:18:8: error: quant.qcast: channel axis 1 has runtime size 3 but the type has 2 scales (type !quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>)
// QCAST-NOT: {{.+}}
// DCAST: [[FILE]]:23:8: error: quant.dcast: channel axis 0 has runtime size 4 but the type has 3 scales (type !quant.uniform<u8:f32:0, {1.000000e+00:1,2.000000e+00:2,3.000000e+00:3}>)
// DCAST-NOT: {{.+}}
// SCAST: [[FILE]]:28:8: error: quant.scast: channel axis 1 has runtime size 1 but the type has 2 scales (type !quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>)
// SCAST-NOT: {{.+}}

!c = !quant.uniform<i8:f32:1, {2.0, 3.0}>
func.func @qcast(%x: tensor<?x?xf32>) -> tensor<?x?x!c> {
  %q = quant.qcast %x : tensor<?x?xf32> to tensor<?x?x!c>
  return %q : tensor<?x?x!c>
}

func.func @dcast(%x: tensor<?x1x!quant.uniform<u8:f32:0, {1.0:1, 2.0:2, 3.0:3}>>) -> tensor<?x1xf32> {
  %d = quant.dcast %x : tensor<?x1x!quant.uniform<u8:f32:0, {1.0:1, 2.0:2, 3.0:3}>> to tensor<?x1xf32>
  return %d : tensor<?x1xf32>
}

func.func @scast(%x: tensor<1x?xi8>) -> tensor<1x?x!c> {
  %q = quant.scast %x : tensor<1x?xi8> to tensor<1x?x!c>
  return %q : tensor<1x?x!c>
}
