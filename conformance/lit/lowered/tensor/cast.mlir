// [tensor.cast] The value unchanged (poison included) under another type; the
// runtime shape must fit the result type, else an error.
//
// RUN: quant-interp %s --entry=to_dynamic --arg='dense<[[1, 2]]> : tensor<1x2xi8>' | FileCheck %s --check-prefix=DYN --match-full-lines
// RUN: quant-interp %s --entry=from_unranked --arg='dense<[[1.0], [0x7FC00000]]> : tensor<2x1xf32>' | FileCheck %s --check-prefix=UNR --match-full-lines
// RUN: not quant-interp %s --entry=from_unranked --arg='dense<1.0> : tensor<2x2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SIZE --match-full-lines
// RUN: not quant-interp %s --entry=from_unranked --arg='dense<1.0> : tensor<2x2xf32>' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=from_unranked --arg='dense<1.0> : tensor<2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=RANK --match-full-lines

// DYN: dense<{{\[\[}}1, 2]]> : tensor<1x2xi8>
// DYN-NEXT: dense<{{\[\[}}1, 2]]> : tensor<1x2xi8>
// DYN-NOT: {{.+}}
func.func @to_dynamic(%x: tensor<1x2xi8>) -> (tensor<?x?xi8>, tensor<*xi8>) {
  %a = tensor.cast %x : tensor<1x2xi8> to tensor<?x?xi8>
  %b = tensor.cast %a : tensor<?x?xi8> to tensor<*xi8>
  return %a, %b : tensor<?x?xi8>, tensor<*xi8>
}

// x / 2 + 3: 1 -> 3.5 -> 4 (ties to even); NaN -> poison.
// UNR: dense<{{\[\[}}4], [0]]> : tensor<2x1xi8>
// UNR-NEXT: // poison: 1
// UNR-NOT: {{.+}}
// SIZE: [[FILE]]:[[@LINE+6]]:8: error: tensor.cast: source runtime shape tensor<2x2> does not fit the result type tensor<?x1x!quant.uniform<i8:f32, 2.000000e+00:3>>
// SIZE-NOT: {{.+}}
// RANK: [[FILE]]:[[@LINE+4]]:8: error: tensor.cast: source runtime shape tensor<2> does not fit the result type tensor<?x1x!quant.uniform<i8:f32, 2.000000e+00:3>>
!q = !quant.uniform<i8:f32, 2.0:3>
func.func @from_unranked(%x: tensor<*xf32>) -> tensor<?x1x!q> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!q>
  %c = tensor.cast %q : tensor<*x!q> to tensor<?x1x!q>
  return %c : tensor<?x1x!q>
}
