// [tosa.matmul], [contract.errors], [contract.types], [contract.arguments],
// [contract.zero-point]: what MLIR's verifier leaves to run time, each the
// error of the first check that fails, at the op, with no result. Shapes
// come from --arg where the verifier would see them.
//
// RUN: not quant-interp %s --entry=types 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: not quant-interp %s --entry=rank --arg='dense<1> : tensor<2x3xi8>' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not quant-interp %s --entry=batches 2>&1 | FileCheck %s --check-prefix=BATCHES
// RUN: not quant-interp %s --entry=dynamic --arg='dense<1> : tensor<1x2x3xi8>' --arg='dense<1> : tensor<1x4x2xi8>' 2>&1 | FileCheck %s --check-prefix=COLUMNS
// RUN: not quant-interp %s --entry=output 2>&1 | FileCheck %s --check-prefix=OUTPUT
// RUN: not quant-interp %s --entry=zp_elements --arg='dense<[1, 2]> : tensor<2xi8>' 2>&1 | FileCheck %s --check-prefix=ZP-ELEMENTS
// RUN: not quant-interp %s --entry=zp_i16 --arg='dense<1> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=ZP-I16
// RUN: quant-interp %s --entry=zp_f32 --arg='dense<-0.0> : tensor<1xf32>' | FileCheck %s --check-prefix=ZP-NEG-ZERO --match-full-lines
// RUN: not quant-interp %s --entry=zp_f32 --arg='dense<0x7FC00000> : tensor<1xf32>' 2>&1 | FileCheck %s --check-prefix=ZP-NAN
// RUN: not quant-interp %s --entry=zp_poison 2>&1 | FileCheck %s --check-prefix=ZP-POISON

// A and B of different types: no row of MATMUL's table (the verifier takes it).
func.func @types() -> tensor<1x2x2xi32> {
  %a = "tosa.const"() {values = dense<1> : tensor<1x2x3xi8>} : () -> tensor<1x2x3xi8>
  %b = "tosa.const"() {values = dense<1> : tensor<1x3x2xi16>} : () -> tensor<1x3x2xi16>
  %azp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %bzp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  // TYPES: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: ERROR_IF(operator data types do not meet requirement of operator Supported Data Types) of MATMUL holds (A_t = i8, B_t = i16, out_t = i32; supported: (i8, i8, i32), (i16, i16, i48), (f8E4M3FN, f8E4M3FN, f16), (f8E5M2, f8E5M2, f16), (f16, f16, f16), (f16, f16, f32), (bf16, bf16, f32), (f32, f32, f32))
  %0 = tosa.matmul %a, %b, %azp, %bzp : (tensor<1x2x3xi8>, tensor<1x3x2xi16>, tensor<1xi8>, tensor<1xi16>) -> tensor<1x2x2xi32>
  return %0 : tensor<1x2x2xi32>
}

// An unranked A that is a matrix at run time.
func.func @rank(%a: tensor<*xi8>) -> tensor<*xi32> {
  %b = "tosa.const"() {values = dense<1> : tensor<1x3x2xi8>} : () -> tensor<1x3x2xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // RANK: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: ERROR_IF(rank(A) != 3) of MATMUL holds (A: [2, 3])
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<*xi8>, tensor<1x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// Two batches of A, one of B: TOSA does not broadcast N.
func.func @batches() -> tensor<2x2x2xi32> {
  %a = "tosa.const"() {values = dense<1> : tensor<2x2x3xi8>} : () -> tensor<2x2x3xi8>
  %b = "tosa.const"() {values = dense<1> : tensor<1x3x2xi8>} : () -> tensor<1x3x2xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // BATCHES: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: ERROR_IF(shape(B)[0] != N) of MATMUL holds (B: [1, 3, 2]; N = 2 from A)
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<2x2x3xi8>, tensor<1x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x2x2xi32>
  return %0 : tensor<2x2x2xi32>
}

// A [1, 2, 3] and B [1, 4, 2]: B's rows are not A's columns.
func.func @dynamic(%a: tensor<?x?x?xi8>, %b: tensor<?x?x?xi8>) -> tensor<?x?x?xi32> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // COLUMNS: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: ERROR_IF(shape(B)[1] != C) of MATMUL holds (B: [1, 4, 2]; C = 3 from A)
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<?x?x?xi8>, tensor<?x?x?xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}

