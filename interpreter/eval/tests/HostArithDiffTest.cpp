//===- HostArithDiffTest.cpp - [fast.host-arith] against the reference kernel ---===//
//
// Spec: [fast.host-arith], [fast.proof] in spec/performance.md. Every arith
// op with a host path runs on tensors of random and edge inputs with the fast
// paths on and off: same bits, same poison. f32 binary ops see 2^22 input
// pairs each (1.7 * 10^7 in all), f32 casts 2^21 inputs per target type;
// 8- and 16-bit integer inputs are exhaustive. Attributes that must keep the
// host path away (fastmath nnan / ninf, a rounding mode, poison operands)
// are exercised too: taking the host path there would change results.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/tests/FastExactPair.h"

#include "interpreter/eval/HostArith.h"
#include "generators/Prng.h"

#include <cstring>

namespace qi::eval {
namespace {

using numeric::Bits;
using testing::FastExactPair;
using testing::tensorOf;

/// Edge patterns of an IEEE format with `e` exponent and `m` fraction bits:
/// zeros, subnormal and normal extremes, ones and halves, infinities, NaNs
/// with payloads (quiet and signaling), both signs.
std::vector<uint64_t> ieeeEdges(unsigned e, unsigned m) {
  const uint64_t sign = uint64_t(1) << (e + m), expAll = ((uint64_t(1) << e) - 1) << m;
  const uint64_t bias = (uint64_t(1) << (e - 1)) - 1;
  std::vector<uint64_t> magnitudes = {
      0, 1, 2, (uint64_t(1) << m) - 1, uint64_t(1) << m, (uint64_t(1) << m) + 1,
      expAll - 1,                                  // largest finite
      expAll - (uint64_t(1) << m),                 // largest finite exponent, fraction 0
      bias << m, (bias << m) + 1, (bias << m) - 1, // 1, 1 + ulp, 1 - ulp/2
      (bias - 1) << m, (bias + 1) << m,            // 0.5, 2
      expAll,                                      // infinity
      expAll | (uint64_t(1) << (m - 1)),           // quiet NaN
      expAll | 1,                                  // signaling NaN
      expAll | (uint64_t(1) << (m - 1)) | 0x5a5,   // quiet NaN with payload
  };
  std::vector<uint64_t> edges;
  for (uint64_t magnitude : magnitudes) {
    edges.push_back(magnitude);
    edges.push_back(magnitude | sign);
  }
  return edges;
}

/// A random pattern of the format: uniform bits, an edge, or a value whose
/// exponent is within `spread` of `near`'s (cancellation, ties, overflow and
/// underflow boundaries when combined with it).
uint64_t drawFloat(generators::SplitMix64 &rng, unsigned e, unsigned m,
                   const std::vector<uint64_t> &edges, uint64_t near, int spread) {
  const unsigned width = e + m + 1;
  const uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  switch (rng.below(4)) {
  case 0: return rng.next() & mask;
  case 1: return edges[rng.below(edges.size())];
  default: {
    const int64_t expMax = (int64_t(1) << e) - 1;
    int64_t exponent = int64_t((near >> m) & uint64_t(expMax)) + rng.range(-spread, spread);
    exponent = std::max<int64_t>(0, std::min<int64_t>(expMax - 1, exponent));
    uint64_t fraction = rng.next() & ((uint64_t(1) << m) - 1);
    if (rng.chance(4)) // few significant bits: exact results and ties
      fraction &= ~((uint64_t(1) << (m - rng.below(m / 2 + 1))) - 1);
    return (rng.next() & (uint64_t(1) << (e + m))) | (uint64_t(exponent) << m) | fraction;
  }
  }
}

struct FloatSpec {
  const char *name;
  ElementType type;
  unsigned e, m;
};
FloatSpec specF32() { return {"f32", testing::f32(), 8, 23}; }
FloatSpec specF64() { return {"f64", testing::f64(), 11, 52}; }

/// `count` operand pairs: every pair of edges first, then random ones.
void floatPairs(const FloatSpec &f, int64_t count, uint64_t seed, std::vector<Bits> &a,
                std::vector<Bits> &b) {
  generators::SplitMix64 rng(seed);
  std::vector<uint64_t> edges = ieeeEdges(f.e, f.m);
  a.clear();
  b.clear();
  for (uint64_t x : edges)
    for (uint64_t y : edges) {
      a.push_back(x);
      b.push_back(y);
    }
  while (int64_t(a.size()) < count) {
    uint64_t x = drawFloat(rng, f.e, f.m, edges, rng.next(), int(f.e) * 4);
    a.push_back(x);
    b.push_back(drawFloat(rng, f.e, f.m, edges, x, int(f.m) + 3));
  }
}

std::string binaryProgram(const std::string &op, const std::string &type,
                          const std::string &attributes = "") {
  const std::string t = "tensor<?x" + type + ">";
  return "func.func @f(%a: " + t + ", %b: " + t + ") -> " + t + " {\n  %0 = arith." + op +
         " %a, %b " + attributes + " : " + t + "\n  return %0 : " + t + "\n}\n";
}

std::string castProgram(const std::string &op, const std::string &from, const std::string &to,
                        const std::string &attributes = "") {
  const std::string tf = "tensor<?x" + from + ">", tt = "tensor<?x" + to + ">";
  return "func.func @f(%a: " + tf + ") -> " + tt + " {\n  %0 = arith." + op + " %a " +
         attributes + " : " + tf + " to " + tt + "\n  return %0 : " + tt + "\n}\n";
}

TEST(HostArithDiff, FloatBinaryOps) {
  for (const FloatSpec &f : {specF32(), specF64()}) {
    const int64_t count = f.e == 8 ? int64_t(1) << 22 : int64_t(1) << 20;
    std::vector<Bits> a, b;
    floatPairs(f, count, 0x41524954 + f.e, a, b);
    const int64_t n = int64_t(a.size());
    RuntimeValue ta = tensorOf(f.type, {n}, a), tb = tensorOf(f.type, {n}, b);
    for (const char *op : {"addf", "subf", "mulf", "divf"}) {
      FastExactPair pair(binaryProgram(op, f.name));
      ASSERT_TRUE(pair.ok());
      EXPECT_TRUE(pair.same("f", {ta, tb})) << op << " " << f.name;
      EXPECT_EQ(pair.fastUse().hostArith, 1) << op << " " << f.name;
    }
  }
}

TEST(HostArithDiff, FloatBinaryOpsKeepOffWhereTheyMustNot) {
  // Each attribute changes results on these inputs (NaN / infinity operands,
  // inexact results): the host path must not be taken.
  std::vector<Bits> a, b;
  floatPairs(specF32(), 1 << 16, 7, a, b);
  const int64_t n = int64_t(a.size());
  RuntimeValue ta = tensorOf(testing::f32(), {n}, a), tb = tensorOf(testing::f32(), {n}, b);
  RuntimeValue poisoned = tensorOf(testing::f32(), {n}, a, {0, 5, n - 1});
  for (const char *attributes : {"fastmath<nnan>", "fastmath<ninf>", "fastmath<fast>"}) {
    FastExactPair pair(binaryProgram("addf", "f32", attributes));
    ASSERT_TRUE(pair.ok()) << attributes;
    EXPECT_TRUE(pair.same("f", {ta, tb})) << attributes;
    EXPECT_EQ(pair.fastUse().hostArith, 0) << attributes;
  }
  // Flags that only allow other results keep the host path (the strict IEEE
  // result is one of those allowed); poison operands do not.
  FastExactPair pair(binaryProgram("addf", "f32", "fastmath<nsz,arcp,contract>"));
  ASSERT_TRUE(pair.ok());
  EXPECT_TRUE(pair.same("f", {ta, tb}));
  EXPECT_EQ(pair.fastUse().hostArith, 1);
  EXPECT_TRUE(pair.same("f", {poisoned, tb}));
  EXPECT_EQ(pair.fastUse().hostArith, 1);
}

/// Integer inputs of `width` bits: every pattern up to 16 bits, else edges
/// (0, ±1, the extremes) and random patterns.
std::vector<Bits> intInputs(unsigned width, uint64_t seed, int64_t randomCount) {
  std::vector<Bits> values;
  const uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  if (width <= 16) {
    for (uint64_t v = 0; v <= mask; ++v)
      values.push_back(v);
    return values;
  }
  for (uint64_t v : {uint64_t(0), uint64_t(1), mask, mask >> 1, (mask >> 1) + 1, mask - 1})
    values.push_back(v & mask);
  generators::SplitMix64 rng(seed);
  for (int64_t i = 0; i < randomCount; ++i)
    values.push_back((rng.next() >> rng.below(width)) & mask); // all magnitudes
  return values;
}

TEST(HostArithDiff, IntToFloat) {
  for (unsigned width : {1u, 4u, 8u, 16u, 24u, 32u, 53u, 63u, 64u})
    for (const FloatSpec &f : {specF32(), specF64()})
      for (const char *op : {"sitofp", "uitofp"}) {
        std::vector<Bits> in = intInputs(width, width * 31 + f.e, 1 << 18);
        const std::string from = "i" + std::to_string(width);
        FastExactPair pair(castProgram(op, from, f.name));
        ASSERT_TRUE(pair.ok());
        EXPECT_TRUE(pair.same("f", {tensorOf(testing::iN(width), {int64_t(in.size())}, in)}))
            << op << " " << from << " to " << f.name;
        // Unsigned i64 stays exact (no uint64 host conversion is claimed).
        const bool claimed = !(width == 64 && std::string(op) == "uitofp");
        EXPECT_EQ(pair.fastUse().hostArith, claimed ? 1 : 0) << op << " " << from;
      }
}

/// Float inputs around the integer range of `width` bits: ±2^(w-1), ±2^w and
/// their neighbours, halves, and random values of every magnitude up to 2^(w+2).
std::vector<Bits> floatToIntInputs(const FloatSpec &f, unsigned width, uint64_t seed,
                                   int64_t count) {
  std::vector<uint64_t> edges = ieeeEdges(f.e, f.m);
  const uint64_t bias = (uint64_t(1) << (f.e - 1)) - 1;
  for (unsigned k : {width - 1, width, width + 1})
    for (int64_t delta : {-2, -1, 0, 1, 2})
      for (uint64_t sign : {uint64_t(0), uint64_t(1) << (f.e + f.m)})
        edges.push_back(sign | (((bias + k) << f.m) + uint64_t(delta)));
  generators::SplitMix64 rng(seed);
  std::vector<Bits> values(edges.begin(), edges.end());
  // Exponents from 2^-2 to 2^(w+2): fractions, integers, out of range.
  const uint64_t near = (bias + width / 2) << f.m;
  while (int64_t(values.size()) < count)
    values.push_back(drawFloat(rng, f.e, f.m, edges, near, int(width / 2) + 3));
  return values;
}

TEST(HostArithDiff, FloatToInt) {
  for (const FloatSpec &f : {specF32(), specF64()})
    for (unsigned width : {1u, 8u, 16u, 32u, 64u})
      for (const char *op : {"fptosi", "fptoui"}) {
        const int64_t count = f.e == 8 ? int64_t(1) << 21 : int64_t(1) << 18;
        std::vector<Bits> in = floatToIntInputs(f, width, width * 7 + f.e, count);
        const std::string to = "i" + std::to_string(width);
        FastExactPair pair(castProgram(op, f.name, to));
        ASSERT_TRUE(pair.ok());
        EXPECT_TRUE(pair.same("f", {tensorOf(f.type, {int64_t(in.size())}, in)}))
            << op << " " << f.name << " to " << to;
        EXPECT_EQ(pair.fastUse().hostArith, 1) << op << " " << f.name << " to " << to;
      }
}

TEST(HostArithDiff, FloatConvert) {
  std::vector<Bits> a, b;
  floatPairs(specF32(), 1 << 21, 11, a, b);
  RuntimeValue f32s = tensorOf(testing::f32(), {int64_t(a.size())}, a);
  floatPairs(specF64(), 1 << 21, 12, a, b);
  RuntimeValue f64s = tensorOf(testing::f64(), {int64_t(a.size())}, a);
  for (const char *attributes : {"", "fastmath<nnan>"}) {
    FastExactPair ext(castProgram("extf", "f32", "f64", attributes));
    ASSERT_TRUE(ext.ok());
    EXPECT_TRUE(ext.same("f", {f32s})) << "extf " << attributes;
    FastExactPair trunc(castProgram("truncf", "f64", "f32", attributes));
    ASSERT_TRUE(trunc.ok());
    EXPECT_TRUE(trunc.same("f", {f64s})) << "truncf " << attributes;
    const int64_t taken = *attributes ? 0 : 1;
    EXPECT_EQ(ext.fastUse().hostArith, taken) << attributes;
    EXPECT_EQ(trunc.fastUse().hostArith, taken) << attributes;
  }
  for (const char *mode : {"downward", "upward", "toward_zero", "to_nearest_away"}) {
    FastExactPair trunc(castProgram("truncf", "f64", "f32", mode));
    ASSERT_TRUE(trunc.ok()) << mode;
    EXPECT_TRUE(trunc.same("f", {f64s})) << "truncf " << mode;
    EXPECT_EQ(trunc.fastUse().hostArith, 0) << mode;
  }
}

TEST(HostArithDiff, IntMinMax) {
  for (unsigned width : {1u, 4u, 8u, 13u, 32u, 64u}) {
    // Up to 8 bits: every pair; wider: edges and random pairs.
    std::vector<Bits> a, b;
    std::vector<Bits> values = intInputs(width, width, 1 << 10);
    if (width > 8)
      values.resize(std::min<size_t>(values.size(), 1500));
    for (Bits x : values)
      for (Bits y : values) {
        a.push_back(x);
        b.push_back(y);
      }
    const int64_t n = int64_t(a.size());
    const std::string type = "i" + std::to_string(width);
    RuntimeValue ta = tensorOf(testing::iN(width), {n}, a), tb = tensorOf(testing::iN(width), {n}, b);
    RuntimeValue poisoned = tensorOf(testing::iN(width), {n}, a, {1, n / 2});
    for (const char *op : {"maxsi", "minsi", "maxui", "minui"}) {
      FastExactPair pair(binaryProgram(op, type));
      ASSERT_TRUE(pair.ok());
      EXPECT_TRUE(pair.same("f", {ta, tb})) << op << " " << type;
      EXPECT_TRUE(pair.same("f", {poisoned, tb})) << op << " " << type << " with poison";
      EXPECT_EQ(pair.fastUse().hostArith, 1) << op << " " << type; // not with poison
    }
  }
}

// The paths above are really taken (a differential test of a path that is
// never used proves nothing), and refused where their conditions fail.
TEST(HostArithDiff, HostPathsAreTakenExactlyWhereClaimed) {
  using numeric::RoundingMode;
  auto exact2 = [](Bits, Bits) { return Bits(0); };
  auto exact1 = [](Bits) { return Bits(0); };
  RuntimeValue x = tensorOf(testing::f32(), {4}, {0x3f800000, 0x40000000, 0, 0x80000000});
  RuntimeValue d = tensorOf(testing::f64(), {2}, {0x3ff0000000000000, 0});
  RuntimeValue h = tensorOf(testing::f16(), {1}, {0x3c00});
  RuntimeValue i = tensorOf(testing::iN(8), {4}, {1, 2, 3, 0xff});
  RuntimeValue poisoned = tensorOf(testing::f32(), {4}, {0, 0, 0, 0}, {2});
  RuntimeValue scalar = RuntimeValue::scalar(testing::f32());
  const auto add = hostarith::FloatBinary::Add;
  EXPECT_TRUE(hostarith::floatBinary(add, x, x, RoundingMode::NearestEven, true, exact2));
  EXPECT_TRUE(hostarith::floatBinary(add, d, d, RoundingMode::NearestEven, true, exact2));
  EXPECT_FALSE(hostarith::floatBinary(add, x, x, RoundingMode::TowardZero, true, exact2));
  EXPECT_FALSE(hostarith::floatBinary(add, x, x, RoundingMode::NearestEven, false, exact2));
  EXPECT_FALSE(hostarith::floatBinary(add, h, h, RoundingMode::NearestEven, true, exact2));
  EXPECT_FALSE(hostarith::floatBinary(add, poisoned, x, RoundingMode::NearestEven, true, exact2));
  EXPECT_FALSE(hostarith::floatBinary(add, scalar, scalar, RoundingMode::NearestEven, true, exact2));
  EXPECT_TRUE(hostarith::intToFloat(true, i, 8, testing::f32(), RoundingMode::NearestEven));
  EXPECT_FALSE(hostarith::intToFloat(true, i, 8, testing::f16(), RoundingMode::NearestEven));
  EXPECT_FALSE(hostarith::intToFloat(true, i, 8, testing::f32(), RoundingMode::TowardNegative));
  EXPECT_FALSE(hostarith::intToFloat(false, i, 64, testing::f32(), RoundingMode::NearestEven));
  EXPECT_TRUE(hostarith::floatToInt(true, x, 8, testing::iN(8)));
  EXPECT_FALSE(hostarith::floatToInt(true, h, 8, testing::iN(8)));
  EXPECT_FALSE(hostarith::floatToInt(true, poisoned, 8, testing::iN(8)));
  EXPECT_TRUE(hostarith::floatConvert(x, testing::f64(), RoundingMode::NearestEven, true, exact1));
  EXPECT_FALSE(hostarith::floatConvert(x, testing::f16(), RoundingMode::NearestEven, true, exact1));
  EXPECT_FALSE(hostarith::floatConvert(d, testing::f32(), RoundingMode::TowardPositive, true, exact1));
  EXPECT_TRUE(hostarith::intMinMax(hostarith::IntMinMax::MaxS, i, i, 8));
  EXPECT_FALSE(hostarith::intMinMax(hostarith::IntMinMax::MaxS, x, i, 8));
}

} // namespace
} // namespace qi::eval
