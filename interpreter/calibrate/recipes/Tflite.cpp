//===- Tflite.cpp - TFLite's ChooseQuantizationParams ----------------------===//
//
// Spec: [calib.tflite]. tensorflow/tensorflow
// tensorflow/lite/kernels/internal/quantization_util.h
// ChooseQuantizationParams<T>(double rmin, double rmax, bool narrow_range),
// T = uint8_t / int8_t / int16_t. binary64 throughout, as written there.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/recipes/Recipes.h"

namespace qi::calibrate::recipes {

using namespace requant::recipes;

const std::vector<RecipeOption> kTfliteOptions = {
    {"narrow", "0", "0..1", "narrow_range: qmin = numeric_limits<T>::min() + 1"},
    {"type", "u8", "u8|i8|i16", "T: uint8_t, int8_t or int16_t"},
};

Choice chooseTflite(const CalibrationRecipe &recipe, const std::vector<Range> &ranges,
                    int32_t axis, const numeric::FloatFormat &expressed) {
  if (axis >= 0)
    return refusal("TFLite ChooseQuantizationParams chooses per-tensor parameters only "
                   "(per-axis asked along axis " + std::to_string(axis) + ")");
  const std::string_view type = optionValue(recipe, "type");
  const numeric::IntFormat storage{type == "i16" ? 16u : 8u, type != "u8"};
  const int64_t qmin = static_cast<int64_t>(storage.min()) + (flagOption(recipe, "narrow") ? 1 : 0);
  const int64_t qmax = static_cast<int64_t>(storage.max());
  const F64 qminDouble = f64FromInteger(qmin);
  const F64 qmaxDouble = f64FromInteger(qmax);
  const F64 rmin = f64Of(ranges[0].min);
  const F64 rmax = f64Of(ranges[0].max);
  const F64 zero = f64FromInteger(0);

  // TFLITE_CHECK_LE(rmin, 0.) / TFLITE_CHECK_GE(rmax, 0.) abort the process
  // (false for NaN): the caller must widen the range to hold 0 first.
  if (!(less(rmin, zero) || equal(rmin, zero)))
    return refusal("TFLITE_CHECK_LE(rmin, 0.) fails: rmin = " + decimalText(rmin) +
                   " (ChooseQuantizationParams needs a range holding 0)");
  if (!(less(zero, rmax) || equal(rmax, zero)))
    return refusal("TFLITE_CHECK_GE(rmax, 0.) fails: rmax = " + decimalText(rmax) +
                   " (ChooseQuantizationParams needs a range holding 0)");
  if (equal(rmin, rmax))
    return refusal("ChooseQuantizationParams returns scale 0, zero point 0 for the range [0, 0]; "
                   "!quant.uniform needs a positive scale");

  const F64 scale = div(sub(rmax, rmin), sub(qmaxDouble, qminDouble));
  if (!isFinite(scale))
    return refusal("ChooseQuantizationParams: scale (rmax - rmin) / (qmax - qmin) = " +
                   decimalText(scale) + " is not finite (its zero point then comes from inf / inf)");
  // A width below half of 2^-1074 * (qmax - qmin) underflows to scale 0: TFLite returns it (or, for
  // rmax = 0, reaches round(NaN) cast to T, undefined behaviour).
  if (equal(scale, f64FromInteger(0)))
    return refusal("ChooseQuantizationParams: scale (rmax - rmin) / (qmax - qmin) underflows to 0 for [" +
                   decimalText(rmin) + ", " + decimalText(rmax) + "]; !quant.uniform needs a positive scale");

  const F64 minOverScale = div(rmin, scale);
  const F64 maxOverScale = div(rmax, scale);
  const F64 zeroPointFromMin = sub(qminDouble, minOverScale);
  const F64 zeroPointFromMax = sub(qmaxDouble, maxOverScale);
  const F64 zeroPointFromMinError = add(absolute(qminDouble), absolute(minOverScale));
  const F64 zeroPointFromMaxError = add(absolute(qmaxDouble), absolute(maxOverScale));
  const F64 zeroPointDouble =
      less(zeroPointFromMinError, zeroPointFromMaxError) ? zeroPointFromMin : zeroPointFromMax;

  int64_t zeroPoint = 0;
  if (less(zeroPointDouble, qminDouble))
    zeroPoint = qmin;
  else if (less(qmaxDouble, zeroPointDouble))
    zeroPoint = qmax;
  else // static_cast<T>(round(zero_point_double)): half away from zero
    zeroPoint = integralValue(roundIntegralAway(zeroPointDouble), qmin, qmax).value;
  return uniformChoice(storage, qmin, qmax, expressed, -1, {scale}, {zeroPoint});
}

} // namespace qi::calibrate::recipes
