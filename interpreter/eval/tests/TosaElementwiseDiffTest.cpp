//===- TosaElementwiseDiffTest.cpp - TOSA elementwise / data movement vs an oracle ===//
//
// Spec: [tosa.add], [tosa.sub], [tosa.mul], [tosa.clamp], [tosa.negate],
// [tosa.reshape], [tosa.transpose], [tosa.pad], [tosa.concat], [tosa.slice]
// and [tosa-ew.*]. Random cases of every operator, the kernels of
// TosaElementwise.h / TosaDataMovement.h called directly, against
// TosaElementwiseOracle (written from the chapter's text): 10^4 cases per
// operator in the quick tier, 10^5 in the full tier (`-L full`). Shapes of
// rank 0-4 with size-1 and empty dimensions; broadcasts that are and are
// not compatible; declared results static, dynamic, unranked and wrong;
// types of every row and some that no row has; values at the types'
// extremes (so that REQUIREs fail), float specials; zero points, shifts
// and attributes in and out of range; poison elements and operands. Each
// case must give the oracle's bits and poison, or fail with the oracle's
// condition (and element). Each operator's sweep must reach values, poison
// and every failure class it lists, or it fails.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaDataMovement.h"
#include "interpreter/eval/TosaElementwise.h"
#include "interpreter/eval/tests/TosaElementwiseOracle.h"

#include "generators/Prng.h"
#include "interpreter/fast/tests/SweepTier.h"
#include "interpreter/numeric/FloatFormat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <optional>
#include <map>
#include <limits>
#include <string>
#include <vector>

namespace qi::eval {
namespace {

using generators::SplitMix64;
namespace tk = tosakernel;

//===-- Conversions -------------------------------------------------------===//

ElementType elementType(const std::string &type) {
  if (ewo::isFloatType(type))
    return ElementType::makeFloat(*numeric::findFloatFormat(type));
  return ElementType::makeInteger(ewo::widthOf(type));
}

RuntimeValue toValue(const ewo::Tensor &t) {
  RuntimeValue v = RuntimeValue::tensor(elementType(t.type), t.shape);
  for (size_t i = 0; i < t.bits.size(); ++i) {
    v.set(int64_t(i), t.bits[i]);
    if (t.poison[i])
      v.setPoison(int64_t(i));
  }
  return v;
}

tk::DeclaredShape toDeclared(const ewo::Declared &d) {
  return d.ranked ? tk::DeclaredShape::of(d.dims) : tk::DeclaredShape::unranked();
}

//===-- Random cases ------------------------------------------------------===//

/// A value of `type`: integers at the extremes or small or uniform, floats
/// special or small or any pattern.
uint64_t randomBits(SplitMix64 &prng, const std::string &type) {
  const unsigned w = ewo::widthOf(type);
  const uint64_t mask = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
  if (type == "f8E4M3FN" || type == "f8E5M2")
    return prng.next() & mask;
  if (ewo::isFloatType(type)) {
    static const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 65504.0, 3e38};
    switch (prng.below(4)) {
    case 0: return ewo::fromDouble(type, specials[prng.below(9)]);
    case 1: return ewo::fromDouble(type, double(prng.range(-64, 64)) / double(1 << prng.below(6)));
    default: return prng.next() & mask; // NaN payloads, subnormals, anything
    }
  }
  // i64 (a row the tables lack) has w = 64: its bounds without shifting into
  // the sign bit (UBSan in .ci/sanitize).
  const int64_t lo = w == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t(1) << (w - 1));
  const int64_t hi = w == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (w - 1)) - 1;
  int64_t v;
  switch (prng.below(4)) {
  case 0: v = prng.chance(2) ? lo + int64_t(prng.below(3)) : hi - int64_t(prng.below(3)); break;
  case 1: v = prng.range(-4, 4); break;
  case 2: v = prng.range(-70000, 70000); break; // products past 2^32
  default: v = int64_t(prng.next()); break;
  }
  return uint64_t(v) & mask;
}

ewo::Tensor randomTensor(SplitMix64 &prng, const std::string &type, const std::vector<int64_t> &shape,
                         bool poison) {
  ewo::Tensor t{type, shape, {}, {}};
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  // Sometimes all elements at one extreme, so that long runs of REQUIREs hold or fail.
  const bool uniform = prng.chance(6);
  const uint64_t one = randomBits(prng, type);
  for (int64_t i = 0; i < n; ++i) {
    t.bits.push_back(uniform ? one : randomBits(prng, type));
    t.poison.push_back(poison && prng.chance(4));
  }
  return t;
}

