//===- SmallFloatOracle.cpp - qcast/dcast in small float formats, by table --===//
//
// See the header. Nothing here calls the numeric core or SlowPathOracle.
//
//===----------------------------------------------------------------------===//
#include "generators/tests/SmallFloatOracle.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <vector>

namespace qi::generators::oracle {

namespace {

using Int = boost::multiprecision::cpp_int;
using Rational = boost::multiprecision::cpp_rational;
using numeric::RoundingMode;
using quant::NanPolicy;
using quant::OverflowPolicy;

/// IEEE: all-ones exponent is inf / NaN. FN: only all-ones exponent and
/// fraction is NaN (both signs), no inf. FNUZ: sign bit alone (0x80) is the
/// only NaN, no inf, no negative zero. FiniteOnly: no inf, no NaN; every
/// exponent is finite and overflow saturates ([format.overflow]).
enum class Kind { IEEE, FN, FNUZ, FiniteOnly };

struct Spec {
  const char *name;
  int bits, exponentBits, bias;
  Kind kind;
};

const Spec kSpecs[] = {
    //  name           bits e  bias  kind
    {"f8E5M2", 8, 5, 15, Kind::IEEE},       {"f8E4M3", 8, 4, 7, Kind::IEEE},
    {"f8E3M4", 8, 3, 3, Kind::IEEE},        {"f8E4M3FN", 8, 4, 7, Kind::FN},
    {"f8E5M2FNUZ", 8, 5, 16, Kind::FNUZ},   {"f8E4M3FNUZ", 8, 4, 8, Kind::FNUZ},
    {"f8E4M3B11FNUZ", 8, 4, 11, Kind::FNUZ}, {"f6E2M3FN", 6, 2, 1, Kind::FiniteOnly},
    {"f6E3M2FN", 6, 3, 3, Kind::FiniteOnly}, {"f4E2M1FN", 4, 2, 1, Kind::FiniteOnly},
    {"tf32", 19, 8, 127, Kind::IEEE}};

Rational pow2(int k) {
  return k >= 0 ? Rational(Int(1) << k) : Rational(Int(1), Int(1) << -k);
}

/// A value: finite (sign, magnitude), infinite, or NaN (its encoding).
struct Value {
  enum Type { Finite, Infinite, NaN } type = Finite;
  bool negative = false;
  Rational magnitude = 0;
  unsigned nanBits = 0;
  Rational signedValue() const { return negative ? Rational(-magnitude) : magnitude; }
  bool isZero() const { return type == Finite && magnitude == 0; }
};

/// One format: its 2^bits decoded encodings and the sorted non-negative
/// finite values.
struct Format {
  Spec spec;
  int fractionBits;
  unsigned signBit;
  std::vector<Value> decoded; // by encoding
  std::vector<std::pair<Rational, unsigned>> positives; // (magnitude, encoding), ascending
  Rational maxFinite, beyond;   // beyond = maxFinite + the top binade's ulp
  bool maxIsOdd = false;

  explicit Format(const Spec &s)
      : spec(s), fractionBits(s.bits - 1 - s.exponentBits), signBit(1u << (s.bits - 1)) {
    for (unsigned b = 0; b < (1u << s.bits); ++b) {
      decoded.push_back(decodeFields(b));
      const Value &v = decoded.back();
      if (v.type == Value::Finite && !(b & signBit))
        positives.push_back({v.magnitude, b});
    }
    std::sort(positives.begin(), positives.end());
    maxFinite = positives.back().first;
    unsigned maxBits = positives.back().second;
    int field = int(maxBits >> fractionBits);
    beyond = maxFinite + pow2(field - spec.bias - fractionBits);
    maxIsOdd = maxBits & 1;
  }

