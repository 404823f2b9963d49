// [tosa.rescale] 3, [rescale.error-if]: every ERROR_IF of RESCALE, checked
// once per op before any element, the first that holds reported as
// [rescale.violation] says: "tosa.rescale: ERROR_IF(COND) of RESCALE holds
// (VALUES)", at the op, no result. MLIR's verifier already rejects constant
// zero points that break the first two rules and per_channel on a ranked
// rank-0 type, so those cases take runtime zero points / an unranked input.
// The inputs are valid for everything else (ratio 1: m = 2^30, shift = 30, or
// m = 16384, shift = 14 for i16 multipliers).
//
// RUN: not quant-interp %s --entry=in_zp_i32 --arg='dense<3> : tensor<1xi32>' 2>&1 | FileCheck %s --check-prefix=IN-ZP-I32
// RUN: not quant-interp %s --entry=in_zp_i16 --arg='dense<-1> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=IN-ZP-I16
// RUN: not quant-interp %s --entry=out_zp_i16 --arg='dense<5> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=OUT-ZP-I16
// RUN: not quant-interp %s --entry=u16_in_zp --arg='dense<1> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=U16-IN-ZP
// RUN: not quant-interp %s --entry=u16_in_zp_ext --arg='dense<-1> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=U16-IN-ZP-EXT
// RUN: not quant-interp %s --entry=u16_out_zp --arg='dense<32767> : tensor<1xi16>' 2>&1 | FileCheck %s --check-prefix=U16-OUT-ZP
// RUN: not quant-interp %s --entry=scale32_i48 2>&1 | FileCheck %s --check-prefix=SCALE32-I48
// RUN: not quant-interp %s --entry=double_scale16 2>&1 | FileCheck %s --check-prefix=DOUBLE-SCALE16
// RUN: not quant-interp %s --entry=both_unsigned 2>&1 | FileCheck %s --check-prefix=BOTH-UNSIGNED
// RUN: not quant-interp %s --entry=unsigned_to_i32 2>&1 | FileCheck %s --check-prefix=UNSIGNED-TO-I32
// RUN: not quant-interp %s --entry=i32_to_unsigned 2>&1 | FileCheck %s --check-prefix=I32-TO-UNSIGNED
// RUN: not quant-interp %s --entry=i48_to_unsigned 2>&1 | FileCheck %s --check-prefix=I48-TO-UNSIGNED
// RUN: not quant-interp %s --entry=unsigned_i48 2>&1 | FileCheck %s --check-prefix=UNSIGNED-I48
// RUN: not quant-interp %s --entry=unsigned_i32 2>&1 | FileCheck %s --check-prefix=UNSIGNED-I32
// RUN: not quant-interp %s --entry=unsigned_i32_out 2>&1 | FileCheck %s --check-prefix=UNSIGNED-I32-OUT
// RUN: not quant-interp %s --entry=first_reported 2>&1 | FileCheck %s --check-prefix=FIRST-REPORTED
// RUN: not quant-interp %s --entry=per_channel_rank0 --arg='dense<4> : tensor<i32>' 2>&1 | FileCheck %s --check-prefix=PER-CHANNEL-RANK0

// An i32 input with a nonzero runtime input_zp (only i8 and u16 carry one).
func.func @in_zp_i32(%izp: tensor<1xi32>) -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // IN-ZP-I32: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(!is_same<in_t,i8_t>() && (!is_same<in_t,i16_t>() || input_unsigned == false) && input_zp != 0) of RESCALE holds (input_zp = 3, in_t = i32)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // IN-ZP-I32-NOT: dense
}

// A signed i16 input with input_zp -1.
func.func @in_zp_i16(%izp: tensor<1xi16>) -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi16>} : () -> tensor<2xi16>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // IN-ZP-I16: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(!is_same<in_t,i8_t>() && (!is_same<in_t,i16_t>() || input_unsigned == false) && input_zp != 0) of RESCALE holds (input_zp = -1, in_t = i16)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // IN-ZP-I16-NOT: dense
}

// Signed i16 output with output_zp 5.
func.func @out_zp_i16(%ozp: tensor<1xi16>) -> tensor<2xi16> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // OUT-ZP-I16: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(!is_same<out_t,i8_t>() && (!is_same<out_t,i16_t>() || output_unsigned == false) && output_zp != 0) of RESCALE holds (output_zp = 5, out_t = i16)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<2xi16>
  return %0 : tensor<2xi16>
  // OUT-ZP-I16-NOT: dense
}

// A u16 input_zp 1: only 0 and 32768.
func.func @u16_in_zp(%izp: tensor<1xi16>) -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi16>} : () -> tensor<2xi16>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // U16-IN-ZP: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<in_t,i16_t>() && input_unsigned == true && input_zp != 0 && input_zp != 32768) of RESCALE holds (input_zp = 1, in_t = i16)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<2xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // U16-IN-ZP-NOT: dense
}

