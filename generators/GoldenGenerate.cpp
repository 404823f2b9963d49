//===- GoldenGenerate.cpp - Levels, edge values, inputs ---------------------===//
//
// Spec: docs/golden-format.md, "Levels" and "Input classes".
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
#include "Golden.h"

#include "generators/Prng.h"
#include "numeric/FloatCodec.h"
#include "numeric/FloatOps.h"
#include "quant/ParameterMap.h"

#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

namespace qi::golden {

using numeric::BigInt;
using numeric::Bits;
using numeric::Exact;
using numeric::FloatFormat;
using numeric::IntFormat;
using numeric::RoundingMode;
using quant::QuantType;

namespace {

constexpr RoundingMode kRNE = RoundingMode::NearestEven;

const FloatFormat &fmt(std::string_view name) {
  const FloatFormat *f = numeric::findFloatFormat(name);
  if (!f)
    throw std::logic_error("unknown float format " + std::string(name));
  return *f;
}

Bits f64BitsOf(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

double doubleOf(const Exact &v) {
  Bits b = numeric::roundToFormat(v, numeric::f64Format(), kRNE).bits;
  uint64_t u = static_cast<uint64_t>(b);
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

bool isFinite(const FloatFormat &f, Bits b) {
  auto c = numeric::classify(f, b);
  return c != numeric::FloatClass::Infinity && c != numeric::FloatClass::QuietNaN &&
         c != numeric::FloatClass::SignalingNaN;
}

/// The value nearest (nearest-even) to `v` in f, or nullopt when it is not finite.
std::optional<Bits> nearest(const FloatFormat &f, const Exact &v) {
  numeric::FloatResult r = numeric::roundToFormat(v, f, kRNE);
  if (!isFinite(f, r.bits))
    return std::nullopt;
  return r.bits;
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

/// The reference view of one parameter: what the reference recipe computes.
struct ParamView {
  const FloatFormat *E;
  Bits sE;
  Exact sValue;
  Bits zpE;
  int64_t zp, lo, hi;
  int64_t typeMin, typeMax;

  Bits quotient(Bits x) const { return numeric::floatDiv(*E, x, sE, kRNE).bits; }
  Exact tValue(Bits x) const { return numeric::decode(*E, quotient(x)); }
  std::optional<BigInt> roundedT(Bits x) const {
    Exact t = tValue(x);
    if (!t.isFinite())
      return std::nullopt;
    return numeric::roundToInteger(t, kRNE).value;
  }
  /// x nearest to T * sE.
  std::optional<Bits> atT(const Exact &T) const {
    return nearest(*E, numeric::exactMul(T, sValue));
  }
};

ParamView viewOf(const QuantType &type, int64_t parameter) {
  ParamView v;
  v.E = type.expressed;
  const quant::ScaleValue &s = type.scales[size_t(parameter)];
  v.sE = numeric::roundToFormat(numeric::decode(*s.format, s.bits), *v.E, kRNE).bits;
  v.sValue = numeric::decode(*v.E, v.sE);
  v.zp = type.zeroPoints[size_t(parameter)];
  v.zpE = numeric::intToFloat(BigInt(v.zp), *v.E, kRNE).bits;
  v.lo = type.storageMin;
  v.hi = type.storageMax;
  v.typeMin = static_cast<int64_t>(type.storage.min());
  v.typeMax = static_cast<int64_t>(type.storage.max());
  return v;
}

/// One input value with its class.
struct Edge {
  std::string cls;
  Bits bits;
};

/// An edge slot produces zero or more values for a parameter.
using Slot = std::function<std::vector<Edge>(const ParamView &)>;

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
    return numeric::roundToInteger(u, kRNE).value !=
           numeric::roundToInteger(te, kRNE).value + v.zp;
  };
  if (auto x = scanNearTies(v, 64, property))
    return {{"zero-point-in-float", *x}};
  return {};
}

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
std::vector<std::function<std::optional<std::pair<std::string, int64_t>>(const ParamView &)>>
dcastSlots() {
  using R = std::optional<std::pair<std::string, int64_t>>;
  auto inType = [](const ParamView &v, int64_t q) { return q >= v.typeMin && q <= v.typeMax; };
  std::vector<std::function<R(const ParamView &)>> s;
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

// --- Type builders --------------------------------------------------------------

IntFormat S(unsigned w) { return {w, true}; }
IntFormat U(unsigned w) { return {w, false}; }
using Bounds = std::optional<std::pair<int64_t, int64_t>>;

void setStorage(QuantType &t, IntFormat st, Bounds b) {
  t.storage = st;
  t.storageMin = static_cast<int64_t>(st.min());
  t.storageMax = static_cast<int64_t>(st.max());
  if (b) {
    t.storageMin = b->first;
    t.storageMax = b->second;
  }
}

quant::ScaleValue f64Scale(double s) { return {&numeric::f64Format(), f64BitsOf(s)}; }

QuantType perLayer(IntFormat st, Bounds b, const FloatFormat &E, double scale, int64_t zp) {
  QuantType t;
  setStorage(t, st, b);
  t.expressed = &E;
  t.granularity = QuantType::Granularity::PerLayer;
  t.scales = {f64Scale(scale)};
  t.zeroPoints = {zp};
  t.spelling = typeSpelling(t);
  return t;
}

QuantType perAxis(IntFormat st, Bounds b, const FloatFormat &E, int32_t axis,
                  const std::vector<double> &scales, const std::vector<int64_t> &zps) {
  QuantType t;
  setStorage(t, st, b);
  t.expressed = &E;
  t.granularity = QuantType::Granularity::PerAxis;
  t.axis = axis;
  for (double s : scales)
    t.scales.push_back(f64Scale(s));
  t.zeroPoints = zps;
  t.spelling = typeSpelling(t);
  return t;
}

QuantType subChannel(IntFormat st, Bounds b, const FloatFormat &E,
                     std::vector<std::pair<int32_t, int64_t>> blocks, Shape parameterShape,
                     const std::vector<double> &scales, const std::vector<int64_t> &zps) {
  QuantType t;
  setStorage(t, st, b);
  t.expressed = &E;
  t.granularity = QuantType::Granularity::SubChannel;
  t.blockSizes = std::move(blocks);
  t.parameterShape = std::move(parameterShape);
  for (double s : scales)
    t.scales.push_back(
        {&E, numeric::floatConvert(numeric::f64Format(), f64BitsOf(s), E, kRNE).bits});
  t.zeroPoints = zps;
  t.spelling = typeSpelling(t);
  return t;
}

/// A scale close to the bottom of E's range (the verifier wants s >= the
/// smallest subnormal of E); non-dyadic for the main formats.
double tinyScale(const FloatFormat &E) {
  if (E.name == "f16") return 1.0e-7;
  if (E.name == "bf16" || E.name == "f32") return 1.0e-40;
  if (E.name == "f64") return 1.0e-310;
  return 3 * doubleOf(numeric::decode(E, 1));
}
/// A scale close to the top of E's range.
double hugeScale(const FloatFormat &E) {
  if (E.name == "f16") return 60000.0;
  if (E.name == "bf16" || E.name == "f32") return 3.0e38;
  if (E.name == "f64") return 1.0e300;
  return doubleOf(numeric::decode(E, numeric::largestFinite(E, false))) / 2;
}

CaseParams mk(Op op, QuantType t, ShapeKind kind, Shape shape, std::vector<bool> dyn = {},
              std::string variant = "") {
  CaseParams p;
  p.op = op;
  p.type = std::move(t);
  p.shapeKind = kind;
  p.shape = std::move(shape);
  p.dynamic = std::move(dyn);
  if (kind == ShapeKind::Dynamic && p.dynamic.empty())
    p.dynamic.assign(p.shape.size(), false), p.dynamic[0] = true;
  p.variant = std::move(variant);
  return p;
}

const char *const kF8Family[] = {"f8E4M3FN", "f8E5M2", "f8E4M3", "f8E3M4", "f8E5M2FNUZ",
                                 "f8E4M3FNUZ", "f8E4M3B11FNUZ"};

std::vector<CaseParams> smokeCases() {
  const FloatFormat &f16 = fmt("f16"), &bf16 = fmt("bf16"), &f32 = fmt("f32"), &f64 = fmt("f64");
  const ShapeKind St = ShapeKind::Static, Dy = ShapeKind::Dynamic, Un = ShapeKind::Unranked;
  const Op Q = Op::QCast, D = Op::DCast;
  std::vector<CaseParams> v;
  Shape s32{4, 8}, s16{2, 8};
  // qcast, per-layer: storage widths, narrow bounds, zero points at both
  // extremes, power-of-two / non-dyadic / tiny / huge scales, every expressed type.
  v.push_back(mk(Q, perLayer(S(8), {}, f32, 0.1, 0), St, s32));
  v.push_back(mk(Q, perLayer(U(8), {}, f32, 0.00214854861, 0), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {{-127, 127}}, f32, 0.5, -128), St, s32));
  v.push_back(mk(Q, perLayer(U(8), {}, f32, 0.0625, 255), St, s32));
  v.push_back(mk(Q, perLayer(S(1), {}, f32, 1.0, 0), St, s16));
  v.push_back(mk(Q, perLayer(U(1), {}, f32, 0.3, 1), St, s16));
  v.push_back(mk(Q, perLayer(S(4), {}, f16, 0.1, -8), St, s32));
  v.push_back(mk(Q, perLayer(U(4), {{1, 14}}, bf16, 2.0, 15), St, s32));
  v.push_back(mk(Q, perLayer(S(16), {}, f16, 0.001, -32768), St, s32));
  v.push_back(mk(Q, perLayer(U(16), {}, bf16, 0.1, 65535), St, s32));
  v.push_back(mk(Q, perLayer(S(32), {}, f32, 1.0, 0), St, s32));
  v.push_back(mk(Q, perLayer(U(32), {}, f64, 0.1, 4000000000), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, f32, tinyScale(f32), 0), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, f32, hugeScale(f32), 0), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, f64, 0.1, 100), St, s32));
  v.push_back(mk(Q, perLayer(S(16), {{-1000, 1000}}, f64, 0.25, 7), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, f16, tinyScale(f16), 3), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, bf16, hugeScale(bf16), -3), St, s32));
  // qcast, shape kinds.
  QuantType base = perLayer(S(8), {}, f32, 0.1, 3);
  v.push_back(mk(Q, base, ShapeKind::Scalar, {}));
  v.push_back(mk(Q, base, ShapeKind::ZeroD, {}));
  v.push_back(mk(Q, base, Dy, {3, 8}));
  v.push_back(mk(Q, base, Un, {2, 2, 4}));
  v.push_back(mk(Q, perLayer(U(8), {}, f16, 0.1, 128), ShapeKind::Scalar, {}));
  v.push_back(mk(Q, perLayer(S(4), {}, bf16, 0.3, 0), Un, {12}));
  // qcast, per-axis on every axis of a rank-3 shape, dynamic and unranked.
  Shape r3{2, 3, 4};
  v.push_back(mk(Q, perAxis(S(8), {}, f32, 0, {0.1, 2.0}, {-128, 127}), St, r3));
  v.push_back(mk(Q, perAxis(U(8), {}, f16, 1, {0.25, tinyScale(f16), hugeScale(f16)}, {0, 255, 128}),
                 St, r3));
  v.push_back(mk(Q, perAxis(S(16), {{-300, 300}}, f32, 2, {0.1, 0.5, 1.0e-3, 1000.0},
                            {-32768, 32767, 0, 5}),
                 St, r3));
  v.push_back(mk(Q, perAxis(S(8), {}, bf16, 1, {0.1, 0.0625, 3.0}, {1, -1, 0}), Dy, {3, 3, 2},
                 {true, false, true}));
  v.push_back(mk(Q, perAxis(U(4), {}, f64, 1, {0.1, 0.5}, {0, 15}), Un, {4, 2}));
  // qcast, sub-channel with mixed block sizes.
  v.push_back(mk(Q, subChannel(S(8), {}, f32, {{0, 1}, {1, 2}}, {2, 2}, {0.1, 2.0, 1.0e-3, 0.5},
                               {0, -128, 127, 10}),
                 St, {2, 4}));
  v.push_back(mk(Q, subChannel(U(8), {}, f16, {{1, 4}}, {1, 2}, {0.1, 0.25}, {128, 0}), St,
                 {3, 8}));
  v.push_back(mk(Q, subChannel(S(4), {}, bf16, {{0, 2}, {2, 3}}, {2, 1, 2}, {0.1, 0.5, 2.0, 0.3},
                               {-8, 7, 0, 1}),
                 St, {4, 2, 6}));
  v.push_back(mk(Q, subChannel(S(16), {{-1000, 1000}}, f64, {{0, 1}, {1, 2}}, {3, 2},
                               {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, {0, 1, 2, 3, -1000, 1000}),
                 Dy, {3, 4}));
  // dcast: per-layer over storages and expressed types (f8 family included).
  Shape d12{3, 4};
  v.push_back(mk(D, perLayer(S(8), {}, f32, 0.1, 0), St, d12));
  v.push_back(mk(D, perLayer(U(8), {}, f16, 0.1, 128), St, d12));
  v.push_back(mk(D, perLayer(S(4), {{-7, 7}}, bf16, 0.3, -8), St, d12));
  v.push_back(mk(D, perLayer(S(16), {}, f64, tinyScale(f64), 32767), St, d12));
  v.push_back(mk(D, perLayer(U(32), {}, f16, 1.0, 4000000000), St, d12));
  v.push_back(mk(D, perLayer(S(32), {}, f32, hugeScale(f32), -2147483648), St, d12));
  v.push_back(mk(D, perLayer(S(1), {}, f32, 0.5, 0), St, {4}));
  v.push_back(mk(D, perLayer(U(1), {}, f16, 0.1, 1), St, {4}));
  v.push_back(mk(D, perLayer(S(8), {}, fmt("f8E4M3FN"), 2.0, -128), St, d12));
  for (const char *name : kF8Family)
    v.push_back(mk(D, perLayer(U(4), {}, fmt(name), 0.1, 3), St, d12));
  v.push_back(mk(D, perLayer(S(8), {}, fmt("f8E5M2"), tinyScale(fmt("f8E5M2")), 0), St, d12));
  v.push_back(mk(D, base, ShapeKind::Scalar, {}));
  v.push_back(mk(D, base, ShapeKind::ZeroD, {}));
  v.push_back(mk(D, base, Dy, {3, 4}));
  v.push_back(mk(D, base, Un, {2, 3}));
  // dcast: per-axis and sub-channel.
  v.push_back(mk(D, perAxis(S(8), {}, f32, 1, {0.1, 2.0, 1.0e-3}, {-128, 127, 0}), St, {2, 3, 2}));
  v.push_back(mk(D, perAxis(U(8), {}, f16, 0, {0.1, 0.5}, {0, 255}), Un, {2, 4}));
  v.push_back(mk(D, perAxis(S(8), {}, fmt("f8E4M3FN"), 1, {0.5, 4.0}, {0, 10}), Dy, {3, 2}));
  v.push_back(mk(D, subChannel(S(8), {}, f32, {{0, 1}, {1, 2}}, {2, 2}, {0.1, 2.0, 1.0e-3, 0.5},
                               {0, -128, 127, 10}),
                 St, {2, 4}));
  v.push_back(mk(D, subChannel(U(16), {}, bf16, {{1, 3}}, {1, 2}, {0.1, 7.0}, {0, 65535}), Dy,
                 {2, 6}));
  return v;
}

