//===- Tvm.cpp - TVM's qnn.requantize, int64 compute ------------------------===//
//
// Spec: [requant.tvm-upward], [requant.tvm-tonearest].
//
// Follows apache/tvm (Relay QNN, compute_dtype "int64"):
//  - src/relay/qnn/op/requantize.cc, RequantizeLowerInt: cast the input to
//    int32, subtract the input zero point, fixed-point multiply, add the
//    output zero point (int32), clip to out_dtype unless it is int32;
//    RequantizeRel: the admitted dtypes.
//  - src/relay/qnn/utils.cc, GetFixedPointMultiplierShift(double): frexp,
//    significand * 2^31 rounded; FixedPointMultiplyToNearest and
//    FixedPointMultiplyPerChannel (rounding "TONEAREST": add 2^(n-1) to a
//    non-negative product, 2^(n-1) - 1 to a negative one, shift right by n).
//  - rounding "UPWARD": the fixed_point_multiply / fixed_point_multiply_per_axis
//    ops, lowered by src/target/intrin_rule.cc (tir.q_multiply_shift, q = 31)
//    and QMultiplyShift (q_multiply_shift_per_axis): add 2^(n-1), shift right
//    by n. Per-tensor and per-channel lowerings compute the same per element.
//    (The Arm / Hexagon legalizations of q_multiply_shift are not modelled.)
//  - src/target/llvm/codegen_llvm.cc: int32 and int64 add, sub and mul are
//    emitted `nsw` (an overflow is poison, so no value), an int64 -> int32
//    cast is `trunc` (wraps).
//
// TVM derives its own (multiplier, shift) from double_multiplier =
// input_scale / output_scale. Here double_multiplier is TOSA's real
// multiplier, multiplier * 2^-shift, which a double holds exactly.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/ApplyScale.h"
#include "interpreter/requant/recipes/RecipeSupport.h"
#include "interpreter/requant/recipes/Recipes.h"

#include <string>

