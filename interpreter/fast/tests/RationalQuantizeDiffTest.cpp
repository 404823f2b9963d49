//===- RationalQuantizeDiffTest.cpp - Exact-arithmetic qcast in integers --===//
//
// Spec: [fast.exact-rational], [fast.proof] (spec/performance.md).
//
// Proves RationalQuantizer (RationalQuantize.h) identical to QuantizeKernel
// under exact arithmetic (Semantics::arithRounding == nullopt), bits and
// poison:
// - RationalDecoder against numeric::decode: every pattern of every format
//   of at most 19 bits the path claims (f16, bf16, tf32, each f8, f6, f4),
//   every sign and exponent field of f32, f64 and f80 with edge fractions
//   (for f80 every integer-bit class: unnormals, pseudo-denormals,
//   pseudo-infinities, pseudo-NaNs), and 10^6 random f32, f64 and f80
//   patterns each;
// - every input pattern of f16, bf16, tf32 and of each f8 / f6 / f4 format
//   through quantizeTensor (host-float path and table, both asserted taken)
//   and quantizeOne, on 14 per-layer types (i1, u1, i8, u8, i16, u16, u4,
//   i32, u32, narrow bounds; scales 0.1, 0.0123, 1/3, 3.7e-5, 2^-10, 256,
//   1000, 0.7, 1, f32 subnormals, one near E's smallest subnormal and one
//   near its largest value; zero points 0 and the storage extremes), two
//   per-axis types (innermost and outermost axis) and two sub-channel types
//   (scales stored in E). Half of the jobs use the exact profile, the others
//   cycle through all 7 x 6 x 4 rounding / NaN / overflow knobs and the
//   recipes of every profile (float clamps and upper bounds removed); the
//   8-bit and narrower formats run every case under all 168 knob
//   combinations;
// - 10,002,432 f32 inputs in batches of 4096 on random per-layer types
//   (FastDiffInputs.h plus exact ties of short dyadic scales, |x / s| around
//   the path's bounds 2^-1 and 2^40, integers), half with the exact profile,
//   half cycling knobs and recipes; and per-axis / sub-channel f32 and f64
//   tensors;
// - 10,002,432 f64 inputs the same way (scales also near f64's limits);
// - 10,002,432 f80 inputs (X87DiffInputs.h: every f80 encoding class, ties,
//   storage bounds, |x / s| around 2^31 ... 2^64, plus |x / s| around the
//   path's bounds 2^-1 and 2^40) on per-layer and per-axis types with f64
//   scales and sub-channel types with f80 scales (64-bit significands, f80
//   subnormal to largest), half with the exact profile, half cycling knobs.
// - negative scales (built directly; MLIR's verifier rejects them) on 16
//   f32 / f64 tensors.
// Two threads share the jobs.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/tests/FastDiffInputs.h"
#include "interpreter/fast/tests/HostPathCheck.h"

#include "interpreter/fast/tests/NarrowCases.h"
#include "interpreter/fast/tests/SweepTier.h"
#include "interpreter/fast/tests/X87DiffInputs.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/fast/RationalQuantize.h"

#include <algorithm>
#include "interpreter/fast/Dispatch.h"

#include <atomic>
#include <cstdio>
#include <functional>
#include <mutex>
#include <thread>

#ifndef QI_EXACT_DIFF_F32_INPUTS
#define QI_EXACT_DIFF_F32_INPUTS 10000000
#endif
#ifndef QI_EXACT_DIFF_WIDE_INPUTS // f64 and f80 each
#define QI_EXACT_DIFF_WIDE_INPUTS 10000000
#endif

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;
using namespace host;
namespace {

constexpr int64_t kBatch = 4096;

/// Runs job(k) for k in [0, count) on two threads.
void onTwoThreads(size_t count, const std::function<void(size_t)> &job) {
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t k; (k = next++) < count;)
      job(k);
  };
  std::thread other(worker);
  worker();
  other.join();
}

Semantics exactProfile() { return *findProfile("exact"); }

