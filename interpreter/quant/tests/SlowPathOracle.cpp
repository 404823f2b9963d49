//===- SlowPathOracle.cpp - An independent qcast/dcast on exact rationals -===//
//
// Written from the IEEE 754 definitions and spec/quant.md; see the header.
// Nothing here calls the numeric core (no decode, roundToFormat, floatDiv,
// IntFormat::wrap, ...).
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/SlowPathOracle.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace qi::quant::slow {

using numeric::RoundingMode;

namespace {

const std::vector<Format> &table() {
  //                              bits  p  ebits  emin   emax  inf
  static const std::vector<Format> formats = {
      {"f16", 16, 11, 5, -14, 15, true},
      {"bf16", 16, 8, 8, -126, 127, true},
      {"f32", 32, 24, 8, -126, 127, true},
      {"f64", 64, 53, 11, -1022, 1023, true},
      {"f8E4M3FN", 8, 4, 4, -6, 8, false},
      {"f8E5M2", 8, 3, 5, -14, 15, true},
  };
  return formats;
}

Rational pow2(int64_t k) {
  if (k >= 0)
    return Rational(Int(1) << static_cast<unsigned>(k));
  return Rational(Int(1), Int(1) << static_cast<unsigned>(-k));
}

Int floorOf(const Rational &r) { // r >= 0
  return boost::multiprecision::numerator(r) / boost::multiprecision::denominator(r);
}

/// floor(log2(r)) for r > 0.
int64_t floorLog2(const Rational &r) {
  const Int &n = boost::multiprecision::numerator(r);
  const Int &d = boost::multiprecision::denominator(r);
  int64_t k = int64_t(boost::multiprecision::msb(n)) - int64_t(boost::multiprecision::msb(d));
  return pow2(k) > r ? k - 1 : k;
}

int bias(const Format &f) { return (1 << (f.exponentBits - 1)) - 1; }
uint64_t exponentAllOnes(const Format &f) { return (uint64_t(1) << f.exponentBits) - 1; }
uint64_t fractionMask(const Format &f) { return (uint64_t(1) << (f.precision - 1)) - 1; }
uint64_t signBit(const Format &f) { return uint64_t(1) << (f.totalBits - 1); }

Value finite(bool negative, const Rational &magnitude) {
  Value v;
  v.negative = negative;
  v.magnitude = magnitude;
  return v;
}

Value nanWithBits(uint64_t bits) {
  Value v;
  v.kind = Value::NaN;
  v.nanBits = bits;
  return v;
}

/// The NaN an invalid operation makes: positive and quiet.
Value defaultNaN(const Format &f) {
  uint64_t e = exponentAllOnes(f) << (f.precision - 1);
  if (!f.hasInfinity)
    return nanWithBits(e | fractionMask(f));
  return nanWithBits(e | (uint64_t(1) << (f.precision - 2)));
}

/// +-infinity; a format without infinity has only its (signed) NaN.
Value infinity(const Format &f, bool negative) {
  if (!f.hasInfinity)
    return nanWithBits((negative ? signBit(f) : 0) |
                       (exponentAllOnes(f) << (f.precision - 1)) | fractionMask(f));
  Value v;
  v.kind = Value::Infinite;
  v.negative = negative;
  return v;
}

Value quiet(const Format &f, const Value &nan) {
  if (!f.hasInfinity)
    return nan;
  return nanWithBits(nan.nanBits | (uint64_t(1) << (f.precision - 2)));
}

/// Whether a rounding step bumps the truncated magnitude q by one unit.
/// halfCompare: the discarded fraction compared with one half (-1, 0, +1).
bool roundUp(RoundingMode mode, bool negative, bool qOdd, int halfCompare, bool inexact) {
  if (!inexact)
    return false;
  switch (mode) {
  case RoundingMode::NearestEven:
    return halfCompare > 0 || (halfCompare == 0 && qOdd);
  case RoundingMode::NearestAway:
    return halfCompare >= 0;
  case RoundingMode::NearestUp:
    return halfCompare > 0 || (halfCompare == 0 && !negative);
  case RoundingMode::TowardZero:
    return false;
  case RoundingMode::TowardPositive:
    return !negative;
  case RoundingMode::TowardNegative:
    return negative;
  case RoundingMode::Odd:
    return !qOdd;
  }
  throw std::logic_error("mode");
}

/// IEEE 754 7.4: which overflows deliver infinity (the others the largest
/// finite value). Round-to-odd never produces an infinity from a finite value.
bool overflowIsInfinite(RoundingMode mode, bool negative) {
  switch (mode) {
  case RoundingMode::NearestEven:
  case RoundingMode::NearestAway:
  case RoundingMode::NearestUp:
    return true;
  case RoundingMode::TowardPositive:
    return !negative;
  case RoundingMode::TowardNegative:
    return negative;
  case RoundingMode::TowardZero:
  case RoundingMode::Odd:
    return false;
  }
  throw std::logic_error("mode");
}

Rational signedValue(const Value &v) { return v.negative ? Rational(-v.magnitude) : v.magnitude; }

/// [format.nan]: the first NaN operand, quieted.
const Value *firstNaN(const Value &a, const Value &b) {
  if (a.kind == Value::NaN)
    return &a;
  if (b.kind == Value::NaN)
    return &b;
  return nullptr;
}

Value add(const Format &f, const Value &a, const Value &b, RoundingMode mode) {
  if (const Value *n = firstNaN(a, b))
    return quiet(f, *n);
  if (a.kind == Value::Infinite && b.kind == Value::Infinite)
    return a.negative != b.negative ? defaultNaN(f) : infinity(f, a.negative);
  if (a.kind == Value::Infinite)
    return infinity(f, a.negative);
  if (b.kind == Value::Infinite)
    return infinity(f, b.negative);
  Rational sum = signedValue(a) + signedValue(b);
  if (sum == 0) {
    // IEEE 754 6.3: an exact zero sum is +0 (-0 toward negative) unless both
    // operands are zeros of the same sign.
    bool negative = (a.magnitude == 0 && b.magnitude == 0 && a.negative == b.negative)
                        ? a.negative
                        : mode == RoundingMode::TowardNegative;
    return finite(negative, 0);
  }
  return round(f, sum < 0, sum < 0 ? Rational(-sum) : sum, mode);
}

Value sub(const Format &f, const Value &a, const Value &b, RoundingMode mode) {
  if (const Value *n = firstNaN(a, b))
    return quiet(f, *n);
  Value negated = b;
  negated.negative = !b.negative;
  return add(f, a, negated, mode);
}

Value mul(const Format &f, const Value &a, const Value &b, RoundingMode mode) {
  if (const Value *n = firstNaN(a, b))
    return quiet(f, *n);
  bool negative = a.negative != b.negative;
  bool aZero = a.kind == Value::Finite && a.magnitude == 0;
  bool bZero = b.kind == Value::Finite && b.magnitude == 0;
  if (a.kind == Value::Infinite || b.kind == Value::Infinite)
    return (aZero || bZero) ? defaultNaN(f) : infinity(f, negative);
  if (aZero || bZero)
    return finite(negative, 0);
  return round(f, negative, a.magnitude * b.magnitude, mode);
}

Value div(const Format &f, const Value &a, const Value &b, RoundingMode mode) {
  if (const Value *n = firstNaN(a, b))
    return quiet(f, *n);
  bool negative = a.negative != b.negative;
  bool aZero = a.kind == Value::Finite && a.magnitude == 0;
  bool bZero = b.kind == Value::Finite && b.magnitude == 0;
  if (a.kind == Value::Infinite)
    return b.kind == Value::Infinite ? defaultNaN(f) : infinity(f, negative);
  if (b.kind == Value::Infinite)
    return finite(negative, 0);
  if (bZero)
    return aZero ? defaultNaN(f) : infinity(f, negative);
  if (aZero)
    return finite(negative, 0);
  return round(f, negative, a.magnitude / b.magnitude, mode);
}

Value fromInteger(const Format &f, const Int &n, RoundingMode mode) {
  if (n == 0)
    return finite(false, 0);
  return round(f, n < 0, Rational(n < 0 ? Int(-n) : n), mode);
}

/// A value of one format converted into another (NaN: only NaN-ness kept;
/// the tests never pass NaN scales).
Value convert(const Value &v, const Format &to, RoundingMode mode) {
  switch (v.kind) {
  case Value::NaN:
    return defaultNaN(to);
  case Value::Infinite:
    return infinity(to, v.negative);
  case Value::Finite:
    break;
  }
  return round(to, v.negative, v.magnitude, mode);
}

//===--- Storage ----------------------------------------------------------===//

struct Storage {
  Int typeMin, typeMax;
  int64_t min, max;
  unsigned width;
  bool isSigned;
};

Storage storageOf(const QuantType &t) {
  Storage s;
  s.width = t.storage.width;
  s.isSigned = t.storage.isSigned;
  if (s.isSigned) {
    s.typeMin = -(Int(1) << (s.width - 1));
    s.typeMax = (Int(1) << (s.width - 1)) - 1;
  } else {
    s.typeMin = 0;
    s.typeMax = (Int(1) << s.width) - 1;
  }
  s.min = t.storageMin;
  s.max = t.storageMax;
  return s;
}

Stored poison() { return {0, true}; }

/// [sem.overflow-policy] then [qcast.steps] clamp.
Stored store(const Storage &s, const Semantics &semantics, Int v) {
  if (v < s.typeMin || v > s.typeMax) {
    switch (semantics.overflow) {
    case OverflowPolicy::Saturate:
      v = v < s.typeMin ? s.typeMin : s.typeMax;
      break;
    case OverflowPolicy::Poison:
      return poison();
    case OverflowPolicy::Wrap: {
      Int modulus = Int(1) << s.width;
      v = ((v % modulus) + modulus) % modulus; // 0 .. 2^w - 1
      if (v > s.typeMax)
        v -= modulus;
      break;
    }
    case OverflowPolicy::Indefinite: // needs a recipe's intermediate integer type
      throw std::invalid_argument("slow path: --overflow-policy=indefinite is not modelled");
    }
  }
  if (v < s.min)
    v = s.min;
  if (v > s.max)
    v = s.max;
  return {static_cast<int64_t>(v), false};
}

/// [sem.nan-policy]
Stored storeNaN(const Storage &s, const Semantics &semantics, int64_t zeroPoint) {
  switch (semantics.nan) {
  case NanPolicy::Poison:
    return poison();
  case NanPolicy::Qmin:
    return {s.min, false};
  case NanPolicy::Qmax:
    return {s.max, false};
  case NanPolicy::ZeroPoint:
    return store(s, semantics, zeroPoint);
  case NanPolicy::Zero:
    return store(s, semantics, 0);
  case NanPolicy::Indefinite: // needs a recipe's intermediate integer type
    throw std::invalid_argument("slow path: --nan-policy=indefinite is not modelled");
  }
  throw std::logic_error("nan policy");
}

/// [sem.overflow-policy] for +-inf.
Stored storeInfinity(const Storage &s, const Semantics &semantics, bool negative) {
  if (semantics.overflow != OverflowPolicy::Saturate)
    return poison();
  return store(s, semantics, negative ? s.typeMin : s.typeMax);
}

} // namespace

//===--- Formats, decoding, rounding, encoding ------------------------------===//

const Format &formatNamed(const std::string &name) {
  for (const Format &f : table())
    if (f.name == name)
      return f;
  throw std::invalid_argument("slow path: no format " + name);
}

Value decode(const Format &f, uint64_t bits) {
  const bool negative = (bits & signBit(f)) != 0;
  const uint64_t exponent = (bits >> (f.precision - 1)) & exponentAllOnes(f);
  const uint64_t fraction = bits & fractionMask(f);
  if (exponent == exponentAllOnes(f)) {
    if (f.hasInfinity) {
      if (fraction == 0)
        return infinity(f, negative);
      return nanWithBits(bits);
    }
    if (fraction == fractionMask(f))
      return nanWithBits(bits);
  }
  if (exponent == 0)
    return finite(negative, Rational(Int(fraction)) * pow2(f.minExponent - (f.precision - 1)));
  Int significand = (Int(1) << (f.precision - 1)) + Int(fraction);
  return finite(negative, Rational(significand) *
                              pow2(int64_t(exponent) - bias(f) - (f.precision - 1)));
}

Rational largestFinite(const Format &f) {
  Int significand = (Int(1) << f.precision) - (f.hasInfinity ? 1 : 2);
  return Rational(significand) * pow2(f.maxExponent - (f.precision - 1));
}

Value round(const Format &f, bool negative, const Rational &magnitude, RoundingMode mode) {
  if (magnitude == 0)
    return finite(negative, 0);
  const int64_t e = floorLog2(magnitude);
  const int64_t lsb = std::max<int64_t>(e, f.minExponent) - (f.precision - 1);
  const Rational scaled = magnitude / pow2(lsb);
  Int q = floorOf(scaled);
  const Rational rest = scaled - Rational(q);
  const Rational twice = rest * 2;
  const int halfCompare = twice < 1 ? -1 : (twice == 1 ? 0 : 1);
  if (roundUp(mode, negative, (q & 1) != 0, halfCompare, rest != 0))
    q += 1;
  const Rational rounded = Rational(q) * pow2(lsb);
  if (rounded > largestFinite(f)) {
    if (overflowIsInfinite(mode, negative))
      return infinity(f, negative);
    return finite(negative, largestFinite(f));
  }
  return finite(negative, rounded);
}

Int roundToInteger(const Rational &value, RoundingMode mode) {
  const bool negative = value < 0;
  const Rational magnitude = negative ? Rational(-value) : value;
  Int q = floorOf(magnitude);
  const Rational rest = magnitude - Rational(q);
  const Rational twice = rest * 2;
  const int halfCompare = twice < 1 ? -1 : (twice == 1 ? 0 : 1);
  if (roundUp(mode, negative, (q & 1) != 0, halfCompare, rest != 0))
    q += 1;
  return negative ? Int(-q) : q;
}

uint64_t encode(const Format &f, const Value &v) {
  if (v.kind == Value::NaN)
    return v.nanBits;
  const uint64_t sign = v.negative ? signBit(f) : 0;
  if (v.kind == Value::Infinite)
    return sign | (exponentAllOnes(f) << (f.precision - 1));
  if (v.magnitude == 0)
    return sign;
  if (v.magnitude < pow2(f.minExponent)) {
    Rational units = v.magnitude / pow2(f.minExponent - (f.precision - 1));
    if (boost::multiprecision::denominator(units) != 1)
      throw std::logic_error("slow path: unrepresentable subnormal");
    return sign | static_cast<uint64_t>(boost::multiprecision::numerator(units));
  }
  const int64_t e = floorLog2(v.magnitude);
  Rational significand = v.magnitude / pow2(e - (f.precision - 1));
  if (boost::multiprecision::denominator(significand) != 1)
    throw std::logic_error("slow path: unrepresentable value");
  uint64_t m = static_cast<uint64_t>(boost::multiprecision::numerator(significand));
  return sign | (uint64_t(e + bias(f)) << (f.precision - 1)) | (m & fractionMask(f));
}

//===--- qcast / dcast ----------------------------------------------------===//

Stored qcast(const QuantType &type, const Semantics &semantics, size_t parameter,
             uint64_t xBits) {
  const Format &e = formatNamed(std::string(type.expressed->name));
  const ScaleValue &scaleValue = type.scales.at(parameter);
  const Format &scaleFormat = formatNamed(std::string(scaleValue.format->name));
  const Value scale = decode(scaleFormat, static_cast<uint64_t>(scaleValue.bits));
  const int64_t zeroPoint = type.zeroPoints.at(parameter);
  const Storage s = storageOf(type);
  const Value x = decode(e, xBits);

  if (!semantics.arithRounding) {
    // [qcast.exact]: x / scale + zeroPoint, scale as stored, rounded once.
    if (x.kind == Value::NaN || scale.kind == Value::NaN ||
        (x.kind == Value::Infinite && scale.kind == Value::Infinite))
      return storeNaN(s, semantics, zeroPoint);
    if (x.kind == Value::Infinite)
      return storeInfinity(s, semantics, x.negative != scale.negative);
    if (scale.kind == Value::Finite && scale.magnitude == 0) {
      if (x.magnitude == 0)
        return storeNaN(s, semantics, zeroPoint);
      return storeInfinity(s, semantics, x.negative != scale.negative);
    }
    Rational scaled = scale.kind == Value::Infinite
                          ? Rational(0)
                          : signedValue(x) / signedValue(scale);
    return store(s, semantics, roundToInteger(scaled + Rational(zeroPoint), semantics.rounding));
  }

  // [qcast.steps], every step rounded in the expressed type.
  const RoundingMode mode = *semantics.arithRounding;
  const Value zeroPointFloat = fromInteger(e, zeroPoint, mode);
  const Value scaleFloat = convert(scale, e, mode);
  if (scaleFloat.kind == Value::NaN)
    return storeNaN(s, semantics, zeroPoint);
  const Value scaled = div(e, x, scaleFloat, mode);
  if (scaled.kind == Value::NaN)
    return storeNaN(s, semantics, zeroPoint);
  const Value storedFloat = add(e, scaled, zeroPointFloat, mode);
  if (storedFloat.kind == Value::NaN)
    return storeNaN(s, semantics, zeroPoint);
  if (storedFloat.kind == Value::Infinite)
    return storeInfinity(s, semantics, storedFloat.negative);
  return store(s, semantics, roundToInteger(signedValue(storedFloat), semantics.rounding));
}

Expressed dcast(const QuantType &type, const Semantics &semantics, size_t parameter,
                int64_t stored) {
  const Format &e = formatNamed(std::string(type.expressed->name));
  const ScaleValue &scaleValue = type.scales.at(parameter);
  const Format &scaleFormat = formatNamed(std::string(scaleValue.format->name));
  const Value scale = decode(scaleFormat, static_cast<uint64_t>(scaleValue.bits));
  const int64_t zeroPoint = type.zeroPoints.at(parameter);

  if (!semantics.arithRounding) {
    // [dcast.exact]: (stored - zeroPoint) * scale, rounded once, nearest-even.
    const Int difference = Int(stored) - Int(zeroPoint);
    if (scale.kind == Value::NaN || (scale.kind == Value::Infinite && difference == 0))
      return {encode(e, defaultNaN(e)), false};
    if (scale.kind == Value::Infinite)
      return {encode(e, infinity(e, (difference < 0) != scale.negative)), false};
    Rational product = Rational(difference) * signedValue(scale);
    bool negative = product < 0;
    return {encode(e, round(e, negative, negative ? Rational(-product) : product,
                            RoundingMode::NearestEven)),
            false};
  }
  // [dcast.steps]
  const RoundingMode mode = *semantics.arithRounding;
  const Value storedFloat = fromInteger(e, stored, mode);
  const Value zeroPointFloat = fromInteger(e, zeroPoint, mode);
  const Value scaleFloat = convert(scale, e, mode);
  const Value difference = sub(e, storedFloat, zeroPointFloat, mode);
  const Value product = mul(e, difference, scaleFloat, mode);
  return {encode(e, product), false};
}

} // namespace qi::quant::slow
