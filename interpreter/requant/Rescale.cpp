//===- Rescale.cpp - The TOSA RESCALE operator, element by element ---------===//
//
// Spec: [rescale.op], [rescale.error-if], [rescale.widths]. One function per
// part of RESCALE.tosac; the order of the ERROR_IFs is the specification's.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/Rescale.h"

#include "interpreter/requant/TosaArithmetic.h"

#include <string>

namespace qi::requant {

int64_t extendBits(uint64_t bits, unsigned width, bool isUnsigned) {
  if (width >= 64)
    return static_cast<int64_t>(bits);
  const uint64_t mask = (uint64_t(1) << width) - 1;
  bits &= mask;
  if (isUnsigned)
    return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

uint64_t truncateBits(int64_t value, unsigned width) {
  if (width >= 64)
    return static_cast<uint64_t>(value);
  return static_cast<uint64_t>(value) & ((uint64_t(1) << width) - 1);
}

namespace {

Violation errorIf(std::string condition, std::string detail = "") {
  return Violation{Violation::Kind::ErrorIf, "RESCALE", std::move(condition), std::move(detail)};
}

std::string typeName(unsigned width) { return "i" + std::to_string(width); }

} // namespace

std::optional<Violation> checkRescale(const RescaleAttributes &a, uint64_t inputZpBits,
                                      uint64_t outputZpBits, int64_t rank) {
  // [rescale.widths] Not an ERROR_IF of the specification: its int48_t value
  // and int32_t result cannot hold a wider in_t / out_t.
  if (a.inputWidth == 0 || a.inputWidth > kMaxRescaleInputWidth)
    return errorIf("in_t wider than int48_t", "in_t = " + typeName(a.inputWidth));
  if (a.outputWidth == 0 || a.outputWidth > kMaxRescaleOutputWidth)
    return errorIf("out_t wider than int32_t", "out_t = " + typeName(a.outputWidth));

  const bool in8 = a.inputWidth == 8, in16 = a.inputWidth == 16, in32 = a.inputWidth == 32,
             in48 = a.inputWidth == 48;
  const bool out8 = a.outputWidth == 8, out16 = a.outputWidth == 16,
             out32 = a.outputWidth == 32;
  // The zero points are read as the op reads them: zero-extended when the
  // side is unsigned (a u16 zero point of 32768 is the pattern 0x8000).
  const int64_t inputZp = extendBits(inputZpBits, a.inputWidth, a.inputUnsigned);
  const int64_t outputZp = extendBits(outputZpBits, a.outputWidth, a.outputUnsigned);
  const std::string inZp = "input_zp = " + std::to_string(inputZp) + ", in_t = " +
                           typeName(a.inputWidth);
  const std::string outZp = "output_zp = " + std::to_string(outputZp) + ", out_t = " +
                            typeName(a.outputWidth);

  if (!in8 && (!in16 || !a.inputUnsigned) && inputZp != 0)
    return errorIf("!is_same<in_t,i8_t>() && (!is_same<in_t,i16_t>() || input_unsigned == "
                   "false) && input_zp != 0",
                   inZp);
  if (!out8 && (!out16 || !a.outputUnsigned) && outputZp != 0)
    return errorIf("!is_same<out_t,i8_t>() && (!is_same<out_t,i16_t>() || output_unsigned == "
                   "false) && output_zp != 0",
                   outZp);
  if (in16 && a.inputUnsigned && inputZp != 0 && inputZp != 32768)
    return errorIf("is_same<in_t,i16_t>() && input_unsigned == true && input_zp != 0 && "
                   "input_zp != 32768",
                   inZp);
  if (out16 && a.outputUnsigned && outputZp != 0 && outputZp != 32768)
    return errorIf("is_same<out_t,i16_t>() && output_unsigned == true && output_zp != 0 && "
                   "output_zp != 32768",
                   outZp);
  if (a.scale32 && in48)
    return errorIf("scale32 && is_same<in_t,i48_t>()");
  if (!a.scale32 && a.roundingMode == RoundingMode::Double)
    return errorIf("!scale32 && (rounding_mode == DOUBLE_ROUND)");
  if (a.inputUnsigned && a.outputUnsigned)
    return errorIf("input_unsigned && output_unsigned");
  if (out32 && a.inputUnsigned)
    return errorIf("is_same<out_t,i32_t>() && input_unsigned");
  if (in32 && a.outputUnsigned)
    return errorIf("is_same<in_t,i32_t>() && output_unsigned");
  if (in48 && a.outputUnsigned)
    return errorIf("is_same<in_t,i48_t>() && output_unsigned");
  if (in48 && a.inputUnsigned)
    return errorIf("is_same<in_t, i48_t> && input_unsigned");
  if (in32 && a.inputUnsigned)
    return errorIf("is_same<in_t, i32_t> && input_unsigned");
  if (out32 && a.outputUnsigned)
    return errorIf("is_same<out_t, i32_t> && output_unsigned");
  if (a.perChannel && rank < 1)
    return errorIf("per_channel && rank(input) < 1");
  return std::nullopt;
}

RescaledElement rescaleElement(const RescaleAttributes &a, uint64_t inputBits,
                               int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                               uint64_t outputZpBits) {
  RescaledElement out;
  // int48_t value, extended_in_zp: zero_extend when input_unsigned, else
  // sign_extend (the pseudo-code's `sign_extend<int48_t>(value)` means
  // in_value: value is not yet assigned there).
  const int64_t value = extendBits(inputBits, a.inputWidth, a.inputUnsigned) -
                        extendBits(inputZpBits, a.inputWidth, a.inputUnsigned);

  Scaled scaled;
  if (a.scale32) {
    // in_t is at most 32 bits here (ERROR_IF scale32 && in_t == i48), and
    // the zero point rules keep value - input_zp within int32.
    if (value < INT32_MIN || value > INT32_MAX) {
      out.violation = Violation{Violation::Kind::Require, "apply_scale_32",
                                "value fits the int32_t parameter",
                                "value = " + std::to_string(value)};
      return out;
    }
    scaled = applyScale32(static_cast<int32_t>(value), static_cast<int32_t>(multiplier), shift,
                          a.roundingMode == RoundingMode::Double);
  } else {
    scaled = applyScale16(value, static_cast<int16_t>(multiplier), shift);
  }
  if (scaled.violation) {
    out.violation = std::move(scaled.violation);
    return out;
  }

  // apply_add_s<int32_t>(result, extended_out_zp): REQUIRE no int32 overflow.
  const int64_t outputZp = extendBits(outputZpBits, a.outputWidth, a.outputUnsigned);
  TosaInt added = applyAddS(scaled.value, outputZp, 32, "result", "output_zp");
  if (added.violation) {
    out.violation = std::move(added.violation);
    return out;
  }
  const int64_t sum = added.value;
  // apply_clip_u / apply_clip_s to out_t's range.
  int64_t lo, hi;
  if (a.outputUnsigned) {
    lo = 0;
    hi = static_cast<int64_t>((uint64_t(1) << a.outputWidth) - 1);
  } else {
    lo = -(int64_t(1) << (a.outputWidth - 1));
    hi = (int64_t(1) << (a.outputWidth - 1)) - 1;
  }
  out.value = sum < lo ? lo : sum > hi ? hi : sum;
  out.bits = truncateBits(out.value, a.outputWidth);
  return out;
}

} // namespace qi::requant
