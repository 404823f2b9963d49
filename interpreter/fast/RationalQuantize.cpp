//===- RationalQuantize.cpp - qcast under exact arithmetic, in integers ---===//
//
// Spec: [fast.exact-rational] (spec/performance.md). QuantizeKernel under
// exact arithmetic computes t = x / s (+ zp) with no rounding (StepArithmetic
// with mode nullopt: fromBits decodes, convert and fromExact return the value
// unchanged, div / mul / add are exact; x * (1/s) is x / s), then round_R(t).
// Here, for finite non-zero x = X * 2^a and s = S * 2^b (v = |x / s|,
// sigma = the sign of x / s, u = 2v):
//   - v > 2^40 (|t| > 2^39, far outside every intermediate type of <= 32
//     bits): the overflow policy with the sign sigma;
//   - v < 2^-1: floor(u) = 0 and u is not an integer;
//   - otherwise floor(u) and whether u is an integer by one integer division
//     X * 2^(a-b+1) / S (or X / (S * 2^(b-a-1))): with X, S < 2^64 and
//     u < 2^42 the dividend is below 2^106 and the quotient below 2^42 (one
//     128-by-64-bit division), the divisor S * 2^(b-a-1) below 2^64;
// then floor(2t) = 2 zp + sigma * u rounded down, and from it trunc(t), |t -
// trunc(t)| against 1/2, whether t is an integer and its sign, which is all
// round_R needs (HostQcastTail::storeRounded).
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/RationalQuantize.h"

#include "interpreter/fast/ElementBytes.h"
#include "interpreter/numeric/FloatCodec.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace qi::fast {

using namespace quant;

using namespace numeric;

//===----------------------------------------------------------------------===//
// Decoding
//===----------------------------------------------------------------------===//

namespace {
/// x87's f80: the one format with an explicit integer bit.
bool isX87Layout(const FloatFormat &format) {
  return format.explicitIntegerBit && format.sizeInBits == 80 && format.precision == 64 &&
         format.exponentFieldMax() == 0x7FFFu && format.hasSign &&
         format.nonFinite == NonFinite::IEEE && format.hasSubnormals();
}
} // namespace

bool RationalDecoder::supports(const FloatFormat &format) {
  return isX87Layout(format) || (format.sizeInBits <= 64 && format.precision <= 64 &&
                                 !format.explicitIntegerBit);
}

RationalDecoder::RationalDecoder(const FloatFormat &format) {
  x87_ = isX87Layout(format);
  mask_ = static_cast<uint64_t>(format.allBitsMask());
  signMask_ = static_cast<uint64_t>(format.signMask());
  fractionMask_ = static_cast<uint64_t>(format.fractionMask());
  exponentMax_ = format.exponentFieldMax();
  fractionBits_ = format.fractionBits();
  hasSign_ = format.hasSign;
  signShift_ = format.sizeInBits - 1;
  hasSubnormals_ = format.hasSubnormals();
  nonFinite_ = format.nonFinite;
  negativeZeroIsNaN_ = format.nanEncoding == NanEncoding::NegativeZero;
  const int32_t p = static_cast<int32_t>(format.precision);
  implicitBit_ = uint64_t(1) << (p - 1);
  // value = significand * 2^(unbiased - (p - 1)); exponent field 0 shares
  // the smallest normal binade's exponent. [format.encoding]
  normalShift_ = -format.bias() - (p - 1);
  subnormalExponent_ = format.minExponent - (p - 1);
}

std::optional<RationalScale> rationalScale(const ScaleValue &scale) {
  if (!scale.format)
    return std::nullopt;
  const Exact v = decode(*scale.format, scale.bits);
  if (!v.isFinite() || v.isZero() || v.den != 1)
    return std::nullopt;
  BigInt num = v.num;
  const unsigned zeros = boost::multiprecision::lsb(num);
  num >>= zeros;
  if (boost::multiprecision::msb(num) >= 64)
    return std::nullopt;
  const int64_t exponent = v.exp + int64_t(zeros);
  if (exponent < -100000 || exponent > 100000) // f128 at most is ~ +-16500
    return std::nullopt;
  RationalScale s;
  s.negative = v.negative;
  s.significand = static_cast<uint64_t>(num);
  s.exponent = static_cast<int32_t>(exponent);
  s.bits = static_cast<int32_t>(boost::multiprecision::msb(num)) + 1;
  return s;
}

//===----------------------------------------------------------------------===//
// Coverage
//===----------------------------------------------------------------------===//

