// [tosa.rescale] 1, 2, 4, [tosa.dialect] 3, [rescale.widths]: what is checked
// before any element is scaled, with its message at the op (no result):
// element types beyond [rescale.widths], MLIR's signed / unsigned integer
// types and quantized types; zero points of one element; multipliers and
// shifts of NC elements at run time; poison parameters ([value.poison] 4).
//
// RUN: not quant-interp %s --entry=input_i64 --arg='dense<1> : tensor<2xi64>' 2>&1 | FileCheck %s --check-prefix=INPUT-I64
// RUN: not quant-interp %s --entry=output_i48 2>&1 | FileCheck %s --check-prefix=OUTPUT-I48
// RUN: not quant-interp %s --entry=output_ui8 2>&1 | FileCheck %s --check-prefix=OUTPUT-UI8
// RUN: not quant-interp %s --entry=input_quant --arg='dense<[1, 2]> : tensor<2xi8>' 2>&1 | FileCheck %s --check-prefix=INPUT-QUANT
// RUN: not quant-interp %s --entry=input_ui8 --arg='dense<[1, 2]> : tensor<2xui8>' 2>&1 | FileCheck %s --check-prefix=INPUT-UI8
// RUN: not quant-interp %s --entry=zero_points --arg='dense<[0, 0]> : tensor<2xi8>' --arg='dense<0> : tensor<i8>' 2>&1 | FileCheck %s --check-prefix=INPUT-ZP-COUNT
// RUN: not quant-interp %s --entry=zero_points --arg='dense<0> : tensor<1x1xi8>' --arg='dense<> : tensor<0xi8>' 2>&1 | FileCheck %s --check-prefix=OUTPUT-ZP-COUNT
// RUN: quant-interp %s --entry=zero_points --arg='dense<-1> : tensor<1x1xi8>' --arg='dense<2> : tensor<i8>' | FileCheck %s --check-prefix=ZP-SHAPES --match-full-lines
// RUN: not quant-interp %s --entry=channels --arg='dense<[1073741824, 1073741824]> : tensor<2xi32>' --arg='dense<30> : tensor<3xi8>' 2>&1 | FileCheck %s --check-prefix=NC-MULTIPLIER
// RUN: not quant-interp %s --entry=channels --arg='dense<1073741824> : tensor<3xi32>' --arg='dense<30> : tensor<4xi8>' 2>&1 | FileCheck %s --check-prefix=NC-SHIFT
// RUN: not quant-interp %s --entry=per_tensor --arg='dense<1073741824> : tensor<3xi32>' 2>&1 | FileCheck %s --check-prefix=NC-PER-TENSOR
// RUN: not quant-interp %s --entry=dynamic_channels --arg='dense<1> : tensor<2x2xi32>' --arg='dense<1073741824> : tensor<3xi32>' --arg='dense<30> : tensor<3xi8>' 2>&1 | FileCheck %s --check-prefix=NC-DYNAMIC
// RUN: not quant-interp %s --entry=poison_zp 2>&1 | FileCheck %s --check-prefix=POISON-ZP
// RUN: not quant-interp %s --entry=poison_multiplier 2>&1 | FileCheck %s --check-prefix=POISON-MULTIPLIER

func.func @input_i64(%x: tensor<2xi64>) -> tensor<2xi8> {
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // INPUT-I64: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: unsupported input element type i64: in_t must be a signless integer of at most 48 bits (input_unsigned says how it is read)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi64>, tensor<1xi32>, tensor<1xi8>, tensor<1xi64>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

func.func @output_i48() -> tensor<2xi48> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi48>} : () -> tensor<1xi48>
  // OUTPUT-I48: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: unsupported output element type i48: out_t must be a signless integer of at most 32 bits (output_unsigned says how it is read)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi48>) -> tensor<2xi48>
  return %0 : tensor<2xi48>
}

// An unsigned result is a signless tensor with output_unsigned, not ui8.
func.func @output_ui8() -> tensor<2xui8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // OUTPUT-UI8: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: unsupported output element type ui8: out_t must be a signless integer of at most 32 bits (output_unsigned says how it is read)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xui8>
  return %0 : tensor<2xui8>
}

