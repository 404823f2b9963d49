// [linalg.named] [linalg.named-cast] The contractions run from their
// definitions: C += cast(A) * cast(B), the casts and arith ops chosen by the
// element types and the `cast` attribute, summed in the order of the loops.
//
// @matmul_u8 and @batched also run as `mlir-opt --linalg-generalize-named-ops` prints them
// (linalg.generic): the same results.
//
// RUN: quant-interp %s --entry=matmul_i8 --arg='dense<[[-128, 127, -1], [1, 2, 3]]> : tensor<2x3xi8>' --arg='dense<[[-128, 1], [127, 2], [-1, 3]]> : tensor<3x2xi8>' --arg='dense<0> : tensor<2x2xi32>' | FileCheck %s --check-prefix=I8 --match-full-lines
// RUN: quant-interp %s --entry=matmul_u8 --arg='dense<[[-128, 127, -1], [1, 2, 3]]> : tensor<2x3xi8>' --arg='dense<[[-128, 1], [127, 2], [-1, 3]]> : tensor<3x2xi8>' --arg='dense<0> : tensor<2x2xi32>' | FileCheck %s --check-prefix=U8 --match-full-lines
// RUN: mlir-opt %s --linalg-generalize-named-ops | quant-interp - --entry=matmul_u8 --arg='dense<[[-128, 127, -1], [1, 2, 3]]> : tensor<2x3xi8>' --arg='dense<[[-128, 1], [127, 2], [-1, 3]]> : tensor<3x2xi8>' --arg='dense<0> : tensor<2x2xi32>' | FileCheck %s --check-prefix=U8 --match-full-lines
// RUN: quant-interp %s --entry=matmul_narrow --arg='dense<[[100, 100, -128]]> : tensor<1x3xi8>' --arg='dense<[[2], [1], [-1]]> : tensor<3x1xi8>' | FileCheck %s --check-prefix=NARROW --match-full-lines
// RUN: quant-interp %s --entry=matmul_wrap --arg='dense<[[-128, -128]]> : tensor<1x2xi8>' --arg='dense<[[-128], [-128]]> : tensor<2x1xi8>' --arg='dense<2147483647> : tensor<1x1xi32>' | FileCheck %s --check-prefix=WRAP --match-full-lines
// RUN: quant-interp %s --entry=matmul_i1 --arg='dense<[[true, false]]> : tensor<1x2xi1>' --arg='dense<[[5], [7]]> : tensor<2x1xi8>' | FileCheck %s --check-prefix=I1 --match-full-lines
// RUN: quant-interp %s --entry=matmul_to_f32 --arg='dense<[[-1]]> : tensor<1x1xi8>' --arg='dense<[[-128]]> : tensor<1x1xi8>' | FileCheck %s --check-prefix=TOF32 --match-full-lines
// RUN: quant-interp %s --entry=matmul_f32_order --arg='dense<[[1.0, 1.0e8, -1.0e8]]> : tensor<1x3xf32>' --arg='dense<1.0> : tensor<3x1xf32>' | FileCheck %s --check-prefix=ORDER --match-full-lines
// RUN: quant-interp %s --entry=matmul_f16 --arg='dense<[[65504.0, 1.0]]> : tensor<1x2xf16>' --arg='dense<[[2.0], [0.5]]> : tensor<2x1xf16>' | FileCheck %s --check-prefix=F16 --match-full-lines
// RUN: quant-interp %s --entry=matmul_bf16 --hex --arg='dense<1.0078125> : tensor<1x1xbf16>' --arg='dense<1.0078125> : tensor<1x1xbf16>' | FileCheck %s --check-prefix=BF16 --match-full-lines
// RUN: quant-interp %s --entry=matmul_maps --arg='dense<[[1, 3], [2, 4]]> : tensor<2x2xi32>' --arg='dense<[10, 20]> : tensor<2xi32>' | FileCheck %s --check-prefix=MAPS --match-full-lines
// RUN: quant-interp %s --entry=batched --arg='dense<[[[1, 2]], [[-1, 127]]]> : tensor<2x1x2xi8>' --arg='dense<[[[3], [4]], [[-128], [127]]]> : tensor<2x2x1xi8>' | FileCheck %s --check-prefix=BATCH --match-full-lines
// RUN: mlir-opt %s --linalg-generalize-named-ops | quant-interp - --entry=batched --arg='dense<[[[1, 2]], [[-1, 127]]]> : tensor<2x1x2xi8>' --arg='dense<[[[3], [4]], [[-128], [127]]]> : tensor<2x2x1xi8>' | FileCheck %s --check-prefix=BATCH --match-full-lines
// RUN: quant-interp %s --entry=vectors --arg='dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>' --arg='dense<[1, -1, 2]> : tensor<3xi32>' --arg='dense<[1, -1]> : tensor<2xi32>' | FileCheck %s --check-prefix=VEC --match-full-lines
// RUN: quant-interp %s --entry=tiles --arg='dense<[[[[1, 2]]]]> : tensor<1x1x1x2xi32>' --arg='dense<[[[[3, 4], [5, 6]]]]> : tensor<1x1x2x2xi32>' | FileCheck %s --check-prefix=TILES --match-full-lines
// RUN: quant-interp %s --entry=empty_k --arg='dense<> : tensor<2x0xi8>' --arg='dense<> : tensor<0x2xi8>' --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>' | FileCheck %s --check-prefix=EMPTYK --match-full-lines
// RUN: not quant-interp %s --entry=matmul_i8 --arg='dense<1> : tensor<2x3xi8>' --arg='dense<1> : tensor<2x2xi8>' --arg='dense<0> : tensor<2x2xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MISMATCH --match-full-lines