std::vector<CaseParams> fullCases() {
  const ShapeKind St = ShapeKind::Static;
  std::vector<CaseParams> v;
  const std::vector<IntFormat> storages{S(1), U(1), S(2), U(2), S(4), U(4), S(7), S(8), U(8),
                                        S(12), U(12), S(16), U(16), S(24), S(32), U(32)};
  const char *const expressed[] = {"f16", "bf16", "f32", "f64"};
  for (const char *en : expressed) {
    const FloatFormat &E = fmt(en);
    const std::vector<double> scales{0.25, 0.1, 0.00214854861, tinyScale(E), hugeScale(E)};
    for (IntFormat st : storages) {
      int64_t lo = static_cast<int64_t>(st.min()), hi = static_cast<int64_t>(st.max());
      for (double s : scales)
        for (int64_t zp : {int64_t(0), lo, hi})
          v.push_back(mk(Op::QCast, perLayer(st, {}, E, s, zp), St, {8, 8}));
      if (st.width >= 4) {
        Bounds narrow{{lo + 1, hi - 1}};
        v.push_back(mk(Op::QCast, perLayer(st, narrow, E, 0.1, lo), St, {8, 8}));
        v.push_back(mk(Op::QCast, perLayer(st, narrow, E, 0.5, hi), St, {8, 8}));
      }
      for (int64_t zp : {int64_t(0), hi})
        v.push_back(mk(Op::DCast, perLayer(st, {}, E, 0.1, zp), St, {4, 8}));
    }
    for (int32_t axis = 0; axis < 3; ++axis) {
      Shape shape{2, 3, 4};
      std::vector<double> scales{0.1, 0.25, tinyScale(E), hugeScale(E)};
      std::vector<int64_t> zps{-128, 127, 0, 5};
      scales.resize(size_t(shape[size_t(axis)]));
      zps.resize(size_t(shape[size_t(axis)]));
      v.push_back(mk(Op::QCast, perAxis(S(8), {}, E, axis, scales, zps), St, shape));
      v.push_back(mk(Op::DCast, perAxis(S(8), {}, E, axis, scales, zps), St, shape));
    }
    v.push_back(mk(Op::QCast,
                   subChannel(U(8), {}, E, {{0, 2}, {1, 4}}, {2, 2}, {0.1, 0.5, 3.0, 1.0e-3},
                              {0, 255, 128, 1}),
                   St, {4, 8}));
    v.push_back(mk(Op::DCast,
                   subChannel(S(16), {}, E, {{1, 2}}, {1, 3}, {0.1, 0.5, 3.0}, {-32768, 0, 32767}),
                   St, {4, 6}));
  }
  for (const char *name : kF8Family) {
    const FloatFormat &E = fmt(name);
    for (IntFormat st : {S(4), U(4), S(8), U(8), S(16)})
      for (double s : {0.1, 1.0, tinyScale(E), hugeScale(E)})
        v.push_back(mk(Op::DCast, perLayer(st, {}, E, s, static_cast<int64_t>(st.max()) / 2), St,
                       {4, 8}));
  }
  return v;
}

