// [linalg.named] [linalg.named-cast] 5 [linalg.unsupported] The elementwise
// named ops and linalg.elementwise run their definitions' functions (no
// casts); fill_rng_2d its generator. Errors of the ops MLIR builds into the
// payload are reported at the named op with the iteration point.
//
// RUN: quant-interp %s --entry=ints --arg='dense<[100, -128, 16, -7]> : tensor<4xi8>' --arg='dense<[100, -1, 16, 2]> : tensor<4xi8>' | FileCheck %s --check-prefix=INTS --match-full-lines
// RUN: quant-interp %s --entry=divs --arg='dense<[100, 16, -7]> : tensor<3xi8>' --arg='dense<[100, 16, 2]> : tensor<3xi8>' | FileCheck %s --check-prefix=DIVS --match-full-lines
// RUN: quant-interp %s --entry=unary --arg='dense<[-0.0, -0.5, 2.5, -2.5, 2.0, 3.0]> : tensor<6xf32>' | FileCheck %s --check-prefix=UNARY --match-full-lines
// RUN: quant-interp %s --entry=binary --arg='dense<[1.0, -0.0, 0x7FC00000]> : tensor<3xf32>' --arg='dense<[3.0, 0.0, 1.0]> : tensor<3xf32>' --arg='dense<[true, false, true]> : tensor<3xi1>' | FileCheck %s --check-prefix=BINARY --match-full-lines
// RUN: quant-interp %s --entry=broadcast_sub --arg='dense<[[10, 20], [30, 40]]> : tensor<2x2xi32>' --arg='dense<[1, 2]> : tensor<2xi32>' | FileCheck %s --check-prefix=BCAST --match-full-lines
// RUN: quant-interp %s --entry=rng --arg='0.0 : f64' --arg='1.0 : f64' --arg='42 : i32' | FileCheck %s --check-prefix=RNG --match-full-lines
// RUN: not quant-interp %s --entry=div --arg='dense<[1, 2]> : tensor<2xi32>' --arg='dense<[1, 0]> : tensor<2xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DIVZERO --match-full-lines
// RUN: not quant-interp %s --entry=div --arg='dense<[-2147483648]> : tensor<1xi32>' --arg='dense<[-1]> : tensor<1xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DIVOVF --match-full-lines
// RUN: not quant-interp %s --entry=elementwise_exp --arg='dense<[1.0]> : tensor<1xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=EXPKIND --match-full-lines
// RUN: not quant-interp %s --entry=exp --arg='dense<[1.0]> : tensor<1xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=EXP --match-full-lines

