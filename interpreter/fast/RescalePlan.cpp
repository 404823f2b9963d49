//===- RescalePlan.cpp - When tosa.rescale may skip the per-element path --===//
//
// Spec: [fast.rescale]. Every REQUIRE of RESCALE is an interval condition on
// the element's value (apply_scale_32: multiplier, shift, value range, int32
// parameter) or on a result that is a non-decreasing function of it
// (apply_scale_16's int32 result, apply_add_s<int32_t>); so it holds for
// every element of a channel when it holds at the channel's two extreme
// values. The extremes are in_t's range (no pass over the data), or, when
// that is not enough, the smallest and largest element of each channel.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/RescalePlan.h"

#include "interpreter/fast/ElementBytes.h"

#include <algorithm>
#include <limits>
#include <type_traits>

namespace qi::fast {

namespace {

using requant::RescaleAttributes;
using requant::RoundingMode;

/// The closed interval of values `value = extend(in) - extend(input_zp)` of
/// a channel; empty when lo > hi.
struct Interval {
  int64_t lo = std::numeric_limits<int64_t>::max();
  int64_t hi = std::numeric_limits<int64_t>::min();
  void add(int64_t v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
};

/// apply_scale_32 / apply_scale_16 of `value` without its REQUIREs, exactly
/// (128-bit: the plan does not rely on the bounds it is checking).
__int128 scaledExactly(const RescaleChannel &k, int64_t value) {
  const __int128 p = static_cast<__int128>(value) * k.multiplier +
                     (value >= 0 ? k.roundNonNegative : k.roundNegative);
  // Floor division by 2^shift.
  const __int128 unit = static_cast<__int128>(1) << k.shift;
  __int128 q = p / unit;
  if (p % unit != 0 && p < 0)
    --q;
  return q;
}

/// Whether no value in `values` can break a REQUIRE of the channel `k`
/// (multiplier, shift already in range). [fast.rescale] (1)-(3)
bool channelIsSafe(const RescaleAttributes &a, const RescaleChannel &k, Interval values,
                   int64_t outputZp) {
  if (values.lo > values.hi)
    return true; // a channel without elements
  if (a.scale32) {
    // rescaleElement: the value fits apply_scale_32's int32_t parameter;
    // apply_scale_32: -2^(shift-1) <= value < 2^(shift-1).
    const int64_t half = int64_t(1) << (k.shift - 1);
    if (values.lo < INT32_MIN || values.hi > INT32_MAX || values.lo < -half ||
        values.hi >= half)
      return false;
  } else if (values.lo < -(int64_t(1) << 47) || values.hi >= (int64_t(1) << 47)) {
    return false; // apply_scale_16's int48_t value (in_t <= 48 bits keeps it)
  }
  // The scaled result is non-decreasing in the value (multiplier >= 0, and
  // roundNonNegative >= roundNegative), so its extremes are at the ends.
  const __int128 first = scaledExactly(k, values.lo), last = scaledExactly(k, values.hi);
  if (!a.scale32 && (first < INT32_MIN || last > INT32_MAX))
    return false; // apply_scale_16: REQUIRE(result within int32)
  // apply_add_s<int32_t>(result, output_zp).
  return first + outputZp >= INT32_MIN && last + outputZp <= INT32_MAX;
}

/// Elements of at most 32 bits are read and compared as int32_t (loops the
/// compiler vectorizes), wider ones as int64_t.
template <typename In>
using ScanWord = std::conditional_t<(sizeof(In) <= 4), int32_t, int64_t>;

/// The `width`-bit pattern of element `i` of `in` as a ScanWord: sign-extended
/// by the shift pair `ext` (ext = 0: read as it is).
template <typename In> inline ScanWord<In> scanValue(const uint8_t *in, int64_t i, unsigned ext) {
  using UWord = std::make_unsigned_t<ScanWord<In>>;
  return static_cast<ScanWord<In>>(static_cast<UWord>(loadElement<In>(in, i)) << ext) >> ext;
}

/// Smallest and largest of the n elements (n > 0). Kept out of line: GCC
/// vectorizes these loops on their own, not inlined into planRescale.
template <typename In>
__attribute__((noinline)) void extremes(const uint8_t *in, int64_t n, unsigned ext, ScanWord<In> &lo, ScanWord<In> &hi) {
  ScanWord<In> low = scanValue<In>(in, 0, ext), high = low;
  for (int64_t i = 1; i < n; ++i) {
    const ScanWord<In> x = scanValue<In>(in, i, ext);
    low = std::min(low, x);
    high = std::max(high, x);
  }
  lo = low;
  hi = high;
}

/// The same per channel over rows of nc (n a multiple of nc).
template <typename In>
__attribute__((noinline)) void channelExtremes(const uint8_t *in, int64_t n, int64_t nc, unsigned ext,
                     ScanWord<In> *__restrict lo, ScanWord<In> *__restrict hi) {
  for (int64_t c = 0; c < nc; ++c)
    lo[c] = hi[c] = scanValue<In>(in, c, ext);
  for (int64_t row = nc; row < n; row += nc) {
    const uint8_t *r = in + row * int64_t(sizeof(In));
    for (int64_t c = 0; c < nc; ++c) {
      const ScanWord<In> x = scanValue<In>(r, c, ext);
      lo[c] = std::min(lo[c], x);
      hi[c] = std::max(hi[c], x);
    }
  }
}

/// The value interval of each channel over the input's elements (poison
/// ones included, with their stored bits).
template <typename In>
std::vector<Interval> dataIntervals(const RuntimeValue &input, unsigned width, bool isUnsigned,
                                    int64_t inputZp, size_t channels) {
  // Sign-extends a width-bit pattern; 0 reads it as it is (unsigned: below
  // 2^31 in an int32_t, as planRescale sends no unsigned 32-bit in_t here).
  const unsigned ext = isUnsigned ? 0 : 8 * sizeof(ScanWord<In>) - width;
  const int64_t n = input.size();
  std::vector<Interval> out(channels);
  if (n == 0)
    return out;
  std::vector<ScanWord<In>> lo(channels), hi(channels);
  if (channels == 1)
    extremes<In>(input.data(), n, ext, lo[0], hi[0]);
  else // index[rank - 1]: rows of NC
    channelExtremes<In>(input.data(), n, static_cast<int64_t>(channels), ext, lo.data(),
                        hi.data());
  for (size_t c = 0; c < channels; ++c)
    out[c] = Interval{int64_t(lo[c]) - inputZp, int64_t(hi[c]) - inputZp};
  return out;
}

} // namespace

std::optional<RescalePlan> planRescale(requant::RequantizeRecipe recipe,
                                       const RescaleAttributes &a,
                                       const std::vector<int64_t> &multipliers,
                                       const std::vector<int8_t> &shifts, uint64_t inputZpBits,
                                       uint64_t outputZpBits, const RuntimeValue &input) {
  // The recipe whose element function is requant::rescaleElement.
  if (recipe != requant::RequantizeRecipe::Tosa)
    return std::nullopt;
  const int64_t rank = static_cast<int64_t>(input.shape().size());
  if (requant::checkRescale(a, inputZpBits, outputZpBits, rank))
    return std::nullopt; // an ERROR_IF: the caller reports it
  const int64_t nc = a.perChannel ? input.shape().back() : 1;
  if (static_cast<int64_t>(multipliers.size()) != nc ||
      static_cast<int64_t>(shifts.size()) != nc)
    return std::nullopt;
  const ElementType &type = input.elementType();
  if (!type.isInteger() || type.bitWidth() != a.inputWidth)
    return std::nullopt;
  const unsigned bytes = input.bytesPerElement();
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
    return std::nullopt;

  RescalePlan plan;
  plan.inputWidth = a.inputWidth;
  plan.outputWidth = a.outputWidth;
  plan.inputUnsigned = a.inputUnsigned;
  plan.perChannel = a.perChannel;
  plan.inputZp = requant::extendBits(inputZpBits, a.inputWidth, a.inputUnsigned);
  plan.outputZp = requant::extendBits(outputZpBits, a.outputWidth, a.outputUnsigned);
  if (a.outputUnsigned) {
    plan.lo = 0;
    plan.hi = static_cast<int64_t>((uint64_t(1) << a.outputWidth) - 1);
  } else {
    plan.lo = -(int64_t(1) << (a.outputWidth - 1));
    plan.hi = (int64_t(1) << (a.outputWidth - 1)) - 1;
  }

  // The channels: multiplier and shift within the REQUIREs of
  // apply_scale_32 / apply_scale_16, and the rounding constants.
  // RESCALE passes double_round = (rounding_mode == DOUBLE_ROUND); the `tosa`
  // recipe computes INEXACT_ROUND as SINGLE_ROUND ([rescale.rounding-mode]).
  const bool doubleRound = a.scale32 && a.roundingMode == RoundingMode::Double;
  const int64_t maxMultiplier = a.scale32 ? INT32_MAX : INT16_MAX;
  plan.channels.resize(size_t(nc));
  for (int64_t c = 0; c < nc; ++c) {
    const int64_t m = multipliers[size_t(c)];
    const int shift = shifts[size_t(c)];
    if (m < 0 || m > maxMultiplier || shift < 2 || shift > 62)
      return std::nullopt;
    RescaleChannel &k = plan.channels[size_t(c)];
    k.multiplier = m;
    k.shift = static_cast<unsigned>(shift);
    const int64_t half = int64_t(1) << (shift - 1);
    const int64_t extra = doubleRound && shift > 31 ? int64_t(1) << 30 : 0;
    k.roundNonNegative = half + extra;
    k.roundNegative = half - extra;
  }

  // (1) in_t's range, shifted by the input zero point.
  Interval typeRange;
  if (a.inputUnsigned) {
    typeRange.lo = 0;
    typeRange.hi = static_cast<int64_t>((uint64_t(1) << a.inputWidth) - 1);
  } else {
    typeRange.lo = -(int64_t(1) << (a.inputWidth - 1));
    typeRange.hi = (int64_t(1) << (a.inputWidth - 1)) - 1;
  }
  typeRange.lo -= plan.inputZp;
  typeRange.hi -= plan.inputZp;
  if (input.size() == 0 ||
      std::all_of(plan.channels.begin(), plan.channels.end(), [&](const RescaleChannel &k) {
        return channelIsSafe(a, k, typeRange, plan.outputZp);
      })) {
    plan.bounds = RescalePlan::Bounds::Type;
    return plan;
  }

  // (2) The input's own extremes, per channel. (An unsigned 32-bit in_t is
  // an ERROR_IF, so checkRescale refused it above; dataIntervals reads 4-byte
  // elements as int32_t.)
  if (a.inputUnsigned && a.inputWidth >= 32 && bytes == 4)
    return std::nullopt;
  std::vector<Interval> ranges;
  switch (bytes) {
  case 1:
    ranges = dataIntervals<uint8_t>(input, a.inputWidth, a.inputUnsigned, plan.inputZp, size_t(nc));
    break;
  case 2:
    ranges = dataIntervals<uint16_t>(input, a.inputWidth, a.inputUnsigned, plan.inputZp, size_t(nc));
    break;
  case 4:
    ranges = dataIntervals<uint32_t>(input, a.inputWidth, a.inputUnsigned, plan.inputZp, size_t(nc));
    break;
  default:
    ranges = dataIntervals<uint64_t>(input, a.inputWidth, a.inputUnsigned, plan.inputZp, size_t(nc));
    break;
  }
  for (int64_t c = 0; c < nc; ++c)
    if (!channelIsSafe(a, plan.channels[size_t(c)], ranges[size_t(c)], plan.outputZp))
      return std::nullopt;
  plan.bounds = RescalePlan::Bounds::Data;
  return plan;
}

} // namespace qi::fast
