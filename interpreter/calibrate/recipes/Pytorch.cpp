//===- Pytorch.cpp - PyTorch 1.13's observer qparams -----------------------===//
//
// Spec: [calib.pytorch]. pytorch/pytorch v1.13
// torch/ao/quantization/observer.py
// UniformQuantizationObserverBase._calculate_qparams, with
// torch/ao/quantization/utils.py check_min_max_valid and calculate_qmin_qmax.
// The observer's min_val / max_val / eps are float32 tensors, so every step
// is a binary32 tensor operation: a Python float operand is rounded to
// binary32 first (tensor-scalar type promotion), torch.round ties to even,
// .to(torch.int) converts as x86's CVTTSS2SI does (out of range: INT_MIN),
// and the int32 subtraction wraps.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/recipes/Recipes.h"

#include "interpreter/numeric/DecimalFormat.h"

#include <limits>

namespace qi::calibrate::recipes {

using namespace requant::recipes;

const std::vector<RecipeOption> kPytorchOptions = {
    {"dtype", "quint8", "quint8|qint8|qint32", "observer dtype (storage u8, i8, i32)"},
    {"eps", "1.1920928955078125e-07", "real>0",
     "eps (default torch.finfo(torch.float32).eps), held as a float32 tensor"},
    {"qscheme", "affine", "affine|symmetric",
     "per_tensor_/per_channel_ affine or symmetric (per-channel when an axis is given)"},
    {"quant_max", "none", "none|-2147483648..4294967295",
     "custom quant_max (used only when quant_min is given too, as in PyTorch)"},
    {"quant_min", "none", "none|-2147483648..4294967295",
     "custom quant_min (used only when quant_max is given too, as in PyTorch)"},
    {"reduce_range", "0", "0..1", "reduce_range: qint8 [-64, 63], quint8 [0, 127]; custom // 2"},
};

namespace {

std::string decimal(F32 v) {
  return isFinite(v) ? numeric::formatDecimal(numeric::f32Format(), v.bits)
                     : (isNaN(v) ? "nan" : (v.bits >> 31 ? "-inf" : "inf"));
}

/// Python's floor division a // 2.
int64_t floorHalf(int64_t a) { return a >= 0 ? a / 2 : -((-a + 1) / 2); }

struct QRange {
  int64_t qmin = 0, qmax = 0;
  bool customized = false;
  std::string error;
};

/// calculate_qmin_qmax, with _validate_qmin_qmax's asserts first.
QRange quantRange(const CalibrationRecipe &recipe, std::string_view dtype, bool reduceRange) {
  QRange r;
  const std::string_view minText = optionValue(recipe, "quant_min");
  const std::string_view maxText = optionValue(recipe, "quant_max");
  r.customized = minText != "none" && maxText != "none";
  if (r.customized) {
    const int64_t qmin = std::stoll(std::string(minText));
    const int64_t qmax = std::stoll(std::string(maxText));
    if (!(qmin <= 0 && 0 <= qmax))
      r.error = "Used-specified quantization range must include 0.";
    else if (!(qmin < qmax))
      r.error = "qmin must be strictly less than qmax for user-specified quantization range.";
    else if (dtype == "qint8" && !(qmax - qmin + 1 <= 256))
      r.error = "quantization range should be positive and not exceed the maximum bit range "
                "(=256).";
    else if (dtype == "qint32" && !(qmax - qmin + 1 <= (int64_t(1) << 31)))
      r.error = "quantization range should be positive and not exceed the maximum bit range "
                "(=4294967296).";
    r.qmin = reduceRange ? floorHalf(qmin) : qmin;
    r.qmax = reduceRange ? floorHalf(qmax) : qmax;
  } else if (dtype == "qint8") {
    r.qmin = reduceRange ? -64 : -128;
    r.qmax = reduceRange ? 63 : 127;
  } else if (dtype == "quint8") {
    r.qmin = 0;
    r.qmax = reduceRange ? 127 : 255;
  } else {
    r.qmin = -(int64_t(1) << 31);
    r.qmax = (int64_t(1) << 31) - 1;
  }
  return r;
}

/// torch.minimum / torch.maximum of non-NaN values: std::min / std::max (the
/// sign of a zero never reaches the result: it only feeds a difference that
/// eps bounds).
F32 minimum(F32 a, F32 b) { return stdMin(a, b); }
F32 maximum(F32 a, F32 b) { return stdMax(a, b); }

/// float(tensor.to(torch.int)): x86 CVTTSS2SI, INT_MIN when out of range.
int64_t toInt32(F32 integral) {
  const RoundedInteger r = integralValue(integral, std::numeric_limits<int32_t>::min(),
                                         std::numeric_limits<int32_t>::max());
  return r.ok ? r.value : std::numeric_limits<int32_t>::min();
}

/// int32 a - b, wrapping.
int64_t int32Sub(int64_t a, int64_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}

} // namespace

Choice choosePytorch(const CalibrationRecipe &recipe, const std::vector<Range> &ranges,
                     int32_t axis, const numeric::FloatFormat &expressed) {
  const std::string_view dtype = optionValue(recipe, "dtype");
  const bool symmetric = optionValue(recipe, "qscheme") == "symmetric";
  const bool reduceRange = flagOption(recipe, "reduce_range");
  // The observers' constructors raise before any range is seen.
  if (symmetric && reduceRange && dtype == "quint8")
    return refusal("NotImplementedError: Cannot reduce range for symmetric quantization for quint8");
  const QRange range = quantRange(recipe, dtype, reduceRange);
  if (!range.error.empty())
    return refusal("AssertionError: " + range.error);
  const numeric::IntFormat storage{dtype == "qint32" ? 32u : 8u, dtype != "quint8"};
  if (range.qmin < static_cast<int64_t>(storage.min()) ||
      range.qmax > static_cast<int64_t>(storage.max()))
    return refusal("quant_min/quant_max [" + std::to_string(range.qmin) + ", " +
                   std::to_string(range.qmax) + "] lie outside " + std::string(dtype) +
                   "; no !quant.uniform<" + storage.name() + "> holds them");
  const F32 eps = f32Option(recipe, "eps");
  const F32 zero = f32FromInteger(0);
  const F32 plusInf = f32FromBits(0x7F800000u), minusInf = f32FromBits(0xFF800000u);

  std::vector<F64> scales;
  std::vector<int64_t> zeroPoints;
  for (size_t channel = 0; channel < ranges.size(); ++channel) {
    const F32 minVal = f32Of(ranges[channel].min);
    const F32 maxVal = f32Of(ranges[channel].max);
    // check_min_max_valid: a 0-dim observer that never saw data holds
    // (inf, -inf) and returns the defaults scale [1.0], zero point [0].
    if (axis < 0 && equal(minVal, plusInf) && equal(maxVal, minusInf))
      return uniformChoice(storage, range.qmin, range.qmax, expressed, -1,
                           {f64FromInteger(1)}, {0});
    if (!(less(minVal, maxVal) || equal(minVal, maxVal)))
      return refusal("AssertionError: min " + decimal(minVal) + " should be less than max " +
                     decimal(maxVal) + (axis < 0 ? "" : " (channel " + std::to_string(channel) + ")"));
    const F32 minValNeg = minimum(minVal, zero);
    F32 maxValPos = maximum(maxVal, zero);
    F32 scale;
    int64_t zeroPoint = 0;
    if (symmetric) {
      // torch.max(-min_val_neg, max_val_pos); unary minus flips the sign bit.
      maxValPos = maximum(F32{minValNeg.bits ^ 0x80000000u}, maxValPos);
      // float(quant_max - quant_min) / 2 in binary64, then the tensor division in binary32.
      const F32 half = toF32(div(f64FromInteger(range.qmax - range.qmin), f64FromInteger(2)));
      scale = maximum(div(maxValPos, half), eps);
      if (dtype == "quint8")
        zeroPoint = range.customized ? floorHalf(range.qmin + range.qmax) : 128;
    } else {
      const F32 steps = toF32(f64FromInteger(range.qmax - range.qmin));
      scale = maximum(div(sub(maxValPos, minValNeg), steps), eps);
      if (isFinite(scale)) {
        const int64_t rounded = toInt32(roundIntegralEven(div(minValNeg, scale)));
        zeroPoint = int32Sub(range.qmin, rounded);
        zeroPoint = std::min(std::max(zeroPoint, range.qmin), range.qmax); // torch.clamp
      }
    }
    if (!isFinite(scale))
      return refusal("_calculate_qparams computes scale " + decimal(scale) + " for [" +
                     decimal(minVal) + ", " + decimal(maxVal) +
                     "]; !quant.uniform needs a finite positive scale");
    scales.push_back(toF64(scale));
    zeroPoints.push_back(zeroPoint);
  }
  return uniformChoice(storage, range.qmin, range.qmax, expressed, axis, scales, zeroPoints);
}

} // namespace qi::calibrate::recipes
