//===- RescaleVector.cpp - tosa.rescale i32 -> bytes, four lanes at a time ===//
//
// Spec: [fast.rescale] (the vector form). The arithmetic is modulo 2^64 in
// the 64-bit lanes and modulo 2^32 in the 32-bit lanes; the plan's bounds
// make every wrapped quantity equal to the exact one (see RescaleVector.h
// and spec/performance.md).
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/RescaleVector.h"

#include <algorithm>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace qi::fast {

bool rescaleVectorApplies(const RescalePlan &plan, unsigned outBytes) {
#if defined(__SSE2__)
  return plan.inputWidth == 32 && !plan.inputUnsigned && plan.inputZp == 0 && outBytes == 1 &&
         plan.outputWidth <= 8 && (!plan.perChannel || plan.channels.size() % 4 == 0);
#else
  (void)plan;
  (void)outBytes;
  return false;
#endif
}

#if defined(__SSE2__)

namespace {

/// The 64-bit constants of one channel: t = u * m + c + (u & 2^31 ? d : 0).
struct ChannelWords {
  uint64_t multiplier; ///< < 2^31
  uint64_t c;          ///< roundNegative + 2^62 - multiplier * 2^31, mod 2^64
  uint64_t d;          ///< 0x80000000 when the round differs by sign (2^31), else 0
  uint32_t shift;
  uint32_t offset; ///< 2^(62 - shift) - output_zp, mod 2^32
};

ChannelWords wordsOf(const RescaleChannel &k, int64_t outputZp) {
  ChannelWords w;
  w.multiplier = static_cast<uint64_t>(k.multiplier);
  w.c = static_cast<uint64_t>(k.roundNegative) + (uint64_t(1) << 62) - (w.multiplier << 31);
  // roundNonNegative - roundNegative is 0 or 2^31 (DOUBLE_ROUND, shift > 31):
  // adding bit 31 of u, which is set exactly when value >= 0, adds it.
  w.d = k.roundNonNegative != k.roundNegative ? 0x80000000u : 0;
  w.shift = k.shift;
  w.offset = static_cast<uint32_t>((uint64_t(1) << (62 - k.shift)) - static_cast<uint64_t>(outputZp));
  return w;
}

/// Four lanes' constants: channels (c0, c1, c2, c3) of four consecutive
/// elements; even = lanes 0 and 2 (64-bit lanes of the unshifted u), odd =
/// lanes 1 and 3 (u >> 32).
struct LaneConstants {
  __m128i multiplierEven, multiplierOdd, cEven, cOdd, dEven, dOdd;
  __m128i shift0, shift1, shift2, shift3; ///< counts for _mm_srl_epi64
  __m128i offset;                         ///< four int32 lanes
};

LaneConstants lanesOf(const ChannelWords &w0, const ChannelWords &w1, const ChannelWords &w2,
                      const ChannelWords &w3) {
  auto pair = [](uint64_t low, uint64_t high) {
    return _mm_set_epi64x(static_cast<long long>(high), static_cast<long long>(low));
  };
  LaneConstants l;
  l.multiplierEven = pair(w0.multiplier, w2.multiplier);
  l.multiplierOdd = pair(w1.multiplier, w3.multiplier);
  l.cEven = pair(w0.c, w2.c);
  l.cOdd = pair(w1.c, w3.c);
  l.dEven = pair(w0.d, w2.d);
  l.dOdd = pair(w1.d, w3.d);
  l.shift0 = _mm_cvtsi32_si128(static_cast<int>(w0.shift));
  l.shift1 = _mm_cvtsi32_si128(static_cast<int>(w1.shift));
  l.shift2 = _mm_cvtsi32_si128(static_cast<int>(w2.shift));
  l.shift3 = _mm_cvtsi32_si128(static_cast<int>(w3.shift));
  l.offset = _mm_set_epi32(static_cast<int>(w3.offset), static_cast<int>(w2.offset),
                           static_cast<int>(w1.offset), static_cast<int>(w0.offset));
  return l;
}

/// Lane 0 of `a`, lane 1 of `b` (64-bit lanes).
inline __m128i lowOfHighOf(__m128i a, __m128i b) {
  return _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(b), _mm_castsi128_pd(a)));
}

