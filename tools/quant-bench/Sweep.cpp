//===- Sweep.cpp - qcast of every f32 pattern -----------------------------===//
#include "tools/quant-bench/Sweep.h"

#include "interpreter/eval/Run.h"
#include "interpreter/fast/Dispatch.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

namespace qi::bench {

namespace {

constexpr int64_t kChunk = int64_t(1) << 24;

/// splitmix64's finalizer: the digest mixes (input, output) pairs.
uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

} // namespace

int sweep(const std::string &typeText, const std::string &profileName, unsigned threads) {
  std::optional<quant::Semantics> semantics = quant::findProfile(profileName);
  if (!semantics) {
    std::fprintf(stderr, "quant-bench: unknown profile %s\n", profileName.c_str());
    return 2;
  }
  // The type as quant-interp reads it: through MLIR's parser and our converter.
  const std::string module = "func.func @kernel(%x: tensor<16777216xf32>) -> tensor<16777216x" +
                             typeText + "> {\n  %0 = quant.qcast %x : tensor<16777216xf32> to "
                             "tensor<16777216x" + typeText + ">\n  return %0 : tensor<16777216x" +
                             typeText + ">\n}\n";
  eval::RunOutcome loading;
  std::unique_ptr<eval::Program> program =
      eval::Program::load(ir::ProgramSource::copyOf(module, "sweep.mlir"), {}, loading);
  if (!program) {
    std::fprintf(stderr, "quant-bench: %s\n", loading.error().str().c_str());
    return 1;
  }
  std::string error;
  std::optional<eval::Signature> signature = program->signature("kernel", error);
  if (!signature) {
    std::fprintf(stderr, "quant-bench: %s\n", error.c_str());
    return 1;
  }
  const ElementType storage = signature->results[0].element;
  const quant::QuantType &type = *storage.quant;
  if (type.granularity != quant::QuantType::Granularity::PerLayer ||
      type.expressed != &numeric::f32Format()) {
    std::fprintf(stderr, "quant-bench: sweep takes a per-layer f32 type\n");
    return 2;
  }
  const ElementType f32 = ElementType::makeFloat(numeric::f32Format());
  std::optional<quant::ParameterMap> map =
      quant::ParameterMap::build(type, {kChunk}, true, error);

  std::atomic<int64_t> nextChunk{0}, poison{0};
  std::atomic<uint64_t> digest{0};
  std::mutex mutex;
  std::map<int64_t, int64_t> histogram;
  fast::KernelPath path = fast::KernelPath::Reference;
  const double t0 = std::chrono::duration<double>(
                        std::chrono::steady_clock::now().time_since_epoch()).count();
  auto worker = [&] {
    RuntimeValue input = RuntimeValue::tensor(f32, {kChunk});
    // Counts per stored pattern (storage of up to 16 bits).
    std::vector<int64_t> counts(type.storage.width <= 16 ? size_t(1) << type.storage.width : 0);
    for (int64_t c; (c = nextChunk++) < (int64_t(1) << 32) / kChunk;) {
      uint32_t *bits = reinterpret_cast<uint32_t *>(input.data());
      for (int64_t j = 0; j < kChunk; ++j)
        bits[j] = static_cast<uint32_t>(c * kChunk + j);
      RuntimeValue result = RuntimeValue::tensor(storage, {kChunk});
      fast::KernelPath used = fast::quantizeTensor(type, *semantics, *map, input, result).path;
      uint64_t d = 0;
      int64_t p = 0;
      const unsigned width = result.bytesPerElement();
      for (int64_t j = 0; j < kChunk; ++j) {
        uint64_t out = 0;
        std::memcpy(&out, result.data() + j * width, width);
        const bool isPoison = result.isPoison(j);
        p += isPoison;
        d += mix((uint64_t(bits[j]) << 32) ^ (isPoison ? ~uint64_t(0) : out));
        if (!isPoison && counts.size())
          ++counts[out & 0xFFFF];
      }
      poison += p;
      digest += d;
      std::lock_guard<std::mutex> lock(mutex);
      path = used;
    }
    std::lock_guard<std::mutex> lock(mutex);
    for (size_t bitsValue = 0; bitsValue < counts.size(); ++bitsValue)
      if (counts[bitsValue])
        histogram[type.storage.fromBitsSmall(bitsValue)] += counts[bitsValue];
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread &t : pool)
    t.join();
  const double seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now().time_since_epoch()).count() - t0;
  std::printf("sweep %s profile=%s: 4294967296 f32 inputs in %.1f s (%.1f M/s, %u threads, "
              "path %s)\n",
              typeText.c_str(), profileName.c_str(), seconds, 4294967296.0 / seconds / 1e6,
              threads, std::string(fast::kernelPathName(path)).c_str());
  std::printf("poison %lld, distinct stored values %zu, min %lld (x%lld), max %lld (x%lld), "
              "digest %016llx\n",
              static_cast<long long>(poison.load()), histogram.size(),
              histogram.empty() ? 0LL : static_cast<long long>(histogram.begin()->first),
              histogram.empty() ? 0LL : static_cast<long long>(histogram.begin()->second),
              histogram.empty() ? 0LL : static_cast<long long>(histogram.rbegin()->first),
              histogram.empty() ? 0LL : static_cast<long long>(histogram.rbegin()->second),
              static_cast<unsigned long long>(digest.load()));
  return 0;
}

} // namespace qi::bench
