//===- QuantKernelBench.cpp - Throughput of the qcast / dcast dispatcher --===//
//
// docs/performance.md. quant::quantizeTensor / dequantizeTensor (the path
// quant-interp takes) on i8 types, per-layer / per-channel / sub-channel,
// for each expressed format (f80 also under tflite-reference, whose t is f32:
// [fast.x87-host]); items/s = elements/s. The result allocation is
// timed (the JIT's lowering allocates its result too). Run:
//   quant-kernel-bench --benchmark_filter=16777216
//
//===----------------------------------------------------------------------===//
#include "BenchInputs.h"

#include "quant/ExactQuantize.h"
#include "quant/ParameterMap.h"
#include "quant/Semantics.h"
#include "quant/TensorKernels.h"
#include "quant/X87Quantize.h"

#include <benchmark/benchmark.h>

using namespace qi;
using namespace qi::bench;

namespace {

const char *const kFormats[] = {"f32", "f64", "f16", "bf16", "tf32", "f8E4M3FN", "f8E5M2", "f80"};

void runQcast(benchmark::State &state, const char *format, Granularity g, const char *profile) {
  const int64_t n = state.range(0);
  auto type = benchType(*numeric::findFloatFormat(format), g, n);
  const Shape shape = benchShape(g, n);
  const RuntimeValue input = expressedInput(*type, shape);
  const quant::Semantics semantics = *quant::findProfile(profile);
  std::string error;
  const quant::ParameterMap map = *quant::ParameterMap::build(*type, shape, true, error);
  quant::KernelPath path = quant::KernelPath::Exact;
  for (auto _ : state) {
    RuntimeValue result = RuntimeValue::tensor(ElementType::makeQuantized(type), shape);
    path = quant::quantizeTensor(*type, semantics, map, input, result);
    benchmark::DoNotOptimize(result.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
  // Which host path: f80 on the x87 unit ([fast.x87-host]) or exact
  // arithmetic in integers ([fast.exact-rational]).
  std::string label(quant::kernelPathName(path));
  if (path == quant::KernelPath::HostFloat) {
    if (quant::X87Quantizer::supports(*type, semantics))
      label += " (x87)";
    else if (quant::ExactRationalQuantizer::supports(*type, semantics))
      label += " (integer)";
  }
  state.SetLabel(label);
}

void runDcast(benchmark::State &state, const char *format, Granularity g, const char *profile) {
  const int64_t n = state.range(0);
  auto type = benchType(*numeric::findFloatFormat(format), g, n);
  const Shape shape = benchShape(g, n);
  const RuntimeValue input = storedInput(type, shape);
  const quant::Semantics semantics = *quant::findProfile(profile);
  std::string error;
  const quant::ParameterMap map = *quant::ParameterMap::build(*type, shape, true, error);
  quant::KernelPath path = quant::KernelPath::Exact;
  for (auto _ : state) {
    RuntimeValue result = RuntimeValue::tensor(ElementType::makeFloat(*type->expressed), shape);
    path = quant::dequantizeTensor(*type, semantics, map, input, result);
    benchmark::DoNotOptimize(result.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetLabel(std::string(quant::kernelPathName(path)));
}

const struct {
  const char *name;
  Granularity granularity;
} kGranularities[] = {{"per-layer", Granularity::PerLayer},
                      {"per-channel", Granularity::PerChannel},
                      {"sub-channel", Granularity::SubChannel}};

void registerAll() {
  for (const char *profile : {"reference", "mlir-lower-quant-ops", "exact", "tflite-reference"})
    for (const char *format : kFormats)
      for (const auto &g : kGranularities) {
        // tflite-reference (t in f32) only for f80: the x87 path's f32 steps.
        if (std::string(profile) == "tflite-reference" && std::string(format) != "f80")
          continue;
        const std::string suffix =
            std::string(format) + "/" + g.name + "/" + profile;
        for (const char *op : {"qcast", "dcast"}) {
          // The exact kernel takes ~1 us per element: a smaller size there.
          const int64_t big = int64_t(1) << 24;
          auto type = benchType(*numeric::findFloatFormat(format), g.granularity, big);
          const quant::Semantics semantics = *quant::findProfile(profile);
          const bool slow =
              (std::string(op) == "qcast" ? quant::chooseQuantizePath(*type, semantics, big)
                                          : quant::chooseDequantizePath(*type, semantics, big)) ==
              quant::KernelPath::Exact;
          auto *b = std::string(op) == "qcast"
                        ? benchmark::RegisterBenchmark((std::string(op) + "/" + suffix).c_str(),
                                                       runQcast, format, g.granularity, profile)
                        : benchmark::RegisterBenchmark((std::string(op) + "/" + suffix).c_str(),
                                                       runDcast, format, g.granularity, profile);
          b->Arg(4096 * 16)->Unit(benchmark::kMillisecond)->UseRealTime();
          if (!slow)
            b->Arg(int64_t(1) << 24);
          else
            b->Arg(int64_t(1) << 18);
        }
      }
}

} // namespace

// Registered from main, not during static initialization: the float
// formats the path choice compares are namespace-scope objects of QiNumeric.
int main(int argc, char **argv) {
  registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
