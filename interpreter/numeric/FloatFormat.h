//===- FloatFormat.h - Floating-point formats described as data -*- C++ -*-===//
//
// Spec: [format.model], [format.table], [format.encoding].
// One value type describes every float format MLIR 22 accepts as an expressed
// type (as llvm::fltSemantics does); no class per format.
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_FLOATFORMAT_H
#define QI_NUMERIC_FLOATFORMAT_H

#include <string_view>
#include <vector>

namespace qi::numeric {

/// Raw bit pattern of a float value, right-aligned; wide enough for f128.
using Bits = unsigned __int128;

/// Which non-finite values a format can represent. [format.model]
enum class NonFinite {
  IEEE,       ///< infinities and NaNs (all-ones exponent).
  NanOnly,    ///< NaN but no infinity (FN / FNU / FNUZ formats).
  FiniteOnly, ///< neither (f6E3M2FN, f6E2M3FN, f4E2M1FN).
};

/// How NaN is encoded. [format.encoding]
enum class NanEncoding {
  IEEE,         ///< all-ones exponent, non-zero fraction; quiet bit = top fraction bit.
  AllOnes,      ///< only all-ones exponent and fraction (either sign when signed).
  NegativeZero, ///< the negative-zero pattern 1000...0 is the single NaN.
};

/// A binary floating-point format. Values are sign/exponent/fraction bit
/// patterns; the value of a finite pattern is significand * 2^(exponent-precision+1).
struct FloatFormat {
  std::string_view name; ///< MLIR spelling, e.g. "f32", "f8E4M3FN".
  unsigned sizeInBits;
  unsigned precision; ///< significand digits, including the leading one.
  int maxExponent;    ///< unbiased exponent of the largest finite binade.
  int minExponent;    ///< unbiased exponent of the smallest normal binade.
  NonFinite nonFinite = NonFinite::IEEE;
  NanEncoding nanEncoding = NanEncoding::IEEE;
  bool explicitIntegerBit = false; ///< x87 f80 stores the leading one.
  bool hasZero = true;             ///< false for f8E8M0FNU.
  bool hasSign = true;             ///< false for f8E8M0FNU.

  /// Stored fraction bits (includes the integer bit for f80).
  unsigned fractionBits() const {
    return explicitIntegerBit ? precision : precision - 1;
  }
  unsigned exponentBits() const {
    return sizeInBits - fractionBits() - (hasSign ? 1 : 0);
  }
  /// Exponent field of a normal number = unbiased exponent + bias.
  int bias() const { return precision == 1 ? -minExponent : 1 - minExponent; }
  /// Whether an exponent field of zero denotes subnormals (and zero).
  bool hasSubnormals() const { return precision > 1; }
  bool hasInfinity() const { return nonFinite == NonFinite::IEEE; }
  bool hasNaN() const { return nonFinite != NonFinite::FiniteOnly; }
  bool hasNegativeZero() const {
    return hasSign && hasZero && nanEncoding != NanEncoding::NegativeZero;
  }
  /// Whether the largest exponent field holds finite values only partly
  /// (FN formats: all-ones fraction is NaN there).
  bool maxBinadeLosesAllOnesFraction() const;

  Bits signMask() const { return hasSign ? Bits(1) << (sizeInBits - 1) : 0; }
  Bits fractionMask() const { return (Bits(1) << fractionBits()) - 1; }
  unsigned exponentFieldMax() const { return (1u << exponentBits()) - 1; }
  Bits allBitsMask() const {
    return sizeInBits == 128 ? ~Bits(0) : (Bits(1) << sizeInBits) - 1;
  }
};

/// All formats of the table in spec/numeric.md [format.table].
const std::vector<const FloatFormat *> &allFloatFormats();

/// Looks a format up by its MLIR spelling; nullptr when unknown.
const FloatFormat *findFloatFormat(std::string_view mlirName);

const FloatFormat &f16Format();
const FloatFormat &bf16Format();
const FloatFormat &f32Format();
const FloatFormat &f64Format();
const FloatFormat &f80Format();
const FloatFormat &f128Format();
const FloatFormat &tf32Format();

} // namespace qi::numeric

#endif
