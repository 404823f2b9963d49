// A requantize between two quantized layers: int32 accumulators (of a
// convolution or matmul whose input scales multiply to s_acc) brought back to
// int8 with scale s_out and zero point -3. Channel 0 scales by exactly 1/8
// (multiplier 2^30, shift 33), channel 1 by 0.0072474 as TFLite and MLIR
// derive it (`quant-interp --derive-multiplier=0.0072474`: 1992150143 * 2^-38).
//
//   quant-interp examples/requantize.mlir --args-file=examples/requantize.args
//   quant-interp examples/requantize.mlir --args-file=examples/requantize.args --requantize=tvm-tonearest
//
// DOUBLE_ROUND rounds twice, as TFLite does (shift > 31); --requantize
// chooses another framework's requantize for the same (multiplier, shift)
// (`quant-interp --list-requantize-recipes`).
func.func @main(%acc: tensor<6x2xi32>) -> tensor<6x2xi8> {
  %multiplier = "tosa.const"() {values = dense<[1073741824, 1992150143]> : tensor<2xi32>} : () -> tensor<2xi32>
  %shift = "tosa.const"() {values = dense<[33, 38]> : tensor<2xi8>} : () -> tensor<2xi8>
  %input_zp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %output_zp = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %acc, %multiplier, %shift, %input_zp, %output_zp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<6x2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<6x2xi8>
  return %0 : tensor<6x2xi8>
}
