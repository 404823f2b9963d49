//===- RecipeSupport.cpp - Options, result type and spelling ---------------===//
//
// Spec: [calib.range], [calib.spelling]. What every family shares: reading
// its options, the range bounds in the framework's float format, and the
// !quant.uniform type it chose with the text MLIR prints for it.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/recipes/Recipes.h"

#include "interpreter/numeric/DecimalFormat.h"
#include "interpreter/numeric/Rounding.h"
#include "interpreter/quant/QuantTypeBuilder.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace qi::calibrate::recipes {

namespace {

numeric::Bits roundedOption(const CalibrationRecipe &recipe, std::string_view key,
                            const numeric::FloatFormat &format) {
  const std::optional<numeric::Exact> exact = numeric::parseDecimal(optionValue(recipe, key));
  // parseCalibrationRecipe validated the literal; a default is a literal too.
  return numeric::roundToFormat(exact ? *exact : numeric::Exact(), format,
                                numeric::RoundingMode::NearestEven)
      .bits;
}

} // namespace

std::string_view optionValue(const CalibrationRecipe &recipe, std::string_view key) {
  const auto written = recipe.options.find(std::string(key));
  if (written != recipe.options.end())
    return written->second;
  for (const RecipeOption &option : familyOptions(recipe.family))
    if (option.key == key)
      return option.defaultValue;
  return {};
}

int64_t integerOption(const CalibrationRecipe &recipe, std::string_view key) {
  return std::stoll(std::string(optionValue(recipe, key)));
}

bool flagOption(const CalibrationRecipe &recipe, std::string_view key) {
  return integerOption(recipe, key) != 0;
}

F32 f32Option(const CalibrationRecipe &recipe, std::string_view key) {
  return F32{static_cast<uint32_t>(roundedOption(recipe, key, numeric::f32Format()))};
}

F64 f64Option(const CalibrationRecipe &recipe, std::string_view key) {
  return F64{static_cast<uint64_t>(roundedOption(recipe, key, numeric::f64Format()))};
}

F64 f64Of(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return F64{bits};
}

F32 f32Of(double v) { return requant::recipes::toF32(f64Of(v)); }

double hostDouble(F64 v) {
  double d;
  std::memcpy(&d, &v.bits, sizeof d);
  return d;
}

Choice uniformChoice(numeric::IntFormat storage, int64_t qmin, int64_t qmax,
                     const numeric::FloatFormat &expressed, int32_t axis,
                     const std::vector<F64> &scales, const std::vector<int64_t> &zeroPoints) {
  std::vector<double> values;
  for (F64 s : scales)
    values.push_back(hostDouble(s));
  const quant::build::Bounds bounds = std::make_pair(qmin, qmax);
  Choice choice;
  choice.ok = true;
  choice.type = axis < 0
                    ? quant::build::perLayer(storage, bounds, expressed, values[0], zeroPoints[0])
                    : quant::build::perAxis(storage, bounds, expressed, axis, values, zeroPoints);
  choice.type.kind = quant::QuantType::Kind::Uniform;
  choice.type.spelling = uniformSpelling(choice.type);
  return choice;
}

Choice refusal(std::string message) {
  Choice choice;
  choice.ok = false;
  choice.refusal = std::move(message);
  return choice;
}

std::string decimalText(F32 v) {
  return isFinite(v) ? numeric::formatDecimal(numeric::f32Format(), v.bits)
                     : llvmDoubleText(hostDouble(toF64(v)));
}

std::string decimalText(F64 v) {
  return isFinite(v) ? numeric::formatDecimal(numeric::f64Format(), v.bits)
                     : llvmDoubleText(hostDouble(v));
}

F32 stdMin(F32 a, F32 b) { return less(b, a) ? b : a; }
F32 stdMax(F32 a, F32 b) { return less(a, b) ? b : a; }

std::string llvmDoubleText(double v) {
  // llvm::write_double (Support/NativeFormatting.cpp), FloatStyle::Exponent.
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return std::signbit(v) ? "-INF" : "INF";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6e", v);
  return buffer;
}

