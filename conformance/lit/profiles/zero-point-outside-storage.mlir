// [sem.zero-point-storage] [qtype.model] [profile.mlir-lower-quant-ops]
// MLIR 22's verifier accepts per-layer and per-axis zero points outside the
// storage type (upstream parse-uniform.mlir itself has u8 with zero point
// -120). --lower-quant-ops materializes the zero point as an iN constant of
// the storage width, so it wraps: i8 200 -> -56, i8 300 -> 44, u8 -120 ->
// 0x88 read by uitofp as 136, i8 -300 -> -44, u8 -10 -> 246, u8 256 -> 0 (the addition is
// then left out). The mlir-lower-quant-ops profile does the same; the
// reference uses the zero point as the type states it and saturates.
// The lowered program, run by quant-interp's lowered-IR interpreter, agrees
// with the profile (the compiled program too: conform-mlir-cpu-as-profile).
// Sub-channel zero points are parsed into storage-type integers: the type
// itself holds -56 for 200, under every profile.
//
// RUN: split-file %s %t
//
// qcast i8 zp 200 of 0.0: reference t = 200 -> 127; lowering 0 + (-56) = -56.
// RUN: quant-interp %t/q-i8.mlir --arg='0.0 : f32' | FileCheck %s --check-prefix=QI8-REF --match-full-lines
// RUN: quant-interp %t/q-i8.mlir --profile=mlir-lower-quant-ops --arg='0.0 : f32' | FileCheck %s --check-prefix=QI8-MLIR --match-full-lines
// RUN: mlir-opt %t/q-i8.mlir --lower-quant-ops --strip-func-quant-types | quant-interp - --arg='0.0 : f32' | FileCheck %s --check-prefix=QI8-MLIR --match-full-lines
// QI8-REF: 127 : i8
// QI8-MLIR: -56 : i8
//
// qcast per-axis, i8 zp {300, -300, 200, -129}, u8 zp {-120, -10, 256, 300}:
// lowering i8 [2.5 + 44, 2.5 - 44, 2.5 - 56, 2.5 + 127] truncated =
// [46, -41, -53, poison (129 is outside i8)]; u8 [136, 246, 2, 46].
// RUN: quant-interp %t/q-axis.mlir --entry=signed --arg='dense<[2.5, 2.5, 2.5, 2.5]> : tensor<4xf32>' | FileCheck %s --check-prefix=QS-REF --match-full-lines
// RUN: quant-interp %t/q-axis.mlir --entry=signed --profile=mlir-lower-quant-ops --arg='dense<[2.5, 2.5, 2.5, 2.5]> : tensor<4xf32>' | FileCheck %s --check-prefix=QS-MLIR --match-full-lines
// RUN: mlir-opt %t/q-axis.mlir --lower-quant-ops --strip-func-quant-types | quant-interp - --entry=signed --arg='dense<[2.5, 2.5, 2.5, 2.5]> : tensor<4xf32>' | FileCheck %s --check-prefix=QS-MLIR --match-full-lines
// RUN: quant-interp %t/q-axis.mlir --entry=unsigned --arg='dense<[0.0, 0.0, 2.0, 2.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=QU-REF --match-full-lines
// RUN: quant-interp %t/q-axis.mlir --entry=unsigned --profile=mlir-lower-quant-ops --arg='dense<[0.0, 0.0, 2.0, 2.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=QU-MLIR --match-full-lines
// RUN: mlir-opt %t/q-axis.mlir --lower-quant-ops --strip-func-quant-types | quant-interp - --entry=unsigned --arg='dense<[0.0, 0.0, 2.0, 2.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=QU-MLIR-LOWERED --match-full-lines
// QS-REF: dense<[127, -128, 127, -126]> : tensor<4xi8>
// QS-MLIR: dense<[46, -41, -53, 0]> : tensor<4xi8>
// QS-MLIR-NEXT: // poison: 3
// QU-REF: dense<[0, 0, 255, 255]> : tensor<4xui8>
// QU-MLIR: dense<[136, 246, 2, 46]> : tensor<4xui8>
// The lowered program's result is a signless i8 tensor: the same bits.
// QU-MLIR-LOWERED: dense<[-120, -10, 2, 46]> : tensor<4xi8>
//
// dcast u8 per-axis {2.0e2:-120, 1.0:-10} of 0 (the issue's reproducer):
// reference (0 + 120) * 200 = 24000; lowering (0 - 136) * 200 = -27200.
// RUN: quant-interp %t/d-u8.mlir --arg='dense<[0, 0]> : tensor<2xui8>' | FileCheck %s --check-prefix=DU-REF --match-full-lines
// RUN: quant-interp %t/d-u8.mlir --profile=mlir-lower-quant-ops --arg='dense<[0, 0]> : tensor<2xui8>' | FileCheck %s --check-prefix=DU-MLIR --match-full-lines
// RUN: mlir-opt %t/d-u8.mlir --lower-quant-ops --strip-func-quant-types | quant-interp - --arg='dense<[0, 0]> : tensor<2xi8>' | FileCheck %s --check-prefix=DU-MLIR --match-full-lines
// DU-REF: dense<[24000.0, 10.0]> : tensor<2xf32>
// DU-MLIR: dense<[-27200.0, -246.0]> : tensor<2xf32>
//
// Sub-channel: the parser already keeps 200 as the i8 -56 (mlir-opt prints
// it back so), so both profiles compute with -56: qcast of 0.0 -> -56.
// RUN: quant-interp %t/q-sub.mlir --arg='dense<[[0.0, 0.0]]> : tensor<1x2xf32>' | FileCheck %s --check-prefix=QSUB --match-full-lines
// RUN: quant-interp %t/q-sub.mlir --profile=mlir-lower-quant-ops --arg='dense<[[0.0, 0.0]]> : tensor<1x2xf32>' | FileCheck %s --check-prefix=QSUB --match-full-lines
// RUN: mlir-opt %t/q-sub.mlir | FileCheck %s --check-prefix=QSUB-TYPE
// QSUB: dense<{{\[\[}}-56, 44]]> : tensor<1x2xi8>
// QSUB-TYPE: {1.000000e+00:-56, 1.000000e+00:44}