// A declared result of W = 5 where B has 4 columns (the verifier takes it).
func.func @output() -> tensor<1x2x5xi32> {
  %a = "tosa.const"() {values = dense<1> : tensor<1x2x3xi8>} : () -> tensor<1x2x3xi8>
  %b = "tosa.const"() {values = dense<1> : tensor<1x3x4xi8>} : () -> tensor<1x3x4xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // OUTPUT: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: ERROR_IF(shape(output)[2] != W) of MATMUL holds (output: [1, 2, 5]; W = 4)
  %0 = tosa.matmul %a, %b, %zp, %zp : (tensor<1x2x3xi8>, tensor<1x3x4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x5xi32>
  return %0 : tensor<1x2x5xi32>
}

// An unranked zero point of two elements.
func.func @zp_elements(%azp: tensor<*xi8>) -> tensor<1x1x1xi32> {
  %a = "tosa.const"() {values = dense<1> : tensor<1x1x1xi8>} : () -> tensor<1x1x1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // ZP-ELEMENTS: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: A_zp has 2 elements, expected 1
  %0 = tosa.matmul %a, %a, %azp, %zp : (tensor<1x1x1xi8>, tensor<1x1x1xi8>, tensor<*xi8>, tensor<1xi8>) -> tensor<1x1x1xi32>
  return %0 : tensor<1x1x1xi32>
}

// Only i8 carries a zero point: a runtime i16 A_zp of 1 (the verifier
// rejects a constant one).
func.func @zp_i16(%azp: tensor<1xi16>) -> tensor<1x1x1xi48> {
  %a = "tosa.const"() {values = dense<1> : tensor<1x1x1xi16>} : () -> tensor<1x1x1xi16>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  // ZP-I16: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: ERROR_IF(!is_same<A_t,i8_t>() && A_zp != 0) of MATMUL holds (A_zp = 1, A_t = i16)
  %0 = tosa.matmul %a, %a, %azp, %zp : (tensor<1x1x1xi16>, tensor<1x1x1xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x1x1xi48>
  return %0 : tensor<1x1x1xi48>
}

// A float zero point must be == 0: -0.0 is (and 3 - (-0.0) = 3, times 2 is
// 6), NaN is not.
// ZP-NEG-ZERO: dense<{{\[}}{{\[}}[6.0]]]> : tensor<1x1x1xf32>
func.func @zp_f32(%bzp: tensor<1xf32>) -> tensor<1x1x1xf32> {
  %a = "tosa.const"() {values = dense<3.0> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %b = "tosa.const"() {values = dense<2.0> : tensor<1x1x1xf32>} : () -> tensor<1x1x1xf32>
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // ZP-NAN: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: ERROR_IF(!is_same<B_t,i8_t>() && B_zp != 0) of MATMUL holds (B_zp = 0x7FC00000, B_t = f32)
  %0 = tosa.matmul %a, %b, %zp, %bzp : (tensor<1x1x1xf32>, tensor<1x1x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}

// A poison zero point (127 + 1 with nsw) decides every element: an error.
func.func @zp_poison() -> tensor<1x1x1xi32> {
  %a = "tosa.const"() {values = dense<1> : tensor<1x1x1xi8>} : () -> tensor<1x1x1xi8>
  %c127 = arith.constant dense<127> : tensor<1xi8>
  %c1 = arith.constant dense<1> : tensor<1xi8>
  %bzp = arith.addi %c127, %c1 overflow<nsw> : tensor<1xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // ZP-POISON: matmul-errors.mlir:[[@LINE+1]]:8: error: tosa.matmul: B_zp is poison
  %0 = tosa.matmul %a, %a, %zp, %bzp : (tensor<1x1x1xi8>, tensor<1x1x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1xi32>
  return %0 : tensor<1x1x1xi32>
}
