// [dcast.steps] dcast reads the stored integer with the storage's signedness
// and width (i1, u1, u4) and does not clamp to narrow bounds.
//
// RUN: quant-interp %s --entry=i1 --arg='dense<[true, false]> : tensor<2xi1>' | FileCheck %s --check-prefix=I1 --match-full-lines
// RUN: quant-interp %s --entry=u1 --arg='dense<[true, false]> : tensor<2xi1>' | FileCheck %s --check-prefix=U1 --match-full-lines
// RUN: quant-interp %s --entry=u4 --arg='dense<[-1, 5]> : tensor<2xi4>' | FileCheck %s --check-prefix=U4 --match-full-lines
// RUN: quant-interp %s --entry=narrow --arg='dense<[-128, 127]> : tensor<2xi8>' | FileCheck %s --check-prefix=NARROW --match-full-lines

// i1 bit 1 = -1: -1*2 = -2;  0
// I1: dense<[-2.0, 0.0]> : tensor<2xf32>
func.func @i1(%x: tensor<2x!quant.uniform<i1:f32, 2.0>>) -> tensor<2xf32> {
  %d = quant.dcast %x : tensor<2x!quant.uniform<i1:f32, 2.0>> to tensor<2xf32>
  return %d : tensor<2xf32>
}

// u1 bit 1 = 1, zero point 1: (1-1)*2 = 0;  (0-1)*2 = -2
// U1: dense<[0.0, -2.0]> : tensor<2xf32>
func.func @u1(%x: tensor<2x!quant.uniform<u1:f32, 2.0:1>>) -> tensor<2xf32> {
  %d = quant.dcast %x : tensor<2x!quant.uniform<u1:f32, 2.0:1>> to tensor<2xf32>
  return %d : tensor<2xf32>
}

// bits 0xF = u4 15: (15-3)*0.5 = 6;  (5-3)*0.5 = 1
// U4: dense<[6.0, 1.0]> : tensor<2xf32>
func.func @u4(%x: tensor<2x!quant.uniform<u4:f32, 0.5:3>>) -> tensor<2xf32> {
  %d = quant.dcast %x : tensor<2x!quant.uniform<u4:f32, 0.5:3>> to tensor<2xf32>
  return %d : tensor<2xf32>
}

// -128 is outside <-127:127> but dcast does not clamp
// NARROW: dense<[-128.0, 127.0]> : tensor<2xf32>
func.func @narrow(%x: tensor<2x!quant.uniform<i8<-127:127>:f32, 1.0>>) -> tensor<2xf32> {
  %d = quant.dcast %x : tensor<2x!quant.uniform<i8<-127:127>:f32, 1.0>> to tensor<2xf32>
  return %d : tensor<2xf32>
}
