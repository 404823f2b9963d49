//===- FastQuantizeDiffTest.cpp - Host qcast vs the reference kernel ----------===//
//
// Spec: [fast.host-qcast], [fast.proof] (spec/performance.md).
//
// Proves HostQuantizer (HostQuantize.h) identical to QuantizeKernel for one
// profile's recipe (QI_DIFF_PROFILE, one CTest binary per profile) on
// QI_DIFF_F32_INPUTS f32 and QI_DIFF_F64_INPUTS f64 inputs (FastDiffInputs.h:
// random patterns, ties, +-ULP neighbours, storage bounds +- 1/2, |x/s| >=
// 2^31, NaNs, infinities, subnormals) over random per-layer types. Half of
// the batches use the profile's own knobs, the other half cycle through all
// 7 x 6 x 4 combinations of --rounding, --nan-policy, --overflow-policy
// (which the host path also claims). Both the vector loop (run) and the
// scalar path (quantizeOne) are compared. Two threads share the batches.
//
// [fast.narrow-host]: for f16 and bf16 every one of the 2^16 input patterns,
// for tf32 every one of the 2^19, goes through the dispatcher (the path is
// asserted to be host-float, and for per-layer types also the table that the
// host quantizer fills) on per-layer, per-channel (innermost and outermost
// axis) and sub-channel types, each parameter against the reference kernel
// (NarrowCases.h lists the types).
//
// Quick tier (fast/tests/SweepTier.h): a tenth of the random inputs and every
// sixth narrow case; the `full` tier runs all of them.
//
// [fast.narrow-modes]: the same cases and every pattern again with the
// profile's recipe under an arithmetic rounding mode other than
// nearest-even: case k under mode (k + the profile's index) mod 6, so the
// eight binaries spread each case over the six modes.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/tests/FastDiffInputs.h"

#include "interpreter/fast/tests/NarrowCases.h"
#include "interpreter/fast/tests/SweepTier.h"

#include "interpreter/fast/HostQuantize.h"
#include "interpreter/fast/Dispatch.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