bool RationalQuantizer::supports(const QuantType &type, const Semantics &semantics) {
  // Only exact arithmetic: every float step is then exact. [sem.arith-rounding]
  if (semantics.arithRounding)
    return false;
  if (!type.expressed || !RationalDecoder::supports(*type.expressed))
    return false;
  const QuantizeRecipe &r = quantizeRecipeFor(type, semantics); // [recipe.narrow-expressed]
  // Float clamps and upper bounds are not implemented here.
  if (r.clampInFloat || r.clampHighInFloat || r.floatUpperBound != 0 || r.roundBeforeZeroPoint)
    return false;
  // Every bound and zero point below 2^33 in magnitude, every integer step
  // inside int64.
  if (!HostQcastTail::integerStepsFitInt64(type, semantics))
    return false;
  if (type.scales.empty() || type.scales.size() != type.zeroPoints.size())
    return false;
  for (const ScaleValue &scale : type.scales)
    if (!rationalScale(scale))
      return false;
  return true;
}

RationalQuantizer::RationalQuantizer(const QuantType &type,
                                               const Semantics &semantics,
                                               const QuantizeKernel &reference)
    : type_(type), reference_(reference), tail_(type, semantics), decoder_(*type.expressed) {
  const unsigned bits = type.expressed->sizeInBits;
  inBytes_ = bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : bits <= 64 ? 8 : 16;
  const bool zeroPointInFloat = quantizeRecipeFor(type, semantics).zeroPointInFloat;
  for (size_t i = 0; i < type.scales.size(); ++i) {
    const RationalScale s = *rationalScale(type.scales[i]);
    Parameter p;
    p.scale = s.significand;
    p.scaleExponent = s.exponent;
    p.scaleBits = s.bits;
    p.negativeScale = s.negative;
    p.zeroPoint = tail_.constants()[i].zeroPoint;
    // Under exact arithmetic the zero point in float is the integer itself.
    p.zeroPointFloat = zeroPointInFloat ? p.zeroPoint : 0;
    parameters_.push_back(p);
  }
}

//===----------------------------------------------------------------------===//
// One element
//===----------------------------------------------------------------------===//

namespace {

/// floor(num / d) and num mod d for num / d < 2^64 (so num >> 64 < d).
inline uint64_t divide(unsigned __int128 num, uint64_t d, uint64_t &remainder) {
  const uint64_t high = static_cast<uint64_t>(num >> 64), low = static_cast<uint64_t>(num);
  if (high == 0) {
    remainder = low % d;
    return low / d;
  }
#if defined(__x86_64__)
  uint64_t q, r;
  __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(low), "d"(high), "rm"(d) : "cc");
  remainder = r;
  return q;
#else
  remainder = static_cast<uint64_t>(num % d);
  return static_cast<uint64_t>(num / d);
#endif
}

inline int bitLength(uint64_t x) { return 64 - __builtin_clzll(x); } // x != 0

} // namespace

int64_t RationalQuantizer::element(const RationalInput &x, Bits bits,
                                        int64_t parameter) const {
  const Parameter &p = parameters_[size_t(parameter)];
  if (x.kind == RationalInput::Kind::NaN) // [sem.nan-policy]
    return tail_.nanResult(p.zeroPoint);
  // The sign of x / s (and of t when |x / s| is beyond the zero point).
  const bool negative = x.negative != p.negativeScale;
  auto exactWrap = [&] {
    const StoredOutcome o = reference_(bits, parameter);
    return o.poison ? int64_t(-1) : static_cast<int64_t>(type_.storage.toBits(o.value));
  };
  if (x.kind == RationalInput::Kind::Infinity) // t = +-inf
    return tail_.storeBeyond(negative, true, p.zeroPoint, exactWrap);

  // u = 2 |x / s| = X * 2^(a - b + 1) / S: U = floor(u), remainder != 0 iff
  // u is not an integer.
  uint64_t u = 0, remainder = 0;
  if (x.significand != 0) {
    const int32_t e = x.exponent - p.scaleExponent;
    // 2^(E-1) < |x / s| < 2^(E+1).
    const int32_t E = bitLength(x.significand) + e - p.scaleBits;
    if (E > 40) // |x / s| > 2^40: far outside the intermediate type
      return tail_.storeBeyond(negative, false, p.zeroPoint, exactWrap);
    if (E < -1) { // 0 < u < 1
      remainder = 1;
    } else {
      // 2^-1 < u < 2^42.
      const int32_t shift = e + 1;
      if (shift >= 0) { // X * 2^shift = u * S < 2^42 * 2^64
        u = divide(static_cast<unsigned __int128>(x.significand) << shift, p.scale, remainder);
      } else {
        // E >= -1 gives -shift <= len(X) - len(S) <= 63, so d = S * 2^-shift
        // < 2^len(S) * 2^(len(X) - len(S)) = 2^len(X) <= 2^64.
        const uint64_t d = p.scale << (-shift);
        u = x.significand / d;
        remainder = x.significand % d;
      }
    }
  }
  // w = floor(2t), 2t = 2 zp +- u; |w| < 2^43.
  const bool integral = remainder == 0; // whether 2t is an integer
  const int64_t w = 2 * p.zeroPointFloat +
                    (negative ? -static_cast<int64_t>(u) - (integral ? 0 : 1)
                              : static_cast<int64_t>(u));
  // floor(t) = w >> 1; t - floor(t) is >= 1/2 iff w is odd, 1/2 exactly iff
  // also 2t is an integer, 0 iff w is even and 2t an integer.
  const int64_t low = w >> 1;
  const bool odd = w & 1;
  const int above = odd ? (integral ? 0 : 1) : -1; // (t - floor(t)) vs 1/2
  const bool whole = !odd && integral;              // t is an integer
  if (w >= 0) // t >= 0: trunc(t) = floor(t)
    return tail_.storeRounded(low, above, !whole, false, p.zeroPoint);
  if (whole)
    return tail_.storeRounded(low, -1, false, true, p.zeroPoint);
  // t < 0 not an integer: trunc(t) = floor(t) + 1, |fraction| = 1 - (t -
  // floor(t)), on the other side of 1/2.
  return tail_.storeRounded(low + 1, -above, true, true, p.zeroPoint);
}

