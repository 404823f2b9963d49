// [sem.profiles] [profile.tosa-from-tflite] TFL->TOSA quantize: t = x * f32(1 / s_f64); u = f32(t + f32(zp'))
// (unsigned: zp' = zp - 128); CAST to i8 (ties even, saturating; NaN
// unpredictable = poison); unsigned + 128. dcast (f32(q) - f32(zp)) * f32(s).
//
// Inputs (functions in Inputs/profile-functions.mlir):
// qcast per-layer u8 scale 0.5 zp 200, x = [1.25, 1.75, -1.25, 0.35, -0.15,
//   NaN, +inf, 2147483520, 0x3E800001]; t = x / 0.5 = x * 2 (exact in f32) =
//   [2.5, 3.5, -2.5, 0.69999999, -0.30000001, NaN, +inf, 4294967040,
//   0.5 + 2^-24]. Scalar: x = 0.35 (t = 0.7).
// qcast per-channel i8 axis 1, column 0: scale 0.5 zp -1, x = [NaN, 1.25,
//   -1.75] (t = NaN, 2.5, -3.5); column 1: scale 0.00214854861 (f32
//   0x3B0CCEAA; f32(1/s) = f32(1/f64 s) = 465.430481) zp 0, x = [0.261048645,
//   -inf, 3e9]: x / s32 = 121.499992, x * f32(1/s) = 121.5, exact 121.4999947.
// qcast sub-channel u8 {1:2}: columns 0-1 scale 0.5 zp 128, columns 2-3
//   scale 0.25 zp 0; x = [[1.25, +inf, 0.625, -0.375], [2147483520, -1.75,
//   NaN, 64]]: t = [[2.5, inf | 2.5, -1.5], [4294967040, -3.5 | NaN, 256]].
// dcast per-layer i8 scale 0.1 zp 4, q = [-120, 4, 5, 127, -128]: q - zp =
//   [-124, 0, 1, 123, -132]. With s32 = f32(0.1) = 0.100000001490116:
//   -124 * s32 = -12.4000001848 -> f32 -12.400001 (0xC1466667);
//   123 * s32 -> f32(12.3); -132 * s32 -> f32(-13.2). With the f64 scale
//   -124 * 0.1 -> f32 -12.4 (0xC1466666).
// dcast per-channel i8 axis 1 {0.1:4, 0.5:-1}, q = [[-120, 3], [127, -128]];
//   dcast sub-channel i8 {1:2} {{0.1:4, 0.5:-1}} with the scales stored as
//   f32, q = [[-120, 5, 3, -128], [127, 4, 0, 1]].
//
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=q_scalar --arg='0.35 : f32' | FileCheck %s --check-prefix=QSCALAR --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=q_static --arg='dense<[1.25, 1.75, -1.25, 0.35, -0.15, 0x7FC00000, 0x7F800000, 2147483520.0, 0x3E800001]> : tensor<9xf32>' | FileCheck %s --check-prefix=QLAYER --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=q_dynamic --arg='dense<[1.25, 1.75, -1.25, 0.35, -0.15, 0x7FC00000, 0x7F800000, 2147483520.0, 0x3E800001]> : tensor<9xf32>' | FileCheck %s --check-prefix=QLAYER --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=q_unranked --arg='dense<[1.25, 1.75, -1.25, 0.35, -0.15, 0x7FC00000, 0x7F800000, 2147483520.0, 0x3E800001]> : tensor<9xf32>' | FileCheck %s --check-prefix=QLAYER --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=qc_static --arg='dense<[[0x7FC00000, 0.261048645], [1.25, 0xFF800000], [-1.75, 3.0e9]]> : tensor<3x2xf32>' | FileCheck %s --check-prefix=QCHANNEL --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=qc_dynamic --arg='dense<[[0x7FC00000, 0.261048645], [1.25, 0xFF800000], [-1.75, 3.0e9]]> : tensor<3x2xf32>' | FileCheck %s --check-prefix=QCHANNEL --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=qc_unranked --arg='dense<[[0x7FC00000, 0.261048645], [1.25, 0xFF800000], [-1.75, 3.0e9]]> : tensor<3x2xf32>' | FileCheck %s --check-prefix=QCHANNEL --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=qs_static --arg='dense<[[1.25, 0x7F800000, 0.625, -0.375], [2147483520.0, -1.75, 0x7FC00000, 64.0]]> : tensor<2x4xf32>' | FileCheck %s --check-prefix=QSUB --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=qs_dynamic --arg='dense<[[1.25, 0x7F800000, 0.625, -0.375], [2147483520.0, -1.75, 0x7FC00000, 64.0]]> : tensor<2x4xf32>' | FileCheck %s --check-prefix=QSUB --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=d_scalar --arg='-120 : i8' | FileCheck %s --check-prefix=DSCALAR --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=d_static --arg='dense<[-120, 4, 5, 127, -128]> : tensor<5xi8>' | FileCheck %s --check-prefix=DLAYER --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=d_dynamic --arg='dense<[-120, 4, 5, 127, -128]> : tensor<5xi8>' | FileCheck %s --check-prefix=DLAYER --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=d_unranked --arg='dense<[-120, 4, 5, 127, -128]> : tensor<5xi8>' | FileCheck %s --check-prefix=DLAYER --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=dc_static --arg='dense<[[-120, 3], [127, -128]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=DCHANNEL --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=dc_dynamic --arg='dense<[[-120, 3], [127, -128]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=DCHANNEL --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=dc_unranked --arg='dense<[[-120, 3], [127, -128]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=DCHANNEL --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=ds_static --arg='dense<[[-120, 5, 3, -128], [127, 4, 0, 1]]> : tensor<2x4xi8>' | FileCheck %s --check-prefix=DSUB --match-full-lines
// RUN: quant-interp %S/Inputs/profile-functions.mlir --profile=tosa-from-tflite --entry=ds_dynamic --arg='dense<[[-120, 5, 3, -128], [127, 4, 0, 1]]> : tensor<2x4xi8>' | FileCheck %s --check-prefix=DSUB --match-full-lines

// t = 0.7, + 200 -> 201
// QSCALAR: 201 : ui8
// QSCALAR-NOT: {{.+}}

// zp' = 72: 74.5 -> 74, 75.5 -> 76, 69.5 -> 70, 72.7 -> 73, 71.7 -> 72; + 128
// NaN -> poison; inf and 4294967040 saturate to 127 -> 255
// f32(0.50000006 + 72) = 72.5 -> 72 -> 200 (zero point added before rounding)
// QLAYER: dense<[202, 204, 198, 201, 200, 0, 255, 255, 200]> : tensor<9xui8>
// QLAYER-NEXT: // poison: 5
// QLAYER-NOT: {{.+}}

// col 0 (zp -1): NaN -> poison; f32(2.5 - 1) = 1.5 -> 2; -3.5 - 1 = -4.5 -> -4
// col 1: x * 465.430481 = 121.5 -> 122; -inf -> -128; 3e9 * r -> 127
// QCHANNEL: dense<{{\[\[}}0, 122], [2, -128], [-4, 127]]> : tensor<3x2xi8>
// QCHANNEL-NEXT: // poison: 0
// QCHANNEL-NOT: {{.+}}

// zp 128 (zp' 0): 2.5 -> 2 -> 130; inf and 4294967040 -> 127 -> 255; -3.5 -> -4 -> 124
// zp 0 (zp' -128): 2.5 - 128 = -125.5 -> -126 -> 2; -129.5 -> -128 -> 0; NaN -> poison; 128 -> 127 -> 255
// QSUB: dense<{{\[\[}}130, 255, 2, 0], [255, 124, 0, 255]]> : tensor<2x4xui8>
// QSUB-NEXT: // poison: 6
// QSUB-NOT: {{.+}}

// (q - zp) * s32 = -124 * 0.100000001490116 -> -12.400001 (single rounding of the exact product)
// DSCALAR: -12.400001 : f32
// DSCALAR-NOT: {{.+}}

// DLAYER: dense<[-12.400001, 0.0, 0.1, 12.3, -13.2]> : tensor<5xf32>
// DLAYER-NOT: {{.+}}

// DCHANNEL: dense<{{\[\[}}-12.400001, 2.0], [12.3, -63.5]]> : tensor<2x2xf32>
// DCHANNEL-NOT: {{.+}}

// sub-channel scales are f32 in the type: every profile gets -124 * f32(0.1) -> -12.400001
// DSUB: dense<{{\[\[}}-12.400001, 0.1, 2.0, -63.5], [12.3, 0.0, 0.5, 1.0]]> : tensor<2x4xf32>
// DSUB-NOT: {{.+}}
