//===- FloatOps.cpp - Correctly rounded operations on bit patterns --------===//
//
// Spec: [op.arith], [op.convert], [format.nan], [op.zero-sign].
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/FloatOps.h"

#include "interpreter/numeric/FloatCodec.h"

#include <initializer_list>
#include <optional>

namespace qi::numeric {

namespace {

/// [format.nan]: the result of an operation with a NaN operand is the first
/// NaN operand, quieted; a signaling NaN operand raises Invalid.
std::optional<FloatResult> propagateNaN(const FloatFormat &format,
                                        std::initializer_list<Bits> operands) {
  std::optional<FloatResult> result;
  bool signaling = false;
  for (Bits operand : operands) {
    if (!isNaN(format, operand))
      continue;
    signaling |= isSignalingNaN(format, operand);
    if (!result)
      result = FloatResult{quietNaN(format, operand), Status{}};
  }
  if (result && signaling)
    result->status |= makeStatus(Status::Invalid);
  return result;
}

FloatResult invalidOperation(const FloatFormat &format) {
  return {defaultNaN(format), makeStatus(Status::Invalid)};
}

/// [op.zero-sign]: an exact zero sum of operands with opposite signs is +0,
/// or -0 when rounding toward negative.
FloatResult roundSum(const Exact &sum, const Exact &a, const Exact &b,
                     const FloatFormat &format, RoundingMode mode) {
  if (sum.isZero()) {
    bool negative = (a.isZero() && b.isZero() && a.negative == b.negative)
                        ? a.negative
                        : mode == RoundingMode::TowardNegative;
    return encodeZero(format, negative);
  }
  return roundToFormat(sum, format, mode);
}

FloatResult addExact(const FloatFormat &format, const Exact &x, const Exact &y,
                     RoundingMode mode) {
  if (x.isInfinity() || y.isInfinity()) {
    if (x.isInfinity() && y.isInfinity() && x.negative != y.negative)
      return invalidOperation(format);
    return encodeInfinity(format, x.isInfinity() ? x.negative : y.negative);
  }
  return roundSum(exactAdd(x, y), x, y, format, mode);
}

} // namespace

FloatResult floatAdd(const FloatFormat &format, Bits a, Bits b, RoundingMode mode) {
  if (auto nan = propagateNaN(format, {a, b}))
    return *nan;
  return addExact(format, decode(format, a), decode(format, b), mode);
}

FloatResult floatSub(const FloatFormat &format, Bits a, Bits b, RoundingMode mode) {
  if (auto nan = propagateNaN(format, {a, b}))
    return *nan;
  return addExact(format, decode(format, a), exactNegate(decode(format, b)), mode);
}

FloatResult floatMul(const FloatFormat &format, Bits a, Bits b, RoundingMode mode) {
  if (auto nan = propagateNaN(format, {a, b}))
    return *nan;
  Exact x = decode(format, a), y = decode(format, b);
  bool negative = x.negative != y.negative;
  if (x.isInfinity() || y.isInfinity()) {
    if (x.isZero() || y.isZero())
      return invalidOperation(format);
    return encodeInfinity(format, negative);
  }
  if (x.isZero() || y.isZero())
    return encodeZero(format, negative);
  return roundToFormat(exactMul(x, y), format, mode);
}

FloatResult floatDiv(const FloatFormat &format, Bits a, Bits b, RoundingMode mode) {
  if (auto nan = propagateNaN(format, {a, b}))
    return *nan;
  Exact x = decode(format, a), y = decode(format, b);
  bool negative = x.negative != y.negative;
  if (x.isInfinity())
    return y.isInfinity() ? invalidOperation(format)
                          : encodeInfinity(format, negative);
  if (y.isInfinity())
    return encodeZero(format, negative);
  if (y.isZero()) {
    if (x.isZero())
      return invalidOperation(format);
    FloatResult inf = encodeInfinity(format, negative);
    inf.status |= makeStatus(Status::DivideByZero);
    return inf;
  }
  if (x.isZero())
    return encodeZero(format, negative);
  return roundToFormat(exactDiv(x, y), format, mode);
}

FloatResult floatFma(const FloatFormat &format, Bits a, Bits b, Bits c,
                     RoundingMode mode) {
  Exact x = decode(format, a), y = decode(format, b), z = decode(format, c);
  // IEEE 754 7.2(c): inf * 0 is invalid even when the addend is a quiet NaN.
  bool infTimesZero = (x.isInfinity() && y.isZero()) || (x.isZero() && y.isInfinity());
  if (auto nan = propagateNaN(format, {a, b, c})) {
    if (infTimesZero && !isNaN(format, a) && !isNaN(format, b))
      nan->status |= makeStatus(Status::Invalid);
    return *nan;
  }
  if (infTimesZero)
    return invalidOperation(format);
  bool productNegative = x.negative != y.negative;
  if (x.isInfinity() || y.isInfinity()) {
    if (z.isInfinity() && z.negative != productNegative)
      return invalidOperation(format);
    return encodeInfinity(format, productNegative);
  }
  if (z.isInfinity())
    return encodeInfinity(format, z.negative);
  Exact product = exactMul(x, y);
  product.negative = productNegative; // keeps the sign of a zero product
  return roundSum(exactAdd(product, z), product, z, format, mode);
}

FloatResult floatConvert(const FloatFormat &from, Bits bits, const FloatFormat &to,
                         RoundingMode mode) {
  if (isNaN(from, bits)) {
    Status status = isSignalingNaN(from, bits) ? makeStatus(Status::Invalid) : Status{};
    switch (to.nonFinite) {
    case NonFinite::FiniteOnly:
      return {defaultNaN(to), makeStatus(Status::Invalid)};
    case NonFinite::NanOnly:
      return {signedNaN(to, signBit(from, bits)), status};
    case NonFinite::IEEE: {
      // [format.nan]: the payload is kept left-aligned, then quieted.
      Bits payload = nanPayloadLeftAligned(from, bits, to.precision - 2);
      Bits nan = defaultNaN(to) | payload;
      // The FNUZ NaN is the -0 pattern: its sign bit is not a sign.
      if (signBit(from, bits) && from.nanEncoding != NanEncoding::NegativeZero)
        nan |= to.signMask();
      return {nan, status};
    }
    }
  }
  Exact value = decode(from, bits);
  FloatResult result = roundToFormat(value, to, mode);
  // [op.convert] Infinity into a NaN-only format (it becomes NaN) and -0 into
  // an FNUZ format (it becomes +0) lose information: Inexact, as APFloat.
  if ((value.isInfinity() && to.nonFinite == NonFinite::NanOnly && !result.status.invalid()) ||
      (value.isZero() && value.negative && to.nanEncoding == NanEncoding::NegativeZero))
    result.status |= makeStatus(Status::Inexact);
  return result;
}

FloatResult intToFloat(const BigInt &value, const FloatFormat &to, RoundingMode mode) {
  return roundToFormat(Exact::fromInteger(value), to, mode);
}

IntegerResult floatToInteger(const FloatFormat &from, Bits bits, RoundingMode mode) {
  Exact value = decode(from, bits);
  if (!value.isFinite())
    return {BigInt(0), makeStatus(Status::Invalid)};
  return roundToInteger(value, mode);
}

} // namespace qi::numeric