// Dynamic shapes, sign-extended i8 into i32:
//   C[0][0] = (-128)(-128) + 127*127 + (-1)(-1) = 16384 + 16129 + 1 = 32514
//   C[0][1] = (-128)(1) + 127*2 + (-1)*3        = -128 + 254 - 3   = 123
//   C[1][0] = 1*(-128) + 2*127 + 3*(-1)         = 123
//   C[1][1] = 1 + 4 + 9                         = 14
// I8: dense<{{\[\[}}32514, 123], [123, 14]]> : tensor<2x2xi32>
// I8-NOT: {{.+}}
// K is 3 in A, 2 in B:
// MISMATCH: [[FILE]]:[[# @LINE + 3]]:8: error: linalg.matmul: size mismatch for loop d2: ins operand #1 dimension 1 has size 3 but ins operand #2 dimension 0 has size 2
// MISMATCH-NOT: {{.+}}
func.func @matmul_i8(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi8>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// cast_unsigned: arith.extui reads -128 as 128 and -1 as 255:
//   C[0][0] = 128*128 + 127*127 + 255*255 = 16384 + 16129 + 65025 = 97538
//   C[0][1] = 128*1 + 127*2 + 255*3       = 128 + 254 + 765       = 1147
//   C[1][0] = 1*128 + 2*127 + 3*255       = 1147
//   C[1][1] = 14
// U8: dense<{{\[\[}}97538, 1147], [1147, 14]]> : tensor<2x2xi32>
// U8-NOT: {{.+}}
func.func @matmul_u8(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi8>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// An i8 output: no extension, products and sums wrap modulo 256.
//   0 + 100*2 = 200 -> -56;  -56 + 100*1 = 44;  (-128)(-1) = 128 -> -128;  44 - 128 = -84
// NARROW: dense<{{\[\[}}-84]]> : tensor<1x1xi8>
// NARROW-NOT: {{.+}}
func.func @matmul_narrow(%a: tensor<1x3xi8>, %b: tensor<3x1xi8>) -> tensor<1x1xi8> {
  %z = arith.constant dense<0> : tensor<1x1xi8>
  %r = linalg.matmul ins(%a, %b : tensor<1x3xi8>, tensor<3x1xi8>) outs(%z : tensor<1x1xi8>) -> tensor<1x1xi8>
  return %r : tensor<1x1xi8>
}

// The accumulator starts from the init and wraps modulo 2^32 as arith.addi:
//   2147483647 + 16384 + 16384 = 2147516415 - 2^32 = -2147450881
// WRAP: dense<{{\[\[}}-2147450881]]> : tensor<1x1xi32>
// WRAP-NOT: {{.+}}
func.func @matmul_wrap(%a: tensor<1x2xi8>, %b: tensor<2x1xi8>, %c: tensor<1x1xi32>) -> tensor<1x1xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<1x2xi8>, tensor<2x1xi8>) outs(%c : tensor<1x1xi32>) -> tensor<1x1xi32>
  return %r : tensor<1x1xi32>
}

