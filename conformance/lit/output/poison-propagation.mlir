// [cli.output] Poison propagates: dcast of a poison element is poison (printed
// 0.0, listed on the `// poison:` line), for tensors and scalars, also in --hex.
//
// RUN: quant-interp %s --arg='dense<[1.0, 0x7FC00000, -1.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=DEC --match-full-lines
// RUN: quant-interp %s --hex --arg='dense<[1.0, 0x7FC00000, -1.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=HEX --match-full-lines

// 1/0.5+1 = 3 -> (3-1)*0.5 = 1;  NaN -> poison;  -1/0.5+1 = -1 -> -1
// DEC: dense<[1.0, 0.0, -1.0]> : tensor<3xf32>
// DEC-NEXT: // poison: 1
// DEC-NEXT: 0.0 : f32
// DEC-NEXT: // poison: 0
// DEC-NOT: {{.+}}
// HEX: dense<"0x0000803F00000000000080BF"> : tensor<3xf32>
// HEX-NEXT: // poison: 1
// HEX-NEXT: 0x00000000 : f32
// HEX-NEXT: // poison: 0
// HEX-NOT: {{.+}}
func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, f32) {
  %q = quant.qcast %x : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 0.5:1>>
  %d = quant.dcast %q : tensor<3x!quant.uniform<i8:f32, 0.5:1>> to tensor<3xf32>
  %c = arith.constant 0x7FC00000 : f32
  %s = quant.qcast %c : f32 to !quant.uniform<i8:f32, 0.5:1>
  %t = quant.dcast %s : !quant.uniform<i8:f32, 0.5:1> to f32
  return %d, %t : tensor<3xf32>, f32
}
