//===- Xnnpack.cpp - XNNPACK's fp32 requantization -------------------------===//
//
// Spec: [requant.xnnpack-fp32].
//
// Follows google/XNNPACK:
//  - src/qs8-requantization/qs8-requantization-fp32-scalar-fmagic.c (and the
//    -lrintf.c variant, which rounds the same), the computation of the qs8 /
//    qu8 GEMM and conv microkernels with fp32 scalar_fmagic requantization:
//    (float) acc * scale, math_max_f32 with (float)(qmin - zero_point),
//    math_min_f32 with (float)(qmax - zero_point), + 12582912.0f (the magic
//    bias: to nearest even), the float's bits minus (0x4B400000 - zero_point);
//  - src/microparams-init.c, xnn_init_qs8_conv_minmax_fp32_scalar_fmagic_params:
//    assert(scale >= 0x1.0p-32f); assert(scale < 256.0f);
//  - src/xnnpack/math.h math_max_f32 / math_min_f32 (non-ARM: b < a ? a : b,
//    b < a ? b : a).
// qmin / qmax are the output type's bounds (no fused activation).
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/recipes/RecipeSupport.h"
#include "interpreter/requant/recipes/Recipes.h"
#include "interpreter/requant/recipes/SoftFloat.h"

namespace qi::requant::recipes {

namespace {

const char *const kInit = "xnn_init_qs8_conv_minmax_fp32_scalar_fmagic_params (assert)";
const char *const kKernel = "xnn_qs8_requantize_fp32__scalar_fmagic";

F32 mathMaxF32(F32 a, F32 b) { return less(b, a) ? a : b; }
F32 mathMinF32(F32 a, F32 b) { return less(b, a) ? b : a; }

} // namespace

RescaledElement xnnpackFp32(const RescaleAttributes &a, uint64_t inputBits, int64_t multiplier,
                            int8_t shift, uint64_t inputZpBits, uint64_t outputZpBits) {
  const Operands o = operandsOf(a, inputBits, inputZpBits, outputZpBits);
  if (a.outputWidth != 8)
    return violated(kKernel, "the output is int8_t (qs8) or uint8_t (qu8)",
                    typeText("out_t", a.outputWidth, a.outputUnsigned));
  if (!fitsInt32(o.value))
    return violated(kKernel, "the input is an int32_t accumulator", "value = " + std::to_string(o.value));
  const F32 scale = f32FromScale(multiplier, shift);
  if (isNaN(scale) || less(scale, f32FromScale(1, 32)))
    return violated(kInit, "scale >= 0x1.0p-32f", "scale = " + text(scale));
  if (!less(scale, f32FromScale(256, 0)))
    return violated(kInit, "scale < 256.0f", "scale = " + text(scale));

  const F32 outputMinLessZeroPoint = f32FromInteger(o.lo - o.outputZp);
  const F32 outputMaxLessZeroPoint = f32FromInteger(o.hi - o.outputZp);
  const F32 magicBias = f32FromBits(0x4B400000); // 12582912.0f
  const int32_t magicBiasLessOutputZeroPoint = 0x4B400000 - static_cast<int32_t>(o.outputZp);

  F32 fpacc = f32FromInteger(o.value); // (float) acc
  fpacc = mul(fpacc, scale);
  fpacc = mathMaxF32(fpacc, outputMinLessZeroPoint);
  fpacc = mathMinF32(fpacc, outputMaxLessZeroPoint);
  fpacc = add(fpacc, magicBias);
  // (int32_t) float_as_uint32(fpacc) - magic_bias_less_output_zero_point: the
  // clamped value is within +-2^22 of zero, so the bits are 0x4B400000 plus
  // the rounded integer.
  const int32_t out = static_cast<int32_t>(fpacc.bits) - magicBiasLessOutputZeroPoint;
  return stored(a, out); // (int8_t) / (uint8_t) out: already within [qmin, qmax]
}

} // namespace qi::requant::recipes