std::vector<CaseParams> exhaustiveCases() {
  std::vector<CaseParams> v;
  auto all = [](const FloatFormat &E) { return Shape{int64_t(1) << E.sizeInBits}; };
  const FloatFormat &f16 = fmt("f16"), &bf16 = fmt("bf16");
  v.push_back(mk(Op::QCast, perLayer(S(8), {}, f16, 0.1, 0), ShapeKind::Static, all(f16), {},
                 "exhaustive"));
  v.push_back(mk(Op::QCast, perLayer(U(8), {}, bf16, 0.0625, 128), ShapeKind::Static, all(bf16),
                 {}, "exhaustive"));
  v.push_back(mk(Op::DCast, perLayer(S(16), {}, f16, 0.1, 0), ShapeKind::Static, {65536}, {},
                 "exhaustive"));
  v.push_back(mk(Op::DCast, perLayer(U(8), {}, fmt("f8E4M3FN"), 0.1, 128), ShapeKind::Static,
                 {256}, {}, "exhaustive"));
  return v;
}

} // namespace

std::vector<CaseParams> levelCases(Level level) {
  std::vector<CaseParams> all;
  switch (level) {
  case Level::Smoke: all = smokeCases(); break;
  case Level::Full:
    all = smokeCases();
    for (CaseParams &p : fullCases())
      all.push_back(std::move(p));
    break;
  case Level::Exhaustive: all = exhaustiveCases(); break;
  }
  // The cross products of the full level meet the same parameters twice
  // (e.g. zero point 0 = storage max of i1); a case appears once.
  std::vector<CaseParams> unique;
  std::set<std::string> ids;
  for (CaseParams &p : all)
    if (ids.insert(caseId(p)).second)
      unique.push_back(std::move(p));
  return unique;
}

