// [cli.arguments] --args-file=F: one attribute per line, after the --arg
// values; blank lines and lines starting with // are skipped; leading and
// trailing blanks are trimmed. `--args-file=-` reads the lines from stdin.
//
// RUN: split-file %s %t
// RUN: quant-interp %t/prog.mlir --args-file=%t/all.args | FileCheck %s --match-full-lines
// RUN: quant-interp %t/prog.mlir --arg='dense<[1.0, 2.5]> : tensor<2xf32>' --args-file=%t/rest.args | FileCheck %s --match-full-lines
// RUN: quant-interp %t/prog.mlir --args-file=- < %t/all.args | FileCheck %s --match-full-lines

// CHECK: dense<[2, 5]> : tensor<2xi8>
// CHECK-NEXT: -4 : i8
// CHECK-NOT: {{.+}}

//--- prog.mlir
func.func @main(%x: tensor<2xf32>, %y: f32) -> (tensor<2x!quant.uniform<i8:f32, 0.5>>, !quant.uniform<i8:f32, 0.5>) {
  %a = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32, 0.5>>
  %b = quant.qcast %y : f32 to !quant.uniform<i8:f32, 0.5>
  return %a, %b : tensor<2x!quant.uniform<i8:f32, 0.5>>, !quant.uniform<i8:f32, 0.5>
}
//--- all.args
// first argument

   dense<[1.0, 2.5]> : tensor<2xf32>
// second argument: -2/0.5 = -4
-2.0 : f32
//--- rest.args
-2.0 : f32
