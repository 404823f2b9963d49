//===- Jit.h - Running MLIR's own pipeline for quant-bench ------*- C++ -*-===//
//
// docs/performance.md. The reference point of the comparison: mlir-opt
// (--lower-quant-ops, then bufferization and LLVM lowering) and
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

/// Lowers `program` (quant ops included) to the LLVM dialect and runs @main
/// `runs` times under mlir-runner -O3. nullopt and `error` on failure.
std::optional<JitResult> runJit(const std::string &program, int runs, std::string &error);

/// `mlir-opt --lower-quant-ops --strip-func-quant-types` of `module`.
std::optional<std::string> lowerQuantOps(const std::string &module, std::string &error);

/// The mlir-opt pass list used before mlir-runner (for the docs).
std::string jitPipeline();

} // namespace qi::bench

#endif
