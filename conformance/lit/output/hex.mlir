// [cli.output.hex] --hex prints every tensor as dense<"0x...">: each element's
// bit pattern little-endian in whole bytes (as MLIR stores dense elements),
// and float scalars as their hex bit pattern. Integer scalars, signless i1
// tensors and empty tensors keep the decimal form.
//
// RUN: quant-interp %s --hex --arg='dense<[1.0, -2.0]> : tensor<2xf32>' --arg='0.5 : f16' | FileCheck %s --match-full-lines

// f32 1.0 = 0x3F800000 -> 0000803F;  -2.0 = 0xC0000000 -> 000000C0
// CHECK: dense<"0x0000803F000000C0"> : tensor<2xf32>
// f16 0.5 = 0x3800
// CHECK-NEXT: 0x3800 : f16
// qcast to u8 (zp 128, scale 1): 129, 126 = 0x81, 0x7E
// CHECK-NEXT: dense<"0x817E"> : tensor<2xui8>
// qcast to i16 (scale 0.25): 4, -8 = 0x0004, 0xFFF8 little-endian
// CHECK-NEXT: dense<"0x0400F8FF"> : tensor<2xi16>
// qcast of f16 0.5 to i4: 0.5 -> 0 (even); an integer scalar stays decimal
// CHECK-NEXT: 0 : i4
// CHECK-NEXT: dense<> : tensor<0xf32>
// CHECK-NOT: {{.+}}
func.func @main(%x: tensor<2xf32>, %h: f16)
    -> (tensor<2xf32>, f16, tensor<2x!quant.uniform<u8:f32, 1.0:128>>, tensor<2x!quant.uniform<i16:f32, 0.25>>,
        !quant.uniform<i4:f16, 1.0>, tensor<0xf32>) {
  %u = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.uniform<u8:f32, 1.0:128>>
  %i = quant.qcast %x : tensor<2xf32> to tensor<2x!quant.uniform<i16:f32, 0.25>>
  %s = quant.qcast %h : f16 to !quant.uniform<i4:f16, 1.0>
  %e = arith.constant dense<> : tensor<0xf32>
  return %x, %h, %u, %i, %s, %e : tensor<2xf32>, f16, tensor<2x!quant.uniform<u8:f32, 1.0:128>>, tensor<2x!quant.uniform<i16:f32, 0.25>>,
        !quant.uniform<i4:f16, 1.0>, tensor<0xf32>
}