// A u16 input_zp pattern -1: read zero-extended, 65535.
func.func @u16_in_zp_ext(%izp: tensor<1xi16>) -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi16>} : () -> tensor<2xi16>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // U16-IN-ZP-EXT: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<in_t,i16_t>() && input_unsigned == true && input_zp != 0 && input_zp != 32768) of RESCALE holds (input_zp = 65535, in_t = i16)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<2xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // U16-IN-ZP-EXT-NOT: dense
}

// A u16 output_zp 32767.
func.func @u16_out_zp(%ozp: tensor<1xi16>) -> tensor<2xi16> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // U16-OUT-ZP: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<out_t,i16_t>() && output_unsigned == true && output_zp != 0 && output_zp != 32768) of RESCALE holds (output_zp = 32767, out_t = i16)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<2xi16>
  return %0 : tensor<2xi16>
  // U16-OUT-ZP-NOT: dense
}

// An i48 input with scale32 (the product would need 80 bits).
func.func @scale32_i48() -> tensor<2xi32> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi48>} : () -> tensor<2xi48>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // SCALE32-I48: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(scale32 && is_same<in_t,i48_t>()) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi48>, tensor<1xi32>, tensor<1xi8>, tensor<1xi48>, tensor<1xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
  // SCALE32-I48-NOT: dense
}

// DOUBLE_ROUND without scale32.
func.func @double_scale16() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi16>} : () -> tensor<2xi16>
  %m = "tosa.const"() {values = dense<16384> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<14> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // DOUBLE-SCALE16: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(!scale32 && (rounding_mode == DOUBLE_ROUND)) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = DOUBLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi16>, tensor<1xi16>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // DOUBLE-SCALE16-NOT: dense
}

// Unsigned input and output.
func.func @both_unsigned() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // BOTH-UNSIGNED: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(input_unsigned && output_unsigned) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = true} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // BOTH-UNSIGNED-NOT: dense
}

// An unsigned input into i32.
func.func @unsigned_to_i32() -> tensor<2xi32> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // UNSIGNED-TO-I32: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<out_t,i32_t>() && input_unsigned) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
  // UNSIGNED-TO-I32-NOT: dense
}

// An i32 input into an unsigned output.
func.func @i32_to_unsigned() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // I32-TO-UNSIGNED: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<in_t,i32_t>() && output_unsigned) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // I32-TO-UNSIGNED-NOT: dense
}

// An i48 input into an unsigned output.
func.func @i48_to_unsigned() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi48>} : () -> tensor<2xi48>
  %m = "tosa.const"() {values = dense<16384> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<14> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // I48-TO-UNSIGNED: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<in_t,i48_t>() && output_unsigned) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<2xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // I48-TO-UNSIGNED-NOT: dense
}

// An unsigned i48 input.
func.func @unsigned_i48() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi48>} : () -> tensor<2xi48>
  %m = "tosa.const"() {values = dense<16384> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const"() {values = dense<14> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // UNSIGNED-I48: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<in_t, i48_t> && input_unsigned) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = false, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<2xi48>, tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // UNSIGNED-I48-NOT: dense
}

// An unsigned i32 input.
func.func @unsigned_i32() -> tensor<2xi16> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  // UNSIGNED-I32: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<in_t, i32_t> && input_unsigned) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi16>) -> tensor<2xi16>
  return %0 : tensor<2xi16>
  // UNSIGNED-I32-NOT: dense
}

// An unsigned i32 output.
func.func @unsigned_i32_out() -> tensor<2xi32> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi16>} : () -> tensor<2xi16>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // UNSIGNED-I32-OUT: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(is_same<out_t, i32_t> && output_unsigned) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<2xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
  // UNSIGNED-I32-OUT-NOT: dense
}

// Two hold (scale32 with i48, i48 into unsigned): the first in the specification's order.
func.func @first_reported() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi48>} : () -> tensor<2xi48>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // FIRST-REPORTED: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(scale32 && is_same<in_t,i48_t>()) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<2xi48>, tensor<1xi32>, tensor<1xi8>, tensor<1xi48>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
  // FIRST-REPORTED-NOT: dense
}

// per_channel on a runtime rank-0 input (an unranked type passes the verifier).
func.func @per_channel_rank0(%x: tensor<*xi32>) -> tensor<*xi8> {
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // PER-CHANNEL-RANK0: rescale-error-if.mlir:[[@LINE+1]]:8: error: tosa.rescale: ERROR_IF(per_channel && rank(input) < 1) of RESCALE holds
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<*xi8>
  return %0 : tensor<*xi8>
  // PER-CHANNEL-RANK0-NOT: dense
}
