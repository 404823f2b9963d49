//===- Rescale.h - The TOSA RESCALE operator, element by element -*- C++ -*-===//
//
// Spec: [rescale.op], [rescale.error-if], [rescale.widths],
// [rescale.violation]. Follows pseudocode/operators/RESCALE.tosac of the
// TOSA 1.0 specification: extend the input and its zero point to int48,
// subtract, apply_scale_32 or apply_scale_16 with the channel's multiplier
// and shift, add the output zero point (apply_add_s<int32_t>), clip to the
// output type.
//
// Integers travel as their bit patterns (uint64_t, the low `width` bits);
// whether a pattern is read zero- or sign-extended is the op's business
// (input_unsigned / output_unsigned), as in the specification.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_RESCALE_H
#define QI_REQUANT_RESCALE_H

#include "interpreter/requant/ApplyScale.h"

#include <cstdint>
#include <optional>

namespace qi::requant {

/// The attributes of one RESCALE and the widths of its in_t / out_t.
struct RescaleAttributes {
  unsigned inputWidth = 32;  ///< in_t: 8, 16, 32 or 48 in the specification's table
  unsigned outputWidth = 8;  ///< out_t: 8, 16 or 32
  bool scale32 = true;       ///< mul_t = i32 (else i16)
  RoundingMode roundingMode = RoundingMode::Single;
  bool perChannel = false;
  bool inputUnsigned = false;
  bool outputUnsigned = false;
};

/// The widest in_t / out_t the pseudo-code can hold (int48_t value,
/// int32_t result). [rescale.widths]
inline constexpr unsigned kMaxRescaleInputWidth = 48;
inline constexpr unsigned kMaxRescaleOutputWidth = 32;

/// The integer a `width`-bit pattern stands for: zero_extend when
/// `isUnsigned`, sign_extend otherwise (width 1..64).
int64_t extendBits(uint64_t bits, unsigned width, bool isUnsigned);
/// The low `width` bits of `value` (static_cast<out_t>).
uint64_t truncateBits(int64_t value, unsigned width);

/// The ERROR_IF conditions of RESCALE, in the specification's order, for
/// the given attributes, zero point patterns and input rank; the first that
/// holds, or nullopt. Also rejects widths beyond kMaxRescale*Width (the
/// pseudo-code's int48_t / int32_t cannot hold them). [rescale.error-if]
std::optional<Violation> checkRescale(const RescaleAttributes &attributes,
                                      uint64_t inputZpBits, uint64_t outputZpBits,
                                      int64_t rank);

/// One output element, or the REQUIRE that fails for it.
struct RescaledElement {
  uint64_t bits = 0;   ///< out_t pattern (low outputWidth bits)
  int64_t value = 0;   ///< the value it stands for (per output_unsigned)
  std::optional<Violation> violation;
};

/// RESCALE's body for one element, after checkRescale passed. `multiplier`
/// is the channel's mul_t value (i16 or i32, sign-extended), `shift` its
/// int8 shift. [rescale.op]
RescaledElement rescaleElement(const RescaleAttributes &attributes, uint64_t inputBits,
                               int64_t multiplier, int8_t shift, uint64_t inputZpBits,
                               uint64_t outputZpBits);

} // namespace qi::requant

#endif
