//===- HostQuantize.cpp - qcast with host IEEE arithmetic -----------------===//
//
// Spec: [fast.host-qcast], [fast.narrow-host], [fast.environment]
// (spec/performance.md). The steps are those of QuantizeKernel::operator()
// (ReferenceKernels.cpp) in the same order; each float step is a single host operation
// in the step's format (for f16 / bf16 / tf32: one binary64 operation then
// roundToNarrow), so under nearest-even with no FTZ/DAZ it returns the
// correctly rounded result the numeric core computes. The per-parameter
// constants (scale, reciprocal, zero point, float clamp bounds) are computed
// by the exact StepArithmetic, never by the host.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/HostQuantize.h"

#include "interpreter/fast/ElementBytes.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/fast/HostStepValue.h"

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

namespace qi::fast {

using namespace quant;
using namespace host;

using namespace numeric;

#if defined(__SSE2__)
namespace {
/// Four f32 elements from element `i` of a byte buffer (an unaligned SSE
/// load; its vector type may alias the bytes).
__m128 loadFloats(const uint8_t *bytes, int64_t i) {
  return _mm_loadu_ps(reinterpret_cast<const float *>(bytes + 4 * i));
}
} // namespace
#endif

//===----------------------------------------------------------------------===//
// Coverage
//===----------------------------------------------------------------------===//

bool HostQuantizer::supports(const QuantType &type, const Semantics &semantics) {
  const FloatFormat &e = *type.expressed;
  const QuantizeRecipe &r = quantizeRecipeFor(type, semantics); // [recipe.narrow-expressed]
  if (&e != &f32Format() && &e != &f64Format() && !narrowFormat(e))
    return false;
  // Only IEEE nearest-even steps are host operations ([fast.host-qcast],
  // [fast.narrow-host]); a narrow expressed type's steps in E or f32 are
  // rounded in software in any other mode ([fast.narrow-modes]).
  if (!semantics.arithRounding)
    return false;
  // Float steps this accelerator does not have. [fast.host-qcast]
  if (r.roundBeforeZeroPoint || r.clampHighInFloat || r.flushSubnormals)
    return false;
  if (*semantics.arithRounding != RoundingMode::NearestEven &&
      (!narrowFormat(e) || r.scaled == Precision::F64))
    return false;
  if (!isHostFormat(r.scale, e, true) || !isHostFormat(r.scaled, e, true) ||
      !isHostFormat(r.reciprocalComputed, e, true) || !isHostFormat(r.reciprocalStored, e, true))
    return false;
  return HostQcastTail::integerStepsFitInt64(type, semantics);
}

HostQuantizer::HostQuantizer(const QuantType &type, const Semantics &semantics,
                             const QuantizeKernel &reference)
    : type_(type), reference_(reference), tail_(type, semantics), recipe_(quantizeRecipeFor(type, semantics)),
      rounding_(semantics.rounding), overflow_(semantics.overflow) {
  const QuantizeRecipe &r = recipe_;
  StepArithmetic arith(semantics.arithRounding, *type.expressed);
  expressedIsF64_ = type.expressed == &f64Format();
  narrow_ = narrowFormat(*type.expressed);
  // t in a narrow expressed type is held in binary64. [fast.narrow-host]
  narrowSteps_ = narrow_ && r.scaled == Precision::Expressed;
  arithMode_ = *semantics.arithRounding;
  if (narrow_ && arithMode_ != RoundingMode::NearestEven) // [fast.narrow-modes]
    stepFormat_ = narrowSteps_ ? narrow_ : &binary32Layout();
  scaledIsF64_ = arith.format(r.scaled) == &f64Format() || narrowSteps_ || stepFormat_;
  intermediateMin_ = tail_.intermediateMin();
  intermediateMax_ = tail_.intermediateMax();
  clamp_ = tail_.clamps();
  storageMask_ = (uint64_t(1) << type.storage.width) - 1;
  if (tail_.upperBound())
    upperBound_ = hostValue(*tail_.upperBound());
  for (const StepConstants &c : tail_.constants()) {
    Parameter p;
    p.zeroPoint = c.zeroPoint;
    p.factor = hostValue(c.factor);
    p.zeroPointFloat = hostValue(c.zeroPointFloat);
    p.clampLow = hostValue(c.clampLow);
    p.clampHigh = hostValue(c.clampHigh);
    parameters_.push_back(p);
    factorF32_.push_back(static_cast<float>(p.factor));
    zeroPointF32_.push_back(static_cast<float>(p.zeroPointFloat));
  }
  vectorizable_ = !expressedIsF64_ && !narrow_ && !scaledIsF64_ && !r.multiplyByReciprocal &&
                  r.zeroPointInFloat && r.floatUpperBound == 0 && !r.clampInFloat &&
                  tail_.unsignedShift() == 0 &&
                  (rounding_ == RoundingMode::NearestEven ||
                   rounding_ == RoundingMode::TowardZero) &&
                  // the vector clamp works on int32 lanes
                  (clamp_ ? std::max(intermediateMin_, type.storageMin) : intermediateMin_) <=
                      INT32_MAX;
}

//===----------------------------------------------------------------------===//
// The scalar path: QuantizeKernel::operator() with host steps
//===----------------------------------------------------------------------===//

template <typename E, typename T> T HostQuantizer::toScaled(E x) const {
  if constexpr (std::is_integral_v<E>)
    return static_cast<T>(narrowToDouble(x, *narrow_)); // exact: E ⊂ f32
  else
    return static_cast<T>(x);
}

template <typename T> T HostQuantizer::inScaled(T v) const {
  if constexpr (std::is_same_v<T, double>) {
    if (stepFormat_)
      return roundToNarrow(v, *stepFormat_, arithMode_);
    if (narrowSteps_)
      return roundToNarrow(v, *narrow_);
  }
  return v;
}

template <typename T> T HostQuantizer::sumInScaled(T a, T b) const {
  if constexpr (std::is_same_v<T, double>)
    if (stepFormat_)
      return addToNarrow(a, b, *stepFormat_, arithMode_);
  return inScaled(a + b);
}

template <typename E, typename T>
int64_t HostQuantizer::element(E x, int64_t parameter) const {
  const Parameter &p = parameters_[size_t(parameter)];
  T t = toScaled<E, T>(x);
  t = inScaled(recipe_.multiplyByReciprocal ? t * static_cast<T>(p.factor)
                                            : t / static_cast<T>(p.factor));
  if (recipe_.zeroPointInFloat)
    t = sumInScaled(t, static_cast<T>(p.zeroPointFloat));
  if (upperBound_ != 0 && (t != t || t > static_cast<T>(upperBound_)))
    t = static_cast<T>(upperBound_);
  if (recipe_.clampInFloat) {
    if (t != t || static_cast<T>(p.clampLow) > t)
      t = static_cast<T>(p.clampLow);
    else if (t > static_cast<T>(p.clampHigh))
      t = static_cast<T>(p.clampHigh);
  }
  return tail_.store(t, p.zeroPoint, [&] {
    const Bits pattern = narrow_ ? bitsOf(x) & ((Bits(1) << narrow_->width) - 1) : bitsOf(x);
    const StoredOutcome o = reference_(pattern, parameter);
    return o.poison ? -1 : static_cast<int64_t>(type_.storage.toBits(o.value));
  });
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
void HostQuantizer::runBlock(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                             const int64_t *parameters, bool uniform,
                             std::vector<int64_t> &poison) const {
  int64_t done = 0;
  if constexpr (std::is_same_v<E, float> && std::is_same_v<T, float>)
    if (vectorizable_)
      done = runVectorF32<S>(in, out, start, length, parameters, uniform, poison);
  for (int64_t j = done; j < length; ++j) {
    const int64_t i = start + j;
    const int64_t stored = element<E, T>(loadElement<E>(in, i), parameters[j]);
    if (stored < 0)
      poison.push_back(i);
    else
      storeElement<S>(out, i, static_cast<S>(stored));
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
    runBlock<E, T, S>(in, out, start + done, std::min(kBlock, length - done),
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
int64_t HostQuantizer::runVectorF32(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
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
      __m128 t = _mm_add_ps(_mm_div_ps(loadFloats(in, start + j), f), z);
      _mm_store_si128(reinterpret_cast<__m128i *>(rounded + j),
                      truncate ? _mm_cvttps_epi32(t) : _mm_cvtps_epi32(t));
    }
  } else {
    for (int64_t j = 0; j < vectorLength; ++j) {
      factor[j] = factorF32_[size_t(parameters[j])];
      zeroPoint[j] = zeroPointF32_[size_t(parameters[j])];
    }
    for (int64_t j = 0; j < vectorLength; j += 4) {
      __m128 t = _mm_add_ps(_mm_div_ps(loadFloats(in, start + j), _mm_load_ps(factor + j)),
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
  for (int64_t j = 0; j < vectorLength; ++j) {
    const int32_t n = rounded[j];
    invalid |= (n == INT32_MIN) | (checkRange & ((n < typeLo) | (n > typeHi)));
    storeElement<S>(out, start + j,
                    static_cast<S>(static_cast<uint32_t>(n < lo ? lo : n > hi ? hi : n) & mask));
  }
  if (invalid)
    for (int64_t j = 0; j < vectorLength; ++j) {
      const int32_t n = rounded[j];
      if (n != INT32_MIN && (saturate || (n >= typeLo && n <= typeHi)))
        continue;
      const int64_t stored = element<float, float>(loadElement<float>(in, start + j), parameters[j]);
      if (stored < 0)
        poison.push_back(start + j);
      else
        storeElement<S>(out, start + j, static_cast<S>(stored));
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
int64_t HostQuantizer::runVectorF32Bytes(const uint8_t *in, uint8_t *out, int64_t start,
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
      __m128 t = _mm_add_ps(_mm_div_ps(loadFloats(in, start + j + 4 * k), f), z);
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
        const int64_t stored = element<float, float>(loadElement<float>(in, start + k), parameters[0]);
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

} // namespace qi::fast
