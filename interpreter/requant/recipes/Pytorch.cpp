//===- Pytorch.cpp - PyTorch's requantize_from_int -------------------------===//
//
// Spec: [requant.pytorch].
//
// Follows pytorch/pytorch aten/src/ATen/native/quantized/AffineQuantizerBase.cpp,
// requantize_from_int<DST_T>(double multiplier, int64_t zero_point, int64_t
// src), current form: `zero_point + lrintf(static_cast<float>(
// static_cast<double>(src) * multiplier))` in int64, clamped to
// DST_T::underlying's range. The product is a double, rounded to float, then
// to an integer: up to three roundings. DST_T is qint8, quint8 or qint32 (its
// explicit instantiations). The multiplier is a double, which holds TOSA's
// multiplier * 2^-shift exactly.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/recipes/RecipeSupport.h"
#include "interpreter/requant/recipes/Recipes.h"
#include "interpreter/requant/recipes/SoftFloat.h"

namespace qi::requant::recipes {

RescaledElement pytorch(const RescaleAttributes &a, uint64_t inputBits, int64_t multiplier,
                        int8_t shift, uint64_t inputZpBits, uint64_t outputZpBits) {
  const char *where = "at::native::requantize_from_int";
  const Operands o = operandsOf(a, inputBits, inputZpBits, outputZpBits);
  const bool instantiated = a.outputWidth == 8 || (a.outputWidth == 32 && !a.outputUnsigned);
  if (!instantiated)
    return violated(where, "DST_T is qint8, quint8 or qint32 (its instantiations)",
                    typeText("out_t", a.outputWidth, a.outputUnsigned));
  const F64 doubleMultiplier = f64FromScale(multiplier, shift);
  // static_cast<double>(src) is exact: |src| < 2^49.
  const F64 product = mul(f64FromInteger(o.value), doubleMultiplier);
  const F32 narrowed = toF32(product); // static_cast<float>
  const RoundedInteger rounded = roundToEven(narrowed, INT64_MIN, INT64_MAX);
  if (!rounded.ok)
    return violated(where,
                    "lrintf(static_cast<float>(static_cast<double>(src) * multiplier)) is "
                    "representable in long",
                    "static_cast<float>(...) = " + text(narrowed));
  const int64_t quantizeDown = o.outputZp + rounded.value;
  return stored(a, clampTo(quantizeDown, o.lo, o.hi));
}

} // namespace qi::requant::recipes
