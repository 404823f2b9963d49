//===- FloatCodec.cpp - Bit patterns <-> exact values ---------------------===//
//
// Spec: [format.encoding], [format.nonfinite], [format.nan].
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/FloatCodec.h"

namespace qi::numeric {

namespace {
struct Fields {
  bool negative;
  unsigned exponent;
  Bits fraction;
};

Fields fieldsOf(const FloatFormat &format, Bits bits) {
  bits &= format.allBitsMask();
  Fields f;
  f.negative = signBit(format, bits);
  f.fraction = bits & format.fractionMask();
  f.exponent = static_cast<unsigned>((bits >> format.fractionBits()) &
                                     format.exponentFieldMax());
  return f;
}

Bits assemble(const FloatFormat &format, bool negative, unsigned exponent,
              Bits fraction) {
  return (negative ? format.signMask() : Bits(0)) |
         (Bits(exponent) << format.fractionBits()) | fraction;
}

/// The quiet bit of IEEE-encoded NaNs: the top stored fraction bit below the
/// explicit integer bit, if any.
Bits quietBit(const FloatFormat &format) {
  return Bits(1) << (format.precision - 2);
}

Bits toBits(const BigInt &value) {
  Bits out = 0;
  BigInt v = value;
  for (int shift = 0; v != 0 && shift < 128; shift += 32) {
    out |= Bits(static_cast<uint32_t>(v & 0xffffffffu)) << shift;
    v >>= 32;
  }
  return out;
}

BigInt fromBits(Bits value) {
  BigInt out = 0;
  for (int shift = 96; shift >= 0; shift -= 32)
    out = (out << 32) | BigInt(static_cast<uint32_t>(value >> shift));
  return out;
}
} // namespace

FloatClass classify(const FloatFormat &format, Bits bits) {
  Fields f = fieldsOf(format, bits);
  const unsigned expMax = format.exponentFieldMax();
  switch (format.nonFinite) {
  case NonFinite::IEEE:
    if (f.exponent == expMax) {
      Bits mantissa = f.fraction;
      if (format.explicitIntegerBit) // x87: infinity has only the integer bit.
        mantissa ^= Bits(1) << (format.precision - 1);
      if (mantissa == 0)
        return FloatClass::Infinity;
      return (f.fraction & quietBit(format)) ? FloatClass::QuietNaN
                                             : FloatClass::SignalingNaN;
    }
    break;
  case NonFinite::NanOnly:
    if (format.nanEncoding == NanEncoding::NegativeZero
            ? (f.negative && f.exponent == 0 && f.fraction == 0)
            : (f.exponent == expMax && f.fraction == format.fractionMask()))
      return FloatClass::QuietNaN;
    break;
  case NonFinite::FiniteOnly:
    break;
  }
  // x87 unnormals (non-zero exponent field, integer bit clear) are invalid
  // operands: NaN, quiet or signaling by the quiet bit (as APFloat).
  if (format.explicitIntegerBit && f.exponent != 0 &&
      !(f.fraction & (Bits(1) << (format.precision - 1))))
    return (f.fraction & quietBit(format)) ? FloatClass::QuietNaN
                                           : FloatClass::SignalingNaN;
  if (!format.hasSubnormals())
    return FloatClass::Normal;
  if (f.exponent == 0)
    return f.fraction == 0 ? FloatClass::Zero : FloatClass::Subnormal;
  return FloatClass::Normal;
}

Exact decode(const FloatFormat &format, Bits bits) {
  Fields f = fieldsOf(format, bits);
  switch (classify(format, bits)) {
  case FloatClass::QuietNaN:
  case FloatClass::SignalingNaN:
    return Exact::nan();
  case FloatClass::Infinity:
    return Exact::infinity(f.negative);
  case FloatClass::Zero:
    return Exact::zero(f.negative);
  case FloatClass::Subnormal:
  case FloatClass::Normal:
    break;
  }
  const int p = static_cast<int>(format.precision);
  Exact value;
  value.negative = f.negative;
  if (!format.hasSubnormals()) { // f8E8M0FNU: a bare power of two.
    value.num = 1;
    value.exp = int64_t(f.exponent) - format.bias();
    return value;
  }
  // Exponent field 0 shares the exponent of the smallest normal binade.
  int64_t unbiased = f.exponent == 0 ? format.minExponent
                                     : int64_t(f.exponent) - format.bias();
  BigInt significand = fromBits(f.fraction);
  if (!format.explicitIntegerBit && f.exponent != 0)
    significand |= BigInt(1) << (p - 1);
  value.num = significand;
  value.exp = unbiased - (p - 1);
  return value;
}

Bits encodeFinite(const FloatFormat &format, bool negative, const BigInt &q,
                  int64_t topExp, bool isNormal) {
  const int p = static_cast<int>(format.precision);
  if (!isNormal)
    return assemble(format, negative, 0, toBits(q));
  unsigned exponent = static_cast<unsigned>(topExp + format.bias());
  Bits significand = toBits(q);
  if (!format.explicitIntegerBit) // the leading one is implicit
    significand &= ~(Bits(1) << (p - 1));
  return assemble(format, negative, exponent, significand);
}

FloatResult encodeZero(const FloatFormat &format, bool negative) {
  if (!format.hasZero) // f8E8M0FNU: the smallest value stands in for zero.
    return {assemble(format, false, 0, 0),
            makeStatus(Status::Inexact | Status::Underflow)};
  return {assemble(format, negative && format.hasNegativeZero(), 0, 0), Status{}};
}

FloatResult encodeInfinity(const FloatFormat &format, bool negative) {
  switch (format.nonFinite) {
  case NonFinite::IEEE: {
    Bits integerBit = format.explicitIntegerBit
                          ? Bits(1) << (format.precision - 1)
                          : Bits(0);
    return {assemble(format, negative, format.exponentFieldMax(), integerBit),
            Status{}};
  }
  case NonFinite::NanOnly:
    return {signedNaN(format, negative), Status{}};
  case NonFinite::FiniteOnly:
    return {largestFinite(format, negative),
            makeStatus(Status::Overflow | Status::Inexact)};
  }
  return {};
}

Bits defaultNaN(const FloatFormat &format) {
  switch (format.nonFinite) {
  case NonFinite::IEEE: {
    Bits integerBit = format.explicitIntegerBit
                          ? Bits(1) << (format.precision - 1)
                          : Bits(0);
    return assemble(format, false, format.exponentFieldMax(),
                    integerBit | quietBit(format));
  }
  case NonFinite::NanOnly:
    if (format.nanEncoding == NanEncoding::NegativeZero)
      return format.signMask();
    return assemble(format, false, format.exponentFieldMax(),
                    format.fractionMask());
  case NonFinite::FiniteOnly:
    return 0;
  }
  return 0;
}

Bits signedNaN(const FloatFormat &format, bool negative) {
  Bits nan = defaultNaN(format);
  if (negative && format.hasNaN() && format.nanEncoding != NanEncoding::NegativeZero)
    nan |= format.signMask();
  return nan;
}

Bits quietNaN(const FloatFormat &format, Bits nan) {
  if (format.nonFinite != NonFinite::IEEE)
    return nan;
  // The exponent field is already all ones except for x87 unnormals, which
  // become the NaN with the same fraction.
  return nan | quietBit(format) |
         (Bits(format.exponentFieldMax()) << format.fractionBits());
}

Bits largestFinite(const FloatFormat &format, bool negative) {
  unsigned exponent = static_cast<unsigned>(format.maxExponent + format.bias());
  Bits fraction = format.fractionMask();
  if (format.maxBinadeLosesAllOnesFraction())
    fraction -= 1;
  return assemble(format, negative && format.hasSign, exponent, fraction);
}

Bits nanPayloadLeftAligned(const FloatFormat &format, Bits nan, unsigned width) {
  // FNUZ's single NaN (the -0 pattern) and E8M0's (no fraction) carry no
  // payload. An all-ones NaN (FN formats) carries its fraction like an IEEE
  // quiet NaN: the top fraction bit acts as the quiet bit, the rest (all
  // ones) is the payload, as APFloat converts it.
  if (format.nonFinite == NonFinite::FiniteOnly ||
      format.nanEncoding == NanEncoding::NegativeZero || format.precision < 2)
    return 0;
  // Payload bits sit below the quiet bit.
  const unsigned payloadBits = format.precision - 2;
  Bits payload = nan & (quietBit(format) - 1);
  if (payloadBits >= width)
    return payload >> (payloadBits - width);
  return payload << (width - payloadBits);
}

Bits negateBits(const FloatFormat &format, Bits bits) {
  if (!format.hasSign)
    return bits;
  if (format.nanEncoding == NanEncoding::NegativeZero &&
      (bits & ~format.signMask() & format.allBitsMask()) == 0)
    return bits; // +0 and the NaN pattern are their own negation.
  return bits ^ format.signMask();
}

} // namespace qi::numeric
