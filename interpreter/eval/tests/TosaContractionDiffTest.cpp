//===- TosaContractionDiffTest.cpp - TOSA contractions and pooling vs an oracle ===//
//
// Spec: [tosa.matmul], [tosa.conv2d], [tosa.depthwise-conv2d],
// [tosa.transpose-conv2d], [tosa.avg-pool2d], [tosa.max-pool2d] and the
// [contract.*] clauses. Random cases of every operator against
// TosaContractionOracle (written from the mathematics, not the pseudo-code):
//
// - `Kernels.*`: the kernels of TosaContraction.h / TosaPooling.h called
//   directly, 10^4 cases per operator in the quick tier (4 * 10^4 in the
//   full tier, `-L full`; TRANSPOSE_CONV2D, the slowest, 1,250 in a sanitized
//   build): every supported type mode and some unsupported ones;
//   random shapes (empty ones too), pads, strides, dilations, kernels;
//   values at and near the types' extremes, float specials; zero points
//   at the i8 extremes, nonzero ones where only 0 is allowed; declared
//   result shapes static, dynamic, unranked and wrong; attributes MLIR's
//   verifier would reject (negative pads, zero strides, pads >= kernel,
//   sizes not divisible by the stride, out-of-int32 values); biases and
//   long dot products that drive acc_t past its bounds; poison elements.
//   Each case must give the oracle's elements (bits and poison) or fail
//   with the oracle's ERROR_IF / REQUIRE (and the element and term).
// - `Programs.*`: the same for whole tosa programs through eval::Program,
//   every operand a runtime argument of dynamic shape, so that what the
//   evaluators add (reading operands, attributes, types, messages at the
//   op) is covered too.
//
// Each sweep prints how its cases came out; QI_TALLY=1 also prints the count
// of every ERROR_IF / REQUIRE class reached.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaContraction.h"
#include "interpreter/eval/TosaPooling.h"
#include "interpreter/eval/tests/TosaContractionOracle.h"

#include "generators/Prng.h"
#include "interpreter/eval/Run.h"
#include "interpreter/fast/tests/SweepTier.h"
#include "interpreter/ir/ModuleLoader.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/requant/ApplyScale.h"
#include "interpreter/requant/TosaArithmetic.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace qi::eval {
namespace {

using generators::SplitMix64;
using oracle::Declared;
using oracle::Expected;
using OTensor = oracle::Tensor;
namespace tk = tosakernel;

//===-- Random values -----------------------------------------------------===//

ElementType elementType(const std::string &type) {
  if (const numeric::FloatFormat *f = numeric::findFloatFormat(type); f && type[0] != 'i')
    return ElementType::makeFloat(*f);
  return ElementType::makeInteger(unsigned(oracle::intWidth(type)));
}

/// A value of `type` as a pattern: integers uniform or at the extremes,
/// floats mostly small multiples of powers of two (so that sums stay
/// finite), sometimes a special (+-0, +-inf, NaN, the largest finite, a
/// subnormal).
uint64_t randomElement(SplitMix64 &prng, const std::string &type) {
  if (const oracle::FloatFormat *f = oracle::floatFormat(type)) {
    double v;
    if (prng.chance(25)) {
      switch (prng.below(7)) {
      case 0: v = 0.0; break;
      case 1: v = -0.0; break;
      case 2: v = f->fn ? f->maxFinite() : INFINITY; break;
      case 3: v = f->fn ? -f->maxFinite() : -INFINITY; break;
      case 4: v = std::nan(""); break;
      case 5: v = (prng.chance(2) ? 1 : -1) * f->maxFinite(); break;
      default: v = std::ldexp(double(prng.range(1, 3)), f->emin() - f->manBits); break;
      }
    } else {
      v = std::ldexp(double(prng.range(-40, 40)), int(prng.range(-5, 1)));
      v = std::min(std::max(v, -f->maxFinite()), f->maxFinite());
    }
    return oracle::encode(oracle::roundTo(v, *f), *f);
  }
  const int w = oracle::intWidth(type);
  const int64_t lo = -(int64_t(1) << (w - 1)), hi = (int64_t(1) << (w - 1)) - 1;
  if (prng.chance(4)) {
    const int64_t picks[] = {lo, hi, 0, -1, 1, lo + 1, hi - 1};
    return oracle::truncate(std::min(hi, std::max(lo, picks[prng.below(7)])), w);
  }
  return oracle::truncate(prng.range(lo, hi), w);
}

OTensor randomTensor(SplitMix64 &prng, const std::string &type, std::vector<int64_t> shape) {
  OTensor t{type, std::move(shape), {}, {}};
  for (int64_t i = 0; i < t.size(); ++i)
    t.bits.push_back(randomElement(prng, type));
  t.poison.assign(t.bits.size(), false);
  return t;
}

/// A tensor whose elements are all `bits` (the long dot products).
OTensor splat(const std::string &type, std::vector<int64_t> shape, uint64_t bits) {
  OTensor t{type, std::move(shape), {}, {}};
  t.bits.assign(size_t(t.size()), bits);
  t.poison.assign(t.bits.size(), false);
  return t;
}

/// A zero point of `type`: any i8 (extremes often), else mostly 0 (for
/// floats also -0), now and then a value only i8 may have (an ERROR_IF).
OTensor randomZeroPoint(SplitMix64 &prng, const std::string &type) {
  uint64_t bits = 0;
  if (type == "i8") {
    const int64_t picks[] = {-128, 127, 0, -1, 1};
    bits = oracle::truncate(prng.chance(2) ? picks[prng.below(5)] : prng.range(-128, 127), 8);
  } else if (prng.chance(15)) {
    bits = randomElement(prng, type);
  } else if (const oracle::FloatFormat *f = oracle::floatFormat(type); f && prng.chance(4)) {
    bits = oracle::encode(-0.0, *f);
  }
  OTensor zp{type, {1}, {bits}, {false}};
  if (prng.chance(200)) // a zero point operand of two elements
    zp = OTensor{type, {2}, {bits, bits}, {false, false}};
  else if (prng.chance(200))
    zp.poison[0] = true;
  return zp;
}

/// Marks one element poison now and then.
void maybePoison(SplitMix64 &prng, OTensor &t) {
  if (t.size() > 0 && prng.chance(40))
    t.poison[size_t(prng.below(uint64_t(t.size())))] = true;
}

/// The declared result: usually its exact shape, else dynamic sizes,
/// unranked, or a wrong size or rank.
Declared randomDeclared(SplitMix64 &prng, const std::vector<int64_t> &exact) {
  Declared d{true, exact};
  const uint64_t pick = prng.below(40);
  if (pick < 8) {
    for (int64_t &v : d.dims)
      if (prng.chance(2))
        v = -1;
  } else if (pick < 10) {
    d.ranked = false;
  } else if (pick == 10) {
    d.dims[size_t(prng.below(d.dims.size()))] += 1;
  } else if (pick == 11) {
    d.dims.push_back(1);
  }
  return d;
}

/// An attribute: mostly in range, now and then one MLIR's verifier would
/// reject (negative / zero) or beyond int32.
int64_t perturb(SplitMix64 &prng, int64_t value, int64_t bad) {
  if (prng.chance(150))
    return bad;
  if (prng.chance(400))
    return int64_t(1) << 31;
  return value;
}

//===-- Running and comparing ---------------------------------------------===//

RuntimeValue toValue(const OTensor &t) {
  RuntimeValue v = RuntimeValue::tensor(elementType(t.type), t.shape);
  for (int64_t i = 0; i < t.size(); ++i) {
    v.set(i, numeric::Bits(t.bits[size_t(i)]));
    if (t.poison[size_t(i)])
      v.setPoison(i);
  }
  return v;
}

tk::DeclaredShape toDeclared(const Declared &d) {
  return d.ranked ? tk::DeclaredShape::of(d.dims) : tk::DeclaredShape::unranked();
}

/// How the cases of one sweep came out, to check that it reaches everything.
struct Tally {
  int64_t computed = 0, errorIf = 0, accumulate = 0, bias = 0, otherRequire = 0, poison = 0,
          other = 0;
  std::map<std::string, int64_t> modes;

