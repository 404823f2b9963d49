//===- OnnxDynamic.cpp - ONNX Runtime's DynamicQuantizeLinear --------------===//
//
// Spec: [calib.onnx-dynamic]. microsoft/onnxruntime
// onnxruntime/core/providers/cpu/quantization/dynamicquantizelinear.cc calls
// GetQuantizationParameter<uint8_t> (onnxruntime/core/util/qmath.h): the
// data's min and max (accumulators from FLT_MAX / lowest, std::min /
// std::max per element, so a NaN element is passed over; a range stands for
// the data {min, max}), widened to hold 0 with std::min / std::max, then in
// binary32
//   scale = max == min ? 1.0f : (max - min) / float(qmax - qmin)
//   zp = (uint8_t)RoundHalfToEven(std::max(0.f, std::min(255.f, 0 - min / scale)))
// RoundHalfToEven(x) = x - std::remainderf(x, 1.f) (finite x): ties to even.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/recipes/Recipes.h"

namespace qi::calibrate::recipes {

using namespace requant::recipes;

const std::vector<RecipeOption> kOnnxDynamicOptions = {};

Choice chooseOnnxDynamic(const CalibrationRecipe &, const std::vector<Range> &ranges, int32_t axis,
                         const numeric::FloatFormat &expressed) {
  if (axis >= 0)
    return refusal("DynamicQuantizeLinear has one scale and zero point per tensor (per-axis "
                   "asked along axis " + std::to_string(axis) + ")");
  const F32 zero = f32FromInteger(0);
  const F32 qmax = f32FromInteger(255);
  F32 dataMin = f32FromBits(0x7F7FFFFFu), dataMax = f32FromBits(0xFF7FFFFFu);
  for (const F32 element : {f32Of(ranges[0].min), f32Of(ranges[0].max)}) {
    dataMin = stdMin(dataMin, element);
    dataMax = stdMax(dataMax, element);
  }
  const F32 min = stdMin(dataMin, zero);
  const F32 max = stdMax(dataMax, zero);
  const F32 scale = equal(max, min) ? f32FromInteger(1) : div(sub(max, min), qmax);
  const F32 initialZeroPoint = sub(zero, div(min, scale));
  const F32 clamped = stdMax(zero, stdMin(qmax, initialZeroPoint));
  // ORT returns this scale without complaint; a NaN, infinite or zero one
  // (a NaN or infinite bound, or a subnormal range) is no !quant.uniform.
  if (!isFinite(scale) || equal(scale, zero))
    return refusal("DynamicQuantizeLinear computes scale " + decimalText(scale) + " for the range [" +
                   decimalText(min) + ", " + decimalText(max) +
                   "]; !quant.uniform needs a finite positive scale");
  const int64_t zeroPoint = integralValue(roundIntegralEven(clamped), 0, 255).value;
  return uniformChoice(numeric::IntFormat{8, false}, 0, 255, expressed, -1, {toF64(scale)},
                       {zeroPoint});
}

} // namespace qi::calibrate::recipes
