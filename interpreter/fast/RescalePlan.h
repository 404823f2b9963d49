//===- RescalePlan.h - When tosa.rescale may skip the per-element path -*- C++ -*-===//
//
// Spec: [fast.rescale] in spec/performance.md, [rescale.op],
// [rescale.apply-scale-32], [rescale.apply-scale-16]. The precondition of
// the rescale accelerator (RescaleAccelerator.h): the op is computed by the
// `tosa` recipe and *no element can break a REQUIRE* -- proven once per op
// from in_t's range, or else from the smallest and largest input value of
// each channel. Then every element is the spec's one-line formula, with no
// error to report; otherwise the caller runs the reference per-element path
// (requant::requantizeElement), which reports the first failing element.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_RESCALEPLAN_H
#define QI_FAST_RESCALEPLAN_H

#include "interpreter/requant/RequantizeRecipe.h"
#include "interpreter/value/RuntimeValue.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace qi::fast {

/// One channel's constants: multiplier and shift, and the rounding constant
/// `round` of apply_scale_32 / apply_scale_16 for a non-negative and for a
/// negative value (they differ only under DOUBLE_ROUND with shift > 31).
struct RescaleChannel {
  int64_t multiplier = 0;
  unsigned shift = 2;
  int64_t roundNonNegative = 0;
  int64_t roundNegative = 0;
};

/// A tosa.rescale the accelerator computes, with its constants.
struct RescalePlan {
  /// How the plan proved that no REQUIRE can fail.
  enum class Bounds {
    Type, ///< from in_t's range and the zero point alone
    Data, ///< from the input's smallest and largest value per channel
  };

  unsigned inputWidth = 32;
  unsigned outputWidth = 8;
  bool inputUnsigned = false;
  bool perChannel = false;
  int64_t inputZp = 0;  ///< extended as RESCALE reads it
  int64_t outputZp = 0; ///< extended as RESCALE reads it
  int64_t lo = 0, hi = 0; ///< out_t's clip range
  std::vector<RescaleChannel> channels; ///< NC
  Bounds bounds = Bounds::Type;
};

/// The plan for one tosa.rescale of `input` (in_t patterns) computed by
/// `recipe`, or nullopt when the accelerator does not claim it: a recipe
/// other than `tosa`, an ERROR_IF that holds (checkRescale), NC parameters
/// that do not match the input, an element storage other than in_t's, or a
/// channel where some element could break a REQUIRE of apply_scale_32 /
/// apply_scale_16 or apply_add_s<int32_t>. `multipliers` are the channels'
/// mul_t values sign-extended, `shifts` their int8 shifts. Poison elements
/// count with their stored bits (they can only make the plan decline).
std::optional<RescalePlan> planRescale(requant::RequantizeRecipe recipe,
                                       const requant::RescaleAttributes &attributes,
                                       const std::vector<int64_t> &multipliers,
                                       const std::vector<int8_t> &shifts, uint64_t inputZpBits,
                                       uint64_t outputZpBits, const RuntimeValue &input);

} // namespace qi::fast

#endif
