// [arith.constant] index and i1 constants, scalar and dense (splat and
// elements), hex integer and float literals (a signaling NaN is kept as is:
// a constant is not an operation), odd widths.
//
// RUN: quant-interp %s --entry=constants | FileCheck %s --check-prefix=CONSTANTS --match-full-lines

// CONSTANTS: -9223372036854775808 : index
// CONSTANTS-NEXT: true : i1
// CONSTANTS-NEXT: false : i1
// CONSTANTS-NEXT: dense<[0, 1, 9223372036854775807]> : tensor<3xindex>
// CONSTANTS-NEXT: dense<[true, false]> : tensor<2xi1>
// CONSTANTS-NEXT: -1 : i64
// CONSTANTS-NEXT: 0x7FF0000000000001 : f64
// CONSTANTS-NEXT: dense<[-4, -4]> : tensor<2xi3>
// CONSTANTS-NOT: {{.+}}
func.func @constants() -> (index, i1, i1, tensor<3xindex>, tensor<2xi1>, i64, f64, tensor<2xi3>) {
  %0 = arith.constant -9223372036854775808 : index
  %1 = arith.constant true
  %2 = arith.constant 0 : i1
  %3 = arith.constant dense<[0, 1, 9223372036854775807]> : tensor<3xindex>
  %4 = arith.constant dense<[true, false]> : tensor<2xi1>
  %5 = arith.constant 0xFFFFFFFFFFFFFFFF : i64
  %6 = arith.constant 0x7FF0000000000001 : f64
  %7 = arith.constant dense<-4> : tensor<2xi3>
  return %0, %1, %2, %3, %4, %5, %6, %7 : index, i1, i1, tensor<3xindex>, tensor<2xi1>, i64, f64, tensor<2xi3>
}
