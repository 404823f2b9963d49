// The example network of examples/cnn-mlp-tosa.mlir in seed 001's dequantization fallback form
// (docs/example-network.md): the same int8 weights, biases, scales and zero points, but every layer
// dequantizes its inputs (quant.dcast), computes in f32 with the same TOSA operators, and quantizes
// its result (quant.qcast) to the layer's !quant.uniform type. No tosa.rescale: the requantization is
// the qcast's division by the output scale, rounded half to even (the profile's rounding).
//
//   quant-interp examples/cnn-mlp-fallback.mlir --args-file=examples/cnn-mlp.args
//
// Written by conformance/examples/cnn_mlp_example.py --write.
!x = !quant.uniform<i8:f32, 0.0235:-5>
!w = !quant.uniform<i8:f32:0, {0.011, 0.0073, 0.0158, 0.0042}>
!b = !quant.uniform<i32:f32:0, {0.0002585, 0.00017155, 0.0003713, 9.87e-05}>
!hidden = !quant.uniform<i8:f32, 0.15:-20>
!fc_w = !quant.uniform<i8:f32, 0.0091>
!fc_b = !quant.uniform<i32:f32, 0.0013650000000000001>
!scores = !quant.uniform<i8:f32, 0.25:3>
func.func @main(%x: tensor<2x6x6x2xi8>) -> tensor<2x3xi8> {
  %f0 = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %xq = quant.scast %x : tensor<2x6x6x2xi8> to tensor<2x6x6x2x!x>
  %xf = quant.dcast %xq : tensor<2x6x6x2x!x> to tensor<2x6x6x2xf32>
  %conv_w_i8 = arith.constant dense<[[[[-55, 99], [36, -99], [-104, -97]], [[-60, 112], [-105, -1], [-86, 34]], [[-125, 78], [-62, -106], [25, 7]]], [[[-58, -19], [73, -117], [99, -120]], [[-123, -43], [82, 31], [-73, -110]], [[12, -103], [-91, -28], [68, 79]]], [[[45, 95], [77, 34], [20, 29]], [[-82, 29], [0, -106], [-68, 85]], [[115, -65], [-49, 91], [76, 25]]], [[[57, -93], [-17, -116], [110, -32]], [[105, 48], [-21, -5], [-110, 12]], [[34, -116], [24, -39], [-60, -97]]]]> : tensor<4x3x3x2xi8>
  %conv_wq = quant.scast %conv_w_i8 : tensor<4x3x3x2xi8> to tensor<4x3x3x2x!w>
  %conv_wf = quant.dcast %conv_wq : tensor<4x3x3x2x!w> to tensor<4x3x3x2xf32>
  %conv_b_i32 = arith.constant dense<[652, 1172, -1003, -1047]> : tensor<4xi32>
  %conv_bq = quant.scast %conv_b_i32 : tensor<4xi32> to tensor<4x!b>
  %conv_bf = quant.dcast %conv_bq : tensor<4x!b> to tensor<4xf32>
  %conv = tosa.conv2d %xf, %conv_wf, %conv_bf, %f0, %f0 {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = f32} : (tensor<2x6x6x2xf32>, tensor<4x3x3x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x6x6x4xf32>
  %relu = tosa.clamp %conv {min_val = 0.0 : f32, max_val = 3.40282347e+38 : f32} : (tensor<2x6x6x4xf32>) -> tensor<2x6x6x4xf32>
  %hidden = quant.qcast %relu : tensor<2x6x6x4xf32> to tensor<2x6x6x4x!hidden>
  %hidden_f = quant.dcast %hidden : tensor<2x6x6x4x!hidden> to tensor<2x6x6x4xf32>
  %pooled_f = tosa.avg_pool2d %hidden_f, %f0, %f0 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, acc_type = f32} : (tensor<2x6x6x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x3x4xf32>
  %pooled = quant.qcast %pooled_f : tensor<2x3x3x4xf32> to tensor<2x3x3x4x!hidden>
  %pooled_in = quant.dcast %pooled : tensor<2x3x3x4x!hidden> to tensor<2x3x3x4xf32>
  %rows_shape = tosa.const_shape {values = dense<[1, 2, 36]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %rows = tosa.reshape %pooled_in, %rows_shape : (tensor<2x3x3x4xf32>, !tosa.shape<3>) -> tensor<1x2x36xf32>
  %fc_w_i8 = arith.constant dense<[[[-85, -20, 103], [-83, 124, 70], [31, -90, -31], [4, 90, -70], [-55, 3, 105], [-84, 62, -88], [53, 30, -81], [-94, -117, -25], [79, 67, -69], [125, -81, -79], [-99, -89, 55], [44, 79, -83], [110, 2, -67], [-73, -4, 124], [-69, 111, 125], [90, 90, -70], [36, 92, -101], [85, -54, 19], [22, 50, -20], [56, 24, -14], [-52, 90, 8], [-42, 35, -58], [75, -12, -63], [-81, -44, -15], [-100, -33, 19], [106, -127, 0], [-76, 84, -14], [-35, 107, -7], [103, 6, 100], [95, 11, -22], [-77, -56, 22], [16, 126, -9], [14, -60, -96], [-7, 7, 122], [-99, 100, -33], [-39, -107, 74]]]> : tensor<1x36x3xi8>
  %fc_wq = quant.scast %fc_w_i8 : tensor<1x36x3xi8> to tensor<1x36x3x!fc_w>
  %fc_wf = quant.dcast %fc_wq : tensor<1x36x3x!fc_w> to tensor<1x36x3xf32>
  %fc = tosa.matmul %rows, %fc_wf, %f0, %f0 : (tensor<1x2x36xf32>, tensor<1x36x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x3xf32>
  %fc_b_i32 = arith.constant dense<[[[1659, 2555, 425]]]> : tensor<1x1x3xi32>
  %fc_bq = quant.scast %fc_b_i32 : tensor<1x1x3xi32> to tensor<1x1x3x!fc_b>
  %fc_bf = quant.dcast %fc_bq : tensor<1x1x3x!fc_b> to tensor<1x1x3xf32>
  %fc_biased = tosa.add %fc, %fc_bf : (tensor<1x2x3xf32>, tensor<1x1x3xf32>) -> tensor<1x2x3xf32>
  %scores3 = quant.qcast %fc_biased : tensor<1x2x3xf32> to tensor<1x2x3x!scores>
  %scores_q = quant.scast %scores3 : tensor<1x2x3x!scores> to tensor<1x2x3xi8>
  %scores_shape = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %scores = tosa.reshape %scores_q, %scores_shape : (tensor<1x2x3xi8>, !tosa.shape<2>) -> tensor<2x3xi8>
  return %scores : tensor<2x3xi8>
}
