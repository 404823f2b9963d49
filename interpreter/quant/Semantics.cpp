//===- Semantics.cpp - Knob names and the named profiles ------------------===//
#include "interpreter/quant/Semantics.h"

#include <array>
#include <utility>

namespace qi::quant {

namespace {
constexpr std::array<std::pair<NanPolicy, std::string_view>, 6> kNanNames = {{
    {NanPolicy::Poison, "poison"},
    {NanPolicy::Qmin, "qmin"},
    {NanPolicy::Qmax, "qmax"},
    {NanPolicy::ZeroPoint, "zero-point"},
    {NanPolicy::Zero, "zero"},
    {NanPolicy::Indefinite, "indefinite"},
}};
constexpr std::array<std::pair<OverflowPolicy, std::string_view>, 4> kOverflowNames = {{
    {OverflowPolicy::Saturate, "saturate"},
    {OverflowPolicy::Poison, "poison"},
    {OverflowPolicy::Wrap, "wrap"},
    {OverflowPolicy::Indefinite, "indefinite"},
}};

template <typename Enum, size_t N>
std::string_view nameOf(const std::array<std::pair<Enum, std::string_view>, N> &table,
                        Enum value) {
  for (const auto &[v, name] : table)
    if (v == value)
      return name;
  return "?";
}

template <typename Enum, size_t N>
std::optional<Enum> parseName(const std::array<std::pair<Enum, std::string_view>, N> &table,
                              std::string_view name) {
  for (const auto &[v, spelling] : table)
    if (spelling == name)
      return v;
  return std::nullopt;
}
} // namespace

const QuantizeRecipe &quantizeRecipeFor(const QuantType &type, const Semantics &semantics) {
  if (semantics.quantizeNarrowExpressed && type.expressed && type.expressed->sizeInBits < 32)
    return *semantics.quantizeNarrowExpressed;
  return semantics.quantize;
}

int64_t zeroPointFor(const QuantType &type, const Semantics &semantics, size_t i) {
  const int64_t zeroPoint = type.zeroPoints[i];
  if (!semantics.zeroPointWrapsToStorage)
    return zeroPoint;
  return static_cast<int64_t>(type.storage.wrap(numeric::BigInt(zeroPoint)));
}

bool zeroPointsWithin(const QuantType &type, const Semantics &semantics, int64_t bound) {
  for (size_t i = 0; i < type.zeroPoints.size(); ++i) {
    const int64_t zeroPoint = zeroPointFor(type, semantics, i);
    if (zeroPoint < -bound || zeroPoint > bound)
      return false;
  }
  return true;
}

std::string_view nanPolicyName(NanPolicy policy) { return nameOf(kNanNames, policy); }
std::optional<NanPolicy> parseNanPolicy(std::string_view name) {
  return parseName(kNanNames, name);
}
std::string_view allNanPolicyNames() {
  return "poison, qmin, qmax, zero-point, zero, indefinite";
}

std::string_view overflowPolicyName(OverflowPolicy policy) {
  return nameOf(kOverflowNames, policy);
}
std::optional<OverflowPolicy> parseOverflowPolicy(std::string_view name) {
  return parseName(kOverflowNames, name);
}
std::string_view allOverflowPolicyNames() { return "saturate, poison, wrap, indefinite"; }

bool parseArithRounding(std::string_view name,
                        std::optional<numeric::RoundingMode> &arithRounding) {
  if (name == "exact") {
    arithRounding = std::nullopt;
    return true;
  }
  if (std::optional<numeric::RoundingMode> mode = numeric::parseRoundingMode(name)) {
    arithRounding = *mode;
    return true;
  }
  return false;
}

namespace {
std::string_view precisionName(Precision p) {
  switch (p) {
  case Precision::Expressed:
    return "E";
  case Precision::F32:
    return "f32";
  case Precision::F64:
    return "f64";
  }
  return "?";
}

std::string describeQuantize(const QuantizeRecipe &r) {
  std::string s = "s=" + std::string(precisionName(r.scale)) + "(scale)";
  if (r.multiplyByReciprocal) {
    s += " r=" + std::string(precisionName(r.reciprocalStored));
    if (r.reciprocalComputed != r.reciprocalStored)
      s += "(" + std::string(precisionName(r.reciprocalComputed));
    s += "(1/s)" + std::string(r.reciprocalComputed != r.reciprocalStored ? ")" : "");
    s += " t=" + std::string(precisionName(r.scaled)) + "(x*r)";
  } else {
    s += " t=" + std::string(precisionName(r.scaled)) + "(x/s)";
  }
  if (r.zeroPointInFloat)
    s += std::string(" t=") + std::string(precisionName(r.scaled)) +
         (r.unsignedViaSigned      ? "(t+zp') [unsigned: zp'=zp-2^(n-1)]"
          : r.roundBeforeZeroPoint ? "(round(t)+zp)"
                                   : "(t+zp)");
  if (r.floatUpperBound != 0)
    s += " t=min(t," + std::to_string(static_cast<long long>(r.floatUpperBound)) + ")[NaN->bound]";
  if (r.clampHighInFloat)
    s += " t=min(t,hi-zp)[NaN->hi-zp]";
  if (r.clampInFloat)
    s += " t=clamp(t,lo-zp,hi-zp)[NaN->lo-zp]";
  s += " i=round(t)->";
  s += r.intermediateBits ? "i" + std::to_string(r.intermediateBits) : std::string("storage");
  if (!r.zeroPointInFloat)
    s += std::string(" i=i+zp") + (r.integerAddWraps ? "(wrapping)" : "");
  if (r.unsignedViaSigned)
    s += " [unsigned: i=i+2^(n-1)]";
  s += r.clampOnlyNarrowBounds ? " clamp(narrow bounds only)" : " clamp(lo,hi)";
  if (r.flushSubnormals)
    s += " [float steps flush subnormals]";
  return s;
}

std::string describeDequantize(const DequantizeRecipe &r) {
  const std::string integer =
      r.differenceBits ? "i" + std::to_string(r.differenceBits) + "(q-zp)" : "q-zp";
  std::string d = r.integerDifference
                      ? std::string(precisionName(r.difference)) + "(" + integer + ")"
                      : std::string(precisionName(r.difference)) + "(" +
                            std::string(precisionName(r.difference)) + "(q)-" +
                            std::string(precisionName(r.difference)) + "(zp))";
  std::string s = std::string(precisionName(r.scale)) + "(s)";
  if (r.fusedMultiplyAdd)
    return "y=E(fma(" + std::string(precisionName(r.product)) + "(q)," + s + "," +
           std::string(precisionName(r.product)) + "(-zp*s)))";
  return "y=E(" + std::string(precisionName(r.product)) + "(" + d + "*" + s + "))" +
         (r.flushSubnormals ? " [float steps flush subnormals]" : "");
}
} // namespace

std::string Semantics::describe() const {
  std::string text = "rounding=" + std::string(numeric::roundingModeName(rounding));
  text += " arith-rounding=";
  text += arithRounding ? std::string(numeric::roundingModeName(*arithRounding)) : "exact";
  text += " nan=" + std::string(nanPolicyName(nan));
  text += " overflow=" + std::string(overflowPolicyName(overflow));
  if (zeroPointWrapsToStorage)
    text += " zp=storage-constant(wraps)";
  text += " | qcast: " + describeQuantize(quantize);
  if (quantizeNarrowExpressed)
    text += " (expressed narrower than f32: " + describeQuantize(*quantizeNarrowExpressed) + ")";
  text += " | dcast: " + describeDequantize(dequantizePerLayer);
  std::string perChannel = describeDequantize(dequantizePerChannel);
  if (perChannel != describeDequantize(dequantizePerLayer))
    text += " (per-channel: " + perChannel + ")";
  return text;
}

} // namespace qi::quant
