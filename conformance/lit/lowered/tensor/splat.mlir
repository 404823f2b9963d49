// [tensor.splat] Every element is the scalar operand (its poison bit too);
// `?` sizes come from the size operands; a negative size is an error.
//
// RUN: quant-interp %s --entry=static --arg='1.5 : f32' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='-7 : i8' --arg='3 : index' | FileCheck %s --check-prefix=DYN --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='-7 : i8' --arg='0 : index' | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='0x7FC00000 : f32' --arg='2 : index' | FileCheck %s --check-prefix=POISON --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='-7 : i8' --arg='-3 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='-7 : i8' --arg='-3 : index' 2>/dev/null | count 0

// STATIC: dense<{{\[\[}}1.5, 1.5], [1.5, 1.5]]> : tensor<2x2xf32>
// STATIC-NOT: {{.+}}
func.func @static(%x: f32) -> tensor<2x2xf32> {
  %s = tensor.splat %x : tensor<2x2xf32>
  return %s : tensor<2x2xf32>
}

// DYN: dense<{{\[\[}}-7, -7], [-7, -7], [-7, -7]]> : tensor<3x2xi8>
// DYN-NOT: {{.+}}
// EMPTY: dense<> : tensor<0x2xi8>
// EMPTY-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+3]]:8: error: tensor.splat: dynamic size of dimension 0 is negative (-3)
// NEG-NOT: {{.+}}
func.func @dynamic(%x: i8, %n: index) -> tensor<?x2xi8> {
  %s = tensor.splat %x[%n] : tensor<?x2xi8>
  return %s : tensor<?x2xi8>
}

// NaN quantizes to poison; the splat of a poison scalar is poison everywhere.
// POISON: dense<[0, 0]> : tensor<2xi8>
// POISON-NEXT: // poison: 0, 1
// POISON-NOT: {{.+}}
func.func @poison(%x: f32, %n: index) -> tensor<?x!quant.uniform<i8:f32, 1.0>> {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32, 1.0>
  %s = tensor.splat %q[%n] : tensor<?x!quant.uniform<i8:f32, 1.0>>
  return %s : tensor<?x!quant.uniform<i8:f32, 1.0>>
}
