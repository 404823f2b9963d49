//===- Tflite.cpp - TFLite's MultiplyByQuantizedMultiplier -----------------===//
//
// Spec: [requant.tflite], [requant.tflite-single-rounding].
//
// Follows tensorflow/tensorflow:
//  - tensorflow/lite/kernels/internal/common.cc, MultiplyByQuantizedMultiplier
//    (int32_t x, int32_t quantized_multiplier, int shift) in both builds: the
//    default one (two roundings through gemmlowp) and TFLITE_SINGLE_ROUNDING;
//    and the int64_t x overload (int16 activations: the 16-bit multiplier
//    reduced from the 32-bit one, one rounding, in both builds);
//  - tensorflow/lite/kernels/internal/reference/requantize.h, Requantize: the
//    int32 input difference, `+ output_zeropoint` in int32, the clamp to the
//    output type (the int64 overload's callers, e.g.
//    reference/integer_ops/conv.h ConvPerChannel for int16x8, add the output
//    offset and clamp the same way);
//  - google/gemmlowp fixedpoint/fixedpoint.h: SaturatingRoundingDoublingHighMul
//    (int32) and RoundingDivideByPOT.
//
// TOSA's pair (multiplier, shift) means multiplier * 2^-shift; TFLite's
// (quantized_multiplier, shift) means quantized_multiplier * 2^(shift - 31).
// So the int32 overload gets (multiplier, 31 - shift). The int64 overload
// (TOSA scale32 = false, a 16-bit multiplier) gets (multiplier << 16,
// 15 - shift), whose reduced multiplier is the TOSA one again.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/ApplyScale.h"
#include "interpreter/requant/recipes/RecipeSupport.h"
#include "interpreter/requant/recipes/Recipes.h"

#include <string>

