//===- RescaleAccelerator.cpp - tosa.rescale of a whole tensor ------------===//
//
// Spec: [fast.rescale]. Per element, the steps of [rescale.op] with the
// REQUIREs proven by the plan: value = extend(in) - input_zp;
// (value * multiplier + round) >> shift in int64 (round per the value's sign
// under DOUBLE_ROUND); + output_zp; clip; the low out_t bits.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/RescaleAccelerator.h"

#include "interpreter/fast/ElementBytes.h"
#include "interpreter/fast/RescaleVector.h"

#include <cstdint>

namespace qi::fast {

namespace {

// `>>` on a negative int64_t is floor division by 2^shift: implementation
// defined before C++20, arithmetic in GCC and Clang (checked here).
static_assert((int64_t(-5) >> 1) == -3 && (int64_t(-4) >> 2) == -1,
              "the rescale accelerator needs an arithmetic right shift");

/// One element of a channel: the out_t pattern. `ext` sign-extends a
/// `64 - ext`-bit pattern (0: the pattern is read zero-extended).
inline uint64_t rescaleOne(uint64_t x, unsigned ext, int64_t inputZp, int64_t multiplier,
                           unsigned shift, int64_t roundNonNegative, int64_t roundNegative,
                           int64_t outputZp, int64_t lo, int64_t hi, uint64_t mask) {
  const int64_t value = (static_cast<int64_t>(x << ext) >> ext) - inputZp;
  const int64_t round = value >= 0 ? roundNonNegative : roundNegative;
  int64_t result = ((value * multiplier + round) >> shift) + outputZp;
  result = result < lo ? lo : result > hi ? hi : result;
  return static_cast<uint64_t>(result) & mask;
}

/// Elements [start, n); per-channel, `start` is a multiple of NC.
template <typename In, typename Out>
void rescaleLoop(const RescalePlan &p, const uint8_t *in, uint8_t *out, int64_t start,
                 int64_t n) {
  const unsigned ext = p.inputUnsigned ? 0 : 64 - p.inputWidth;
  const uint64_t mask = (uint64_t(1) << p.outputWidth) - 1; // out_t <= 32 bits
  const int64_t inputZp = p.inputZp, outputZp = p.outputZp, lo = p.lo, hi = p.hi;
  if (!p.perChannel) {
    const RescaleChannel k = p.channels[0];
    for (int64_t i = start; i < n; ++i)
      storeElement<Out>(out, i,
                        static_cast<Out>(rescaleOne(loadElement<In>(in, i), ext, inputZp,
                                                    k.multiplier, k.shift, k.roundNonNegative,
                                                    k.roundNegative, outputZp, lo, hi, mask)));
    return;
  }
  // Per channel: c = index[rank - 1], i.e. the position within a row.
  const int64_t nc = static_cast<int64_t>(p.channels.size());
  const RescaleChannel *channels = p.channels.data();
  for (int64_t row = start; row < n; row += nc)
    for (int64_t c = 0; c < nc; ++c) {
      const RescaleChannel &k = channels[c];
      const int64_t i = row + c;
      storeElement<Out>(out, i,
                        static_cast<Out>(rescaleOne(loadElement<In>(in, i), ext, inputZp,
                                                    k.multiplier, k.shift, k.roundNonNegative,
                                                    k.roundNegative, outputZp, lo, hi, mask)));
    }
}

template <typename In>
void rescaleFrom(const RescalePlan &p, const uint8_t *in, uint8_t *out, unsigned outBytes,
                 int64_t start, int64_t n) {
  switch (outBytes) {
  case 1:
    return rescaleLoop<In, uint8_t>(p, in, out, start, n);
  case 2:
    return rescaleLoop<In, uint16_t>(p, in, out, start, n);
  default:
    return rescaleLoop<In, uint32_t>(p, in, out, start, n);
  }
}

} // namespace

int64_t rescaleTensor(const RescalePlan &plan, const RuntimeValue &input, RuntimeValue &result,
                      RescaleForm form) {
  const int64_t n = input.size();
  if (n == 0)
    return 0;
  const uint8_t *in = input.data();
  uint8_t *out = result.data();
  const unsigned outBytes = result.bytesPerElement();
  int64_t vector = 0;
  if (form == RescaleForm::Best && rescaleVectorApplies(plan, outBytes))
    vector = rescaleVectorInt32ToBytes(plan, in, out, n);
  switch (input.bytesPerElement()) {
  case 1:
    rescaleFrom<uint8_t>(plan, in, out, outBytes, vector, n);
    break;
  case 2:
    rescaleFrom<uint16_t>(plan, in, out, outBytes, vector, n);
    break;
  case 4:
    rescaleFrom<uint32_t>(plan, in, out, outBytes, vector, n);
    break;
  default:
    rescaleFrom<uint64_t>(plan, in, out, outBytes, vector, n);
    break;
  }
  // Poison elements: bits 0 and poison, as the reference loop leaves them.
  if (input.hasPoison())
    for (int64_t i = 0; i < n; ++i)
      if (input.isPoison(i)) {
        result.set(i, 0);
        result.setPoison(i);
      }
  return vector;
}

} // namespace qi::fast
