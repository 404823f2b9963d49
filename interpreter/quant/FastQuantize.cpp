//===- FastQuantize.cpp - qcast with host IEEE arithmetic -----------------===//
//
// Spec: [fast.host-qcast], [fast.narrow-host], [fast.environment]
// (spec/performance.md). The steps are those of QuantizeKernel::operator()
// (Kernels.cpp) in the same order; each float step is a single host operation
// in the step's format (for f16 / bf16 / tf32: one binary64 operation then
// roundToNarrow), so under nearest-even with no FTZ/DAZ it returns the
// correctly rounded result the numeric core computes. The per-parameter
// constants (scale, reciprocal, zero point, float clamp bounds) are computed
// by the exact StepArithmetic, never by the host.
//
//===----------------------------------------------------------------------===//
#include "quant/FastQuantize.h"

#include "numeric/FloatFormat.h"
#include "quant/HostStepValue.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

// x87 excess precision would round twice; every host step must be a single
// IEEE binary32 / binary64 operation.
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "host fast paths need FLT_EVAL_METHOD == 0 (SSE arithmetic)"
#endif

namespace qi::quant {

using namespace numeric;

bool hostFloatEnvironmentIsDefault() {
#if defined(__SSE2__)
  const unsigned csr = _mm_getcsr();
  const unsigned roundingControl = csr & 0x6000u, flushToZero = csr & 0x8000u,
                 denormalsAreZero = csr & 0x0040u;
  return roundingControl == 0 && !flushToZero && !denormalsAreZero;
#else
  return false; // not proven on other hosts: always the exact kernels
#endif
}

namespace {

/// `value` modulo 2^width into a signed or unsigned range ([int.wrap]);
/// width <= 32 here, value within +-2^63.
int64_t wrapTo(int64_t value, unsigned width, bool isSigned) {
  const uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t low = static_cast<uint64_t>(value) & mask;
  if (isSigned && (low >> (width - 1)))
    return static_cast<int64_t>(low) - static_cast<int64_t>(mask) - 1;
  return static_cast<int64_t>(low);
}

template <typename E> Bits bitsOf(E x) {
  if constexpr (std::is_integral_v<E>) { // a narrow format's pattern
    return x;
  } else if constexpr (sizeof(E) == 4) {
    uint32_t b;
    std::memcpy(&b, &x, 4);
    return b;
  } else {
    uint64_t b;
    std::memcpy(&b, &x, 8);
    return b;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Coverage
//===----------------------------------------------------------------------===//

bool HostQuantizer::supports(const QuantType &type, const Semantics &semantics) {
  const FloatFormat &e = *type.expressed;
  const QuantizeRecipe &r = semantics.quantize;
  if (&e != &f32Format() && &e != &f64Format() && !narrowFormat(e))
    return false;
  // Only IEEE nearest-even steps are host operations. [fast.host-qcast]
  // [fast.narrow-host]
  if (semantics.arithRounding != RoundingMode::NearestEven)
    return false;
  if (!isHostFormat(r.scale, e, true) || !isHostFormat(r.scaled, e, true) ||
      !isHostFormat(r.reciprocalComputed, e, true) || !isHostFormat(r.reciprocalStored, e, true))
    return false;
  // Intermediate and storage integers of at most 32 bits keep every integer
  // step inside int64.
  if (type.storage.width > 32 || r.intermediateBits > 32)
    return false;
  return true;
}

HostQuantizer::HostQuantizer(const QuantType &type, const Semantics &semantics,
                             const QuantizeKernel &exact)
    : type_(type), exact_(exact), recipe_(semantics.quantize),
      rounding_(semantics.rounding), nan_(semantics.nan), overflow_(semantics.overflow) {
  const QuantizeRecipe &r = recipe_;
  StepArithmetic arith(semantics.arithRounding, *type.expressed);
  expressedIsF64_ = type.expressed == &f64Format();
  narrow_ = narrowFormat(*type.expressed);
  // t in a narrow expressed type is held in binary64. [fast.narrow-host]
  narrowSteps_ = narrow_ && r.scaled == Precision::Expressed;
  scaledIsF64_ = arith.format(r.scaled) == &f64Format() || narrowSteps_;
  const bool viaSigned = r.unsignedViaSigned && !type.storage.isSigned;
  if (viaSigned)
    unsignedShift_ = int64_t(1) << (type.storage.width - 1);
  IntFormat intermediate = r.intermediateBits ? IntFormat{r.intermediateBits, true}
                           : viaSigned        ? IntFormat{type.storage.width, true}
                                              : type.storage;
  intermediateWidth_ = intermediate.width;
  intermediateMin_ = static_cast<int64_t>(intermediate.min());
  intermediateMax_ = static_cast<int64_t>(intermediate.max());
  clamp_ = !r.clampOnlyNarrowBounds || type.hasNarrowBounds();
  storageMask_ = (uint64_t(1) << type.storage.width) - 1;
  if (r.floatUpperBound != 0)
    upperBound_ = hostValue(
        arith.fromExact(Exact::fromRatio(BigInt(r.floatUpperBound), 1), r.scaled));

  // The same constants as QuantizeKernel's, by the same exact steps, then
  // converted into the format of t (as StepArithmetic::binary does).
  for (size_t i = 0; i < type.scales.size(); ++i) {
    Parameter p;
    p.zeroPoint = type.zeroPoints[i] - unsignedShift_;
    StepValue scale = arith.convert(
        arith.fromBits(*type.scales[i].format, type.scales[i].bits), r.scale);
    if (r.multiplyByReciprocal) {
      StepValue one = arith.fromExact(Exact::fromInteger(1), r.reciprocalComputed);
      StepValue reciprocal = arith.convert(arith.div(one, scale, r.reciprocalComputed),
                                           r.reciprocalStored);
      p.factor = hostValue(arith.convert(reciprocal, r.scaled));
    } else {
      p.factor = hostValue(arith.convert(scale, r.scaled));
    }
    p.zeroPointFloat = hostValue(arith.fromExact(Exact::fromInteger(p.zeroPoint), r.scaled));
    p.clampLow = hostValue(arith.fromExact(
        Exact::fromInteger(BigInt(type.storageMin) - unsignedShift_ - p.zeroPoint), r.scaled));
    p.clampHigh = hostValue(arith.fromExact(
        Exact::fromInteger(BigInt(type.storageMax) - unsignedShift_ - p.zeroPoint), r.scaled));
    parameters_.push_back(p);
    factorF32_.push_back(static_cast<float>(p.factor));
    zeroPointF32_.push_back(static_cast<float>(p.zeroPointFloat));
  }
  vectorizable_ = !expressedIsF64_ && !narrow_ && !scaledIsF64_ && !r.multiplyByReciprocal &&
                  r.zeroPointInFloat && r.floatUpperBound == 0 && !r.clampInFloat &&
                  unsignedShift_ == 0 &&
                  (rounding_ == RoundingMode::NearestEven ||
                   rounding_ == RoundingMode::TowardZero) &&
                  // the vector clamp works on int32 lanes
                  (clamp_ ? std::max(intermediateMin_, type.storageMin) : intermediateMin_) <=
                      INT32_MAX;
}

//===----------------------------------------------------------------------===//
// The scalar path: QuantizeKernel::operator() with host steps
//===----------------------------------------------------------------------===//

int64_t HostQuantizer::finish(int64_t value, const Parameter &p) const {
  if (!recipe_.zeroPointInFloat) {
    value += p.zeroPoint;
    if (recipe_.integerAddWraps)
      value = wrapTo(value, intermediateWidth_, true);
  }
  value += unsignedShift_;
  if (clamp_)
    value = std::min(std::max(value, type_.storageMin), type_.storageMax);
  return static_cast<int64_t>(static_cast<uint64_t>(value) & storageMask_);
}

template <typename E, typename T> T HostQuantizer::toScaled(E x) const {
  if constexpr (std::is_integral_v<E>)
    return static_cast<T>(narrowToDouble(x, *narrow_)); // exact: E ⊂ f32
  else
    return static_cast<T>(x);
}

template <typename T> T HostQuantizer::inScaled(T v) const {
  if constexpr (std::is_same_v<T, double>)
    if (narrowSteps_)
      return roundToNarrow(v, *narrow_);
  return v;
}

template <typename E, typename T>
int64_t HostQuantizer::element(E x, int64_t parameter) const {
  const Parameter &p = parameters_[size_t(parameter)];
  T t = toScaled<E, T>(x);
  t = inScaled(recipe_.multiplyByReciprocal ? t * static_cast<T>(p.factor)
                                            : t / static_cast<T>(p.factor));
  if (recipe_.zeroPointInFloat)
    t = inScaled(t + static_cast<T>(p.zeroPointFloat));
  if (upperBound_ != 0 && (t != t || t > static_cast<T>(upperBound_)))
    t = static_cast<T>(upperBound_);
  if (recipe_.clampInFloat) {
    if (t != t || static_cast<T>(p.clampLow) > t)
      t = static_cast<T>(p.clampLow);
    else if (t > static_cast<T>(p.clampHigh))
      t = static_cast<T>(p.clampHigh);
  }
  // NaN: [sem.nan-policy], as QuantizeKernel::storeNaN.
  if (t != t) {
    const int64_t addedBack = recipe_.zeroPointInFloat ? 0 : p.zeroPoint;
    switch (nan_) {
    case NanPolicy::Poison:
      return -1;
    case NanPolicy::Qmin:
      return static_cast<int64_t>(static_cast<uint64_t>(type_.storageMin) & storageMask_);
    case NanPolicy::Qmax:
      return static_cast<int64_t>(static_cast<uint64_t>(type_.storageMax) & storageMask_);
    case NanPolicy::ZeroPoint:
      return finish(p.zeroPoint - addedBack, p);
    case NanPolicy::Zero:
      return finish(-unsignedShift_ - addedBack, p);
    case NanPolicy::Indefinite:
      return finish(intermediateMin_, p);
    }
  }
  // Infinities and |t| >= 2^62 (integers far outside every intermediate
  // type): [sem.overflow-policy]; only wrapping needs the exact integer, so
  // the exact kernel decides that case.
  if (!(std::fabs(t) < T(4611686018427387904.0))) { // 2^62
    switch (overflow_) {
    case OverflowPolicy::Saturate:
      return finish(t < 0 ? intermediateMin_ : intermediateMax_, p);
    case OverflowPolicy::Poison:
      return -1;
    case OverflowPolicy::Indefinite:
      return finish(intermediateMin_, p);
    case OverflowPolicy::Wrap:
      if (std::isinf(t))
        return -1; // no integer to wrap
      const Bits pattern = narrow_ ? bitsOf(x) & ((Bits(1) << narrow_->width) - 1) : bitsOf(x);
      StoredOutcome o = exact_(pattern, parameter);
      return o.poison ? -1 : static_cast<int64_t>(type_.storage.toBits(o.value));
    }
  }
  // round_R: the integer part toward zero and the fraction d - n, both exact
  // for |d| < 2^62 (the fraction's bits are a subset of d's).
  const double d = static_cast<double>(t);
  int64_t n = static_cast<int64_t>(d);
  const double fraction = d - static_cast<double>(n); // same sign as d, |.| < 1
  const double away = std::fabs(fraction);
  const int64_t step = d < 0 ? -1 : 1; // toward the other neighbour
  bool move = false;
  switch (rounding_) {
  case RoundingMode::NearestEven:
    move = away > 0.5 || (away == 0.5 && (n & 1));
    break;
  case RoundingMode::NearestAway:
    move = away >= 0.5;
    break;
  case RoundingMode::NearestUp:
    move = d > 0 ? away >= 0.5 : away > 0.5;
    break;
  case RoundingMode::TowardZero:
    break;
  case RoundingMode::TowardPositive:
    move = fraction > 0;
    break;
  case RoundingMode::TowardNegative:
    move = fraction < 0;
    break;
  case RoundingMode::Odd:
    move = away != 0 && !(n & 1);
    break;
  }
  if (move)
    n += step;
  // [sem.overflow-policy] on the exact integer.
  if (n < intermediateMin_ || n > intermediateMax_) {
    switch (overflow_) {
    case OverflowPolicy::Saturate:
      n = n < 0 ? intermediateMin_ : intermediateMax_;
      break;
    case OverflowPolicy::Poison:
      return -1;
    case OverflowPolicy::Wrap:
      n = wrapTo(n, intermediateWidth_, intermediateMin_ < 0);
      break;
    case OverflowPolicy::Indefinite:
      n = intermediateMin_;
      break;
    }
  }
  return finish(n, p);
}

int64_t HostQuantizer::quantizeOne(Bits x, int64_t parameter) const {
  if (narrow_) {
    const uint32_t pattern = static_cast<uint32_t>(x) & ((uint32_t(1) << narrow_->width) - 1);
    return scaledIsF64_ ? element<uint32_t, double>(pattern, parameter)
                        : element<uint32_t, float>(pattern, parameter);
  }
  if (expressedIsF64_) {
    double v;
    uint64_t b = static_cast<uint64_t>(x);
    std::memcpy(&v, &b, 8);
    return scaledIsF64_ ? element<double, double>(v, parameter)
                        : element<double, float>(v, parameter);
  }
  float v;
  uint32_t b = static_cast<uint32_t>(x);
  std::memcpy(&v, &b, 4);
  return scaledIsF64_ ? element<float, double>(v, parameter)
                      : element<float, float>(v, parameter);
}

/// The block size of the vector loop (parameters gathered per element).
constexpr int64_t kBlock = 256;

template <typename E, typename T, typename S>
void HostQuantizer::runBlock(const E *in, S *out, int64_t start, int64_t length,
                             const int64_t *parameters, bool uniform,
                             std::vector<int64_t> &poison) const {
  int64_t done = 0;
  if constexpr (std::is_same_v<E, float> && std::is_same_v<T, float>)
    if (vectorizable_)
      done = runVectorF32(in, out, start, length, parameters, uniform, poison);
  for (int64_t j = done; j < length; ++j) {
    const int64_t i = start + j;
    const int64_t stored = element<E, T>(in[i], parameters[j]);
    if (stored < 0)
      poison.push_back(i);
    else
      out[i] = static_cast<S>(stored);
  }
}

template <typename E, typename T, typename S>
void HostQuantizer::runTyped(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                             const int64_t *parameters, int64_t parameter,
                             std::vector<int64_t> &poison) const {
  int64_t uniform[kBlock];
  if (!parameters)
    std::fill(uniform, uniform + kBlock, parameter);
  for (int64_t done = 0; done < length; done += kBlock)
    runBlock<E, T, S>(reinterpret_cast<const E *>(in), reinterpret_cast<S *>(out),
                      start + done, std::min(kBlock, length - done),
                      parameters ? parameters + done : uniform, !parameters, poison);
}

template <typename E, typename T>
void HostQuantizer::runStored(const uint8_t *in, uint8_t *out, unsigned outBytes,
                              int64_t start, int64_t length, const int64_t *parameters,
                              int64_t parameter, std::vector<int64_t> &poison) const {
  switch (outBytes) {
  case 1:
    return runTyped<E, T, uint8_t>(in, out, start, length, parameters, parameter, poison);
  case 2:
    return runTyped<E, T, uint16_t>(in, out, start, length, parameters, parameter, poison);
  default:
    return runTyped<E, T, uint32_t>(in, out, start, length, parameters, parameter, poison);
  }
}

/// f16 / bf16 patterns in 2 bytes, tf32 in 4. [fast.narrow-host]
void HostQuantizer::dispatchNarrow(const uint8_t *in, uint8_t *out, unsigned outBytes,
                                   int64_t start, int64_t length, const int64_t *parameters,
                                   int64_t parameter, std::vector<int64_t> &poison) const {
  const bool bits16 = narrow_->width <= 16;
  if (bits16 && scaledIsF64_)
    runStored<uint16_t, double>(in, out, outBytes, start, length, parameters, parameter, poison);
  else if (bits16)
    runStored<uint16_t, float>(in, out, outBytes, start, length, parameters, parameter, poison);
  else if (scaledIsF64_)
    runStored<uint32_t, double>(in, out, outBytes, start, length, parameters, parameter, poison);
  else
    runStored<uint32_t, float>(in, out, outBytes, start, length, parameters, parameter, poison);
}

void HostQuantizer::dispatch(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                             int64_t length, const int64_t *parameters, int64_t parameter,
                             std::vector<int64_t> &poison) const {
  if (narrow_) {
    dispatchNarrow(in, out, outBytes, start, length, parameters, parameter, poison);
  } else if (expressedIsF64_) {
    if (scaledIsF64_)
      runStored<double, double>(in, out, outBytes, start, length, parameters, parameter, poison);
    else
      runStored<double, float>(in, out, outBytes, start, length, parameters, parameter, poison);
  } else if (scaledIsF64_) {
    runStored<float, double>(in, out, outBytes, start, length, parameters, parameter, poison);
  } else {
    runStored<float, float>(in, out, outBytes, start, length, parameters, parameter, poison);
  }
}

void HostQuantizer::run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                        int64_t length, int64_t parameter,
                        std::vector<int64_t> &poison) const {
  dispatch(in, out, outBytes, start, length, nullptr, parameter, poison);
}

void HostQuantizer::run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                        int64_t length, const int64_t *parameters,
                        std::vector<int64_t> &poison) const {
  dispatch(in, out, outBytes, start, length, parameters, 0, poison);
}

//===----------------------------------------------------------------------===//
// The vector path: t = x / s + zp in f32, cvtps2dq (nearest-even under the
// default MXCSR) or cvttps2dq (toward zero), four lanes at a time with each
// lane's own parameter. NaN and |t| >= 2^31 give INT32_MIN; such lanes, and
// lanes outside the intermediate type, take the scalar path (the kernel's
// order of steps). In-range lanes only need the clamp.
//===----------------------------------------------------------------------===//

template <typename S>
int64_t HostQuantizer::runVectorF32(const float *in, S *out, int64_t start, int64_t length,
                                    const int64_t *parameters, bool uniform,
                                    std::vector<int64_t> &poison) const {
#if defined(__SSE2__)
  if constexpr (std::is_same_v<S, uint8_t>)
    if (uniform)
      return runVectorF32Bytes(in, out, start, length, parameters, poison);
  alignas(16) float factor[kBlock], zeroPoint[kBlock];
  alignas(16) int32_t rounded[kBlock];
  const int64_t vectorLength = length & ~int64_t(3);
  const bool truncate = rounding_ == RoundingMode::TowardZero;
  if (uniform) {
    const __m128 f = _mm_set1_ps(factorF32_[size_t(parameters[0])]);
    const __m128 z = _mm_set1_ps(zeroPointF32_[size_t(parameters[0])]);
    for (int64_t j = 0; j < vectorLength; j += 4) {
      __m128 t = _mm_add_ps(_mm_div_ps(_mm_loadu_ps(in + start + j), f), z);
      _mm_store_si128(reinterpret_cast<__m128i *>(rounded + j),
                      truncate ? _mm_cvttps_epi32(t) : _mm_cvtps_epi32(t));
    }
  } else {
    for (int64_t j = 0; j < vectorLength; ++j) {
      factor[j] = factorF32_[size_t(parameters[j])];
      zeroPoint[j] = zeroPointF32_[size_t(parameters[j])];
    }
    for (int64_t j = 0; j < vectorLength; j += 4) {
      __m128 t = _mm_add_ps(_mm_div_ps(_mm_loadu_ps(in + start + j), _mm_load_ps(factor + j)),
                            _mm_load_ps(zeroPoint + j));
      _mm_store_si128(reinterpret_cast<__m128i *>(rounded + j),
                      truncate ? _mm_cvttps_epi32(t) : _mm_cvtps_epi32(t));
    }
  }
  // Saturation then the clamp is one clamp to [lo, hi]
  // ([sem.overflow-policy], [qcast.steps] step 5); other policies send
  // lanes outside the intermediate type to the scalar path.
  const bool saturate = overflow_ == OverflowPolicy::Saturate;
  const int checkRange = saturate ? 0 : 1; // branch-free in the loop below
  const int32_t lo = static_cast<int32_t>(std::max<int64_t>(
      clamp_ ? std::max(intermediateMin_, type_.storageMin) : intermediateMin_, INT32_MIN));
  const int32_t hi = static_cast<int32_t>(std::min<int64_t>(
      clamp_ ? std::min(intermediateMax_, type_.storageMax) : intermediateMax_, INT32_MAX));
  const int32_t typeLo = static_cast<int32_t>(std::max<int64_t>(intermediateMin_, INT32_MIN));
  const int32_t typeHi = static_cast<int32_t>(std::min<int64_t>(intermediateMax_, INT32_MAX));
  // The storage's own bits (e.g. 24 of a negative i24 in 4 bytes).
  const uint32_t mask = static_cast<uint32_t>(storageMask_);
  int invalid = 0;
  S *target = out + start;
  for (int64_t j = 0; j < vectorLength; ++j) {
    const int32_t n = rounded[j];
    invalid |= (n == INT32_MIN) | (checkRange & ((n < typeLo) | (n > typeHi)));
    target[j] = static_cast<S>(static_cast<uint32_t>(n < lo ? lo : n > hi ? hi : n) & mask);
  }
  if (invalid)
    for (int64_t j = 0; j < vectorLength; ++j) {
      const int32_t n = rounded[j];
      if (n != INT32_MIN && (saturate || (n >= typeLo && n <= typeHi)))
        continue;
      const int64_t stored = element<float, float>(in[start + j], parameters[j]);
      if (stored < 0)
        poison.push_back(start + j);
      else
        target[j] = static_cast<S>(stored);
    }
  return vectorLength;
#else
  return 0;
#endif
}

/// Byte storage, one parameter: 16 lanes per step entirely in SSE2. The
/// saturating packs (int32 -> int16 -> int8 / uint8) and an int16 min/max
/// give clamp(n, lo, hi) for every n that is not INT32_MIN, because lo and hi
/// lie inside the byte range; lanes that need the scalar path are found by
/// comparisons and redone there.
int64_t HostQuantizer::runVectorF32Bytes(const float *in, uint8_t *out, int64_t start,
                                         int64_t length, const int64_t *parameters,
                                         std::vector<int64_t> &poison) const {
#if defined(__SSE2__)
  const int64_t vectorLength = length & ~int64_t(15);
  const __m128 f = _mm_set1_ps(factorF32_[size_t(parameters[0])]);
  const __m128 z = _mm_set1_ps(zeroPointF32_[size_t(parameters[0])]);
  const bool truncate = rounding_ == RoundingMode::TowardZero;
  const bool saturate = overflow_ == OverflowPolicy::Saturate;
  const int64_t lo64 = clamp_ ? std::max(intermediateMin_, type_.storageMin) : intermediateMin_;
  const int64_t hi64 = clamp_ ? std::min(intermediateMax_, type_.storageMax) : intermediateMax_;
  const __m128i lo = _mm_set1_epi16(static_cast<int16_t>(lo64));
  const __m128i hi = _mm_set1_epi16(static_cast<int16_t>(hi64));
  const __m128i typeLo = _mm_set1_epi32(static_cast<int32_t>(intermediateMin_));
  const __m128i typeHi = _mm_set1_epi32(static_cast<int32_t>(intermediateMax_));
  const __m128i sentinel = _mm_set1_epi32(INT32_MIN);
  const __m128i mask = _mm_set1_epi8(static_cast<char>(storageMask_));
  const bool isSigned = lo64 < 0;
  for (int64_t j = 0; j < vectorLength; j += 16) {
    __m128i n[4], bad = _mm_setzero_si128();
    for (int k = 0; k < 4; ++k) {
      __m128 t = _mm_add_ps(_mm_div_ps(_mm_loadu_ps(in + start + j + 4 * k), f), z);
      n[k] = truncate ? _mm_cvttps_epi32(t) : _mm_cvtps_epi32(t);
      bad = _mm_or_si128(bad, _mm_cmpeq_epi32(n[k], sentinel));
      if (!saturate)
        bad = _mm_or_si128(bad, _mm_or_si128(_mm_cmplt_epi32(n[k], typeLo),
                                             _mm_cmpgt_epi32(n[k], typeHi)));
    }
    __m128i a = _mm_min_epi16(_mm_max_epi16(_mm_packs_epi32(n[0], n[1]), lo), hi);
    __m128i b = _mm_min_epi16(_mm_max_epi16(_mm_packs_epi32(n[2], n[3]), lo), hi);
    __m128i bytes = isSigned ? _mm_packs_epi16(a, b) : _mm_packus_epi16(a, b);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(out + start + j), _mm_and_si128(bytes, mask));
    if (_mm_movemask_epi8(bad))
      for (int64_t k = j; k < j + 16; ++k) {
        const int64_t stored = element<float, float>(in[start + k], parameters[0]);
        if (stored < 0)
          poison.push_back(start + k);
        else
          out[start + k] = static_cast<uint8_t>(stored);
      }
  }
  return vectorLength;
#else
  return 0;
#endif
}

} // namespace qi::quant
