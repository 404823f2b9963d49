//===- RecipeSupport.h - What every requantize recipe shares -----*- C++ -*-===//
//
// Spec: [requant.recipes]. The parts of RESCALE a framework recipe keeps
// ([rescale.op] step 2: the exact input difference; the out_t range) and the
// way a recipe reports a framework precondition that does not hold: a
// Violation naming the framework's function and its condition, never a
// made-up value.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_RECIPES_RECIPESUPPORT_H
#define QI_REQUANT_RECIPES_RECIPESUPPORT_H

#include "interpreter/requant/Rescale.h"

#include <cstdint>
#include <string>

namespace qi::requant::recipes {

/// The integers a recipe starts from.
struct Operands {
  int64_t input = 0;    ///< extend(in_value), per input_unsigned
  int64_t inputZp = 0;  ///< extend(input_zp)
  int64_t value = 0;    ///< input - inputZp, exact ([rescale.op] 2)
  int64_t outputZp = 0; ///< extend(output_zp), per output_unsigned
  int64_t lo = 0;       ///< out_t's smallest value (minimum_u / minimum_s)
  int64_t hi = 0;       ///< out_t's largest value
};

Operands operandsOf(const RescaleAttributes &attributes, uint64_t inputBits,
                    uint64_t inputZpBits, uint64_t outputZpBits);

/// An output element holding `value`, which must lie in [lo, hi].
RescaledElement stored(const RescaleAttributes &attributes, int64_t value);

/// A framework precondition that does not hold: `where` is the framework's
/// function, `condition` its check as the source writes it (or the C/C++
/// rule the code would break), `detail` the values.
RescaledElement violated(std::string where, std::string condition, std::string detail);

inline bool fitsInt32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }
inline bool fitsInt64(__int128 v) { return v >= INT64_MIN && v <= INT64_MAX; }
inline int64_t clampTo(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }
/// The int32 an int64 truncates to (two's complement wrap, LLVM `trunc`).
int32_t wrapToInt32(int64_t v);

/// "in_t = i8", "out_t = u16" (signless width, per the *_unsigned flag).
std::string typeText(const char *side, unsigned width, bool isUnsigned);

} // namespace qi::requant::recipes

#endif
