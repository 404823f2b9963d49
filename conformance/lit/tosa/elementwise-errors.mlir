// [tosa-ew.errors], [tosa-ew.types], [tosa-ew.broadcast], [tosa.const-shape]:
// what MLIR 22's verifier leaves to run time, each the error of the first
// check that fails, at the op, with no result. Shapes come from --arg where
// the verifier would see them.
//
// RUN: not quant-interp %s --entry=add_i8 2>&1 | FileCheck %s --check-prefix=ADD-I8
// RUN: not quant-interp %s --entry=mul_i8_out 2>&1 | FileCheck %s --check-prefix=MUL-I8-OUT
// RUN: not quant-interp %s --entry=clamp_i32 2>&1 | FileCheck %s --check-prefix=CLAMP-I32
// RUN: not quant-interp %s --entry=negate_i64 2>&1 | FileCheck %s --check-prefix=NEGATE-I64
// RUN: not quant-interp %s --entry=reshape_i64 2>&1 | FileCheck %s --check-prefix=RESHAPE-I64
// RUN: not quant-interp %s --entry=ranks --arg='dense<1> : tensor<2x3xi32>' --arg='dense<1> : tensor<3xi32>' 2>&1 | FileCheck %s --check-prefix=RANKS
// RUN: not quant-interp %s --entry=dims --arg='dense<1> : tensor<2x3xi32>' --arg='dense<1> : tensor<2x2xi32>' 2>&1 | FileCheck %s --check-prefix=DIMS
// RUN: not quant-interp %s --entry=declared --arg='dense<1> : tensor<1x3xi32>' --arg='dense<1> : tensor<1x3xi32>' 2>&1 | FileCheck %s --check-prefix=DECLARED
// RUN: not quant-interp %s --entry=clamp_declared --arg='dense<1> : tensor<3xi8>' 2>&1 | FileCheck %s --check-prefix=CLAMP-DECLARED
// RUN: not quant-interp %s --entry=negate_zp --arg='dense<1> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=NEGATE-ZP
// RUN: not quant-interp %s --entry=negate_zp_poison 2>&1 | FileCheck %s --check-prefix=NEGATE-ZP-POISON
// RUN: not quant-interp %s --entry=shift_poison 2>&1 | FileCheck %s --check-prefix=SHIFT-POISON
// RUN: not quant-interp %s --entry=transpose_rank0 --arg='dense<1> : tensor<i8>' 2>&1 | FileCheck %s --check-prefix=TRANSPOSE-RANK0
// RUN: not quant-interp %s --entry=shape_argument --arg='dense<[1, 2]> : tensor<2xindex>' 2>&1 | FileCheck %s --check-prefix=SHAPE-ARGUMENT