#ifndef QI_DIFF_PROFILE
#define QI_DIFF_PROFILE "reference"
#endif
#ifndef QI_DIFF_F32_INPUTS
#define QI_DIFF_F32_INPUTS 10000000
#endif
#ifndef QI_DIFF_F64_INPUTS
#define QI_DIFF_F64_INPUTS 1000000
#endif

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;
using namespace host;
namespace {

const auto &kModes = kAllRoundingModes;
const auto &kNan = kAllNanPolicies;
const auto &kOverflow = kAllOverflowPolicies;

constexpr int64_t kBatch = 4096;

struct Outcome {
  std::atomic<int64_t> compared{0}, mismatches{0};
  std::mutex mutex;
  std::string first;
};

/// Batch `b`: a random type, knobs, kBatch inputs; host vs exact.
void runBatch(const Semantics &profile, const FloatFormat &expressed, uint64_t b,
              Outcome &outcome) {
  Rng rng(0x5eed0000ull + b * 7919 + (&expressed == &fmt("f64") ? 1ull << 40 : 0));
  const QuantType type = randomPerLayerType(rng, expressed);
  Semantics s = profile;
  if (b % 2) {
    const uint64_t combo = (b / 2) % (7 * 6 * 4);
    s.rounding = kModes[combo % 7];
    s.nan = kNan[(combo / 7) % 6];
    s.overflow = kOverflow[combo / 42];
  }
  if (!HostQuantizer::supports(type, s)) {
    std::lock_guard<std::mutex> lock(outcome.mutex);
    outcome.mismatches++;
    outcome.first = "host path does not claim " + type.spelling + " under " + s.describe();
    return;
  }
  const QuantizeKernel exact(type, s);
  const HostQuantizer host(type, s, exact);
  const unsigned inBytes = expressed.sizeInBits / 8;
  const unsigned outBytes = type.storage.width <= 8 ? 1 : type.storage.width <= 16 ? 2 : 4;
  std::vector<uint8_t> in(size_t(kBatch) * inBytes), out(size_t(kBatch) * outBytes);
  std::vector<Bits> xs(kBatch);
  for (int64_t i = 0; i < kBatch; ++i) {
    xs[i] = randomInput(rng, type);
    std::memcpy(in.data() + i * inBytes, &xs[i], inBytes);
  }
  std::vector<int64_t> poison;
  host.run(in.data(), out.data(), outBytes, 0, kBatch, int64_t(0), poison);
  std::vector<bool> isPoison(kBatch);
  for (int64_t i : poison)
    isPoison[size_t(i)] = true;
  for (int64_t i = 0; i < kBatch; ++i) {
    StoredOutcome e = exact(xs[i], 0);
    const int64_t want = e.poison ? -1 : static_cast<int64_t>(type.storage.toBits(e.value));
    uint64_t raw = 0;
    std::memcpy(&raw, out.data() + i * outBytes, outBytes);
    const int64_t gotRun = isPoison[size_t(i)] ? -1 : static_cast<int64_t>(raw);
    const int64_t gotOne = host.quantizeOne(xs[i], 0);
    if (gotRun != want || gotOne != want) {
      outcome.mismatches++;
      std::lock_guard<std::mutex> lock(outcome.mutex);
      if (outcome.first.empty())
        outcome.first = type.spelling + " scale " + std::to_string(scaleOf(type)) + " zp " +
                        std::to_string(type.zeroPoints[0]) + " [" +
                        std::to_string(type.storageMin) + "," +
                        std::to_string(type.storageMax) + "] " + s.describe() + " x=" +
                        hexBits(xs[i]) + ": exact " + std::to_string(want) + ", run " +
                        std::to_string(gotRun) + ", one " + std::to_string(gotOne);
    }
  }
  outcome.compared += kBatch;
}

void prove(const FloatFormat &expressed, int64_t inputs) {
  std::optional<Semantics> profile = findProfile(QI_DIFF_PROFILE);
  ASSERT_TRUE(profile);
  ASSERT_TRUE(hostFloatEnvironmentIsDefault());
  Outcome outcome;
  const uint64_t batches = uint64_t((inputs + kBatch - 1) / kBatch);
  std::atomic<uint64_t> next{0};
  auto worker = [&] {
    for (uint64_t b; (b = next++) < batches;)
      runBatch(*profile, expressed, b, outcome);
  };
  std::thread other(worker);
  worker();
  other.join();
  EXPECT_EQ(outcome.mismatches.load(), 0) << outcome.first;
  EXPECT_GE(outcome.compared.load(), inputs);
}

// [fast.host-qcast] [fast.proof]
TEST(FastQuantizeDiff, F32HostPathEqualsReferenceKernel) {
  prove(fmt("f32"), sweepCount(QI_DIFF_F32_INPUTS, 10));
}

// [fast.host-qcast] [fast.proof]
TEST(FastQuantizeDiff, F64HostPathEqualsReferenceKernel) {
  prove(fmt("f64"), sweepCount(QI_DIFF_F64_INPUTS, 10));
}

/// Even narrow cases use the profile's knobs; odd case 2j + 1 uses rounding
/// mode (j + 4) mod 7 (toward +inf, toward -inf, odd, nearest-even, ...),
/// NaN policy j mod 6 and overflow policy j mod 4.
Semantics narrowKnobs(const Semantics &profile, size_t k) {
  Semantics s = profile;
  if (k % 2) {
    const size_t j = k / 2;
    s.rounding = kModes[(j + 4) % 7];
    s.nan = kNan[j % 6];
    s.overflow = kOverflow[j % 4];
  }
  return s;
}

/// Every element of narrow case `c` through the dispatcher on each of
/// `paths` (which must be taken), against the reference kernel with the
/// element's parameter.
void proveNarrowCase(const NarrowCase &c, const Semantics &s,
                     const std::vector<KernelPath> &paths, Outcome &outcome) {
  std::string first;
  int64_t mismatches = 0;
  if (!HostQuantizer::supports(c.type, s)) {
    mismatches++;
    first = "host path does not claim " + c.type.spelling + " under " + s.describe();
  }
  const RuntimeValue input = narrowInput(c);
  const ParameterMap map = narrowMap(c);
  const QuantizeKernel exact(c.type, s);
  std::vector<int64_t> want(size_t(input.size())); // stored bits, -1 for poison
  for (int64_t i = 0; i < input.size(); ++i) {
    StoredOutcome e = exact(input.get(i), map.parameterIndex(i));
    want[size_t(i)] = e.poison ? -1 : static_cast<int64_t>(c.type.storage.toBits(e.value));
  }
  const ElementType storage = elementTypeOf(std::make_shared<QuantType>(c.type));
  for (KernelPath path : paths) {
    RuntimeValue result = RuntimeValue::tensor(storage, c.shape);
    // A table must be filled by the host quantizer ([fast.narrow-host]).
    const std::optional<KernelPlan> plan = quantizeBy(path, c.type, s, map, input, result);
    if ((!plan || plan->tableFiller != (path == KernelPath::Table ? KernelPath::Host
                                                                   : KernelPath::Reference)) &&
        mismatches++ == 0)
      first = c.type.spelling + ": path " + std::string(kernelPathName(path)) + " not taken";
    for (int64_t i = 0; i < input.size(); ++i) {
      const int64_t got = result.isPoison(i) ? -1 : static_cast<int64_t>(result.get(i));
      if (got != want[size_t(i)] && mismatches++ == 0)
        first = c.type.spelling + " " + std::string(kernelPathName(path)) + " " +
                s.describe() + " element " + std::to_string(i) + " x=" +
                hexBits(input.get(i)) + " parameter " +
                std::to_string(map.parameterIndex(i)) + ": exact " +
                std::to_string(want[size_t(i)]) + ", got " + std::to_string(got);
    }
    outcome.compared += input.size();
  }
  if (mismatches) {
    std::lock_guard<std::mutex> lock(outcome.mutex);
    outcome.mismatches += mismatches;
    if (outcome.first.empty())
      outcome.first = first;
  }
}

/// The --arith-rounding modes other than nearest-even.
constexpr RoundingMode kOtherArithModes[] = {
    RoundingMode::NearestAway,    RoundingMode::NearestUp,      RoundingMode::TowardZero,
    RoundingMode::TowardPositive, RoundingMode::TowardNegative, RoundingMode::Odd};

/// Every narrow case, case k under knobs(k) on the profile's semantics.
void proveNarrow(const FloatFormat &expressed,
                 const std::function<Semantics(const Semantics &, size_t)> &knobs) {
  std::optional<Semantics> profile = findProfile(QI_DIFF_PROFILE);
  ASSERT_TRUE(profile);
  ASSERT_TRUE(hostFloatEnvironmentIsDefault());
  ASSERT_EQ(profile->arithRounding, RoundingMode::NearestEven);
  // The quick tier proves every pattern on every sixth case.
  std::vector<NarrowCase> cases = narrowCases(expressed);
  const uint64_t stride = caseStride(6);
  for (size_t k = cases.size(); k-- > 0;)
    if (k % stride != 0)
      cases.erase(cases.begin() + std::ptrdiff_t(k));
  Outcome outcome;
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t k; (k = next++) < cases.size();) {
      std::vector<KernelPath> paths = {KernelPath::Host};
      if (cases[k].type.granularity == QuantType::Granularity::PerLayer)
        paths.push_back(KernelPath::Table); // filled by the host quantizer
      proveNarrowCase(cases[k], knobs(*profile, k), paths, outcome);
    }
  };
  std::thread other(worker);
  worker();
  other.join();
  EXPECT_EQ(outcome.mismatches.load(), 0) << outcome.first;
  EXPECT_GE(outcome.compared.load(), narrowElements(cases));
}

