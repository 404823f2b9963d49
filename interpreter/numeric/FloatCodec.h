//===- FloatCodec.h - Bit patterns <-> exact values -------------*- C++ -*-===//
//
// Spec: [format.encoding], [format.nonfinite], [format.nan].
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_FLOATCODEC_H
#define QI_NUMERIC_FLOATCODEC_H

#include "interpreter/numeric/Exact.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/Rounding.h"

namespace qi::numeric {

enum class FloatClass { Zero, Subnormal, Normal, Infinity, QuietNaN, SignalingNaN };

/// Classifies a bit pattern (bits above sizeInBits are ignored).
FloatClass classify(const FloatFormat &format, Bits bits);
inline bool isNaN(const FloatFormat &format, Bits bits) {
  FloatClass c = classify(format, bits);
  return c == FloatClass::QuietNaN || c == FloatClass::SignalingNaN;
}
inline bool isSignalingNaN(const FloatFormat &format, Bits bits) {
  return classify(format, bits) == FloatClass::SignalingNaN;
}
inline bool signBit(const FloatFormat &format, Bits bits) {
  return (bits & format.signMask()) != 0;
}

/// The exact value of a bit pattern. [format.encoding]
Exact decode(const FloatFormat &format, Bits bits);

/// The encoding of a finite non-zero value with significand q: a normal
/// number with unbiased exponent topExp (2^(p-1) <= q < 2^p) or, when
/// !isNormal, a subnormal (q < 2^(p-1), topExp ignored).
Bits encodeFinite(const FloatFormat &format, bool negative, const BigInt &q,
                  int64_t topExp, bool isNormal);

/// +-0, or what a format without (negative) zero does instead.
FloatResult encodeZero(const FloatFormat &format, bool negative);
/// +-infinity, or what a format without infinity does instead.
/// [format.nonfinite]
FloatResult encodeInfinity(const FloatFormat &format, bool negative);
/// The NaN an invalid operation produces: positive, quiet, no payload.
/// [format.nan] FiniteOnly formats have none and answer 0 (callers must
/// also raise Invalid; the interpreter turns it into poison).
Bits defaultNaN(const FloatFormat &format);
/// The format's NaN carrying `negative` where the encoding has a signed NaN
/// (IEEE and AllOnes); FNUZ has one NaN pattern. FiniteOnly: 0.
Bits signedNaN(const FloatFormat &format, bool negative);
/// The quiet version of a NaN pattern, payload kept. [format.nan]
Bits quietNaN(const FloatFormat &format, Bits nan);
Bits largestFinite(const FloatFormat &format, bool negative);
/// The fraction of a NaN as a left-aligned payload of `width` bits (quiet bit
/// excluded), to carry it across formats. All-ones NaNs (FN formats) carry
/// their all-ones fraction; FNUZ and E8M0 NaNs carry none. [format.nan]
Bits nanPayloadLeftAligned(const FloatFormat &format, Bits nan, unsigned width);

/// Sign flip as negf does it (no rounding; NaN payload kept; FNUZ zero and
/// NaN are their own negation; unsigned formats are unchanged).
Bits negateBits(const FloatFormat &format, Bits bits);

} // namespace qi::numeric

#endif