/// Knob combination k of the 7 x 6 x 4 (k mod 168), with the quantize recipe
/// of profile number r (its float clamps, upper bound and rounding before
/// the zero point removed, its intermediate integer at most 32 bits: this
/// path does not claim them), all under exact arithmetic.
Semantics cycledKnobs(uint64_t k, uint64_t r) {
  Semantics s = exactProfile();
  const uint64_t combo = k % (7 * 6 * 4);
  s.rounding = kAllRoundingModes[combo % 7];
  s.nan = kAllNanPolicies[(combo / 7) % 6];
  s.overflow = kAllOverflowPolicies[combo / 42];
  const auto &names = profileNames();
  s.quantize = findProfile(names[r % names.size()])->quantize;
  s.quantize.clampInFloat = false;
  s.quantize.floatUpperBound = 0;
  s.quantize.clampHighInFloat = false;
  s.quantize.roundBeforeZeroPoint = false;
  s.quantize.intermediateBits = std::min(s.quantize.intermediateBits, 32u);
  s.arithRounding = std::nullopt;
  return s;
}

std::string describeType(const QuantType &t) {
  std::string text = t.spelling + " [" + std::to_string(t.storageMin) + "," +
                     std::to_string(t.storageMax) + "] scales";
  for (size_t i = 0; i < t.scales.size() && i < 4; ++i)
    text += " " + hexBits(t.scales[i].bits) + ":" + std::to_string(t.zeroPoints[i]);
  return text;
}

//===----------------------------------------------------------------------===//
// The decoder
//===----------------------------------------------------------------------===//

::testing::AssertionResult decodesLikeCore(const RationalDecoder &decoder, const FloatFormat &f,
                                           Bits bits) {
  const RationalInput x = decoder.decode(bits);
  const numeric::Exact want = numeric::decode(f, bits);
  auto fail = [&](const char *what) {
    return ::testing::AssertionFailure()
           << f.name << " " << hexBits(bits) << ": " << what << ", core " << want.toString();
  };
  if (want.isNaN())
    return x.kind == RationalInput::Kind::NaN ? ::testing::AssertionSuccess() : fail("not NaN");
  if (want.isInfinity())
    return x.kind == RationalInput::Kind::Infinity && x.negative == want.negative
               ? ::testing::AssertionSuccess()
               : fail("not the infinity");
  if (x.kind != RationalInput::Kind::Finite || x.negative != want.negative ||
      (f.precision < 64 && x.significand >> f.precision) ||
      (x.significand == 0) != want.isZero())
    return fail("class, sign or zero differs");
  const numeric::Exact got =
      numeric::Exact::fromRatio(numeric::BigInt(x.significand), 1, x.exponent);
  numeric::Exact magnitude = want;
  magnitude.negative = false;
  if (numeric::exactCompare(got, magnitude) != 0)
    return fail("value differs");
  return ::testing::AssertionSuccess();
}

// [fast.exact-rational] the bit-level decoding is numeric::decode's.
TEST(ExactQuantizeDiff, DecoderEqualsNumericCore) {
  int64_t checked = 0, formats = 0;
  for (const FloatFormat *f : numeric::allFloatFormats()) {
    if (!RationalDecoder::supports(*f))
      continue;
    ++formats;
    const RationalDecoder decoder(*f);
    EXPECT_EQ(decoder.isX87(), f == &fmt("f80"));
    if (f->sizeInBits <= 19) { // every pattern
      for (uint32_t b = 0; b < (uint32_t(1) << f->sizeInBits); ++b, ++checked)
        ASSERT_TRUE(decodesLikeCore(decoder, *f, b));
      continue;
    }
    ASSERT_TRUE(f == &fmt("f32") || f == &fmt("f64") || f == &fmt("f80")) << f->name;
    // Every sign and exponent field with edge and random fractions (f80:
    // with the integer bit set and clear), then random patterns (bits above
    // the format are ignored).
    Rng rng(77 + f->sizeInBits);
    const unsigned fractionBits = f == &fmt("f80") ? 63 : f->precision - 1;
    const uint64_t top = uint64_t(1) << (fractionBits - 1), all = (top << 1) - 1;
    const unsigned fields = 1u << (f->sizeInBits - fractionBits - (f == &fmt("f80") ? 1 : 0));
    for (uint64_t field = 0; field < fields; ++field)
      for (uint64_t fraction : {uint64_t(0), uint64_t(1), uint64_t(2), uint64_t(3), top - 1,
                                top, top + 1, all - 1, all, rng.next() & all, rng.next() & all}) {
        if (f == &fmt("f80")) {
          for (uint64_t integerBit : {uint64_t(0), uint64_t(1) << 63})
            ASSERT_TRUE(decodesLikeCore(decoder, *f,
                                        (Bits(field) << 64) | integerBit | fraction));
          checked += 2;
          continue;
        }
        ASSERT_TRUE(decodesLikeCore(decoder, *f, (Bits(field) << fractionBits) | fraction));
        ++checked;
      }
    for (int i = 0; i < 1000000; ++i, ++checked)
      ASSERT_TRUE(decodesLikeCore(decoder, *f, (Bits(rng.next()) << 64) | rng.next()));
  }
  EXPECT_EQ(formats, 17); // f16 bf16 f32 tf32 f64 f80, 8 f8, 2 f6, f4
  EXPECT_GT(checked, 5000000);
}

