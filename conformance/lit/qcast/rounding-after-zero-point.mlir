// [qcast.steps] [qcast.round] Rounding applies to x/scale + zeroPoint, after
// the zero point is added (u8, scale 0.5, zero point 128).
//
// RUN: quant-interp %s --arg='dense<[0.25, -0.25, 0.75]> : tensor<3xf32>' | FileCheck %s --check-prefix=NE --match-full-lines
// RUN: quant-interp %s --rounding=nearest-away --arg='dense<[0.25, -0.25, 0.75]> : tensor<3xf32>' | FileCheck %s --check-prefix=NA --match-full-lines
// RUN: quant-interp %s --rounding=toward-zero --arg='dense<[0.25, -0.25, 0.75]> : tensor<3xf32>' | FileCheck %s --check-prefix=TZ --match-full-lines

// 0.5+128 = 128.5;  -0.5+128 = 127.5;  1.5+128 = 129.5
// NE: dense<[128, 128, 130]> : tensor<3xui8>
// NA: dense<[129, 128, 130]> : tensor<3xui8>
// TZ: dense<[128, 127, 129]> : tensor<3xui8>
func.func @main(%x: tensor<3xf32>) -> tensor<3x!quant.uniform<u8:f32, 0.5:128>> {
  %q = quant.qcast %x : tensor<3xf32> to tensor<3x!quant.uniform<u8:f32, 0.5:128>>
  return %q : tensor<3x!quant.uniform<u8:f32, 0.5:128>>
}
