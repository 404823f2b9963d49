//===- DeriveMultiplier.cpp - quant-interp --derive-multiplier ------------===//
//
// Spec: [cli.derive-multiplier]. The derivations themselves are
// interpreter/requant/MultiplierDerivation.* ([requant.derive.*]); this file
// reads SCALE and prints, exactly, what they give.
//
//===----------------------------------------------------------------------===//
#include "tools/quant-interp/DeriveMultiplier.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace qi::tools {

using requant::Derivation;
using requant::DerivationFramework;

std::optional<double> parseDeriveScale(const std::string &text, std::string &error) {
  const std::string expected =
      "expected a real number (a decimal or hexadecimal float such as 0.0072474 or "
      "0x1.dbp-8, or inf, nan)";
  // strtod skips leading white space and reads a prefix; both are errors
  // here: the whole text must be the number.
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) {
    error = "--derive-multiplier: " + expected + ", got '" + text + "'";
    return std::nullopt;
  }
  errno = 0;
  char *end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) {
    error = "--derive-multiplier: " + expected + ", got '" + text + "'";
    return std::nullopt;
  }
  if (errno == ERANGE && (std::isinf(value) || value == 0.0)) {
    error = "--derive-multiplier: expected a real number within the range of double "
            "(magnitude up to 1.7976931348623157e308, down to 4.9e-324), got '" +
            text + "'";
    return std::nullopt;
  }
  return value;
}

std::optional<std::vector<DerivationFramework>>
parseDeriveFrameworks(const std::string &text, std::string &error) {
  if (text == "all")
    return requant::allFrameworks();
  std::vector<DerivationFramework> frameworks;
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string name = text.substr(start, comma == std::string::npos ? std::string::npos
                                                                      : comma - start);
    std::optional<DerivationFramework> framework = requant::parseFramework(name);
    if (!framework) {
      error = "--derive-for: unknown framework '" + name + "' (expected all, or one or more of " +
              requant::allFrameworkNames() + " separated by commas)";
      return std::nullopt;
    }
    frameworks.push_back(*framework);
    if (comma == std::string::npos)
      return frameworks;
    start = comma + 1;
  }
}

namespace {

uint64_t magnitude(int64_t value) {
  return value < 0 ? uint64_t(-(value + 1)) + 1 : uint64_t(value);
}

std::string shiftText(int64_t multiplier, int64_t shift) {
  return "multiplier " + std::to_string(multiplier) + ", shift " + std::to_string(shift);
}

} // namespace

std::string exactHexReal(int64_t multiplier, int64_t shift) {
  if (multiplier == 0)
    return "0x0p+0";
  uint64_t value = magnitude(multiplier);
  int top = 63;
  while (!(value >> top))
    --top;
  uint64_t fraction = value - (uint64_t(1) << top);
  int nibbles = (top + 3) / 4;
  std::string digits;
  if (nibbles > 0) {
    uint64_t aligned = fraction << (4 * nibbles - top);
    static const char kHex[] = "0123456789abcdef";
    for (int i = nibbles - 1; i >= 0; --i)
      digits += kHex[(aligned >> (4 * i)) & 0xf];
    while (!digits.empty() && digits.back() == '0')
      digits.pop_back();
  }
  int64_t exponent = int64_t(top) - shift;
  std::string text = multiplier < 0 ? "-0x1" : "0x1";
  if (!digits.empty())
    text += "." + digits;
  text += exponent < 0 ? "p-" : "p+";
  text += std::to_string(exponent < 0 ? -exponent : exponent);
  return text;
}

