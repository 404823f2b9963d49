// [tensor.empty] The result has the static sizes of its type and, for each
// `?`, the next size operand; every element is poison (unspecified contents).
// A negative size is an error.
//
// RUN: quant-interp %s --entry=static | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='3 : index' --arg='0 : index' | FileCheck %s --check-prefix=DYN --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='2 : index' --arg='1 : index' | FileCheck %s --check-prefix=DYN2 --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='2 : index' --arg='-1 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='2 : index' --arg='-1 : index' 2>/dev/null | count 0

// STATIC: dense<[0, 0, 0]> : tensor<3xi8>
// STATIC-NEXT: // poison: 0, 1, 2
// STATIC-NOT: {{.+}}
func.func @static() -> tensor<3xi8> {
  %e = tensor.empty() : tensor<3xi8>
  return %e : tensor<3xi8>
}

// DYN: dense<> : tensor<3x2x0xf32>
// DYN-NOT: {{.+}}
// DYN2: dense<{{\[\[\[}}0.0], [0.0]], {{\[\[}}0.0], [0.0]]]> : tensor<2x2x1xf32>
// DYN2-NEXT: // poison: 0, 1, 2, 3
// DYN2-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+3]]:8: error: tensor.empty: dynamic size of dimension 2 is negative (-1)
// NEG-NOT: {{.+}}
func.func @dynamic(%a: index, %b: index) -> tensor<?x2x?xf32> {
  %e = tensor.empty(%a, %b) : tensor<?x2x?xf32>
  return %e : tensor<?x2x?xf32>
}
