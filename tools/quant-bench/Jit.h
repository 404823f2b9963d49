//===- Jit.h - Running MLIR's own pipeline for quant-bench ------*- C++ -*-===//
//
// docs/performance.md. The reference point of the comparison: mlir-opt
// (--lower-quant-ops, then bufferization and LLVM lowering; tosa programs
// first go through MLIR 22's tosa-to-linalg and tosa-to-arith) and
// mlir-runner -O3, which JIT-compiles the program and runs it; the program
// times its own kernel call with rtclock(), so compilation is excluded.
//
//===----------------------------------------------------------------------===//
#ifndef QI_TOOLS_QUANTBENCH_JIT_H
#define QI_TOOLS_QUANTBENCH_JIT_H

#include <cstdint>
#include <optional>
#include <string>

namespace qi::bench {

struct JitResult {
  double seconds = 0; ///< the fastest of the runs
  int64_t checksum = 0;
};

/// Lowers `program` (quant ops included; with `tosa`, tosa ops first by
/// tosaPipeline()) to the LLVM dialect and runs @main `runs` times under
/// mlir-runner -O3. nullopt and `error` on failure.
std::optional<JitResult> runJit(const std::string &program, int runs, std::string &error,
                                bool tosa = false);

/// `mlir-opt --lower-quant-ops --strip-func-quant-types` of `module`.
std::optional<std::string> lowerQuantOps(const std::string &module, std::string &error);
/// `mlir-opt` with tosaPipeline() of `module`: tosa.rescale as a
/// linalg.generic of arith ops.
std::optional<std::string> lowerTosaOps(const std::string &module, std::string &error);

/// The mlir-opt pass list used before mlir-runner (for the docs).
std::string jitPipeline();
/// MLIR 22's lowering of tosa.rescale, run before jitPipeline():
/// func.func(tosa-to-linalg, tosa-to-arith{include-apply-rescale=true}).
std::string tosaPipeline();

} // namespace qi::bench

#endif
