// [qcast.steps] Small storage types: u4, i1 (range -1..0) and u1 (range 0..1).
// Results print their stored integers with the storage's signedness.
//
// RUN: quant-interp %s --entry=u4 --arg='dense<[1.0, -2.0, 6.25, 100.0, 0.25]> : tensor<5xf32>' | FileCheck %s --check-prefix=U4 --match-full-lines
// RUN: quant-interp %s --entry=i1 --arg='dense<[-3.0, -1.0, -0.5, 0.0, 0.4, 2.0]> : tensor<6xf32>' | FileCheck %s --check-prefix=I1 --match-full-lines
// RUN: quant-interp %s --entry=u1 --arg='dense<[-3.0, 0.5, 0.6, 1.5, 2.0]> : tensor<5xf32>' | FileCheck %s --check-prefix=U1 --match-full-lines

// x/0.5 + 3:  5;  -1 -> 0;  15.5 -> 16 -> 15;  203 -> 15;  3.5 -> 4
// U4: dense<[5, 0, 15, 15, 4]> : tensor<5xui4>
// U4-NOT: {{.+}}
func.func @u4(%x: tensor<5xf32>) -> tensor<5x!quant.uniform<u4:f32, 0.5:3>> {
  %q = quant.qcast %x : tensor<5xf32> to tensor<5x!quant.uniform<u4:f32, 0.5:3>>
  return %q : tensor<5x!quant.uniform<u4:f32, 0.5:3>>
}

// -3 -> -1;  -1;  -0.5 -> -0 -> 0;  0;  0.4 -> 0;  2 -> 0 (i1 max)
// I1: dense<[-1, -1, 0, 0, 0, 0]> : tensor<6xi1>
// I1-NOT: {{.+}}
func.func @i1(%x: tensor<6xf32>) -> tensor<6x!quant.uniform<i1:f32, 1.0>> {
  %q = quant.qcast %x : tensor<6xf32> to tensor<6x!quant.uniform<i1:f32, 1.0>>
  return %q : tensor<6x!quant.uniform<i1:f32, 1.0>>
}

// -3 -> 0;  0.5 -> 0 (even);  0.6 -> 1;  1.5 -> 2 -> 1;  2 -> 1
// U1: dense<[0, 0, 1, 1, 1]> : tensor<5xui1>
// U1-NOT: {{.+}}
func.func @u1(%x: tensor<5xf32>) -> tensor<5x!quant.uniform<u1:f32, 1.0>> {
  %q = quant.qcast %x : tensor<5xf32> to tensor<5x!quant.uniform<u1:f32, 1.0>>
  return %q : tensor<5x!quant.uniform<u1:f32, 1.0>>
}