// cast_signed extends i1 true to -1: (-1)*5 + 0*7 = -5; cast_unsigned: 1*5 = 5.
// I1: dense<{{\[\[}}-5]]> : tensor<1x1xi32>
// I1-NEXT: dense<{{\[\[}}5]]> : tensor<1x1xi32>
// I1-NOT: {{.+}}
func.func @matmul_i1(%a: tensor<1x2xi1>, %b: tensor<2x1xi8>) -> (tensor<1x1xi32>, tensor<1x1xi32>) {
  %z = arith.constant dense<0> : tensor<1x1xi32>
  %s = linalg.matmul ins(%a, %b : tensor<1x2xi1>, tensor<2x1xi8>) outs(%z : tensor<1x1xi32>) -> tensor<1x1xi32>
  %u = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<1x2xi1>, tensor<2x1xi8>) outs(%z : tensor<1x1xi32>) -> tensor<1x1xi32>
  return %s, %u : tensor<1x1xi32>, tensor<1x1xi32>
}

// Integers into a float output: arith.sitofp (-1.0 * -128.0 = 128.0) or
// arith.uitofp (255.0 * 128.0 = 32640.0).
// TOF32: dense<{{\[\[}}128.0]]> : tensor<1x1xf32>
// TOF32-NEXT: dense<{{\[\[}}32640.0]]> : tensor<1x1xf32>
// TOF32-NOT: {{.+}}
func.func @matmul_to_f32(%a: tensor<1x1xi8>, %b: tensor<1x1xi8>) -> (tensor<1x1xf32>, tensor<1x1xf32>) {
  %z = arith.constant dense<0.0> : tensor<1x1xf32>
  %s = linalg.matmul ins(%a, %b : tensor<1x1xi8>, tensor<1x1xi8>) outs(%z : tensor<1x1xf32>) -> tensor<1x1xf32>
  %u = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<1x1xi8>, tensor<1x1xi8>) outs(%z : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %s, %u : tensor<1x1xf32>, tensor<1x1xf32>
}

