//===- DecimalFormat.cpp - Shortest round-trip decimal text ---------------===//
//
// Spec: [print.decimal]. The digit search works on exact values: the value's
// leading decimal digits come from one big-integer division, and every
// candidate is accepted only when roundToFormat (NearestEven) maps its exact
// value back to the original bits.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/DecimalFormat.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/Rounding.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace qi::numeric {

namespace {

constexpr double kLog10Of2 = 0.30102999566398119521;

BigInt pow5(int64_t k) {
  assert(k >= 0);
  return boost::multiprecision::pow(BigInt(5), static_cast<unsigned>(k));
}

/// The text of +-digits * 10^(sciExp - digits.size() + 1) in the literal
/// style of DecimalFormat.h. `digits` has no leading zero.
std::string render(bool negative, std::string digits, int64_t sciExp) {
  size_t last = digits.find_last_not_of('0');
  digits.resize(last == std::string::npos ? 1 : last + 1);
  std::string out = negative ? "-" : "";
  const int64_t size = static_cast<int64_t>(digits.size());
  if (sciExp >= -4 && sciExp <= 15) {
    if (sciExp < 0) {
      out += "0.";
      out.append(static_cast<size_t>(-sciExp - 1), '0');
      out += digits;
    } else if (size <= sciExp + 1) {
      out += digits;
      out.append(static_cast<size_t>(sciExp + 1 - size), '0');
      out += ".0";
    } else {
      out.append(digits, 0, static_cast<size_t>(sciExp + 1));
      out += '.';
      out.append(digits, static_cast<size_t>(sciExp + 1), std::string::npos);
    }
    return out;
  }
  out += digits[0];
  out += '.';
  out += size > 1 ? digits.substr(1) : std::string("0");
  out += 'e';
  out += sciExp < 0 ? '-' : '+';
  std::string e = std::to_string(sciExp < 0 ? -sciExp : sciExp);
  if (e.size() < 2)
    out += '0';
  out += e;
  return out;
}

bool isHostFormat(const FloatFormat &format, unsigned size, unsigned precision) {
  return format.sizeInBits == size && format.precision == precision &&
         format.name == (size == 32 ? std::string_view("f32") : std::string_view("f64"));
}

} // namespace