  Value decodeFields(unsigned b) const {
    Value v;
    v.negative = b & signBit;
    unsigned exponent = (b >> fractionBits) & ((1u << spec.exponentBits) - 1);
    unsigned fraction = b & ((1u << fractionBits) - 1);
    unsigned allOnes = (1u << spec.exponentBits) - 1, fractionOnes = (1u << fractionBits) - 1;
    bool nan = spec.kind == Kind::IEEE   ? exponent == allOnes && fraction != 0
               : spec.kind == Kind::FN   ? exponent == allOnes && fraction == fractionOnes
               : spec.kind == Kind::FNUZ ? b == signBit
                                         : false;
    if (nan) {
      v.type = Value::NaN;
      v.nanBits = b;
    } else if (spec.kind == Kind::IEEE && exponent == allOnes) {
      v.type = Value::Infinite;
    } else if (exponent == 0) {
      v.magnitude = Rational(fraction) * pow2(1 - spec.bias - fractionBits);
    } else {
      v.magnitude = Rational((1u << fractionBits) + fraction) *
                    pow2(int(exponent) - spec.bias - fractionBits);
    }
    return v;
  }

  Value nan(bool negative) const {
    if (spec.kind == Kind::FiniteOnly)
      throw std::logic_error("small-float oracle: a NaN in a format without NaN");
    Value v;
    v.type = Value::NaN;
    unsigned top = ((1u << spec.exponentBits) - 1) << fractionBits;
    v.nanBits = spec.kind == Kind::FNUZ ? signBit
                : spec.kind == Kind::FN ? (negative ? signBit : 0u) | (signBit - 1)
                                        : top | (1u << (fractionBits - 1));
    return v;
  }
  /// +-inf; where the format has none ([format.overflow]): its NaN, or the
  /// largest finite value (FiniteOnly saturates).
  Value infinity(bool negative) const {
    if (spec.kind == Kind::FiniteOnly)
      return finite(negative, maxFinite);
    if (spec.kind != Kind::IEEE)
      return nan(negative);
    Value v;
    v.type = Value::Infinite;
    v.negative = negative;
    return v;
  }
  Value quiet(const Value &n) const {
    Value v = n;
    if (spec.kind == Kind::IEEE)
      v.nanBits |= 1u << (fractionBits - 1);
    return v;
  }
  Value zero(bool negative) const {
    Value v;
    v.negative = negative && spec.kind != Kind::FNUZ;
    return v;
  }
  Value finite(bool negative, const Rational &magnitude) const {
    if (magnitude == 0)
      return zero(negative);
    Value v;
    v.negative = negative;
    v.magnitude = magnitude;
    return v;
  }

  unsigned encode(const Value &v) const {
    if (v.type == Value::NaN)
      return v.nanBits;
    unsigned sign = v.negative ? signBit : 0u;
    if (v.type == Value::Infinite)
      return sign | (((1u << spec.exponentBits) - 1) << fractionBits);
    auto it = std::lower_bound(positives.begin(), positives.end(),
                               std::pair<Rational, unsigned>{v.magnitude, 0u});
    if (it == positives.end() || it->first != v.magnitude)
      throw std::logic_error("small-float oracle: unrepresentable value");
    return (v.magnitude == 0 && spec.kind == Kind::FNUZ) ? 0u : sign | it->second;
  }

  /// IEEE 754 7.4: the overflows that deliver infinity.
  static bool overflowToInfinity(RoundingMode mode, bool negative) {
    switch (mode) {
    case RoundingMode::NearestEven:
    case RoundingMode::NearestAway:
    case RoundingMode::NearestUp: return true;
    case RoundingMode::TowardPositive: return !negative;
    case RoundingMode::TowardNegative: return negative;
    case RoundingMode::TowardZero:
    case RoundingMode::Odd: return false;
    }
    throw std::logic_error("mode");
  }