namespace qi::requant::recipes {

namespace {

const char *const kMultiply = "tflite::MultiplyByQuantizedMultiplier";
const char *const kRequantize = "tflite::reference_ops::Requantize";

std::string num(int64_t v) { return std::to_string(v); }

Scaled fails(const char *where, std::string condition, std::string detail) {
  Scaled out;
  out.violation = Violation{Violation::Kind::Require, where, std::move(condition), std::move(detail)};
  return out;
}

// gemmlowp SaturatingRoundingDoublingHighMul<int32>: round(a * b / 2^31), ties
// away from zero (the nudge, then C++ division truncating toward zero); the
// one product that does not fit, INT32_MIN * INT32_MIN, saturates.
int32_t saturatingRoundingDoublingHighMul(int32_t a, int32_t b) {
  const bool overflow = a == b && a == INT32_MIN;
  const int64_t ab = static_cast<int64_t>(a) * static_cast<int64_t>(b);
  const int32_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
  const int32_t high = static_cast<int32_t>((ab + nudge) / (int64_t(1) << 31));
  return overflow ? INT32_MAX : high;
}

// gemmlowp RoundingDivideByPOT<int32>: x / 2^exponent rounded to nearest, ties
// away from zero (the threshold is one higher for negative x).
int32_t roundingDivideByPOT(int32_t x, int exponent) {
  const int32_t mask = static_cast<int32_t>((int64_t(1) << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return static_cast<int32_t>(arithmeticShiftRight(x, static_cast<unsigned>(exponent))) +
         (remainder > threshold ? 1 : 0);
}

std::string shiftDetail(int tfliteShift, int8_t shift) {
  return "shift = " + num(tfliteShift) + " (31 - TOSA shift " + num(shift) + ")";
}

// common.cc, default build (!TFLITE_SINGLE_ROUNDING).
Scaled multiplyDoubleRounding(int32_t x, int32_t quantizedMultiplier, int shift, int8_t tosaShift) {
  const int leftShift = shift > 0 ? shift : 0;
  const int rightShift = shift > 0 ? 0 : -shift;
  // RoundingDivideByPOT: assert(exponent >= 0); assert(exponent <= 31).
  if (rightShift > 31)
    return fails("gemmlowp::RoundingDivideByPOT", "exponent <= 31",
                 "exponent = right_shift = " + num(rightShift) + "; " + shiftDetail(shift, tosaShift));
  // `1 << left_shift` is an int: a power of two up to 2^30.
  if (leftShift > 30)
    return fails(kMultiply, "1 << left_shift fits int (left_shift <= 30)",
                 "left_shift = " + num(leftShift) + "; " + shiftDetail(shift, tosaShift));
  const int64_t shifted = static_cast<int64_t>(x) * (int64_t(1) << leftShift);
  // x * (1 << left_shift) is an int32 product: overflow is undefined.
  if (!fitsInt32(shifted))
    return fails(kMultiply, "x * (1 << left_shift) does not overflow int32_t",
                 "x = " + num(x) + ", left_shift = " + num(leftShift));
  return Scaled{roundingDivideByPOT(saturatingRoundingDoublingHighMul(
                                        static_cast<int32_t>(shifted), quantizedMultiplier),
                                    rightShift),
                std::nullopt};
}

// common.cc, TFLITE_SINGLE_ROUNDING.
Scaled multiplySingleRounding(int32_t x, int32_t quantizedMultiplier, int shift, int8_t tosaShift) {
  const char *where = "tflite::MultiplyByQuantizedMultiplier (TFLITE_DCHECK)";
  if (!(quantizedMultiplier >= 0))
    return fails(where, "quantized_multiplier >= 0", "quantized_multiplier = " + num(quantizedMultiplier));
  if (!(shift >= -31 && shift <= 30))
    return fails(where, "shift >= -31 && shift <= 30", shiftDetail(shift, tosaShift));
  const int totalShift = 31 - shift;
  const int64_t round = int64_t(1) << (totalShift - 1);
  // |x * quantized_multiplier| <= 2^62, round <= 2^61: no int64 overflow.
  int64_t result = static_cast<int64_t>(x) * quantizedMultiplier + round;
  result = arithmeticShiftRight(result, static_cast<unsigned>(totalShift));
  if (!fitsInt32(result))
    return fails(where,
                 "result >= std::numeric_limits<int32_t>::min() && result <= "
                 "std::numeric_limits<int32_t>::max()",
                 "result = " + num(result));
  return Scaled{static_cast<int32_t>(result), std::nullopt};
}

// common.cc, the int64_t x overload. Both builds compute the same; the
// default build checks with assert, TFLITE_SINGLE_ROUNDING with
// TFLITE_DCHECK, and only the latter checks the result (the former states it
// as an assumption: "scaling is chosen so final scaled result fits in
// int32_t").
Scaled multiplyInt64(int64_t x, int32_t quantizedMultiplier, int shift, int8_t tosaShift,
                     bool singleRoundingBuild) {
  const char *where = singleRoundingBuild
                          ? "tflite::MultiplyByQuantizedMultiplier(int64_t) (TFLITE_DCHECK)"
                          : "tflite::MultiplyByQuantizedMultiplier(int64_t) (assert)";
  if (!(quantizedMultiplier >= 0))
    return fails(where, "quantized_multiplier >= 0", "quantized_multiplier = " + num(quantizedMultiplier));
  if (!(shift >= -31 && shift < 8))
    return fails(where, "shift >= -31 && shift < 8",
                 "shift = " + num(shift) + " (15 - TOSA shift " + num(tosaShift) + ")");
  if (!(x >= -(int64_t(1) << 47) && x < (int64_t(1) << 47)))
    return fails(where, "x >= -(static_cast<int64_t>(1) << 47) && x < (static_cast<int64_t>(1) << 47)",
                 "x = " + num(x));
  const int32_t reducedMultiplier =
      quantizedMultiplier < 0x7FFF0000 ? (quantizedMultiplier + (1 << 15)) >> 16 : 0x7FFF;
  const int totalShift = 15 - shift;
  const int64_t result =
      arithmeticShiftRight(x * reducedMultiplier + (int64_t(1) << (totalShift - 1)),
                           static_cast<unsigned>(totalShift));
  if (!fitsInt32(result))
    return fails(where,
                 singleRoundingBuild ? "result >= std::numeric_limits<int32_t>::min() && result <= "
                                       "std::numeric_limits<int32_t>::max()"
                                     : "scaling is chosen so final scaled result fits in int32_t",
                 "result = " + num(result));
  return Scaled{static_cast<int32_t>(result), std::nullopt};
}

RescaledElement requantizeWith(bool singleRoundingBuild, const RescaleAttributes &a,
                               uint64_t inputBits, int64_t multiplier, int8_t shift,
                               uint64_t inputZpBits, uint64_t outputZpBits) {
  const Operands o = operandsOf(a, inputBits, inputZpBits, outputZpBits);
  Scaled scaled;
  if (a.scale32) {
    // const int32_t input = input_data[i] - input_zeropoint;
    if (!fitsInt32(o.value))
      return violated(kRequantize, "input_data[i] - input_zeropoint does not overflow int32_t",
                      "input = " + num(o.input) + ", input_zeropoint = " + num(o.inputZp));
    const int32_t x = static_cast<int32_t>(o.value);
    const int32_t quantizedMultiplier = static_cast<int32_t>(multiplier);
    const int tfliteShift = 31 - shift;
    scaled = singleRoundingBuild ? multiplySingleRounding(x, quantizedMultiplier, tfliteShift, shift)
                                 : multiplyDoubleRounding(x, quantizedMultiplier, tfliteShift, shift);
  } else {
    // The 16-bit TOSA multiplier as TFLite's 32-bit one: multiplier << 16.
    const int32_t quantizedMultiplier = static_cast<int32_t>(multiplier * 65536);
    scaled = multiplyInt64(o.value, quantizedMultiplier, 15 - shift, shift, singleRoundingBuild);
  }
  if (scaled.violation) {
    RescaledElement out;
    out.violation = std::move(scaled.violation);
    return out;
  }
  // MultiplyByQuantizedMultiplier(...) + output_zeropoint, an int32 sum.
  const int64_t output = static_cast<int64_t>(scaled.value) + o.outputZp;
  if (!fitsInt32(output))
    return violated(kRequantize,
                    "MultiplyByQuantizedMultiplier(input, ...) + output_zeropoint does not overflow "
                    "int32_t",
                    "scaled = " + num(scaled.value) + ", output_zeropoint = " + num(o.outputZp));
  // std::max(std::min(output, kMaxOutput), kMinOutput) of output_type.
  return stored(a, clampTo(output, o.lo, o.hi));
}

} // namespace

RescaledElement tflite(const RescaleAttributes &attributes, uint64_t inputBits,
                       int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                       uint64_t outputZpBits) {
  return requantizeWith(false, attributes, inputBits, multiplier, shift, inputZpBits,
                        outputZpBits);
}

RescaledElement tfliteSingleRounding(const RescaleAttributes &attributes, uint64_t inputBits,
                                     int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                                     uint64_t outputZpBits) {
  return requantizeWith(true, attributes, inputBits, multiplier, shift, inputZpBits,
                        outputZpBits);
}

} // namespace qi::requant::recipes
