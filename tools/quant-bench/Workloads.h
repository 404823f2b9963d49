//===- Workloads.h - The benchmark programs of quant-bench ------*- C++ -*-===//
//
// docs/performance.md. One workload is a quant.qcast or quant.dcast of a
// fixed quantized type on N elements whose inputs are a formula of the
// element index, written both as MLIR (so the JIT-compiled lowering makes
// them itself) and in C++ (for the interpreter): the same bits on both sides.
//
//===----------------------------------------------------------------------===//
#ifndef QI_TOOLS_QUANTBENCH_WORKLOADS_H
#define QI_TOOLS_QUANTBENCH_WORKLOADS_H

#include "interpreter/value/RuntimeValue.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qi::bench {

enum class Op { Qcast, Dcast };
enum class Granularity { PerLayer, PerChannel, SubChannel };

struct Workload {
  Op op;
  Granularity granularity;
  int64_t elements; ///< a multiple of 2^16
  std::string expressed = "f32";

  std::string name() const;
  /// Shape [N] per-layer, [N / 256, 256] otherwise.
  Shape shape() const;
  /// The !quant.uniform type (per-channel: 256 channels on axis 1;
  /// sub-channel: blocks {0: N/256/16, 1: 64}, a 16x4 scale tensor).
  std::string quantType() const;
  /// A module with the single function @kernel: the op on the input tensor.
  std::string kernelModule() const;
  /// The JIT program: @kernel, and @main that builds the input, times one
  /// call of @kernel with rtclock() and prints the seconds and checksum().
  std::string jitProgram() const;
  /// The input the formulas of jitProgram() produce, as a runtime value of
  /// the kernel's argument type (f32 values, or i8 storage patterns).
  RuntimeValue input(const ElementType &argumentType) const;
  /// sum over i of v_i * ((i & 255) + 1), v_i the stored i8 value (qcast) or
  /// the f32 result's bit pattern as a signed int32 (dcast), as the JIT
  /// program computes it (wrapping int64).
  static int64_t checksum(const RuntimeValue &result);
};

/// The six workloads of `quant-bench compare`.
std::vector<Workload> standardWorkloads(int64_t elements);

} // namespace qi::bench

#endif
