// [tensor.from_elements] The operands become the elements in row-major order,
// each with its poison bit; the result type is static.
//
// RUN: quant-interp %s --entry=index --arg='5 : index' | FileCheck %s --check-prefix=INDEX --match-full-lines
// RUN: quant-interp %s --entry=matrix --arg='1.0 : f16' --arg='-2.5 : f16' | FileCheck %s --check-prefix=MATRIX --match-full-lines
// RUN: quant-interp %s --entry=rank0 --arg='3 : i16' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='0x7FC00000 : f32' --arg='2.0 : f32' | FileCheck %s --check-prefix=POISON --match-full-lines

// INDEX: dense<[5, 2, 5]> : tensor<3xindex>
// INDEX-NOT: {{.+}}
func.func @index(%x: index) -> tensor<3xindex> {
  %c2 = arith.constant 2 : index
  %t = tensor.from_elements %x, %c2, %x : tensor<3xindex>
  return %t : tensor<3xindex>
}

// MATRIX: dense<{{\[\[}}1.0, -2.5, 1.0], [-2.5, 1.0, -2.5]]> : tensor<2x3xf16>
// MATRIX-NOT: {{.+}}
func.func @matrix(%a: f16, %b: f16) -> tensor<2x3xf16> {
  %t = tensor.from_elements %a, %b, %a, %b, %a, %b : tensor<2x3xf16>
  return %t : tensor<2x3xf16>
}

// RANK0: dense<3> : tensor<i16>
// RANK0-NOT: {{.+}}
func.func @rank0(%a: i16) -> tensor<i16> {
  %t = tensor.from_elements %a : tensor<i16>
  return %t : tensor<i16>
}

// NaN -> poison; 2.0 / 0.5 + 1 = 5.
// POISON: dense<[0, 5]> : tensor<2xi8>
// POISON-NEXT: // poison: 0
// POISON-NOT: {{.+}}
!q = !quant.uniform<i8:f32, 0.5:1>
func.func @poison(%a: f32, %b: f32) -> tensor<2x!q> {
  %qa = quant.qcast %a : f32 to !q
  %qb = quant.qcast %b : f32 to !q
  %t = tensor.from_elements %qa, %qb : tensor<2x!q>
  return %t : tensor<2x!q>
}
