//===- ContractionAccelerator.h - Integer MACs without the payload -*- C++ -*-===//
//
// Spec: [fast.contraction] in spec/performance.md. For an op that
// planContraction (ContractionPlan.h) claims, the result is
// `init + sum over every iteration point of factor1 * factor2` modulo 2^N:
// plain integer loops over the operands' storage, in an order chosen for the
// caches (for a matmul i-k-j, for an NHWC convolution the filters innermost),
// the sum in uint32_t (N <= 32) or uint64_t, which wrap as arith.addi and
// arith.muli do.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_CONTRACTIONACCELERATOR_H
#define QI_FAST_CONTRACTIONACCELERATOR_H

#include "interpreter/fast/ContractionPlan.h"
#include "interpreter/value/RuntimeValue.h"

#include <optional>
#include <vector>

namespace qi::fast {

/// How contract walks the iteration space: the best loop order with the
/// inner loop specialised by its strides (Best), or the op's own loop order
/// with one strided scalar inner loop (Strided; the differential test
/// compares both with the reference).
enum class ContractionForm { Best, Strided };

/// The inner loop a walk ran, named by the strides of (out, a, b) along it.
enum class ContractionKernel {
  Axpy,        ///< out and one factor contiguous, the other fixed (matmul's j)
  Elementwise, ///< all three contiguous (depthwise convolution's channel)
  DotUnit,     ///< out fixed, both factors contiguous (matvec's k)
  Dot,         ///< out fixed, factors strided
  Strided,     ///< anything else, and every walk of ContractionForm::Strided
};

/// The op's one result: a fresh tensor of the init's type and shape. nullopt
/// when the run-time operands do not qualify, the reference then runs: an
/// operand's element type is not the plan's integer width, an operand has
/// poison elements, the init is not a tensor, or some iteration point reads
/// an index out of bounds or one whose affine evaluation could overflow int64
/// (errors the reference reports). `operands` are the ins then the init,
/// `loopSize` the loop sizes evalStructured derived ([linalg.loop-bounds]).
/// `kernel`, if given, is set to the inner loop that ran.
std::optional<RuntimeValue> contract(const ContractionPlan &plan,
                                     const std::vector<const RuntimeValue *> &operands,
                                     const std::vector<int64_t> &loopSize,
                                     ContractionForm form = ContractionForm::Best,
                                     ContractionKernel *kernel = nullptr);

} // namespace qi::fast

#endif
