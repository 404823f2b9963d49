//===- Semantics.cpp - Knob names and the named profiles ------------------===//
#include "quant/Semantics.h"

#include <array>
#include <utility>

namespace qi::quant {

namespace {
constexpr std::array<std::pair<NanPolicy, std::string_view>, 5> kNanNames = {{
    {NanPolicy::Poison, "poison"},
    {NanPolicy::Qmin, "qmin"},
    {NanPolicy::Qmax, "qmax"},
    {NanPolicy::ZeroPoint, "zero-point"},
    {NanPolicy::Zero, "zero"},
}};
constexpr std::array<std::pair<OverflowPolicy, std::string_view>, 3> kOverflowNames = {{
    {OverflowPolicy::Saturate, "saturate"},
    {OverflowPolicy::Poison, "poison"},
    {OverflowPolicy::Wrap, "wrap"},
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

std::string_view nanPolicyName(NanPolicy policy) { return nameOf(kNanNames, policy); }
std::optional<NanPolicy> parseNanPolicy(std::string_view name) {
  return parseName(kNanNames, name);
}
std::string_view allNanPolicyNames() { return "poison, qmin, qmax, zero-point, zero"; }

std::string_view overflowPolicyName(OverflowPolicy policy) {
  return nameOf(kOverflowNames, policy);
}
std::optional<OverflowPolicy> parseOverflowPolicy(std::string_view name) {
  return parseName(kOverflowNames, name);
}
std::string_view allOverflowPolicyNames() { return "saturate, poison, wrap"; }

std::optional<std::optional<numeric::RoundingMode>>
parseArithRounding(std::string_view name) {
  if (name == "exact")
    return std::optional<numeric::RoundingMode>();
  if (auto mode = numeric::parseRoundingMode(name))
    return std::optional<numeric::RoundingMode>(*mode);
  return std::nullopt;
}

std::string Semantics::describe() const {
  std::string text = "rounding=" + std::string(numeric::roundingModeName(rounding));
  text += " arith-rounding=";
  text += arithRounding ? std::string(numeric::roundingModeName(*arithRounding)) : "exact";
  text += " nan=" + std::string(nanPolicyName(nan));
  text += " overflow=" + std::string(overflowPolicyName(overflow));
  return text;
}

std::optional<Semantics> findProfile(std::string_view name) {
  if (name == "reference")
    return Semantics{};
  if (name == "exact") {
    Semantics s;
    s.arithRounding = std::nullopt;
    return s;
  }
  return std::nullopt;
}

std::string_view allProfileNames() { return "reference, exact"; }

} // namespace qi::quant
