//===- Workloads.h - The benchmark programs of quant-bench ------*- C++ -*-===//
//
// docs/performance.md. One workload is a quant.qcast or quant.dcast of a
// fixed quantized type, or a tosa.rescale i32 -> i8, on N elements whose
// inputs are a formula of the element index, written both as MLIR (so the
// JIT-compiled lowering makes them itself) and in C++ (for the interpreter):
// the same bits on both sides.
//
//===----------------------------------------------------------------------===//
#ifndef QI_TOOLS_QUANTBENCH_WORKLOADS_H
#define QI_TOOLS_QUANTBENCH_WORKLOADS_H

#include "interpreter/value/RuntimeValue.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qi::bench {

enum class Op { Qcast, Dcast, Rescale };
/// For Rescale: PerLayer is per-tensor, PerChannel 256 channels on the last
/// axis (SubChannel does not apply).
enum class Granularity { PerLayer, PerChannel, SubChannel };

struct Workload {
  Op op;
  Granularity granularity;
  int64_t elements; ///< a multiple of 2^16
  std::string expressed = "f32";
  /// Rescale: rounding_mode DOUBLE_ROUND (else SINGLE_ROUND).
  bool doubleRound = true;

  std::string name() const;
  /// Shape [N] per-layer, [N / 256, 256] otherwise.
  Shape shape() const;
  /// Rescale: the (multiplier, shift) of each channel (one per-tensor):
  /// per-tensor (1992150143, 38); channel c of 256: multiplier 2^30 +
  /// (c * 2654435761 mod 2^30), shift 37 + c mod 3. scale32 = true, zero
  /// points 0 (input) and -3 (output).
  std::vector<int64_t> rescaleMultipliers() const;
  std::vector<int64_t> rescaleShifts() const;
  static constexpr int64_t kRescaleOutputZp = -3;
  /// The !quant.uniform type (per-channel: 256 channels on axis 1;
  /// sub-channel: blocks {0: N/256/16, 1: 64}, a 16x4 scale tensor).
  std::string quantType() const;
  /// A module with the single function @kernel: the op on the input tensor
  /// (Rescale: its multipliers, shifts and zero points as tosa.const).
  std::string kernelModule() const;
  /// The JIT program: @kernel, and @main that builds the input, times one
  /// call of @kernel with rtclock() and prints the seconds and checksum().
  std::string jitProgram() const;
  /// The input the formulas of jitProgram() produce, as a runtime value of
  /// the kernel's argument type (f32 values, i8 storage patterns, or for
  /// Rescale the i32 x_i = (h_i mod 2^16) - 2^15).
  RuntimeValue input(const ElementType &argumentType) const;
  /// sum over i of v_i * ((i & 255) + 1), v_i the stored i8 value (qcast,
  /// rescale) or the f32 result's bit pattern as a signed int32 (dcast), as
  /// the JIT program computes it (wrapping int64).
  static int64_t checksum(const RuntimeValue &result);
};

/// The ten workloads of `quant-bench compare`: qcast and dcast per-layer,
/// per-channel and sub-channel; rescale per-tensor and per-channel, each
/// with DOUBLE_ROUND and SINGLE_ROUND.
std::vector<Workload> standardWorkloads(int64_t elements);

} // namespace qi::bench

#endif
