//===- OnnxruntimeMlas.cpp - ONNX Runtime's MlasRequantizeOutput -----------===//
//
// Spec: [requant.onnxruntime-mlas].
//
// Follows microsoft/onnxruntime onnxruntime/core/mlas/lib/quantize.cpp,
// MlasRequantizeOutput<OutputType>, the MLAS_SSE2_INTRINSICS path (x86-64):
// int32 -> float (_mm_cvtepi32_ps), times the float scale (_mm_mul_ps),
// _mm_max_ps with float(lowest - ZeroPoint) then _mm_min_ps with
// float(max - ZeroPoint), _mm_cvtps_epi32 (to nearest even under the default
// MXCSR), _mm_add_epi32 of the zero point, packed with saturation to
// OutputType. It is instantiated for int8_t and uint8_t only. The bias it can
// add is not part of a rescale.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/recipes/RecipeSupport.h"
#include "interpreter/requant/recipes/Recipes.h"
#include "interpreter/requant/recipes/SoftFloat.h"

namespace qi::requant::recipes {

namespace {

const char *const kWhere = "MlasRequantizeOutput";

// _mm_max_ps(a, b): a > b ? a : b -- the second operand when either is NaN.
F32 maxps(F32 a, F32 b) { return less(b, a) ? a : b; }
// _mm_min_ps(a, b): a < b ? a : b -- the second operand when either is NaN.
F32 minps(F32 a, F32 b) { return less(a, b) ? a : b; }

// _mm_cvtps_epi32: to nearest even; NaN and values outside int32 give the
// "integer indefinite" 0x80000000.
int32_t cvtps2dq(F32 f) {
  const RoundedInteger r = roundToEven(f, INT32_MIN, INT32_MAX);
  return r.ok ? static_cast<int32_t>(r.value) : INT32_MIN;
}

} // namespace

RescaledElement onnxruntimeMlas(const RescaleAttributes &a, uint64_t inputBits,
                                int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                                uint64_t outputZpBits) {
  const Operands o = operandsOf(a, inputBits, inputZpBits, outputZpBits);
  if (a.outputWidth != 8)
    return violated(kWhere, "OutputType is int8_t or uint8_t (its only instantiations)",
                    typeText("out_t", a.outputWidth, a.outputUnsigned));
  if (!fitsInt32(o.value))
    return violated(kWhere, "the input is an int32_t (const int32_t* Input)",
                    "value = " + std::to_string(o.value));
  const F32 scale = f32FromScale(multiplier, shift);
  const F32 minimumValue = f32FromInteger(o.lo - o.outputZp);
  const F32 maximumValue = f32FromInteger(o.hi - o.outputZp);

  F32 floatValue = f32FromInteger(o.value); // _mm_cvtepi32_ps
  floatValue = mul(floatValue, scale);      // _mm_mul_ps
  floatValue = maxps(floatValue, minimumValue);
  floatValue = minps(floatValue, maximumValue);
  const int32_t rounded = cvtps2dq(floatValue);
  // _mm_add_epi32 wraps; after the clamp the sum lies in [lowest, max] and
  // the saturating packs store it unchanged.
  const int32_t integer = wrapToInt32(static_cast<int64_t>(rounded) + o.outputZp);
  return stored(a, clampTo(integer, o.lo, o.hi));
}

} // namespace qi::requant::recipes
