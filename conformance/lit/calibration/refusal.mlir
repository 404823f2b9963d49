// [cli.calibration] A recipe that refuses a calibrated type's range stops the
// run before evaluation, with an error at the first op using the type (file
// order) naming the recipe and its reason; nothing on stdout, exit status 1.
// TFLite's ChooseQuantizationParams needs a range holding 0; [0.5, 4.0] does
// not (TFLITE_CHECK_LE(rmin, 0.)). PyTorch's recipe accepts it (min_val_neg =
// min(0.5, 0) = 0: scale f32(4 / 255) = 0.015686275..., zero point 0).
//
// RUN: %python %inputs/exit-status.py quant-interp %s --arg='dense<0.0> : tensor<2xf32>' --calibration=tflite | FileCheck %s --check-prefix=REFUSED --match-full-lines -DFILE=%s
// RUN: quant-interp %s --arg='dense<[1.0, 5.0]> : tensor<2xf32>' --calibration=pytorch | FileCheck %s --check-prefix=ACCEPTED --match-full-lines

// REFUSED: [[FILE]]:20:8: error: calibration tflite:narrow=0,type=u8 refuses !quant.calibrated<f32<5.000000e-01:4.000000e+00>>: TFLITE_CHECK_LE(rmin, 0.) fails: rmin = 0.5 (ChooseQuantizationParams needs a range holding 0)
// REFUSED-NEXT: exit status: 1

// 1.0 -> round(63.75) = 64 -> 64 * scale = 1.003921...; 5.0 clamps to 255 -> 4.0.
// ACCEPTED: // calibration pytorch:{{.*}}: !quant.calibrated<f32<5.000000e-01:4.000000e+00>> -> !quant.uniform<u8:f32, 0.015686275437474251>
// ACCEPTED-NEXT: dense<[1.0039216, 4.0]> : tensor<2xf32>
// ACCEPTED-NOT: {{.}}

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %q = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.calibrated<f32<0.5:4.0>>>
  %d = quant.dcast %q : tensor<2x!quant.calibrated<f32<0.5:4.0>>> to tensor<2xf32>
  return %d : tensor<2xf32>
}
