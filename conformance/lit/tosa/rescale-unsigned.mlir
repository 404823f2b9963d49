// [tosa.rescale] 2, [rescale.op] 2, 4: unsigned data travels in signless
// tensors; input_unsigned / output_unsigned say how the patterns (and the zero
// points) are read: zero-extended in, clipped to [0, 2^n - 1] out. Unsigned
// results print as their signless pattern (u8 200 is i8 -56). The u16 zero
// point 32768 is the i16 pattern -32768. Ratio 1 is m = 2^30, shift = 30.
//
// RUN: quant-interp %s --entry=u8 | FileCheck %s --check-prefix=U8 --match-full-lines
// RUN: quant-interp %s --entry=u16 | FileCheck %s --check-prefix=U16 --match-full-lines
// RUN: quant-interp %s --entry=runtime_zp --arg='dense<[0, -32768, -1, 1]> : tensor<4xi16>' --arg='dense<-32768> : tensor<1xi16>' --arg='dense<-3> : tensor<1xi8>' | FileCheck %s --check-prefix=ZP-32768 --match-full-lines
// RUN: quant-interp %s --entry=runtime_zp --arg='dense<[0, -32768, -1, 1]> : tensor<4xi16>' --arg='dense<0> : tensor<1xi16>' --arg='dense<0> : tensor<1xi8>' | FileCheck %s --check-prefix=ZP-0 --match-full-lines

// u8 -> i8, u8 x = [0, 128, 255, 200] (i8 patterns [0, -128, -1, -56]):
//   input_zp 128 (pattern -128): x - 128 = [-128, 0, 127, 72];
//   input_zp 0: x read zero-extended = [0, 128, 255, 200] -> clip [0, 127, 127, 127]
//   (read sign-extended it would have been [0, -128, -1, -56]).
// i8 -> u8, x = [-128, 0, 127, 72], output_zp 128: [0, 128, 255, 200], printed
//   as i8 [0, -128, -1, -56].
// i8 -> u8, ratio 2 (shift 29), x = [-1, 100, 127, 0], output_zp 0:
//   [-2, 200, 254, 0] -> clip to [0, 255]: [0, 200, 254, 0], printed [0, -56, -2, 0].
// U8: dense<[-128, 0, 127, 72]> : tensor<4xi8>
// U8-NEXT: dense<[0, 127, 127, 127]> : tensor<4xi8>
// U8-NEXT: dense<[0, -128, -1, -56]> : tensor<4xi8>
// U8-NEXT: dense<[0, -56, -2, 0]> : tensor<4xi8>
// U8-NOT: {{.+}}
func.func @u8() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %u = "tosa.const"() {values = dense<[0, -128, -1, -56]> : tensor<4xi8>} : () -> tensor<4xi8>
  %s = "tosa.const"() {values = dense<[-128, 0, 127, 72]> : tensor<4xi8>} : () -> tensor<4xi8>
  %t = "tosa.const"() {values = dense<[-1, 100, 127, 0]> : tensor<4xi8>} : () -> tensor<4xi8>
  %one = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s30 = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %s29 = "tosa.const"() {values = dense<29> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp128 = "tosa.const"() {values = dense<-128> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp0 = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %u, %one, %s30, %zp128, %zp0 {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  %1 = tosa.rescale %u, %one, %s30, %zp0, %zp0 {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  %2 = tosa.rescale %s, %one, %s30, %zp0, %zp128 {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  %3 = tosa.rescale %t, %one, %s29, %zp0, %zp0 {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// u16 -> i16, u16 x = [0, 32768, 65535, 1] (i16 patterns [0, -32768, -1, 1]),
//   input_zp 32768: x - 32768 = [-32768, 0, 32767, -32767].
// i16 -> u16, x = [-32768, 0, 32767, -1], output_zp 32768: [0, 32768, 65535,
//   32767], printed as i16 [0, -32768, -1, 32767].
// U16: dense<[-32768, 0, 32767, -32767]> : tensor<4xi16>
// U16-NEXT: dense<[0, -32768, -1, 32767]> : tensor<4xi16>
// U16-NOT: {{.+}}
func.func @u16() -> (tensor<4xi16>, tensor<4xi16>) {
  %u = "tosa.const"() {values = dense<[0, -32768, -1, 1]> : tensor<4xi16>} : () -> tensor<4xi16>
  %s = "tosa.const"() {values = dense<[-32768, 0, 32767, -1]> : tensor<4xi16>} : () -> tensor<4xi16>
  %one = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s30 = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp32768 = "tosa.const"() {values = dense<-32768> : tensor<1xi16>} : () -> tensor<1xi16>
  %zp0 = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %0 = tosa.rescale %u, %one, %s30, %zp32768, %zp0 {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<4xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi16>) -> tensor<4xi16>
  %1 = tosa.rescale %s, %one, %s30, %zp0, %zp32768 {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = true} : (tensor<4xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi16>) -> tensor<4xi16>
  return %0, %1 : tensor<4xi16>, tensor<4xi16>
}

// u16 -> i8 with runtime zero points, m = 2^30, shift = 38 (ratio 1/256), same
// u16 x = [0, 32768, 65535, 1]:
//   input_zp 32768, output_zp -3: value = [-32768, 0, 32767, -32767];
//     value / 256 half up: -128, 0, floor(127.996 + 0.5) = 128,
//     floor(-127.996 + 0.5) = -128; + -3: [-131, -3, 125, -131] -> clip
//     [-128, -3, 125, -128].
//   input_zp 0, output_zp 0: value = x; x / 256 half up: 0, 128,
//     floor(255.996 + 0.5) = 256, floor(0.004 + 0.5) = 0 -> clip [0, 127, 127, 0].
// ZP-32768: dense<[-128, -3, 125, -128]> : tensor<4xi8>
// ZP-0: dense<[0, 127, 127, 0]> : tensor<4xi8>
func.func @runtime_zp(%x: tensor<4xi16>, %izp: tensor<1xi16>, %ozp: tensor<1xi8>) -> tensor<4xi8> {
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<38> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = true, output_unsigned = false} : (tensor<4xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}
