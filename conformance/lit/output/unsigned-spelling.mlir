// [cli.output] Quantized results print their stored integers with the
// storage's signedness: `ui8` for u8 (0..255), `i8` for i8; signless integer
// results (scast) print signed, as MLIR does.
//
// RUN: quant-interp %s --arg='dense<[-1, 0, 127, -128]> : tensor<4xi8>' | FileCheck %s --match-full-lines

// CHECK: dense<[255, 0, 127, 128]> : tensor<4xui8>
// CHECK-NEXT: dense<[-1, 0, 127, -128]> : tensor<4xi8>
// CHECK-NEXT: dense<[15, 0, 15, 15]> : tensor<4xui4>
// CHECK-NEXT: 255 : ui8
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<4xi8>) -> (tensor<4x!quant.uniform<u8:f32, 1.0>>, tensor<4x!quant.uniform<i8:f32, 1.0>>,
                                      tensor<4x!quant.uniform<u4:f32, 1.0>>, !quant.uniform<u8:f32, 1.0>) {
  %u = quant.scast %x : tensor<4xi8> to tensor<4x!quant.uniform<u8:f32, 1.0>>
  %s = quant.scast %x : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 1.0>>
  %f = quant.dcast %u : tensor<4x!quant.uniform<u8:f32, 1.0>> to tensor<4xf32>
  // 255, 0, 127, 128 -> u4 saturates: 15, 0, 15, 15
  %q = quant.qcast %f : tensor<4xf32> to tensor<4x!quant.uniform<u4:f32, 1.0>>
  %c = arith.constant -1 : i8
  %one = quant.scast %c : i8 to !quant.uniform<u8:f32, 1.0>
  return %u, %s, %q, %one : tensor<4x!quant.uniform<u8:f32, 1.0>>, tensor<4x!quant.uniform<i8:f32, 1.0>>,
                            tensor<4x!quant.uniform<u4:f32, 1.0>>, !quant.uniform<u8:f32, 1.0>
}
