//===- X87FloatTest.cpp - x87 steps vs the numeric core --------------------===//
//
// Spec: [fast.x87-host], [fast.environment], [format.encoding], [op.arith],
// [op.convert] (spec/performance.md, spec/numeric.md).
//
// The two facts [fast.x87-host] rests on, checked against the numeric core
// (the definition), not against the hardware:
// - f80ToHost gives every 80-bit pattern the numeric core's value: NaN for
//   NaNs, unnormals, pseudo-infinities and pseudo-NaNs; the same value (and
//   sign of zero) for every other pattern, pseudo-denormals included.
// - Under the default x87 control word, x87 / * + - on f80 values are the
//   numeric core's nearest-even f80 operations, and the x87 stores to float
//   and double are its nearest-even conversions, bit for bit (NaN results:
//   NaN-ness only, which is all qcast looks at), on operands aimed at
//   subnormal and overflowing results, exact ties of the subnormal grid and
//   of the conversions, cancellation, and random operands.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/tests/X87DiffInputs.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;
using namespace host;
namespace {

using numeric::decode;
using numeric::Exact;

const FloatFormat &f80() { return fmt("f80"); }

/// Same value and sign (or both NaN) under the numeric core's decoding.
bool sameValue(const FloatFormat &f, Bits a, Bits b) {
  const Exact x = decode(f, a), y = decode(f, b);
  if (x.isNaN() || y.isNaN())
    return x.isNaN() && y.isNaN();
  return x.negative == y.negative && numeric::exactCompare(x, y) == 0;
}

/// A canonical f80 operand: any exponent, or near `exponent` +- spread.
Bits operand(Rng &rng, int exponent, int spread) {
  const bool negative = rng.chance(2);
  if (rng.chance(8)) // short significands make exact and tied results
    return hostToF80(std::ldexp(static_cast<long double>(rng.range(1, 255)),
                                exponent + static_cast<int>(rng.range(-spread, spread))) *
                     (negative ? -1 : 1));
  const int e = 16383 + exponent + static_cast<int>(rng.range(-spread, spread));
  const unsigned field = e < 1 ? 0 : e > 0x7FFE ? 0x7FFE : static_cast<unsigned>(e);
  return f80Pattern(negative, field, rng.next() | (field ? uint64_t(1) << 63 : 0));
}

TEST(X87Float, EveryEncodingClassDecodesAsTheNumericCore) {
  if (!kHostHasX87)
    GTEST_SKIP() << "no x87 long double on this host";
  Rng rng(0x87f1);
  int64_t checked = 0;
  static const unsigned kExponents[] = {0, 1, 2, 0x3FFF, 0x7FFD, 0x7FFE, 0x7FFF};
  static const uint64_t kFractions[] = {0, 1, uint64_t(1) << 62, (uint64_t(1) << 62) | 1,
                                        (uint64_t(1) << 63) - 1};
  for (int negative = 0; negative < 2; ++negative)
    for (unsigned e : kExponents)
      for (uint64_t integerBit : {uint64_t(0), uint64_t(1) << 63})
        for (uint64_t fraction : kFractions) {
          const Bits b = f80Pattern(negative, e, integerBit | fraction);
          EXPECT_TRUE(sameValue(f80(), hostToF80(f80ToHost(b)), b)) << hexBits(b >> 64);
          ++checked;
        }
  for (int i = 0; i < 2000000; ++i) {
    Bits b = (Bits(rng.next() & 0xFFFF) << 64) | rng.next();
    if (rng.chance(2)) // exponent field 0 / all ones more often
      b = f80Pattern(rng.chance(2), rng.chance(2) ? 0 : 0x7FFF, uint64_t(b));
    if (!sameValue(f80(), hostToF80(f80ToHost(b)), b)) {
      ADD_FAILURE() << "pattern " << hexBits(b >> 64) << ":" << hexBits(uint64_t(b));
      break;
    }
    ++checked;
  }
  EXPECT_GE(checked, 2000000);
}

enum class Op { Div, Mul, Add, Sub };

/// `count` operations of kind `op` on operands aimed at each result class.
void checkOperation(Op op, int count) {
  Rng rng(0x87f2 + static_cast<uint64_t>(op));
  int64_t mismatches = 0, subnormals = 0, overflows = 0, ties = 0, subnormalTies = 0;
  std::string first;
  for (int i = 0; i < count; ++i) {
    // Result exponent aimed at: normal, f80's subnormals / underflow, near
    // overflow; operands: same magnitude (cancellation) or far apart.
    static const int kTargets[] = {0, 40, -16382, -16430, -16445, -16447, 16383, 16384};
    const int target = kTargets[rng.below(8)];
    Bits a, b;
    switch (op) {
    case Op::Div: {
      const int eb = static_cast<int>(rng.range(-16000, 16000));
      b = rng.chance(4) ? hostToF80(std::ldexp(1.0L, static_cast<int>(rng.range(-70, 70))))
                        : operand(rng, eb, 2);
      a = operand(rng, std::max(-16440, std::min(16383, target + eb)), 3);
      if (rng.chance(4)) { // a power-of-two scaling into the subnormal grid: ties
        b = hostToF80(std::ldexp(1.0L, static_cast<int>(rng.range(1, 66))));
        if (rng.chance(2))
          a = hostToF80(std::ldexp(static_cast<long double>(rng.range(1, 4095)),
                                   static_cast<int>(rng.range(-16445, -16420))));
      }
      break;
    }
    case Op::Mul: {
      const int ea = static_cast<int>(rng.range(-8000, 8000));
      a = operand(rng, ea, 2);
      b = operand(rng, target - ea, 3);
      break;
    }
    default: {
      const int ea = rng.chance(2) ? target : static_cast<int>(rng.range(-16445, 16383));
      a = operand(rng, ea, 1);
      b = operand(rng, ea - static_cast<int>(rng.range(-2, 70)), 1);
    }
    }
    if (rng.chance(16)) // any operand (specials, huge, tiny)
      a = (Bits(rng.next() & 0xFFFF) << 64) | rng.next();
    const long double x = f80ToHost(a), y = f80ToHost(b);
    long double host;
    numeric::FloatResult want;
    const RoundingMode ne = RoundingMode::NearestEven;
    switch (op) {
    case Op::Div:
      host = x / y;
      want = numeric::floatDiv(f80(), a, b, ne);
      break;
    case Op::Mul:
      host = x * y;
      want = numeric::floatMul(f80(), a, b, ne);
      break;
    case Op::Add:
      host = x + y;
      want = numeric::floatAdd(f80(), a, b, ne);
      break;
    case Op::Sub:
      host = x - y;
      want = numeric::floatSub(f80(), a, b, ne);
      break;
    }
    const Bits got = hostToF80(host);
    const bool same = numeric::isNaN(f80(), want.bits) ? host != host : got == want.bits;
    // Subnormal results, overflow, and ties (nearest-even and nearest-away
    // differ only there).
    subnormals += (want.bits >> 64 & 0x7FFF) == 0 && uint64_t(want.bits) != 0;
    overflows += want.status.overflow();
    if (want.status.inexact()) {
      const numeric::FloatResult away = [&] {
        switch (op) {
        case Op::Div:
          return numeric::floatDiv(f80(), a, b, RoundingMode::NearestAway);
        case Op::Mul:
          return numeric::floatMul(f80(), a, b, RoundingMode::NearestAway);
        case Op::Add:
          return numeric::floatAdd(f80(), a, b, RoundingMode::NearestAway);
        default:
          return numeric::floatSub(f80(), a, b, RoundingMode::NearestAway);
        }
      }();
      ties += away.bits != want.bits;
      subnormalTies += away.bits != want.bits && (want.bits >> 64 & 0x7FFF) == 0;
    }
    if (!same && mismatches++ == 0)
      first = "a " + hexBits(a >> 64) + ":" + hexBits(uint64_t(a)) + " b " + hexBits(b >> 64) +
              ":" + hexBits(uint64_t(b)) + " host " + hexBits(got >> 64) + ":" +
              hexBits(uint64_t(got)) + " core " + hexBits(want.bits >> 64) + ":" +
              hexBits(uint64_t(want.bits));
  }
  EXPECT_EQ(mismatches, 0) << first;
  // The aimed classes were reached.
  std::printf("%d ops: %lld subnormal results, %lld overflows, %lld ties (%lld subnormal)\n",
              count, static_cast<long long>(subnormals), static_cast<long long>(overflows),
              static_cast<long long>(ties), static_cast<long long>(subnormalTies));
  EXPECT_GE(subnormals, count / 20);
  EXPECT_GE(ties, count / 1000); // division: only on the subnormal grid
  EXPECT_GE(overflows, count / 400);
  if (op == Op::Div) { // sums of f80 values below 2^-16382 are exact
    EXPECT_GE(subnormalTies, count / 2000);
  }
}

// [fast.x87-host] each f80 step is the correctly rounded operation.
TEST(X87Float, DivisionEqualsNumericCore) {
  if (kHostHasX87)
    checkOperation(Op::Div, 400000);
}
TEST(X87Float, MultiplicationEqualsNumericCore) {
  if (kHostHasX87)
    checkOperation(Op::Mul, 200000);
}
TEST(X87Float, AdditionEqualsNumericCore) {
  if (kHostHasX87)
    checkOperation(Op::Add, 300000);
}
TEST(X87Float, SubtractionEqualsNumericCore) {
  if (kHostHasX87)
    checkOperation(Op::Sub, 200000);
}

// [fast.x87-host] the conversion of the input into an f32 / f64 step.
TEST(X87Float, StoresToFloatAndDoubleEqualNumericCoreConversion) {
  if (!kHostHasX87)
    GTEST_SKIP() << "no x87 long double on this host";
  Rng rng(0x87f3);
  int64_t mismatches = 0;
  std::string first;
  for (int i = 0; i < 600000; ++i) {
    const Grid g = rng.chance(2) ? Grid::F32 : Grid::F64;
    // Midpoints of the target (ties) +- 1 ULP, its subnormals, underflow to
    // zero, overflow, specials and random patterns (aimed by the generator).
    const Aim aim{std::ldexp(1.0L, static_cast<int>(rng.range(-1100, 1100))), 0, -1000, 1000};
    Bits x;
    switch (rng.below(3)) {
    case 0:
      x = conversionMidpoint(rng, aim.scale * static_cast<long double>(rng.range(1, 1 << 20)),
                             g);
      break;
    case 1:
      x = randomF80Input(rng, aim, g);
      break;
    default:
      x = operand(rng, g == Grid::F32 ? static_cast<int>(rng.range(-155, 130))
                                      : static_cast<int>(rng.range(-1080, 1026)),
                  1);
    }
    const long double v = f80ToHost(x);
    const FloatFormat &to = g == Grid::F32 ? fmt("f32") : fmt("f64");
    const numeric::FloatResult want = numeric::floatConvert(f80(), x, to, RoundingMode::NearestEven);
    const Bits got = g == Grid::F32 ? f32Bits(static_cast<float>(v))
                                    : f64Bits(static_cast<double>(v));
    const bool same = numeric::isNaN(to, want.bits) ? numeric::isNaN(to, got) : got == want.bits;
    if (!same && mismatches++ == 0)
      first = std::string(to.name) + " from " + hexBits(x >> 64) + ":" + hexBits(uint64_t(x)) +
              " host " + hexBits(got) + " core " + hexBits(want.bits);
  }
  EXPECT_EQ(mismatches, 0) << first;
}

} // namespace
} // namespace qi::fast::test
