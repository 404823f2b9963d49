//===- FloatText.cpp - Float bit patterns and decimals as text -------------===//
//
// Spec: docs/golden-format.md ("Case file").
//
//===----------------------------------------------------------------------===//
#include "generators/FloatText.h"

#include "interpreter/numeric/DecimalFormat.h"
#include "interpreter/numeric/FloatCodec.h"

namespace qi::generators {

std::string hexBits(const numeric::FloatFormat &format, numeric::Bits bits) {
  unsigned digits = (format.sizeInBits + 3) / 4;
  std::string out = "0x";
  for (int i = static_cast<int>(digits) - 1; i >= 0; --i)
    out += "0123456789ABCDEF"[static_cast<unsigned>((bits >> (4 * i)) & 0xF)];
  return out;
}

std::string decimalText(const numeric::FloatFormat &format, numeric::Bits bits) {
  numeric::FloatClass c = numeric::classify(format, bits);
  bool negative = numeric::signBit(format, bits);
  if (c == numeric::FloatClass::Infinity)
    return negative ? "-inf" : "inf";
  if (c == numeric::FloatClass::QuietNaN || c == numeric::FloatClass::SignalingNaN)
    // An FNUZ format's one NaN is the negative-zero pattern: it has no sign.
    return negative && format.nanEncoding != numeric::NanEncoding::NegativeZero ? "-nan" : "nan";
  return numeric::formatDecimal(format, bits);
}

} // namespace qi::generators