// [fast.exact-rational] what the path claims and what it leaves to the
// reference kernel.
TEST(ExactQuantizeDiff, Coverage) {
  const Semantics exact = exactProfile();
  EXPECT_TRUE(RationalQuantizer::supports(perLayer(sInt(8), fmt("f32"), 0.1), exact));
  EXPECT_TRUE(RationalQuantizer::supports(perLayer(uInt(32), fmt("f16"), 0.1, 4294967295),
                                               exact));
  EXPECT_FALSE(RationalQuantizer::supports(perLayer(sInt(8), fmt("f32"), 0.1),
                                                *findProfile("reference")));
  EXPECT_TRUE(RationalQuantizer::supports(perLayer(sInt(8), fmt("f64"), 0.1), exact));
  EXPECT_TRUE(RationalQuantizer::supports(perLayer(sInt(8), fmt("f80"), 0.1), exact));
  // f80 scales with a 64-bit significand; f128 inputs and 113-bit scales
  // are not claimed.
  const Bits wideScale = f80Pattern(false, 0x3FF0, ~uint64_t(0));
  EXPECT_TRUE(RationalQuantizer::supports(
      subChannel(sInt(8), fmt("f80"), {{0, 1}}, {1}, {wideScale}, {0}), exact));
  EXPECT_FALSE(RationalQuantizer::supports(perLayer(sInt(8), fmt("f128"), 0.1), exact));
  const std::optional<RationalScale> wide = rationalScale({&fmt("f80"), wideScale});
  ASSERT_TRUE(wide);
  EXPECT_EQ(wide->bits, 64);
  EXPECT_EQ(wide->significand, ~uint64_t(0));
  EXPECT_EQ(wide->exponent, 0x3FF0 - 16383 - 63);
  const Bits f128Scale = (Bits(0x3FF0) << 112) | 1; // 1 + 2^-112: 113-bit significand
  EXPECT_FALSE(rationalScale({&fmt("f128"), f128Scale}));
  const Bits f128Short = (Bits(0x3FF0) << 112) | (Bits(1) << 49); // 64-bit significand
  EXPECT_TRUE(rationalScale({&fmt("f128"), f128Short}));
  EXPECT_FALSE(rationalScale({&fmt("f128"), f128Short | (Bits(1) << 48)}));
  EXPECT_FALSE(RationalQuantizer::supports(perLayer(sInt(64), fmt("f32"), 0.1), exact));
  EXPECT_FALSE(RationalQuantizer::supports(perLayer(sInt(8), fmt("f32"), 0.0), exact));
  EXPECT_FALSE(
      RationalQuantizer::supports(perLayer(sInt(8), fmt("f32"), INFINITY), exact));
  for (const char *profile : {"onnxruntime-mlas", "pytorch-fbgemm"}) { // float clamp / bound
    Semantics s = *findProfile(profile);
    s.arithRounding = std::nullopt;
    EXPECT_FALSE(RationalQuantizer::supports(perLayer(sInt(8), fmt("f32"), 0.1), s));
  }
}

//===----------------------------------------------------------------------===//
// Every pattern of the narrow formats
//===----------------------------------------------------------------------===//

/// A scale near E's smallest positive value and one near its largest.
double smallestOf(const FloatFormat &e) {
  return std::ldexp(1.0, e.minExponent - int(e.precision) + 1);
}
double tinyOf(const FloatFormat &e) { return 1.3 * smallestOf(e); }
double hugeOf(const FloatFormat &e) {
  return 0.7 * std::ldexp(2.0 - std::ldexp(1.0, 1 - int(e.precision)), e.maxExponent);
}

/// A scale stored in E (sub-channel): rounded into E, or 1 where E has no
/// finite non-zero value near it.
Bits scaleInE(const FloatFormat &e, double v) {
  const Bits b = narrowBits(e, v);
  const numeric::Exact x = numeric::decode(e, b);
  return x.isFinite() && !x.isZero() ? b : narrowBits(e, 1.0);
}

