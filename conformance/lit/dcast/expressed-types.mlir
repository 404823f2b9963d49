// [dcast.steps] [dcast.exact] dcast into f16, bf16, f32, f64, f8E4M3FN and
// f8E5M2: each step is rounded to the expressed type; products that overflow
// give +-inf, or NaN in f8E4M3FN (no infinity). Non-finite floats print as hex.
//
// RUN: quant-interp %s --entry=f16 --arg='dense<[3, 30000, -30000]> : tensor<3xi16>' | FileCheck %s --check-prefix=F16 --match-full-lines
// RUN: quant-interp %s --entry=f16 --profile=exact --arg='dense<[3, 30000, -30000]> : tensor<3xi16>' | FileCheck %s --check-prefix=F16-EXACT --match-full-lines
// RUN: quant-interp %s --entry=bf16 --arg='dense<[10, -125, 127]> : tensor<3xi8>' | FileCheck %s --check-prefix=BF16 --match-full-lines
// RUN: quant-interp %s --entry=f32 --arg='dense<[2147483647, -2147483647, 16777217]> : tensor<3xi32>' | FileCheck %s --check-prefix=F32 --match-full-lines
// RUN: quant-interp %s --entry=f64 --arg='dense<[0, -1]> : tensor<2xi32>' | FileCheck %s --check-prefix=F64 --match-full-lines
// RUN: quant-interp %s --entry=e4m3 --arg='dense<[127, -127, 3]> : tensor<3xi8>' | FileCheck %s --check-prefix=E4M3 --match-full-lines
// RUN: quant-interp %s --entry=e5m2 --arg='dense<[127, -100, 3]> : tensor<3xi8>' | FileCheck %s --check-prefix=E5M2 --match-full-lines

// scale f16(0.1) = 0.0999755859375 = 1638/16384
// 3*scale = 1228.5/4096: tie -> 1228/4096 = 0.2998046875 (prints 0.2998)
// 30000*scale = 2999.27 -> 3000 (f16 spacing 2)
// exact: 3*0.1 (f64 scale) = 0.30000000000000002 -> f16 0.300048828125 (prints 0.3)
// F16: dense<[0.2998, 3000.0, -3000.0]> : tensor<3xf16>
// F16-EXACT: dense<[0.3, 3000.0, -3000.0]> : tensor<3xf16>
func.func @f16(%x: tensor<3x!quant.uniform<i16:f16, 0.1>>) -> tensor<3xf16> {
  %d = quant.dcast %x : tensor<3x!quant.uniform<i16:f16, 0.1>> to tensor<3xf16>
  return %d : tensor<3xf16>
}

// scale bf16(0.1) = 0.10009765625
// 10*s = 1.0009765625 -> bf16 1.0;  -125*s = -12.512 -> -12.5;  127*s = 12.712 -> 12.6875 (prints 12.7)
// BF16: dense<[1.0, -12.5, 12.7]> : tensor<3xbf16>
func.func @bf16(%x: tensor<3x!quant.uniform<i8:bf16, 0.1>>) -> tensor<3xbf16> {
  %d = quant.dcast %x : tensor<3x!quant.uniform<i8:bf16, 0.1>> to tensor<3xbf16>
  return %d : tensor<3xbf16>
}

// convertIntToFloat rounds: 2147483647 -> 2^31 (prints 2147483600.0, the
// shortest decimal that reads back as 2^31); 16777217 -> 16777216
// F32: dense<[2147483600.0, -2147483600.0, 16777216.0]> : tensor<3xf32>
func.func @f32(%x: tensor<3x!quant.uniform<i32:f32, 1.0>>) -> tensor<3xf32> {
  %d = quant.dcast %x : tensor<3x!quant.uniform<i32:f32, 1.0>> to tensor<3xf32>
  return %d : tensor<3xf32>
}

// u32, zero point 4000000000: (0-4e9)*0.5 = -2e9; (4294967295-4e9)*0.5 = 147483647.5
// F64: dense<[-2000000000.0, 147483647.5]> : tensor<2xf64>
func.func @f64(%x: tensor<2x!quant.uniform<u32:f64, 0.5:4000000000>>) -> tensor<2xf64> {
  %d = quant.dcast %x : tensor<2x!quant.uniform<u32:f64, 0.5:4000000000>> to tensor<2xf64>
  return %d : tensor<2xf64>
}

// 127*16 = 2032 > 448 -> NaN (0x7F), -127*16 -> NaN (0xFF); 3*16 = 48, printed
// as the shortest decimal that reads back as 48: neighbours are 44 and 52, and
// 50 is the tie between 48 and 52 that nearest-even reads as 48 -> "50.0"
// E4M3: dense<[0x7F, 0xFF, 50.0]> : tensor<3xf8E4M3FN>
func.func @e4m3(%x: tensor<3x!quant.uniform<i8:f8E4M3FN, 16.0>>) -> tensor<3xf8E4M3FN> {
  %d = quant.dcast %x : tensor<3x!quant.uniform<i8:f8E4M3FN, 16.0>> to tensor<3xf8E4M3FN>
  return %d : tensor<3xf8E4M3FN>
}

// 127*1024 = 130048 > 57344 -> +inf (0x7C); -100*1024 -> -inf (0xFC);
// 3*1024 = 3072 (neighbours 2560, 3584) prints as the shortest decimal "3000.0"
// E5M2: dense<[0x7C, 0xFC, 3000.0]> : tensor<3xf8E5M2>
func.func @e5m2(%x: tensor<3x!quant.uniform<i8:f8E5M2, 1024.0>>) -> tensor<3xf8E5M2> {
  %d = quant.dcast %x : tensor<3x!quant.uniform<i8:f8E5M2, 1024.0>> to tensor<3xf8E5M2>
  return %d : tensor<3xf8E5M2>
}