// k = 0, 1, 2 in order, each step rounded to f32 (ulp(1e8) = 8):
//   0 + 1 = 1;  1 + 1e8 = 100000001 -> 1e8;  1e8 - 1e8 = 0.  (The exact sum is 1.)
// ORDER: dense<{{\[\[}}0.0]]> : tensor<1x1xf32>
// ORDER-NOT: {{.+}}
func.func @matmul_f32_order(%a: tensor<1x3xf32>, %b: tensor<3x1xf32>) -> tensor<1x1xf32> {
  %z = arith.constant dense<0.0> : tensor<1x1xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x3xf32>, tensor<3x1xf32>) outs(%z : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// f16 inputs: into f32 (arith.extf) 65504 * 2 + 1 * 0.5 = 131008.5; into f16
// the product 131008 overflows to +inf (0x7C00) and stays there.
// F16: dense<{{\[\[}}131008.5]]> : tensor<1x1xf32>
// F16-NEXT: dense<{{\[\[}}0x7C00]]> : tensor<1x1xf16>
// F16-NOT: {{.+}}
func.func @matmul_f16(%a: tensor<1x2xf16>, %b: tensor<2x1xf16>) -> (tensor<1x1xf32>, tensor<1x1xf16>) {
  %z32 = arith.constant dense<0.0> : tensor<1x1xf32>
  %z16 = arith.constant dense<0.0> : tensor<1x1xf16>
  %w = linalg.matmul ins(%a, %b : tensor<1x2xf16>, tensor<2x1xf16>) outs(%z32 : tensor<1x1xf32>) -> tensor<1x1xf32>
  %n = linalg.matmul ins(%a, %b : tensor<1x2xf16>, tensor<2x1xf16>) outs(%z16 : tensor<1x1xf16>) -> tensor<1x1xf16>
  return %w, %n : tensor<1x1xf32>, tensor<1x1xf16>
}

// (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14: exact in f32 (0x3F820200, printed as
// little-endian bytes); in bf16 (7 fraction bits) it rounds to 1 + 2^-6 =
// 1.015625 (0x3F82).
// BF16: dense<"0x0002823F"> : tensor<1x1xf32>
// BF16-NEXT: dense<"0x823F"> : tensor<1x1xbf16>
// BF16-NOT: {{.+}}
func.func @matmul_bf16(%a: tensor<1x1xbf16>, %b: tensor<1x1xbf16>) -> (tensor<1x1xf32>, tensor<1x1xbf16>) {
  %z32 = arith.constant dense<0.0> : tensor<1x1xf32>
  %z16 = arith.constant dense<0.0> : tensor<1x1xbf16>
  %w = linalg.matmul ins(%a, %b : tensor<1x1xbf16>, tensor<1x1xbf16>) outs(%z32 : tensor<1x1xf32>) -> tensor<1x1xf32>
  %n = linalg.matmul ins(%a, %b : tensor<1x1xbf16>, tensor<1x1xbf16>) outs(%z16 : tensor<1x1xbf16>) -> tensor<1x1xbf16>
  return %w, %n : tensor<1x1xf32>, tensor<1x1xbf16>
}

// Explicit indexing maps. A transposed (A is given as [k][m]) and B a
// broadcast vector over n:  C[m][n] = sum_k A[k][m] * b[k]:
//   C[0][*] = 1*10 + 2*20 = 50,  C[1][*] = 3*10 + 4*20 = 110.
// linalg.contract with B given as [n][k]:  C[m][n] = sum_k A[m][k] * B[n][k]:
//   C[0][0] = 1*1 + 3*3 = 10,  C[0][1] = 1*2 + 3*4 = 14,  C[1][0] = 2*1 + 4*3 = 14,  C[1][1] = 2*2 + 4*4 = 20
// MAPS: dense<{{\[\[}}50, 50], [110, 110]]> : tensor<2x2xi32>
// MAPS-NEXT: dense<{{\[\[}}10, 14], [14, 20]]> : tensor<2x2xi32>
// MAPS-NOT: {{.+}}
func.func @matmul_maps(%a: tensor<2x2xi32>, %b: tensor<2xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>) {
  %z = arith.constant dense<0> : tensor<2x2xi32>
  %t = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<2x2xi32>, tensor<2xi32>) outs(%z : tensor<2x2xi32>) -> tensor<2x2xi32>
  %c = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %a : tensor<2x2xi32>, tensor<2x2xi32>) outs(%z : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %t, %c : tensor<2x2xi32>, tensor<2x2xi32>
}

