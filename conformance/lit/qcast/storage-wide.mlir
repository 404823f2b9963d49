// [qcast.steps] Wide storage types: i16, i32 and u32 with a zero point
// above 2^31.
//
// RUN: quant-interp %s --entry=i16 --arg='dense<[1.0, 8000.0, -8200.0, 0.125]> : tensor<4xf32>' | FileCheck %s --check-prefix=I16 --match-full-lines
// RUN: quant-interp %s --entry=i32 --arg='dense<[1.0e9, 1.0e10, -1.0e10, 2.25]> : tensor<4xf64>' | FileCheck %s --check-prefix=I32 --match-full-lines
// RUN: quant-interp %s --entry=u32 --arg='dense<[1.0, 1.0e10, -2.0e9, 147483647.25]> : tensor<4xf64>' | FileCheck %s --check-prefix=U32 --match-full-lines

// x/0.25 - 100:  -96;  31900;  -32900 -> -32768;  -99.5 -> -100 (even)
// I16: dense<[-96, 31900, -32768, -100]> : tensor<4xi16>
// I16-NOT: {{.+}}
func.func @i16(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i16:f32, 0.25:-100>> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i16:f32, 0.25:-100>>
  return %q : tensor<4x!quant.uniform<i16:f32, 0.25:-100>>
}

// x/0.5 + 7:  2000000007;  2e10 -> 2147483647;  -2e10 -> -2147483648;  11.5 -> 12
// I32: dense<[2000000007, 2147483647, -2147483648, 12]> : tensor<4xi32>
// I32-NOT: {{.+}}
func.func @i32(%x: tensor<4xf64>) -> tensor<4x!quant.uniform<i32:f64, 0.5:7>> {
  %q = quant.qcast %x : tensor<4xf64> to tensor<4x!quant.uniform<i32:f64, 0.5:7>>
  return %q : tensor<4x!quant.uniform<i32:f64, 0.5:7>>
}

// x/0.5 + 4000000000:  4000000002;  2e10+4e9 -> 4294967295;  -4e9+4e9 = 0;
// 294967294.5 + 4e9 = 4294967294.5 -> 4294967294 (even)
// U32: dense<[4000000002, 4294967295, 0, 4294967294]> : tensor<4xui32>
// U32-NOT: {{.+}}
func.func @u32(%x: tensor<4xf64>) -> tensor<4x!quant.uniform<u32:f64, 0.5:4000000000>> {
  %q = quant.qcast %x : tensor<4xf64> to tensor<4x!quant.uniform<u32:f64, 0.5:4000000000>>
  return %q : tensor<4x!quant.uniform<u32:f64, 0.5:4000000000>>
}
