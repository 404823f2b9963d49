//===- ProfileEmulationTest.cpp - Profiles vs host emulations of backends -===//
//
// Spec: [sem.profiles], [recipe.quantize], [recipe.dequantize],
// [sem.nan-policy], [sem.overflow-policy]; clauses [profile.<name>] of
// interpreter/quant/Profiles.cpp.
//
// Each backend profile (findProfile(name) run by QuantizeKernel /
// DequantizeKernel) is compared bit for bit with ProfileEmulation.h, which
// does what the backend's source does with host float / double / int32
// arithmetic. qcast: >= 200,000 f32 inputs per profile (random bit
// patterns, ties k + 1/2 and their neighbours, +-0, NaNs, +-inf, |t| >= 2^31
// and the 2^31 boundary, subnormals, values around the clamp bounds) over
// i8 / u8 (several zero points, narrow bounds) and several scales, per-layer
// and per-axis. dcast: every stored value of i8 / u8 for several scales and
// zero points, per-layer, per-axis and sub-channel. A poison from the kernel
// must be a poison of the emulation (MLIR lowering out of range / NaN, the
// reference's NaN, TOSA's unpredictable NaN) and vice versa.
//
//===----------------------------------------------------------------------===//
#include "generators/Prng.h"
#include "interpreter/quant/tests/ProfileEmulation.h"
#include "interpreter/quant/tests/QuantTestUtil.h"

#include <chrono>
#include <cmath>
#include <sstream>

