// [subchannel.integrity.dynamic] With a dynamic dimension, the block size must
// divide the runtime size, and the number of blocks must equal the scale
// tensor's size along that dimension.
//
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<3x4xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DIVIDE --match-full-lines
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<6x4xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=COUNT --match-full-lines
// RUN: not quant-interp %s --entry=dcast --arg='dense<1> : tensor<4x5xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DCAST --match-full-lines
// RUN: not quant-interp %s --entry=qcast --arg='dense<1.0> : tensor<3x4xf32>' 2>/dev/null | count 0

// DIVIDE: [[FILE]]:19:8: error: quant.qcast: block size 2 on dimension 0 does not divide the runtime size 3 (type !quant.uniform<i8:f32:{0:2, 1:2}, {{\{\{}}1.000000e+00, 2.000000e+00}, {3.000000e+00, 4.000000e+00}}>)
// DIVIDE-NOT: {{.+}}
// COUNT: [[FILE]]:19:8: error: quant.qcast: dimension 0 has runtime size 6 = 3 block(s) of 2, but the scale tensor has 2 along it (type !quant.uniform<i8:f32:{0:2, 1:2}, {{\{\{}}1.000000e+00, 2.000000e+00}, {3.000000e+00, 4.000000e+00}}>)
// COUNT-NOT: {{.+}}
// DCAST: [[FILE]]:24:8: error: quant.dcast: block size 2 on dimension 1 does not divide the runtime size 5 (type !quant.uniform<i8:f32:{0:2, 1:2}, {{\{\{}}1.000000e+00, 2.000000e+00}, {3.000000e+00, 4.000000e+00}}>)
// DCAST-NOT: {{.+}}

!s = !quant.uniform<i8:f32:{0:2, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}>
func.func @qcast(%x: tensor<?x4xf32>) -> tensor<?x4x!s> {
  %q = quant.qcast %x : tensor<?x4xf32> to tensor<?x4x!s>
  return %q : tensor<?x4x!s>
}

func.func @dcast(%x: tensor<4x?x!s>) -> tensor<4x?xf32> {
  %d = quant.dcast %x : tensor<4x?x!s> to tensor<4x?xf32>
  return %d : tensor<4x?xf32>
}
