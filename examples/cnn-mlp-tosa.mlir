// The example network in integer TOSA 1.0 (docs/example-network.md): two 6x6x2 int8 images, a 3x3
// convolution to 4 channels, requantize, ReLU, 2x2 average pooling, a fully connected layer of 36 -> 3
// with bias, requantize: three int8 class scores per image.
//
//   quant-interp examples/cnn-mlp-tosa.mlir --args-file=examples/cnn-mlp.args
//
// Quantization (the same model as examples/cnn-mlp-fallback.mlir, which computes in f32 between casts):
//   input   scale 0.0235, zero point -5
//   conv    weights per output channel, scales [0.011, 0.0073, 0.0158, 0.0042], zero point 0; bias i32 at s_in * s_w
//   hidden  scale 0.15, zero point -20 (the rescale's output; ReLU clamps at the zero point)
//   fc      weights scale 0.0091, zero point 0; bias i32 at s_hidden * s_fc
//   scores  scale 0.25, zero point 3
// Each rescale's (multiplier, shift) is MLIR 22's computeMultiplierAndShift (scale32) of the scale ratio,
// e.g. `quant-interp --derive-multiplier=<s_in * s_w / s_hidden> --derive-for=mlir-scale32`; DOUBLE_ROUND
// as TFLite-converted models use. Written by conformance/examples/cnn_mlp_example.py --write.
func.func @main(%x: tensor<2x6x6x2xi8>) -> tensor<2x3xi8> {
  %conv_w = "tosa.const"() {values = dense<[[[[-55, 99], [36, -99], [-104, -97]], [[-60, 112], [-105, -1], [-86, 34]], [[-125, 78], [-62, -106], [25, 7]]], [[[-58, -19], [73, -117], [99, -120]], [[-123, -43], [82, 31], [-73, -110]], [[12, -103], [-91, -28], [68, 79]]], [[[45, 95], [77, 34], [20, 29]], [[-82, 29], [0, -106], [-68, 85]], [[115, -65], [-49, 91], [76, 25]]], [[[57, -93], [-17, -116], [110, -32]], [[105, 48], [-21, -5], [-110, 12]], [[34, -116], [24, -39], [-60, -97]]]]> : tensor<4x3x3x2xi8>} : () -> tensor<4x3x3x2xi8>
  %conv_b = "tosa.const"() {values = dense<[652, 1172, -1003, -1047]> : tensor<4xi32>} : () -> tensor<4xi32>
  %x_zp = "tosa.const"() {values = dense<-5> : tensor<1xi8>} : () -> tensor<1xi8>
  %w_zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %conv = tosa.conv2d %x, %conv_w, %conv_b, %x_zp, %w_zp {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<2x6x6x2xi8>, tensor<4x3x3x2xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x6x6x4xi32>
  %conv_mult = "tosa.const"() {values = dense<[1894825039, 1257474798, 1360828891, 1446957302]> : tensor<4xi32>} : () -> tensor<4xi32>
  %conv_shift = "tosa.const"() {values = dense<[40, 40, 39, 41]> : tensor<4xi8>} : () -> tensor<4xi8>
  %acc_zp = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %y_zp = "tosa.const"() {values = dense<-20> : tensor<1xi8>} : () -> tensor<1xi8>
  %hidden = tosa.rescale %conv, %conv_mult, %conv_shift, %acc_zp, %y_zp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<2x6x6x4xi32>, tensor<4xi32>, tensor<4xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x6x6x4xi8>
  %relu = tosa.clamp %hidden {min_val = -20 : i8, max_val = 127 : i8} : (tensor<2x6x6x4xi8>) -> tensor<2x6x6x4xi8>
  %pooled = tosa.avg_pool2d %relu, %y_zp, %y_zp {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<2x6x6x4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3x3x4xi8>
  %rows_shape = tosa.const_shape {values = dense<[1, 2, 36]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %rows = tosa.reshape %pooled, %rows_shape : (tensor<2x3x3x4xi8>, !tosa.shape<3>) -> tensor<1x2x36xi8>
  %fc_w = "tosa.const"() {values = dense<[[[-85, -20, 103], [-83, 124, 70], [31, -90, -31], [4, 90, -70], [-55, 3, 105], [-84, 62, -88], [53, 30, -81], [-94, -117, -25], [79, 67, -69], [125, -81, -79], [-99, -89, 55], [44, 79, -83], [110, 2, -67], [-73, -4, 124], [-69, 111, 125], [90, 90, -70], [36, 92, -101], [85, -54, 19], [22, 50, -20], [56, 24, -14], [-52, 90, 8], [-42, 35, -58], [75, -12, -63], [-81, -44, -15], [-100, -33, 19], [106, -127, 0], [-76, 84, -14], [-35, 107, -7], [103, 6, 100], [95, 11, -22], [-77, -56, 22], [16, 126, -9], [14, -60, -96], [-7, 7, 122], [-99, 100, -33], [-39, -107, 74]]]> : tensor<1x36x3xi8>} : () -> tensor<1x36x3xi8>
  %fc = tosa.matmul %rows, %fc_w, %y_zp, %w_zp : (tensor<1x2x36xi8>, tensor<1x36x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x3xi32>
  %fc_b = "tosa.const"() {values = dense<[[[1659, 2555, 425]]]> : tensor<1x1x3xi32>} : () -> tensor<1x1x3xi32>
  %fc_biased = tosa.add %fc, %fc_b : (tensor<1x2x3xi32>, tensor<1x1x3xi32>) -> tensor<1x2x3xi32>
  %fc_mult = "tosa.const"() {values = dense<1500833372> : tensor<1xi32>} : () -> tensor<1xi32>
  %fc_shift = "tosa.const"() {values = dense<38> : tensor<1xi8>} : () -> tensor<1xi8>
  %out_zp = "tosa.const"() {values = dense<3> : tensor<1xi8>} : () -> tensor<1xi8>
  %scores3 = tosa.rescale %fc_biased, %fc_mult, %fc_shift, %acc_zp, %out_zp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<1x2x3xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x2x3xi8>
  %scores_shape = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %scores = tosa.reshape %scores3, %scores_shape : (tensor<1x2x3xi8>, !tosa.shape<2>) -> tensor<2x3xi8>
  return %scores : tensor<2x3xi8>
}
