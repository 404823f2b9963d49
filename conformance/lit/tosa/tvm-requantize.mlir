// [tosa.rescale] A worked example: the TVM requantize of the RFC "Quantization
// in TVM" (seed 004), after a qnn.dense + bias_add that accumulates in int32:
//
//   %6 = qnn.requantize(%5, 1.77052e-05f, 0, 0.0267685f, 0, axis=1, out_dtype="int8")
//
// as a per-tensor tosa.rescale from i32 to i8 with zero points 0.
//
// (multiplier, shift), derived by hand as TVM derives it (src/relay/qnn:
// double_multiplier = double(input_scale_f32) / double(output_scale_f32), then
// GetFixedPointMultiplierShift: frexp, round(significand * 2^31)):
//   input_scale  f32(1.77052e-05) = 0x379485A1 = 1.7705200662021525e-05
//   output_scale f32(0.0267685)   = 0x3CDB499D = 0.026768499985337257
//   real multiplier M = 1.7705200662021525e-05 / 0.026768499985337257
//                     = 6.614192305030071e-04
//   frexp: 2^-11 = 4.8828125e-04 <= M < 2^-10 = 9.765625e-04, so exponent -10,
//     significand M * 2^10 = 0.6772932920350793 (in [0.5, 1))
//   multiplier = round(0.6772932920350793 * 2^31) = round(1454476269.545)
//              = 1454476270
//   shift = 31 - (-10) = 41   (check: 1454476270 / 2^41 = 6.6141923e-04)
// (From the decimal scales instead of their f32 values the significand would
// be 0.6772932663 and the multiplier 1454476214; TVM uses the f32 values.)
//
// SINGLE_ROUND is TVM's rounding="UPWARD": (v * m + 2^40) >> 41, then clip to
// int8 (TVM's TONEAREST differs on negative ties; that is a requantize recipe,
// spec/requantize.md). With m = 1454476270, each accumulator v:
//              0 * m =                     0; + 2^40, / 2^41 =         0.500000 ->        0
//            755 * m =         1098129583850; + 2^40, / 2^41 =         0.999372 ->        0
//            756 * m =         1099584060120; + 2^40, / 2^41 =         1.000033 ->        1
//           -755 * m =        -1098129583850; + 2^40, / 2^41 =         0.000628 ->        0
//           -756 * m =        -1099584060120; + 2^40, / 2^41 =        -0.000033 ->       -1
//           1000 * m =         1454476270000; + 2^40, / 2^41 =         1.161419 ->        1
//          -1000 * m =        -1454476270000; + 2^40, / 2^41 =        -0.161419 ->       -1
//         192000 * m =       279259443840000; + 2^40, / 2^41 =       127.492492 ->      127
//         193000 * m =       280713920110000; + 2^40, / 2^41 =       128.153912 ->      128 -> clip 127
//        -193000 * m =      -280713920110000; + 2^40, / 2^41 =      -127.153912 ->     -128
//     2147483647 * m =   3123464004774556690; + 2^40, / 2^41 =   1420387.481760 ->  1420387 -> clip 127
//    -2147483648 * m =  -3123464006229032960; + 2^40, / 2^41 =  -1420386.482422 -> -1420387 -> clip -128
// (755 and 756 sit on either side of 1/2: 755 * M = 0.49937, 756 * M = 0.50003.
// Every |v| < 2^31 <= 2^40 satisfies apply_scale_32's REQUIRE on value.)
//
// RUN: quant-interp %s --arg='dense<[[0, 755, 756, -755, -756, 1000], [-1000, 192000, 193000, -193000, 2147483647, -2147483648]]> : tensor<2x6xi32>' | FileCheck %s --match-full-lines
// CHECK: dense<{{\[\[}}0, 0, 1, 0, -1, 1], [-1, 127, 127, -128, 127, -128]]> : tensor<2x6xi8>
// CHECK-NOT: {{.+}}

func.func @requantize(%acc: tensor<2x6xi32>) -> tensor<2x6xi8> {
  %multiplier = "tosa.const"() {values = dense<1454476270> : tensor<1xi32>} : () -> tensor<1xi32>
  %shift = "tosa.const"() {values = dense<41> : tensor<1xi8>} : () -> tensor<1xi8>
  %input_zp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %output_zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %acc, %multiplier, %shift, %input_zp, %output_zp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<2x6xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x6xi8>
  return %0 : tensor<2x6xi8>
}
