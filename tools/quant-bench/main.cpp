//===- main.cpp - quant-bench: quant-interp against MLIR's JIT ------------===//
//
// docs/performance.md. Subcommands:
//   compare  time the JIT-compiled --lower-quant-ops lowering (mlir-runner
//            -O3, timed inside the program) and quant-interp on the same
//            inputs, in one run; check that both give the same checksum
//            (under the mlir-lower-quant-ops profile) and print the ratios;
//            also the interpretation of the lowered IR. tosa.rescale
//            workloads: the JIT of MLIR 22's tosa-to-linalg / tosa-to-arith
//            lowering against the interpreter's rescale (`tosa` recipe).
//            Integer contractions (issue 23): an i8 matmul and an i8 conv2d
//            as linalg named ops, compiled by the same pipeline, against
//            the contraction accelerator ([fast.contraction]).
//   sweep    qcast of all 2^32 f32 patterns for one per-layer type.
//   memory   peak resident memory of one qcast / dcast / matmul / conv2d
//            call, vs its data.
//
//===----------------------------------------------------------------------===//
#include "tools/quant-bench/ContractionWorkloads.h"
#include "tools/quant-bench/Jit.h"
#include "tools/quant-bench/Sweep.h"
#include "tools/quant-bench/Workloads.h"
#include "interpreter/value/LargeAllocations.h"

#include "interpreter/eval/Run.h"
#include "interpreter/quant/ParameterMap.h"
#include "interpreter/quant/Semantics.h"
#include "interpreter/fast/ContractionAccelerator.h"
#include "interpreter/fast/Dispatch.h"
#include "interpreter/fast/RescaleAccelerator.h"
#include "interpreter/ir/ModuleLoader.h"
#include "interpreter/requant/RequantizeRecipe.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>

using namespace qi;
namespace cl = llvm::cl;