namespace {

/// Decimal digits of a finite non-zero binary64 |v|, most significant first,
/// trailing zeros dropped; digits * 10^exp10 is the value as APFloat's
/// toString sees it: the exact N * 10^exp10, then (its first
/// AdjustToPrecision) N truncated by the decimal digits that `precision`
/// significant digits surely do not need.
void exactDigits(uint64_t bits, size_t precision, std::string &digits, int64_t &exp10) {
  const int exponentField = static_cast<int>((bits >> 52) & 0x7FF);
  numeric::BigInt m = bits & 0xFFFFFFFFFFFFFull;
  int64_t e = exponentField == 0 ? -1074 : exponentField - 1075;
  if (exponentField != 0)
    m += numeric::BigInt(1) << 52;
  while ((m & 1) == 0) {
    m >>= 1;
    ++e;
  }
  exp10 = 0;
  if (e >= 0) {
    m <<= static_cast<unsigned>(e);
  } else {
    m *= boost::multiprecision::pow(numeric::BigInt(5), static_cast<unsigned>(-e));
    exp10 = e;
  }
  const int64_t activeBits = static_cast<int64_t>(boost::multiprecision::msb(m)) + 1;
  const int64_t bitsRequired = (static_cast<int64_t>(precision) * 196 + 58) / 59;
  if (activeBits > bitsRequired) {
    const int64_t tensRemovable = (activeBits - bitsRequired) * 59 / 196;
    if (tensRemovable > 0) {
      exp10 += tensRemovable;
      m /= boost::multiprecision::pow(numeric::BigInt(10), static_cast<unsigned>(tensRemovable));
    }
  }
  digits = m.str();
  while (digits.size() > 1 && digits.back() == '0') {
    digits.pop_back();
    ++exp10;
  }
}

/// APFloat's AdjustToPrecision: keep `precision` significant digits, rounding
/// half up on the first dropped digit, then drop trailing zeros.
void adjustToPrecision(std::string &digits, int64_t &exp10, size_t precision) {
  if (digits.size() <= precision)
    return;
  const size_t dropped = digits.size() - precision;
  const bool up = digits[precision] >= '5';
  digits.resize(precision);
  exp10 += static_cast<int64_t>(dropped);
  if (up) {
    size_t i = digits.size();
    while (i > 0 && digits[i - 1] == '9') {
      digits.pop_back();
      ++exp10;
      --i;
    }
    if (i == 0)
      digits = "1";
    else
      ++digits[i - 1];
  }
  while (digits.size() > 1 && digits.back() == '0') {
    digits.pop_back();
    ++exp10;
  }
}

/// APFloat::toString(str, precision, maxPadding, truncateZero) of a finite
/// non-zero double.
std::string apfloatToString(uint64_t bits, size_t precision, unsigned maxPadding,
                            bool truncateZero) {
  std::string digits;
  int64_t exp = 0;
  if (precision == 0)
    precision = 2 + 53 * 59 / 196;
  exactDigits(bits, precision, digits, exp);
  adjustToPrecision(digits, exp, precision);
  const int64_t nDigits = static_cast<int64_t>(digits.size());
  std::string out = (bits >> 63) ? "-" : "";
  bool scientific;
  if (maxPadding == 0)
    scientific = true;
  else if (exp >= 0)
    scientific = exp > maxPadding || nDigits + exp > static_cast<int64_t>(precision);
  else {
    const int64_t msd = exp + nDigits - 1;
    scientific = msd < 0 && -msd > static_cast<int64_t>(maxPadding);
  }
  if (scientific) {
    exp += nDigits - 1;
    out += digits[0];
    out += '.';
    if (nDigits == 1 && truncateZero)
      out += '0';
    else
      out += digits.substr(1);
    if (!truncateZero && static_cast<int64_t>(precision) > nDigits - 1)
      out.append(precision - nDigits + 1, '0');
    out += truncateZero ? 'E' : 'e';
    out += exp >= 0 ? '+' : '-';
    std::string e = std::to_string(exp < 0 ? -exp : exp);
    if (!truncateZero && e.size() < 2)
      e = "0" + e;
    return out + e;
  }
  if (exp >= 0)
    return out + digits + std::string(static_cast<size_t>(exp), '0');
  const int64_t whole = exp + nDigits;
  if (whole > 0)
    return out + digits.substr(0, whole) + "." + digits.substr(whole);
  return out + "0." + std::string(static_cast<size_t>(-whole), '0') + digits;
}

} // namespace

std::string mlirDoubleText(double v) {
  const uint64_t bits = f64Of(v).bits;
  if (std::isfinite(v) && v != 0) {
    // The six-digit exponential form when it reads back as the same double.
    const std::string shortForm = apfloatToString(bits, 6, 0, false);
    const std::optional<numeric::Exact> exact = numeric::parseDecimal(shortForm);
    if (exact && static_cast<uint64_t>(numeric::roundToFormat(*exact, numeric::f64Format(),
                                                              numeric::RoundingMode::NearestEven)
                                           .bits) == bits)
      return shortForm;
    const std::string longForm = apfloatToString(bits, 0, 3, true);
    if (longForm.find('.') != std::string::npos)
      return longForm;
  } else if (v == 0) {
    return std::signbit(v) ? "-0.000000e+00" : "0.000000e+00";
  }
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%016llX", static_cast<unsigned long long>(bits));
  return buffer;
}

std::string uniformSpelling(const quant::QuantType &type) {
  std::string text = "!quant.uniform<" + type.storage.name();
  if (type.hasNarrowBounds())
    text += "<" + std::to_string(type.storageMin) + ":" + std::to_string(type.storageMax) + ">";
  text += ":" + std::string(type.expressed->name);
  const bool perAxis = type.granularity == quant::QuantType::Granularity::PerAxis;
  if (perAxis)
    text += ":" + std::to_string(type.axis);
  text += perAxis ? ", {" : ", ";
  for (size_t i = 0; i < type.scales.size(); ++i) {
    if (i > 0)
      text += ",";
    text += mlirDoubleText(hostDouble(F64{static_cast<uint64_t>(type.scales[i].bits)}));
    if (type.zeroPoints[i] != 0)
      text += ":" + std::to_string(type.zeroPoints[i]);
  }
  text += perAxis ? "}>" : ">";
  return text;
}

} // namespace qi::calibrate::recipes
