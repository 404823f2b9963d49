//===- Fbgemm.cpp - FBGEMM's float requantization --------------------------===//
//
// Spec: [requant.fbgemm].
//
// Follows pytorch/FBGEMM include/fbgemm/QuantUtils.h, Requantize<T>(std::int32_t
// src, std::int32_t zero_point, float multiplier, int result_precision, bool
// result_is_signed): `zero_point + std::lrintf(src * multiplier)` in long
// (src * multiplier is a float product: src converted to float first), then
// clamp<long, T> to the precision's range. The GEMM output pipeline
// (include/fbgemm/OutputProcessing-inl.h ReQuantizeOutput: `std::lrintf(raw *
// C_multiplier) + C_zero_point`, clamped to [0, 255]; its AVX2 form in
// src/QuantUtilsAvx2.cc requantizeOutputProcessingAvx2) computes the same for
// uint8 output while C_multiplier < 1, which the AVX2 code's overflow
// argument assumes. PyTorch before its double-product change computed the
// same in requantize_from_int (`lrintf(src * static_cast<float>(multiplier))`).
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/recipes/RecipeSupport.h"
#include "interpreter/requant/recipes/Recipes.h"
#include "interpreter/requant/recipes/SoftFloat.h"

namespace qi::requant::recipes {

RescaledElement fbgemm(const RescaleAttributes &a, uint64_t inputBits, int64_t multiplier,
                       int8_t shift, uint64_t inputZpBits, uint64_t outputZpBits) {
  const char *where = "fbgemm::Requantize";
  const Operands o = operandsOf(a, inputBits, inputZpBits, outputZpBits);
  if (!fitsInt32(o.value))
    return violated(where, "src is a std::int32_t", "src = " + std::to_string(o.value));
  const F32 floatMultiplier = f32FromScale(multiplier, shift);
  const F32 product = mul(f32FromInteger(o.value), floatMultiplier); // src * multiplier
  // std::lrintf: a value outside long (or NaN, inf) has no specified result.
  const RoundedInteger rounded = roundToEven(product, INT64_MIN, INT64_MAX);
  if (!rounded.ok)
    return violated(where, "std::lrintf(src * multiplier) is representable in long",
                    "src * multiplier = " + text(product));
  // long quantized_down = zero_point + ...: |rounded| < 2^63 - 2^39, no overflow.
  const int64_t quantizedDown = o.outputZp + rounded.value;
  // clamp<long, T>(quantized_down, result_precision, result_is_signed).
  return stored(a, clampTo(quantizedDown, o.lo, o.hi));
}

} // namespace qi::requant::recipes
