// [sem.overflow-policy] --overflow-policy decides what qcast stores for +-inf
// and values outside the storage *type* (here i8): saturate (default), poison,
// or wrap (modulo 2^8; infinities have no finite integer -> poison). The
// type's narrower bounds <-100:100> are then applied by clamp, which is not an
// overflow.
//
// RUN: quant-interp %s --args-file=%inputs/overflow.args | FileCheck %s --check-prefix=SAT --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/overflow.args --overflow-policy=saturate | FileCheck %s --check-prefix=SAT --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/overflow.args --overflow-policy=poison | FileCheck %s --check-prefix=POISON --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/overflow.args --overflow-policy=wrap | FileCheck %s --check-prefix=WRAP --match-full-lines

// x:        1000, -1000, +inf, -inf, 120, 50, 127, 128
// saturate: 127 -> 100; -128 -> -100; 127 -> 100; -128 -> -100; clamp 100; 50; 100; 127 -> 100
// SAT: dense<[100, -100, 100, -100, 100, 50, 100, 100]> : tensor<8xi8>
// SAT-NOT: {{.+}}
// POISON: dense<[0, 0, 0, 0, 100, 50, 100, 0]> : tensor<8xi8>
// POISON-NEXT: // poison: 0, 1, 2, 3, 7
// POISON-NOT: {{.+}}
// wrap: 1000 = 3*256 + 232 -> -24;  -1000 -> 24;  128 -> -128 -> clamp -100
// WRAP: dense<[-24, 24, 0, 0, 100, 50, 100, -100]> : tensor<8xi8>
// WRAP-NEXT: // poison: 2, 3
// WRAP-NOT: {{.+}}
func.func @main(%x: tensor<8xf32>) -> tensor<8x!quant.uniform<i8<-100:100>:f32, 1.0>> {
  %q = quant.qcast %x : tensor<8xf32> to tensor<8x!quant.uniform<i8<-100:100>:f32, 1.0>>
  return %q : tensor<8x!quant.uniform<i8<-100:100>:f32, 1.0>>
}
