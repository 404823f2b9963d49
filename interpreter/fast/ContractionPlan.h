//===- ContractionPlan.h - Which structured ops are integer MACs -*- C++ -*-===//
//
// Spec: [fast.contraction] in spec/performance.md, [linalg.generic],
// [linalg.named-cast]. The precondition of the contraction accelerator
// (ContractionAccelerator.h), read from the op itself: its payload region is
// exactly `out + (widen(a) [- widen(zpA)]) * (widen(b) [- widen(zpB)])` in one
// integer type of at most 64 bits, with no overflow flags, and every indexing
// map is a sum of loop indices times constants. The payload is the
// definition, not the op's name: a linalg.generic that spells this out is
// claimed, and a named op whose `cast` attribute or element types make
// another payload is judged by that payload.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_CONTRACTIONPLAN_H
#define QI_FAST_CONTRACTIONPLAN_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace qi::fast {

/// How an operand element becomes an accumulator value: the accumulator's
/// arithmetic is modulo 2^N, so only the element's class mod 2^N matters.
enum class Widening {
  Signed,   ///< arith.extsi: the element read as a signed integer
  Unsigned, ///< arith.extui: read as an unsigned integer
  Wrap,     ///< the accumulator type itself, or arith.trunci: its pattern mod 2^N
};

/// `constant + sum over loops d of coefficients[d] * d`.
struct LinearForm {
  int64_t constant = 0;
  std::vector<int64_t> coefficients; ///< one per loop
};

/// One ins or outs operand: its element width and, per indexing-map result,
/// the index as a linear form of the loops and a bound on the magnitude of
/// every subexpression the reference evaluates ([affine.eval] fails on int64
/// overflow; the accelerator declines wherever that bound could exceed it).
struct ContractionOperand {
  unsigned width = 0;
  std::vector<LinearForm> index;
  std::vector<LinearForm> magnitude; ///< non-negative coefficients
};

/// One factor of the product: `widen(ins operand) [- widen(zero point)]`.
struct ContractionFactor {
  unsigned operand = 0;
  Widening widening = Widening::Wrap;
  /// The ins operand subtracted, if any; its indexing map uses no loop.
  std::optional<unsigned> zeroPoint;
  Widening zeroPointWidening = Widening::Wrap;
};

/// A structured op the accelerator computes.
struct ContractionPlan {
  unsigned numLoops = 0;
  unsigned accumulatorWidth = 32; ///< N: the init's element width, 1..64
  /// The ins operands in order, then the one init.
  std::vector<ContractionOperand> operands;
  ContractionFactor factors[2];
};

/// The plan for `op`, or nullopt (with the reason in `whyNot`, if given) when
/// it is not a structured op on tensors with one init whose payload and maps
/// are of the form above, or some ins operand is neither a factor nor a zero
/// point. Run-time conditions (poison, bounds) are checked by `contract`.
std::optional<ContractionPlan> planContraction(mlir::Operation &op, std::string *whyNot = nullptr);

} // namespace qi::fast

#endif
