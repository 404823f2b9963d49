// [cli.calibration] A network fragment with calibrated types (seed-000 style:
// qcast to !quant.calibrated, dcast back) runs under a calibration recipe; two
// recipes choose different parameters for [-0.5, 2.0] and so give different
// results. Every expected value was printed by the tool and checked by hand.
//
// RUN: quant-interp %s --entry=layer --arg='dense<[[-0.5, 0.1, 0.7], [1.3, 2.0, 2.5]]> : tensor<2x3xf32>' --calibration=pytorch | FileCheck %s --check-prefix=PT-LAYER --match-full-lines
// RUN: quant-interp %s --entry=layer --arg='dense<[[-0.5, 0.1, 0.7], [1.3, 2.0, 2.5]]> : tensor<2x3xf32>' --calibration=tvm:mode=max | FileCheck %s --check-prefix=TVM-LAYER --match-full-lines
// RUN: quant-interp %s --entry=stored --arg='dense<[0, 1, 255]> : tensor<3xi8>' --calibration=pytorch | FileCheck %s --check-prefix=PT-STORED --match-full-lines
// RUN: quant-interp %s --entry=stored --arg='dense<[0, 1, 255]> : tensor<3xi8>' --calibration=tvm:mode=max | FileCheck %s --check-prefix=TVM-STORED --match-full-lines

// PyTorch quint8 affine on [-0.5, 2]: scale f32(2.5 / 255) = 0.0098039219...,
// zero point 0 - round(-0.5 / scale) = round(51.0) = 51. qcast then dcast:
// 0.1 -> round(10.2) + 51 = 61 -> (61 - 51) * scale = 0.09803922; 2.5 clamps
// to 255 -> 204 * scale = 2.0.
// PT-LAYER: // calibration pytorch:dtype=quint8,eps=1.1920928955078125e-07,qscheme=affine,quant_max=none,quant_min=none,reduce_range=0: !quant.calibrated<f32<-5.000000e-01:2.000000e+00>> -> !quant.uniform<u8:f32, 0.0098039219155907631:51>
// PT-LAYER-NEXT: dense<{{\[\[}}-0.5, 0.09803922, 0.6960785], [1.3039216, 2.0, 2.0]]> : tensor<2x3xf32>
// PT-LAYER-NOT: {{.}}

// TVM max (signed 8 bits): scale = max(|-0.5|, |2|) / 2^7 = 2 / 128 = 0.015625,
// zero point 0, storage [-127, 127]. 0.1 -> round(6.4) = 6 -> 0.09375; 2.0 ->
// 128 clamps to 127 -> 1.984375.
// TVM-LAYER: // calibration tvm:bits=8,global_scale=8.0,mode=max,signed=1: !quant.calibrated<f32<-5.000000e-01:2.000000e+00>> -> !quant.uniform<i8<-127:127>:f32, 1.562500e-02>
// TVM-LAYER-NEXT: dense<{{\[\[}}-0.5, 0.09375, 0.703125], [1.296875, 1.984375, 1.984375]]> : tensor<2x3xf32>
// TVM-LAYER-NOT: {{.}}

// A parameter of calibrated type takes the stored values of the chosen type:
// u8 under PyTorch (0, 1, 255 -> (q - 51) * scale), i8 under TVM (255 : i8 is -1).
// PT-STORED: // calibration pytorch:{{.*}} -> !quant.uniform<u8:f32, 0.0098039219155907631:51>
// PT-STORED-NEXT: dense<[-0.5, -0.4901961, 2.0]> : tensor<3xf32>
// TVM-STORED: // calibration tvm:{{.*}} -> !quant.uniform<i8<-127:127>:f32, 1.562500e-02>
// TVM-STORED-NEXT: dense<[0.0, 0.015625, -0.015625]> : tensor<3xf32>

func.func @layer(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %q = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!quant.calibrated<f32<-0.5:2.0>>>
  %d = quant.dcast %q : tensor<2x3x!quant.calibrated<f32<-0.5:2.0>>> to tensor<2x3xf32>
  return %d : tensor<2x3xf32>
}

func.func @stored(%q: tensor<3x!quant.calibrated<f32<-0.5:2.0>>>) -> tensor<3xf32> {
  %d = quant.dcast %q : tensor<3x!quant.calibrated<f32<-0.5:2.0>>> to tensor<3xf32>
  return %d : tensor<3xf32>
}

