// quant-interp quick start: one input quantized three ways and dequantized back.
//   per-layer:   one scale (0.5) and zero point (-3) for the whole tensor
//   per-channel: one scale per row (axis 0)
//   sub-channel: one scale per 1x2 block
!per_layer   = !quant.uniform<i8:f32, 0.5:-3>
!per_channel = !quant.uniform<u8:f32:0, {0.25:128, 2.0:10}>
!sub_channel = !quant.uniform<i4:f32:{0:1, 1:2}, {{1.0, 0.1}, {3.0, 0.5}}>

func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x4x!per_layer>, tensor<2x4x!per_channel>,
                                         tensor<2x4x!sub_channel>, tensor<2x4xf32>) {
  %a = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!per_layer>
  %b = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!per_channel>
  %c = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!sub_channel>
  %back = quant.dcast %c : tensor<2x4x!sub_channel> to tensor<2x4xf32>
  return %a, %b, %c, %back : tensor<2x4x!per_layer>, tensor<2x4x!per_channel>,
                             tensor<2x4x!sub_channel>, tensor<2x4xf32>
}
