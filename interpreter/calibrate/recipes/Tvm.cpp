//===- Tvm.cpp - TVM relay.quantize's scales -------------------------------===//
//
// Spec: [calib.tvm]. apache/tvm python/tvm/relay/quantize/_calibrate.py:
// _global_scale (cfg.global_scale), _max_scale (np.amax(np.abs(w))) and
// _power2_scale (2 ** ceil(math.log(val, 2)) if val > 0 else 1.0); _set_params
// then binds dom_scale = const(scale / 2**valid_bit, "float32") with
// valid_bit = nbit - sign and clips to +-(2**valid_bit - 1): a symmetric
// grid, zero point 0. Python computes in binary64 (numpy float32 / int is
// float64 in numpy 1.x), the constant is rounded once to binary32.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/recipes/Recipes.h"

#include "interpreter/numeric/DecimalFormat.h"
#include "interpreter/numeric/Rounding.h"

namespace qi::calibrate::recipes {

using namespace requant::recipes;

const std::vector<RecipeOption> kTvmOptions = {
    {"bits", "8", "2..32", "nbit of the quantized kind (nbit_input / nbit_weight)"},
    {"global_scale", "8.0", "real>0", "qconfig global_scale (mode global-scale)"},
    {"mode", "global-scale", "global-scale|max|power2",
     "calibrate_mode global_scale, or weight_scale max / power2"},
    {"signed", "1", "0..1", "the simulated_quantize sign attribute: valid_bit = nbit - sign"},
};

namespace {

F64 powerOfTwo(int64_t exponent) { return f64FromScale(1, static_cast<int>(-exponent)); }

/// log(2^k) / log(2) as glibc and Python compute it: each log rounded to
/// binary64 (glibc's log is exact-to-nearest at powers of two; the test
/// checks this against the host's std::log), then one binary64 division.
F64 log2OfPowerOfTwo(int64_t k) {
  if (k == 0)
    return f64FromInteger(0);
  static const numeric::Exact ln2 =
      *numeric::parseDecimal("0.69314718055994530941723212145817656807550013436025525412068");
  const numeric::FloatFormat &f64 = numeric::f64Format();
  const auto round = [&](const numeric::Exact &e) {
    return F64{static_cast<uint64_t>(
        numeric::roundToFormat(e, f64, numeric::RoundingMode::NearestEven).bits)};
  };
  return div(round(numeric::exactMul(numeric::Exact::fromInteger(k), ln2)), round(ln2));
}

/// math.ceil(math.log(val, 2)) for a finite positive binary32 val. Away from
/// powers of two the binary64 quotient is within 1e-13 of log2(val) while
/// log2(val) is at least 8e-8 from an integer, so the ceiling is exact.
int64_t ceilLog2(F32 val) {
  const uint32_t exponentField = (val.bits >> 23) & 0xFF;
  const uint32_t fraction = val.bits & 0x7FFFFF;
  int64_t k;      // floor(log2(val))
  bool power;     // val == 2^k
  if (exponentField == 0) { // subnormal: val = fraction * 2^-149
    k = -149;
    for (uint32_t f = fraction; f > 1; f >>= 1)
      ++k;
    power = (fraction & (fraction - 1)) == 0;
  } else {
    k = static_cast<int64_t>(exponentField) - 127;
    power = fraction == 0;
  }
  if (!power)
    return k + 1;
  return integralValue(ceilIntegral(log2OfPowerOfTwo(k)), -1000, 1000).value;
}

} // namespace

Choice chooseTvm(const CalibrationRecipe &recipe, const std::vector<Range> &ranges, int32_t axis,
                 const numeric::FloatFormat &expressed) {
  if (axis >= 0)
    return refusal("TVM relay.quantize binds one dom_scale per simulated_quantize (per-axis "
                   "asked along axis " + std::to_string(axis) + ")");
  const int64_t bits = integerOption(recipe, "bits");
  const bool isSigned = flagOption(recipe, "signed");
  const int64_t validBit = bits - (isSigned ? 1 : 0);
  const F64 validRange = powerOfTwo(validBit);
  const std::string_view mode = optionValue(recipe, "mode");

  F64 scale; // the Python value before _make_const
  if (mode == "global-scale") {
    scale = f64Option(recipe, "global_scale");
  } else {
    // np.amax(np.abs(w)) of float32 data whose extremes are the range's.
    const F32 lo = absolute(f32Of(ranges[0].min)), hi = absolute(f32Of(ranges[0].max));
    const F32 val = isNaN(lo) || isNaN(hi) ? F32{0x7FC00000u} : (less(lo, hi) ? hi : lo);
    if (mode == "max") {
      scale = toF64(val);
    } else if (!less(f32FromInteger(0), val)) { // val > 0 is False (also for NaN)
      scale = f64FromInteger(1);
    } else if (!isFinite(val)) {
      return refusal("_power2_scale: math.ceil(math.log(inf, 2)) raises OverflowError: cannot "
                     "convert float infinity to integer");
    } else {
      scale = powerOfTwo(ceilLog2(val));
    }
  }
  const F32 domScale = toF32(div(scale, validRange)); // _make_const(scale / valid_range)
  if (!isFinite(domScale) || equal(domScale, f32FromInteger(0)))
    return refusal("TVM binds dom_scale = float32(" + decimalText(scale) + " / 2**" +
                   std::to_string(validBit) + ") = " + decimalText(toF64(domScale)) +
                   "; !quant.uniform needs a finite positive scale");
  const int64_t clip = (int64_t(1) << validBit) - 1;
  // The clip range +-(2^valid_bit - 1) needs valid_bit + 1 signed bits.
  const numeric::IntFormat storage{static_cast<unsigned>(validBit + 1), true};
  return uniformChoice(storage, -clip, clip, expressed, -1, {toF64(domScale)}, {0});
}

} // namespace qi::calibrate::recipes
