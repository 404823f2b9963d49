// [qscast.semantics] [subchannel.integrity.dynamic] scast to and from a
// sub-channel type (u4 storage in i4 integers), static and dynamic.
//
// RUN: quant-interp %s --entry=to_quant --arg='dense<[[-1, 7, -8, 0]]> : tensor<1x4xi4>' | FileCheck %s --check-prefix=TOQ --match-full-lines
// RUN: quant-interp %s --entry=to_int --arg='dense<[[15, 7], [8, 0]]> : tensor<2x2xi4>' | FileCheck %s --check-prefix=TOI --match-full-lines

// TOQ: dense<{{\[\[}}15, 7, 8, 0]]> : tensor<1x4xui4>
// TOQ-NOT: {{.+}}
func.func @to_quant(%x: tensor<?x4xi4>) -> tensor<?x4x!quant.uniform<u4:f32:{1:2}, {{1.0, 2.0}}>> {
  %q = quant.scast %x : tensor<?x4xi4> to tensor<?x4x!quant.uniform<u4:f32:{1:2}, {{1.0, 2.0}}>>
  return %q : tensor<?x4x!quant.uniform<u4:f32:{1:2}, {{1.0, 2.0}}>>
}

// TOI: dense<{{\[\[}}-1, 7], [-8, 0]]> : tensor<2x2xi4>
// TOI-NOT: {{.+}}
func.func @to_int(%x: tensor<2x2x!quant.uniform<u4:f32:{0:1, 1:1}, {{1.0, 2.0}, {3.0, 4.0}}>>) -> tensor<2x2xi4> {
  %i = quant.scast %x : tensor<2x2x!quant.uniform<u4:f32:{0:1, 1:1}, {{1.0, 2.0}, {3.0, 4.0}}>> to tensor<2x2xi4>
  return %i : tensor<2x2xi4>
}
