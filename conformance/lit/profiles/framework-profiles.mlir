// [profile.pytorch-aten] [profile.xnnpack-x86] [recipe.flush] [recipe.dequantize]
// The profiles matched against the frameworks run on the CI machine
// (docs/real-frameworks.md). Every expected value below is what the framework
// itself returned: PyTorch 1.13 (torch.quantize_per_tensor /
// _make_per_tensor_quantized_tensor + dequantize) and XNNPACK 2022-02-16
// (xnn_create_convert_nc_f32_qs8 / _qu8 on x86).
//
// RUN: quant-interp %s --entry=i32_zp1 --profile=pytorch-aten --arg='dense<[16777218.0, 0x7FC00000, 0x7F800000, -3.0e9, 2.5, -2.5]> : tensor<6xf32>' | FileCheck %s --check-prefix=TORCH-I32 --match-full-lines
// RUN: quant-interp %s --entry=u8_zp255 --profile=pytorch-aten --arg='dense<[3.0e9, 0x7FC00000, -1.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=TORCH-U8 --match-full-lines
// RUN: quant-interp %s --entry=u8_zp255 --profile=xnnpack-x86 --arg='dense<[3.0e9, 0x7FC00000, -1.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=XNN-U8 --match-full-lines
// RUN: quant-interp %s --entry=huge_scale --profile=pytorch-aten --arg='dense<[1.0e38, 0xFF800000, 0x7FC00000, 0.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=TORCH-HUGE --match-full-lines
// RUN: quant-interp %s --entry=huge_scale --profile=xnnpack-x86 --arg='dense<[1.0e38, 0xFF800000, 0x7FC00000, 0.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=XNN-HUGE --match-full-lines
// RUN: quant-interp %s --entry=tiny_scale --profile=xnnpack-x86 --arg='dense<[0x00600000, 0x007FFFFF, 0x00800000]> : tensor<3xf32>' | FileCheck %s --check-prefix=XNN-DAZ --match-full-lines
// RUN: quant-interp %s --entry=tiny_scale --profile=xnnpack --arg='dense<[0x00600000, 0x007FFFFF, 0x00800000]> : tensor<3xf32>' | FileCheck %s --check-prefix=SCALAR-DAZ --match-full-lines
// RUN: quant-interp %s --entry=dcast_i32 --profile=pytorch-aten --hex --arg='dense<[2147483647, 0]> : tensor<2xi32>' | FileCheck %s --check-prefix=WRAP --match-full-lines
// RUN: quant-interp %s --entry=dcast_i32 --profile=onnxruntime-mlas --hex --arg='dense<[2147483647, 0]> : tensor<2xi32>' | FileCheck %s --check-prefix=WRAP --match-full-lines
// RUN: quant-interp %s --entry=dcast_i32 --profile=reference --hex --arg='dense<[2147483647, 0]> : tensor<2xi32>' | FileCheck %s --check-prefix=EXACT --match-full-lines

// qint32, zp 1: the zero point is added in f32 after rounding (16777218 + 1
// rounds to 16777220); NaN and +inf become INT64_MIN, then qmin; -3e9 clamps;
// ties to even.
// TORCH-I32: dense<[16777220, -2147483648, -2147483648, -2147483648, 3, -1]> : tensor<6xi32>
func.func @i32_zp1(%arg0: tensor<6xf32>) -> tensor<6xi32> {
  %0 = quant.qcast %arg0 : tensor<6xf32> to tensor<6x!quant.uniform<i32:f32, 1.0:1>>
  %1 = quant.scast %0 : tensor<6x!quant.uniform<i32:f32, 1.0:1>> to tensor<6xi32>
  return %1 : tensor<6xi32>
}

// quint8, zp 255: PyTorch works in int64 (3e9 + 255 clamps to 255, no int32
// wrap) and NaN stores qmin; XNNPACK's minps puts NaN on the upper bound.
// TORCH-U8: dense<[255, 0, 254]> : tensor<3xui8>
// XNN-U8: dense<[255, 255, 254]> : tensor<3xui8>
func.func @u8_zp255(%arg0: tensor<3xf32>) -> tensor<3x!quant.uniform<u8:f32, 1.0:255>> {
  %0 = quant.qcast %arg0 : tensor<3xf32> to tensor<3x!quant.uniform<u8:f32, 1.0:255>>
  return %0 : tensor<3x!quant.uniform<u8:f32, 1.0:255>>
}

// s = 2^127: 1/f32(s) = 2^-127 is subnormal. PyTorch: 1e38 * 2^-127 = 0.59
// rounds to 1, + 5; -inf and NaN store qmin. XNNPACK reads the reciprocal as 0
// (DAZ): finite inputs store the zero point, -inf * 0 and NaN store qmax.
// TORCH-HUGE: dense<[6, -128, -128, 5]> : tensor<4xi8>
// XNN-HUGE: dense<[5, 127, 127, 5]> : tensor<4xi8>
func.func @huge_scale(%arg0: tensor<4xf32>) -> tensor<4xi8> {
  %0 = quant.qcast %arg0 : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 1.7014118346046923e38:5>>
  %1 = quant.scast %0 : tensor<4x!quant.uniform<i8:f32, 1.7014118346046923e38:5>> to tensor<4xi8>
  return %1 : tensor<4xi8>
}

// s = 2^-126: the subnormal inputs 0x00600000 (x/s = 0.75) and 0x007FFFFF
// (x/s = 1 - 2^-23) are read as 0 under DAZ; the scalar kernels round them.
// XNN-DAZ: dense<[0, 0, 1]> : tensor<3xi8>
// SCALAR-DAZ: dense<[1, 1, 1]> : tensor<3xi8>
func.func @tiny_scale(%arg0: tensor<3xf32>) -> tensor<3xi8> {
  %0 = quant.qcast %arg0 : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 1.1754943508222875e-38>>
  %1 = quant.scast %0 : tensor<3x!quant.uniform<i8:f32, 1.1754943508222875e-38>> to tensor<3xi8>
  return %1 : tensor<3xi8>
}

// qint32 dequantize, zp -5, s = 0.1: q - zp in int32 wraps for q = 2^31 - 1
// (PyTorch: -214748368; ONNX Runtime DequantizeLinear the same); exactly,
// 214748365.2.
// WRAP: dense<"0xCDCC4CCD0000003F"> : tensor<2xf32>
// EXACT: dense<"0xCDCC4C4D0000003F"> : tensor<2xf32>
func.func @dcast_i32(%arg0: tensor<2xi32>) -> tensor<2xf32> {
  %0 = quant.scast %arg0 : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32, 0.1:-5>>
  %1 = quant.dcast %0 : tensor<2x!quant.uniform<i32:f32, 0.1:-5>> to tensor<2xf32>
  return %1 : tensor<2xf32>
}