std::vector<NarrowCase> exhaustiveCases(const FloatFormat &e) {
  const int64_t n = int64_t(1) << e.sizeInBits;
  using Bounds = std::optional<std::pair<int64_t, int64_t>>;
  struct Row {
    IntFormat storage;
    Bounds bounds;
    double scale;
    int64_t zeroPoint;
  };
  const std::vector<Row> rows = {
      {sInt(8), {}, 0.1, 0},
      {uInt(8), {}, 0.0123, 255},
      {sInt(16), {}, 1.0 / 3, -32768},
      {uInt(4), {}, 3.7e-5, 15},
      {sInt(32), {}, 0x1p-10, INT32_MIN},
      {uInt(16), {}, 256.0, 0},
      {sInt(8), Bounds{{-127, 127}}, 1000.0, 127},
      {sInt(1), {}, tinyOf(e), -1},
      {uInt(1), {}, hugeOf(e), 1},
      {sInt(8), {}, 1e-40, 0},                         // an f32 subnormal
      {uInt(8), Bounds{{1, 200}}, 0.7, 100},
      {sInt(32), {}, 1.0, INT32_MAX},
      {sInt(16), {}, 2.8e-45, 0},                      // twice f32's smallest
      {uInt(32), {}, 0.05, 4294967295},
  };
  std::vector<NarrowCase> cases;
  for (const Row &r : rows)
    cases.push_back({perLayer(r.storage, e, r.scale, r.zeroPoint, r.bounds), {n}, 1});
  // Per-axis, channel axis innermost (a parameter per element).
  cases.push_back({perAxis(sInt(8), e, 1, {0.1, tinyOf(e), hugeOf(e), 1.0 / 3}, {0, -128, 127, 5}),
                   {n, 4}, 4});
  // Per-axis, channel axis outermost (runs of one parameter), narrow bounds.
  cases.push_back({perAxis(uInt(8), e, 0, {0.0123, 1.0, 0x1p-8, 0.7}, {0, 255, 128, 250},
                           std::pair<int64_t, int64_t>{0, 250}),
                   {4, n}, 1});
  // Sub-channel: blocks of one along axes 0 and 2; scales stored in E.
  auto sub = [&](IntFormat storage, std::vector<double> scales, std::vector<int64_t> zps) {
    std::vector<Bits> bits;
    for (double s : scales)
      bits.push_back(scaleInE(e, s));
    return NarrowCase{subChannel(storage, e, {{0, 1}, {2, 1}}, {2, 1, 2}, bits, zps),
                      {2, n, 2}, 2};
  };
  cases.push_back(sub(sInt(16), {0.1, 1.0 / 3, tinyOf(e), 2.5}, {0, -32768, 32767, 9}));
  cases.push_back(sub(uInt(4), {0.7, hugeOf(e), 0.05, 1e-3}, {0, 15, 8, 3}));
  return cases;
}

/// Every element of `c` under `s`: quantizeTensor on the host-float path and
/// on the table (both must be taken) and quantizeOne, against the exact
/// kernel with the element's parameter.
void proveCase(const NarrowCase &c, const Semantics &s, Outcome &outcome) {
  const std::string where = describeType(c.type) + " " + s.describe();
  if (!RationalQuantizer::supports(c.type, s))
    return outcome.fail("path does not claim " + where);
  const RuntimeValue input = narrowInput(c);
  const ParameterMap map = narrowMap(c);
  const QuantizeKernel exact(c.type, s);
  const RationalQuantizer fast(c.type, s, exact);
  std::vector<int64_t> want(size_t(input.size())), parameter(size_t(input.size()));
  for (int64_t i = 0; i < input.size(); ++i) {
    parameter[size_t(i)] = map.parameterIndex(i);
    const StoredOutcome e = exact(input.get(i), parameter[size_t(i)]);
    want[size_t(i)] = e.poison ? -1 : static_cast<int64_t>(c.type.storage.toBits(e.value));
  }
  int64_t bad = 0;
  auto check = [&](const char *path, int64_t i, int64_t got) {
    if (got != want[size_t(i)] && bad++ == 0)
      outcome.fail(where + " " + path + " element " + std::to_string(i) + " x=" +
                   hexBits(input.get(i)) + " parameter " +
                   std::to_string(parameter[size_t(i)]) + ": exact " +
                   std::to_string(want[size_t(i)]) + ", got " + std::to_string(got));
  };
  for (int64_t i = 0; i < input.size(); ++i)
    check("quantizeOne", i, fast.quantizeOne(input.get(i), parameter[size_t(i)]));
  const ElementType storage = elementTypeOf(std::make_shared<QuantType>(c.type));
  for (KernelPath path : {KernelPath::Rational, KernelPath::Table}) {
    RuntimeValue result = RuntimeValue::tensor(storage, c.shape);
    // A table must be filled by the rational quantizer.
    const std::optional<KernelPlan> plan = quantizeBy(path, c.type, s, map, input, result);
    if (!plan || (path == KernelPath::Table && plan->tableFiller != KernelPath::Rational))
      return outcome.fail(where + ": path " + std::string(kernelPathName(path)) + " not taken");
    for (int64_t i = 0; i < input.size(); ++i)
      check(kernelPathName(path).data(), i,
            result.isPoison(i) ? -1 : static_cast<int64_t>(result.get(i)));
  }
  if (bad > 1) {
    std::lock_guard<std::mutex> lock(outcome.mutex);
    outcome.mismatches += bad - 1;
  }
  outcome.compared += 3 * input.size();
}

