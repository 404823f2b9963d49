// [cli.output] [cli.output.hex] Every result line parses back with mlir-opt as
// an attribute of the printed type (Inputs/wrap-constants.py wraps each line
// as `%r = arith.constant LINE`), and the --hex output reads back to exactly
// the same values as the decimal output (mlir-opt prints both the same way).
// Covers non-finite floats, every float type, unsigned/i1/u1/i4 storage,
// signless i1, empty tensors and scalars.
//
// RUN: quant-interp %s --args-file=%inputs/floats.args > %t.dec
// RUN: quant-interp %s --hex --args-file=%inputs/floats.args > %t.hex
// RUN: %python %inputs/wrap-constants.py < %t.dec | mlir-opt --allow-unregistered-dialect > %t.dec.mlir
// RUN: %python %inputs/wrap-constants.py < %t.hex | mlir-opt --allow-unregistered-dialect > %t.hex.mlir
// RUN: diff %t.dec.mlir %t.hex.mlir
// RUN: FileCheck %s --input-file=%t.dec.mlir

// What mlir-opt reads back (its own spelling), in order:
// CHECK: arith.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, -0.000000e+00, 1.401300e-45, 3.40282347E+38]> : tensor<6xf32>
// CHECK: arith.constant 0x7C00 : f16
// CHECK: arith.constant dense<[0xFF80, 1.000980e-01]> : tensor<2xbf16>
// CHECK: arith.constant dense<[0x7FF8000000000001, 1.000000e-300, 1.000000e-01]> : tensor<3xf64>
// CHECK: arith.constant dense<[0x7F, 4.480000e+02]> : tensor<2xf8E4M3FN>
// CHECK: arith.constant dense<[0xFC, 0x7F]> : tensor<2xf8E5M2>
// 0.1 -> u8 (scale 0.5, zp 128) = 128; 1e-45 -> 128; 3.4e38 -> 255
// CHECK: arith.constant dense<[255, 0, 0, 128, 128, 255]> : tensor<6xui8>
// CHECK: arith.constant dense<[true, false]> : tensor<2xi1>
// i1 storage: -1, 0 (MLIR reads -1 as true)
// CHECK: arith.constant dense<[true, false]> : tensor<2xi1>
// CHECK: arith.constant dense<[true, false]> : tensor<2xui1>
// CHECK: arith.constant dense<[-8, 7]> : tensor<2xi4>
// CHECK: arith.constant dense<> : tensor<0xf32>
// CHECK: "test.value"() {value = 255 : ui8} : () -> ()
func.func @main(%a: tensor<6xf32>, %b: f16, %c: tensor<2xbf16>, %d: tensor<3xf64>, %e: tensor<2xf8E4M3FN>, %f: tensor<2xf8E5M2>)
    -> (tensor<6xf32>, f16, tensor<2xbf16>, tensor<3xf64>, tensor<2xf8E4M3FN>, tensor<2xf8E5M2>,
        tensor<6x!quant.uniform<u8:f32, 0.5:128>>, tensor<2xi1>, tensor<2x!quant.uniform<i1:f32, 1.0>>,
        tensor<2x!quant.uniform<u1:f32, 1.0>>, tensor<2x!quant.uniform<i4:f32, 1.0>>, tensor<0xf32>, !quant.uniform<u8:f32, 0.5:128>) {
  %u = quant.qcast %a : tensor<6xf32> to tensor<6x!quant.uniform<u8:f32, 0.5:128>>
  %bits = arith.constant dense<[true, false]> : tensor<2xi1>
  %i1 = quant.scast %bits : tensor<2xi1> to tensor<2x!quant.uniform<i1:f32, 1.0>>
  %u1 = quant.scast %bits : tensor<2xi1> to tensor<2x!quant.uniform<u1:f32, 1.0>>
  %f4 = arith.constant dense<[-100.0, 100.0]> : tensor<2xf32>
  %i4 = quant.qcast %f4 : tensor<2xf32> to tensor<2x!quant.uniform<i4:f32, 1.0>>
  %empty = arith.constant dense<> : tensor<0xf32>
  %big = arith.constant 1000.0 : f32
  %s = quant.qcast %big : f32 to !quant.uniform<u8:f32, 0.5:128>
  return %a, %b, %c, %d, %e, %f, %u, %bits, %i1, %u1, %i4, %empty, %s
      : tensor<6xf32>, f16, tensor<2xbf16>, tensor<3xf64>, tensor<2xf8E4M3FN>, tensor<2xf8E5M2>,
        tensor<6x!quant.uniform<u8:f32, 0.5:128>>, tensor<2xi1>, tensor<2x!quant.uniform<i1:f32, 1.0>>,
        tensor<2x!quant.uniform<u1:f32, 1.0>>, tensor<2x!quant.uniform<i4:f32, 1.0>>, tensor<0xf32>, !quant.uniform<u8:f32, 0.5:128>
}
