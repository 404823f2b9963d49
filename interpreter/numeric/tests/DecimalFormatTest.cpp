//===- DecimalFormatTest.cpp - Tests of [print.decimal] -------------------===//
//
// Spec: [print.decimal]. Every printed literal is read back twice: by our own
// exact parser + roundToFormat(NearestEven), and by llvm::APFloat (the parser
// MLIR uses; a test-only oracle, the numeric core never links LLVM). Both
// must give the original bit pattern, sign of zero included. Shortness is
// checked independently: against the host std::to_chars shortest form for
// f32/f64, and for the small formats by showing that no decimal with one
// digit fewer rounds back (floor and ceiling at that digit position).
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/DecimalFormat.h"

#include "interpreter/numeric/tests/ApfloatOracle.h"
#include "interpreter/numeric/tests/TestUtil.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/Rounding.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cstring>
#include <string>

namespace qi::numeric {
namespace {

// ---------------------------------------------------------------------------
// Helpers (Rng, hex, canonical: TestUtil.h; semanticsOf, fromAP: ApfloatOracle.h).

using namespace test;

bool isFinitePattern(const FloatFormat &f, Bits b) {
  FloatClass c = classify(f, b);
  return c == FloatClass::Zero || c == FloatClass::Subnormal || c == FloatClass::Normal;
}

/// Syntax of the literal style of DecimalFormat.h: [-] digits '.' digits
/// [e (+|-) dd+], no redundant zeros, fixed form iff -4 <= X <= 15.
::testing::AssertionResult hasLiteralStyle(const std::string &s) {
  auto fail = [&](const char *why) {
    return ::testing::AssertionFailure() << "'" << s << "': " << why;
  };
  size_t i = s[0] == '-' ? 1 : 0;
  size_t dot = s.find('.');
  if (dot == std::string::npos || dot == i)
    return fail("no '.' or no digit before it");
  size_t e = s.find('e');
  std::string intPart = s.substr(i, dot - i);
  std::string frac = s.substr(dot + 1, e == std::string::npos ? std::string::npos : e - dot - 1);
  for (char c : intPart + frac)
    if (c < '0' || c > '9')
      return fail("non-digit in mantissa");
  if (frac.empty())
    return fail("no digit after '.'");
  if (frac.size() > 1 && frac.back() == '0')
    return fail("trailing zero in fraction");
  if (intPart.size() > 1 && intPart[0] == '0')
    return fail("leading zero");
  if (e != std::string::npos) {
    if (intPart.size() != 1 || intPart == "0")
      return fail("scientific mantissa is not d.ddd");
    std::string ex = s.substr(e + 1);
    if (ex.size() < 3 || (ex[0] != '+' && ex[0] != '-'))
      return fail("exponent without sign or with fewer than two digits");
    for (size_t k = 1; k < ex.size(); ++k)
      if (ex[k] < '0' || ex[k] > '9')
        return fail("non-digit in exponent");
    if (ex.size() > 3 && ex[1] == '0')
      return fail("exponent with a redundant leading zero");
    long x = std::stol(ex);
    if (x >= -4 && x <= 15)
      return fail("scientific form inside the fixed range");
  } else if (intPart == "0" && frac != "0") {
    // 0.000ddd: X = -(leading zeros + 1) must be >= -4.
    size_t zeros = frac.find_first_not_of('0');
    if (zeros > 3)
      return fail("fixed form below 1e-4");
  } else if (intPart.size() > 16) {
    return fail("fixed form at or above 1e16");
  }
  return ::testing::AssertionSuccess();
}

/// Significant digits of a literal in our style (leading/trailing zeros and
/// the exponent excluded).
size_t significantDigits(const std::string &s) {
  std::string d;
  for (char c : s.substr(0, s.find('e')))
    if (c >= '0' && c <= '9')
      d += c;
  size_t first = d.find_first_not_of('0');
  if (first == std::string::npos)
    return 1;
  size_t last = d.find_last_not_of('0');
  return last - first + 1;
}

/// Decimal exponent X of a non-zero literal (value = d.ddd * 10^X).
long decimalExponent(const std::string &s) {
  std::string m = s.substr(0, s.find('e'));
  long exp = s.find('e') == std::string::npos ? 0 : std::stol(s.substr(s.find('e') + 1));
  size_t dot = m.find('.');
  size_t start = m[0] == '-' ? 1 : 0;
  std::string digits = m.substr(start, dot - start) + m.substr(dot + 1);
  size_t first = digits.find_first_not_of('0');
  return exp + long(dot - start) - 1 - long(first);
}

/// Bits APFloat gives for `text`, or a failure.
::testing::AssertionResult apfloatReads(const FloatFormat &f, const std::string &text,
                                        Bits expected) {
  llvm::APFloat value(semanticsOf(f));
  auto status = value.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    std::string message = llvm::toString(status.takeError());
    return ::testing::AssertionFailure()
           << f.name << " " << hex(expected) << ": APFloat rejects '" << text
           << "': " << message;
  }
  Bits got = fromAP(value);
  if (got != expected)
    return ::testing::AssertionFailure()
           << f.name << " " << hex(expected) << ": APFloat reads '" << text << "' as "
           << hex(got);
  return ::testing::AssertionSuccess();
}

/// Our own reader: parseDecimal, then roundToFormat(NearestEven).
::testing::AssertionResult weRead(const FloatFormat &f, const std::string &text,
                                  Bits expected) {
  std::optional<Exact> value = parseDecimal(text);
  if (!value)
    return ::testing::AssertionFailure() << "parseDecimal rejects '" << text << "'";
  FloatResult back = roundToFormat(*value, f, RoundingMode::NearestEven);
  if (back.bits != expected)
    return ::testing::AssertionFailure()
           << f.name << " " << hex(expected) << ": '" << text << "' reads back as "
           << hex(back.bits);
  return ::testing::AssertionSuccess();
}

/// Whether the decimal d * 10^k (d > 0, sign of the value) rounds to `bits`.
bool decimalRoundsTo(const FloatFormat &f, bool negative, const BigInt &d, long k,
                     Bits bits) {
  if (d <= 0)
    return false;
  Exact c = Exact::fromInteger(d);
  c.negative = negative;
  if (k >= 0)
    c.num *= boost::multiprecision::pow(BigInt(10), unsigned(k));
  else
    c.den = boost::multiprecision::pow(BigInt(10), unsigned(-k));
  FloatResult r = roundToFormat(c, f, RoundingMode::NearestEven);
  return r.bits == bits && !r.status.overflow();
}

/// 10^k as an exact value.
Exact pow10(long k) {
  Exact p = Exact::fromInteger(1);
  if (k >= 0)
    p.num = boost::multiprecision::pow(BigInt(10), unsigned(k));
  else
    p.den = boost::multiprecision::pow(BigInt(10), unsigned(-k));
  return p;
}

/// [print.decimal] shortness, checked without the search of DecimalFormat.cpp:
/// let 10^k0 <= |v| < 10^(k0+1) and n the printed digit count; with n - 1
/// digits, neither the floor nor the ceiling of |v| at the last digit
/// position 10^(k0-n+2) rounds back. The set of reals rounding to `bits` is
/// an interval holding v, so if any decimal with fewer digits rounded back
/// (even one below 10^k0 or at or above 10^(k0+1)), one of these two would.
::testing::AssertionResult noShorterDecimal(const FloatFormat &f, Bits bits,
                                            const std::string &text) {
  Exact v = decode(f, bits);
  if (v.isZero())
    return ::testing::AssertionSuccess();
  size_t n = significantDigits(text);
  if (n == 1)
    return ::testing::AssertionSuccess();
  Exact magnitude = v;
  magnitude.negative = false;
  // k0 from the printed exponent, corrected by exact comparisons.
  long k0 = decimalExponent(text);
  while (exactCompare(magnitude, pow10(k0)) < 0)
    --k0;
  while (exactCompare(magnitude, pow10(k0 + 1)) >= 0)
    ++k0;
  long k = k0 - long(n - 1) + 1; // last digit of an (n-1)-digit decimal
  BigInt floor = roundToInteger(exactDiv(magnitude, pow10(k)), RoundingMode::TowardZero).value;
  for (BigInt d : {floor, BigInt(floor + 1)})
    if (decimalRoundsTo(f, v.negative, d, k, bits))
      return ::testing::AssertionFailure()
             << f.name << " " << hex(bits) << " printed as '" << text << "' but "
             << d.str() << "e" << k << " has fewer digits and rounds back";
  return ::testing::AssertionSuccess();
}

/// The full [print.decimal] check of one pattern; returns the text and sets
/// `ok` to false on any failure.
std::string checkPattern(const FloatFormat &f, Bits bits, bool checkShortness,
                         bool *ok = nullptr) {
  std::string text = formatDecimal(f, bits);
  ::testing::AssertionResult results[] = {
      hasLiteralStyle(text), weRead(f, text, bits), apfloatReads(f, text, bits),
      checkShortness ? noShorterDecimal(f, bits, text) : ::testing::AssertionSuccess()};
  for (const ::testing::AssertionResult &r : results) {
    EXPECT_TRUE(r) << f.name << " " << hex(bits);
    if (!r && ok)
      *ok = false;
  }
  return text;
}

/// Host shortest digits (std::to_chars, scientific) of an f32/f64 pattern.
size_t hostShortestDigits(const FloatFormat &f, Bits bits) {
  char buf[64];
  std::to_chars_result r;
  if (f.sizeInBits == 32) {
    uint32_t raw = uint32_t(bits);
    float x;
    std::memcpy(&x, &raw, 4);
    r = std::to_chars(buf, buf + 64, x, std::chars_format::scientific);
  } else {
    uint64_t raw = uint64_t(bits);
    double x;
    std::memcpy(&x, &raw, 8);
    r = std::to_chars(buf, buf + 64, x, std::chars_format::scientific);
  }
  std::string s(buf, r.ptr);
  size_t digits = 0;
  for (char c : s.substr(0, s.find('e')))
    digits += c >= '0' && c <= '9';
  return digits;
}

// ---------------------------------------------------------------------------
// Hand-written expectations. [print.decimal]

Bits f32Bits(float x) {
  uint32_t raw;
  std::memcpy(&raw, &x, 4);
  return raw;
}
Bits f64Bits(double x) {
  uint64_t raw;
  std::memcpy(&raw, &x, 8);
  return raw;
}

TEST(PrintDecimal, HandWrittenF32) {
  const FloatFormat &f = f32Format();
  EXPECT_EQ(formatDecimal(f, f32Bits(0.1f)), "0.1");
  EXPECT_EQ(formatDecimal(f, f32Bits(1.0f)), "1.0");
  EXPECT_EQ(formatDecimal(f, f32Bits(-1.5f)), "-1.5");
  EXPECT_EQ(formatDecimal(f, f32Bits(100.0f)), "100.0");
  EXPECT_EQ(formatDecimal(f, f32Bits(0.001f)), "0.001");
  EXPECT_EQ(formatDecimal(f, f32Bits(1e-4f)), "0.0001");
  EXPECT_EQ(formatDecimal(f, f32Bits(9e-5f)), "9.0e-05");
  EXPECT_EQ(formatDecimal(f, f32Bits(1e16f)), "1.0e+16");
  EXPECT_EQ(formatDecimal(f, f32Bits(16777216.0f)), "16777216.0");
  EXPECT_EQ(formatDecimal(f, 0x7f7fffff), "3.4028235e+38");
  EXPECT_EQ(formatDecimal(f, 0xff7fffff), "-3.4028235e+38");
  EXPECT_EQ(formatDecimal(f, 0x00000001), "1.0e-45");
  EXPECT_EQ(formatDecimal(f, 0x00800000), "1.1754944e-38"); // min normal
  EXPECT_EQ(formatDecimal(f, 0x80000000), "-0.0");
  EXPECT_EQ(formatDecimal(f, 0x00000000), "0.0");
  // The exact search gives the same text as the host fast path.
  for (Bits b : {Bits(0x3dcccccd), Bits(0x7f7fffff), Bits(0x00000001), Bits(0x80000000)})
    EXPECT_EQ(detail::formatDecimalBySearch(f, b), formatDecimal(f, b));
}

TEST(PrintDecimal, HandWrittenF64) {
  const FloatFormat &f = f64Format();
  EXPECT_EQ(formatDecimal(f, f64Bits(0.1)), "0.1");
  EXPECT_EQ(formatDecimal(f, f64Bits(1.0)), "1.0");
  EXPECT_EQ(formatDecimal(f, f64Bits(-0.0)), "-0.0");
  EXPECT_EQ(formatDecimal(f, f64Bits(1234567890123456.0)), "1234567890123456.0");
  EXPECT_EQ(formatDecimal(f, f64Bits(1e16)), "1.0e+16");
  EXPECT_EQ(formatDecimal(f, f64Bits(1e100)), "1.0e+100");
  EXPECT_EQ(formatDecimal(f, 1), "5.0e-324");
  EXPECT_EQ(formatDecimal(f, 0x7fefffffffffffffull), "1.7976931348623157e+308");
  EXPECT_EQ(detail::formatDecimalBySearch(f, 0x7fefffffffffffffull),
            "1.7976931348623157e+308");
  EXPECT_EQ(detail::formatDecimalBySearch(f, f64Bits(0.3)), "0.3");
}

TEST(PrintDecimal, HandWrittenSmallAndWideFormats) {
  // 65504 (f16 max): the interval rounding to it is (65488, 65520), so the
  // shortest literal has three digits; APFloat reads "65500.0" as 0x7bff.
  EXPECT_EQ(formatDecimal(f16Format(), 0x7bff), "65500.0");
  EXPECT_TRUE(apfloatReads(f16Format(), "65500.0", 0x7bff));
  EXPECT_TRUE(noShorterDecimal(f16Format(), 0x7bff, "65500.0"));
  EXPECT_EQ(formatDecimal(f16Format(), 0x8000), "-0.0");
  EXPECT_EQ(formatDecimal(f16Format(), 0x3c00), "1.0");
  EXPECT_EQ(formatDecimal(f16Format(), 0x0001), "6.0e-08"); // 2^-24 = 5.96e-8
  EXPECT_EQ(formatDecimal(f16Format(), 0x2e66), "0.1");
  // 2^-6 = 0.015625 at a binade boundary: the nearest 4-digit decimal 0.01562
  // lies below the (narrower) lower half of the interval, its neighbour
  // 0.01563 above rounds back.
  EXPECT_EQ(formatDecimal(f16Format(), 0x2400), "0.01563");
  EXPECT_FALSE(weRead(f16Format(), "0.01562", 0x2400));
  EXPECT_TRUE(apfloatReads(f16Format(), "0.01563", 0x2400));
  EXPECT_EQ(formatDecimal(bf16Format(), 0x3f80), "1.0");
  EXPECT_EQ(formatDecimal(bf16Format(), 0x7f7f), "3.39e+38");
  const FloatFormat &e4m3fn = *findFloatFormat("f8E4M3FN");
  // 448 (max finite): [440, 464] rounds to it (464 is a tie to the even
  // significand 1.110; 480 would be NaN), so two digits suffice.
  EXPECT_EQ(formatDecimal(e4m3fn, 0x7e), "450.0");
  EXPECT_EQ(formatDecimal(e4m3fn, 0xfe), "-450.0");
  // 416 = 1.101b * 2^8: 400 is the tie with 384 and goes to the even 384.
  EXPECT_EQ(formatDecimal(e4m3fn, 0x7d), "420.0");
  EXPECT_TRUE(apfloatReads(e4m3fn, "450.0", 0x7e));
  EXPECT_TRUE(noShorterDecimal(e4m3fn, 0x7e, "450.0"));
  EXPECT_EQ(formatDecimal(e4m3fn, 0x80), "-0.0");
  const FloatFormat &e8m0 = *findFloatFormat("f8E8M0FNU");
  EXPECT_EQ(formatDecimal(e8m0, 127), "1.0");
  EXPECT_EQ(formatDecimal(e8m0, 0), "6.0e-39");   // 2^-127
  EXPECT_EQ(formatDecimal(e8m0, 254), "2.0e+38"); // 2^127 = 1.7e38
  const FloatFormat &e2m1 = *findFloatFormat("f4E2M1FN");
  EXPECT_EQ(formatDecimal(e2m1, 0x7), "6.0"); // saturating: never "1.0e+01"
  EXPECT_EQ(formatDecimal(e2m1, 0x1), "0.5");
  EXPECT_EQ(formatDecimal(*findFloatFormat("f6E3M2FN"), 0x1f), "28.0");
  EXPECT_EQ(formatDecimal(f80Format(), Bits(1)), "4.0e-4951");
  EXPECT_EQ(formatDecimal(f128Format(), Bits(1)), "6.0e-4966");
  EXPECT_EQ(formatDecimal(f128Format(), Bits(0x3fff) << 112), "1.0");
  EXPECT_EQ(formatDecimal(f128Format(), Bits(1) << 127), "-0.0");
  // f128 max = (2 - 2^-112) * 2^16383: 34 digits (at most 36 are needed).
  const Bits f128Max = (Bits(0x7ffe) << 112) | ((Bits(1) << 112) - 1);
  EXPECT_EQ(formatDecimal(f128Format(), f128Max), "1.189731495357231765085759326628007e+4932");
  EXPECT_TRUE(noShorterDecimal(f128Format(), f128Max, formatDecimal(f128Format(), f128Max)));
  EXPECT_TRUE(apfloatReads(f128Format(), formatDecimal(f128Format(), f128Max), f128Max));
  EXPECT_EQ(formatDecimal(tf32Format(), Bits(127) << 10), "1.0");
}

// ---------------------------------------------------------------------------
// parseDecimal. [print.decimal]

std::string exactText(std::string_view s) {
  std::optional<Exact> v = parseDecimal(s);
  if (!v)
    return "nullopt";
  return v->toString();
}

TEST(PrintDecimal, ParseDecimalValues) {
  auto equal = [](std::string_view s, const Exact &expected) {
    std::optional<Exact> v = parseDecimal(s);
    if (!v)
      return ::testing::AssertionFailure() << "'" << s << "' rejected";
    if (exactCompare(*v, expected) != 0 || v->negative != expected.negative)
      return ::testing::AssertionFailure() << "'" << s << "' = " << v->toString()
                                           << ", expected " << expected.toString();
    return ::testing::AssertionSuccess();
  };
  EXPECT_TRUE(equal("1.5", Exact::fromRatio(3, 2)));
  EXPECT_TRUE(equal("-0.25", Exact::fromRatio(-1, 4)));
  EXPECT_TRUE(equal("+100", Exact::fromInteger(100)));
  EXPECT_TRUE(equal("1.", Exact::fromInteger(1)));
  EXPECT_TRUE(equal("1e3", Exact::fromInteger(1000)));
  EXPECT_TRUE(equal("1E+3", Exact::fromInteger(1000)));
  EXPECT_TRUE(equal("2.5e-1", Exact::fromRatio(1, 4)));
  EXPECT_TRUE(equal("0.1", Exact::fromRatio(1, 10)));
  EXPECT_TRUE(equal("00012.3400", Exact::fromRatio(1234, 100)));
  EXPECT_TRUE(equal("-0.0", Exact::zero(true)));
  EXPECT_TRUE(equal("0e999999999999999999999", Exact::zero(false)));
  EXPECT_TRUE(equal("3.4028235e+38",
                    Exact::fromInteger(BigInt("340282350000000000000000000000000000000"))));
  EXPECT_TRUE(equal("1e-5", Exact::fromRatio(1, 100000)));
  EXPECT_TRUE(equal("10e-100001", Exact::fromRatio(
                                      1, boost::multiprecision::pow(BigInt(10), 100000))));
  // -0.0 keeps its sign; +0 does not get one.
  EXPECT_TRUE(parseDecimal("-0.0")->negative);
  EXPECT_FALSE(parseDecimal("0.0")->negative);
  // The numerator is read in decimal even with leading zeros (not octal).
  EXPECT_TRUE(equal("010", Exact::fromInteger(10)));
  EXPECT_TRUE(equal("0.08", Exact::fromRatio(8, 100)));
}

TEST(PrintDecimal, ParseDecimalRejectsBadSyntax) {
  for (std::string_view bad :
       {"", "-", "+", ".", ".5", "-.5", "1e", "1e+", "1.5.2", "1e5e5", "--1", "+-1",
        "1 ", " 1", "inf", "nan", "0x1p3", "1,5", "1.5f", "e5", "1.e", "1e1.5"})
    EXPECT_EQ(exactText(bad), "nullopt") << "'" << bad << "'";
  // Beyond kMaxDecimalExponent (non-zero digits) is refused, not materialised.
  EXPECT_EQ(exactText("1e100001"), "nullopt");
  EXPECT_EQ(exactText("1e-100001"), "nullopt");
  EXPECT_EQ(exactText("1e99999999999999999999999999"), "nullopt");
  EXPECT_NE(exactText("1e100000"), "nullopt");
}

// ---------------------------------------------------------------------------
// Exhaustive over every finite pattern of every format with <= 16 bits.
// [print.decimal]

TEST(PrintDecimal, ExhaustiveSmallFormats) {
  size_t checked = 0;
  for (const FloatFormat *f : allFloatFormats()) {
    if (f->sizeInBits > 16)
      continue;
    const uint64_t count = uint64_t(1) << f->sizeInBits;
    int failures = 0;
    for (uint64_t b = 0; b < count && failures < 5; ++b) {
      if (!isFinitePattern(*f, b))
        continue;
      bool ok = true;
      checkPattern(*f, b, /*checkShortness=*/true, &ok);
      failures += !ok;
      ++checked;
    }
  }
  // f16 and bf16 alone have 2 * (65536 - 2048) finite patterns.
  EXPECT_GT(checked, size_t(2 * (65536 - 2048)));
}

// tf32 (19 bits) is small enough to check exhaustively as well, shortness
// included.
TEST(PrintDecimal, ExhaustiveTf32) {
  const FloatFormat &f = tf32Format();
  for (uint64_t b = 0; b < (uint64_t(1) << 19); ++b) {
    if (!isFinitePattern(f, b))
      continue;
    checkPattern(f, b, /*checkShortness=*/true);
    if (::testing::Test::HasFailure())
      break;
  }
}

// ---------------------------------------------------------------------------
// f32 / f64: random patterns, every binade boundary, and the host fast path
// against the exact search. [print.decimal]

/// Patterns that stress the search: each exponent with fraction 0 (binade
/// boundary, asymmetric interval), 1, all-ones, and one below the boundary.
std::vector<Bits> binadeEdges(const FloatFormat &f) {
  std::vector<Bits> out;
  for (unsigned e = 0; e < f.exponentFieldMax(); ++e)
    for (int sign = 0; sign < 2; ++sign) {
      Bits base = (sign ? f.signMask() : 0) | (Bits(e) << f.fractionBits());
      for (Bits frac : {Bits(0), Bits(1), Bits(2), f.fractionMask(), f.fractionMask() - 1})
        out.push_back(canonical(f, base | frac));
    }
  return out;
}

void checkHostFormat(const FloatFormat &f, uint64_t seed, size_t randomCount,
                     size_t searchEvery) {
  Rng rng(seed);
  auto check = [&](Bits b, bool compareSearch) {
    if (!isFinitePattern(f, b))
      return;
    std::string text = checkPattern(f, b, /*checkShortness=*/false);
    EXPECT_LE(significantDigits(text), hostShortestDigits(f, b)) << text;
    if (compareSearch) {
      EXPECT_EQ(detail::formatDecimalBySearch(f, b), text) << hex(b);
    }
  };
  for (Bits b : binadeEdges(f))
    check(b, true);
  for (size_t i = 0; i < randomCount && !::testing::Test::HasFailure(); ++i) {
    Bits b = rng.bits128() & f.allBitsMask();
    // Every fourth pattern has a short significand (many exact decimals).
    if (i % 4 == 3)
      b &= ~((Bits(1) << (f.fractionBits() - 1 - unsigned(rng.next() % 8))) - 1);
    check(b, i % searchEvery == 0);
  }
}

TEST(PrintDecimal, RandomF32) { checkHostFormat(f32Format(), 0xf32, 1000000, 1); }
TEST(PrintDecimal, RandomF64) { checkHostFormat(f64Format(), 0xf64, 200000, 1); }

// ---------------------------------------------------------------------------
// f80, f128 (up to ~36 digits) and random tf32. [print.decimal]

TEST(PrintDecimal, RandomWideFormats) {
  for (const FloatFormat *f : {&f80Format(), &f128Format(), &tf32Format()}) {
    Rng rng(0x80 + f->sizeInBits);
    std::vector<Bits> patterns = binadeEdges(*f);
    // binadeEdges of f80/f128 is 5 * 2 * 32767 patterns: take a sample.
    const size_t step = patterns.size() > 10000 ? 37 : 1;
    size_t edges = 0;
    for (size_t i = 0; i < patterns.size(); i += step, ++edges)
      checkPattern(*f, patterns[i], /*checkShortness=*/true);
    for (int i = 0; i < 4000 && !::testing::Test::HasFailure(); ++i) {
      Bits b = canonical(*f, rng.bits128());
      if (!isFinitePattern(*f, b))
        continue;
      checkPattern(*f, b, /*checkShortness=*/i % 8 == 0);
    }
    EXPECT_GT(edges, size_t(100));
  }
}

} // namespace
} // namespace qi::numeric