func.func @input_quant(%x: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xi8> {
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // INPUT-QUANT: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: unsupported input element type !quant.uniform<i8:f32, 5.000000e-01>: in_t must be a signless integer of at most 48 bits (input_unsigned says how it is read)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// A ui8 argument is rejected before evaluation, at the function ([value.element]).
// INPUT-UI8: rescale-errors.mlir:[[@LINE+1]]:1: error: @input_ui8 argument #1: parameter type is not supported: unsupported integer type ui8 (only signless integers outside quantized types)
func.func @input_ui8(%x: tensor<2xui8>) -> tensor<2xi8> {
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xui8>} : () -> tensor<1xui8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<2xui8>, tensor<1xi32>, tensor<1xi8>, tensor<1xui8>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// Unranked zero points take any runtime shape; they must hold one element.
// Any shape of one element will do: input_zp -1 (1x1), output_zp 2 (rank 0),
// ratio 1: x = [5, -5] -> [6, -4] + 2 = [8, -2].
// ZP-SHAPES: dense<[8, -2]> : tensor<2xi8>
func.func @zero_points(%izp: tensor<*xi8>, %ozp: tensor<*xi8>) -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<[5, -5]> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  // INPUT-ZP-COUNT: rescale-errors.mlir:[[@LINE+2]]:8: error: tosa.rescale: input_zp has 2 elements, expected 1
  // OUTPUT-ZP-COUNT: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: output_zp has 0 elements, expected 1
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<*xi8>, tensor<*xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// Per channel on tensor<2x3xi32>: NC = 3 multipliers and shifts; `?` lengths
// pass MLIR's verifier and are checked at run time.
func.func @channels(%m: tensor<?xi32>, %s: tensor<?xi8>) -> tensor<2x3xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // NC-MULTIPLIER: rescale-errors.mlir:[[@LINE+2]]:8: error: tosa.rescale: multiplier has 2 elements, expected NC = 3 (per_channel: the input's last dimension)
  // NC-SHIFT: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: shift has 4 elements, expected NC = 3 (per_channel: the input's last dimension)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x3xi32>, tensor<?xi32>, tensor<?xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// Per tensor: NC = 1.
func.func @per_tensor(%m: tensor<?xi32>) -> tensor<2x3xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // NC-PER-TENSOR: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: multiplier has 3 elements, expected NC = 1 (per_channel = false)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2x3xi32>, tensor<?xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// A dynamic last dimension (2 at run time) against 3 multipliers.
func.func @dynamic_channels(%x: tensor<2x?xi32>, %m: tensor<?xi32>, %s: tensor<?xi8>) -> tensor<2x?xi8> {
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // NC-DYNAMIC: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: multiplier has 3 elements, expected NC = 2 (per_channel: the input's last dimension)
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x?xi32>, tensor<?xi32>, tensor<?xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x?xi8>
  return %0 : tensor<2x?xi8>
}

// A poison zero point (127 + 1 with nsw overflows, [arith.poison]) would decide
// every element: an error, not a poison result.
func.func @poison_zp() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %max = arith.constant dense<127> : tensor<1xi8>
  %one = arith.constant dense<1> : tensor<1xi8>
  %izp = arith.addi %max, %one overflow<nsw> : tensor<1xi8>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // POISON-ZP: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: input_zp is poison
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// Multiplier 1 of 2 channels is poison (2^31 - 1 + 1 with nsw).
func.func @poison_multiplier() -> tensor<2xi8> {
  %x = "tosa.const"() {values = dense<1> : tensor<2xi8>} : () -> tensor<2xi8>
  %a = arith.constant dense<[1073741824, 2147483647]> : tensor<2xi32>
  %b = arith.constant dense<[0, 1]> : tensor<2xi32>
  %m = arith.addi %a, %b overflow<nsw> : tensor<2xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<2xi8>} : () -> tensor<2xi8>
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  // POISON-MULTIPLIER: rescale-errors.mlir:[[@LINE+1]]:8: error: tosa.rescale: multiplier element 1 is poison
  %0 = tosa.rescale %x, %m, %s, %zp, %zp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2xi8>, tensor<2xi32>, tensor<2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}
