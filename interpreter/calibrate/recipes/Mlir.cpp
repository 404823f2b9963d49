//===- Mlir.cpp - MLIR's fakeQuantAttrsToType ------------------------------===//
//
// Spec: [calib.mlir]. llvm/llvm-project
// mlir/lib/Dialect/Quant/Utils/FakeQuantSupport.cpp: getDefaultStorageParams,
// getNudgedScaleAndZeroPoint and both fakeQuantAttrsToType overloads, with
// the checks UniformQuantizedType / UniformQuantizedPerAxisType::getChecked
// makes (mlir/lib/Dialect/Quant/IR/QuantTypes.cpp verifyInvariants). All in
// binary64, as the C++ there computes with doubles.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/recipes/Recipes.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/Rounding.h"

#include <limits>

namespace qi::calibrate::recipes {

using namespace requant::recipes;

const std::vector<RecipeOption> kMlirOptions = {
    {"bits", "8", "1..32",
     "numBits: <= 8 stores in 8 bits, <= 16 in 16, <= 32 in 32 (the width only)"},
    {"narrow", "0", "0..1", "narrowRange: storage minimum + 1"},
    {"signed", "0", "0..1", "isSigned: i<width> with [-2^(w-1), 2^(w-1)-1], else u<width>"},
};

namespace {

struct Storage {
  numeric::IntFormat format;
  int64_t qmin = 0, qmax = 0;
};

/// getDefaultStorageParams: the width from numBits, the bounds from the
/// signedness, then narrowRange raises qmin by one.
Storage defaultStorage(int64_t bits, bool narrow, bool isSigned) {
  const unsigned width = bits <= 8 ? 8 : bits <= 16 ? 16 : 32;
  Storage s;
  s.format = numeric::IntFormat{width, isSigned};
  s.qmin = static_cast<int64_t>(s.format.min()) + (narrow ? 1 : 0);
  s.qmax = static_cast<int64_t>(s.format.max());
  return s;
}

/// The binary64 pattern of a value of `expressed` (decode, then round once
/// to binary64, as APFloat::convertToDouble does in a release build).
F64 asDouble(const numeric::FloatFormat &expressed, numeric::Bits bits) {
  return F64{static_cast<uint64_t>(
      numeric::roundToFormat(numeric::decode(expressed, bits), numeric::f64Format(),
                             numeric::RoundingMode::NearestEven)
          .bits)};
}

/// verifyInvariants' scale check: getMinScale / getMaxScale are
/// APFloat::getSmallest / getLargest of the expressed type as doubles; a
/// scale below the one or above the other is an error (NaN passes).
std::string scaleError(F64 scale, const numeric::FloatFormat &expressed) {
  const F64 minScale = asDouble(expressed, expressed.hasZero ? numeric::Bits(1) : numeric::Bits(0));
  const F64 maxScale = asDouble(expressed, numeric::largestFinite(expressed, false));
  if (less(scale, minScale) || less(maxScale, scale))
    return "scale out of expressed type range [" + llvmDoubleText(hostDouble(minScale)) + ", " +
           llvmDoubleText(hostDouble(maxScale)) + "]";
  return {};
}

struct Nudged {
  F64 scale;
  int64_t zeroPoint = 0;
};

/// getNudgedScaleAndZeroPoint. The zero point from whichever of (rmin, qmin)
/// and (rmax, qmax) has the smaller error estimate, clamped, else round()
/// (half away from zero).
Nudged nudge(int64_t qmin, int64_t qmax, F64 rmin, F64 rmax) {
  const F64 qminDouble = f64FromInteger(qmin);
  const F64 qmaxDouble = f64FromInteger(qmax);
  const F64 scale = div(sub(rmax, rmin), sub(qmaxDouble, qminDouble));

  const F64 minOverScale = div(rmin, scale);
  const F64 zeroPointFromMin = sub(qminDouble, minOverScale);
  const F64 zeroPointFromMinError = add(absolute(qminDouble), absolute(minOverScale));
  const F64 maxOverScale = div(rmax, scale);
  const F64 zeroPointFromMax = sub(qmaxDouble, maxOverScale);
  const F64 zeroPointFromMaxError = add(absolute(qmaxDouble), absolute(maxOverScale));
  const F64 zeroPointDouble =
      less(zeroPointFromMinError, zeroPointFromMaxError) ? zeroPointFromMin : zeroPointFromMax;

  Nudged n{scale, 0};
  if (less(zeroPointDouble, qminDouble))
    n.zeroPoint = qmin;
  else if (less(qmaxDouble, zeroPointDouble))
    n.zeroPoint = qmax;
  else
    // Within [qmin, qmax] (a NaN zero point only comes with a NaN scale,
    // whose zero point the caller replaces).
    n.zeroPoint = integralValue(roundIntegralAway(zeroPointDouble), qmin, qmax).value;
  return n;
}

/// `std::fabs(rmax - rmin) < std::numeric_limits<double>::epsilon()`.
bool closeEnough(F64 rmin, F64 rmax) {
  return less(absolute(sub(rmax, rmin)), f64FromBits(0x3CB0000000000000ull)); // 2^-52
}

} // namespace

Choice chooseMlir(const CalibrationRecipe &recipe, const std::vector<Range> &ranges, int32_t axis,
                  const numeric::FloatFormat &expressed) {
  const Storage s = defaultStorage(integerOption(recipe, "bits"), flagOption(recipe, "narrow"),
                                   flagOption(recipe, "signed"));
  std::vector<F64> scales;
  std::vector<int64_t> zeroPoints;
  for (size_t channel = 0; channel < ranges.size(); ++channel) {
    const F64 rmin = f64Of(ranges[channel].min);
    const F64 rmax = f64Of(ranges[channel].max);
    // All values (nearly) equal: scale 1.0, zero point qmin.
    if (closeEnough(rmin, rmax)) {
      scales.push_back(f64FromInteger(1));
      zeroPoints.push_back(s.qmin);
      continue;
    }
    const Nudged n = nudge(s.qmin, s.qmax, rmin, rmax);
    // The source's `if (!std::isfinite(scale)) return nullptr;` is not what
    // libMLIR 22 does (MlirFakeQuantAgreementTest): a non-finite scale goes
    // on to getChecked. A NaN one has no zero point (round(NaN) converts to
    // INT64_MIN on x86-64) and is refused below.
    scales.push_back(n.scale);
    zeroPoints.push_back(isNaN(n.scale) ? std::numeric_limits<int64_t>::min() : n.zeroPoint);
  }
  // getChecked: the only invariant a chosen type can break is the scale's
  // range (a negative scale when rmin > rmax, an infinite one, or one beyond
  // the expressed type); NaN passes that check.
  for (F64 scale : scales) {
    const std::string error = scaleError(scale, expressed);
    if (!error.empty())
      return refusal(error);
  }
  for (size_t channel = 0; channel < scales.size(); ++channel)
    if (isNaN(scales[channel]))
      return refusal("fakeQuantAttrsToType returns a type with a NaN scale (" +
                     mlirDoubleText(hostDouble(scales[channel])) +
                     ") and zero point -9223372036854775808 for channel " +
                     std::to_string(channel) + " (a NaN bound): refused as garbage");
  return uniformChoice(s.format, s.qmin, s.qmax, expressed, axis, scales, zeroPoints);
}

} // namespace qi::calibrate::recipes