namespace {

cl::opt<std::string> command(cl::Positional, cl::desc("<compare|sweep|memory>"), cl::Required);
cl::opt<int64_t> elements("elements", cl::desc("Elements per workload (multiple of 2^16)"),
                          cl::init(int64_t(1) << 24));
cl::opt<int64_t> loweredElements("lowered-elements",
                                 cl::desc("Elements for the lowered-IR interpretation (multiple of 2^16)"),
                                 cl::init(int64_t(1) << 24));
cl::opt<int> runs("runs", cl::desc("Timed runs per measurement (the fastest counts)"),
                  cl::init(3));
cl::opt<std::string> only("only", cl::desc("Only workloads whose name contains this"),
                          cl::init(""));
cl::opt<std::string> profile("profile", cl::desc("Profile of the timed interpreter run"),
                             cl::init("reference"));
cl::opt<std::string> sweepType("type", cl::desc("sweep: the per-layer f32 quantized type"),
                               cl::init("!quant.uniform<i8:f32, 0.0123:-3>"));
cl::opt<unsigned> workers("workers", cl::desc("sweep: worker threads"), cl::init(2));
cl::opt<std::string> opName("op", cl::desc("memory: qcast, dcast, matmul or conv2d"),
                            cl::init("qcast"));
cl::opt<int64_t> scale("scale",
                       cl::desc("memory: matmul / conv2d with this many times the rows / batch"),
                       cl::init(1));

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// @kernel of a program, loaded through quant-interp's entry point
/// (eval/Run.h), and its types.
struct Kernel {
  std::unique_ptr<eval::Program> program;
  eval::Signature signature;
};

/// @kernel of `text`; nullopt after printing why.
std::optional<Kernel> loadKernel(const std::string &text, const eval::RunOptions &options) {
  Kernel kernel;
  eval::RunOutcome loading;
  kernel.program =
      eval::Program::load(ir::ProgramSource::copyOf(text, "kernel.mlir"), options, loading);
  if (!kernel.program) {
    std::fprintf(stderr, "quant-bench: %s\n", loading.error().str().c_str());
    return std::nullopt;
  }
  std::string error;
  std::optional<eval::Signature> signature = kernel.program->signature("kernel", error);
  if (!signature) {
    std::fprintf(stderr, "quant-bench: @kernel: %s\n", error.c_str());
    return std::nullopt;
  }
  kernel.signature = std::move(*signature);
  return kernel;
}

/// Runs @kernel; its results, or nullopt after printing the error.
std::optional<std::vector<RuntimeValue>> runKernel(Kernel &kernel,
                                                   std::vector<RuntimeValue> arguments,
                                                   const eval::RunOptions &options) {
  eval::RunOutcome run = kernel.program->run("kernel", std::move(arguments), options);
  if (!run.succeeded()) {
    std::fprintf(stderr, "quant-bench: %s\n", run.error().str().c_str());
    return std::nullopt;
  }
  return std::move(run.results);
}

/// Options that run under `semantics`.
eval::RunOptions under(const quant::Semantics &semantics) {
  eval::RunOptions options;
  options.semantics = semantics;
  return options;
}

struct Timed {
  double seconds = 1e300;
  int64_t checksum = 0;
};

/// Runs @kernel of `text` on the workload's input `runs` times.
std::optional<Timed> interpret(const std::string &text, const bench::Workload &w,
                               const quant::Semantics &semantics) {
  const eval::RunOptions options = under(semantics);
  std::optional<Kernel> kernel = loadKernel(text, options);
  if (!kernel)
    return std::nullopt;
  const RuntimeValue input = w.input(kernel->signature.parameters[0].element);
  Timed best;
  for (int r = 0; r < runs; ++r) {
    std::vector<RuntimeValue> args{input}; // the copy is not timed
    const double t0 = now();
    std::optional<std::vector<RuntimeValue>> results =
        runKernel(*kernel, std::move(args), options);
    const double t1 = now();
    if (!results)
      return std::nullopt;
    best.seconds = std::min(best.seconds, t1 - t0);
    best.checksum = bench::Workload::checksum((*results)[0]);
  }
  return best;
}

/// The dispatcher alone (fast/Dispatch.h, what quant.qcast / dcast
/// call), result allocation included, on the workload's input.
std::optional<Timed> timeKernel(const bench::Workload &w, const quant::Semantics &semantics) {
  std::optional<Kernel> kernel = loadKernel(w.kernelModule(), under(semantics));
  if (!kernel)
    return std::nullopt;
  const ElementType argType = kernel->signature.parameters[0].element;
  const ElementType resultType = kernel->signature.results[0].element;
  const bool qcast = w.op == bench::Op::Qcast;
  const quant::QuantType &type = qcast ? *resultType.quant : *argType.quant;
  const RuntimeValue input = w.input(argType);
  std::string error;
  std::optional<quant::ParameterMap> map =
      quant::ParameterMap::build(type, input.shape(), true, error);
  if (!map)
    return std::nullopt;
  Timed best;
  for (int r = 0; r < runs; ++r) {
    const double t0 = now();
    RuntimeValue result = RuntimeValue::tensor(resultType, input.shape());
    if (qcast)
      fast::quantizeTensor(type, semantics, *map, input, result);
    else
      fast::dequantizeTensor(type, semantics, *map, input, result);
    const double t1 = now();
    best.seconds = std::min(best.seconds, t1 - t0);
    best.checksum = bench::Workload::checksum(result);
  }
  return best;
}

/// tosa.rescale's work alone, result allocation included: the accelerator
/// where [fast.rescale] claims the op (as eval/TosaOps.cpp does), else the
/// reference loop of requant::requantizeElement under the semantics' recipe.
/// `path` says which ran.
std::optional<Timed> timeRescale(const bench::Workload &w, const quant::Semantics &semantics,
                                 const char *&path) {
  requant::RescaleAttributes a;
  a.inputWidth = 32;
  a.outputWidth = 8;
  a.scale32 = true;
  a.roundingMode = w.doubleRound ? requant::RoundingMode::Double : requant::RoundingMode::Single;
  a.perChannel = w.granularity != bench::Granularity::PerLayer;
  const std::vector<int64_t> multipliers = w.rescaleMultipliers();
  std::vector<int8_t> shifts;
  for (int64_t s : w.rescaleShifts())
    shifts.push_back(static_cast<int8_t>(s));
  const int64_t nc = static_cast<int64_t>(multipliers.size());
  const RuntimeValue input = w.input(ElementType::makeInteger(32));
  const uint64_t inputZp = 0;
  const uint64_t outputZp = requant::truncateBits(bench::Workload::kRescaleOutputZp, 8);
  Timed best;
  for (int r = 0; r < runs; ++r) {
    const double t0 = now();
    RuntimeValue result = RuntimeValue::tensor(ElementType::makeInteger(8), input.shape());
    if (std::optional<fast::RescalePlan> plan = fast::planRescale(
            semantics.requantize, a, multipliers, shifts, inputZp, outputZp, input)) {
      fast::rescaleTensor(*plan, input, result);
      path = "fast";
    } else {
      path = "reference";
      for (int64_t i = 0; i < input.size(); ++i) {
        const size_t c = a.perChannel ? size_t(i % nc) : 0;
        requant::RescaledElement out = requant::requantizeElement(
            semantics.requantize, a, static_cast<uint64_t>(input.get(i)), multipliers[c],
            shifts[c], inputZp, outputZp);
        if (out.violation) {
          std::fprintf(stderr, "quant-bench: %s: element %lld: %s\n", w.name().c_str(),
                       static_cast<long long>(i), out.violation->message().c_str());
          return std::nullopt;
        }
        result.set(i, out.bits);
      }
    }
    const double t1 = now();
    best.seconds = std::min(best.seconds, t1 - t0);
    best.checksum = bench::Workload::checksum(result);
  }
  return best;
}

/// One rescale row of `compare`; false on a failure or a checksum mismatch.
bool compareRescale(const bench::Workload &w, const quant::Semantics &timedSemantics) {
  // The recipe whose results MLIR's lowering computes when no REQUIRE fails.
  quant::Semantics tosa = *quant::findProfile("reference");
  tosa.requantize = requant::RequantizeRecipe::Tosa;
  std::string error;
  std::optional<bench::JitResult> jit = bench::runJit(w.jitProgram(), runs, error, true);
  if (!jit) {
    std::fprintf(stderr, "quant-bench: %s: %s\n", w.name().c_str(), error.c_str());
    return false;
  }
  const char *path = "?", *tosaPath = "?";
  std::optional<Timed> timed = timeRescale(w, timedSemantics, path);
  std::optional<Timed> same = timeRescale(w, tosa, tosaPath);
  std::optional<Timed> call = interpret(w.kernelModule(), w, timedSemantics);
  bench::Workload small = w;
  small.elements = loweredElements;
  std::optional<std::string> loweredText = bench::lowerTosaOps(small.kernelModule(), error);
  std::optional<Timed> lowered = loweredText ? interpret(*loweredText, small, tosa) : std::nullopt;
  std::optional<bench::JitResult> smallJit =
      bench::runJit(small.jitProgram(), runs, error, true);
  if (!timed || !same || !call || !lowered || !smallJit) {
    std::fprintf(stderr, "quant-bench: %s: %s\n", w.name().c_str(),
                 error.empty() ? "interpretation failed" : error.c_str());
    return false;
  }
  const bool match = same->checksum == jit->checksum && call->checksum == timed->checksum &&
                     lowered->checksum == smallJit->checksum;
  std::printf("%-26s %8.4f %9.4f %9.1f %6.2f %10s %6s %9.4f %6.2f %9s %9.4f %8.1f  %s\n",
              w.name().c_str(), jit->seconds, timed->seconds,
              double(w.elements) / timed->seconds / 1e6, timed->seconds / jit->seconds, "-", "-",
              call->seconds, call->seconds / jit->seconds, match ? "equal" : "DIFFERENT",
              lowered->seconds, lowered->seconds / smallJit->seconds, path);
  std::fflush(stdout);
  return match;
}

/// The contraction op (not the fill) of a contraction workload's @kernel.
mlir::Operation *contractionOf(mlir::ModuleOp module) {
  mlir::Operation *found = nullptr;
  module.walk([&](mlir::linalg::LinalgOp op) {
    if (!llvm::isa<mlir::linalg::FillOp>(op.getOperation()))
      found = op.getOperation();
  });
  return found;
}

/// [fast.contraction] alone: planContraction and contract on the workload's
/// inputs and a zero init, the plan and the result allocation included.
std::optional<Timed> timeAccelerator(const bench::ContractionWorkload &w) {
  mlir::MLIRContext context;
  ir::registerAcceptedDialects(context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(w.kernelModule(), &context);
  mlir::Operation *op = module ? contractionOf(*module) : nullptr;
  if (!op) {
    std::fprintf(stderr, "quant-bench: %s: cannot parse the kernel\n", w.name().c_str());
    return std::nullopt;
  }
  const std::vector<RuntimeValue> inputs = w.inputs();
  Timed best;
  for (int r = 0; r < runs; ++r) {
    const double t0 = now();
    std::string whyNot;
    std::optional<fast::ContractionPlan> plan = fast::planContraction(*op, &whyNot);
    if (!plan) {
      std::fprintf(stderr, "quant-bench: %s: no plan: %s\n", w.name().c_str(), whyNot.c_str());
      return std::nullopt;
    }
    const RuntimeValue init = RuntimeValue::tensor(ElementType::makeInteger(32), w.outputShape());
    std::optional<RuntimeValue> result =
        fast::contract(*plan, {&inputs[0], &inputs[1], &init}, w.loops);
    const double t1 = now();
    if (!result) {
      std::fprintf(stderr, "quant-bench: %s: the accelerator declined\n", w.name().c_str());
      return std::nullopt;
    }
    best.seconds = std::min(best.seconds, t1 - t0);
    best.checksum = bench::ContractionWorkload::checksum(*result);
  }
  return best;
}

/// The whole interpreter call of @kernel (fill, op, return), fastest of
/// `times`; `contractions` counts the ops [fast.contraction] took.
std::optional<Timed> interpretContraction(const bench::ContractionWorkload &w, bool fastPaths,
                                          int times, int64_t &contractions) {
  eval::FastPathUse use;
  eval::RunOptions options;
  options.interpreter.fastPaths = fastPaths;
  options.interpreter.fastPathUse = &use;
  std::optional<Kernel> kernel = loadKernel(w.kernelModule(), options);
  if (!kernel)
    return std::nullopt;
  const std::vector<RuntimeValue> inputs = w.inputs();
  Timed best;
  for (int r = 0; r < times; ++r) {
    std::vector<RuntimeValue> args = inputs; // the copy is not timed
    const double t0 = now();
    std::optional<std::vector<RuntimeValue>> results =
        runKernel(*kernel, std::move(args), options);
    const double t1 = now();
    if (!results)
      return std::nullopt;
    best.seconds = std::min(best.seconds, t1 - t0);
    best.checksum = bench::ContractionWorkload::checksum((*results)[0]);
  }
  contractions = use.linalgContraction;
  return best;
}

/// One contraction row of `compare`; false on a failure or a checksum
/// mismatch.
bool compareContraction(const bench::ContractionWorkload &w) {
  std::string error;
  std::optional<bench::JitResult> jit = bench::runJit(w.jitProgram(), runs, error);
  if (!jit) {
    std::fprintf(stderr, "quant-bench: %s: %s\n", w.name().c_str(), error.c_str());
    return false;
  }
  int64_t fastCalls = 0, referenceCalls = 0;
  std::optional<Timed> accelerator = timeAccelerator(w);
  std::optional<Timed> call = interpretContraction(w, true, runs, fastCalls);
  // The per-point reference on a smaller op of the same kind: at ~3 us per
  // point the full workload would take minutes.
  const bench::ContractionWorkload small = w.small();
  std::optional<Timed> reference = interpretContraction(small, false, 1, referenceCalls);
  if (!accelerator || !call || !reference) {
    std::fprintf(stderr, "quant-bench: %s: interpretation failed\n", w.name().c_str());
    return false;
  }
  const bool match = accelerator->checksum == jit->checksum && call->checksum == jit->checksum;
  std::printf("%-44s %8.4f %9.4f %6.2f %9.4f %6.2f %9s %9s %10.1f %10.2f\n", w.name().c_str(),
              jit->seconds, accelerator->seconds, accelerator->seconds / jit->seconds,
              call->seconds, call->seconds / jit->seconds, match ? "equal" : "DIFFERENT",
              fastCalls == runs ? "fast" : "reference",
              reference->seconds / double(small.points()) * 1e9,
              accelerator->seconds / double(w.points()) * 1e9);
  std::fflush(stdout);
  return match;
}

int compare() {
  std::optional<quant::Semantics> timedSemantics = quant::findProfile(profile);
  if (!timedSemantics) {
    std::fprintf(stderr, "quant-bench: unknown profile %s\n", profile.c_str());
    return 2;
  }
  const quant::Semantics lowering = *quant::findProfile("mlir-lower-quant-ops");
  std::printf("# quant-bench compare: %lld elements, fastest of %d runs; JIT = mlir-runner -O3 "
              "of the --lower-quant-ops lowering, timed inside the program\n",
              static_cast<long long>(elements.getValue()), runs.getValue());
  std::printf("# kernel: fast::quantizeTensor / dequantizeTensor (result allocation "
              "included) under --profile=%s; lower-qo: the same under mlir-lower-quant-ops "
              "(checksum compared with the JIT); call: the whole interpreter call of @kernel\n",
              profile.c_str());
  std::printf("# rescale: JIT = mlir-opt '%s', then the same pipeline; kernel: "
              "fast::planRescale + rescaleTensor, or the reference loop where the plan "
              "declines (path in the last column); checksum compared with the JIT\n",
              bench::tosaPipeline().c_str());
  std::printf("%-26s %8s %9s %9s %6s %10s %6s %9s %6s %9s %9s %8s\n", "workload", "jit s",
              "kernel s", "Melem/s", "ratio", "lower-qo s", "ratio", "call s", "ratio",
              "checksum", "lowered s", "ratio");
  int failures = 0;
  for (const bench::Workload &w : bench::standardWorkloads(elements)) {
    if (w.name().find(only) == std::string::npos)
      continue;
    std::string error;
    if (w.op == bench::Op::Rescale) {
      failures += !compareRescale(w, *timedSemantics);
      continue;
    }
    std::optional<bench::JitResult> jit = bench::runJit(w.jitProgram(), runs, error);
    if (!jit) {
      std::fprintf(stderr, "quant-bench: %s: %s\n", w.name().c_str(), error.c_str());
      ++failures;
      continue;
    }
    std::optional<Timed> timed = timeKernel(w, *timedSemantics);
    std::optional<Timed> same = timeKernel(w, lowering);
    std::optional<Timed> call = interpret(w.kernelModule(), w, *timedSemantics);
    // The lowered IR, interpreted, on fewer elements; JIT at the same size.
    bench::Workload small = w;
    small.elements = loweredElements;
    std::optional<std::string> loweredText = bench::lowerQuantOps(small.kernelModule(), error);
    std::optional<Timed> lowered =
        loweredText ? interpret(*loweredText, small, lowering) : std::nullopt;
    std::optional<bench::JitResult> smallJit = bench::runJit(small.jitProgram(), runs, error);
    if (!timed || !same || !call || !lowered || !smallJit) {
      std::fprintf(stderr, "quant-bench: %s: %s\n", w.name().c_str(),
                   error.empty() ? "interpretation failed" : error.c_str());
      ++failures;
      continue;
    }
    const bool match = same->checksum == jit->checksum && call->checksum == timed->checksum &&
                       lowered->checksum == smallJit->checksum;
    failures += !match;
    std::printf("%-26s %8.4f %9.4f %9.1f %6.2f %10.4f %6.2f %9.4f %6.2f %9s %9.4f %8.1f\n",
                w.name().c_str(), jit->seconds, timed->seconds,
                double(w.elements) / timed->seconds / 1e6, timed->seconds / jit->seconds,
                same->seconds, same->seconds / jit->seconds, call->seconds,
                call->seconds / jit->seconds, match ? "equal" : "DIFFERENT", lowered->seconds,
                lowered->seconds / smallJit->seconds);
    std::fflush(stdout);
  }
  std::printf("# lowered: the --lower-quant-ops output (rescale: the tosa-to-linalg / "
              "tosa-to-arith output) interpreted on %lld elements, ratio to the JIT on the same "
              "%lld elements\n",
              static_cast<long long>(loweredElements.getValue()),
              static_cast<long long>(loweredElements.getValue()));
  bool header = false;
  for (const bench::ContractionWorkload &w : bench::contractionWorkloads()) {
    if (w.name().find(only) == std::string::npos)
      continue;
    if (!header) {
      std::printf("# contractions: JIT = the same pipeline on the linalg named op; accel: "
                  "fast::planContraction + contract alone (result allocation included); call: "
                  "the whole interpreter call of @kernel (fill, op, return); checksum of both "
                  "compared with the JIT; path: what the call's op ran; ref ns/pt: the per-point "
                  "payload runs (fast paths off) on a smaller op of the same kind\n");
      std::printf("%-44s %8s %9s %6s %9s %6s %9s %9s %10s %10s\n", "workload", "jit s",
                  "accel s", "ratio", "call s", "ratio", "checksum", "path", "ref ns/pt",
                  "accel ns/pt");
      header = true;
    }
    failures += !compareContraction(w);
  }
  return failures ? 1 : 0;
}

long residentKiB() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * 4;
}

/// `memory --op=matmul|conv2d`: one interpreter call of the workload.
int memoryContraction(const bench::ContractionWorkload &w) {
  const eval::RunOptions options;
  // A call of the small op first faults in the code pages both calls run
  // (megabytes, next to this workload's data) while allocating little.
  std::optional<Kernel> warmUp = loadKernel(w.small().kernelModule(), options);
  if (!warmUp || !runKernel(*warmUp, w.small().inputs(), options))
    return 1;
  std::optional<Kernel> kernel = loadKernel(w.kernelModule(), options);
  if (!kernel)
    return 1;
  const long before = residentKiB();
  std::vector<RuntimeValue> args = w.inputs();
  double dataBytes = 0;
  for (const RuntimeValue &arg : args)
    dataBytes += double(arg.size()) * arg.bytesPerElement();
  int64_t outputs = 1;
  for (int64_t d : w.outputShape())
    outputs *= d;
  dataBytes += double(outputs) * 4;
  if (!runKernel(*kernel, std::move(args), options))
    return 1;
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double peak = double(usage.ru_maxrss - before) * 1024;
  std::printf("%s: input+output %.2f MB, peak resident growth %.2f MB = %.2fx\n",
              w.name().c_str(), dataBytes / 1e6, peak / 1e6, peak / dataBytes);
  return 0;
}

int memory() {
  for (bench::ContractionWorkload w : bench::contractionWorkloads())
    if ((opName == "matmul") == (w.kind == bench::ContractionWorkload::Kind::Matmul) &&
        (opName == "matmul" || opName == "conv2d")) {
      // Larger data make the measure less sensitive to the allocator's own
      // pages (the workloads hold about 1 MB).
      w.loops[0] *= std::max<int64_t>(scale, 1);
      return memoryContraction(w);
    }
  bench::Workload w{opName == "dcast" ? bench::Op::Dcast : bench::Op::Qcast,
                    bench::Granularity::PerLayer, elements};
  std::optional<quant::Semantics> semantics = quant::findProfile(profile);
  if (!semantics) {
    std::fprintf(stderr, "quant-bench: unknown profile %s\n", profile.c_str());
    return 2;
  }
  const eval::RunOptions options = under(*semantics);
  std::optional<Kernel> kernel = loadKernel(w.kernelModule(), options);
  if (!kernel)
    return 1;
  const long before = residentKiB();
  std::vector<RuntimeValue> args;
  args.push_back(w.input(kernel->signature.parameters[0].element)); // moved, not copied
  const double dataBytes = double(args[0].size()) * (args[0].bytesPerElement() +
                                                      (w.op == bench::Op::Qcast ? 1 : 4));
  if (!runKernel(*kernel, std::move(args), options))
    return 1;
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double peak = double(usage.ru_maxrss - before) * 1024;
  std::printf("%s: input+output %.1f MB, peak resident growth %.1f MB = %.2fx\n",
              w.name().c_str(), dataBytes / 1e6, peak / 1e6, peak / dataBytes);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  qi::keepLargeAllocations(); // [fast.allocation]
  cl::ParseCommandLineOptions(argc, argv, "quant-bench: quant-interp performance\n");
  for (const cl::opt<int64_t> *count : {&elements, &loweredElements})
    if (*count % 65536 != 0 || *count <= 0) {
      std::fprintf(stderr, "quant-bench: --%s must be a positive multiple of 65536, got %lld\n",
                   count->ArgStr.str().c_str(), static_cast<long long>(count->getValue()));
      return 2;
    }
  if (command == "compare")
    return compare();
  if (command == "sweep")
    return bench::sweep(sweepType, profile, workers);
  if (command == "memory")
    return memory();
  std::fprintf(stderr, "quant-bench: unknown command %s (compare, sweep, memory)\n",
               command.c_str());
  return 2;
}
