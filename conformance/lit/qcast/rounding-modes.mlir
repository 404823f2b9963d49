// [qcast.round] --rounding=MODE selects convertFloatToInt's rounding: every
// mode on positive ties, negative ties, non-ties, an integer and -0.5.
// Scale 1.0, so the stored value is round(x).
//
// RUN: quant-interp %s --args-file=%inputs/rounding.args | FileCheck %s --check-prefix=NE --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/rounding.args --rounding=nearest-even | FileCheck %s --check-prefix=NE --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/rounding.args --rounding=nearest-away | FileCheck %s --check-prefix=NA --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/rounding.args --rounding=nearest-up | FileCheck %s --check-prefix=NU --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/rounding.args --rounding=toward-zero | FileCheck %s --check-prefix=TZ --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/rounding.args --rounding=toward-positive | FileCheck %s --check-prefix=TP --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/rounding.args --rounding=toward-negative | FileCheck %s --check-prefix=TN --match-full-lines
// RUN: quant-interp %s --args-file=%inputs/rounding.args --rounding=odd | FileCheck %s --check-prefix=OD --match-full-lines

// x:                 2.5, -2.5, 3.5, -3.5, 2.25, -2.75, 4.0, -0.5
// NE: dense<[2, -2, 4, -4, 2, -3, 4, 0]> : tensor<8xi8>
// NA: dense<[3, -3, 4, -4, 2, -3, 4, -1]> : tensor<8xi8>
// ties toward +inf:
// NU: dense<[3, -2, 4, -3, 2, -3, 4, 0]> : tensor<8xi8>
// TZ: dense<[2, -2, 3, -3, 2, -2, 4, 0]> : tensor<8xi8>
// TP: dense<[3, -2, 4, -3, 3, -2, 4, 0]> : tensor<8xi8>
// TN: dense<[2, -3, 3, -4, 2, -3, 4, -1]> : tensor<8xi8>
// inexact -> the odd neighbour; exact integers stay:
// OD: dense<[3, -3, 3, -3, 3, -3, 4, -1]> : tensor<8xi8>
// NE-NOT: {{.+}}
// NA-NOT: {{.+}}
// NU-NOT: {{.+}}
// TZ-NOT: {{.+}}
// TP-NOT: {{.+}}
// TN-NOT: {{.+}}
// OD-NOT: {{.+}}
func.func @main(%x: tensor<8xf32>) -> tensor<8x!quant.uniform<i8:f32, 1.0>> {
  %q = quant.qcast %x : tensor<8xf32> to tensor<8x!quant.uniform<i8:f32, 1.0>>
  return %q : tensor<8x!quant.uniform<i8:f32, 1.0>>
}
