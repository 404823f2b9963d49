// [dcast.steps] per-layer dcast on every shape kind. Type: i8, scale 0.5,
// zero point -3:  x = (q - (-3)) * 0.5. Quantized arguments are passed as
// their storage integers.
//
// RUN: quant-interp %s --entry=scalar --arg='7 : i8' | FileCheck %s --check-prefix=SCALAR --match-full-lines
// RUN: quant-interp %s --entry=rank0 --arg='dense<-128> : tensor<i8>' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=static --arg='dense<[0, 127, -128, -3]> : tensor<4xi8>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[[-1, 0]], [[1, 2]]]> : tensor<2x1x2xi8>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines

!q = !quant.uniform<i8:f32, 0.5:-3>

// (7+3)*0.5 = 5
// SCALAR: 5.0 : f32
// SCALAR-NOT: {{.+}}
func.func @scalar(%x: !q) -> f32 {
  %d = quant.dcast %x : !q to f32
  return %d : f32
}

// (-128+3)*0.5 = -62.5
// RANK0: dense<-62.5> : tensor<f32>
// RANK0-NOT: {{.+}}
func.func @rank0(%x: tensor<!q>) -> tensor<f32> {
  %d = quant.dcast %x : tensor<!q> to tensor<f32>
  return %d : tensor<f32>
}

// STATIC: dense<[1.5, 65.0, -62.5, 0.0]> : tensor<4xf32>
// STATIC-NOT: {{.+}}
func.func @static(%x: tensor<4x!q>) -> tensor<4xf32> {
  %d = quant.dcast %x : tensor<4x!q> to tensor<4xf32>
  return %d : tensor<4xf32>
}

// DYNAMIC: dense<{{\[\[}}2.0, 2.5], [3.0, 3.5], [4.0, 4.5]]> : tensor<3x2xf32>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%x: tensor<?x?x!q>) -> tensor<?x?xf32> {
  %d = quant.dcast %x : tensor<?x?x!q> to tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}

// UNRANKED: dense<{{\[\[\[}}1.0, 1.5]], {{\[\[}}2.0, 2.5]]]> : tensor<2x1x2xf32>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%x: tensor<*x!q>) -> tensor<*xf32> {
  %d = quant.dcast %x : tensor<*x!q> to tensor<*xf32>
  return %d : tensor<*xf32>
}