struct Job {
  NarrowCase c;
  Semantics s;
};

void proveExhaustive(const std::vector<const FloatFormat *> &formats, int64_t minimum) {
  std::vector<Job> jobs;
  for (const FloatFormat *e : formats) {
    const std::vector<NarrowCase> cases = exhaustiveCases(*e);
    for (size_t k = 0; k < cases.size(); ++k) {
      if (e->sizeInBits <= 8) { // every knob combination on every case
        jobs.push_back({cases[k], exactProfile()});
        for (uint64_t combo = 0; combo < 168; ++combo)
          jobs.push_back({cases[k], cycledKnobs(combo, combo + k)});
        continue;
      }
      // Even cases: the exact profile; odd ones cycle the knobs (toward
      // +-inf and to-odd first) and the recipes.
      jobs.push_back({cases[k], k % 2 ? cycledKnobs(k / 2 * 43 + 4, k / 2) : exactProfile()});
    }
  }
  // The quick tier runs every fifth job (each still over every pattern).
  const size_t stride = caseStride(5);
  Outcome outcome;
  onTwoThreads((jobs.size() + stride - 1) / stride,
               [&](size_t k) { proveCase(jobs[k * stride].c, jobs[k * stride].s, outcome); });
  std::printf("compared %lld results (%zu of %zu type x knob jobs)\n",
              static_cast<long long>(outcome.compared.load()),
              (jobs.size() + stride - 1) / stride, jobs.size());
  EXPECT_EQ(outcome.mismatches.load(), 0) << outcome.first;
  EXPECT_GE(outcome.compared.load(), minimum / int64_t(stride));
}

// [fast.exact-rational] [fast.proof]
TEST(ExactQuantizeDiff, F16EveryPattern) { proveExhaustive({&fmt("f16")}, 3 * 18 * 65536); }
TEST(ExactQuantizeDiff, BF16EveryPattern) { proveExhaustive({&fmt("bf16")}, 3 * 18 * 65536); }
TEST(ExactQuantizeDiff, TF32EveryPattern) {
  proveExhaustive({&fmt("tf32")}, 3 * 18 * (int64_t(1) << 19));
}
TEST(ExactQuantizeDiff, Narrow8BitAndBelowEveryPatternEveryKnob) {
  std::vector<const FloatFormat *> formats;
  for (const FloatFormat *f : numeric::allFloatFormats())
    if (f->sizeInBits <= 8)
      formats.push_back(f);
  ASSERT_EQ(formats.size(), 11u); // 8 f8, 2 f6, f4
  proveExhaustive(formats, 0);
}