//--- q-i8.mlir
func.func @main(%x: f32) -> !quant.uniform<i8:f32, 1.0:200> {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32, 1.0:200>
  return %q : !quant.uniform<i8:f32, 1.0:200>
}
//--- q-axis.mlir
func.func @signed(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32:0, {1.0:300, 1.0:-300, 1.0:200, 1.0:-129}>> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32:0, {1.0:300, 1.0:-300, 1.0:200, 1.0:-129}>>
  return %q : tensor<4x!quant.uniform<i8:f32:0, {1.0:300, 1.0:-300, 1.0:200, 1.0:-129}>>
}
func.func @unsigned(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32:0, {1.0:-120, 1.0:-10, 1.0:256, 1.0:300}>> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<u8:f32:0, {1.0:-120, 1.0:-10, 1.0:256, 1.0:300}>>
  return %q : tensor<4x!quant.uniform<u8:f32:0, {1.0:-120, 1.0:-10, 1.0:256, 1.0:300}>>
}
//--- d-u8.mlir
func.func @main(%q: tensor<2x!quant.uniform<u8:f32:0, {2.0e2:-120, 1.0:-10}>>) -> tensor<2xf32> {
  %x = quant.dcast %q : tensor<2x!quant.uniform<u8:f32:0, {2.0e2:-120, 1.0:-10}>> to tensor<2xf32>
  return %x : tensor<2xf32>
}
//--- q-sub.mlir
func.func @main(%x: tensor<1x2xf32>) -> tensor<1x2x!quant.uniform<i8:f32:{1:1}, {{1.0:200, 1.0:300}}>> {
  %q = quant.qcast %x : tensor<1x2xf32> to tensor<1x2x!quant.uniform<i8:f32:{1:1}, {{1.0:200, 1.0:300}}>>
  return %q : tensor<1x2x!quant.uniform<i8:f32:{1:1}, {{1.0:200, 1.0:300}}>>
}