  /// sign * magnitude rounded into the format by searching the table.
  Value round(bool negative, const Rational &magnitude, RoundingMode mode) const {
    if (magnitude >= beyond)
      return overflowToInfinity(mode, negative) ? infinity(negative) : finite(negative, maxFinite);
    Rational lo, hi;
    bool loOdd, hiIsBeyond = false;
    if (magnitude > maxFinite) {
      lo = maxFinite, hi = beyond, loOdd = maxIsOdd, hiIsBeyond = true;
    } else {
      auto it = std::lower_bound(positives.begin(), positives.end(),
                                 std::pair<Rational, unsigned>{magnitude, 0u});
      if (it->first == magnitude)
        return finite(negative, magnitude);
      hi = it->first;
      lo = std::prev(it)->first;
      loOdd = std::prev(it)->second & 1;
    }
    Rational below = magnitude - lo, above = hi - magnitude;
    int half = below < above ? -1 : below == above ? 0 : 1; // vs the midpoint
    bool up;
    switch (mode) {
    case RoundingMode::NearestEven: up = half > 0 || (half == 0 && loOdd); break;
    case RoundingMode::NearestAway: up = half >= 0; break;
    case RoundingMode::NearestUp: up = half > 0 || (half == 0 && !negative); break;
    case RoundingMode::TowardZero: up = false; break;
    case RoundingMode::TowardPositive: up = !negative; break;
    case RoundingMode::TowardNegative: up = negative; break;
    case RoundingMode::Odd: up = !loOdd; break;
    default: throw std::logic_error("mode");
    }
    if (!up)
      return finite(negative, lo);
    if (hiIsBeyond)
      return overflowToInfinity(mode, negative) ? infinity(negative) : finite(negative, maxFinite);
    return finite(negative, hi);
  }

  Value fromRational(const Rational &r, RoundingMode mode) const {
    return round(r < 0, r < 0 ? Rational(-r) : r, mode);
  }