/// result + output_zp of four int32 values. `SameShift`: every lane has
/// shift0 (per-tensor).
template <bool SameShift> inline __m128i rescale4(__m128i x, const LaneConstants &l) {
  const __m128i u = _mm_xor_si128(x, _mm_set1_epi32(INT32_MIN)); // value + 2^31
  const __m128i uOdd = _mm_srli_epi64(u, 32);
  __m128i tEven = _mm_add_epi64(_mm_mul_epu32(u, l.multiplierEven), l.cEven);
  __m128i tOdd = _mm_add_epi64(_mm_mul_epu32(uOdd, l.multiplierOdd), l.cOdd);
  tEven = _mm_add_epi64(tEven, _mm_and_si128(u, l.dEven));
  tOdd = _mm_add_epi64(tOdd, _mm_and_si128(uOdd, l.dOdd));
  __m128i qEven, qOdd;
  if (SameShift) {
    qEven = _mm_srl_epi64(tEven, l.shift0);
    qOdd = _mm_srl_epi64(tOdd, l.shift0);
  } else {
    qEven = lowOfHighOf(_mm_srl_epi64(tEven, l.shift0), _mm_srl_epi64(tEven, l.shift2));
    qOdd = lowOfHighOf(_mm_srl_epi64(tOdd, l.shift1), _mm_srl_epi64(tOdd, l.shift3));
  }
  // The low 32 bits of each q, back in element order.
  const __m128i q = _mm_or_si128(_mm_and_si128(qEven, _mm_set1_epi64x(0xFFFFFFFF)),
                                 _mm_slli_epi64(qOdd, 32));
  return _mm_sub_epi32(q, l.offset);
}

/// Clip of int32 lanes (saturated to int16 first: [lo, hi] lies in int16)
/// and the low out_t bits, as int16 lanes in [0, 255].
inline __m128i clipToBytes16(__m128i a, __m128i b, __m128i lo, __m128i hi, __m128i mask) {
  const __m128i s = _mm_packs_epi32(a, b);
  return _mm_and_si128(_mm_min_epi16(_mm_max_epi16(s, lo), hi), mask);
}

} // namespace

int64_t rescaleVectorInt32ToBytes(const RescalePlan &plan, const uint8_t *in, uint8_t *out,
                                  int64_t n) {
  const __m128i lo = _mm_set1_epi16(static_cast<short>(plan.lo));
  const __m128i hi = _mm_set1_epi16(static_cast<short>(plan.hi));
  const __m128i mask = _mm_set1_epi16(static_cast<short>((1 << plan.outputWidth) - 1));
  auto load = [&](int64_t i) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i *>(in + 4 * i));
  };
  if (!plan.perChannel) {
    const ChannelWords w = wordsOf(plan.channels[0], plan.outputZp);
    const LaneConstants l = lanesOf(w, w, w, w);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
      const __m128i r0 = rescale4<true>(load(i), l), r1 = rescale4<true>(load(i + 4), l);
      const __m128i r2 = rescale4<true>(load(i + 8), l), r3 = rescale4<true>(load(i + 12), l);
      const __m128i bytes = _mm_packus_epi16(clipToBytes16(r0, r1, lo, hi, mask),
                                             clipToBytes16(r2, r3, lo, hi, mask));
      _mm_storeu_si128(reinterpret_cast<__m128i *>(out + i), bytes);
    }
    return i;
  }
  // Per channel: groups of four channels, each group's constants held in
  // registers over a block of rows (about 32 KiB of input, which stays in
  // the first-level cache while the groups walk it); whole rows. Row by row,
  // the 11 constant loads per four elements compete with the input stream.
  const int64_t nc = static_cast<int64_t>(plan.channels.size());
  std::vector<LaneConstants> groups;
  for (int64_t c = 0; c < nc; c += 4)
    groups.push_back(lanesOf(wordsOf(plan.channels[size_t(c)], plan.outputZp),
                             wordsOf(plan.channels[size_t(c + 1)], plan.outputZp),
                             wordsOf(plan.channels[size_t(c + 2)], plan.outputZp),
                             wordsOf(plan.channels[size_t(c + 3)], plan.outputZp)));
  const int64_t rows = n / nc;
  const int64_t block = std::max<int64_t>(1, 8192 / nc);
  for (int64_t first = 0; first < rows; first += block) {
    const int64_t last = std::min(rows, first + block);
    for (size_t g = 0; g < groups.size(); ++g) {
      const LaneConstants l = groups[g];
      for (int64_t at = first * nc + int64_t(4 * g); at < last * nc; at += nc) {
        const __m128i r = rescale4<false>(load(at), l);
        const __m128i bytes =
            _mm_packus_epi16(clipToBytes16(r, r, lo, hi, mask), _mm_setzero_si128());
        const int32_t four = _mm_cvtsi128_si32(bytes);
        std::memcpy(out + at, &four, 4);
      }
    }
  }
  const int64_t i = rows * nc;
  return i;
}

#else

int64_t rescaleVectorInt32ToBytes(const RescalePlan &, const uint8_t *, uint8_t *, int64_t) {
  return 0;
}

#endif

} // namespace qi::fast