namespace qi::requant::recipes {

namespace {

const char *const kLower = "tvm::relay::qnn::RequantizeLowerInt";

std::string num(int64_t v) { return std::to_string(v); }

struct FixedPoint {
  int64_t multiplier = 0; ///< significand * 2^31, |.| <= 2^31 - 1 (or -2^31)
  int shift = 0;          ///< frexp's exponent
};

/// GetFixedPointMultiplierShift(double_multiplier) for double_multiplier =
/// multiplier * 2^-shift. frexp gives significand * 2^exponent with
/// |significand| in [0.5, 1): exponent = bitlength(|multiplier|) - shift, and
/// significand * 2^31 = multiplier * 2^(31 - bitlength), an integer already
/// (|multiplier| <= 2^31), so std::round changes nothing and the
/// "== 1ll << 31" adjustment never applies.
FixedPoint getFixedPointMultiplierShift(int64_t multiplier, int shift) {
  if (multiplier == 0)
    return {0, 0};
  const uint64_t magnitude = multiplier < 0 ? uint64_t(0) - uint64_t(multiplier) : uint64_t(multiplier);
  int bitLength = 0;
  while (bitLength < 64 && (magnitude >> bitLength) != 0)
    ++bitLength;
  FixedPoint f;
  f.shift = bitLength - shift;
  f.multiplier = bitLength <= 31 ? multiplier * (int64_t(1) << (31 - bitLength))
                                 : multiplier / (int64_t(1) << (bitLength - 31));
  return f;
}

/// The dtype TVM gives a TOSA integer type, or "" when RequantizeRel admits
/// none (an int48 input travels as int64).
std::string tvmInputDtype(unsigned width, bool isUnsigned) {
  if (width == 8)
    return isUnsigned ? "uint8" : "int8";
  if (isUnsigned)
    return "";
  if (width == 16)
    return "int16";
  if (width == 32)
    return "int32";
  if (width == 48)
    return "int64";
  return "";
}

std::string tvmOutputDtype(unsigned width, bool isUnsigned) {
  if (width == 48)
    return "";
  return tvmInputDtype(width, isUnsigned);
}

RescaledElement requantize(bool toNearest, const RescaleAttributes &a, uint64_t inputBits,
                           int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                           uint64_t outputZpBits) {
  const Operands o = operandsOf(a, inputBits, inputZpBits, outputZpBits);
  if (tvmInputDtype(a.inputWidth, a.inputUnsigned).empty())
    return violated("tvm::relay::qnn::RequantizeRel",
                    "in_dtype == int8 || uint8 || int16 || int32 || int64",
                    typeText("in_t", a.inputWidth, a.inputUnsigned));
  const std::string outDtype = tvmOutputDtype(a.outputWidth, a.outputUnsigned);
  if (outDtype.empty())
    return violated("tvm::relay::qnn::RequantizeRel", "out_dtype == int8 || uint8 || int16 || int32",
                    typeText("out_t", a.outputWidth, a.outputUnsigned));

  // 1) tensor = Cast(input_tensor, Int(32)) (wraps an int64 value), minus
  //    Cast(input_zero_point, Int(32)) (nsw).
  const int64_t difference = static_cast<int64_t>(wrapToInt32(o.input)) - o.inputZp;
  if (!fitsInt32(difference))
    return violated(kLower, "tensor - input_zero_point does not overflow int32 (nsw)",
                    "tensor = " + num(wrapToInt32(o.input)) + ", input_zero_point = " + num(o.inputZp));

  // 2) The fixed-point multiply in int64 (hp_dtype), cast back to int32.
  const FixedPoint f = getFixedPointMultiplierShift(multiplier, shift);
  const int leftShift = f.shift > 0 ? f.shift : 0;
  const int rightShift = f.shift > 0 ? 0 : -f.shift;
  const int totalRightShift = rightShift + 31;
  const char *multiply = toNearest ? "tvm::relay::qnn::FixedPointMultiplyToNearest"
                                   : "tvm tir.q_multiply_shift";
  const std::string fixedPoint = "fixed_point_multiplier = " + num(f.multiplier) +
                                 ", shift = " + num(f.shift) + " (from " + num(multiplier) +
                                 " * 2^" + num(-shift) + ")";
  if (leftShift >= 64)
    return violated(multiply, "left_shift < 64 (an int64 shift by 64 or more is poison)",
                    fixedPoint);
  if (totalRightShift > 63)
    return violated(multiply,
                    "total_right_shift <= 63 (1ll << (total_right_shift - 1) is an int64)",
                    "total_right_shift = " + num(totalRightShift) + "; " + fixedPoint);
  const __int128 product = static_cast<__int128>(difference) *
                           (static_cast<__int128>(1) << leftShift) * f.multiplier;
  if (!fitsInt64(product))
    return violated(multiply, "(tensor << left_shift) * fixed_point_multiplier fits int64 (nsw)",
                    "tensor = " + num(difference) + "; " + fixedPoint);
  const int64_t positiveRounding = int64_t(1) << (totalRightShift - 1);
  const int64_t rounding =
      toNearest && product < 0 ? positiveRounding - 1 : positiveRounding; // Where(tensor >= 0, ...)
  const __int128 rounded = product + rounding;
  if (!fitsInt64(rounded))
    return violated(multiply, "tensor + round_scalar fits int64 (nsw)",
                    "tensor = " + num(static_cast<int64_t>(product)) + ", round_scalar = " + num(rounding));
  const int64_t shifted =
      arithmeticShiftRight(static_cast<int64_t>(rounded), static_cast<unsigned>(totalRightShift));
  const int32_t scaled = wrapToInt32(shifted); // Cast(tensor, Int(32))

  // 3) Add(Cast(output_zero_point, Int(32)), scaled_int32_t) (nsw).
  const int64_t sum = static_cast<int64_t>(scaled) + o.outputZp;
  if (!fitsInt32(sum))
    return violated(kLower, "output_zero_point + scaled_int32_t does not overflow int32 (nsw)",
                    "scaled = " + num(scaled) + ", output_zero_point = " + num(o.outputZp));
  // 4) Clip(q_min, q_max) and Cast(out_dtype); skipped for int32.
  if (outDtype == "int32")
    return stored(a, sum);
  return stored(a, clampTo(sum, o.lo, o.hi));
}

} // namespace

RescaledElement tvmUpward(const RescaleAttributes &attributes, uint64_t inputBits,
                          int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                          uint64_t outputZpBits) {
  return requantize(false, attributes, inputBits, multiplier, shift, inputZpBits, outputZpBits);
}

RescaledElement tvmToNearest(const RescaleAttributes &attributes, uint64_t inputBits,
                             int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                             uint64_t outputZpBits) {
  return requantize(true, attributes, inputBits, multiplier, shift, inputZpBits, outputZpBits);
}

} // namespace qi::requant::recipes
