// [qcast.steps] Narrow storage bounds: convertFloatToInt saturates to the
// storage type, then clamp(storageMin, storageMax) applies the type's bounds.
//
// RUN: quant-interp %s --entry=i8_narrow --arg='dense<[-1000.0, -128.0, -127.5, 127.5, 200.0, -3.5]> : tensor<6xf32>' | FileCheck %s --check-prefix=I8 --match-full-lines
// RUN: quant-interp %s --entry=i4_narrow --arg='dense<[-8.0, 8.0, -7.5, 3.5]> : tensor<4xf32>' | FileCheck %s --check-prefix=I4 --match-full-lines
// RUN: quant-interp %s --entry=u16_seed --arg='dense<[0.0, 1.23, -1000.0, 1000.0, 615.0]> : tensor<5xf32>' | FileCheck %s --check-prefix=U16 --match-full-lines

// -1000 -> -128 (i8) -> -127;  -128 -> -127;  -127.5 -> -128 (even) -> -127;
// 127.5 -> 128 -> 127;  200 -> 127;  -3.5 -> -4
// I8: dense<[-127, -127, -127, 127, 127, -4]> : tensor<6xi8>
// I8-NOT: {{.+}}
func.func @i8_narrow(%x: tensor<6xf32>) -> tensor<6x!quant.uniform<i8<-127:127>:f32, 1.0>> {
  %q = quant.qcast %x : tensor<6xf32> to tensor<6x!quant.uniform<i8<-127:127>:f32, 1.0>>
  return %q : tensor<6x!quant.uniform<i8<-127:127>:f32, 1.0>>
}

// -8 -> -7;  8 -> 7 (i4 saturation);  -7.5 -> -8 -> -7;  3.5 -> 4
// I4: dense<[-7, 7, -7, 4]> : tensor<4xi4>
// I4-NOT: {{.+}}
func.func @i4_narrow(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i4<-7:7>:f32, 1.0>> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i4<-7:7>:f32, 1.0>>
  return %q : tensor<4x!quant.uniform<i4<-7:7>:f32, 1.0>>
}

// The documentation's u16<0:1023>, scale 1.23, zero point 512.
// 0 -> 512;  1.23f/1.23f = 1 -> 513;  -1000/1.23 + 512 = -301.0 -> 0;
// 1000/1.23 + 512 = 1325.0 -> 1023;  615/1.23 = 499.99999 -> f32 500.0 -> 1012
// U16: dense<[512, 513, 0, 1023, 1012]> : tensor<5xui16>
// U16-NOT: {{.+}}
func.func @u16_seed(%x: tensor<5xf32>) -> tensor<5x!quant.uniform<u16<0:1023>:f32, 1.23:512>> {
  %q = quant.qcast %x : tensor<5xf32> to tensor<5x!quant.uniform<u16<0:1023>:f32, 1.23:512>>
  return %q : tensor<5x!quant.uniform<u16<0:1023>:f32, 1.23:512>>
}