namespace qi::quant::test {
namespace {

/// [golden.prng] the project's portable generator.
using Rng = generators::SplitMix64;

const char *const kProfiles[] = {"tflite-reference", "onnx-reference",   "onnxruntime-mlas",
                                 "pytorch-aten", "pytorch-fbgemm", "xnnpack", "xnnpack-x86", "tosa-from-tflite",
                                 "mlir-lower-quant-ops", "reference"};

/// Scales (f64, as the type stores them): decimal, the reciprocal-trap
/// scale both as decimal and as the exact f32 value, powers of two, 1/3,
/// tiny (f32 subnormal, 1/s overflowing f32; 2^-126, where subnormal inputs
/// round to 0 or 1) and huge (2^127: 1/s subnormal, [recipe.flush]).
const double kScales[] = {0.1,
                          0.00214854861,
                          static_cast<double>(0.00214854861f),
                          1.0,
                          0.25,
                          0x1p-7,
                          16.0,
                          1.0 / 3.0,
                          1e-38,
                          1e-40,
                          0x1p-126,
                          1e38,
                          0x1p126,
                          0x1p127,
                          3.4e38};

struct StorageCase {
  emu::Storage st;
  std::vector<int64_t> zeroPoints;
};

std::vector<StorageCase> storageCases() {
  return {
      {emu::i8(), {0, -1, 5, -128, 127}},
      {emu::u8(), {0, 100, 128, 200, 255}},
      // Outside the storage type: MLIR's verifier accepts them and its
      // lowering wraps them ([sem.zero-point-storage]).
      {emu::i8(), {200, 300, -129, -300, 256}},
      {emu::u8(), {-120, -10, 256, 300, -256}},
      {{true, 8, -127, 127}, {0, 3}},      // i8<-127:127>
      {{false, 8, 1, 254}, {128, 0}},      // u8<1:254>
      {{true, 8, -100, 50}, {-10}},        // i8<-100:50>
  };
}

float nudge(float x, int ulps) {
  for (; ulps > 0; --ulps)
    x = std::nextafter(x, std::numeric_limits<float>::infinity());
  for (; ulps < 0; ++ulps)
    x = std::nextafter(x, -std::numeric_limits<float>::infinity());
  return x;
}

/// `n` f32 inputs for one (scale, zp, storage), mixing every input class.
std::vector<float> inputs(Rng &rng, double scale, int64_t zp, const emu::Storage &st, size_t n) {
  const double s = static_cast<double>(emu::narrowToFloat(scale));
  const int64_t kLo = st.lo - zp - 3, kHi = st.hi - zp + 3;
  static const float kSpecials[] = {
      0.0f, -0.0f, std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
      emu::floatOf(0x7FC00000u), emu::floatOf(0xFFC00000u), emu::floatOf(0x7F800001u),
      emu::floatOf(0xFFFFFFFFu), emu::floatOf(0x7FA00000u), FLT_MAX, -FLT_MAX, FLT_MIN, -FLT_MIN,
      FLT_TRUE_MIN, -FLT_TRUE_MIN, 1.0f, -1.0f, 0.5f, -0.5f};
  static const double kHugeT[] = {2147483520.0, 2147483648.0, 2147483904.0, 4294967296.0,
                                  1e10,         -2147483648.0, -2147483904.0, -1e10,
                                  2147483000.0, -2147483000.0, 8388608.5,   -8388607.5};
  std::vector<float> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    float x = 0;
    switch (i % 10) {
    case 0:
    case 1: // any bit pattern
      x = emu::floatOf(static_cast<uint32_t>(rng.next()));
      break;
    case 2: // specials
      x = kSpecials[rng.below(sizeof kSpecials / sizeof kSpecials[0])];
      break;
    case 3: // subnormals
      x = emu::floatOf(static_cast<uint32_t>(rng.below(0x800000)) |
                       (rng.below(2) ? 0x80000000u : 0u));
      break;
    case 4:
    case 5: { // ties t = k + 1/2 (and neighbours) around the clamp bounds and 0
      int64_t k = rng.below(4) == 0 ? rng.range(-3, 3) : rng.range(kLo, kHi);
      x = nudge(emu::narrowToFloat((static_cast<double>(k) + 0.5) * s),
                static_cast<int>(rng.range(-2, 2)));
      break;
    }
    case 6: { // realistic: t uniform in a window around [lo - zp, hi - zp]
      double t = static_cast<double>(rng.range(kLo - 10, kHi + 10)) +
                 static_cast<double>(rng.next() >> 11) * 0x1p-53;
      x = emu::narrowToFloat(t * s);
      break;
    }
    case 7: // |t| >= 2^31 and the int32 boundary
      x = nudge(emu::narrowToFloat(kHugeT[rng.below(sizeof kHugeT / sizeof kHugeT[0])] * s),
                static_cast<int>(rng.range(-3, 3)));
      break;
    case 8: { // small t: 0.5 + 2^-24, 0.7, -0.3, ...
      double t = (static_cast<double>(rng.next() >> 11) * 0x1p-53 - 0.5) * 4.0;
      x = emu::narrowToFloat(t * s);
      if (rng.below(2))
        x = nudge(x, static_cast<int>(rng.range(-1, 1)));
      break;
    }
    default: { // random mantissa, exponent such that |x / s| is in [2^-4, 2^34]
      int e = static_cast<int>(rng.range(-4, 34));
      double m = 1.0 + static_cast<double>(rng.next() >> 11) * 0x1p-53;
      x = emu::narrowToFloat(std::ldexp(m, e) * s * (rng.below(2) ? -1.0 : 1.0));
      break;
    }
    }
    out.push_back(x);
  }
  return out;
}

QuantType typeOf(const emu::Storage &st, double scale, int64_t zp) {
  std::optional<std::pair<int64_t, int64_t>> bounds;
  if (st.narrow())
    bounds = std::make_pair(st.lo, st.hi);
  return perLayer(st.isSigned ? sInt(st.width) : uInt(st.width), fmt("f32"), scale, zp, bounds);
}

std::string describeStored(const StoredOutcome &o) {
  return o.poison ? std::string("poison") : std::to_string(o.value);
}
std::string describeStored(const emu::Stored &o) {
  return o.poison ? std::string("poison") : std::to_string(o.value);
}

bool same(const StoredOutcome &a, const emu::Stored &b) {
  return a.poison == b.poison && (a.poison || a.value == b.value);
}

/// Compares one profile's qcast with its emulation; returns the number of
/// comparisons. Reports the first few mismatches.
size_t compareQuantize(const char *profile, uint64_t seed) {
  const emu::Backend *backend = emu::findBackend(profile);
  std::optional<Semantics> semantics = findProfile(profile);
  EXPECT_TRUE(backend && semantics) << profile;
  if (!backend || !semantics)
    return 0;
  Rng rng(seed);
  size_t compared = 0, mismatches = 0;
  // Per-layer.
  for (const StorageCase &sc : storageCases())
    for (int64_t zp : sc.zeroPoints)
      for (double scale : kScales) {
        QuantType type = typeOf(sc.st, scale, zp);
        QuantizeKernel kernel(type, *semantics);
        for (float x : inputs(rng, scale, zp, sc.st, 1050)) {
          StoredOutcome got = kernel(f32Bits(x), 0);
          emu::Stored want = backend->quantize(x, scale, zp, sc.st);
          ++compared;
          if (!same(got, want) && ++mismatches <= 5)
            ADD_FAILURE() << profile << " qcast " << type.spelling << " scale " << scale
                          << " zp " << zp << " x=" << hexBits(f32Bits(x)) << " (" << x
                          << "): kernel " << describeStored(got) << ", backend "
                          << describeStored(want);
        }
      }
  // Per-axis: four channels with different scales and zero points.
  const std::vector<double> axisScales = {0.1, static_cast<double>(0.00214854861f), 0.5, 3.0};
  const std::pair<emu::Storage, std::vector<int64_t>> axisCases[] = {
      {emu::i8(), {0, -3, 7, 127}}, {emu::u8(), {128, 0, 200, 255}},
      {emu::i8(), {200, -300, 300, -129}}, {emu::u8(), {-120, -10, 256, 300}}};
  for (const auto &[st, zps] : axisCases) {
    QuantType type = perAxis(st.isSigned ? sInt(8) : uInt(8), fmt("f32"), 0, axisScales, zps);
    QuantizeKernel kernel(type, *semantics);
    for (size_t c = 0; c < axisScales.size(); ++c)
      for (float x : inputs(rng, axisScales[c], zps[c], st, 2500)) {
        StoredOutcome got = kernel(f32Bits(x), static_cast<int64_t>(c));
        emu::Stored want = backend->quantize(x, axisScales[c], zps[c], st);
        ++compared;
        if (!same(got, want) && ++mismatches <= 5)
          ADD_FAILURE() << profile << " qcast per-axis channel " << c << " x="
                        << hexBits(f32Bits(x)) << " (" << x << "): kernel "
                        << describeStored(got) << ", backend " << describeStored(want);
      }
  }
  EXPECT_EQ(mismatches, 0u) << profile << ": " << mismatches << " of " << compared;
  return compared;
}

class ProfileEmulation : public ::testing::TestWithParam<const char *> {};

// [profile.<name>] qcast of the profile == the backend's own arithmetic.
TEST_P(ProfileEmulation, QuantizeMatchesBackendBitForBit) {
  auto start = std::chrono::steady_clock::now();
  size_t compared = compareQuantize(GetParam(), 0x5eed0000u + std::string_view(GetParam()).size());
  EXPECT_GE(compared, 200000u);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  RecordProperty("compared", static_cast<int>(compared));
  std::cout << "[ profile  ] " << GetParam() << ": " << compared << " qcast inputs in "
            << seconds << " s\n";
}

/// dcast scales: decimal (0.1 is where FBGEMM's double per-channel scale
/// differs), the trap scale, powers of two, 1/3, tiny, huge.
const double kDequantScales[] = {0.1, 0.00214854861, 1.0, 0x1p-7, 16.0, 1.0 / 3.0,
                                 0.0123456789, 1e-38, 1e-40, 3.4e38};

// [profile.<name>] dcast: every stored value, per-layer and per-axis.
TEST_P(ProfileEmulation, DequantizeMatchesBackendBitForBit) {
  const char *profile = GetParam();
  const emu::Backend *backend = emu::findBackend(profile);
  std::optional<Semantics> semantics = findProfile(profile);
  ASSERT_TRUE(backend && semantics) << profile;
  size_t compared = 0, mismatches = 0;
  auto check = [&](const QuantType &type, const emu::Storage &st, int64_t q, int64_t parameter,
                   double scale, int64_t zp, bool perChannel, const DequantizeKernel &kernel) {
    ExpressedOutcome got = kernel(q, parameter);
    uint32_t want = emu::bitsOf(backend->dequantize(q, scale, zp, perChannel, st));
    ++compared;
    if ((got.poison || got.bits != want) && ++mismatches <= 5)
      ADD_FAILURE() << profile << " dcast " << type.spelling << " scale " << scale << " zp "
                    << zp << " q=" << q << ": kernel "
                    << (got.poison ? std::string("poison") : hexBits(got.bits)) << ", backend "
                    << hexBits(want);
  };
  const std::pair<emu::Storage, std::vector<int64_t>> cases[] = {
      {emu::i8(), {0, -1, 5, -128, 127}},
      {emu::u8(), {0, 100, 128, 200, 255}},
      {emu::i8(), {200, 300, -129, -300}}, // outside the storage type
      {emu::u8(), {-120, -10, 256, 300}}};
  for (const auto &[st, zps] : cases) {
    const IntFormat storage = st.isSigned ? sInt(8) : uInt(8);
    for (double scale : kDequantScales)
      for (int64_t zp : zps) {
        QuantType type = perLayer(storage, fmt("f32"), scale, zp);
        DequantizeKernel kernel(type, *semantics);
        for (int64_t q = st.typeMin(); q <= st.typeMax(); ++q)
          check(type, st, q, 0, scale, zp, false, kernel);
      }
    // Per-axis: one channel per (scale, zp) pair.
    std::vector<double> scales;
    std::vector<int64_t> channelZps;
    for (double scale : kDequantScales)
      for (int64_t zp : zps) {
        scales.push_back(scale);
        channelZps.push_back(zp);
      }
    QuantType axis = perAxis(storage, fmt("f32"), 1, scales, channelZps);
    DequantizeKernel axisKernel(axis, *semantics);
    for (size_t c = 0; c < scales.size(); ++c)
      for (int64_t q = st.typeMin(); q <= st.typeMax(); ++q)
        check(axis, st, q, static_cast<int64_t>(c), scales[c], channelZps[c], true, axisKernel);
    // Sub-channel: the scales are f32 in the type; the backend sees them widened.
    std::vector<Bits> scaleBits;
    std::vector<int64_t> blockZps;
    for (double scale : kDequantScales) {
      scaleBits.push_back(f32Bits(emu::narrowToFloat(scale)));
      blockZps.push_back(zps[scaleBits.size() % zps.size()]);
    }
    QuantType sub = subChannel(storage, fmt("f32"), {{0, 1}},
                               Shape{static_cast<int64_t>(scaleBits.size())}, scaleBits, blockZps);
    DequantizeKernel subKernel(sub, *semantics);
    for (size_t b = 0; b < scaleBits.size(); ++b)
      for (int64_t q = st.typeMin(); q <= st.typeMax(); ++q)
        check(sub, st, q, static_cast<int64_t>(b), static_cast<double>(f32Of(scaleBits[b])),
              blockZps[b], true, subKernel);
  }
  EXPECT_EQ(mismatches, 0u) << profile << ": " << mismatches << " of " << compared;
  EXPECT_GE(compared, 10000u);
}

INSTANTIATE_TEST_SUITE_P(Profiles, ProfileEmulation, ::testing::ValuesIn(kProfiles),
                         [](const ::testing::TestParamInfo<const char *> &info) {
                           std::string name;
                           for (const char *p = info.param; *p; ++p)
                             name += (*p == '-') ? '_' : *p;
                           return name;
                         });

// Sanity of the emulation itself, on inputs whose results are known by hand:
// it is the independent side, so it must not be trivially wrong.
TEST(ProfileEmulationSelfCheck, HandComputedValues) {
  using namespace emu;
  // t = 2.5: away 3 (TFLite), even 2, trunc 2 (MLIR).
  EXPECT_EQ(tfliteReferenceQuantize(2.5f, 1.0, 0, i8()).value, 3);
  EXPECT_EQ(onnxReferenceQuantize(2.5f, 1.0, 0, i8()).value, 2);
  EXPECT_EQ(mlirLowerQuantOpsQuantize(2.7f, 1.0, 0, i8()).value, 2);
  // NaN: TFLite ref INT_MIN + zp -> clamp qmin; with zp = -1 it wraps to INT_MAX -> qmax.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(tfliteReferenceQuantize(nan, 1.0, 0, i8()).value, -128);
  EXPECT_EQ(tfliteReferenceQuantize(nan, 1.0, -1, i8()).value, 127);
  EXPECT_EQ(onnxruntimeMlasQuantize(nan, 1.0, 0, i8()).value, -128);
  EXPECT_EQ(xnnpackQuantize(nan, 1.0, 10, u8()).value, 0);
  EXPECT_EQ(pytorchFbgemmQuantize(nan, 1.0, 0, u8()).value, 255);
  EXPECT_EQ(pytorchFbgemmQuantize(nan, 1.0, 128, u8()).value, 0); // 2147483520 + 128 wraps
  EXPECT_TRUE(mlirLowerQuantOpsQuantize(nan, 1.0, 0, i8()).poison);
  EXPECT_TRUE(mlirLowerQuantOpsQuantize(128.0f, 1.0, 0, i8()).poison);
  EXPECT_EQ(mlirLowerQuantOpsQuantize(-0.9f, 1.0, 0, u8()).value, 0); // trunc -> -0 fits
  // XNNPACK magic rounding: 2.5 -> 2, 3.5 -> 4, with zp 100 -> 102, 104.
  EXPECT_EQ(xnnpackQuantize(2.5f, 1.0, 100, u8()).value, 102);
  EXPECT_EQ(xnnpackQuantize(3.5f, 1.0, 100, u8()).value, 104);
  // TOSA: u8 zp 100 -> i8 zp -28: f32(0.5 + 2^-24 - 28) = -27.5 -> -28 (even) -> +128 = 100.
  EXPECT_EQ(tosaFromTfliteQuantize(0.5f + 0x1p-24f, 1.0, 100, u8()).value, 100);
  // dcast: FBGEMM per-channel uses the f64 scale: q = -124, s = 0.1:
  // f32(-124 * 0.1) = -12.4 = 0xC1466666, f32(-124 * 0.1f) = 0xC1466667.
  EXPECT_EQ(bitsOf(pytorchFbgemmDequantize(-124, 0.1, 0, true, i8())), 0xC1466666u);
  EXPECT_EQ(bitsOf(pytorchFbgemmDequantize(-124, 0.1, 0, false, i8())), 0xC1466667u);
}

} // namespace
} // namespace qi::quant::test
