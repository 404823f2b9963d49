//===- Exact.cpp - Exact arithmetic on num/den*2^exp values ---------------===//
//
// Spec: [exact.value]. No rounding happens here.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/Exact.h"

#include <algorithm>

namespace qi::numeric {

Exact Exact::zero(bool negative) {
  Exact e;
  e.negative = negative;
  return e;
}

Exact Exact::infinity(bool negative) {
  Exact e;
  e.kind = Kind::Infinity;
  e.negative = negative;
  return e;
}

Exact Exact::nan() {
  Exact e;
  e.kind = Kind::NaN;
  return e;
}

Exact Exact::fromInteger(const BigInt &value) { return fromRatio(value, 1, 0); }

Exact Exact::fromRatio(const BigInt &num, const BigInt &den, int64_t exp) {
  Exact e;
  e.negative = num < 0;
  e.num = e.negative ? BigInt(-num) : num;
  e.den = den;
  e.exp = exp;
  return e;
}

std::string Exact::toString() const {
  if (isNaN())
    return "nan";
  std::string sign = negative ? "-" : "";
  if (isInfinity())
    return sign + "inf";
  std::string text = sign + num.str();
  if (den != 1)
    text += "/" + den.str();
  if (exp != 0)
    text += "*2^" + std::to_string(exp);
  return text;
}

namespace {
/// Signed numerator of a scaled to exponent `to` (to <= a.exp).
BigInt signedNumeratorAt(const Exact &a, int64_t to) {
  BigInt n = a.num << static_cast<unsigned>(a.exp - to);
  return a.negative ? BigInt(-n) : n;
}
} // namespace

Exact exactAdd(const Exact &a, const Exact &b) {
  if (a.isZero())
    return b.isZero() ? Exact::zero() : b;
  if (b.isZero())
    return a;
  int64_t exp = std::min(a.exp, b.exp);
  BigInt an = signedNumeratorAt(a, exp), bn = signedNumeratorAt(b, exp);
  if (a.den == b.den)
    return Exact::fromRatio(an + bn, a.den, exp);
  return Exact::fromRatio(an * b.den + bn * a.den, a.den * b.den, exp);
}

Exact exactNegate(Exact a) {
  a.negative = !a.negative;
  return a;
}

Exact exactSub(const Exact &a, const Exact &b) { return exactAdd(a, exactNegate(b)); }

Exact exactMul(const Exact &a, const Exact &b) {
  Exact r;
  r.negative = a.negative != b.negative;
  r.num = a.num * b.num;
  r.den = a.den * b.den;
  r.exp = a.exp + b.exp;
  if (r.num == 0) {
    r.den = 1;
    r.exp = 0;
  }
  return r;
}

Exact exactDiv(const Exact &a, const Exact &b) {
  Exact r;
  r.negative = a.negative != b.negative;
  r.num = a.num * b.den;
  r.den = a.den * b.num;
  r.exp = a.exp - b.exp;
  if (r.num == 0) {
    r.den = 1;
    r.exp = 0;
  }
  return r;
}

int exactCompare(const Exact &a, const Exact &b) {
  auto rank = [](const Exact &x) {
    return x.isInfinity() ? (x.negative ? -1 : 1) : 0;
  };
  if (rank(a) != 0 || rank(b) != 0)
    return rank(a) < rank(b) ? -1 : (rank(a) > rank(b) ? 1 : 0);
  Exact d = exactSub(a, b);
  if (d.num == 0)
    return 0;
  return d.negative ? -1 : 1;
}

} // namespace qi::numeric
