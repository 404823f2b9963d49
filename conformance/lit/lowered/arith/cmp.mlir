// [arith.cmp] cmpi: all ten predicates on i8 (a = [-1, 1, 5, -128],
// b = [1, -1, 5, 127]; unsigned, -1 is 255 and -128 is 128), index and i1
// (true is -1 signed, so true <s false). cmpf: all sixteen predicates on f16
// pairs (1, 2), (-0, +0), (NaN, 1), (-inf, -inf), (2, 1): ordered predicates
// are false and unordered ones true when an operand is NaN; -0 == +0.
// f8E4M3FNUZ: its NaN 0x80 is unordered; 0x38 = 0.5 > 0xB8 = -0.5.
//
// RUN: quant-interp %s --entry=cmpi | FileCheck %s --check-prefix=CMPI --match-full-lines
// RUN: quant-interp %s --entry=cmpi_index | FileCheck %s --check-prefix=CMPI-INDEX --match-full-lines
// RUN: quant-interp %s --entry=cmpf | FileCheck %s --check-prefix=CMPF --match-full-lines
// RUN: quant-interp %s --entry=cmpf_fnuz | FileCheck %s --check-prefix=CMPF-FNUZ --match-full-lines

// CMPI: dense<[false, false, true, false]> : tensor<4xi1>
// CMPI-NEXT: dense<[true, true, false, true]> : tensor<4xi1>
// CMPI-NEXT: dense<[true, false, false, true]> : tensor<4xi1>
// CMPI-NEXT: dense<[true, false, true, true]> : tensor<4xi1>
// CMPI-NEXT: dense<[false, true, false, false]> : tensor<4xi1>
// CMPI-NEXT: dense<[false, true, true, false]> : tensor<4xi1>
// CMPI-NEXT: dense<[false, true, false, false]> : tensor<4xi1>
// CMPI-NEXT: dense<[false, true, true, false]> : tensor<4xi1>
// CMPI-NEXT: dense<[true, false, false, true]> : tensor<4xi1>
// CMPI-NEXT: dense<[true, false, true, true]> : tensor<4xi1>
// CMPI-NOT: {{.+}}
func.func @cmpi() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = arith.constant dense<[-1, 1, 5, -128]> : tensor<4xi8>
  %b = arith.constant dense<[1, -1, 5, 127]> : tensor<4xi8>
  %0 = arith.cmpi eq, %a, %b : tensor<4xi8>
  %1 = arith.cmpi ne, %a, %b : tensor<4xi8>
  %2 = arith.cmpi slt, %a, %b : tensor<4xi8>
  %3 = arith.cmpi sle, %a, %b : tensor<4xi8>
  %4 = arith.cmpi sgt, %a, %b : tensor<4xi8>
  %5 = arith.cmpi sge, %a, %b : tensor<4xi8>
  %6 = arith.cmpi ult, %a, %b : tensor<4xi8>
  %7 = arith.cmpi ule, %a, %b : tensor<4xi8>
  %8 = arith.cmpi ugt, %a, %b : tensor<4xi8>
  %9 = arith.cmpi uge, %a, %b : tensor<4xi8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
// CMPI-INDEX: true : i1
// CMPI-INDEX-NEXT: false : i1
// CMPI-INDEX-NEXT: true : i1
// CMPI-INDEX-NOT: {{.+}}
func.func @cmpi_index() -> (i1, i1, i1) {
  %a = arith.constant -1 : index
  %b = arith.constant 0 : index
  %0 = arith.cmpi slt, %a, %b : index
  %1 = arith.cmpi ult, %a, %b : index
  %t = arith.constant true
  %f = arith.constant false
  %2 = arith.cmpi slt, %t, %f : i1
  return %0, %1, %2 : i1, i1, i1
}
// CMPF: dense<[false, false, false, false, false]> : tensor<5xi1>
// CMPF-NEXT: dense<[false, true, false, true, false]> : tensor<5xi1>
// CMPF-NEXT: dense<[false, false, false, false, true]> : tensor<5xi1>
// CMPF-NEXT: dense<[false, true, false, true, true]> : tensor<5xi1>
// CMPF-NEXT: dense<[true, false, false, false, false]> : tensor<5xi1>
// CMPF-NEXT: dense<[true, true, false, true, false]> : tensor<5xi1>
// CMPF-NEXT: dense<[true, false, false, false, true]> : tensor<5xi1>
// CMPF-NEXT: dense<[true, true, false, true, true]> : tensor<5xi1>
// CMPF-NEXT: dense<[false, true, true, true, false]> : tensor<5xi1>
// CMPF-NEXT: dense<[false, false, true, false, true]> : tensor<5xi1>
// CMPF-NEXT: dense<[false, true, true, true, true]> : tensor<5xi1>
// CMPF-NEXT: dense<[true, false, true, false, false]> : tensor<5xi1>
// CMPF-NEXT: dense<[true, true, true, true, false]> : tensor<5xi1>
// CMPF-NEXT: dense<[true, false, true, false, true]> : tensor<5xi1>
// CMPF-NEXT: dense<[false, false, true, false, false]> : tensor<5xi1>
// CMPF-NEXT: dense<[true, true, true, true, true]> : tensor<5xi1>
// CMPF-NOT: {{.+}}
func.func @cmpf() -> (tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>) {
  %a = arith.constant dense<[1.0, -0.0, 0x7E00, 0xFC00, 2.0]> : tensor<5xf16>
  %b = arith.constant dense<[2.0, 0.0, 1.0, 0xFC00, 1.0]> : tensor<5xf16>
  %0 = arith.cmpf false, %a, %b : tensor<5xf16>
  %1 = arith.cmpf oeq, %a, %b : tensor<5xf16>
  %2 = arith.cmpf ogt, %a, %b : tensor<5xf16>
  %3 = arith.cmpf oge, %a, %b : tensor<5xf16>
  %4 = arith.cmpf olt, %a, %b : tensor<5xf16>
  %5 = arith.cmpf ole, %a, %b : tensor<5xf16>
  %6 = arith.cmpf one, %a, %b : tensor<5xf16>
  %7 = arith.cmpf ord, %a, %b : tensor<5xf16>
  %8 = arith.cmpf ueq, %a, %b : tensor<5xf16>
  %9 = arith.cmpf ugt, %a, %b : tensor<5xf16>
  %10 = arith.cmpf uge, %a, %b : tensor<5xf16>
  %11 = arith.cmpf ult, %a, %b : tensor<5xf16>
  %12 = arith.cmpf ule, %a, %b : tensor<5xf16>
  %13 = arith.cmpf une, %a, %b : tensor<5xf16>
  %14 = arith.cmpf uno, %a, %b : tensor<5xf16>
  %15 = arith.cmpf true, %a, %b : tensor<5xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>
}
// CMPF-FNUZ: dense<[false, true, false]> : tensor<3xi1>
// CMPF-FNUZ-NEXT: dense<[true, false, true]> : tensor<3xi1>
// CMPF-FNUZ-NOT: {{.+}}
func.func @cmpf_fnuz() -> (tensor<3xi1>, tensor<3xi1>) {
  %a = arith.constant dense<[0x80, 0x00, 0x38]> : tensor<3xf8E4M3FNUZ>
  %b = arith.constant dense<[0x80, 0x00, 0xB8]> : tensor<3xf8E4M3FNUZ>
  %0 = arith.cmpf oeq, %a, %b : tensor<3xf8E4M3FNUZ>
  %1 = arith.cmpf ugt, %a, %b : tensor<3xf8E4M3FNUZ>
  return %0, %1 : tensor<3xi1>, tensor<3xi1>
}
