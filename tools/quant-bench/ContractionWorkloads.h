//===- ContractionWorkloads.h - Integer contractions for quant-bench -*- C++ -*-===//
//
// docs/performance.md, [fast.contraction]. The two workloads of issue 23:
// an i8 linalg.matmul 256x256x256 accumulating in i32 and an i8
// linalg.conv_2d_nhwc_hwcf of a 1x56x56x64 input with a 3x3x64x64 filter
// into i32, each written as one MLIR @kernel (zero init by linalg.fill, then
// the named op) that the interpreter runs and MLIR 22's pipeline compiles,
// with inputs that are a formula of the flat element index on both sides.
//
//===----------------------------------------------------------------------===//
#ifndef QI_TOOLS_QUANTBENCH_CONTRACTIONWORKLOADS_H
#define QI_TOOLS_QUANTBENCH_CONTRACTIONWORKLOADS_H

#include "interpreter/value/RuntimeValue.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qi::bench {

struct ContractionWorkload {
  enum class Kind { Matmul, Conv2d };
  Kind kind = Kind::Matmul;
  /// The op's loop sizes: matmul (M, N, K); conv_2d_nhwc_hwcf
  /// (N, OH, OW, F, KH, KW, C), stride and dilation 1.
  std::vector<int64_t> loops;

  /// E.g. "matmul i8 256x256x256 -> i32".
  std::string name() const;
  /// The ins shapes (A and B; input and filter) and the result's.
  std::vector<Shape> inputShapes() const;
  Shape outputShape() const;
  /// Multiply-accumulates: the product of the loop sizes.
  int64_t points() const;
  /// The same op with smaller loops, for timing the per-point reference.
  ContractionWorkload small() const;

  /// @kernel(ins) -> i32 result: tensor.empty, linalg.fill 0, the named op.
  std::string kernelModule() const;
  /// @kernel and @main, which builds the inputs, times one call of @kernel
  /// with rtclock() and prints the seconds and checksum().
  std::string jitProgram() const;
  /// The inputs jitProgram() builds: operand t's element at flat index i is
  /// the i8 `((i + t * 2^20) * 2654435761 mod 2^24) >> 8`, truncated.
  std::vector<RuntimeValue> inputs() const;
  /// sum over i of v_i * ((i & 255) + 1), v_i the i32 result's flat element,
  /// wrapping int64, as jitProgram() computes it.
  static int64_t checksum(const RuntimeValue &result);
};

/// The workloads of issue 23: the i8 matmul and the i8 conv2d.
std::vector<ContractionWorkload> contractionWorkloads();

} // namespace qi::bench

#endif
