//===- DecimalFormat.cpp - Shortest round-trip decimal text ---------------===//
//
// Spec: [print.decimal]. The digit search works on exact values: the value's
// leading decimal digits come from one big-integer division, and every
// candidate is accepted only when roundToFormat (NearestEven) maps its exact
// value back to the original bits.
//
//===----------------------------------------------------------------------===//
#include "DecimalFormat.h"

#include "FloatCodec.h"
#include "Rounding.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace qi::numeric {

namespace {

BigInt pow5(int64_t k) {
  assert(k >= 0);
  return boost::multiprecision::pow(BigInt(5), static_cast<unsigned>(k));
}

/// Sign (-1, 0, +1) of m * 2^e - 10^j, for m > 0.
int compareWithPow10(const BigInt &m, int64_t e, int64_t j) {
  // m * 2^e  vs  5^j * 2^j: move the powers of five and two to one side each.
  BigInt lhs = m, rhs = 1;
  if (j >= 0)
    rhs = pow5(j);
  else
    lhs *= pow5(-j);
  int64_t twos = e - j; // lhs * 2^twos  vs  rhs
  if (twos >= 0)
    lhs <<= static_cast<unsigned>(twos);
  else
    rhs <<= static_cast<unsigned>(-twos);
  return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1);
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

  // k0 = floor(log10(value)): an estimate from floor(log2), then corrected.
  const int64_t log2 = int64_t(boost::multiprecision::msb(m)) + e;
  int64_t k0 = static_cast<int64_t>(std::floor(double(log2) * 0.30102999566398119521));
  while (compareWithPow10(m, e, k0) < 0)
    --k0;
  while (compareWithPow10(m, e, k0 + 1) >= 0)
    ++k0;

  // The first L digits of the value (as the integer Q, 10^(L-1) <= Q < 10^L)
  // and whether any non-zero digit follows them.
  std::string digits;
  bool sticky = false;
  auto computeDigits = [&](int64_t count) {
    const int64_t s = count - 1 - k0; // Q = floor(value * 10^s)
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
    assert(int64_t(digits.size()) == count);
  };
  computeDigits(int64_t(double(format.precision) * 0.30102999566398119521) + 4);

  auto roundsBack = [&](const BigInt &d, int64_t k) {
    if (d == 0)
      return false;
    Exact candidate;
    candidate.negative = value.negative;
    candidate.num = d;
    if (k >= 0) {
      candidate.num *= pow5(k);
    } else {
      candidate.den = pow5(-k);
    }
    candidate.exp = k;
    FloatResult back = roundToFormat(candidate, format, RoundingMode::NearestEven);
    return back.bits == (bits & format.allBitsMask()) && !back.status.overflow();
  };

  BigInt prefix = 0; // the first n digits
  for (int64_t n = 1;; ++n) {
    if (n + 1 > int64_t(digits.size()))
      computeDigits(n + 8);
    prefix = prefix * 10 + (digits[size_t(n - 1)] - '0');
    const int64_t k = k0 - n + 1; // the value of the last digit is 10^k
    // Round the digit string to n digits, ties to an even last digit.
    const char next = digits[size_t(n)];
    bool restNonZero = sticky;
    for (size_t i = size_t(n) + 1; !restNonZero && i < digits.size(); ++i)
      restNonZero = digits[i] != '0';
    const bool up = next > '5' || (next == '5' && (restNonZero || bool(prefix & 1)));
    const BigInt nearest = up ? BigInt(prefix + 1) : prefix;
    // Only one side of the nearest candidate can hold the value's rounding
    // interval, so the order of the neighbours does not change the result.
    for (int delta : {0, -1, 1}) {
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