// i8 with wrapping arith.addi / subi / muli, arith.maxsi / minsi and, by
// kind, arith.maxui:
//   add [200 -> -56, -129 -> 127, 32, -5]       sub [0, -127, 0, -9]
//   mul [10000 mod 256 = 16, 128 -> -128, 256 -> 0, -14]
//   max [100, -1, 16, 2]    min [100, -128, 16, -7]
//   max_unsigned: -1 (255) beats -128 (128), -7 (249) beats 2: [100, -1, 16, -7]
// INTS: dense<[-56, 127, 32, -5]> : tensor<4xi8>
// INTS-NEXT: dense<[0, -127, 0, -9]> : tensor<4xi8>
// INTS-NEXT: dense<[16, -128, 0, -14]> : tensor<4xi8>
// INTS-NEXT: dense<[100, -1, 16, 2]> : tensor<4xi8>
// INTS-NEXT: dense<[100, -128, 16, -7]> : tensor<4xi8>
// INTS-NEXT: dense<[100, -1, 16, -7]> : tensor<4xi8>
// INTS-NOT: {{.+}}
func.func @ints(%a: tensor<4xi8>, %b: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %e = tensor.empty() : tensor<4xi8>
  %add = linalg.add ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  %sub = linalg.sub ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  %mul = linalg.mul ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  %max = linalg.max ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  %min = linalg.min ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  %maxu = linalg.elementwise kind=#linalg.elementwise_kind<max_unsigned> ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  return %add, %sub, %mul, %max, %min, %maxu : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// arith.divsi truncates: [1, 1, -3.5 -> -3]; arith.divui reads -7 as 249: 124.
// DIVS: dense<[1, 1, -3]> : tensor<3xi8>
// DIVS-NEXT: dense<[1, 1, 124]> : tensor<3xi8>
// DIVS-NOT: {{.+}}
func.func @divs(%a: tensor<3xi8>, %b: tensor<3xi8>) -> (tensor<3xi8>, tensor<3xi8>) {
  %e = tensor.empty() : tensor<3xi8>
  %div = linalg.div ins(%a, %b : tensor<3xi8>, tensor<3xi8>) outs(%e : tensor<3xi8>) -> tensor<3xi8>
  %divu = linalg.div_unsigned ins(%a, %b : tensor<3xi8>, tensor<3xi8>) outs(%e : tensor<3xi8>) -> tensor<3xi8>
  return %div, %divu : tensor<3xi8>, tensor<3xi8>
}

// On [-0.0, -0.5, 2.5, -2.5, 2.0, 3.0]:
//   abs [0, 0.5, 2.5, 2.5, 2, 3]          ceil [-0, -0, 3, -2, 2, 3]
//   floor [-0, -1, 2, -3, 2, 3]           negf [0, 0.5, -2.5, 2.5, -2, -3]
//   reciprocal 1 / x: [-inf, -2, 0.4, -0.4, 0.5, 0.33333334]
//   round, halves away from zero: [-0, -1, 3, -3, 2, 3]
//   sqrt [-0, NaN, 1.5811388, NaN, 1.4142135, 1.7320508] (f32, rounded)
//   square [0, 0.25, 6.25, 6.25, 4, 9]
// UNARY: dense<[0.0, 0.5, 2.5, 2.5, 2.0, 3.0]> : tensor<6xf32>
// UNARY-NEXT: dense<[-0.0, -0.0, 3.0, -2.0, 2.0, 3.0]> : tensor<6xf32>
// UNARY-NEXT: dense<[-0.0, -1.0, 2.0, -3.0, 2.0, 3.0]> : tensor<6xf32>
// UNARY-NEXT: dense<[0.0, 0.5, -2.5, 2.5, -2.0, -3.0]> : tensor<6xf32>
// UNARY-NEXT: dense<[0xFF800000, -2.0, 0.4, -0.4, 0.5, 0.33333334]> : tensor<6xf32>
// UNARY-NEXT: dense<[-0.0, -1.0, 3.0, -3.0, 2.0, 3.0]> : tensor<6xf32>
// UNARY-NEXT: dense<[-0.0, 0x7FC00000, 1.5811388, 0x7FC00000, 1.4142135, 1.7320508]> : tensor<6xf32>
// UNARY-NEXT: dense<[0.0, 0.25, 6.25, 6.25, 4.0, 9.0]> : tensor<6xf32>
// UNARY-NOT: {{.+}}
func.func @unary(%x: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %e = tensor.empty() : tensor<6xf32>
  %abs = linalg.abs ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %ceil = linalg.ceil ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %floor = linalg.floor ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %neg = linalg.negf ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %rec = linalg.reciprocal ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %round = linalg.round ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %sqrt = linalg.sqrt ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %sq = linalg.square ins(%x : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  return %abs, %ceil, %floor, %neg, %rec, %round, %sqrt, %sq : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

// a = [1, -0, NaN], b = [3, 0, 1], c = [true, false, true]:
//   add [4, -0 + 0 = +0, NaN]           div [0.33333334, -0 / 0 = NaN, NaN]
//   max (arith.maximumf) [3, +0, NaN]   min (arith.minimumf) [1, -0, NaN]
//   select(c, a, b) [1, 0, NaN]
// BINARY: dense<[4.0, 0.0, 0x7FC00000]> : tensor<3xf32>
// BINARY-NEXT: dense<[0.33333334, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
// BINARY-NEXT: dense<[3.0, 0.0, 0x7FC00000]> : tensor<3xf32>
// BINARY-NEXT: dense<[1.0, -0.0, 0x7FC00000]> : tensor<3xf32>
// BINARY-NEXT: dense<[1.0, 0.0, 0x7FC00000]> : tensor<3xf32>
// BINARY-NOT: {{.+}}
func.func @binary(%a: tensor<3xf32>, %b: tensor<3xf32>, %c: tensor<3xi1>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3xf32>
  %add = linalg.add ins(%a, %b : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %div = linalg.div ins(%a, %b : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %max = linalg.max ins(%a, %b : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %min = linalg.min ins(%a, %b : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %sel = linalg.select ins(%c, %a, %b : tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  return %add, %div, %max, %min, %sel : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// linalg.elementwise with its own maps: out[i][j] = a[i][j] - b[j].
// BCAST: dense<{{\[\[}}9, 18], [29, 38]]> : tensor<2x2xi32>
// BCAST-NOT: {{.+}}
func.func @broadcast_sub(%a: tensor<2x2xi32>, %b: tensor<2xi32>) -> tensor<2x2xi32> {
  %e = tensor.empty() : tensor<2x2xi32>
  %r = linalg.elementwise kind=#linalg.elementwise_kind<sub>
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>]
      ins(%a, %b : tensor<2x2xi32>, tensor<2xi32>) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// fill_rng_2d, min 0, max 1, seed 42. Per element (m, n), in i32 wrapping:
//   r1 = (m + seed) * 1103515245 + 12345,  r2 = (n + r1) * 1103515245 + 12345
// then in f64: ((f64(r2) + 2147483647) * ((max - min) * 2.3283064e-10)) + min,
// rounded to f32. (0, 0): r1 = -896987621, r2 = -1031181384 -> 0.25990937;
// (0, 1): r2 = 72333861 -> 0.5168415; (1, 0): r1 = 206527624, r2 = -2060712415
// -> 0.020203002; (1, 1): r2 = -957197170 -> 0.27713516 (printed shortest).
// RNG: dense<{{\[\[}}0.25990936, 0.51684153], [0.020203002, 0.27713516]]> : tensor<2x2xf32>
// RNG-NOT: {{.+}}
func.func @rng(%lo: f64, %hi: f64, %seed: i32) -> tensor<2x2xf32> {
  %e = tensor.empty() : tensor<2x2xf32>
  %r = linalg.fill_rng_2d ins(%lo, %hi, %seed : f64, f64, i32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// The payload's arith.divsi has no source position: the error is at the op,
// with the iteration point.
// DIVZERO: [[FILE]]:[[# @LINE + 5]]:8: error: linalg.div: at iteration (1): arith.divsi: undefined behaviour: division by zero
// DIVZERO-NOT: {{.+}}
// DIVOVF: [[FILE]]:[[# @LINE + 3]]:8: error: linalg.div: at iteration (0): arith.divsi: undefined behaviour: signed division overflow (-2147483648 / -1)
// DIVOVF-NOT: {{.+}}
func.func @div(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.div ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%a : tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// A kind whose payload quant-interp cannot evaluate ([linalg.named] 3).
// EXPKIND: [[FILE]]:[[# @LINE + 3]]:8: error: linalg.elementwise: at iteration (0): unsupported operation 'math.exp'
// EXPKIND-NOT: {{.+}}
func.func @elementwise_exp(%a: tensor<1xf32>) -> tensor<1xf32> {
  %r = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<1xf32>) outs(%a : tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// EXP: [[FILE]]:[[# @LINE + 3]]:8: error: unsupported operation 'linalg.exp'
// EXP-NOT: {{.+}}
func.func @exp(%a: tensor<1xf32>) -> tensor<1xf32> {
  %r = linalg.exp ins(%a : tensor<1xf32>) outs(%a : tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}