// i8 ADD: MLIR 22 takes it, TOSA 1.0's ADD has no i8 row.
func.func @add_i8() -> tensor<2xi8> {
  %a = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  // ADD-I8: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.add: ERROR_IF(operator data types do not meet requirement of operator Supported Data Types) of ADD holds (in_out_t = i8; supported: (i32), (f16), (bf16), (f32))
  %0 = tosa.add %a, %a : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

func.func @mul_i8_out() -> tensor<2xi8> {
  %a = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // MUL-I8-OUT: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.mul: ERROR_IF(operator data types do not meet requirement of operator Supported Data Types) of MUL holds (in_t = i8, out_t = i8; supported: (i8, i32), (i16, i32), (i32, i32), (f16, f16), (bf16, bf16), (f32, f32))
  %0 = tosa.mul %a, %a, %s : (tensor<2xi8>, tensor<2xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

func.func @clamp_i32() -> tensor<2xi32> {
  %a = "tosa.const"() {values = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  // CLAMP-I32: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.clamp: ERROR_IF(operator data types do not meet requirement of operator Supported Data Types) of CLAMP holds (in_out_t = i32; supported: (i8), (i16), (f16), (bf16), (f32))
  %0 = tosa.clamp %a {min_val = 0 : i32, max_val = 6 : i32} : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @negate_i64() -> tensor<2xi64> {
  %a = "tosa.const"() {values = dense<1> : tensor<2xi64>} : () -> tensor<2xi64>
  %z = "tosa.const"() {values = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  // NEGATE-I64: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.negate: ERROR_IF(operator data types do not meet requirement of operator Supported Data Types) of NEGATE holds (in_out_t = i64; supported: (i8), (i16), (i32), (f16), (bf16), (f32))
  %0 = tosa.negate %a, %z, %z : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

func.func @reshape_i64() -> tensor<2xi64> {
  %a = "tosa.const"() {values = dense<1> : tensor<1x2xi64>} : () -> tensor<1x2xi64>
  %s = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  // RESHAPE-I64: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.reshape: ERROR_IF(operator data types do not meet requirement of operator Supported Data Types) of RESHAPE holds (in_out_t = i64; supported: (i1), (i8), (i16), (i32), (f8E4M3FN), (f8E5M2), (f16), (bf16), (f32))
  %0 = tosa.reshape %a, %s : (tensor<1x2xi64>, !tosa.shape<1>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// Unranked inputs of ranks 2 and 1 at run time.
func.func @ranks(%a: tensor<*xi32>, %b: tensor<*xi32>) -> tensor<*xi32> {
  // RANKS: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.add: ERROR_IF(rank(shape1) != rank(shape2)) of broadcast_shape in ADD holds (shape1 = [2, 3], shape2 = [3])
  %0 = tosa.add %a, %b : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}

// [2, 3] and [2, 2]: dimension 1 is neither equal nor 1.
func.func @dims(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>) -> tensor<?x?xi32> {
  // DIMS: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.sub: ERROR_IF(shape2[i] != 1 && shape2[i] != shape[i]) of broadcast_shape in SUB holds (i = 1, shape1 = [2, 3], shape2 = [2, 2])
  %0 = tosa.sub %a, %b : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// [1, 3] and [1, 3] broadcast to [1, 3]; the declared output is [2, 3].
func.func @declared(%a: tensor<?x3xi32>, %b: tensor<?x3xi32>) -> tensor<2x3xi32> {
  %s = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // DECLARED: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.mul: ERROR_IF(shape != broadcast_shape(shape1, shape2)) of MUL holds (shape = [2, 3], broadcast_shape(shape1, shape2) = [1, 3])
  %0 = tosa.mul %a, %b, %s : (tensor<?x3xi32>, tensor<?x3xi32>, tensor<1xi8>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

func.func @clamp_declared(%a: tensor<?xi8>) -> tensor<2xi8> {
  // CLAMP-DECLARED: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.clamp: ERROR_IF(shape(output) != shape(input)) of CLAMP holds (output: [2], input: [3])
  %0 = tosa.clamp %a {min_val = 0 : i8, max_val = 6 : i8} : (tensor<?xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// A runtime i16 zero point of 1 (the verifier only sees constant ones).
func.func @negate_zp(%z: tensor<1xi16>) -> tensor<2xi16> {
  %a = "tosa.const"() {values = dense<1> : tensor<2xi16>} : () -> tensor<2xi16>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  // NEGATE-ZP: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.negate: ERROR_IF(!is_same<in_out_t,i8_t>() && input1_zp != 0) of NEGATE holds (input1_zp = 1, in_out_t = i16)
  %0 = tosa.negate %a, %z, %zero : (tensor<2xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<2xi16>
  return %0 : tensor<2xi16>
}

// A poison zero point decides every element: an error, not poison.
func.func @negate_zp_poison() -> tensor<2xi8> {
  %m = arith.constant dense<127> : tensor<1xi8>
  %o = arith.constant dense<1> : tensor<1xi8>
  %z = arith.addi %m, %o overflow<nsw> : tensor<1xi8>
  %a = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // NEGATE-ZP-POISON: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.negate: output_zp is poison
  %0 = tosa.negate %a, %zero, %z : (tensor<2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

func.func @shift_poison() -> tensor<2xi32> {
  %m = arith.constant dense<127> : tensor<1xi8>
  %o = arith.constant dense<1> : tensor<1xi8>
  %s = arith.addi %m, %o overflow<nsw> : tensor<1xi8>
  %a = "tosa.const"() {values = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  // SHIFT-POISON: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.mul: shift is poison
  %0 = tosa.mul %a, %a, %s : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// TRANSPOSE's input1 has rank 1 or more; an unranked one may be rank 0.
func.func @transpose_rank0(%a: tensor<*xi8>) -> tensor<*xi8> {
  // TRANSPOSE-RANK0: elementwise-errors.mlir:[[@LINE+1]]:8: error: tosa.transpose: ERROR_IF(rank(input1) < 1) of TRANSPOSE holds (input1: [])
  %0 = tosa.transpose %a {perms = array<i32: 0>} : (tensor<*xi8>) -> tensor<*xi8>
  return %0 : tensor<*xi8>
}

// A !tosa.shape is made by tosa.const_shape, never passed in.
// SHAPE-ARGUMENT: elementwise-errors.mlir:[[@LINE+1]]:1: error: @shape_argument argument #1: parameter type is not supported: unsupported element type !tosa.shape<2>
func.func @shape_argument(%s: !tosa.shape<2>) -> tensor<2xi8> {
  %a = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  return %a : tensor<2xi8>
}
