// [arith.cast] Hand-checked. extsi/extui/trunci: i8 -1, 127, -128, 7 extend to
// -1/255, 127, -128/128, 7 and truncate to i4 -1, -1, 0, 7; trunci
// overflow<nsw> is poison unless the signed value fits i4 (-8..7), overflow<nuw>
// unless the unsigned value fits (0..15). index_cast sign-extends / truncates,
// index_castui zero-extends: index 300 -> i8 44; i32 -2 -> index -2 /
// 4294967294. bitcast keeps bits (f16 1.0 = 0x3C00 as bf16 = 2^-7).
// sitofp/uitofp round to nearest-even: 16777217 -> 16777216 (tie), i32 max ->
// 2^31, u32 0xFFFFFFFF -> 2^32, 65519 -> f16 65504, 65520 -> f16 inf, u8 255 ->
// f8E4M3FN 256 (prints 260.0, the shortest decimal that reads back),
// u64 max -> 2^64, 2^53+1 -> 2^53.
// fptosi/fptoui truncate toward zero; NaN, inf and a truncated value outside
// the result type are poison: i8 127.9 -> 127, -128.9 -> -128, 128 and -129
// poison; u8 255.5 -> 255 (prints -1), -0.9 -> 0, -128.9 poison; i1: fptosi
// -1.0 -> true, 1.0 poison; fptoui 1.0 -> true, -1.0 poison.
// extf is exact (NaN payload kept: 0x7FC00001 -> 0x7FF8000020000000). truncf
// rounds once with its rounding mode (default to_nearest_even): f32
// 1+2^-11 is a tie between f16 1 and 1+2^-10 (0x3C01): NE 1.0, away 1.001, up
// 1.001 (-1.0 for the negative), down 1.0 (-1.001); 65520 overflows to inf
// (NE, away, up) or 65504 (toward zero, down). f8E4M3FN: 464 -> 448, 470 ->
// NaN 0x7F, -inf -> 0xFF. fastmath<nnan>/<ninf>: NaN operand / inf result poison.
//
// RUN: quant-interp %s --entry=int_resize | FileCheck %s --check-prefix=INT-RESIZE --match-full-lines
// RUN: quant-interp %s --entry=index | FileCheck %s --check-prefix=INDEX --match-full-lines
// RUN: quant-interp %s --entry=bitcast | FileCheck %s --check-prefix=BITCAST --match-full-lines
// RUN: quant-interp %s --entry=itofp | FileCheck %s --check-prefix=ITOFP --match-full-lines
// RUN: quant-interp %s --entry=fptoi | FileCheck %s --check-prefix=FPTOI --match-full-lines
// RUN: quant-interp %s --entry=ftof | FileCheck %s --check-prefix=FTOF --match-full-lines
// RUN: quant-interp %s --entry=ftof_fastmath | FileCheck %s --check-prefix=FTOF-FASTMATH --match-full-lines

