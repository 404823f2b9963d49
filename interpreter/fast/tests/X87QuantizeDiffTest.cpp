//===- X87QuantizeDiffTest.cpp - f80 host qcast vs the reference kernel -------===//
//
// Spec: [fast.x87-host], [fast.x87-directed], [fast.proof]
// (spec/performance.md).
//
// Proves X87Quantizer (X87Quantize.h) identical to QuantizeKernel for
// expressed f80 under each of the 8 profiles whose recipes the f32 / f64
// host path claims (reference and mlir-lower-quant-ops compute t in f80, the
// others in f32), and under random recipes (every field drawn, t in f80, f32
// or f64: the path claims every recipe), the latter also with each directed
// arithmetic mode (--arith-rounding toward-zero, toward-positive,
// toward-negative), and tflite-reference (t in f32) under toward-negative.
// Per case: 245 per-layer tensors of
// 4096 inputs on a random type each, and 80 per-axis (channel axis
// outermost: runs; innermost: a parameter per element) and sub-channel
// tensors of ~4096 elements (scales stored in f80, down to its subnormals
// and up to its largest value), inputs from X87DiffInputs.h aimed at each
// element's own parameter. Each tensor goes through quantizeTensor, which
// must choose the host-float path, and each element also through
// quantizeOne; both are compared, poison included, with the reference kernel on
// the element's parameter. Half the tensors use the profile's knobs, the
// others cycle through all 7 x 6 x 4 combinations of --rounding,
// --nan-policy, --overflow-policy. 1,331,160 elements per instance (17.3
// million in all); two threads.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/tests/HostPathCheck.h"
#include "interpreter/fast/tests/SweepTier.h"
#include "interpreter/fast/tests/X87DiffInputs.h"

#include "interpreter/numeric/RoundingMode.h"
#include "interpreter/fast/HostQuantize.h"
#include "interpreter/fast/Dispatch.h"
#include "interpreter/fast/X87Quantize.h"
#include "interpreter/value/ElementType.h"
#include "interpreter/value/RuntimeValue.h"

