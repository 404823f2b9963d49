//===- TfFakeQuant.cpp - TensorFlow's fake-quant Nudge ---------------------===//
//
// Spec: [calib.tf-fake-quant]. tensorflow/tensorflow
// tensorflow/core/kernels/fake_quant_ops_functor.h Nudge (quant_min =
// narrow_range ? 1 : 0, quant_max = 2^num_bits - 1, from fake_quant_ops.cc),
// in binary32; the per-channel ops call the same Nudge per channel.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/recipes/Recipes.h"

namespace qi::calibrate::recipes {

using namespace requant::recipes;

const std::vector<RecipeOption> kTfFakeQuantOptions = {
    {"bits", "8", "2..16", "num_bits: quant_max = 2^num_bits - 1"},
    {"narrow", "0", "0..1", "narrow_range: quant_min = 1 instead of 0"},
};

Choice chooseTfFakeQuant(const CalibrationRecipe &recipe, const std::vector<Range> &ranges,
                         int32_t axis, const numeric::FloatFormat &expressed) {
  const int64_t bits = integerOption(recipe, "bits");
  const int64_t quantMin = flagOption(recipe, "narrow") ? 1 : 0;
  const int64_t quantMax = (int64_t(1) << bits) - 1;
  const F32 quantMinFloat = f32FromInteger(quantMin);
  const F32 quantMaxFloat = f32FromInteger(quantMax);
  std::vector<F64> scales;
  std::vector<int64_t> zeroPoints;
  for (size_t channel = 0; channel < ranges.size(); ++channel) {
    const F32 min = f32Of(ranges[channel].min);
    const F32 max = f32Of(ranges[channel].max);
    // FakeQuantWithMinMaxArgsOp: OP_REQUIRES(min_ < max_) (the Vars ops
    // eigen_assert "min should be < max coeff-wise").
    if (!less(min, max))
      return refusal("min has to be smaller than max, was: " + decimalText(min) + " >= " +
                     decimalText(max) + " (channel " + std::to_string(channel) + ")");
    const F32 scale = div(sub(max, min), sub(quantMaxFloat, quantMinFloat));
    // A zero or infinite scale makes min / scale NaN or 0 and the result no
    // !quant.uniform type (the uint16 cast of a NaN is undefined behaviour).
    if (!isFinite(scale) || equal(scale, f32FromInteger(0)))
      return refusal("Nudge: scale (max - min) / (quant_max - quant_min) = " + decimalText(scale) +
                     " for channel " + std::to_string(channel) +
                     "; !quant.uniform needs a finite positive scale");
    const F32 zeroPointFromMin = sub(quantMinFloat, div(min, scale));
    int64_t zeroPoint;
    if (less(zeroPointFromMin, quantMinFloat))
      zeroPoint = quantMin;
    else if (less(quantMaxFloat, zeroPointFromMin))
      zeroPoint = quantMax;
    else // static_cast<uint16>(std::round(zero_point_from_min)): half away
      zeroPoint = integralValue(roundIntegralAway(zeroPointFromMin), quantMin, quantMax).value;
    scales.push_back(toF64(scale));
    zeroPoints.push_back(zeroPoint);
  }
  const numeric::IntFormat storage{bits <= 8 ? 8u : 16u, false};
  return uniformChoice(storage, quantMin, quantMax, expressed, axis, scales, zeroPoints);
}

} // namespace qi::calibrate::recipes