// INT-RESIZE: dense<[-1, 127, -128, 7]> : tensor<4xi16>
// INT-RESIZE-NEXT: dense<[255, 127, 128, 7]> : tensor<4xi16>
// INT-RESIZE-NEXT: dense<[-1, -1, 0, 7]> : tensor<4xi4>
// INT-RESIZE-NEXT: dense<[-1, 0, 0, 7]> : tensor<4xi4>
// INT-RESIZE-NEXT: // poison: 1, 2
// INT-RESIZE-NEXT: dense<[0, 0, 0, 7]> : tensor<4xi4>
// INT-RESIZE-NEXT: // poison: 0, 1, 2
// INT-RESIZE-NEXT: dense<[-1, 0, -1, 0]> : tensor<4xi64>
// INT-RESIZE-NOT: {{.+}}
func.func @int_resize() -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi4>, tensor<4xi4>, tensor<4xi4>, tensor<4xi64>) {
  %a = arith.constant dense<[-1, 127, -128, 7]> : tensor<4xi8>
  %0 = arith.extsi %a : tensor<4xi8> to tensor<4xi16>
  %1 = arith.extui %a : tensor<4xi8> to tensor<4xi16>
  %2 = arith.trunci %a : tensor<4xi8> to tensor<4xi4>
  %3 = arith.trunci %a overflow<nsw> : tensor<4xi8> to tensor<4xi4>
  %4 = arith.trunci %a overflow<nuw> : tensor<4xi8> to tensor<4xi4>
  %b = arith.constant dense<[true, false, true, false]> : tensor<4xi1>
  %5 = arith.extsi %b : tensor<4xi1> to tensor<4xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi16>, tensor<4xi16>, tensor<4xi4>, tensor<4xi4>, tensor<4xi4>, tensor<4xi64>
}
// INDEX: 44 : i8
// INDEX-NEXT: 44 : i8
// INDEX-NEXT: -2 : index
// INDEX-NEXT: 4294967294 : index
// INDEX-NEXT: 300 : i64
// INDEX-NOT: {{.+}}
func.func @index() -> (i8, i8, index, index, i64) {
  %i = arith.constant 300 : index
  %0 = arith.index_cast %i : index to i8
  %1 = arith.index_castui %i : index to i8
  %m = arith.constant -2 : i32
  %2 = arith.index_cast %m : i32 to index
  %3 = arith.index_castui %m : i32 to index
  %4 = arith.index_cast %i : index to i64
  return %0, %1, %2, %3, %4 : i8, i8, index, index, i64
}
// BITCAST: 1.0 : f32
// BITCAST-NEXT: -4194303 : i32
// BITCAST-NEXT: 0.0078 : bf16
// BITCAST-NEXT: dense<[31744, -1024]> : tensor<2xi16>
// BITCAST-NOT: {{.+}}
func.func @bitcast() -> (f32, i32, bf16, tensor<2xi16>) {
  %a = arith.constant 1065353216 : i32
  %0 = arith.bitcast %a : i32 to f32
  %f = arith.constant 0xFFC00001 : f32
  %1 = arith.bitcast %f : f32 to i32
  %h = arith.constant 1.0 : f16
  %2 = arith.bitcast %h : f16 to bf16
  %t = arith.constant dense<[0x7C00, 0xFC00]> : tensor<2xf16>
  %3 = arith.bitcast %t : tensor<2xf16> to tensor<2xi16>
  return %0, %1, %2, %3 : f32, i32, bf16, tensor<2xi16>
}
// ITOFP: dense<[-1.0, 16777216.0, 2147483600.0, -2147483600.0]> : tensor<4xf32>
// ITOFP-NEXT: dense<[4294967300.0, 16777216.0, 2147483600.0, 2147483600.0]> : tensor<4xf32>
// ITOFP-NEXT: dense<[65500.0, 0x7C00, -1.0]> : tensor<3xf16>
// ITOFP-NEXT: dense<[260.0, 100.0]> : tensor<2xf8E4M3FN>
// ITOFP-NEXT: dense<[1.8446744073709552e+19, 9007199254740992.0]> : tensor<2xf64>
// ITOFP-NOT: {{.+}}
func.func @itofp() -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf16>, tensor<2xf8E4M3FN>, tensor<2xf64>) {
  %a = arith.constant dense<[-1, 16777217, 2147483647, -2147483648]> : tensor<4xi32>
  %0 = arith.sitofp %a : tensor<4xi32> to tensor<4xf32>
  %1 = arith.uitofp %a : tensor<4xi32> to tensor<4xf32>
  %b = arith.constant dense<[65519, 65520, -1]> : tensor<3xi32>
  %2 = arith.sitofp %b : tensor<3xi32> to tensor<3xf16>
  %c = arith.constant dense<[-1, 100]> : tensor<2xi8>
  %3 = arith.uitofp %c : tensor<2xi8> to tensor<2xf8E4M3FN>
  %d = arith.constant dense<[-1, 9007199254740993]> : tensor<2xi64>
  %4 = arith.uitofp %d : tensor<2xi64> to tensor<2xf64>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<3xf16>, tensor<2xf8E4M3FN>, tensor<2xf64>
}
// FPTOI: dense<[127, -128, 0, 0, 0, 0, 0, 0]> : tensor<8xi8>
// FPTOI-NEXT: // poison: 2, 3, 4, 6, 7
// FPTOI-NEXT: dense<[127, 0, -128, 0, -1, 0, 0, 0]> : tensor<8xi8>
// FPTOI-NEXT: // poison: 1, 3, 6, 7
// FPTOI-NEXT: dense<[true, false]> : tensor<2xi1>
// FPTOI-NEXT: // poison: 1
// FPTOI-NEXT: dense<[false, true]> : tensor<2xi1>
// FPTOI-NEXT: // poison: 0
// FPTOI-NOT: {{.+}}
func.func @fptoi() -> (tensor<8xi8>, tensor<8xi8>, tensor<2xi1>, tensor<2xi1>) {
  %a = arith.constant dense<[127.9, -128.9, 128.0, -129.0, 255.5, -0.9, 0x7FC00000, 0xFF800000]> : tensor<8xf32>
  %0 = arith.fptosi %a : tensor<8xf32> to tensor<8xi8>
  %1 = arith.fptoui %a : tensor<8xf32> to tensor<8xi8>
  %b = arith.constant dense<[-1.0, 1.0]> : tensor<2xf16>
  %2 = arith.fptosi %b : tensor<2xf16> to tensor<2xi1>
  %3 = arith.fptoui %b : tensor<2xf16> to tensor<2xi1>
  return %0, %1, %2, %3 : tensor<8xi8>, tensor<8xi8>, tensor<2xi1>, tensor<2xi1>
}
// FTOF: dense<[0.10000000149011612, 0x7FF8000020000000, 0xFFF0000000000000, 1.401298464324817e-45]> : tensor<4xf64>
// FTOF-NEXT: dense<[1.0, -1.0, 0x7C00, 1.001]> : tensor<4xf16>
// FTOF-NEXT: dense<[1.001, -1.001, 0x7C00, 1.001]> : tensor<4xf16>
// FTOF-NEXT: dense<[1.0, -1.0, 65500.0, 1.001]> : tensor<4xf16>
// FTOF-NEXT: dense<[1.001, -1.0, 0x7C00, 1.001]> : tensor<4xf16>
// FTOF-NEXT: dense<[1.0, -1.001, 65500.0, 1.001]> : tensor<4xf16>
// FTOF-NEXT: dense<[450.0, 0x7F, 0xFF]> : tensor<3xf8E4M3FN>
// FTOF-NOT: {{.+}}
func.func @ftof() -> (tensor<4xf64>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<3xf8E4M3FN>) {
  %a = arith.constant dense<[0.1, 0x7FC00001, 0xFF800000, 1.0e-45]> : tensor<4xf32>
  %0 = arith.extf %a : tensor<4xf32> to tensor<4xf64>
  %b = arith.constant dense<[1.00048828125, -1.00048828125, 65520.0, 1.0009765625]> : tensor<4xf32>
  %1 = arith.truncf %b : tensor<4xf32> to tensor<4xf16>
  %2 = arith.truncf %b to_nearest_away : tensor<4xf32> to tensor<4xf16>
  %3 = arith.truncf %b toward_zero : tensor<4xf32> to tensor<4xf16>
  %4 = arith.truncf %b upward : tensor<4xf32> to tensor<4xf16>
  %5 = arith.truncf %b downward : tensor<4xf32> to tensor<4xf16>
  %c = arith.constant dense<[464.0, 470.0, 0xFF800000]> : tensor<3xf32>
  %6 = arith.truncf %c : tensor<3xf32> to tensor<3xf8E4M3FN>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf64>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<3xf8E4M3FN>
}
// FTOF-FASTMATH: dense<[1.0, 0.0, 0x7C00]> : tensor<3xf16>
// FTOF-FASTMATH-NEXT: // poison: 1
// FTOF-FASTMATH-NEXT: dense<[1.0, 0x7E00, 0.0]> : tensor<3xf16>
// FTOF-FASTMATH-NEXT: // poison: 2
// FTOF-FASTMATH-NOT: {{.+}}
func.func @ftof_fastmath() -> (tensor<3xf16>, tensor<3xf16>) {
  %a = arith.constant dense<[1.0, 0x7FC00000, 1.0e10]> : tensor<3xf32>
  %0 = arith.truncf %a fastmath<nnan> : tensor<3xf32> to tensor<3xf16>
  %1 = arith.truncf %a fastmath<ninf> : tensor<3xf32> to tensor<3xf16>
  return %0, %1 : tensor<3xf16>, tensor<3xf16>
}
