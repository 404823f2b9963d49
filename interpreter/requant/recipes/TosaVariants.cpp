//===- TosaVariants.cpp - RESCALE with a fixed rounding mode ---------------===//
//
// Spec: [requant.tosa-single-round], [requant.tosa-double-round]. The
// specification's RESCALE ([rescale.op]) as a backend computes it that does
// not look at the op's rounding_mode: one that always rounds once (it ignores
// DOUBLE_ROUND), or one that always applies apply_scale_32's double rounding
// (the TFLite-compatible mode of the TOSA reference model). apply_scale_16 has
// no double rounding, so without scale32 both are RESCALE as written.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/recipes/Recipes.h"

namespace qi::requant::recipes {

RescaledElement tosaSingleRound(const RescaleAttributes &attributes, uint64_t inputBits,
                                int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                                uint64_t outputZpBits) {
  RescaleAttributes single = attributes;
  single.roundingMode = RoundingMode::Single;
  return rescaleElement(single, inputBits, multiplier, shift, inputZpBits, outputZpBits);
}

RescaledElement tosaDoubleRound(const RescaleAttributes &attributes, uint64_t inputBits,
                                int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                                uint64_t outputZpBits) {
  RescaleAttributes twice = attributes;
  if (twice.scale32)
    twice.roundingMode = RoundingMode::Double;
  return rescaleElement(twice, inputBits, multiplier, shift, inputZpBits, outputZpBits);
}

} // namespace qi::requant::recipes