void proveNarrow(const FloatFormat &expressed) { proveNarrow(expressed, narrowKnobs); }

/// Case k: narrowKnobs, arithmetic mode (k + the profile's index) mod 6.
void proveNarrowOtherModes(const FloatFormat &expressed) {
  const auto &names = profileNames();
  const size_t offset =
      size_t(std::find(names.begin(), names.end(), QI_DIFF_PROFILE) - names.begin());
  proveNarrow(expressed, [&](const Semantics &profile, size_t k) {
    Semantics s = narrowKnobs(profile, k);
    s.arithRounding = kOtherArithModes[(k + offset) % 6];
    return s;
  });
}

// [fast.narrow-host] [fast.proof]
TEST(FastQuantizeDiff, F16HostPathEqualsReferenceKernelOnEveryPattern) { proveNarrow(fmt("f16")); }

// [fast.narrow-host] [fast.proof]
TEST(FastQuantizeDiff, BF16HostPathEqualsReferenceKernelOnEveryPattern) {
  proveNarrow(fmt("bf16"));
}

// [fast.narrow-host] [fast.proof]
TEST(FastQuantizeDiff, TF32HostPathEqualsReferenceKernelOnEveryPattern) {
  proveNarrow(fmt("tf32"));
}

// [fast.narrow-modes] [fast.proof]
TEST(FastQuantizeDiff, F16OtherArithmeticModesOnEveryPattern) {
  proveNarrowOtherModes(fmt("f16"));
}
TEST(FastQuantizeDiff, BF16OtherArithmeticModesOnEveryPattern) {
  proveNarrowOtherModes(fmt("bf16"));
}
TEST(FastQuantizeDiff, TF32OtherArithmeticModesOnEveryPattern) {
  proveNarrowOtherModes(fmt("tf32"));
}

} // namespace
} // namespace qi::fast::test