#include <atomic>
#include <mutex>
#include <thread>

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;
using namespace host;
namespace {

const auto &kModes = kAllRoundingModes;
const auto &kNan = kAllNanPolicies;
const auto &kOverflow = kAllOverflowPolicies;

constexpr int64_t kElements = 4096;
constexpr uint64_t kPerLayerCases = 245, kChannelCases = 80;

/// Odd cases cycle through every knob combination; even ones keep the
/// profile's.
Semantics knobs(const Semantics &profile, uint64_t c) {
  Semantics s = profile;
  if (c % 2) {
    const uint64_t combo = (c / 2) % (7 * 6 * 4);
    s.rounding = kModes[combo % 7];
    s.nan = kNan[(combo / 7) % 6];
    s.overflow = kOverflow[combo / 42];
  }
  return s;
}

/// Inputs aimed at each element's parameter, one of them poison;
/// quantizeTensor (host path asserted) and quantizeOne against the exact
/// kernel element by element.
void compareTensor(const QuantType &type, const Semantics &s, const Shape &shape, Rng &rng,
                   Outcome &outcome) {
  if (!X87Quantizer::supports(type, s))
    return outcome.fail("x87 path does not claim " + type.spelling + " under " + s.describe());
  std::string error;
  const std::optional<ParameterMap> map = ParameterMap::build(type, shape, true, error);
  if (!map)
    return outcome.fail(error);
  RuntimeValue input = RuntimeValue::tensor(ElementType::makeFloat(fmt("f80")), shape);
  fillAimedF80Inputs(rng, type, *map, gridOf(s), input);
  input.setPoison(static_cast<int64_t>(rng.below(uint64_t(input.size()))));
  const ElementType storage = elementTypeOf(std::make_shared<QuantType>(type));
  RuntimeValue result = RuntimeValue::tensor(storage, shape);
  const KernelPath path = quantizeTensor(type, s, *map, input, result).path;
  if (path != KernelPath::X87)
    return outcome.fail(type.spelling + ": path " + std::string(kernelPathName(path)) +
                        " taken, not x87");
  const QuantizeKernel exact(type, s);
  const X87Quantizer host(type, s, exact);
  compareWithExact(type, exact, host, *map, input, result, outcome, [&](int64_t i, int64_t p) {
    return type.spelling + " " + type.storage.name() + " [" + std::to_string(type.storageMin) +
           "," + std::to_string(type.storageMax) + "] scale " +
           hexBits(type.scales[size_t(p)].bits) + " zp " +
           std::to_string(type.zeroPoints[size_t(p)]) + " " + s.describe() + " element " +
           std::to_string(i) + " x=0x" + hexBits(input.get(i) >> 64).substr(2) + ":" +
           hexBits(uint64_t(input.get(i))).substr(2);
  });
}

/// A recipe no profile has: every field drawn at random (the path claims
/// every recipe under nearest-even arithmetic).
QuantizeRecipe randomRecipe(Rng &rng) {
  static const Precision kPrecisions[] = {Precision::Expressed, Precision::F32, Precision::F64};
  auto precision = [&] { return kPrecisions[rng.below(3)]; };
  QuantizeRecipe r;
  r.scale = precision();
  r.multiplyByReciprocal = rng.chance(2);
  r.reciprocalComputed = precision();
  r.reciprocalStored = precision();
  r.scaled = precision();
  r.zeroPointInFloat = rng.chance(2);
  r.unsignedViaSigned = rng.chance(3);
  r.clampInFloat = rng.chance(3);
  r.floatUpperBound = rng.chance(4) ? 2147483520.0 : 0;
  r.intermediateBits = rng.chance(2) ? 0 : rng.chance(2) ? 32 : unsigned(rng.range(1, 32));
  r.integerAddWraps = rng.chance(2);
  r.clampOnlyNarrowBounds = rng.chance(3);
  return r;
}

/// Case `c` of a profile: per-layer for c < kPerLayerCases, else a channel
/// type.
void runCase(const Semantics &profile, bool randomRecipes, uint64_t seed, uint64_t c,
             Outcome &outcome) {
  Rng rng(seed + c * 7919);
  Semantics s = knobs(profile, c);
  if (randomRecipes)
    s.quantize = randomRecipe(rng);
  if (c < kPerLayerCases) {
    const StorageChoice sc = randomStorage(rng);
    const int64_t zeroPoint = randomZeroPoint(rng, sc.storage);
    const double scale = asF64Scale(randomScale(rng, false));
    const QuantType type = perLayer(sc.storage, fmt("f80"), scale, zeroPoint, sc.bounds);
    return compareTensor(type, s, {kElements}, rng, outcome);
  }
  Shape shape;
  const QuantType type = randomF80ChannelType(rng, kElements, shape);
  compareTensor(type, s, shape, rng, outcome);
}

class X87QuantizeDiff : public ::testing::TestWithParam<const char *> {};

// [fast.x87-host] [fast.proof]
// [fast.x87-directed]
TEST_P(X87QuantizeDiff, HostPathEqualsReferenceKernel) {
  if (!kHostHasX87)
    GTEST_SKIP() << "no x87 long double on this host";
  // "name+mode": profile `name` with --arith-rounding=mode; "random-recipes":
  // reference knobs, a random recipe per tensor.
  const std::string param = GetParam();
  const size_t plus = param.find('+');
  const std::string name = param.substr(0, plus);
  const bool randomRecipes = name == "random-recipes";
  std::optional<Semantics> profile = findProfile(randomRecipes ? "reference" : name);
  ASSERT_TRUE(profile);
  if (plus != std::string::npos) {
    const std::optional<RoundingMode> mode = numeric::parseRoundingMode(param.substr(plus + 1));
    ASSERT_TRUE(mode) << param;
    profile->arithRounding = *mode;
  }
  ASSERT_TRUE(x87EnvironmentIsDefault()) << std::hex << x87ControlWord();
  ASSERT_TRUE(hostFloatEnvironmentIsDefault());
  uint64_t seed = 0x80f80000ull;
  for (const char *c = GetParam(); *c; ++c)
    seed = seed * 131 + uint64_t(*c);
  Outcome outcome;
  // The quick tier runs every tenth case (per-layer and channel cases both).
  const uint64_t stride = caseStride(10);
  const uint64_t cases = (kPerLayerCases + kChannelCases + stride - 1) / stride;
  std::atomic<uint64_t> next{0};
  auto worker = [&] {
    for (uint64_t c; (c = next++) < cases;)
      runCase(*profile, randomRecipes, seed, c * stride, outcome);
  };
  std::thread other(worker);
  worker();
  other.join();
  EXPECT_EQ(outcome.mismatches.load(), 0) << outcome.first;
  // Per-axis tensors of 3, 5, 6 or 7 channels hold a few elements fewer.
  EXPECT_GE(outcome.compared.load(), int64_t(cases) * (kElements - 6));
  std::printf("%s: %lld elements compared\n", GetParam(),
              static_cast<long long>(outcome.compared.load()));
}

INSTANTIATE_TEST_SUITE_P(Profiles, X87QuantizeDiff,
                         ::testing::Values("reference", "mlir-lower-quant-ops",
                                           "tflite-reference", "onnx-reference",
                                           "onnxruntime-mlas", "pytorch-fbgemm", "xnnpack",
                                           "tosa-from-tflite", "random-recipes",
                                           "random-recipes+toward-zero",
                                           "random-recipes+toward-positive",
                                           "random-recipes+toward-negative",
                                           "tflite-reference+toward-negative"),
                         [](const ::testing::TestParamInfo<const char *> &info) {
                           std::string name = info.param;
                           for (char &ch : name)
                             if (ch == '-' || ch == '+')
                               ch = '_';
                           return name;
                         });

} // namespace
} // namespace qi::fast::test