std::vector<int64_t> randomShape(SplitMix64 &prng, size_t rank) {
  std::vector<int64_t> shape(rank);
  for (int64_t &d : shape)
    d = prng.chance(20) ? 0 : prng.range(1, 4);
  return shape;
}

/// The declared type of a result of runtime shape `shape`: unranked,
/// dynamic, static, partly static, or (1 in 12) wrong in rank or a size.
ewo::Declared randomDeclared(SplitMix64 &prng, const std::vector<int64_t> &shape) {
  ewo::Declared d;
  switch (prng.below(12)) {
  case 0: return d; // unranked
  case 1:
    d.ranked = true;
    d.dims = shape;
    if (prng.chance(2) || shape.empty())
      d.dims.push_back(1);
    else
      d.dims[prng.below(shape.size())] += 1 + int64_t(prng.below(2));
    return d;
  default:
    d.ranked = true;
    for (int64_t s : shape)
      d.dims.push_back(prng.chance(3) ? -1 : s);
    return d;
  }
}

/// One of `from`, uniformly.
std::string pick(SplitMix64 &prng, const std::vector<std::string> &from) {
  return from[prng.below(from.size())];
}

/// A signless integer pattern of `type` read signed.
int64_t signedValue(const std::string &type, uint64_t bits) {
  const unsigned shift = 64 - ewo::widthOf(type);
  return int64_t(bits << shift) >> shift;
}

//===-- The comparison ----------------------------------------------------===//

/// Outcome counts of one operator's sweep: "value", "poison", each condition.
using Tally = std::map<std::string, int64_t>;

void compare(const char *op, int64_t caseNo, const ewo::Result &expected,
             const std::function<RuntimeValue()> &kernel, Tally &tally) {
  SCOPED_TRACE(std::string(op) + " case " + std::to_string(caseNo));
  std::optional<RuntimeValue> actual;
  std::string message;
  try {
    actual = kernel();
  } catch (const tk::KernelError &e) {
    message = e.message;
  }
  if (!expected.ok) {
    ASSERT_FALSE(actual) << "expected failure: " << expected.condition << " " << expected.element;
    EXPECT_NE(message.find(expected.condition), std::string::npos)
        << "message: " << message << "\nexpected condition: " << expected.condition;
    if (!expected.element.empty()) {
      EXPECT_EQ(message.rfind("element " + expected.element + ": ", 0), 0u)
          << "message: " << message << "\nexpected element: " << expected.element;
    }
    // One tally entry per condition, whatever the values it quotes.
    ++tally[expected.condition.substr(0, expected.condition.find(" does not hold"))];
    return;
  }
  ASSERT_TRUE(actual) << "unexpected failure: " << message;
  const ewo::Tensor &e = expected.value;
  ASSERT_EQ(actual->shape(), e.shape);
  ASSERT_EQ(actual->elementType().toString(), e.type);
  bool anyPoison = false;
  for (size_t i = 0; i < e.bits.size(); ++i) {
    ASSERT_EQ(actual->isPoison(int64_t(i)), bool(e.poison[i])) << "element " << i;
    anyPoison = anyPoison || e.poison[i];
    if (!e.poison[i]) {
      ASSERT_EQ(uint64_t(actual->get(int64_t(i))), e.bits[i]) << "element " << i;
    }
  }
  ++tally[anyPoison ? "poison" : "value"];
}

/// Every listed outcome must have been reached.
void requireReached(const char *op, const Tally &tally, const std::vector<std::string> &outcomes) {
  for (const std::string &outcome : outcomes) {
    bool reached = false;
    for (const auto &[key, n] : tally)
      reached = reached || key.find(outcome) != std::string::npos;
    EXPECT_TRUE(reached) << op << " never reached: " << outcome;
  }
  if (std::getenv("QI_TALLY"))
    for (const auto &[key, n] : tally)
      std::printf("%s %8lld  %s\n", op, static_cast<long long>(n), key.c_str());
}

int64_t casesPerOperator() { return fast::test::fullSweeps() ? 100000 : 10000; }

const char *kTypeError = "operator data types";

//===-- Elementwise -------------------------------------------------------===//

