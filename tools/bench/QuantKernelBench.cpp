//===- QuantKernelBench.cpp - Throughput of the qcast / dcast dispatcher --===//
//
// docs/performance.md. fast::quantizeTensor / dequantizeTensor (the path
// quant-interp takes) on i8 types, per-layer / per-channel / sub-channel,
// for each expressed format (f80 also under tflite-reference, whose t is f32:
// [fast.x87-host]); f16 / bf16 / tf32 / f80 qcast also under `reference`
// with an arithmetic mode other than nearest-even ("reference+toward-zero",
// "reference+odd": [fast.narrow-modes], and for f80 [fast.x87-directed]
// under toward-zero, the reference kernel under odd); items/s = elements/s. The result
// allocation is timed (the JIT's lowering allocates its result too). Run:
//   quant-kernel-bench --benchmark_filter=16777216
//
//===----------------------------------------------------------------------===//
#include "tools/bench/BenchInputs.h"

#include "interpreter/fast/Dispatch.h"
#include "interpreter/quant/ParameterMap.h"
#include "interpreter/quant/Semantics.h"

#include <benchmark/benchmark.h>

using namespace qi;
using namespace qi::bench;

namespace {

const char *const kFormats[] = {"f32", "f64", "f16", "bf16", "tf32", "f8E4M3FN", "f8E5M2", "f80"};

/// A profile name, optionally followed by "+<arith-rounding mode>".
quant::Semantics benchSemantics(const std::string &spec) {
  const size_t plus = spec.find('+');
  quant::Semantics s = *quant::findProfile(spec.substr(0, plus));
  if (plus != std::string::npos)
    s.arithRounding = *numeric::parseRoundingMode(spec.substr(plus + 1));
  return s;
}

void runQcast(benchmark::State &state, std::string format, Granularity g, std::string profile) {
  const int64_t n = state.range(0);
  auto type = benchType(*numeric::findFloatFormat(format), g, n);
  const Shape shape = benchShape(g, n);
  const RuntimeValue input = expressedInput(*type, shape);
  const quant::Semantics semantics = benchSemantics(profile);
  std::string error;
  const quant::ParameterMap map = *quant::ParameterMap::build(*type, shape, true, error);
  fast::KernelPlan plan;
  for (auto _ : state) {
    RuntimeValue result = RuntimeValue::tensor(quant::elementTypeOf(type), shape);
    plan = fast::quantizeTensor(*type, semantics, map, input, result);
    benchmark::DoNotOptimize(result.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
  std::string label(fast::kernelPathName(plan.path));
  if (plan.path == fast::KernelPath::Table)
    label += " (" + std::string(fast::kernelPathName(plan.tableFiller)) + ")";
  state.SetLabel(label);
}

void runDcast(benchmark::State &state, std::string format, Granularity g, std::string profile) {
  const int64_t n = state.range(0);
  auto type = benchType(*numeric::findFloatFormat(format), g, n);
  const Shape shape = benchShape(g, n);
  const RuntimeValue input = storedInput(type, shape);
  const quant::Semantics semantics = benchSemantics(profile);
  std::string error;
  const quant::ParameterMap map = *quant::ParameterMap::build(*type, shape, true, error);
  fast::KernelPlan plan;
  for (auto _ : state) {
    RuntimeValue result = RuntimeValue::tensor(ElementType::makeFloat(*type->expressed), shape);
    plan = fast::dequantizeTensor(*type, semantics, map, input, result);
    benchmark::DoNotOptimize(result.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetLabel(std::string(fast::kernelPathName(plan.path)));
}

const struct {
  const char *name;
  Granularity granularity;
} kGranularities[] = {{"per-layer", Granularity::PerLayer},
                      {"per-channel", Granularity::PerChannel},
                      {"sub-channel", Granularity::SubChannel}};

void registerAll() {
  for (const std::string profile : {"reference", "mlir-lower-quant-ops", "exact",
                                    "tflite-reference", "reference+toward-zero", "reference+odd"})
    for (const std::string format : kFormats)
      for (const auto &g : kGranularities) {
        // tflite-reference (t in f32) only for f80: the x87 path's f32 steps;
        // other arithmetic modes only for the formats [fast.narrow-modes]
        // covers, and f80 (x87 under toward-zero, the reference kernel under odd).
        const bool otherMode = profile.find('+') != std::string::npos;
        if (profile == "tflite-reference" && format != "f80")
          continue;
        if (otherMode && format != "f16" && format != "bf16" && format != "tf32" &&
            format != "f80")
          continue;
        const std::string suffix = format + "/" + g.name + "/" + profile;
        for (const std::string op : {"qcast", "dcast"}) {
          if (otherMode && op == "dcast")
            continue;
          // The reference kernel takes ~1 us per element: a smaller size there.
          const int64_t big = int64_t(1) << 24;
          auto type = benchType(*numeric::findFloatFormat(format), g.granularity, big);
          const quant::Semantics semantics = benchSemantics(profile);
          const bool slow =
              (op == "qcast" ? fast::planQuantize(*type, semantics, big)
                             : fast::planDequantize(*type, semantics, big))
                  .path == fast::KernelPath::Reference;
          auto *b = op == "qcast"
                        ? benchmark::RegisterBenchmark((op + "/" + suffix).c_str(), runQcast,
                                                       format, g.granularity, profile)
                        : benchmark::RegisterBenchmark((op + "/" + suffix).c_str(), runDcast,
                                                       format, g.granularity, profile);
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
