//===- RecipeSupport.cpp - What every requantize recipe shares -------------===//
//
// Spec: [requant.recipes].
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/recipes/RecipeSupport.h"

namespace qi::requant::recipes {

Operands operandsOf(const RescaleAttributes &a, uint64_t inputBits, uint64_t inputZpBits,
                    uint64_t outputZpBits) {
  Operands o;
  o.input = extendBits(inputBits, a.inputWidth, a.inputUnsigned);
  o.inputZp = extendBits(inputZpBits, a.inputWidth, a.inputUnsigned);
  o.value = o.input - o.inputZp;
  o.outputZp = extendBits(outputZpBits, a.outputWidth, a.outputUnsigned);
  if (a.outputUnsigned) {
    o.lo = 0;
    o.hi = static_cast<int64_t>((uint64_t(1) << a.outputWidth) - 1);
  } else {
    o.lo = -(int64_t(1) << (a.outputWidth - 1));
    o.hi = (int64_t(1) << (a.outputWidth - 1)) - 1;
  }
  return o;
}

RescaledElement stored(const RescaleAttributes &a, int64_t value) {
  RescaledElement out;
  out.value = value;
  out.bits = truncateBits(value, a.outputWidth);
  return out;
}

RescaledElement violated(std::string where, std::string condition, std::string detail) {
  RescaledElement out;
  out.violation =
      Violation{Violation::Kind::Require, std::move(where), std::move(condition), std::move(detail)};
  return out;
}

int32_t wrapToInt32(int64_t v) {
  // Modulo 2^32 into [-2^31, 2^31) without an implementation-defined cast.
  const uint32_t low = static_cast<uint32_t>(static_cast<uint64_t>(v));
  return low >= 0x80000000u ? static_cast<int32_t>(int64_t(low) - (int64_t(1) << 32))
                            : static_cast<int32_t>(low);
}

std::string typeText(const char *side, unsigned width, bool isUnsigned) {
  return std::string(side) + " = " + (isUnsigned ? "u" : "i") + std::to_string(width);
}

} // namespace qi::requant::recipes