// batch_matmul: batch 0: 1*3 + 2*4 = 11; batch 1: (-1)(-128) + 127*127 = 16257,
// with cast_unsigned 255*128 + 127*127 = 48769. batch_reduce_matmul sums the
// batches, b then k: 11 + 16257 = 16268. With cast_unsigned MLIR 22 still
// builds arith.extsi for batch_reduce_matmul ([linalg.named-cast] 4): 16268
// again (honouring the attribute would give 11 + 48769 = 48780).
// BATCH: dense<{{\[\[\[}}11]], {{\[\[}}16257]]]> : tensor<2x1x1xi32>
// BATCH-NEXT: dense<{{\[\[\[}}11]], {{\[\[}}48769]]]> : tensor<2x1x1xi32>
// BATCH-NEXT: dense<{{\[\[}}16268]]> : tensor<1x1xi32>
// BATCH-NEXT: dense<{{\[\[}}16268]]> : tensor<1x1xi32>
// BATCH-NOT: {{.+}}
func.func @batched(%a: tensor<2x1x2xi8>, %b: tensor<2x2x1xi8>) -> (tensor<2x1x1xi32>, tensor<2x1x1xi32>, tensor<1x1xi32>, tensor<1x1xi32>) {
  %z3 = arith.constant dense<0> : tensor<2x1x1xi32>
  %z2 = arith.constant dense<0> : tensor<1x1xi32>
  %bm = linalg.batch_matmul ins(%a, %b : tensor<2x1x2xi8>, tensor<2x2x1xi8>) outs(%z3 : tensor<2x1x1xi32>) -> tensor<2x1x1xi32>
  %bmu = linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x1x2xi8>, tensor<2x2x1xi8>) outs(%z3 : tensor<2x1x1xi32>) -> tensor<2x1x1xi32>
  %br = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x1x2xi8>, tensor<2x2x1xi8>) outs(%z2 : tensor<1x1xi32>) -> tensor<1x1xi32>
  %bru = linalg.batch_reduce_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x1x2xi8>, tensor<2x2x1xi8>) outs(%z2 : tensor<1x1xi32>) -> tensor<1x1xi32>
  return %bm, %bmu, %br, %bru : tensor<2x1x1xi32>, tensor<2x1x1xi32>, tensor<1x1xi32>, tensor<1x1xi32>
}

// matvec: [1 - 2 + 6, 4 - 5 + 12] = [5, 11];  vecmat y = [1, -1]:
// [1 - 4, 2 - 5, 3 - 6] = [-3, -3, -3];  dot x.x = 1 + 1 + 4 = 6, into an init of 100: 106.
// VEC: dense<[5, 11]> : tensor<2xi32>
// VEC-NEXT: dense<[-3, -3, -3]> : tensor<3xi32>
// VEC-NEXT: dense<106> : tensor<i32>
// VEC-NOT: {{.+}}
func.func @vectors(%a: tensor<2x3xi32>, %x: tensor<3xi32>, %y: tensor<2xi32>) -> (tensor<2xi32>, tensor<3xi32>, tensor<i32>) {
  %z2 = arith.constant dense<0> : tensor<2xi32>
  %z3 = arith.constant dense<0> : tensor<3xi32>
  %h = arith.constant dense<100> : tensor<i32>
  %mv = linalg.matvec ins(%a, %x : tensor<2x3xi32>, tensor<3xi32>) outs(%z2 : tensor<2xi32>) -> tensor<2xi32>
  %vm = linalg.vecmat ins(%y, %a : tensor<2xi32>, tensor<2x3xi32>) outs(%z3 : tensor<3xi32>) -> tensor<3xi32>
  %d = linalg.dot ins(%x, %x : tensor<3xi32>, tensor<3xi32>) outs(%h : tensor<i32>) -> tensor<i32>
  return %mv, %vm, %d : tensor<2xi32>, tensor<3xi32>, tensor<i32>
}

// mmt4d: acc[m, n, m0, n0] += lhs[m, k, m0, k0] * rhs[n, k, n0, k0] (rhs
// transposed): n0 = 0: 1*3 + 2*4 = 11; n0 = 1: 1*5 + 2*6 = 17.
// TILES: dense<{{\[\[\[\[}}11, 17]]]]> : tensor<1x1x1x2xi32>
// TILES-NOT: {{.+}}
func.func @tiles(%l: tensor<1x1x1x2xi32>, %r: tensor<1x1x2x2xi32>) -> tensor<1x1x1x2xi32> {
  %z = arith.constant dense<0> : tensor<1x1x1x2xi32>
  %t = linalg.mmt4d ins(%l, %r : tensor<1x1x1x2xi32>, tensor<1x1x2x2xi32>) outs(%z : tensor<1x1x1x2xi32>) -> tensor<1x1x1x2xi32>
  return %t : tensor<1x1x1x2xi32>
}

// K = 0: the payload never runs, the result is the init.
// EMPTYK: dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// EMPTYK-NOT: {{.+}}
func.func @empty_k(%a: tensor<?x?xi8>, %b: tensor<?x?xi8>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xi8>, tensor<?x?xi8>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