  void count(const Expected &e, const std::string &mode) {
    ++modes[mode];
    if (!e.failed()) {
      ++computed;
      for (bool p : e.result.poison)
        if (p) {
          ++poison;
          break;
        }
      return;
    }
    const std::string &first = e.errorParts[0];
    if (std::getenv("QI_TALLY"))
      ++modes["E " + first.substr(0, first.find(" holds"))];
    if (first.find("ERROR_IF") != std::string::npos ||
        first.find("is not an int32_t") != std::string::npos)
      ++errorIf;
    else if (e.errorParts.size() > 1 && e.errorParts[1].find("(acc = ") != std::string::npos)
      ++accumulate;
    else if (e.errorParts.size() > 1 && e.errorParts[1].find("(out = ") != std::string::npos)
      ++bias;
    else if (first.find("REQUIRE") != std::string::npos)
      ++otherRequire;
    else
      ++other;
  }
  std::string text() const {
    return "computed " + std::to_string(computed) + " (with poison " + std::to_string(poison) +
           "), ERROR_IF " + std::to_string(errorIf) + ", accumulator REQUIRE " +
           std::to_string(accumulate) + ", bias REQUIRE " + std::to_string(bias) +
           ", other REQUIRE " + std::to_string(otherRequire) + ", other errors " +
           std::to_string(other) + ", modes " + std::to_string(modes.size());
  }
};

/// Compares one case: the kernel's result or error against the oracle's.
/// Returns false (after a test failure) on a difference.
bool compare(const Expected &expected, const std::function<RuntimeValue()> &kernel,
             const std::string &what) {
  RuntimeValue got;
  std::string error;
  try {
    got = kernel();
  } catch (const tk::KernelError &e) {
    error = e.message;
  }
  if (expected.failed()) {
    if (error.empty()) {
      ADD_FAILURE() << what << "\nexpected an error containing: " << expected.errorParts[0]
                    << "\ngot a result";
      return false;
    }
    for (const std::string &part : expected.errorParts)
      if (error.find(part) == std::string::npos) {
        ADD_FAILURE() << what << "\nexpected an error containing: " << part
                      << "\ngot: " << error;
        return false;
      }
    return true;
  }
  if (!error.empty()) {
    ADD_FAILURE() << what << "\nexpected a result, got: " << error;
    return false;
  }
  const OTensor &want = expected.result;
  if (got.shape() != Shape(want.shape)) {
    ADD_FAILURE() << what << "\nshape " << shapeToString(got.shape()) << ", expected "
                  << shapeToString(want.shape);
    return false;
  }
  for (int64_t i = 0; i < want.size(); ++i) {
    const bool poison = got.isPoison(i);
    if (poison != want.poison[size_t(i)] ||
        (!poison && uint64_t(got.get(i)) != want.bits[size_t(i)])) {
      char text[160];
      std::snprintf(text, sizeof text, "element %lld: got 0x%llx%s, expected 0x%llx%s",
                    (long long)i, (unsigned long long)uint64_t(got.get(i)),
                    poison ? " (poison)" : "", (unsigned long long)want.bits[size_t(i)],
                    want.poison[size_t(i)] ? " (poison)" : "");
      ADD_FAILURE() << what << "\n" << text;
      return false;
    }
  }
  return true;
}

std::string describe(const OTensor &t) {
  std::string text = t.type + " " + shapeToString(t.shape) + " {";
  for (size_t i = 0; i < t.bits.size() && i < 64; ++i) {
    char hex[24];
    std::snprintf(hex, sizeof hex, "%s%llx%s", i ? "," : "", (unsigned long long)t.bits[i],
                  t.poison[i] ? "p" : "");
    text += hex;
  }
  return text + (t.bits.size() > 64 ? ",...}" : "}");
}

std::string describe(const Declared &d) {
  if (!d.ranked)
    return "*";
  std::string text;
  for (int64_t v : d.dims)
    text += (text.empty() ? "" : "x") + (v < 0 ? std::string("?") : std::to_string(v));
  return text;
}

std::string list(const std::vector<int64_t> &v) {
  std::string text;
  for (int64_t x : v)
    text += (text.empty() ? "" : ",") + std::to_string(x);
  return "[" + text + "]";
}

/// A type-support row, and now and then one the table lacks.
std::vector<std::string> randomMode(SplitMix64 &prng, const tk::TypeTable &table) {
  const std::vector<const char *> &row = table.rows[prng.below(table.rows.size())];
  std::vector<std::string> mode(row.begin(), row.end());
  if (prng.chance(100)) {
    static const char *others[] = {"i8", "i16", "i32", "f16", "bf16", "f32"};
    mode[prng.below(mode.size())] = others[prng.below(6)];
  }
  return mode;
}

bool isInt(const std::string &type) { return type[0] == 'i'; }

/// Cases per kernel sweep (see the top of the file). `sanitizedThinning`: a
/// sanitized build's quick tier divides the sample by kSanitizedThinning where
/// every outcome class expectCoverage asks for is still reached at that size
/// (TRANSPOSE_CONV2D, the slowest; AVG_POOL2D's accumulator REQUIRE, 7 in
/// 10^4, is not, and the other sweeps' rarest classes leave little margin).
int64_t caseCount(bool sanitizedThinning = false) {
  return fast::test::sweepCount(40'000,
                                4 * (sanitizedThinning ? fast::test::kSanitizedThinning : 1));
}

//===-- MATMUL ------------------------------------------------------------===//

struct MatmulCase {
  std::string outType;
  OTensor a, b, aZp, bZp;
  Declared out;
};

MatmulCase randomMatmul(SplitMix64 &prng) {
  const std::vector<std::string> mode = randomMode(prng, tk::matmulTypes());
  MatmulCase c;
  c.outType = mode[2];
  int64_t N = prng.range(1, 2), H = prng.range(0, 4), C = prng.range(0, 6), W = prng.range(0, 4);
  if (prng.chance(15))
    H = prng.range(1, 4), C = prng.range(1, 6), W = prng.range(1, 4);
  c.aZp = randomZeroPoint(prng, mode[0]);
  c.bZp = randomZeroPoint(prng, mode[1]);
  // A long dot product that drives the integer accumulator to its bound.
  // i8: (127 - (-128)) * (127 - (-128)) = 65025 per term (or -65025 with
  // b = -128, b_zp = 127) passes 2^31 at term 33025; i16 (zero points 0):
  // (-32768)^2 = 2^30 per term passes 2^47 at term 131072 (32767 * -32768
  // per term a little later).
  if (isInt(mode[0]) && mode[0] == mode[1] && prng.chance(60)) {
    const bool i8 = mode[0] == "i8", negative = prng.chance(2);
    N = 1, H = 1, W = prng.range(1, 2);
    C = i8 ? prng.range(32900, 33200) : prng.range(131000, 131200);
    if (i8) {
      c.aZp = OTensor{"i8", {1}, {oracle::truncate(-128, 8)}, {false}};
      c.bZp = OTensor{"i8", {1}, {oracle::truncate(negative ? 127 : -128, 8)}, {false}};
      c.a = splat("i8", {N, H, C}, oracle::truncate(127, 8));
      c.b = splat("i8", {N, C, W}, oracle::truncate(negative ? -128 : 127, 8));
    } else {
      c.aZp = c.bZp = OTensor{mode[0], {1}, {0}, {false}};
      c.a = splat(mode[0], {N, H, C}, oracle::truncate(-32768, 16));
      c.b = splat(mode[1], {N, C, W}, oracle::truncate(negative ? 32767 : -32768, 16));
    }
    c.out = Declared{true, {N, H, W}};
    return c;
  }
  c.a = randomTensor(prng, mode[0], {N, H, C});
  std::vector<int64_t> bShape{N, C, W};
  if (prng.chance(150))
    bShape[prng.below(2)] += 1;
  if (prng.chance(300))
    bShape.pop_back();
  c.b = randomTensor(prng, mode[1], bShape);
  maybePoison(prng, c.a);
  maybePoison(prng, c.b);
  c.out = randomDeclared(prng, {N, H, W});
  return c;
}

Expected expectMatmul(const MatmulCase &c) {
  return oracle::matmul(c.outType, c.a, c.b, c.aZp, c.bZp, c.out);
}

RuntimeValue runMatmul(const MatmulCase &c) {
  tk::ContractionTypes t{elementType(c.a.type), elementType(c.b.type), elementType(c.outType),
                         elementType(c.outType)};
  return tk::matmul(t, toValue(c.a), toValue(c.b), toValue(c.aZp), toValue(c.bZp),
                    toDeclared(c.out));
}

std::string describe(const MatmulCase &c) {
  return "MATMUL out " + c.outType + " A " + describe(c.a) + " B " + describe(c.b) + " A_zp " +
         describe(c.aZp) + " B_zp " + describe(c.bZp) + " declared " + describe(c.out);
}

//===-- Convolutions ------------------------------------------------------===//

struct ConvCase {
  oracle::Conv kind;
  std::string outType, accType;
  OTensor input, weight, bias, inputZp, weightZp;
  oracle::ConvParams params;
  Declared out;
};

const char *convName(oracle::Conv kind) {
  return kind == oracle::Conv::Conv2d      ? "CONV2D"
         : kind == oracle::Conv::Depthwise ? "DEPTHWISE_CONV2D"
                                           : "TRANSPOSE_CONV2D";
}

/// The bias: BC = OC (or 1), values now and then at out_t's extremes so that
/// the bias addition overflows.
OTensor randomBias(SplitMix64 &prng, const std::string &type, int64_t OC) {
  int64_t BC = prng.chance(4) ? 1 : OC;
  if (prng.chance(150))
    BC = OC + 1;
  OTensor bias = randomTensor(prng, type, {BC});
  if (isInt(type) && prng.chance(4))
    for (uint64_t &b : bias.bits) {
      const int w = oracle::intWidth(type);
      const int64_t edge = (int64_t(1) << (w - 1)) - prng.range(1, 70000);
      b = oracle::truncate(prng.chance(2) ? edge : -edge, w);
    }
  return bias;
}

ConvCase randomConv(SplitMix64 &prng, oracle::Conv kind) {
  const std::vector<std::string> mode = randomMode(prng, tk::convTypes(convName(kind)));
  ConvCase c;
  c.kind = kind;
  c.outType = mode[2];
  c.accType = mode[3];
  c.inputZp = randomZeroPoint(prng, mode[0]);
  c.weightZp = randomZeroPoint(prng, mode[1]);
  const bool depthwise = kind == oracle::Conv::Depthwise;
  const bool transpose = kind == oracle::Conv::Transpose;
  int64_t N = prng.range(1, 2), IH = prng.range(1, 6), IW = prng.range(1, 6);
  int64_t IC = prng.range(1, 3), OC = prng.range(1, 3), M = prng.range(1, 2);
  int64_t KH = prng.range(1, 3), KW = prng.range(1, 3);
  if (prng.chance(60))
    IH = 0;
  int64_t sy = prng.range(1, 3), sx = prng.range(1, 3);
  int64_t dy = transpose ? 1 : prng.range(1, 3), dx = transpose ? 1 : prng.range(1, 3);
  std::vector<int64_t> pad;
  if (transpose) {
    pad = {prng.range(1 - KH, 2), prng.range(1 - KH, 2), prng.range(1 - KW, 2),
           prng.range(1 - KW, 2)};
  } else {
    pad = {prng.range(0, 2), prng.range(0, 2), prng.range(0, 2), prng.range(0, 2)};
    // Make the strides divide the window range, mostly (else idiv_check).
    auto fit = [&](int64_t I, int64_t K, int64_t d, int64_t s, int64_t &before, int64_t &after) {
      int64_t numerator = I - 1 + before + after - (K - 1) * d;
      if (numerator < 0 && !prng.chance(10))
        after += -numerator, numerator = 0;
      if (!prng.chance(30))
        after += ((s - numerator % s) % s + s) % s;
    };
    fit(IH, KH, dy, sy, pad[0], pad[1]);
    fit(IW, KW, dx, sx, pad[2], pad[3]);
  }
  // A long dot product for the accumulator REQUIRE (integers).
  if (mode[0] == "i8" && mode[1] == "i8" && mode[3] == "i32" && prng.chance(40)) {
    const bool negative = prng.chance(2);
    c.inputZp = OTensor{"i8", {1}, {oracle::truncate(-128, 8)}, {false}};
    c.weightZp = OTensor{"i8", {1}, {oracle::truncate(negative ? 127 : -128, 8)}, {false}};
    const uint64_t x = oracle::truncate(127, 8), w = oracle::truncate(negative ? -128 : 127, 8);
    if (depthwise) { // one channel, a 182 x 182 window: 33124 terms
      c.input = splat("i8", {1, 182, 182, 1}, x);
      c.weight = splat("i8", {182, 182, 1, 1}, w);
      c.bias = OTensor{c.outType, {1}, {0}, {false}};
      c.params = {{0, 0, 0, 0}, {1, 1}, {1, 1}};
      c.out = Declared{true, {1, 1, 1, 1}};
    } else { // 1 x 1 spatial, IC = 33100 channels
      const int64_t channels = prng.range(32950, 33150);
      c.input = splat("i8", {1, 1, 1, channels}, x);
      c.weight = splat("i8", {1, 1, 1, channels}, w);
      c.bias = OTensor{c.outType, {1}, {0}, {false}};
      c.params = {{0, 0, 0, 0}, {1, 1}, {1, 1}};
      c.out = Declared{true, {1, 1, 1, 1}};
    }
    return c;
  }
  std::vector<int64_t> inShape{N, IH, IW, IC};
  std::vector<int64_t> wShape =
      depthwise ? std::vector<int64_t>{KH, KW, IC, M} : std::vector<int64_t>{OC, KH, KW, IC};
  if (prng.chance(200))
    wShape[depthwise ? 2 : 3] += 1;
  if (prng.chance(300))
    inShape.pop_back();
  c.input = randomTensor(prng, mode[0], inShape);
  c.weight = randomTensor(prng, mode[1], wShape);
  const int64_t channels = depthwise ? IC * M : OC;
  c.bias = randomBias(prng, c.outType, channels);
  maybePoison(prng, c.input);
  maybePoison(prng, c.weight);
  if (prng.chance(3))
    maybePoison(prng, c.bias);
  c.params = {{perturb(prng, pad[0], -1), pad[1], pad[2], perturb(prng, pad[3], -KW)},
              {perturb(prng, sy, 0), sx},
              {dy, perturb(prng, dx, 0)}};
  int64_t OH, OW;
  if (transpose) {
    OH = (IH - 1) * sy + pad[0] + pad[1] + KH;
    OW = (IW - 1) * sx + pad[2] + pad[3] + KW;
  } else {
    OH = (IH - 1 + pad[0] + pad[1] - (KH - 1) * dy) / sy + 1;
    OW = (IW - 1 + pad[2] + pad[3] - (KW - 1) * dx) / sx + 1;
  }
  c.out = randomDeclared(prng, {N, std::max<int64_t>(OH, 0), std::max<int64_t>(OW, 0), channels});
  return c;
}

Expected expectConv(const ConvCase &c) {
  return oracle::convolution(c.kind, c.outType, c.accType, c.input, c.weight, c.bias, c.inputZp,
                             c.weightZp, c.params, c.out);
}

RuntimeValue runConv(const ConvCase &c) {
  tk::ContractionTypes t{elementType(c.input.type), elementType(c.weight.type),
                         elementType(c.outType), elementType(c.accType)};
  tk::ConvAttributes a{c.params.pad, c.params.stride, c.params.dilation};
  auto kernel = c.kind == oracle::Conv::Conv2d      ? tk::conv2d
                : c.kind == oracle::Conv::Depthwise ? tk::depthwiseConv2d
                                                    : tk::transposeConv2d;
  return kernel(t, toValue(c.input), toValue(c.weight), toValue(c.bias), toValue(c.inputZp),
                toValue(c.weightZp), a, toDeclared(c.out));
}

std::string describe(const ConvCase &c) {
  return std::string(convName(c.kind)) + " out " + c.outType + " acc " + c.accType + " input " +
         describe(c.input) + " weight " + describe(c.weight) + " bias " + describe(c.bias) +
         " input_zp " + describe(c.inputZp) + " weight_zp " + describe(c.weightZp) + " pad " +
         list(c.params.pad) + " stride " + list(c.params.stride) + " dilation " +
         list(c.params.dilation) + " declared " + describe(c.out);
}

//===-- Pooling -----------------------------------------------------------===//

struct PoolCase {
  bool average = true;
  std::string accType;
  bool ignoreNaN = false;
  OTensor input, inputZp, outputZp;
  oracle::PoolParams params;
  Declared out;
};

PoolCase randomPool(SplitMix64 &prng, bool average) {
  PoolCase c;
  c.average = average;
  const std::vector<std::string> mode =
      randomMode(prng, average ? tk::avgPoolTypes() : tk::maxPoolTypes());
  if (average)
    c.accType = mode[1];
  c.ignoreNaN = prng.chance(2);
  const std::string &type = mode[0];
  c.inputZp = randomZeroPoint(prng, type);
  c.outputZp = randomZeroPoint(prng, type);
  // The long window: 65792 i16 elements of one extreme overflow the int32
  // sum (from 65537 elements of -32768, 65539 of 32767).
  if (average && type == "i16" && mode[1] == "i32" && prng.chance(200)) {
    const int64_t v = prng.chance(2) ? -32768 : 32767;
    c.input = splat("i16", {1, 256, 257, 1}, oracle::truncate(v, 16));
    c.inputZp = c.outputZp = OTensor{"i16", {1}, {0}, {false}};
    c.params = {{256, 257}, {1, 1}, {0, 0, 0, 0}};
    c.out = Declared{true, {1, 1, 1, 1}};
    return c;
  }
  int64_t N = prng.range(1, 2), C = prng.range(1, 3);
  int64_t ky = prng.range(1, 4), kx = prng.range(1, 4), sy = prng.range(1, 3), sx = prng.range(1, 3);
  std::vector<int64_t> pad{prng.range(0, ky - 1), prng.range(0, ky - 1), prng.range(0, kx - 1),
                           prng.range(0, kx - 1)};
  // The input size from an output size, so that the stride divides the
  // window range (IH + pad_top + pad_bottom - kernel_y); now and then one
  // more row or column (idiv_check), or no rows at all.
  auto inputSize = [&](int64_t k, int64_t s, int64_t before, int64_t after) {
    int64_t size = 0;
    for (int64_t out = prng.range(1, 4); size < 1; ++out)
      size = (out - 1) * s + k - before - after;
    return size + (prng.chance(40) ? 1 : 0);
  };
  int64_t IH = inputSize(ky, sy, pad[0], pad[1]), IW = inputSize(kx, sx, pad[2], pad[3]);
  if (prng.chance(60))
    IH = 0;
  std::vector<int64_t> inShape{N, IH, IW, C};
  if (prng.chance(300))
    inShape.pop_back();
  c.input = randomTensor(prng, type, inShape);
  maybePoison(prng, c.input);
  c.params = {{perturb(prng, ky, 0), kx},
              {sy, perturb(prng, sx, 0)},
              {pad[0], perturb(prng, pad[1], ky), perturb(prng, pad[2], -1),
               perturb(prng, pad[3], kx)}};
  const int64_t OH = (IH + pad[0] + pad[1] - ky) / sy + 1, OW = (IW + pad[2] + pad[3] - kx) / sx + 1;
  c.out = randomDeclared(prng, {N, std::max<int64_t>(OH, 0), std::max<int64_t>(OW, 0), C});
  return c;
}

Expected expectPool(const PoolCase &c) {
  if (c.average)
    return oracle::avgPool(c.accType, c.input, c.inputZp, c.outputZp, c.params, c.out);
  return oracle::maxPool(c.input, c.params, c.ignoreNaN, c.out);
}

RuntimeValue runPool(const PoolCase &c) {
  tk::PoolAttributes a{c.params.kernel, c.params.stride, c.params.pad};
  if (c.average)
    return tk::avgPool2d(elementType(c.input.type), elementType(c.accType), toValue(c.input),
                         toValue(c.inputZp), toValue(c.outputZp), a, toDeclared(c.out));
  return tk::maxPool2d(elementType(c.input.type), toValue(c.input), a,
                       c.ignoreNaN ? tk::NanMode::Ignore : tk::NanMode::Propagate,
                       toDeclared(c.out));
}

std::string describe(const PoolCase &c) {
  return std::string(c.average ? "AVG_POOL2D acc " + c.accType : "MAX_POOL2D") +
         (c.ignoreNaN ? " IGNORE" : "") + " input " + describe(c.input) + " input_zp " +
         describe(c.inputZp) + " output_zp " + describe(c.outputZp) + " kernel " +
         list(c.params.kernel) + " stride " + list(c.params.stride) + " pad " +
         list(c.params.pad) + " declared " + describe(c.out);
}

//===-- Kernel sweeps -----------------------------------------------------===//

/// Runs `count` cases drawn by `draw`, compares each, and returns the tally.
template <typename Case>
Tally sweep(uint64_t seed, int64_t count, const std::function<Case(SplitMix64 &)> &draw,
            const std::function<Expected(const Case &)> &expect,
            const std::function<RuntimeValue(const Case &)> &run,
            const std::function<std::string(const Case &)> &text,
            const std::function<std::string(const Case &)> &mode) {
  SplitMix64 prng(seed);
  Tally tally;
  int failures = 0;
  for (int64_t i = 0; i < count && failures < 5; ++i) {
    const Case c = draw(prng);
    const Expected e = expect(c);
    tally.count(e, mode(c));
    if (!compare(e, [&] { return run(c); }, "case " + std::to_string(i) + ": " + text(c)))
      ++failures;
  }
  return tally;
}

/// Every outcome class must be reached; the tally is printed for the record.
void expectCoverage(const Tally &t, const char *op, bool hasBias, bool canOverflow,
                    size_t modes) {
  std::printf("%s: %s\n", op, t.text().c_str());
  if (std::getenv("QI_TALLY"))
    for (const auto &[k, v] : t.modes)
      if (k[0] == 'E')
        std::printf("  %6lld %s\n", (long long)v, k.c_str());
  EXPECT_GT(t.computed, 0);
  EXPECT_GT(t.poison, 0) << op;
  EXPECT_GT(t.errorIf, 0) << op;
  if (canOverflow) {
    EXPECT_GT(t.accumulate, 0) << op;
  }
  if (hasBias) {
    EXPECT_GT(t.bias, 0) << op;
  }
  EXPECT_GE(t.modes.size(), modes) << op;
}

TEST(Kernels, Matmul) {
  Tally t = sweep<MatmulCase>(
      0x3a7c01, caseCount(), randomMatmul, expectMatmul, runMatmul,
      [](const MatmulCase &c) { return describe(c); },
      [](const MatmulCase &c) { return c.a.type + c.b.type + c.outType; });
  expectCoverage(t, "MATMUL", false, true, 8);
}

TEST(Kernels, Conv2d) {
  Tally t = sweep<ConvCase>(
      0x3a7c02, caseCount(),
      [](SplitMix64 &p) { return randomConv(p, oracle::Conv::Conv2d); }, expectConv, runConv,
      [](const ConvCase &c) { return describe(c); },
      [](const ConvCase &c) { return c.input.type + c.weight.type + c.outType + c.accType; });
  expectCoverage(t, "CONV2D", true, true, 9);
}

TEST(Kernels, DepthwiseConv2d) {
  Tally t = sweep<ConvCase>(
      0x3a7c03, caseCount(),
      [](SplitMix64 &p) { return randomConv(p, oracle::Conv::Depthwise); }, expectConv, runConv,
      [](const ConvCase &c) { return describe(c); },
      [](const ConvCase &c) { return c.input.type + c.weight.type + c.outType + c.accType; });
  expectCoverage(t, "DEPTHWISE_CONV2D", true, true, 9);
}

TEST(Kernels, TransposeConv2d) {
  Tally t = sweep<ConvCase>(
      0x3a7c04, caseCount(/*sanitizedThinning=*/true),
      [](SplitMix64 &p) { return randomConv(p, oracle::Conv::Transpose); }, expectConv, runConv,
      [](const ConvCase &c) { return describe(c); },
      [](const ConvCase &c) { return c.input.type + c.weight.type + c.outType + c.accType; });
  expectCoverage(t, "TRANSPOSE_CONV2D", true, true, 9);
}

/// The kernels hold a direct caller to the attribute lengths MLIR's verifier
/// checks on ops: an empty dilation is an error, not a read past the end.
TEST(Kernels, AttributeLengthsAreChecked) {
  SplitMix64 prng(0x3a7c07);
  ConvCase c = randomConv(prng, oracle::Conv::Transpose);
  c.params.dilation.clear();
  try {
    runConv(c);
    ADD_FAILURE() << "an empty dilation was accepted";
  } catch (const tk::KernelError &e) {
    EXPECT_NE(e.message.find("length(dilation) != 2"), std::string::npos) << e.message;
  }
}

TEST(Kernels, AvgPool2d) {
  Tally t = sweep<PoolCase>(
      0x3a7c05, caseCount(), [](SplitMix64 &p) { return randomPool(p, true); }, expectPool,
      runPool, [](const PoolCase &c) { return describe(c); },
      [](const PoolCase &c) { return c.input.type + c.accType; });
  expectCoverage(t, "AVG_POOL2D", false, true, 8);
  EXPECT_GT(t.otherRequire, 0) << "reciprocal_scale(0) of an all-padding window";
}

TEST(Kernels, MaxPool2d) {
  Tally t = sweep<PoolCase>(
      0x3a7c06, caseCount(), [](SplitMix64 &p) { return randomPool(p, false); }, expectPool,
      runPool, [](const PoolCase &c) { return describe(c); },
      [](const PoolCase &c) { return c.input.type + (c.ignoreNaN ? "I" : "P"); });
  expectCoverage(t, "MAX_POOL2D", false, false, 14);
}

/// [contract.pool-divide] reciprocal_scale then apply_scale_32 is the mean
/// rounded half away from zero, for every count below 8192 and sums at the
/// ties, next to them and at the i16 extremes of the window.
TEST(Kernels, ReciprocalScaleRoundsHalfAwayFromZero) {
  int64_t checked = 0;
  for (int64_t count = 1; count < 8192; ++count) {
    const requant::ReciprocalScale scale = requant::reciprocalScale(uint32_t(count));
    ASSERT_FALSE(scale.violation);
    const int64_t limit = count * 32768;
    std::vector<int64_t> sums{0, limit, -limit, limit - 1, -limit + 1};
    for (int64_t q : {int64_t(0), int64_t(1), int64_t(7), int64_t(32767), int64_t(-32768),
                      int64_t(-5), int64_t(100)})
      for (int64_t d : {int64_t(-1), int64_t(0), int64_t(1)}) {
        // q + 1/2 (a tie when count is even) and its neighbours.
        const int64_t s = q * count + count / 2 + d;
        if (s >= -limit && s <= limit)
          sums.push_back(s), sums.push_back(-s);
      }
    for (int64_t s : sums) {
      const requant::Scaled r = requant::applyScale32(int32_t(s), scale.multiplier, scale.shift,
                                                      false);
      ASSERT_FALSE(r.violation) << s << "/" << count;
      const int64_t m = s < 0 ? -s : s;
      const int64_t rounded = (2 * m + count) / (2 * count);
      ASSERT_EQ(r.value, s < 0 ? -rounded : rounded) << s << "/" << count;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 384975);
}

//===-- Whole programs ----------------------------------------------------===//

/// MLIR text of a tensor literal with `t`'s elements (floats as hex patterns).
std::string literal(const OTensor &t) {
  std::vector<std::string> items;
  const bool isFloat = oracle::floatFormat(t.type) != nullptr;
  for (uint64_t b : t.bits) {
    if (isFloat) {
      char hex[24];
      std::snprintf(hex, sizeof hex, "0x%llX", (unsigned long long)b);
      items.push_back(hex);
    } else {
      items.push_back(std::to_string(oracle::signExtend(b, oracle::intWidth(t.type))));
    }
  }
  std::function<std::string(size_t, size_t &)> nest = [&](size_t d, size_t &next) {
    if (d == t.shape.size())
      return items[next++];
    std::string text = "[";
    for (int64_t i = 0; i < t.shape[d]; ++i)
      text += (i ? ", " : "") + nest(d + 1, next);
    return text + "]";
  };
  size_t next = 0;
  std::string dims;
  for (int64_t d : t.shape)
    dims += std::to_string(d) + "x";
  return "dense<" + nest(0, next) + "> : tensor<" + dims + t.type + ">";
}

std::string dynamicType(size_t rank, const std::string &element) {
  std::string text = "tensor<";
  for (size_t i = 0; i < rank; ++i)
    text += "?x";
  return text + element + ">";
}

std::string array(const std::vector<int64_t> &v) {
  std::string text = "array<i64: ";
  for (size_t i = 0; i < v.size(); ++i)
    text += (i ? ", " : "") + std::to_string(v[i]);
  return text + ">";
}

/// Runs `entry`-less program `text` on `arguments`; compares with `expected`
/// (errors carry the op's name, e.g. "tosa.conv2d: ").
void compareProgram(mlir::MLIRContext &context, const std::string &text,
                    const std::vector<std::string> &arguments, const Expected &expected,
                    const std::string &opName) {
  RunOptions options;
  RunOutcome loaded;
  std::unique_ptr<Program> program =
      Program::load(ir::ProgramSource::copyOf(text, "case.mlir"), options, context, loaded);
  ASSERT_TRUE(program) << loaded.error().str() << "\n" << text;
  RunOutcome outcome = program->run("", arguments, options);
  compare(
      expected,
      [&]() -> RuntimeValue {
        if (!outcome.succeeded()) {
          const std::string message = outcome.error().message;
          EXPECT_EQ(message.rfind(opName + ": ", 0), 0u) << message;
          throw tk::KernelError{message};
        }
        return outcome.results.at(0);
      },
      text);
}

/// Cases MLIR's verifier accepts (valid attributes, no poison): operands are
/// dynamic-shaped arguments, so shape, zero point and REQUIRE errors are
/// found at run time.
bool verifiable(const OTensor &t) {
  for (bool p : t.poison)
    if (p)
      return false;
  for (int64_t d : t.shape)
    if (d == 0)
      return false;
  return true;
}

int64_t programCount() { return fast::test::sweepCount(1000, 10); }

TEST(Programs, Matmul) {
  mlir::MLIRContext context;
  ir::registerAcceptedDialects(context);
  SplitMix64 prng(0x3a7d01);
  int64_t run = 0;
  while (run < programCount()) {
    MatmulCase c = randomMatmul(prng);
    if (!verifiable(c.a) || !verifiable(c.b) || !verifiable(c.aZp) || !verifiable(c.bZp) ||
        c.a.size() > 5000 || c.aZp.size() != 1 || c.bZp.size() != 1)
      continue;
    if (c.a.type != c.aZp.type || c.b.type != c.bZp.type)
      continue;
    c.out = Declared{true, {-1, -1, -1}};
    const std::string a = dynamicType(c.a.shape.size(), c.a.type);
    const std::string b = dynamicType(c.b.shape.size(), c.b.type);
    const std::string out = dynamicType(3, c.outType);
    const std::string azp = "tensor<1x" + c.a.type + ">", bzp = "tensor<1x" + c.b.type + ">";
    if (c.a.shape.size() != 3 || c.b.shape.size() != 3)
      continue; // the verifier checks ranks
    const std::string text = "func.func @main(%a: " + a + ", %b: " + b + ", %azp: " + azp +
                             ", %bzp: " + bzp + ") -> " + out + " {\n  %0 = tosa.matmul %a, %b, " +
                             "%azp, %bzp : (" + a + ", " + b + ", " + azp + ", " + bzp + ") -> " +
                             out + "\n  return %0 : " + out + "\n}\n";
    compareProgram(context, text, {literal(c.a), literal(c.b), literal(c.aZp), literal(c.bZp)},
                   expectMatmul(c), "tosa.matmul");
    ++run;
  }
}

void convPrograms(oracle::Conv kind, uint64_t seed) {
  mlir::MLIRContext context;
  ir::registerAcceptedDialects(context);
  SplitMix64 prng(seed);
  int64_t run = 0;
  const char *name = kind == oracle::Conv::Conv2d      ? "tosa.conv2d"
                     : kind == oracle::Conv::Depthwise ? "tosa.depthwise_conv2d"
                                                       : "tosa.transpose_conv2d";
  while (run < programCount()) {
    ConvCase c = randomConv(prng, kind);
    if (!verifiable(c.input) || !verifiable(c.weight) || !verifiable(c.bias) ||
        c.inputZp.size() != 1 || c.weightZp.size() != 1 || c.inputZp.poison[0] ||
        c.weightZp.poison[0] || c.input.size() > 5000 || c.input.shape.size() != 4)
      continue;
    // What the verifier checks on attributes and types: keep to valid ones.
    const auto &p = c.params;
    if (p.stride[0] < 1 || p.stride[1] < 1 || p.stride[0] > INT32_MAX)
      continue;
    if (kind == oracle::Conv::Transpose) {
      if (p.pad[0] <= -c.weight.shape[1] || p.pad[1] <= -c.weight.shape[1] ||
          p.pad[2] <= -c.weight.shape[2] || p.pad[3] <= -c.weight.shape[2])
        continue;
    } else if (p.pad[0] < 0 || p.pad[3] < 0 || p.pad[0] > INT32_MAX || p.dilation[1] < 1 ||
               p.dilation[1] > INT32_MAX) {
      continue;
    }
    if (!tk::convTypes(convName(kind)).rows.empty()) {
      bool supported = false;
      for (const auto &row : tk::convTypes(convName(kind)).rows)
        supported = supported || (c.input.type == row[0] && c.weight.type == row[1] &&
                                  c.outType == row[2] && c.accType == row[3]);
      if (!supported)
        continue; // the verifier rejects most of these
    }
    c.out = Declared{true, {-1, -1, -1, -1}};
    const std::string in = dynamicType(4, c.input.type), w = dynamicType(4, c.weight.type);
    const std::string bias = dynamicType(1, c.outType), out = dynamicType(4, c.outType);
    const std::string izp = "tensor<1x" + c.input.type + ">", wzp = "tensor<1x" + c.weight.type + ">";
    std::string attributes =
        (kind == oracle::Conv::Transpose ? "out_pad = " : "pad = ") + array(p.pad) +
        ", stride = " + array(p.stride) +
        (kind == oracle::Conv::Transpose ? "" : ", dilation = " + array(p.dilation)) +
        ", acc_type = " + c.accType;
    const std::string text =
        "func.func @main(%i: " + in + ", %w: " + w + ", %b: " + bias + ", %izp: " + izp +
        ", %wzp: " + wzp + ") -> " + out + " {\n  %0 = " + name + " %i, %w, %b, %izp, %wzp {" +
        attributes + "} : (" + in + ", " + w + ", " + bias + ", " + izp + ", " + wzp + ") -> " +
        out + "\n  return %0 : " + out + "\n}\n";
    compareProgram(context, text,
                   {literal(c.input), literal(c.weight), literal(c.bias), literal(c.inputZp),
                    literal(c.weightZp)},
                   expectConv(c), name);
    ++run;
  }
}

TEST(Programs, Conv2d) { convPrograms(oracle::Conv::Conv2d, 0x3a7d02); }
TEST(Programs, DepthwiseConv2d) { convPrograms(oracle::Conv::Depthwise, 0x3a7d03); }
TEST(Programs, TransposeConv2d) { convPrograms(oracle::Conv::Transpose, 0x3a7d04); }

void poolPrograms(bool average, uint64_t seed) {
  mlir::MLIRContext context;
  ir::registerAcceptedDialects(context);
  SplitMix64 prng(seed);
  int64_t run = 0;
  const char *name = average ? "tosa.avg_pool2d" : "tosa.max_pool2d";
  while (run < programCount()) {
    PoolCase c = randomPool(prng, average);
    if (!verifiable(c.input) || c.input.size() > 5000 || c.input.shape.size() != 4 ||
        c.inputZp.size() != 1 || c.outputZp.size() != 1 || c.inputZp.poison[0] ||
        c.outputZp.poison[0])
      continue;
    const auto &p = c.params;
    bool valid = true; // what the verifier checks on the attributes
    for (size_t i = 0; i < 2; ++i)
      valid = valid && p.kernel[i] >= 1 && p.kernel[i] <= INT32_MAX && p.stride[i] >= 1 &&
              p.stride[i] <= INT32_MAX;
    for (size_t i = 0; i < 4; ++i)
      valid = valid && p.pad[i] >= 0 && p.pad[i] < p.kernel[i / 2];
    const tk::TypeTable &table = average ? tk::avgPoolTypes() : tk::maxPoolTypes();
    bool supported = false;
    for (const auto &row : table.rows)
      supported = supported || (c.input.type == row[0] && (!average || c.accType == row[1]));
    if (!valid || !supported)
      continue;
    c.out = Declared{true, {-1, -1, -1, -1}};
    const std::string in = dynamicType(4, c.input.type), out = dynamicType(4, c.input.type);
    const std::string zp = "tensor<1x" + c.input.type + ">";
    const std::string attributes = "kernel = " + array(p.kernel) + ", stride = " +
                                   array(p.stride) + ", pad = " + array(p.pad);
    std::string text;
    std::vector<std::string> arguments{literal(c.input)};
    if (average) {
      text = "func.func @main(%i: " + in + ", %izp: " + zp + ", %ozp: " + zp + ") -> " + out +
             " {\n  %0 = tosa.avg_pool2d %i, %izp, %ozp {" + attributes +
             ", acc_type = " + c.accType + "} : (" + in + ", " + zp + ", " + zp + ") -> " + out +
             "\n  return %0 : " + out + "\n}\n";
      arguments.push_back(literal(c.inputZp));
      arguments.push_back(literal(c.outputZp));
    } else {
      text = "func.func @main(%i: " + in + ") -> " + out + " {\n  %0 = tosa.max_pool2d %i {" +
             attributes + (c.ignoreNaN ? ", nan_mode = IGNORE" : "") + "} : (" + in + ") -> " +
             out + "\n  return %0 : " + out + "\n}\n";
    }
    compareProgram(context, text, arguments, expectPool(c), name);
    ++run;
  }
}

TEST(Programs, AvgPool2d) { poolPrograms(true, 0x3a7d05); }
TEST(Programs, MaxPool2d) { poolPrograms(false, 0x3a7d06); }

} // namespace
} // namespace qi::eval
