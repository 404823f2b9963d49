//===- FloatText.h - Float bit patterns and decimals as text ----*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Case file": floats are written as a hex bit
// pattern and the decimal it denotes). Also how quant-golden check and
// quant-conform print the values they compare.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_FLOATTEXT_H
#define QI_GENERATORS_FLOATTEXT_H

#include "interpreter/numeric/FloatFormat.h"

#include <string>

namespace qi::generators {

/// "0x3F800000": the bit pattern, upper-case hex digits, ceil(bits/4) digits.
std::string hexBits(const numeric::FloatFormat &format, numeric::Bits bits);
/// formatDecimal for finite values; "inf", "-inf", "nan", "-nan" otherwise
/// ("nan" for the single NaN of an FNUZ format: 0x80 has no sign).
std::string decimalText(const numeric::FloatFormat &format, numeric::Bits bits);

} // namespace qi::generators

#endif
