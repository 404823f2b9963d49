// [qscast.semantics] [axis.integrity.dynamic] scast to and from per-channel
// types: the bits are unchanged; dynamic and unranked shapes are checked
// against the type at run time (failures: errors/axis-integrity-*.mlir).
//
// RUN: quant-interp %s --entry=to_quant --arg='dense<[[-1, 2], [3, -4]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=TOQ --match-full-lines
// RUN: quant-interp %s --entry=to_int --arg='dense<[[1, 2, 3], [4, 5, 255]]> : tensor<2x3xi8>' | FileCheck %s --check-prefix=TOI --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[[-1, 2]]]> : tensor<1x1x2xi8>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines

// TOQ: dense<{{\[\[}}255, 2], [3, 252]]> : tensor<2x2xui8>
// TOQ-NOT: {{.+}}
func.func @to_quant(%x: tensor<?x2xi8>) -> tensor<?x2x!quant.uniform<u8:f32:1, {1.0:1, 2.0:2}>> {
  %q = quant.scast %x : tensor<?x2xi8> to tensor<?x2x!quant.uniform<u8:f32:1, {1.0:1, 2.0:2}>>
  return %q : tensor<?x2x!quant.uniform<u8:f32:1, {1.0:1, 2.0:2}>>
}

// TOI: dense<{{\[\[}}1, 2, 3], [4, 5, -1]]> : tensor<2x3xi8>
// TOI-NOT: {{.+}}
func.func @to_int(%x: tensor<2x?x!quant.uniform<u8:f32:0, {1.0, 2.0}>>) -> tensor<2x?xi8> {
  %i = quant.scast %x : tensor<2x?x!quant.uniform<u8:f32:0, {1.0, 2.0}>> to tensor<2x?xi8>
  return %i : tensor<2x?xi8>
}

// UNRANKED: dense<{{\[\[\[}}-1, 2]]]> : tensor<1x1x2xi8>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%x: tensor<*xi8>) -> tensor<*x!quant.uniform<i8:f32:2, {1.0, 2.0}>> {
  %q = quant.scast %x : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:2, {1.0, 2.0}>>
  return %q : tensor<*x!quant.uniform<i8:f32:2, {1.0, 2.0}>>
}
