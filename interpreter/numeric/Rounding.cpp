//===- Rounding.cpp - Round an exact value into a format or an integer ----===//
//
// Spec: [round.modes], [round.float], [round.integer]. The exact value is
// split at the target's last digit into a truncated magnitude and a class of
// the discarded rest; the mode then decides one increment. Nothing else in
// the numeric core rounds.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/Rounding.h"

#include "interpreter/numeric/FloatCodec.h"

#include <algorithm>

namespace qi::numeric {

namespace {

/// |value| = (q + rest) * 2^lsbExp with q an integer.
struct Split {
  BigInt q;
  Rest rest;
};

Split splitAt(const Exact &value, int64_t lsbExp) {
  int64_t shift = value.exp - lsbExp;
  Split split;
  if (value.den == 1 && shift < 0) {
    unsigned s = static_cast<unsigned>(-shift);
    split.q = value.num >> s;
    BigInt rest = value.num - (split.q << s);
    if (rest == 0) {
      split.rest = Rest::Zero;
      return split;
    }
    BigInt half = BigInt(1) << (s - 1);
    split.rest = rest < half ? Rest::BelowHalf
                             : (rest == half ? Rest::Half : Rest::AboveHalf);
    return split;
  }
  BigInt n = shift >= 0 ? BigInt(value.num << static_cast<unsigned>(shift))
                        : value.num;
  BigInt d = shift >= 0 ? value.den : BigInt(value.den << static_cast<unsigned>(-shift));
  BigInt rest;
  boost::multiprecision::divide_qr(n, d, split.q, rest);
  if (rest == 0) {
    split.rest = Rest::Zero;
    return split;
  }
  BigInt twice = rest << 1;
  split.rest = twice < d ? Rest::BelowHalf
                         : (twice == d ? Rest::Half : Rest::AboveHalf);
  return split;
}

} // namespace

int64_t floorLog2(const Exact &value) {
  int64_t k = int64_t(boost::multiprecision::msb(value.num)) -
              int64_t(boost::multiprecision::msb(value.den));
  bool atLeast = k >= 0 ? value.num >= (value.den << static_cast<unsigned>(k))
                        : (value.num << static_cast<unsigned>(-k)) >= value.den;
  return (atLeast ? k : k - 1) + value.exp;
}

FloatResult roundToFormat(const Exact &value, const FloatFormat &format,
                          RoundingMode mode) {
  if (value.isNaN())
    return {defaultNaN(format), Status{}};
  // Unsigned formats: any negative non-zero value, -infinity included.
  if (value.negative && !format.hasSign && !value.isZero())
    return {defaultNaN(format), makeStatus(Status::Invalid)};
  if (value.isInfinity())
    return encodeInfinity(format, value.negative);
  if (value.isZero())
    return encodeZero(format, value.negative);

  const int p = static_cast<int>(format.precision);
  const int64_t msbExp = floorLog2(value);
  const int64_t lsbExp = std::max<int64_t>(msbExp, format.minExponent) - (p - 1);
  Split split = splitAt(value, lsbExp);
  Status status;
  if (split.rest != Rest::Zero) {
    status |= makeStatus(Status::Inexact);
    if (msbExp < format.minExponent)
      status |= makeStatus(Status::Underflow);
  }
  BigInt q = split.q;
  int64_t exp = lsbExp;
  if (incrementMagnitude(mode, value.negative, bool(q & 1), split.rest))
    q += 1;
  if (q == 0) {
    FloatResult zero = encodeZero(format, value.negative);
    zero.status |= status;
    return zero;
  }
  if (q == (BigInt(1) << p)) {
    q >>= 1;
    ++exp;
  }
  const int64_t topExp = exp + int64_t(boost::multiprecision::msb(q));
  const bool isNormal = q >= (BigInt(1) << (p - 1));
  const bool overflow =
      isNormal && (topExp > format.maxExponent ||
                   (topExp == format.maxExponent &&
                    format.maxBinadeLosesAllOnesFraction() &&
                    q == (BigInt(1) << p) - 1));
  if (overflow) {
    status |= makeStatus(Status::Overflow | Status::Inexact);
    if (format.nonFinite != NonFinite::FiniteOnly &&
        overflowsToInfinity(mode, value.negative)) {
      FloatResult inf = encodeInfinity(format, value.negative);
      inf.status |= status;
      return inf;
    }
    return {largestFinite(format, value.negative), status};
  }
  return {encodeFinite(format, value.negative, q, isNormal ? topExp : 0, isNormal),
          status};
}

IntegerResult roundToInteger(const Exact &value, RoundingMode mode) {
  IntegerResult result;
  if (value.isZero())
    return result;
  Split split = splitAt(value, 0);
  BigInt q = split.q;
  if (incrementMagnitude(mode, value.negative, bool(q & 1), split.rest))
    q += 1;
  if (split.rest != Rest::Zero)
    result.status = makeStatus(Status::Inexact);
  result.value = value.negative ? BigInt(-q) : q;
  return result;
}

} // namespace qi::numeric
