// [tensor.generate] The body runs once per element in row-major order, its
// block arguments the element's indices; the yielded scalar (with its poison
// bit) is the element. `?` sizes come from the operands (negative: error).
//
// RUN: quant-interp %s --entry=transpose --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>' --arg='3 : index' | FileCheck %s --check-prefix=T --match-full-lines
// RUN: quant-interp %s --entry=iota --arg='4 : index' | FileCheck %s --check-prefix=IOTA --match-full-lines
// RUN: quant-interp %s --entry=iota --arg='0 : index' | FileCheck %s --check-prefix=IOTA0 --match-full-lines
// RUN: quant-interp %s --entry=poison --arg='dense<[1.0, 0x7FC00000]> : tensor<2xf32>' | FileCheck %s --check-prefix=POISON --match-full-lines
// RUN: not quant-interp %s --entry=iota --arg='-4 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=NEG --match-full-lines
// RUN: not quant-interp %s --entry=transpose --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>' --arg='4 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=BODY --match-full-lines

// T: dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi8>
// T-NOT: {{.+}}
// The body's error is reported at the body's op.
// BODY: [[FILE]]:[[@LINE+5]]:10: error: tensor.extract: index 3 is out of bounds for dimension 1 of size 3 (runtime shape tensor<2x3>)
// BODY-NOT: {{.+}}
func.func @transpose(%x: tensor<2x3xi8>, %n: index) -> tensor<?x2xi8> {
  %t = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %e = tensor.extract %x[%j, %i] : tensor<2x3xi8>
    tensor.yield %e : i8
  } : tensor<?x2xi8>
  return %t : tensor<?x2xi8>
}

// IOTA: dense<[0, 1, 2, 3]> : tensor<4xindex>
// IOTA-NOT: {{.+}}
// IOTA0: dense<> : tensor<0xindex>
// IOTA0-NOT: {{.+}}
// NEG: [[FILE]]:[[@LINE+3]]:8: error: tensor.generate: dynamic size of dimension 0 is negative (-4)
// NEG-NOT: {{.+}}
func.func @iota(%n: index) -> tensor<?xindex> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %t : tensor<?xindex>
}

// Reversal of a qcast result: 1 -> 1, NaN -> poison; reversed: [poison, 1].
// POISON: dense<[0, 1]> : tensor<2xi8>
// POISON-NEXT: // poison: 0
// POISON-NOT: {{.+}}
!q = !quant.uniform<i8:f32, 1.0>
func.func @poison(%x: tensor<2xf32>) -> tensor<2x!q> {
  %q = quant.qcast %x : tensor<2xf32> to tensor<2x!q>
  %perm = arith.constant dense<[1, 0]> : tensor<2xindex>
  %t = tensor.generate {
  ^bb0(%i: index):
    %j = tensor.extract %perm[%i] : tensor<2xindex>
    %e = tensor.extract %q[%j] : tensor<2x!q>
    tensor.yield %e : !q
  } : tensor<2x!q>
  return %t : tensor<2x!q>
}