/// quantizeTensor on `input` (the host-float path must be taken) and
/// quantizeOne on each non-poison element, against the reference kernel with
/// the element's parameter, poison included.
void checkTensor(const QuantType &type, const Semantics &s, const ParameterMap &map,
                 const RuntimeValue &input, Outcome &outcome) {
  const std::string where = describeType(type) + " " + s.describe();
  if (!RationalQuantizer::supports(type, s))
    return outcome.fail("path does not claim " + where);
  RuntimeValue result = RuntimeValue::tensor(
      elementTypeOf(std::make_shared<QuantType>(type)), input.shape());
  if (!quantizeBy(KernelPath::Rational, type, s, map, input, result))
    return outcome.fail(where + ": rational path not taken");
  const QuantizeKernel exact(type, s);
  const RationalQuantizer fast(type, s, exact);
  compareWithExact(type, exact, fast, map, input, result, outcome, [&](int64_t i, int64_t p) {
    return where + " element " + std::to_string(i) + " parameter " + std::to_string(p) +
           " x=" + hexBits(input.get(i));
  });
}

//===----------------------------------------------------------------------===//
// f32 and f64: random types and edge inputs
//===----------------------------------------------------------------------===//

/// A random per-layer type of expressed f32 or f64 (FastDiffInputs.h); one
/// in three gets a short dyadic scale S * 2^r (S odd < 2^12), whose ties
/// k + 1/2 are values of E; f64 types one in six a scale near f64's limits.
QuantType randomType(Rng &rng, const FloatFormat &e) {
  QuantType t = randomPerLayerType(rng, e);
  std::optional<std::pair<int64_t, int64_t>> bounds;
  if (t.hasNarrowBounds())
    bounds = {t.storageMin, t.storageMax};
  if (rng.chance(3)) {
    const double scale = std::ldexp(double(2 * rng.range(0, 2047) + 1),
                                    static_cast<int>(rng.range(-60, 20)));
    t = perLayer(t.storage, e, scale, t.zeroPoints[0], bounds);
  } else if (&e == &fmt("f64") && rng.chance(6)) {
    const double random = 1.0 + double(rng.next() >> 11) * 0x1p-53;
    const double scale = rng.chance(2) ? std::ldexp(random, int(rng.range(-1074, -1000)))
                                       : std::ldexp(random, int(rng.range(1000, 1023)));
    t = perLayer(t.storage, e, asF64Scale(scale), t.zeroPoints[0], bounds);
  }
  return t;
}

/// Inputs aimed at this path's own edges: exact ties, integers, |x / s|
/// around 2^-1 (the smallest quotient it divides) and 2^40 (its overflow
/// bound), each with +-1 ULP neighbours; in f32 or f64 as t's expressed type.
Bits edgeInput(Rng &rng, const QuantType &t) {
  const bool isF64 = t.expressed == &fmt("f64");
  const double s = scaleOf(t), zp = double(t.zeroPoints[0]);
  auto nudge = [&](double v) {
    const int steps = rng.chance(2) ? 0 : int(rng.range(-1, 1));
    return isF64 ? Bits(uint64_t(uint64_t(f64Bits(v)) + int64_t(steps)))
                 : Bits(uint32_t(uint32_t(f32Bits(static_cast<float>(v))) + int32_t(steps)));
  };
  const double sign = rng.chance(2) ? 1 : -1;
  switch (rng.below(4)) {
  case 0: // |x / s| around 2^37 ... 2^44
    return nudge(sign * std::ldexp(s, int(rng.range(37, 44))));
  case 1: // |x / s| around 2^-5 ... 2^2
    return nudge(sign * std::ldexp(s, int(rng.range(-5, 2))));
  case 2: { // ties k + 1/2 (exact when S * (2k+1) fits E), beside the storage range too
    const double k = double(rng.range(t.storageMin - 3, t.storageMax + 2)) + 0.5;
    return nudge((k - zp) * s);
  }
  default: { // integers
    const double k = double(rng.range(t.storageMin - 3, t.storageMax + 2));
    return nudge((k - zp) * s);
  }
  }
}

/// Batch `b` of kBatch inputs on one random per-layer type of expressed `e`:
/// quantizeTensor (host-float path asserted) and quantizeOne against the
/// reference kernel.
void runBatch(uint64_t b, const FloatFormat &e, Outcome &outcome) {
  Rng rng(0xe8ac7000ull + b * 104729 + (&e == &fmt("f64") ? 0x64000000ull : 0));
  const QuantType type = randomType(rng, e);
  const Semantics s = b % 2 ? cycledKnobs(b / 2, b / 2 / 168 + b / 2) : exactProfile();
  RuntimeValue input = RuntimeValue::tensor(ElementType::makeFloat(e), {kBatch});
  for (int64_t i = 0; i < kBatch; ++i)
    input.set(i, rng.chance(4) ? edgeInput(rng, type) : randomInput(rng, type));
  std::string error;
  checkTensor(type, s, *ParameterMap::build(type, {kBatch}, true, error), input, outcome);
}

