// [qtype.model] A sub-channel zero point of -1 in a signed i1 type: MLIR 22's
// parser builds it as APInt(1, -1) and stores it in an i1 dense attribute as
// 0 (`{0.75:-1}` prints back as `{0.75}`; --lower-quant-ops computes with 0),
// with no diagnostic. quant-interp reads the source text and refuses the
// program at the zero point (exit 1) instead of running it with a zero point
// it does not write. Storage bounds `<-1:0>`, a zero point 1 (wrapped to -1
// like any sub-channel zero point, and printed back so by MLIR), u1, i16,
// per-axis i1 and a `//` comment are not affected.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --split-input-file | FileCheck %s -DFILE=%s --match-full-lines

// stdout (results and chunk separators) comes first, then stderr.
// Bounds with -1, zero point 0: (0 - 0) * 0.75, (-1 - 0) * 0.5.
// CHECK: dense<{{\[}}[0.0, -0.5], [0.0, -0.5]]> : tensor<2x2xf32>
// CHECK-NEXT: // -----
// Zero point written 1: the type holds -1, so (0 - -1) * 0.75 and (-1 - -1) * 0.5.
// CHECK-NEXT: dense<{{\[}}[0.75, 0.0], [0.75, 0.0]]> : tensor<2x2xf32>
// CHECK-NEXT: // -----
// u1 with zero point 1: (0 - 1) * 0.75, (1 - 1) * 0.5.
// CHECK-NEXT: dense<{{\[}}[-0.75, 0.0], [-0.75, 0.0]]> : tensor<2x2xf32>
// CHECK-NEXT: // -----
// i16 with zero point -1: (0 + 1) * 0.75, (-1 + 1) * 0.5.
// CHECK-NEXT: dense<{{\[}}[0.75, 0.0], [0.75, 0.0]]> : tensor<2x2xf32>
// CHECK-NEXT: // -----
// Per-axis i1 with zero point -1 (int64 zero points, kept): (0 + 1) * 0.75, (-1 + 1) * 0.5.
// CHECK-NEXT: dense<{{\[}}[0.75, 0.0], [0.75, 0.0]]> : tensor<2x2xf32>
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: [[FILE]]:83:54: error: sub-channel zero point -1 of a signed i1 type: MLIR 22's parser stores it as 0 (the type prints back without it; its lowering computes with 0), so the program would not run as written (spec/quant.md [qtype.model]); u1 storage with zero point 0 holds the same values
// CHECK-NEXT: [[FILE]]:93:109: error: sub-channel zero point -1 of a signed i1 type: MLIR 22's parser stores it as 0 (the type prints back without it; its lowering computes with 0), so the program would not run as written (spec/quant.md [qtype.model]); u1 storage with zero point 0 holds the same values
// CHECK-NEXT: exit status: 1

// A comment is not read: !quant.uniform<i1:f32:{0:1, 1:2}, {{0.75:-1}, {0.5:-1}}>
func.func @main() -> tensor<2x2xf32> {
  %c = arith.constant dense<[[false, true], [false, true]]> : tensor<2x2xi1>
  %q = quant.scast %c : tensor<2x2xi1> to tensor<2x2x!quant.uniform<i1<-1:0>:f32:{0:1, 1:1}, {{0.75, 0.5}, {0.75, 0.5}}>>
  %0 = quant.dcast %q : tensor<2x2x!quant.uniform<i1<-1:0>:f32:{0:1, 1:1}, {{0.75, 0.5}, {0.75, 0.5}}>> to tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

!q = !quant.uniform<i1:f32:{0:1, 1:1}, {{0.75:1, 0.5:1}, {0.75:1, 0.5:1}}>
func.func @main() -> tensor<2x2xf32> {
  %c = arith.constant dense<[[false, true], [false, true]]> : tensor<2x2xi1>
  %q = quant.scast %c : tensor<2x2xi1> to tensor<2x2x!q>
  %0 = quant.dcast %q : tensor<2x2x!q> to tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

!q = !quant.uniform<u1:f32:{0:1, 1:1}, {{0.75:1, 0.5:1}, {0.75:1, 0.5:1}}>
func.func @main() -> tensor<2x2xf32> {
  %c = arith.constant dense<[[false, true], [false, true]]> : tensor<2x2xi1>
  %q = quant.scast %c : tensor<2x2xi1> to tensor<2x2x!q>
  %0 = quant.dcast %q : tensor<2x2x!q> to tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

!q = !quant.uniform<i16:f32:{0:1, 1:1}, {{0.75:-1, 0.5:-1}, {0.75:-1, 0.5:-1}}>
func.func @main() -> tensor<2x2xf32> {
  %c = arith.constant dense<[[0, -1], [0, -1]]> : tensor<2x2xi16>
  %q = quant.scast %c : tensor<2x2xi16> to tensor<2x2x!q>
  %0 = quant.dcast %q : tensor<2x2x!q> to tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

!q = !quant.uniform<i1:f32:1, {0.75:-1, 0.5:-1}>
func.func @main() -> tensor<2x2xf32> {
  %c = arith.constant dense<[[false, true], [false, true]]> : tensor<2x2xi1>
  %q = quant.scast %c : tensor<2x2xi1> to tensor<2x2x!q>
  %0 = quant.dcast %q : tensor<2x2x!q> to tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

!q = !quant.uniform<i1:f32:{0:1, 1:1}, {{0.75:0, 0.5:-1}, {0.75, 0.5}}>
func.func @main() -> tensor<2x2xf32> {
  %c = arith.constant dense<[[false, true], [false, true]]> : tensor<2x2xi1>
  %q = quant.scast %c : tensor<2x2xi1> to tensor<2x2x!q>
  %0 = quant.dcast %q : tensor<2x2x!q> to tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i1 : f32 : {0:1, 1:1} , {{1.0, 1.0}, {1.0:- 0x1, 1.0}}>> {
  %0 = quant.qcast %x : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i1 : f32 : {0:1, 1:1} , {{1.0, 1.0}, {1.0:- 0x1, 1.0}}>>
  return %0 : tensor<2x2x!quant.uniform<i1 : f32 : {0:1, 1:1} , {{1.0, 1.0}, {1.0:- 0x1, 1.0}}>>
}
