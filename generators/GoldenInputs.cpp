//===- GoldenInputs.cpp - Edge values and input classes ---------------------===//
//
// Spec: docs/golden-format.md, "Input classes".
//
// Edge values are computed with the numeric core, per element parameter
// (scale, zero point) and per expressed format E, under the reference view of
// the arithmetic: sE = E(scale) nearest-even, t = E(x / sE), u = E(t + E(zp)).
// A class is only emitted when its defining property has been checked on the
// value (e.g. a "tie" x really gives t = k + 1/2 exactly); when no value with
// the property exists for a parameter (no reciprocal disagreement for a
// power-of-two scale, no |x / s| >= 2^31 in f16 with scale 1, ...), the class
// is skipped for that parameter.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenInputs.h"

#include "interpreter/numeric/FloatCodec.h"

#include <cstring>
#include <stdexcept>

namespace qi::generators::detail {

using numeric::BigInt;
using numeric::Bits;
using numeric::Exact;
using numeric::FloatFormat;
using numeric::RoundingMode;
using quant::QuantType;

namespace {

constexpr RoundingMode kRNE = RoundingMode::NearestEven;

bool isFinite(const FloatFormat &f, Bits b) {
  auto c = numeric::classify(f, b);
  return c != numeric::FloatClass::Infinity && c != numeric::FloatClass::QuietNaN &&
         c != numeric::FloatClass::SignalingNaN;
}

/// The next finite value above (up) or below a finite value; nullopt at the ends.
std::optional<Bits> step(const FloatFormat &f, Bits b, bool up) {
  bool negative = numeric::signBit(f, b);
  Bits magnitude = b & ~f.signMask();
  Bits out;
  if (magnitude == 0)
    out = up ? Bits(1) : (f.signMask() | 1);
  else if (negative != up)
    out = b + 1; // away from zero
  else
    out = b - 1; // toward zero
  if (!isFinite(f, out))
    return std::nullopt;
  return out;
}

Exact ratio(int64_t num, int64_t den) { return Exact::fromRatio(BigInt(num), BigInt(den)); }

} // namespace

const FloatFormat &fmt(std::string_view name) {
  const FloatFormat *f = numeric::findFloatFormat(name);
  if (!f)
    throw std::logic_error("unknown float format " + std::string(name));
  return *f;
}

double doubleOf(const Exact &v) {
  Bits b = numeric::roundToFormat(v, numeric::f64Format(), kRNE).bits;
  uint64_t u = static_cast<uint64_t>(b);
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

/// The value nearest (nearest-even) to `v` in f, or nullopt when it is not finite.
std::optional<Bits> nearest(const FloatFormat &f, const Exact &v) {
  numeric::FloatResult r = numeric::roundToFormat(v, f, kRNE);
  if (!isFinite(f, r.bits))
    return std::nullopt;
  return r.bits;
}

Exact ParamView::tValue(Bits x) const { return numeric::decode(*E, quotient(x)); }

std::optional<BigInt> ParamView::roundedT(Bits x) const {
  Exact t = tValue(x);
  if (!t.isFinite())
    return std::nullopt;
  return numeric::roundToInteger(t, kRNE).value;
}

ParamView viewOf(const QuantType &type, int64_t parameter) {
  ParamView v;
  v.E = type.expressed;
  const quant::ScaleValue &s = type.scales[size_t(parameter)];
  v.sE = numeric::roundToFormat(numeric::decode(*s.format, s.bits), *v.E, kRNE).bits;
  v.sValue = numeric::decode(*v.E, v.sE);
  v.sAttr = numeric::decode(*s.format, s.bits);
  v.zp = type.zeroPoints[size_t(parameter)];
  v.zpE = numeric::intToFloat(BigInt(v.zp), *v.E, kRNE).bits;
  v.lo = type.storageMin;
  v.hi = type.storageMax;
  v.typeMin = static_cast<int64_t>(type.storage.min());
  v.typeMax = static_cast<int64_t>(type.storage.max());
  return v;
}

namespace {

std::vector<Edge> tieValues(const ParamView &v, int64_t twiceT) {
  // x nearest to (k + 1/2) * sE, then up to 8 ULPs either way, until
  // E(x / sE) is exactly k + 1/2.
  Exact T = ratio(twiceT, 2);
  std::optional<Bits> x0 = v.atT(T);
  if (!x0)
    return {};
  std::vector<Bits> tries{*x0};
  std::optional<Bits> up = *x0, down = *x0;
  for (int i = 0; i < 8; ++i) {
    if (up)
      up = step(*v.E, *up, true);
    if (down)
      down = step(*v.E, *down, false);
    if (up)
      tries.push_back(*up);
    if (down)
      tries.push_back(*down);
  }
  for (Bits x : tries) {
    Exact t = v.tValue(x);
    if (t.isFinite() && numeric::exactCompare(t, T) == 0) {
      std::vector<Edge> out{{"tie", x}};
      if (auto below = step(*v.E, x, false))
        out.push_back({"tie-minus-ulp", *below});
      if (auto above = step(*v.E, x, true))
        out.push_back({"tie-plus-ulp", *above});
      return out;
    }
  }
  return {};
}

std::vector<Edge> boundHalf(const ParamView &v, int64_t bound, int sign) {
  // x nearest to (bound - zp +- 1/2) * sE.
  std::optional<Bits> x = v.atT(ratio(2 * (bound - v.zp) + sign, 2));
  if (!x)
    return {};
  return {{"storage-bound-half", *x}};
}

std::vector<Edge> inexact(const ParamView &v) {
  // x nearest to (k + 1/3) * sE whose division or zero-point addition is inexact.
  for (int64_t k = 1; k <= 8; ++k) {
    std::optional<Bits> x = v.atT(ratio(3 * k + 1, 3));
    if (!x)
      continue;
    numeric::FloatResult t = numeric::floatDiv(*v.E, *x, v.sE, kRNE);
    numeric::FloatResult u = numeric::floatAdd(*v.E, t.bits, v.zpE, kRNE);
    if (t.status.inexact() || u.status.inexact())
      return {{"inexact", *x}};
  }
  return {};
}

std::vector<Edge> beyond31(const ParamView &v, bool negative) {
  // |x / s| >= 2^31 (exactly, with the converted scale): T = 1.5 * 2^31 / -2^32.
  Exact T = negative ? Exact::fromRatio(BigInt(-1), BigInt(1), 32)
                     : Exact::fromRatio(BigInt(3), BigInt(1), 30);
  std::optional<Bits> x = v.atT(T);
  if (!x)
    return {};
  Exact q = numeric::exactDiv(numeric::decode(*v.E, *x), v.sValue);
  Exact limit = Exact::fromRatio(BigInt(negative ? -1 : 1), BigInt(1), 31);
  bool beyond = negative ? numeric::exactCompare(q, limit) <= 0
                         : numeric::exactCompare(q, limit) >= 0;
  if (!beyond)
    return {};
  return {{negative ? "beyond-2^31-negative" : "beyond-2^31", *x}};
}

/// Candidate integers k for searches near k + 1/2: small ones and ones whose
/// result lands inside the storage bounds after the zero point.
std::vector<int64_t> searchKs(const ParamView &v) {
  std::vector<int64_t> ks;
  for (int64_t k : {int64_t(0), int64_t(1), int64_t(2), int64_t(5), int64_t(17), int64_t(100),
                    int64_t(121), v.lo - v.zp, v.hi - v.zp - 1, (v.lo + v.hi) / 2 - v.zp})
    if (k + v.zp >= v.lo && k + v.zp < v.hi)
      ks.push_back(k);
  for (int64_t k : {int64_t(0), int64_t(1), int64_t(-3)})
    ks.push_back(k);
  return ks;
}

/// Scans x around (k + 1/2) * sE, up to `radius` ULPs either way, for the
/// first x with `property`.
std::optional<Bits> scanNearTies(const ParamView &v, int radius,
                                 const std::function<bool(Bits)> &property) {
  for (int64_t k : searchKs(v)) {
    std::optional<Bits> x0 = v.atT(ratio(2 * k + 1, 2));
    if (!x0)
      continue;
    if (property(*x0))
      return x0;
    std::optional<Bits> up = x0, down = x0;
    for (int i = 0; i < radius && (up || down); ++i) {
      if (up && (up = step(*v.E, *up, true)) && property(*up))
        return up;
      if (down && (down = step(*v.E, *down, false)) && property(*down))
        return down;
    }
  }
  return std::nullopt;
}

std::vector<Edge> reciprocalDiffers(const ParamView &v) {
  // round(E(x / sE)) != round(E(x * E(1 / sE))), both nearest-even: the
  // division-based backends and the reciprocal-based ones disagree.
  Bits one = numeric::intToFloat(BigInt(1), *v.E, kRNE).bits;
  Bits r = numeric::floatDiv(*v.E, one, v.sE, kRNE).bits;
  if (!isFinite(*v.E, r))
    return {};
  auto property = [&](Bits x) {
    std::optional<BigInt> a = v.roundedT(x);
    Exact m = numeric::decode(*v.E, numeric::floatMul(*v.E, x, r, kRNE).bits);
    if (!a || !m.isFinite())
      return false;
    return *a != numeric::roundToInteger(m, kRNE).value;
  };
  if (auto x = scanNearTies(v, 64, property))
    return {{"reciprocal-differs", *x}};
  return {};
}

std::vector<Edge> zeroPointInFloat(const ParamView &v) {
  // round(E(t + E(zp))) != round(t) + zp: adding the zero point in float
  // before rounding changes the result.
  if (v.zp == 0)
    return {};
  auto property = [&](Bits x) {
    Bits t = v.quotient(x);
    Exact te = numeric::decode(*v.E, t);
    Exact u = numeric::decode(*v.E, numeric::floatAdd(*v.E, t, v.zpE, kRNE).bits);
    if (!te.isFinite() || !u.isFinite())
      return false;
    // Compared as a difference of named values: `rvalue cpp_int + int64_t`
    // made GCC 12 (-O3) report a false -Warray-bounds inside Boost's resize.
    const BigInt rounded = numeric::roundToInteger(u, kRNE).value;
    const BigInt expected = numeric::roundToInteger(te, kRNE).value;
    return rounded - expected != v.zp;
  };
  if (auto x = scanNearTies(v, 64, property))
    return {{"zero-point-in-float", *x}};
  return {};
}

std::vector<Edge> magicNumberTrap(const ParamView &v) {
  // t = E(x / sE) an odd integer just above 2^22 (f64: 2^51) that the
  // storage bounds keep: rounding by adding and subtracting 1.5 * 2^23 in f32
  // (1.5 * 2^52 in f64) is exact only below, and returns an even neighbour.
  int e = v.E->precision >= 53 ? 51 : 22;
  if (v.E->precision < unsigned(e) + 2)
    return {}; // t that large is not an odd integer in E
  for (int sign : {1, -1}) {
    BigInt T = (BigInt(1) << e) + 1;
    if (sign < 0)
      T = -T;
    BigInt stored = T + BigInt(v.zp);
    if (stored < BigInt(v.lo) || stored > BigInt(v.hi))
      continue;
    std::optional<Bits> x = v.atT(Exact::fromInteger(T));
    if (!x)
      continue;
    Exact t = v.tValue(*x);
    if (t.isFinite() && numeric::exactCompare(t, Exact::fromInteger(T)) == 0)
      return {{"magic-number-trap", *x}};
  }
  return {};
}

/// The integer just above a tie of E: 2^e + ulp/2 + 1 for the largest e whose
/// value the storage type holds, when E cannot hold it exactly (ulp >= 2, so
/// that a wider intermediate such as f32 or f16 rounds the +1 away and a
/// second rounding to E breaks the tie the wrong way; u32 beyond 2^31: a
/// halving conversion loses the sticky bit). Negative twin for signed types.
std::optional<int64_t> intTieAbove(const ParamView &v, bool negative) {
  const int p = int(v.E->precision);
  for (int e = 62; e >= p; --e) {
    // ulp of E at 2^e is 2^(e - p + 1); +ulp/2 + 1 lies above the tie.
    int64_t n = (int64_t(1) << e) + (int64_t(1) << (e - p)) + 1;
    if (negative)
      n = -n;
    if (n < v.typeMin || n > v.typeMax)
      continue;
    // Within E's range (not an overflow class).
    std::optional<Bits> b = nearest(*v.E, Exact::fromInteger(BigInt(n)));
    if (!b)
      return std::nullopt;
    return n;
  }
  return std::nullopt;
}

/// A stored value whose dequantized result E(E(E(q) - E(zp)) * E(s)) is not
/// the exact (q - zp) * scale rounded once to E: folding in f64 or computing
/// in another format shows here.
std::optional<int64_t> productRoundingVisible(const ParamView &v) {
  auto visible = [&](int64_t q) {
    Bits qE = numeric::intToFloat(BigInt(q), *v.E, kRNE).bits;
    Bits d = numeric::floatSub(*v.E, qE, v.zpE, kRNE).bits;
    Bits y = numeric::floatMul(*v.E, d, v.sE, kRNE).bits;
    Exact exact = numeric::exactMul(Exact::fromInteger(BigInt(q) - BigInt(v.zp)), v.sAttr);
    std::optional<Bits> once = nearest(*v.E, exact);
    return once && isFinite(*v.E, y) && *once != y;
  };
  for (int64_t d = 1; d <= 64; ++d)
    for (int64_t q : {v.zp + d, v.zp - d})
      if (q >= v.typeMin && q <= v.typeMax && visible(q))
        return q;
  return std::nullopt;
}

} // namespace

/// The qcast edge slots, in schedule order. Format constants first appear
/// interleaved with the quant-specific ones so that short cases get a mix.
std::vector<Slot> qcastSlots() {
  auto constant = [](std::string cls, std::function<std::optional<Bits>(const FloatFormat &)> f) {
    return Slot([cls, f](const ParamView &v) -> std::vector<Edge> {
      if (auto b = f(*v.E))
        return {{cls, *b}};
      return {};
    });
  };
  auto ieee = [](const FloatFormat &f) { return f.nanEncoding == numeric::NanEncoding::IEEE; };
  auto expMask = [](const FloatFormat &f) {
    return Bits(f.exponentFieldMax()) << f.fractionBits();
  };
  std::vector<Slot> slots;
  slots.push_back([](const ParamView &v) { return tieValues(v, 5); });
  slots.push_back(magicNumberTrap); // empty below 24-bit storage: shifts no other case
  slots.push_back([](const ParamView &v) { return boundHalf(v, v.lo, -1); });
  slots.push_back(constant("+inf", [](const FloatFormat &f) -> std::optional<Bits> {
    if (!f.hasInfinity()) return std::nullopt;
    return numeric::encodeInfinity(f, false).bits;
  }));
  slots.push_back(zeroPointInFloat);
  slots.push_back(reciprocalDiffers);
  slots.push_back(constant("qnan", [](const FloatFormat &f) -> std::optional<Bits> {
    if (!f.hasNaN()) return std::nullopt;
    return numeric::defaultNaN(f);
  }));
  slots.push_back([](const ParamView &v) { return boundHalf(v, v.hi, +1); });
  slots.push_back(constant("-zero", [](const FloatFormat &f) -> std::optional<Bits> {
    if (!f.hasNegativeZero()) return std::nullopt;
    return f.signMask();
  }));
  slots.push_back(inexact);
  slots.push_back([](const ParamView &v) { return beyond31(v, false); });
  slots.push_back(constant("snan-payload", [=](const FloatFormat &f) -> std::optional<Bits> {
    if (!ieee(f) || f.fractionBits() < 2) return std::nullopt;
    return expMask(f) | 5; // quiet bit clear, payload 0b101
  }));
  slots.push_back(constant("-inf", [](const FloatFormat &f) -> std::optional<Bits> {
    if (!f.hasInfinity()) return std::nullopt;
    return numeric::encodeInfinity(f, true).bits;
  }));
  slots.push_back(constant("min-subnormal", [](const FloatFormat &f) -> std::optional<Bits> {
    if (!f.hasSubnormals()) return std::nullopt;
    return Bits(1);
  }));
  slots.push_back([](const ParamView &v) { return tieValues(v, -3); });
  slots.push_back(constant("max-finite", [](const FloatFormat &f) -> std::optional<Bits> {
    return numeric::largestFinite(f, false);
  }));
  slots.push_back([](const ParamView &v) { return boundHalf(v, v.hi, -1); });
  slots.push_back(constant("+zero", [](const FloatFormat &) -> std::optional<Bits> { return Bits(0); }));
  slots.push_back(constant("-max-finite", [](const FloatFormat &f) -> std::optional<Bits> {
    if (!f.hasSign) return std::nullopt;
    return numeric::largestFinite(f, true);
  }));
  slots.push_back([](const ParamView &v) { return boundHalf(v, v.lo, +1); });
  slots.push_back(constant("max-subnormal", [](const FloatFormat &f) -> std::optional<Bits> {
    if (!f.hasSubnormals()) return std::nullopt;
    return f.fractionMask();
  }));
  slots.push_back(constant("min-normal", [](const FloatFormat &f) -> std::optional<Bits> {
    return Bits(1) << f.fractionBits();
  }));
  slots.push_back(constant("-qnan-payload", [=](const FloatFormat &f) -> std::optional<Bits> {
    if (!ieee(f) || f.fractionBits() < 3) return std::nullopt;
    return f.signMask() | expMask(f) | (Bits(1) << (f.fractionBits() - 1)) | 3;
  }));
  slots.push_back([](const ParamView &v) { return beyond31(v, true); });
  slots.push_back([](const ParamView &v) { return tieValues(v, 1); });
  return slots;
}

/// The dcast edge slots (stored integers).
std::vector<DcastSlot> dcastSlots() {
  using R = std::optional<std::pair<std::string, int64_t>>;
  auto inType = [](const ParamView &v, int64_t q) { return q >= v.typeMin && q <= v.typeMax; };
  std::vector<DcastSlot> s;
  s.push_back([](const ParamView &v) -> R { return {{"storage-min", v.typeMin}}; });
  s.push_back([=](const ParamView &v) -> R {
    if (!inType(v, v.zp)) return std::nullopt;
    return {{"zero-point", v.zp}};
  });
  s.push_back([](const ParamView &v) -> R { return {{"storage-max", v.typeMax}}; });
  s.push_back([=](const ParamView &v) -> R {
    if (!inType(v, v.zp + 1)) return std::nullopt;
    return {{"zero-point-adjacent", v.zp + 1}};
  });
  s.push_back([](const ParamView &v) -> R {
    if (v.lo == v.typeMin) return std::nullopt;
    return {{"narrow-min", v.lo}};
  });
  s.push_back([](const ParamView &v) -> R {
    if (v.hi == v.typeMax) return std::nullopt;
    return {{"narrow-max", v.hi}};
  });
  s.push_back([=](const ParamView &v) -> R {
    if (v.lo == v.typeMin || !inType(v, v.lo - 1)) return std::nullopt;
    return {{"outside-narrow", v.lo - 1}};
  });
  s.push_back([](const ParamView &) -> R { return {{"zero", 0}}; });
  s.push_back([=](const ParamView &v) -> R {
    if (!inType(v, v.zp - 1)) return std::nullopt;
    return {{"zero-point-adjacent", v.zp - 1}};
  });
  s.push_back([=](const ParamView &v) -> R {
    if (v.hi == v.typeMax || !inType(v, v.hi + 1)) return std::nullopt;
    return {{"outside-narrow", v.hi + 1}};
  });
  s.push_back([=](const ParamView &v) -> R {
    if (!inType(v, 1)) return std::nullopt;
    return {{"one", 1}};
  });
  s.push_back([=](const ParamView &v) -> R {
    if (!inType(v, -1)) return std::nullopt;
    return {{"minus-one", -1}};
  });
  s.push_back([](const ParamView &v) -> R {
    if (auto n = intTieAbove(v, false)) return {{"int-tie-above", *n}};
    return std::nullopt;
  });
  s.push_back([](const ParamView &v) -> R {
    if (auto q = productRoundingVisible(v)) return {{"product-rounding-visible", *q}};
    return std::nullopt;
  });
  s.push_back([](const ParamView &v) -> R {
    if (auto n = intTieAbove(v, true)) return {{"int-tie-above", *n}};
    return std::nullopt;
  });
  return s;
}

/// A random qcast input: mostly x near T * sE with T uniform over the storage
/// range (widened by 2) plus a random fraction, sometimes raw random bits.
Edge randomFloat(const ParamView &v, generators::SplitMix64 &rng) {
  if (rng.chance(4)) {
    Bits b = rng.bits128() & v.E->allBitsMask();
    return {"random-bits", b};
  }
  int64_t k = rng.range(v.lo - v.zp - 2, v.hi - v.zp + 2);
  Exact T = numeric::exactAdd(Exact::fromInteger(BigInt(k)),
                              Exact::fromRatio(BigInt(rng.below(1u << 20)), BigInt(1), -20));
  if (auto x = v.atT(T))
    return {"random", *x};
  return {"random-bits", rng.bits128() & v.E->allBitsMask()};
}

} // namespace qi::generators::detail