std::optional<std::string> exactDecimalReal(int64_t multiplier, int64_t shift,
                                            unsigned maxDigits) {
  if (multiplier == 0)
    return std::string("0");
  // |multiplier| * 2^-shift = |multiplier| * 5^shift / 10^shift (shift > 0),
  // or |multiplier| * 2^-shift (shift <= 0): decimal digits, least
  // significant first, multiplied by 5 or 2 one step at a time.
  constexpr int64_t kLimit = 1200;
  if (shift > kLimit || shift < -kLimit)
    return std::nullopt;
  std::vector<uint8_t> digits;
  for (uint64_t value = magnitude(multiplier); value; value /= 10)
    digits.push_back(uint8_t(value % 10));
  unsigned factor = shift > 0 ? 5 : 2;
  for (int64_t step = 0; step < (shift > 0 ? shift : -shift); ++step) {
    unsigned carry = 0;
    for (uint8_t &digit : digits) {
      unsigned product = digit * factor + carry;
      digit = uint8_t(product % 10);
      carry = product / 10;
    }
    while (carry) {
      digits.push_back(uint8_t(carry % 10));
      carry /= 10;
    }
  }
  std::string text;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it)
    text += char('0' + *it);
  if (shift > 0) {
    size_t fractional = size_t(shift);
    if (text.size() <= fractional)
      text.insert(0, fractional + 1 - text.size(), '0');
    text.insert(text.size() - fractional, ".");
    while (text.back() == '0')
      text.pop_back();
    if (text.back() == '.')
      text.pop_back();
  }
  // Significant digits: without the point, leading and trailing zeros.
  std::string significant;
  for (char c : text)
    if (c != '.')
      significant += c;
  size_t first = significant.find_first_not_of('0');
  size_t last = significant.find_last_not_of('0');
  if (last - first + 1 > maxDigits)
    return std::nullopt;
  return multiplier < 0 ? "-" + text : text;
}

std::string formatDerivation(const Derivation &derivation) {
  DerivationFramework framework = derivation.framework;
  std::string text = std::string(requant::frameworkName(framework)) + " (" +
                     std::string(requant::frameworkSource(framework)) + ")\n";
  if (!derivation.accepted)
    text += "  rejected: " + derivation.error + "\n";
  if (derivation.native) {
    const requant::MultiplierShift &native = *derivation.native;
    const requant::MultiplierShift &tosa = *derivation.tosa;
    text += "  pair: " + shiftText(native.multiplier, native.shift) + " (" +
            std::string(requant::shiftConvention(framework)) + ")\n";
    text += "  tosa: " + shiftText(tosa.multiplier, tosa.shift);
    if (!derivation.tosaProblem.empty())
      text += " (not a " +
              std::string(requant::isScale16(framework) ? "scale16" : "scale32") +
              " rescale pair: " + derivation.tosaProblem + ")";
    text += "\n";
    text += "  real: " + exactHexReal(tosa.multiplier, tosa.shift);
    if (std::optional<std::string> decimal = exactDecimalReal(tosa.multiplier, tosa.shift)) {
      text += " = " + *decimal;
    } else {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%.17Lg",
                    std::ldexp(static_cast<long double>(tosa.multiplier), -int(tosa.shift)));
      text += std::string(" ~ ") + buffer;
    }
    text += "\n";
    double scale = derivation.scale;
    if (!std::isfinite(scale) || scale == 0.0) {
      text += "  relative error: none (the scale is " +
              std::string(std::isnan(scale) ? "NaN" : std::isinf(scale) ? "infinite" : "0") +
              ")\n";
    } else {
      long double real = std::ldexp(static_cast<long double>(tosa.multiplier), -int(tosa.shift));
      long double relative = (real - static_cast<long double>(scale)) / scale;
      if (relative == 0) {
        text += "  relative error: 0 (exact)\n";
      } else {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%+.3Le", relative);
        text += std::string("  relative error: ") + buffer + "\n";
      }
    }
  }
  for (const std::string &note : derivation.notes)
    text += "  note: " + note + "\n";
  return text;
}

int runDeriveMultiplier(const std::string &scaleText, const std::string &frameworksText,
                        llvm::raw_ostream &out, llvm::raw_ostream &errors) {
  std::string error;
  std::optional<double> scale = parseDeriveScale(scaleText, error);
  if (!scale) {
    errors << "quant-interp: error: " << error << "\n";
    return 2;
  }
  std::optional<std::vector<DerivationFramework>> frameworks =
      parseDeriveFrameworks(frameworksText, error);
  if (!frameworks) {
    errors << "quant-interp: error: " << error << "\n";
    return 2;
  }
  char hex[64];
  std::snprintf(hex, sizeof hex, "%a", *scale);
  std::string text = "scale: " + scaleText + " = " + hex + "\n";
  for (DerivationFramework framework : *frameworks)
    text += "\n" + formatDerivation(requant::deriveMultiplier(framework, *scale));
  out << text;
  return 0;
}

} // namespace qi::tools
