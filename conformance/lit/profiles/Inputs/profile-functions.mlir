// Functions shared by the conformance/lit/profiles/*.mlir tests (this
// directory is excluded from test discovery by lit.cfg.py's "Inputs").
// One file per profile runs these with --profile=NAME; the expected values
// and their derivations are in the test files.
//
// qcast types:
//   !pl  per-layer   u8, scale 0.5, zp 200
//   !pc  per-channel i8, axis 1: {0.5:-1, 0.00214854861:0}
//   !sc  sub-channel u8, {1:2}:  {{0.5:128, 0.25:0}}
// dcast types:
//   !dl  per-layer   i8, scale 0.1, zp 4
//   !dc  per-channel i8, axis 1: {0.1:4, 0.5:-1}
//   !ds  sub-channel i8, {1:2}:  {{0.1:4, 0.5:-1}} (scales stored as f32)

!pl = !quant.uniform<u8:f32, 0.5:200>
!pc = !quant.uniform<i8:f32:1, {0.5:-1, 0.00214854861}>
!sc = !quant.uniform<u8:f32:{1:2}, {{0.5:128, 0.25}}>
!dl = !quant.uniform<i8:f32, 0.1:4>
!dc = !quant.uniform<i8:f32:1, {0.1:4, 0.5:-1}>
!ds = !quant.uniform<i8:f32:{1:2}, {{0.1:4, 0.5:-1}}>

func.func @q_scalar(%x: f32) -> !pl {
  %q = quant.qcast %x : f32 to !pl
  return %q : !pl
}
func.func @q_static(%x: tensor<9xf32>) -> tensor<9x!pl> {
  %q = quant.qcast %x : tensor<9xf32> to tensor<9x!pl>
  return %q : tensor<9x!pl>
}
func.func @q_dynamic(%x: tensor<?xf32>) -> tensor<?x!pl> {
  %q = quant.qcast %x : tensor<?xf32> to tensor<?x!pl>
  return %q : tensor<?x!pl>
}
func.func @q_unranked(%x: tensor<*xf32>) -> tensor<*x!pl> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!pl>
  return %q : tensor<*x!pl>
}

func.func @qc_static(%x: tensor<3x2xf32>) -> tensor<3x2x!pc> {
  %q = quant.qcast %x : tensor<3x2xf32> to tensor<3x2x!pc>
  return %q : tensor<3x2x!pc>
}
func.func @qc_dynamic(%x: tensor<?x2xf32>) -> tensor<?x2x!pc> {
  %q = quant.qcast %x : tensor<?x2xf32> to tensor<?x2x!pc>
  return %q : tensor<?x2x!pc>
}
func.func @qc_unranked(%x: tensor<*xf32>) -> tensor<*x!pc> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!pc>
  return %q : tensor<*x!pc>
}

func.func @qs_static(%x: tensor<2x4xf32>) -> tensor<2x4x!sc> {
  %q = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!sc>
  return %q : tensor<2x4x!sc>
}
func.func @qs_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?x!sc> {
  %q = quant.qcast %x : tensor<?x?xf32> to tensor<?x?x!sc>
  return %q : tensor<?x?x!sc>
}

func.func @d_scalar(%x: !dl) -> f32 {
  %d = quant.dcast %x : !dl to f32
  return %d : f32
}
func.func @d_static(%x: tensor<5x!dl>) -> tensor<5xf32> {
  %d = quant.dcast %x : tensor<5x!dl> to tensor<5xf32>
  return %d : tensor<5xf32>
}
func.func @d_dynamic(%x: tensor<?x!dl>) -> tensor<?xf32> {
  %d = quant.dcast %x : tensor<?x!dl> to tensor<?xf32>
  return %d : tensor<?xf32>
}
func.func @d_unranked(%x: tensor<*x!dl>) -> tensor<*xf32> {
  %d = quant.dcast %x : tensor<*x!dl> to tensor<*xf32>
  return %d : tensor<*xf32>
}

func.func @dc_static(%x: tensor<2x2x!dc>) -> tensor<2x2xf32> {
  %d = quant.dcast %x : tensor<2x2x!dc> to tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}
func.func @dc_dynamic(%x: tensor<?x2x!dc>) -> tensor<?x2xf32> {
  %d = quant.dcast %x : tensor<?x2x!dc> to tensor<?x2xf32>
  return %d : tensor<?x2xf32>
}
func.func @dc_unranked(%x: tensor<*x!dc>) -> tensor<*xf32> {
  %d = quant.dcast %x : tensor<*x!dc> to tensor<*xf32>
  return %d : tensor<*xf32>
}

func.func @ds_static(%x: tensor<2x4x!ds>) -> tensor<2x4xf32> {
  %d = quant.dcast %x : tensor<2x4x!ds> to tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}
func.func @ds_dynamic(%x: tensor<?x4x!ds>) -> tensor<?x4xf32> {
  %d = quant.dcast %x : tensor<?x4x!ds> to tensor<?x4xf32>
  return %d : tensor<?x4xf32>
}
