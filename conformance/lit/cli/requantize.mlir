// [cli.requantize] [cli.list-requantize-recipes] [requant.recipes]
// --requantize=RECIPE chooses what tosa.rescale computes, overriding the
// profile's recipe; --list-requantize-recipes prints the recipes; an unknown
// name is a usage error (exit status 2, input not read).
//
// RUN: quant-interp %s --entry=ties | FileCheck %s --check-prefix=TOSA --match-full-lines
// RUN: quant-interp %s --entry=ties --requantize=tflite | FileCheck %s --check-prefix=TOSA --match-full-lines
// RUN: quant-interp %s --entry=ties --requantize=tvm-tonearest | FileCheck %s --check-prefix=AWAY --match-full-lines
// RUN: quant-interp %s --entry=ties --requantize=fbgemm | FileCheck %s --check-prefix=EVEN --match-full-lines
// RUN: quant-interp %s --entry=ties --profile=pytorch-fbgemm | FileCheck %s --check-prefix=EVEN --match-full-lines
// RUN: quant-interp %s --entry=ties --requantize=tosa --profile=pytorch-fbgemm | FileCheck %s --check-prefix=TOSA --match-full-lines
// RUN: quant-interp %s --entry=shift33 | FileCheck %s --check-prefix=SINGLE --match-full-lines
// RUN: quant-interp %s --entry=shift33 --profile=tflite-reference | FileCheck %s --check-prefix=DOUBLE --match-full-lines
// RUN: quant-interp %s --entry=shift33 --requantize=tosa-double-round | FileCheck %s --check-prefix=DOUBLE --match-full-lines
// RUN: not quant-interp %s --entry=wide --requantize=onnxruntime-mlas 2>&1 | FileCheck %s --check-prefix=MLAS --match-full-lines
// RUN: quant-interp --list-requantize-recipes | FileCheck %s --check-prefix=LIST --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp --requantize=gemmlowp %s | FileCheck %s --check-prefix=BAD --match-full-lines

// i32 -> i8, m = 2^30, shift = 31: x / 2 for x = 1, -1, 5, -5, 3 is 0.5, -0.5,
// 2.5, -2.5, 1.5. tosa (SINGLE_ROUND), and tflite (which equals TOSA's
// DOUBLE_ROUND, the same as single at shift 31): ties toward +inf. TVM
// TONEAREST: ties away from zero. FBGEMM (float product, lrintf): ties to even.
// TOSA: dense<[1, 0, 3, -2, 2]> : tensor<5xi8>
// AWAY: dense<[1, -1, 3, -3, 2]> : tensor<5xi8>
// EVEN: dense<[0, 0, 2, -2, 2]> : tensor<5xi8>
func.func @ties() -> tensor<5xi8> {
  %x = "tosa.const"() {values = dense<[1, -1, 5, -5, 3]> : tensor<5xi32>} : () -> tensor<5xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<31> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<5xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<5xi8>
  return %0 : tensor<5xi8>
}

// m = 2^30, shift = 33, x = 3: 0.375. One rounding: (3*2^30 + 2^32) >> 33 = 0.
// Two (TOSA DOUBLE_ROUND, TFLite's gemmlowp): 3 * 2^30 / 2^31 = 1.5 -> 2, then
// 2 / 4 = 0.5 -> 1. The op says SINGLE_ROUND; the tflite-reference profile's
// recipe is tflite.
// SINGLE: dense<[0]> : tensor<1xi8>
// DOUBLE: dense<[1]> : tensor<1xi8>
func.func @shift33() -> tensor<1xi8> {
  %x = "tosa.const"() {values = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<33> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1xi8>
  return %0 : tensor<1xi8>
}

// MLAS has no int32 output: the framework defines no value.
// MLAS: {{.*}}requantize.mlir:[[@LINE+7]]:8: error: tosa.rescale: element [0]: REQUIRE(OutputType is int8_t or uint8_t (its only instantiations)) of MlasRequantizeOutput does not hold (out_t = i32)
func.func @wide() -> tensor<1xi32> {
  %x = "tosa.const"() {values = dense<[5]> : tensor<1xi32>} : () -> tensor<1xi32>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<31> : tensor<1xi8>} : () -> tensor<1xi8>
  %izp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %ozp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}

// LIST: tosa: TOSA 1.0 RESCALE: {{.*}}
// LIST-NEXT: tosa-single-round: {{.*}}
// LIST-NEXT: tosa-double-round: {{.*}}
// LIST-NEXT: tflite: {{.*}}
// LIST-NEXT: tflite-single-rounding: {{.*}}
// LIST-NEXT: tvm-upward: {{.*}}
// LIST-NEXT: tvm-tonearest: {{.*}}
// LIST-NEXT: onnxruntime-mlas: {{.*}}
// LIST-NEXT: xnnpack-fp32: {{.*}}
// LIST-NEXT: fbgemm: {{.*}}
// LIST-NEXT: pytorch: {{.*}}
// LIST-NOT: {{.+}}

// BAD: quant-interp: error: --requantize: unknown recipe 'gemmlowp' (expected one of: tosa, tosa-single-round, tosa-double-round, tflite, tflite-single-rounding, tvm-upward, tvm-tonearest, onnxruntime-mlas, xnnpack-fp32, fbgemm, pytorch)
// BAD-NEXT: exit status: 2