void proveRandom(const FloatFormat &e, int64_t inputs) {
  Outcome outcome;
  onTwoThreads(size_t((inputs + kBatch - 1) / kBatch),
               [&](size_t b) { runBatch(b, e, outcome); });
  std::printf("compared %lld %s inputs\n", static_cast<long long>(outcome.compared.load()),
              std::string(e.name).c_str());
  EXPECT_EQ(outcome.mismatches.load(), 0) << outcome.first;
  EXPECT_GE(outcome.compared.load(), inputs);
}

// [fast.exact-rational] [fast.proof]
TEST(ExactQuantizeDiff, F32RandomTypesAndEdges) {
  proveRandom(fmt("f32"), sweepCount(QI_EXACT_DIFF_F32_INPUTS, 10));
}
TEST(ExactQuantizeDiff, F64RandomTypesAndEdges) {
  proveRandom(fmt("f64"), sweepCount(QI_EXACT_DIFF_WIDE_INPUTS, 10));
}

// [fast.exact-rational] a negative scale (MLIR's verifier rejects one, the
// kernels take it when a type is built directly): the sign of x / s.
TEST(ExactQuantizeDiff, NegativeScales) {
  Outcome outcome;
  for (uint64_t b = 0; b < 16; ++b) {
    Rng rng(0x5e6a7ull + b);
    const FloatFormat &e = b % 2 ? fmt("f64") : fmt("f32");
    const QuantType positive = randomType(rng, e);
    std::optional<std::pair<int64_t, int64_t>> bounds;
    if (positive.hasNarrowBounds())
      bounds = {positive.storageMin, positive.storageMax};
    const QuantType type =
        perLayer(positive.storage, e, -scaleOf(positive), positive.zeroPoints[0], bounds);
    RuntimeValue input = RuntimeValue::tensor(ElementType::makeFloat(e), {kBatch});
    for (int64_t i = 0; i < kBatch; ++i)
      input.set(i, rng.chance(4) ? edgeInput(rng, positive) : randomInput(rng, positive));
    std::string error;
    checkTensor(type, b % 4 < 2 ? exactProfile() : cycledKnobs(b * 41, b),
                *ParameterMap::build(type, {kBatch}, true, error), input, outcome);
  }
  EXPECT_EQ(outcome.mismatches.load(), 0) << outcome.first;
  EXPECT_EQ(outcome.compared.load(), 16 * kBatch);
}

// [fast.exact-rational] per-axis and sub-channel f32 and f64 (scales as f64
// and as E, from subnormal to huge) through the dispatcher.
TEST(ExactQuantizeDiff, F32AndF64ChannelsAndBlocks) {
  Outcome outcome;
  onTwoThreads(80, [&](size_t k) {
    Rng rng(0xc4a7ull + k);
    const FloatFormat &e = k < 40 ? fmt("f32") : fmt("f64");
    const bool isF64 = &e == &fmt("f64");
    const Semantics s = k % 2 ? cycledKnobs(k * 29, k) : exactProfile();
    auto randomScale = [&] {
      return std::ldexp(1.0 + double(rng.next() >> 11) * 0x1p-53,
                        static_cast<int>(isF64 ? rng.range(-1060, 1000) : rng.range(-140, 120)));
    };
    QuantType t;
    Shape shape;
    if (k % 4 < 2) {
      std::vector<double> scales;
      std::vector<int64_t> zps;
      for (int c = 0; c < 5; ++c) {
        scales.push_back(c == 0 ? 0.1 : c == 1 ? 1e-42 : randomScale());
        zps.push_back(rng.range(-128, 127));
      }
      t = perAxis(sInt(8), e, int32_t(k % 2), scales, zps);
      shape = k % 2 ? Shape{700, 5} : Shape{5, 700};
    } else {
      std::vector<Bits> scales;
      std::vector<int64_t> zps;
      for (int c = 0; c < 6; ++c) {
        const double scale = c == 0 ? (isF64 ? 1e-320 : 3e-45) : randomScale();
        scales.push_back(isF64 ? f64Bits(scale) : f32Bits(static_cast<float>(scale)));
        zps.push_back(rng.range(0, 65535));
      }
      t = subChannel(uInt(16), e, {{0, 100}, {1, 2}}, {3, 2}, scales, zps);
      shape = {300, 4};
    }
    RuntimeValue input = RuntimeValue::tensor(ElementType::makeFloat(e), shape);
    std::string error;
    const ParameterMap map = *ParameterMap::build(t, shape, true, error);
    for (int64_t i = 0; i < input.size(); ++i) {
      // Inputs in the range of the element's own scale.
      const size_t p = size_t(map.parameterIndex(i));
      const ScaleValue &v = t.scales[p];
      const double scale = v.format == &fmt("f32") ? double(f32Of(v.bits)) : f64Of(v.bits);
      const QuantType layer = perLayer(t.storage, e, scale, t.zeroPoints[p]);
      input.set(i, rng.chance(4) ? edgeInput(rng, layer) : randomInput(rng, layer));
    }
    input.setPoison(input.size() / 3); // a poison input stays poison
    checkTensor(t, s, map, input, outcome);
  });
  EXPECT_EQ(outcome.mismatches.load(), 0) << outcome.first;
  EXPECT_EQ(outcome.compared.load(), 2 * (20 * 3500 + 20 * 1200));
}

