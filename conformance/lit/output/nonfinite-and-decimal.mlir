// [cli.output] Floats print as the shortest decimal that reads back to the
// same value; infinities and NaNs print in MLIR's hex form (bit pattern of the
// element type, NaN payloads kept); -0.0 keeps its sign.
//
// RUN: quant-interp %s --args-file=%inputs/floats.args | FileCheck %s --match-full-lines

// CHECK: dense<[0x7F800000, 0xFF800000, 0x7FC00000, -0.0, 1.0e-45, 3.4028235e+38]> : tensor<6xf32>
// CHECK-NEXT: 0x7C00 : f16
// CHECK-NEXT: dense<[0xFF80, 0.1]> : tensor<2xbf16>
// CHECK-NEXT: dense<[0x7FF8000000000001, 1.0e-300, 0.1]> : tensor<3xf64>
// 448 (max) prints as 450.0: it reads back as 448 (neighbour 416, overflow from 464)
// CHECK-NEXT: dense<[0x7F, 450.0]> : tensor<2xf8E4M3FN>
// CHECK-NEXT: dense<[0xFC, 0x7F]> : tensor<2xf8E5M2>
// CHECK-NOT: {{.+}}
func.func @main(%a: tensor<6xf32>, %b: f16, %c: tensor<2xbf16>, %d: tensor<3xf64>, %e: tensor<2xf8E4M3FN>, %f: tensor<2xf8E5M2>)
    -> (tensor<6xf32>, f16, tensor<2xbf16>, tensor<3xf64>, tensor<2xf8E4M3FN>, tensor<2xf8E5M2>) {
  return %a, %b, %c, %d, %e, %f : tensor<6xf32>, f16, tensor<2xbf16>, tensor<3xf64>, tensor<2xf8E4M3FN>, tensor<2xf8E5M2>
}
