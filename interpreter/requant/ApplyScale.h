//===- ApplyScale.h - TOSA apply_scale_32 / apply_scale_16 -------*- C++ -*-===//
//
// Spec: [rescale.apply-scale-32], [rescale.apply-scale-16],
// [rescale.rounding-mode]. The fixed-point multiply of the TOSA 1.0
// specification (pseudocode/library/scale_helpers.tosac), written like its
// pseudo-code: 64-bit product, one rounding constant, arithmetic shift.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_APPLYSCALE_H
#define QI_REQUANT_APPLYSCALE_H

#include "interpreter/requant/Violation.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace qi::requant {

/// TOSA's rounding_mode_t (tosa.xml): SINGLE_ROUND = 1, INEXACT_ROUND = 2,
/// DOUBLE_ROUND = 3. [rescale.rounding-mode]
enum class RoundingMode { Single, Inexact, Double };

/// "SINGLE_ROUND", "INEXACT_ROUND", "DOUBLE_ROUND" (the MLIR spelling too).
std::string_view roundingModeName(RoundingMode mode);
std::optional<RoundingMode> parseRoundingMode(std::string_view name);

/// A scaled value, or the REQUIRE that does not hold for the operands.
struct Scaled {
  int32_t value = 0;
  std::optional<Violation> violation;
};

/// apply_scale_32(value, multiplier, shift, double_round): REQUIRE
/// multiplier >= 0, 2 <= shift <= 62, -2^(shift-1) <= value < 2^(shift-1);
/// result (value * multiplier + 2^(shift-1) [+-2^30 when double_round and
/// shift > 31]) >> shift. [rescale.apply-scale-32]
Scaled applyScale32(int32_t value, int32_t multiplier, int8_t shift, bool doubleRound);

/// apply_scale_16(value, multiplier, shift) on an int48 value: REQUIRE
/// multiplier >= 0, 2 <= shift <= 62, and the result within int32.
/// [rescale.apply-scale-16]. `value` must lie in int48 (callers read it from
/// an int48 or narrower integer).
Scaled applyScale16(int64_t value, int16_t multiplier, int8_t shift);

/// `value >> shift` as the specification's arithmetic right shift (floor
/// division by 2^shift), for 0 <= shift <= 63.
int64_t arithmeticShiftRight(int64_t value, unsigned shift);

} // namespace qi::requant

#endif
