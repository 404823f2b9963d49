//===- GoldenGenerationBench.cpp - Golden suite generation throughput -----===//
//
// docs/performance.md ("Golden generation"). What `quant-golden generate`
// does per case, without the file system: build the inputs, evaluate every
// default profile, serialize to the quant-interp-golden/2 JSON text. One
// iteration is a whole level; counters give cases and elements per second.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenExpected.h"
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"

#include <benchmark/benchmark.h>

namespace {

using namespace qi::generators;

void generateLevel(benchmark::State &state, Level level) {
  std::string error;
  const std::vector<std::string> profiles = *parseProfileList(kDefaultProfiles, error);
  int64_t cases = 0, elements = 0, bytes = 0;
  for (auto _ : state) {
    forEachLevelCase(level, [&](const CaseParams &params) {
      GoldenCase c = buildCase(params, level, kDefaultSeed, profiles);
      std::string text = caseToJson(c);
      benchmark::DoNotOptimize(text.data());
      ++cases;
      elements += int64_t(c.numOutputs());
      bytes += int64_t(text.size());
      return true;
    });
  }
  state.counters["cases/s"] = benchmark::Counter(double(cases), benchmark::Counter::kIsRate);
  state.counters["elements/s"] = benchmark::Counter(double(elements), benchmark::Counter::kIsRate);
  state.SetBytesProcessed(bytes);
}

BENCHMARK_CAPTURE(generateLevel, smoke, Level::Smoke)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(generateLevel, full, Level::Full)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
