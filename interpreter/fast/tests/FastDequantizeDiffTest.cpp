//===- FastDequantizeDiffTest.cpp - Host dcast vs the reference kernel --------===//
//
// Spec: [fast.host-dcast], [fast.proof] (spec/performance.md).
//
// Proves HostDequantizer (HostDequantize.h) identical to DequantizeKernel
// for every profile the host path claims (all but `exact`), per-layer and
// per-channel recipes, expressed f32 and f64: on random types (storage
// 1..32 bits, zero points anywhere, scales from FastDiffInputs.h), every
// stored value for storage of at most 16 bits (exhaustive), and random
// values plus the storage extremes for wider storage.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/tests/FastDiffInputs.h"

#include "interpreter/fast/HostDequantize.h"
#include "interpreter/fast/HostQuantize.h"

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;
using namespace host;
namespace {

const char *const kProfiles[] = {"reference",        "mlir-lower-quant-ops",
                                 "tflite-reference", "onnx-reference",
                                 "onnxruntime-mlas", "pytorch-fbgemm",
                                 "xnnpack",          "tosa-from-tflite"};

struct Tally {
  int64_t compared = 0, mismatches = 0;
  std::string first;
};

void compare(const QuantType &type, const Semantics &s, Rng &rng, Tally &tally) {
  ASSERT_TRUE(HostDequantizer::supports(type, s)) << type.spelling << " " << s.describe();
  const DequantizeKernel exact(type, s);
  const HostDequantizer host(type, s, exact);
  const int64_t tmin = static_cast<int64_t>(type.storage.min());
  const int64_t tmax = static_cast<int64_t>(type.storage.max());
  std::vector<int64_t> qs;
  if (type.storage.width <= 16) {
    for (int64_t q = tmin; q <= tmax; ++q)
      qs.push_back(q);
  } else {
    for (int64_t q : {tmin, tmin + 1, tmax - 1, tmax, int64_t(0), int64_t(1), int64_t(-1)})
      if (q >= tmin && q <= tmax)
        qs.push_back(q);
    for (int i = 0; i < 20000; ++i)
      qs.push_back(rng.chance(4) ? type.zeroPoints[0] + rng.range(-300, 300)
                                 : rng.range(tmin, tmax));
  }
  const unsigned inBytes = type.storage.width <= 8 ? 1 : type.storage.width <= 16 ? 2 : 4;
  const unsigned outBytes = type.expressed->sizeInBits / 8;
  std::vector<uint8_t> in(qs.size() * inBytes), out(qs.size() * outBytes);
  for (size_t i = 0; i < qs.size(); ++i) {
    qs[i] = std::min(std::max(qs[i], tmin), tmax);
    uint64_t bits = type.storage.toBits(qs[i]);
    std::memcpy(in.data() + i * inBytes, &bits, inBytes);
  }
  host.run(in.data(), inBytes, out.data(), 0, int64_t(qs.size()), int64_t(0));
  for (size_t i = 0; i < qs.size(); ++i) {
    ExpressedOutcome e = exact(qs[i], 0);
    Bits run = 0;
    std::memcpy(&run, out.data() + i * outBytes, outBytes);
    Bits one = host.dequantizeOne(qs[i], 0);
    ++tally.compared;
    if (e.poison || run != e.bits || one != e.bits) {
      ++tally.mismatches;
      if (tally.first.empty())
        tally.first = type.spelling + " " + s.describe() + " q=" + std::to_string(qs[i]) +
                      ": exact " + hexBits(e.bits) + ", run " + hexBits(run) + ", one " +
                      hexBits(one);
    }
  }
}

/// A per-axis type with one channel: the per-channel dcast recipe.
QuantType asPerChannel(const QuantType &t) {
  QuantType c = perAxis(t.storage, *t.expressed, 0, {f64Of(t.scales[0].bits)},
                        {t.zeroPoints[0]}, std::make_pair(t.storageMin, t.storageMax));
  return c;
}

// [fast.host-dcast] [fast.proof]
TEST(FastDequantizeDiff, HostPathEqualsReferenceKernelForEveryClaimedProfile) {
  ASSERT_TRUE(hostFloatEnvironmentIsDefault());
  Tally tally;
  for (const char *name : kProfiles) {
    Semantics s = *findProfile(name);
    Rng rng(0xdca57000ull + std::hash<std::string>{}(name) % 1000);
    for (int i = 0; i < 24; ++i)
      for (const char *e : {"f32", "f64"}) {
        QuantType t = randomPerLayerType(rng, fmt(e));
        compare(t, s, rng, tally);
        compare(asPerChannel(t), s, rng, tally);
      }
  }
  EXPECT_EQ(tally.mismatches, 0) << tally.first;
  EXPECT_GE(tally.compared, 1000000);
}

} // namespace
} // namespace qi::fast::test