GoldenCase buildCase(const CaseParams &params, Level level, uint64_t suiteSeed,
                     const std::vector<std::string> &profiles) {
  GoldenCase c;
  c.params = params;
  c.id = caseId(params);
  c.level = std::string(levelName(level));
  c.seed = caseSeed(suiteSeed, c.id);
  generators::SplitMix64 rng(c.seed);
  const QuantType &type = params.type;
  std::string error;
  std::optional<quant::ParameterMap> map = quant::ParameterMap::build(
      type, params.shape, params.shapeKind != ShapeKind::Scalar, error);
  if (!map)
    throw std::logic_error("golden case " + c.id + ": " + error);
  int64_t n = params.shapeKind == ShapeKind::Scalar ? 1 : numElements(params.shape);

  if (params.variant == "exhaustive") {
    for (int64_t i = 0; i < n; ++i) {
      if (params.op == Op::QCast)
        c.inputFloats.push_back(Bits(uint64_t(i)));
      else
        c.inputStored.push_back(static_cast<int64_t>(type.storage.fromBits(uint64_t(i))));
      c.inputClasses.push_back("exhaustive");
    }
  } else {
    std::map<int64_t, ParamView> views;
    auto view = [&](int64_t p) -> const ParamView & {
      auto it = views.find(p);
      if (it == views.end())
        it = views.emplace(p, viewOf(type, p)).first;
      return it->second;
    };
    // Edge values per parameter, computed on first use.
    std::map<int64_t, std::vector<Edge>> qEdges;
    std::map<int64_t, std::vector<std::pair<std::string, int64_t>>> dEdges;
    std::map<int64_t, size_t> cursor;
    const std::vector<Slot> qSlots = params.op == Op::QCast ? qcastSlots() : std::vector<Slot>{};
    auto dSlots = dcastSlots();
    size_t start = static_cast<size_t>(c.seed % 7); // different cases start at different classes
    for (int64_t i = 0; i < n; ++i) {
      int64_t p = map->parameterIndex(i);
      const ParamView &v = view(p);
      bool random = (i % 4 == 3);
      if (params.op == Op::QCast) {
        auto it = qEdges.find(p);
        if (it == qEdges.end()) {
          std::vector<Edge> all;
          for (const Slot &s : qSlots)
            for (Edge &e : s(v))
              all.push_back(std::move(e));
          it = qEdges.emplace(p, std::move(all)).first;
          cursor[p] = n == 1 ? start * 3 : start;
        }
        Edge e;
        if (random || it->second.empty()) {
          e = randomFloat(v, rng);
        } else {
          e = it->second[cursor[p]++ % it->second.size()];
        }
        c.inputFloats.push_back(e.bits);
        c.inputClasses.push_back(e.cls);
      } else {
        auto it = dEdges.find(p);
        if (it == dEdges.end()) {
          std::vector<std::pair<std::string, int64_t>> all;
          for (auto &s : dSlots)
            if (auto e = s(v))
              all.push_back(*e);
          it = dEdges.emplace(p, std::move(all)).first;
          cursor[p] = start;
        }
        if (random || it->second.empty()) {
          c.inputStored.push_back(rng.range(v.typeMin, v.typeMax));
          c.inputClasses.push_back("random");
        } else {
          auto &e = it->second[cursor[p]++ % it->second.size()];
          c.inputStored.push_back(e.second);
          c.inputClasses.push_back(e.first);
        }
      }
    }
  }
  for (const std::string &profile : profiles) {
    ExpectedOutput out;
    if (!evaluateProfile(c, profile, out, error))
      throw std::logic_error("golden case " + c.id + ": " + error);
    c.expected.push_back(std::move(out));
  }
  return c;
}

} // namespace qi::golden