  // IEEE operations on values of this format ([format.nan]: the first NaN
  // operand, quieted; invalid operations give the default NaN).
  Value add(const Value &a, const Value &b, RoundingMode mode) const {
    if (a.type == Value::NaN)
      return quiet(a);
    if (b.type == Value::NaN)
      return quiet(b);
    if (a.type == Value::Infinite && b.type == Value::Infinite)
      return a.negative != b.negative ? nan(false) : a;
    if (a.type == Value::Infinite)
      return a;
    if (b.type == Value::Infinite)
      return b;
    Rational sum = a.signedValue() + b.signedValue();
    if (sum == 0)
      return zero(a.isZero() && b.isZero() && a.negative == b.negative
                      ? a.negative
                      : mode == RoundingMode::TowardNegative);
    return fromRational(sum, mode);
  }
  Value sub(const Value &a, const Value &b, RoundingMode mode) const {
    if (a.type == Value::NaN)
      return quiet(a);
    if (b.type == Value::NaN)
      return quiet(b);
    Value negated = b;
    negated.negative = !b.negative;
    return add(a, negated, mode);
  }
  Value mul(const Value &a, const Value &b, RoundingMode mode) const {
    if (a.type == Value::NaN)
      return quiet(a);
    if (b.type == Value::NaN)
      return quiet(b);
    bool negative = a.negative != b.negative;
    if (a.type == Value::Infinite || b.type == Value::Infinite)
      return a.isZero() || b.isZero() ? nan(false) : infinity(negative);
    return round(negative, a.magnitude * b.magnitude, mode);
  }
  Value div(const Value &a, const Value &b, RoundingMode mode) const {
    if (a.type == Value::NaN)
      return quiet(a);
    if (b.type == Value::NaN)
      return quiet(b);
    bool negative = a.negative != b.negative;
    if (a.type == Value::Infinite)
      return b.type == Value::Infinite ? nan(false) : infinity(negative);
    if (b.type == Value::Infinite)
      return zero(negative);
    if (b.isZero())
      return a.isZero() ? nan(false) : infinity(negative);
    return round(negative, a.magnitude / b.magnitude, mode);
  }
};

/// The format's table, built on first use (tf32: 2^19 encodings).
const Format &formatNamed(const std::string &name) {
  static std::map<std::string, Format> formats;
  auto it = formats.find(name);
  if (it != formats.end())
    return it->second;
  for (const Spec &s : kSpecs)
    if (name == s.name)
      return formats.emplace(name, Format(s)).first->second;
  throw std::invalid_argument("small-float oracle: no format " + name);
}

/// A stored scale: f64 (per-layer, per-axis), decoded from its IEEE fields,
/// or a bit pattern of the expressed format (sub-channel).
Value decodeScale(const quant::ScaleValue &s, const Format &E) {
  if (s.format->name != "f64")
    return E.decoded.at(unsigned(s.bits));
  uint64_t bits = uint64_t(s.bits);
  Value v;
  v.negative = bits >> 63;
  int exponent = int((bits >> 52) & 0x7FF);
  uint64_t fraction = bits & ((uint64_t(1) << 52) - 1);
  if (exponent == 0x7FF) {
    v.type = fraction ? Value::NaN : Value::Infinite;
    return v;
  }
  Int significand = exponent ? (Int(1) << 52) + Int(fraction) : Int(fraction);
  v.magnitude = Rational(significand) * pow2((exponent ? exponent : 1) - 1023 - 52);
  return v;
}

/// The oracle's view of a scale in E: converted with the arithmetic mode.
Value scaleIn(const Format &E, const Value &s, RoundingMode mode) {
  if (s.type == Value::NaN)
    return E.nan(false);
  if (s.type == Value::Infinite)
    return E.infinity(s.negative);
  return E.round(s.negative, s.magnitude, mode);
}

struct Storage {
  Int typeMin, typeMax;
  int64_t lo, hi;
  unsigned width;
};

Storage storageOf(const quant::QuantType &t) {
  Storage s;
  s.width = t.storage.width;
  s.typeMin = t.storage.isSigned ? Int(-(Int(1) << (s.width - 1))) : Int(0);
  s.typeMax = t.storage.isSigned ? (Int(1) << (s.width - 1)) - 1 : (Int(1) << s.width) - 1;
  s.lo = t.storageMin;
  s.hi = t.storageMax;
  return s;
}

Stored store(const Storage &s, const quant::Semantics &sem, Int v) {
  if (v < s.typeMin || v > s.typeMax) {
    switch (sem.overflow) {
    case OverflowPolicy::Saturate: v = v < s.typeMin ? s.typeMin : s.typeMax; break;
    case OverflowPolicy::Poison: return {0, true};
    case OverflowPolicy::Wrap: {
      Int m = Int(1) << s.width;
      v = ((v % m) + m) % m;
      if (v > s.typeMax)
        v -= m;
      break;
    }
    default: throw std::invalid_argument("small-float oracle: overflow policy not modelled");
    }
  }
  v = std::max(Int(s.lo), std::min(Int(s.hi), v));
  return {static_cast<int64_t>(v), false};
}

Stored storeNaN(const Storage &s, const quant::Semantics &sem, int64_t zp) {
  switch (sem.nan) {
  case NanPolicy::Poison: return {0, true};
  case NanPolicy::Qmin: return {s.lo, false};
  case NanPolicy::Qmax: return {s.hi, false};
  case NanPolicy::ZeroPoint: return store(s, sem, zp);
  case NanPolicy::Zero: return store(s, sem, 0);
  default: throw std::invalid_argument("small-float oracle: NaN policy not modelled");
  }
}

Stored storeInfinity(const Storage &s, const quant::Semantics &sem, bool negative) {
  if (sem.overflow != OverflowPolicy::Saturate)
    return {0, true};
  return store(s, sem, negative ? s.typeMin : s.typeMax);
}

Int roundToInteger(const Rational &r, RoundingMode mode) {
  Rational magnitude = r < 0 ? Rational(-r) : r;
  Int q = boost::multiprecision::numerator(magnitude) / boost::multiprecision::denominator(magnitude);
  Rational rest = magnitude - Rational(q);
  bool negative = r < 0, odd = (q & 1) != 0;
  int half = rest * 2 < 1 ? -1 : rest * 2 == 1 ? 0 : 1;
  bool up = false;
  if (rest != 0) {
    switch (mode) {
    case RoundingMode::NearestEven: up = half > 0 || (half == 0 && odd); break;
    case RoundingMode::NearestAway: up = half >= 0; break;
    case RoundingMode::NearestUp: up = half > 0 || (half == 0 && !negative); break;
    case RoundingMode::TowardZero: up = false; break;
    case RoundingMode::TowardPositive: up = !negative; break;
    case RoundingMode::TowardNegative: up = negative; break;
    case RoundingMode::Odd: up = !odd; break;
    default: throw std::logic_error("mode");
    }
  }
  if (up)
    q += 1;
  return negative ? Int(-q) : q;
}

} // namespace

bool models(const std::string &name) {
  for (const Spec &s : kSpecs)
    if (name == s.name)
      return true;
  return false;
}

Stored qcast(const quant::QuantType &type, const quant::Semantics &sem, size_t parameter,
             uint64_t xBits) {
  const Format &E = formatNamed(std::string(type.expressed->name));
  const Value scale = decodeScale(type.scales.at(parameter), E);
  const int64_t zp = type.zeroPoints.at(parameter);
  const Storage s = storageOf(type);
  const Value x = E.decoded.at(unsigned(xBits));
  if (!sem.arithRounding) {
    // [qcast.exact]: x / scale + zp with the stored scale, rounded once.
    if (x.type == Value::NaN || scale.type == Value::NaN ||
        (x.type == Value::Infinite && scale.type == Value::Infinite))
      return storeNaN(s, sem, zp);
    if (x.type == Value::Infinite)
      return storeInfinity(s, sem, x.negative != scale.negative);
    if (scale.isZero())
      return x.isZero() ? storeNaN(s, sem, zp) : storeInfinity(s, sem, x.negative != scale.negative);
    Rational q = scale.type == Value::Infinite ? Rational(0) : x.signedValue() / scale.signedValue();
    return store(s, sem, roundToInteger(q + Rational(zp), sem.rounding));
  }
  // [qcast.steps]: every step rounded in E with the arithmetic mode.
  const RoundingMode A = *sem.arithRounding;
  const Value zpE = E.fromRational(Rational(zp), A);
  const Value sE = scaleIn(E, scale, A);
  if (sE.type == Value::NaN)
    return storeNaN(s, sem, zp);
  const Value t = E.div(x, sE, A);
  if (t.type == Value::NaN)
    return storeNaN(s, sem, zp);
  const Value u = E.add(t, zpE, A);
  if (u.type == Value::NaN)
    return storeNaN(s, sem, zp);
  if (u.type == Value::Infinite)
    return storeInfinity(s, sem, u.negative);
  return store(s, sem, roundToInteger(u.signedValue(), sem.rounding));
}

Expressed dcast(const quant::QuantType &type, const quant::Semantics &sem, size_t parameter,
                int64_t stored) {
  const Format &E = formatNamed(std::string(type.expressed->name));
  const Value scale = decodeScale(type.scales.at(parameter), E);
  const int64_t zp = type.zeroPoints.at(parameter);
  if (!sem.arithRounding) {
    // [dcast.exact]: (stored - zp) * scale, rounded once, nearest-even.
    Int difference = Int(stored) - Int(zp);
    if (scale.type == Value::NaN || (scale.type == Value::Infinite && difference == 0))
      return {E.encode(E.nan(false)), false};
    if (scale.type == Value::Infinite)
      return {E.encode(E.infinity((difference < 0) != scale.negative)), false};
    Rational product = Rational(difference) * scale.signedValue();
    if (product == 0)
      return {E.encode(E.zero((difference < 0) != scale.negative)), false};
    return {E.encode(E.fromRational(product, RoundingMode::NearestEven)), false};
  }
  // [dcast.steps]
  const RoundingMode A = *sem.arithRounding;
  const Value q = E.fromRational(Rational(stored), A);
  const Value zpE = E.fromRational(Rational(zp), A);
  const Value sE = scaleIn(E, scale, A);
  return {E.encode(E.mul(E.sub(q, zpE, A), sE, A)), false};
}

} // namespace qi::generators::oracle