/// Two broadcast-compatible shapes most of the time; sometimes ranks or a size that differ.
void broadcastShapes(SplitMix64 &prng, std::vector<int64_t> &s1, std::vector<int64_t> &s2,
                     std::vector<int64_t> &out) {
  const size_t rank = prng.below(5);
  out = randomShape(prng, rank);
  s1 = out;
  s2 = out;
  for (size_t d = 0; d < rank; ++d) {
    if (prng.chance(3))
      s1[d] = 1;
    else if (prng.chance(3))
      s2[d] = 1;
  }
  if (prng.chance(15) && rank > 0)
    s2[prng.below(rank)] += 2; // not 1, not equal
  if (prng.chance(25))
    s2.push_back(1); // ranks differ
  // The broadcast shape the oracle will find (for the declared type).
  out.assign(s1.size(), 0);
  for (size_t d = 0; d < s1.size() && d < s2.size(); ++d)
    out[d] = s1[d] == 1 ? s2[d] : s1[d];
}

TEST(Kernels, AddSub) {
  SplitMix64 prng(0xADD5);
  Tally tally;
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const std::string type = pick(prng, {"i32", "i32", "f32", "f16", "bf16", "i8", "i16"});
    std::vector<int64_t> s1, s2, out;
    broadcastShapes(prng, s1, s2, out);
    const bool poison = prng.chance(6), subtract = prng.chance(2);
    const ewo::Tensor a = randomTensor(prng, type, s1, poison), b = randomTensor(prng, type, s2, poison);
    const ewo::Declared declared = randomDeclared(prng, out);
    const ElementType et = elementType(type);
    compare(subtract ? "SUB" : "ADD", c, ewo::addSub(type, a, b, declared, subtract), [&] {
      return subtract ? tk::sub(et, toValue(a), toValue(b), toDeclared(declared))
                      : tk::add(et, toValue(a), toValue(b), toDeclared(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  requireReached("ADD/SUB", tally,
                 {"value", "poison", kTypeError, "rank(shape1) != rank(shape2)", "shape2[i] != 1",
                  "shape != broadcast_shape", "apply_add_s<int32_t>", "apply_sub_s<int32_t>"});
}

TEST(Kernels, Mul) {
  SplitMix64 prng(0x3A1);
  Tally tally;
  static const std::vector<std::pair<std::string, std::string>> rows{
      {"i8", "i32"},   {"i16", "i32"},   {"i32", "i32"}, {"i32", "i32"}, {"i32", "i32"},
      {"f16", "f16"},  {"bf16", "bf16"}, {"f32", "f32"}, {"i8", "i8"},   {"i16", "i16"}};
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const auto &[in, out] = rows[prng.below(rows.size())];
    std::vector<int64_t> s1, s2, shape;
    broadcastShapes(prng, s1, s2, shape);
    const bool poison = prng.chance(6);
    const ewo::Tensor a = randomTensor(prng, in, s1, poison), b = randomTensor(prng, in, s2, poison);
    // shift: 0 mostly for non-i32, any of 0..63 for i32, sometimes out of
    // range, two elements or poison.
    ewo::Tensor shift{"i8", {1}, {0}, {false}};
    if (in == "i32" || prng.chance(20))
      shift.bits[0] = uint64_t(prng.chance(30) ? prng.range(-128, 127) : prng.range(0, 63)) & 0xFF;
    if (prng.chance(60)) {
      shift.shape = {2};
      shift.bits.push_back(0);
      shift.poison.push_back(false);
    } else if (prng.chance(60)) {
      shift.poison[0] = true;
    }
    const ewo::Declared declared = randomDeclared(prng, shape);
    compare("MUL", c, ewo::mul(in, out, a, b, shift, declared), [&] {
      return tk::mul(elementType(in), elementType(out), toValue(a), toValue(b), toValue(shift),
                     toDeclared(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  std::vector<std::string> outcomes{
      "value", "poison", kTypeError, "shift has 2 elements", "shift is poison",
      "0 <= shift && shift <= 63", "is_same<in_t,int32_t>() || shift == 0",
      "rank(shape1) != rank(shape2)", "shape2[i] != 1", "shape != broadcast_shape",
      "product >= minimum_s<i32_t>()"};
  // Only -2^31 x -2^31 at shift 63 overflows product + round: too rare for
  // 10^4 cases (MulInt64Overflow reaches it directly).
  if (fast::test::fullSweeps())
    outcomes.push_back("product + round <= maximum_s<int64_t>()");
  requireReached("MUL", tally, outcomes);
}

/// [tosa.mul] 3: every pair of i32 values near the ends and zero at every
/// shift 1-63, each against the oracle; exactly one (value1, value2, shift)
/// overflows int64_t in product + round, and it is an error naming the element.
TEST(Kernels, MulInt64Overflow) {
  const int64_t lo = INT32_MIN, hi = INT32_MAX;
  const std::vector<int64_t> values{lo, lo + 1, lo + 2, -65536, -1, 0, 1, 65536, hi - 1, hi};
  const ewo::Declared declared{true, {2}};
  Tally tally;
  int64_t c = 0, overflows = 0;
  for (int64_t shift = 1; shift <= 63; ++shift)
    for (int64_t x : values)
      for (int64_t y : values) {
        // Element [0] is 1 x 1, so a failure must name element [1].
        const ewo::Tensor a{"i32", {2}, {1, uint64_t(x) & 0xFFFFFFFF}, {false, false}};
        const ewo::Tensor b{"i32", {2}, {1, uint64_t(y) & 0xFFFFFFFF}, {false, false}};
        const ewo::Tensor s{"i8", {1}, {uint64_t(shift)}, {false}};
        const ewo::Result expected = ewo::mul("i32", "i32", a, b, s, declared);
        if (!expected.ok && expected.condition.find("product + round") != std::string::npos) {
          ++overflows;
          EXPECT_TRUE(x == lo && y == lo && shift == 63) << x << " " << y << " " << shift;
          EXPECT_EQ(expected.element, "[1]");
        }
        compare("MUL", c++, expected, [&] {
          return tk::mul(elementType("i32"), elementType("i32"), toValue(a), toValue(b),
                         toValue(s), toDeclared(declared));
        }, tally);
        if (HasFatalFailure())
          return;
      }
  EXPECT_EQ(overflows, 1);
  requireReached("MUL", tally,
                 {"value", "product >= minimum_s<i32_t>()",
                  "product + round <= maximum_s<int64_t>()"});
}

TEST(Kernels, Clamp) {
  SplitMix64 prng(0xC1A);
  Tally tally;
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const std::string type = pick(prng, {"i8", "i16", "f16", "bf16", "f32", "i32"});
    const std::vector<int64_t> shape = randomShape(prng, prng.below(4));
    const ewo::Tensor x = randomTensor(prng, type, shape, prng.chance(6));
    uint64_t lo = randomBits(prng, type), hi = randomBits(prng, type);
    // Mostly lo <= hi (swap when the oracle's order says otherwise).
    if (!prng.chance(15)) {
      const bool isFloat = ewo::isFloatType(type);
      const double dl = isFloat ? ewo::toDouble(type, lo) : double(signedValue(type, lo));
      const double dh = isFloat ? ewo::toDouble(type, hi) : double(signedValue(type, hi));
      if (dh < dl)
        std::swap(lo, hi);
    }
    // Equal bounds, and the zeros in both orders: which of equal values stays.
    if (prng.chance(10))
      hi = lo;
    if (ewo::isFloatType(type) && prng.chance(10)) {
      lo = ewo::fromDouble(type, prng.chance(2) ? -0.0 : 0.0);
      hi = ewo::fromDouble(type, prng.chance(2) ? -0.0 : 0.0);
    }
    const bool ignore = prng.chance(2);
    const ewo::Declared declared = randomDeclared(prng, shape);
    tk::ClampAttributes attributes{lo, hi, ignore ? tk::NanMode::Ignore : tk::NanMode::Propagate};
    compare("CLAMP", c, ewo::clamp(type, x, lo, hi, ignore, declared), [&] {
      return tk::clamp(elementType(type), toValue(x), attributes, toDeclared(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  requireReached("CLAMP", tally,
                 {"value", "poison", kTypeError, "max_val < min_val", "is_a_NaN(min_val)",
                  "shape(output) != shape(input)"});
}

TEST(Kernels, Negate) {
  SplitMix64 prng(0x4E6);
  Tally tally;
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const std::string type = pick(prng, {"i8", "i8", "i16", "i32", "i32", "f16", "bf16", "f32", "i1"});
    const std::vector<int64_t> shape = randomShape(prng, prng.below(4));
    const ewo::Tensor x = randomTensor(prng, type, shape, prng.chance(6));
    // Zero points: any value for i8, else mostly 0 (or -0.0).
    auto zeroPoint = [&] {
      ewo::Tensor zp{type, {1}, {type == "i8" || prng.chance(20) ? randomBits(prng, type) : 0}, {false}};
      if (ewo::isFloatType(type) && prng.chance(4))
        zp.bits[0] = ewo::fromDouble(type, -0.0);
      if (prng.chance(80))
        zp.poison[0] = true;
      else if (prng.chance(80))
        zp = ewo::Tensor{type, {2}, {0, 0}, {false, false}};
      return zp;
    };
    const ewo::Tensor inZp = zeroPoint(), outZp = zeroPoint();
    const ewo::Declared declared = randomDeclared(prng, shape);
    compare("NEGATE", c, ewo::negate(type, x, inZp, outZp, declared), [&] {
      return tk::negate(elementType(type), toValue(x), toValue(inZp), toValue(outZp),
                        toDeclared(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  requireReached("NEGATE", tally,
                 {"value", "poison", kTypeError, "input1_zp is poison", "output_zp has 2",
                  "input1_zp != 0", "output_zp != 0", "shape(output) != shape(input1)",
                  "apply_sub_s<int32_t>"});
}

//===-- Data movement -----------------------------------------------------===//

const std::vector<std::string> kMoveTypes{"i1", "i8", "i16", "i32", "f8E4M3FN", "f8E5M2",
                                          "f16", "bf16", "f32", "i64"};

tk::DeclaredShape declaredOf(const ewo::Declared &d) { return toDeclared(d); }

TEST(Kernels, Reshape) {
  SplitMix64 prng(0x5E5);
  Tally tally;
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const std::string type = pick(prng, kMoveTypes);
    const std::vector<int64_t> shape1 = randomShape(prng, prng.below(5));
    const ewo::Tensor x = randomTensor(prng, type, shape1, prng.chance(4));
    // The new shape: the same elements regrouped (a factorization of the
    // count), or any shape; one -1, or a bad value, sometimes.
    int64_t n = 1;
    for (int64_t d : shape1)
      n *= d;
    std::vector<int64_t> shape;
    if (prng.chance(5)) {
      shape = randomShape(prng, prng.below(4));
    } else {
      int64_t rest = n;
      while (rest > 1 || (shape.size() < 2 && prng.chance(2))) {
        int64_t f = rest == 0 ? 0 : 1;
        for (int64_t k = 2; k <= rest; ++k)
          if (rest % k == 0 && prng.chance(2)) {
            f = k;
            break;
          }
        if (rest > 1 && f == 1)
          f = rest;
        shape.push_back(f);
        rest = f <= 1 ? (f == 0 ? 1 : rest) : rest / f;
        if (shape.size() > 5)
          break;
      }
      if (n == 0 && shape.empty())
        shape.push_back(0);
    }
    if (!shape.empty() && prng.chance(4))
      shape[prng.below(shape.size())] = prng.chance(8) ? -2 : -1;
    if (shape.size() > 1 && prng.chance(20))
      shape[0] = shape[1] = -1;
    std::vector<int64_t> resolved = shape;
    for (int64_t &d : resolved)
      d = d < 0 ? 1 : d;
    const ewo::Declared declared = randomDeclared(prng, resolved);
    compare("RESHAPE", c, ewo::reshape(type, x, shape, declared), [&] {
      return tk::reshape(elementType(type), toValue(x), tk::shapeValue(shape), declaredOf(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  requireReached("RESHAPE", tally,
                 {"value", "poison", kTypeError, "is not a shape", "cannot infer the -1",
                  "tensor_size(shape1) != tensor_size(shape)", "shape(output) != shape"});
}

TEST(Kernels, Transpose) {
  SplitMix64 prng(0x76A);
  Tally tally;
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const std::string type = pick(prng, kMoveTypes);
    const std::vector<int64_t> shape1 = randomShape(prng, prng.below(5));
    const ewo::Tensor x = randomTensor(prng, type, shape1, prng.chance(4));
    std::vector<int64_t> perms(shape1.size());
    for (size_t i = 0; i < perms.size(); ++i)
      perms[i] = int64_t(i);
    for (size_t i = perms.size(); i > 1; --i)
      std::swap(perms[i - 1], perms[prng.below(i)]);
    if (!perms.empty() && prng.chance(10))
      perms[prng.below(perms.size())] = prng.range(-2, int64_t(perms.size()) + 1);
    if (prng.chance(30))
      perms.push_back(int64_t(perms.size()));
    std::vector<int64_t> shape;
    for (int64_t p : perms)
      shape.push_back(p >= 0 && p < int64_t(shape1.size()) ? shape1[size_t(p)] : 1);
    const ewo::Declared declared = randomDeclared(prng, shape);
    compare("TRANSPOSE", c, ewo::transpose(type, x, perms, declared), [&] {
      return tk::transpose(elementType(type), toValue(x), perms, declaredOf(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  requireReached("TRANSPOSE", tally,
                 {"value", "poison", kTypeError, "rank(input1) < 1", "length(perms)",
                  "rank(shape1) != rank(shape)", "tensor_size(shape1) != tensor_size(shape)",
                  "index >= rank(shape1)", "index < 0", "indexes_used", "shape1[perms[i]] != shape[i]"});
}

TEST(Kernels, Pad) {
  SplitMix64 prng(0xBAD);
  Tally tally;
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const std::string type = pick(prng, kMoveTypes);
    const std::vector<int64_t> shape1 = randomShape(prng, prng.below(4) + (prng.chance(20) ? 0 : 1));
    const ewo::Tensor x = randomTensor(prng, type, shape1, prng.chance(4));
    std::vector<int64_t> padding(2 * shape1.size() + (prng.chance(30) ? 1 : 0));
    for (int64_t &p : padding)
      p = prng.chance(25) ? -1 : prng.range(0, 2);
    ewo::Tensor padConst = randomTensor(prng, type, {prng.chance(40) ? 2 : 1}, prng.chance(5));
    std::vector<int64_t> shape(shape1.size());
    for (size_t i = 0; i < shape.size(); ++i)
      shape[i] = shape1[i] + std::max<int64_t>(0, padding[2 * i]) + std::max<int64_t>(0, padding[2 * i + 1]);
    const ewo::Declared declared = randomDeclared(prng, shape);
    compare("PAD", c, ewo::pad(type, x, padding, padConst, declared), [&] {
      return tk::pad(elementType(type), toValue(x), tk::shapeValue(padding), toValue(padConst),
                     declaredOf(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  requireReached("PAD", tally,
                 {"value", "poison", kTypeError, "rank(input1) < 1", "length(padding)",
                  "pad_const has 2", "rank(shape) != rank(shape1)", "padding[i * 2] < 0",
                  "shape[i] != padding[i * 2]"});
}

TEST(Kernels, Concat) {
  SplitMix64 prng(0xCA7);
  Tally tally;
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const std::string type = pick(prng, kMoveTypes);
    const std::vector<int64_t> base = randomShape(prng, prng.below(4) + (prng.chance(30) ? 0 : 1));
    int64_t axis = base.empty() ? 0 : int64_t(prng.below(base.size()));
    if (prng.chance(20))
      axis = prng.range(-1, int64_t(base.size()) + 1);
    std::vector<ewo::Tensor> inputs;
    std::vector<int64_t> shape = base;
    const size_t count = prng.chance(40) ? 0 : 1 + prng.below(3);
    for (size_t t = 0; t < count; ++t) {
      std::vector<int64_t> s = base;
      if (axis >= 0 && axis < int64_t(s.size()))
        s[size_t(axis)] = prng.range(0, 3);
      if (t > 0 && prng.chance(20) && !s.empty())
        s[prng.below(s.size())] += 1; // a non-axis size that differs, or the axis
      if (t > 0 && prng.chance(40))
        s.push_back(1);
      inputs.push_back(randomTensor(prng, type, s, prng.chance(4)));
    }
    if (axis >= 0 && axis < int64_t(shape.size())) {
      shape[size_t(axis)] = 0;
      for (const ewo::Tensor &t : inputs)
        shape[size_t(axis)] += t.shape.size() > size_t(axis) ? t.shape[size_t(axis)] : 0;
    }
    const ewo::Declared declared = randomDeclared(prng, shape);
    compare("CONCAT", c, ewo::concat(type, inputs, axis, declared), [&] {
      std::vector<RuntimeValue> values;
      for (const ewo::Tensor &t : inputs)
        values.push_back(toValue(t));
      std::vector<const RuntimeValue *> pointers;
      for (const RuntimeValue &v : values)
        pointers.push_back(&v);
      return tk::concat(elementType(type), pointers, axis, declaredOf(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  requireReached("CONCAT", tally,
                 {"value", "poison", kTypeError, "input1 == []", ") < 1", "axis < 0 || axis >=",
                  "rank(shapes1[shape_index])", "shapes1[shape_index][axis_index]",
                  "rank(shape) != rank(shapes1[0])", "axis_sum != shape[axis]",
                  "shape(output) != shape"});
}

TEST(Kernels, Slice) {
  SplitMix64 prng(0x511);
  Tally tally;
  for (int64_t c = 0; c < casesPerOperator(); ++c) {
    const std::string type = pick(prng, kMoveTypes);
    const std::vector<int64_t> shape1 = randomShape(prng, prng.below(4) + (prng.chance(20) ? 0 : 1));
    const ewo::Tensor x = randomTensor(prng, type, shape1, prng.chance(4));
    std::vector<int64_t> start(shape1.size()), size(shape1.size());
    for (size_t i = 0; i < shape1.size(); ++i) {
      start[i] = prng.range(0, std::max<int64_t>(0, shape1[i] - 1));
      size[i] = prng.range(1, std::max<int64_t>(1, shape1[i] - start[i]));
      if (prng.chance(8))
        size[i] = -1;
      if (prng.chance(30))
        start[i] = prng.range(-1, shape1[i] + 1);
      if (prng.chance(30))
        size[i] = prng.range(-2, shape1[i] + 1);
    }
    if (prng.chance(40))
      (prng.chance(2) ? start : size).push_back(0);
    std::vector<int64_t> shape(shape1.size());
    for (size_t i = 0; i < shape.size(); ++i)
      shape[i] = size[i] == -1 ? shape1[i] - start[i] : size[i];
    const ewo::Declared declared = randomDeclared(prng, shape);
    compare("SLICE", c, ewo::slice(type, x, start, size, declared), [&] {
      return tk::slice(elementType(type), toValue(x), tk::shapeValue(start), tk::shapeValue(size),
                       declaredOf(declared));
    }, tally);
    if (HasFatalFailure())
      return;
  }
  requireReached("SLICE", tally,
                 {"value", "poison", kTypeError, "rank(input1) < 1", "length(start)",
                  "rank(shape1) != rank(shape)", "start[index] < 0", "size[index] <= 0",
                  "start[index] + size[index] > shape1[index]", "shape[index] != size[index]"});
}

/// Float conversions of the oracle against the host's for f32 (its only
/// own arithmetic), so that a wrong oracle cannot agree with a wrong kernel.
TEST(Oracle, FloatRoundingMatchesHostF32) {
  SplitMix64 prng(0xF32);
  for (int i = 0; i < 100000; ++i) {
    const double d = std::ldexp(double(int64_t(prng.next() >> 11)) - double(int64_t(1) << 52),
                                int(prng.range(-180, 140)));
    const float f = static_cast<float>(d); // the host rounds to nearest even
    uint32_t expected;
    std::memcpy(&expected, &f, 4);
    ASSERT_EQ(ewo::fromDouble("f32", d), expected) << d;
    ASSERT_EQ(ewo::toDouble("f32", expected), double(f));
  }
}

/// f16 against the host's _Float16 and bf16 against the upper half of an
/// f32 rounded to nearest even, on values exact in f32.
TEST(Oracle, FloatRoundingMatchesHostF16AndBf16) {
  SplitMix64 prng(0xF16);
  for (int i = 0; i < 100000; ++i) {
    const float f = std::ldexp(float(int32_t(prng.next() >> 40)), int(prng.range(-160, 120)));
    const _Float16 h = static_cast<_Float16>(f);
    uint16_t expected16;
    std::memcpy(&expected16, &h, 2);
    ASSERT_EQ(ewo::fromDouble("f16", f), expected16) << f;
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    const uint32_t rounded = bits + 0x7FFF + ((bits >> 16) & 1); // ties to even
    ASSERT_EQ(ewo::fromDouble("bf16", f), rounded >> 16) << f;
    ASSERT_EQ(ewo::toDouble("bf16", rounded >> 16), double([&] {
                float back;
                const uint32_t high = (rounded >> 16) << 16;
                std::memcpy(&back, &high, 4);
                return back;
              }()));
  }
}

} // namespace
} // namespace qi::eval