int64_t RationalQuantizer::quantizeOne(Bits x, int64_t parameter) const {
  return element(decoder_.decode(x), x, parameter);
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

namespace {
/// The 16 bytes RuntimeValue keeps an f80 element in.
struct F80Element {
  uint8_t bytes[16];
};
} // namespace

template <typename In, typename Out>
void RationalQuantizer::runTyped(const uint8_t *in, uint8_t *out, int64_t start,
                                      int64_t length, const int64_t *parameters,
                                      int64_t parameter, std::vector<int64_t> &poison) const {
  for (int64_t j = 0; j < length; ++j) {
    const In x = loadElement<In>(in, start + j);
    int64_t stored;
    if constexpr (std::is_same_v<In, F80Element>) {
      uint64_t significand;
      uint16_t signExponent;
      std::memcpy(&significand, x.bytes, 8);
      std::memcpy(&signExponent, x.bytes + 8, 2);
      stored = element(decoder_.x87(significand, signExponent),
                       (Bits(signExponent) << 64) | significand,
                       parameters ? parameters[j] : parameter);
    } else {
      stored = element(decoder_(x), Bits(x),
                       parameters ? parameters[j] : parameter);
    }
    if (stored < 0)
      poison.push_back(start + j);
    else
      storeElement<Out>(out, start + j, static_cast<Out>(stored));
  }
}

void RationalQuantizer::dispatch(const uint8_t *in, uint8_t *out, unsigned outBytes,
                                      int64_t start, int64_t length,
                                      const int64_t *parameters, int64_t parameter,
                                      std::vector<int64_t> &poison) const {
  auto withIn = [&](auto inTag) {
    using In = decltype(inTag);
    switch (outBytes) {
    case 1:
      return runTyped<In, uint8_t>(in, out, start, length, parameters, parameter, poison);
    case 2:
      return runTyped<In, uint16_t>(in, out, start, length, parameters, parameter, poison);
    default:
      return runTyped<In, uint32_t>(in, out, start, length, parameters, parameter, poison);
    }
  };
  if (inBytes_ == 1)
    withIn(uint8_t{});
  else if (inBytes_ == 2)
    withIn(uint16_t{});
  else if (inBytes_ == 4)
    withIn(uint32_t{});
  else if (inBytes_ == 8)
    withIn(uint64_t{});
  else
    withIn(F80Element{});
}

void RationalQuantizer::run(const uint8_t *in, uint8_t *out, unsigned outBytes,
                                 int64_t start, int64_t length, int64_t parameter,
                                 std::vector<int64_t> &poison) const {
  dispatch(in, out, outBytes, start, length, nullptr, parameter, poison);
}

void RationalQuantizer::run(const uint8_t *in, uint8_t *out, unsigned outBytes,
                                 int64_t start, int64_t length, const int64_t *parameters,
                                 std::vector<int64_t> &poison) const {
  dispatch(in, out, outBytes, start, length, parameters, 0, poison);
}

} // namespace qi::fast