//===----------------------------------------------------------------------===//
// f80: random types, every encoding class
//===----------------------------------------------------------------------===//

/// An f80 input with |x / s| around 2^-5 ... 2^2 or 2^37 ... 2^44 (the
/// path's bounds 2^-1 and 2^40), +-1 ULP.
Bits f80BoundInput(Rng &rng, long double scale) {
  const int power = static_cast<int>(rng.chance(2) ? rng.range(37, 44) : rng.range(-5, 2));
  const long double v = std::ldexp(scale, power) * (rng.chance(2) ? 1 : -1);
  return onGrid(v, Grid::F80, static_cast<int>(rng.range(-1, 1)));
}

/// Batch `b`: a per-layer (f64 scale), per-axis (f64 scales) or sub-channel
/// (f80 scales) type of expressed f80 on about kBatch elements, inputs from
/// X87DiffInputs.h aimed at each element's parameter, one in eight at the
/// path's own bounds, one poison.
void runF80Batch(uint64_t b, Outcome &outcome) {
  Rng rng(0xf80e7ac7ull + b * 7919);
  const Semantics s = b % 2 ? cycledKnobs(b / 2, b / 2 / 168 + b / 2) : exactProfile();
  Shape shape{kBatch};
  QuantType type;
  if (b % 3 == 0) {
    const StorageChoice sc = randomStorage(rng);
    const int64_t zeroPoint = randomZeroPoint(rng, sc.storage);
    type = perLayer(sc.storage, fmt("f80"), asF64Scale(randomScale(rng, false)), zeroPoint,
                    sc.bounds);
  } else {
    type = randomF80ChannelType(rng, kBatch, shape);
  }
  std::string error;
  const ParameterMap map = *ParameterMap::build(type, shape, true, error);
  RuntimeValue input = RuntimeValue::tensor(ElementType::makeFloat(fmt("f80")), shape);
  fillAimedF80Inputs(rng, type, map, Grid::F80, input);
  for (int64_t i = 0; i < input.size(); ++i)
    if (rng.chance(8))
      input.set(i, f80BoundInput(rng, f80ScaleValue(type.scales[size_t(map.parameterIndex(i))])));
  input.setPoison(static_cast<int64_t>(rng.below(uint64_t(input.size()))));
  checkTensor(type, s, map, input, outcome);
}

// [fast.exact-rational] [fast.proof]
TEST(ExactQuantizeDiff, F80RandomTypesAndEveryEncodingClass) {
  if (!kHostHasX87)
    GTEST_SKIP() << "the f80 inputs are generated with x87 long double, absent on this host";
  const int64_t inputs = sweepCount(QI_EXACT_DIFF_WIDE_INPUTS, 10);
  Outcome outcome;
  onTwoThreads(size_t((inputs + kBatch - 1) / kBatch), [&](size_t b) { runF80Batch(b, outcome); });
  std::printf("compared %lld f80 inputs\n", static_cast<long long>(outcome.compared.load()));
  EXPECT_EQ(outcome.mismatches.load(), 0) << outcome.first;
  // Per-axis tensors of 3, 5, 6 or 7 channels hold a few elements fewer.
  EXPECT_GE(outcome.compared.load(), inputs * (kBatch - 6) / kBatch);
}

} // namespace
} // namespace qi::fast::test
