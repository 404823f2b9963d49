// [sem.nan-policy] --nan-policy decides what qcast stores for NaN (+NaN and
// -NaN): poison (default: 0 printed, index listed), the storage bounds qmin /
// qmax, the zero point, or zero (clamped into the storage bounds).
//
// RUN: quant-interp %s --args-file=%inputs/nan.args | FileCheck %s --check-prefix=POISON --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/nan.args --nan-policy=poison | FileCheck %s --check-prefix=POISON --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/nan.args --nan-policy=qmin | FileCheck %s --check-prefix=QMIN --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/nan.args --nan-policy=qmax | FileCheck %s --check-prefix=QMAX --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/nan.args --nan-policy=zero-point | FileCheck %s --check-prefix=ZP --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/nan.args --nan-policy=zero | FileCheck %s --check-prefix=ZERO --match-full-lines

// Result 1: i8<-100:100>, scale 2.0, zp 5:  1/2+5 = 5.5 -> 6
// Result 2: u8<10:200>, scale 1.0, zp 20:   3+20 = 23; zero (0) clamps to 10
// POISON: dense<[0, 0, 6]> : tensor<3xi8>
// POISON-NEXT: // poison: 0, 1
// POISON-NEXT: dense<[0, 23]> : tensor<2xui8>
// POISON-NEXT: // poison: 0
// QMIN: dense<[-100, -100, 6]> : tensor<3xi8>
// QMIN-NEXT: dense<[10, 23]> : tensor<2xui8>
// QMAX: dense<[100, 100, 6]> : tensor<3xi8>
// QMAX-NEXT: dense<[200, 23]> : tensor<2xui8>
// ZP: dense<[5, 5, 6]> : tensor<3xi8>
// ZP-NEXT: dense<[20, 23]> : tensor<2xui8>
// ZERO: dense<[0, 0, 6]> : tensor<3xi8>
// ZERO-NEXT: dense<[10, 23]> : tensor<2xui8>
// POISON-NOT: {{.+}}
// QMIN-NOT: {{.+}}
// QMAX-NOT: {{.+}}
// ZP-NOT: {{.+}}
// ZERO-NOT: {{.+}}
func.func @main(%x: tensor<3xf32>, %y: tensor<2xf32>)
    -> (tensor<3x!quant.uniform<i8<-100:100>:f32, 2.0:5>>, tensor<2x!quant.uniform<u8<10:200>:f32, 1.0:20>>) {
  %q = quant.qcast %x : tensor<3xf32> to tensor<3x!quant.uniform<i8<-100:100>:f32, 2.0:5>>
  %r = quant.qcast %y : tensor<2xf32> to tensor<2x!quant.uniform<u8<10:200>:f32, 1.0:20>>
  return %q, %r : tensor<3x!quant.uniform<i8<-100:100>:f32, 2.0:5>>, tensor<2x!quant.uniform<u8<10:200>:f32, 1.0:20>>
}