namespace detail {

std::string formatDecimalBySearch(const FloatFormat &format, Bits bits) {
  const Exact value = decode(format, bits);
  assert(value.isFinite() && "formatDecimal needs a finite pattern");
  if (value.isZero())
    return value.negative ? "-0.0" : "0.0";
  assert(value.den == 1);
  const BigInt &m = value.num;
  const int64_t e = value.exp;
  const int64_t log2 = int64_t(boost::multiprecision::msb(m)) + e; // floor(log2 |v|)

  // The leading digits of |v|: digits = floor(|v| * 10^s) as text (no
  // leading zero), sticky = whether a non-zero digit follows them, and k0 =
  // floor(log10 |v|). The estimate of k0 from log2 may be one off; the
  // length of the digit string corrects it.
  int64_t k0 = static_cast<int64_t>(std::floor(double(log2) * kLog10Of2));
  std::string digits;
  bool sticky = false;
  auto computeDigits = [&](int64_t count) {
    const int64_t s = count - 1 - k0;
    BigInt num = m, den = 1;
    if (s >= 0)
      num *= pow5(s);
    else
      den = pow5(-s);
    const int64_t twos = e + s;
    if (twos >= 0)
      num <<= static_cast<unsigned>(twos);
    else
      den <<= static_cast<unsigned>(-twos);
    BigInt q, r;
    boost::multiprecision::divide_qr(num, den, q, r);
    digits = q.str();
    sticky = r != 0;
    k0 += int64_t(digits.size()) - count;
  };
  // floor(p * log10 2) + 2 digits always suffice; a few more for the rounding.
  computeDigits(int64_t(double(format.precision) * kLog10Of2) + 4);

  // The values rounding to `bits` lie within half an ulp of v, ulp =
  // 2^(max(log2, minExponent) - p + 1); log10 of that half ulp.
  const double halfUlpLog10 =
      double(std::max<int64_t>(log2, format.minExponent) - int64_t(format.precision)) * kLog10Of2;

  auto roundsBack = [&](const BigInt &d, int64_t k) {
    if (d == 0)
      return false;
    Exact candidate;
    candidate.negative = value.negative;
    candidate.num = d;
    if (k >= 0)
      candidate.num *= pow5(k);
    else
      candidate.den = pow5(-k);
    candidate.exp = k;
    FloatResult back = roundToFormat(candidate, format, RoundingMode::NearestEven);
    return back.bits == (bits & format.allBitsMask()) && !back.status.overflow();
  };

  BigInt prefix = 0; // the first n digits
  for (int64_t n = 1;; ++n) {
    if (n + 1 > int64_t(digits.size()))
      computeDigits(n + 8); // k0 is exact by now and stays as it is
    prefix = prefix * 10 + (digits[size_t(n - 1)] - '0');
    const int64_t k = k0 - n + 1; // the last digit is worth 10^k
    // Round the digit string to n digits, ties to an even last digit, and
    // find t with |nearest - v| >= 10^(k-t) (t = 0: no bound known).
    const char next = digits[size_t(n)];
    bool restNonZero = sticky;
    for (size_t i = size_t(n) + 1; !restNonZero && i < digits.size(); ++i)
      restNonZero = digits[i] != '0';
    const bool up = next > '5' || (next == '5' && (restNonZero || bool(prefix & 1)));
    int64_t t = 0;
    for (size_t i = size_t(n); i < digits.size(); ++i)
      if (digits[i] != (up ? '9' : '0')) {
        t = int64_t(i) - n + 1;
        break;
      }
    const BigInt nearest = up ? BigInt(prefix + 1) : prefix;
    // Only one side of the nearest candidate can hold the value's rounding
    // interval, so the order of the neighbours does not change the result.
    // A candidate is skipped without the exact check when it is certainly
    // (by a margin of ten) farther from v than half an ulp, which makes the
    // short lengths cheap; the neighbours are at least 10^k / 2 away. (The
    // only values farther away that roundToFormat maps back are those below
    // 2^-128 for f8E8M0FNU, which has no zero; its 2^-127 prints as its
    // nearest one-digit decimal "6.0e-39" before any of them is reached.)
    for (int delta : {0, -1, 1}) {
      const double distanceLog10 =
          double(k) - (delta == 0 ? double(t) : 1.0);
      const bool mayRoundBack = (delta == 0 && t == 0) || distanceLog10 <= halfUlpLog10 + 1;
      if (!mayRoundBack)
        continue;
      BigInt d = nearest + delta;
      if (!roundsBack(d, k))
        continue;
      std::string text = d.str();
      return render(value.negative, text, k + int64_t(text.size()) - 1);
    }
  }
}

std::string formatDecimalByHost(const FloatFormat &format, Bits bits) {
  char buffer[64];
  std::to_chars_result result;
  if (isHostFormat(format, 32, 24)) {
    uint32_t raw = static_cast<uint32_t>(bits);
    float x;
    std::memcpy(&x, &raw, sizeof x);
    result = std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::scientific);
  } else {
    assert(isHostFormat(format, 64, 53));
    uint64_t raw = static_cast<uint64_t>(bits);
    double x;
    std::memcpy(&x, &raw, sizeof x);
    result = std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::scientific);
  }
  assert(result.ec == std::errc());
  // "[-]d[.ddd]e(+|-)dd"
  const char *p = buffer;
  const bool negative = *p == '-';
  if (negative)
    ++p;
  std::string digits;
  for (; p != result.ptr && *p != 'e'; ++p)
    if (*p != '.')
      digits += *p;
  if (p == result.ptr || digits == "0")
    return negative ? "-0.0" : "0.0";
  ++p; // 'e'
  const bool negativeExp = *p == '-';
  ++p;
  int64_t sciExp = 0;
  for (; p != result.ptr; ++p)
    sciExp = sciExp * 10 + (*p - '0');
  return render(negative, digits, negativeExp ? -sciExp : sciExp);
}

} // namespace detail

std::string formatDecimal(const FloatFormat &format, Bits bits) {
  if (isHostFormat(format, 32, 24) || isHostFormat(format, 64, 53))
    return detail::formatDecimalByHost(format, bits);
  return detail::formatDecimalBySearch(format, bits);
}

std::optional<Exact> parseDecimal(std::string_view text) {
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-'))
    negative = text[i++] == '-';
  auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  std::string mantissa;
  size_t start = i;
  while (i < text.size() && isDigit(text[i]))
    mantissa += text[i++];
  if (i == start)
    return std::nullopt;
  int64_t scale = 0; // value = mantissa * 10^(scale + exponent)
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && isDigit(text[i])) {
      mantissa += text[i++];
      --scale;
    }
  }
  int64_t exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negativeExp = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-'))
      negativeExp = text[i++] == '-';
    start = i;
    constexpr int64_t kSaturate = int64_t(1) << 50;
    while (i < text.size() && isDigit(text[i])) {
      if (exponent < kSaturate)
        exponent = exponent * 10 + (text[i] - '0');
      ++i;
    }
    if (i == start)
      return std::nullopt;
    if (negativeExp)
      exponent = -exponent;
  }
  if (i != text.size())
    return std::nullopt;

  size_t first = mantissa.find_first_not_of('0');
  if (first == std::string::npos)
    return Exact::zero(negative);
  size_t last = mantissa.find_last_not_of('0');
  scale += int64_t(mantissa.size() - 1 - last);
  // Leading zeros are dropped before the conversion (cpp_int would read a
  // leading 0 as octal).
  BigInt digits(mantissa.substr(first, last + 1 - first));
  const int64_t decExp = scale + exponent;
  if (decExp > kMaxDecimalExponent || decExp < -kMaxDecimalExponent)
    return std::nullopt;
  Exact value;
  value.negative = negative;
  value.num = digits;
  if (decExp >= 0)
    value.num *= pow5(decExp);
  else
    value.den = pow5(-decExp);
  value.exp = decExp;
  return value;
}

} // namespace qi::numeric
