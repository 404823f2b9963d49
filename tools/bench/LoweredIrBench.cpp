//===- LoweredIrBench.cpp - Interpreting MLIR's --lower-quant-ops output --===//
//
// docs/performance.md. The per-layer / per-channel / sub-channel f32 qcast
// and dcast programs lowered by `mlir-opt --lower-quant-ops
// --strip-func-quant-types` (run once at start-up) and interpreted by the
// eval library (arith on tensors, linalg.generic regions) under the
// mlir-lower-quant-ops profile; items/s = elements/s. Run:
//   quant-lowered-bench
//
//===----------------------------------------------------------------------===//
#include "tools/bench/BenchInputs.h"

#include "interpreter/eval/Run.h"
#include "interpreter/value/LargeAllocations.h"

#include <benchmark/benchmark.h>

#include <cstdio>

#ifndef QI_MLIR_OPT
#define QI_MLIR_OPT "/usr/lib/llvm-22/bin/mlir-opt"
#endif

using namespace qi;
using namespace qi::bench;

namespace {

std::string quantProgram(bool qcast, Granularity g, int64_t n) {
  const Shape shape = benchShape(g, n);
  std::string dims;
  for (int64_t d : shape)
    dims += std::to_string(d) + "x";
  std::string type;
  if (g == Granularity::PerLayer) {
    type = "!quant.uniform<i8:f32, 0.0123:-3>";
  } else if (g == Granularity::PerChannel) {
    type = "!quant.uniform<i8:f32:1, {";
    for (int c = 0; c < 256; ++c)
      type += (c ? "," : "") + std::to_string(0.01 + c / 16384.0) + ":" + std::to_string(c % 11 - 5);
    type += "}>";
  } else {
    type = "!quant.uniform<i8:f32:{0:" + std::to_string(n / 256 / 16) + ", 1:64}, {";
    for (int r = 0; r < 16; ++r) {
      type += r ? ", {" : "{";
      for (int c = 0; c < 4; ++c)
        type += (c ? ", " : "") + std::to_string(0.01 + (r * 4 + c) / 16384.0) + ":" +
                std::to_string((r * 4 + c) % 11 - 5);
      type += "}";
    }
    type += "}>";
  }
  const std::string f = "tensor<" + dims + "f32>", q = "tensor<" + dims + type + ">";
  if (qcast)
    return "func.func @kernel(%x: " + f + ") -> " + q + " {\n  %0 = quant.qcast %x : " + f +
           " to " + q + "\n  return %0 : " + q + "\n}\n";
  return "func.func @kernel(%x: " + q + ") -> " + f + " {\n  %0 = quant.dcast %x : " + q +
         " to " + f + "\n  return %0 : " + f + "\n}\n";
}

/// mlir-opt --lower-quant-ops --strip-func-quant-types of `program`.
std::string lower(const std::string &program) {
  char path[] = "/tmp/quant-lowered-bench-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return "";
  FILE *file = fdopen(fd, "w");
  std::fputs(program.c_str(), file);
  std::fclose(file);
  FILE *pipe = popen((std::string(QI_MLIR_OPT) +
                      " --lower-quant-ops --strip-func-quant-types " + path).c_str(), "r");
  std::string out;
  char buffer[4096];
  size_t n;
  while (pipe && (n = fread(buffer, 1, sizeof buffer, pipe)) > 0)
    out.append(buffer, n);
  if (pipe)
    pclose(pipe);
  std::remove(path);
  return out;
}

void runLowered(benchmark::State &state, bool qcast, Granularity g) {
  const int64_t n = state.range(0);
  eval::RunOptions options;
  options.semantics = *quant::findProfile("mlir-lower-quant-ops");
  eval::RunOutcome loading;
  std::unique_ptr<eval::Program> program = eval::Program::load(
      ir::ProgramSource::copyOf(lower(quantProgram(qcast, g, n)), "lowered.mlir"), options,
      loading);
  std::string error;
  std::optional<eval::Signature> signature =
      program ? program->signature("kernel", error) : std::nullopt;
  if (!signature) {
    state.SkipWithError("cannot lower or parse the program (is mlir-opt installed?)");
    return;
  }
  const ElementType argType = signature->parameters[0].element;
  auto type = benchType(numeric::f32Format(), g, n);
  RuntimeValue input = qcast ? expressedInput(*type, benchShape(g, n))
                             : storedInput(type, benchShape(g, n)).withElementType(argType);
  for (auto _ : state) {
    eval::RunOutcome run = program->run("kernel", {input}, options);
    if (!run.succeeded()) {
      state.SkipWithError(run.error().str().c_str()); // copied by the library
      break;
    }
    benchmark::DoNotOptimize(run.results.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}

void registerAll() {
  const struct {
    const char *name;
    Granularity g;
  } all[] = {{"per-layer", Granularity::PerLayer},
             {"per-channel", Granularity::PerChannel},
             {"sub-channel", Granularity::SubChannel}};
  for (const auto &g : all)
    for (bool qcast : {true, false})
      benchmark::RegisterBenchmark(
          (std::string("lowered/") + (qcast ? "qcast/" : "dcast/") + g.name).c_str(),
          runLowered, qcast, g.g)
          ->Arg(65536)
          ->Arg(1 << 24)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
}

} // namespace

int main(int argc, char **argv) {
  keepLargeAllocations(); // as the tools do
  registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
