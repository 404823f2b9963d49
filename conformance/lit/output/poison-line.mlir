// [cli.output] Poison elements print as 0 and the result line is followed by
// `// poison: i, j, ...` (flat row-major indices); a poison scalar lists
// index 0. Results without poison have no such line. With --hex the poison
// elements are 0 bytes.
//
// RUN: quant-interp %s --args-file=%inputs/poison.args | FileCheck %s --check-prefix=DEC --match-full-lines
// RUN: quant-interp %s --hex --args-file=%inputs/poison.args | FileCheck %s --check-prefix=HEX --match-full-lines

// DEC: dense<{{\[\[}}0, 1], [0, 0]]> : tensor<2x2xi8>
// DEC-NEXT: // poison: 0, 2, 3
// DEC-NEXT: 0 : i8
// DEC-NEXT: // poison: 0
// DEC-NEXT: dense<{{\[\[}}3, 4]]> : tensor<1x2xi8>
// DEC-NOT: {{.+}}
// HEX: dense<"0x00010000"> : tensor<2x2xi8>
// HEX-NEXT: // poison: 0, 2, 3
// HEX-NEXT: 0 : i8
// HEX-NEXT: // poison: 0
// HEX-NEXT: dense<"0x0304"> : tensor<1x2xi8>
// HEX-NOT: {{.+}}
func.func @main(%x: tensor<2x2xf32>, %y: f32, %z: tensor<1x2xf32>)
    -> (tensor<2x2x!quant.uniform<i8:f32, 1.0>>, !quant.uniform<i8:f32, 1.0>, tensor<1x2x!quant.uniform<i8:f32, 1.0>>) {
  %a = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 1.0>>
  %b = quant.qcast %y : f32 to !quant.uniform<i8:f32, 1.0>
  %c = quant.qcast %z : tensor<1x2xf32> to tensor<1x2x!quant.uniform<i8:f32, 1.0>>
  return %a, %b, %c : tensor<2x2x!quant.uniform<i8:f32, 1.0>>, !quant.uniform<i8:f32, 1.0>, tensor<1x2x!quant.uniform<i8:f32, 1.0>>
}
