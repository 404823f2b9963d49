//===- ProfileEmulation.h - Host emulations of the backend profiles -*- C++ -*-===//
//
// Spec: [sem.profiles], [recipe.quantize], [recipe.dequantize].
//
// For each backend profile, the element-wise qcast / dcast written the way
// the backend's own source does it, with host float / double / int32
// arithmetic (facts: /work/shared/BACKEND-RECIPES.md; the source files are
// named at each function). Nothing here uses the numeric core or the recipe
// machinery: these functions are the independent side of
// ProfileEmulationTest and ProfileDiscriminatingInputsTest.
//
// Host requirements: IEEE binary32 / binary64 with FLT_EVAL_METHOD == 0 and
// no contraction of a*b+c into an FMA (the tests are built with
// -ffp-contract=off), default rounding mode (nearest-even).
//
// Undefined behaviour is avoided: every float->int conversion goes through
// an explicit range check that returns what the x86 instruction returns
// (the "integer indefinite" 0x80000000 for NaN and out-of-range values), and
// wrapping int32 additions are done on uint32_t.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_TESTS_PROFILEEMULATION_H
#define QI_QUANT_TESTS_PROFILEEMULATION_H

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559,
              "the emulations need IEEE float and double");
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "the emulations need float arithmetic evaluated in float (FLT_EVAL_METHOD == 0)"
#endif

namespace qi::quant::emu {

/// The storage type of the quantized type, with its (maybe narrow) bounds.
struct Storage {
  bool isSigned = true;
  unsigned width = 8;
  int64_t lo = -128, hi = 127; ///< storageMin / storageMax

  int64_t typeMin() const { return isSigned ? -(int64_t(1) << (width - 1)) : 0; }
  int64_t typeMax() const {
    return isSigned ? (int64_t(1) << (width - 1)) - 1 : (int64_t(1) << width) - 1;
  }
  bool narrow() const { return lo != typeMin() || hi != typeMax(); }
};

inline Storage i8() { return {true, 8, -128, 127}; }
inline Storage u8() { return {false, 8, 0, 255}; }

/// A stored value, or poison (MLIR lowering out of range / NaN; TOSA CAST of
/// NaN, "unpredictable"; the reference semantics' NaN).
struct Stored {
  bool poison = false;
  int64_t value = 0;
};

inline Stored stored(int64_t v) { return {false, v}; }
inline Stored poison() { return {true, 0}; }

inline uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float floatOf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

//===----------------------------------------------------------------------===//
// x86 / C++ primitives, without undefined behaviour
//===----------------------------------------------------------------------===//

/// Whether an integral-or-not float converts to int32 without the x86
/// indefinite value: -2^31 <= t < 2^31 (false for NaN and +-inf).
inline bool inInt32Range(float t) { return t >= -2147483648.0f && t < 2147483648.0f; }

/// cvttss2si / cvttps2dq (C++ (int32_t)float on x86): toward zero,
/// INT32_MIN for NaN and |t| out of range.
inline int32_t x86TruncateToInt32(float t) {
  if (!inInt32Range(t))
    return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(t);
}

/// cvtss2si / cvtps2dq with the default MXCSR (nearest-even): INT32_MIN for
/// NaN and out of range.
inline int32_t x86RoundToInt32(float t) {
  if (!inInt32Range(t))
    return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(std::nearbyint(t)); // |result| <= 2^31 - 128
}

/// paddd / two's complement int32 addition.
inline int32_t wrappingAdd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}

/// minps(a, b) / maxps(a, b): the second operand when either is NaN (or
/// when they compare equal).
inline float x86Min(float a, float b) { return a < b ? a : b; }
inline float x86Max(float a, float b) { return a > b ? a : b; }

/// double -> float as the hardware does it (cvtsd2ss, nearest-even),
/// without the undefined behaviour of a C++ conversion of a value outside
/// float's range: at or beyond FLT_MAX + half an ulp the result is +-inf.
inline float narrowToFloat(double d) {
  if (std::isnan(d))
    return std::numeric_limits<float>::quiet_NaN();
  if (std::fabs(d) >= 0x1.ffffffp127)
    return std::signbit(d) ? -std::numeric_limits<float>::infinity()
                           : std::numeric_limits<float>::infinity();
  return static_cast<float>(d);
}

inline int64_t clampTo(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

//===----------------------------------------------------------------------===//
// qcast, one function per backend. `scale` is the f64 the MLIR type stores
// (sub-channel: the f32 scale widened); x is an f32 input.
//===----------------------------------------------------------------------===//

/// tensorflow/lite/kernels/internal/reference/quantize.h AffineQuantize:
///   int32 unclamped = static_cast<int32>(TfLiteRound(val / static_cast<float>(scale))) + zero_point;
///   clamped = std::min(std::max(unclamped, min_val), max_val)
/// op_params.scale is the flatbuffer's float scale widened to double, so
/// static_cast<float>(scale) is s32. TfLiteRound(float) = std::round (ties
/// away). The int32 addition wraps on x86.
inline Stored tfliteReferenceQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const float s32 = narrowToFloat(scale);
  const float t = x / s32;
  const float r = std::round(t);
  const int32_t i = wrappingAdd(x86TruncateToInt32(r), static_cast<int32_t>(zp));
  return stored(clampTo(i, st.lo, st.hi));
}

/// onnx/reference/ops/op_quantize_linear.py:
///   x = x / y_scale           (float32 / float32 -> float32)
///   xi = np.rint(x).astype(np.int32); xi += zero_point; np.clip(xi, lo, hi)
/// numpy's float32 -> int32 astype is cvttps2dq on x86 (NaN / inf / out of
/// range -> INT32_MIN); xi += zp wraps in int32.
inline Stored onnxReferenceQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const float s32 = narrowToFloat(scale);
  const float t = x / s32;
  const float r = std::nearbyint(t); // np.rint: ties to even
  const int32_t i = wrappingAdd(x86TruncateToInt32(r), static_cast<int32_t>(zp));
  return stored(clampTo(i, st.lo, st.hi));
}

/// onnxruntime/core/mlas/lib/quantize.cpp MlasQuantizeLinearVector (SSE2;
/// the scalar tail calls the same vector function on one lane):
///   t = x / Scale; t = _mm_max_ps(t, float(Min - ZeroPoint));
///   t = _mm_min_ps(t, float(Max - ZeroPoint)); i = _mm_cvtps_epi32(t);
///   i = _mm_add_epi32(i, ZeroPoint); then saturating packs.
inline Stored onnxruntimeMlasQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const float s32 = narrowToFloat(scale);
  const float lo = static_cast<float>(static_cast<int32_t>(st.lo - zp));
  const float hi = static_cast<float>(static_cast<int32_t>(st.hi - zp));
  float t = x / s32;
  t = x86Max(t, lo); // NaN -> lo - zp
  t = x86Min(t, hi);
  const int32_t i = wrappingAdd(x86RoundToInt32(t), static_cast<int32_t>(zp));
  return stored(clampTo(i, st.lo, st.hi)); // packs/packus: already in range
}

/// FBGEMM src/QuantUtilsAvx2.cc QuantizeAvx2<T, LEGACY=false> (PyTorch's
/// quantize_vec passes LEGACY=false and scale (float)scale):
///   inverse_scale = 1.f / scale; t = _mm256_mul_ps(src, inverse_scale);
///   t = _mm256_min_ps(t, float(INT32_MAX - 127));   // 2147483520, NaN -> it
///   r = _mm256_cvtps_epi32(t); r = _mm256_add_epi32(r, zero_point);
///   clipped = min_epi32(max_epi32(r, min_val), max_val)
inline Stored pytorchFbgemmQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const float s32 = narrowToFloat(scale);
  const float inverse = 1.f / s32;
  float t = x * inverse;
  t = x86Min(t, 2147483520.f);
  const int32_t r = wrappingAdd(x86RoundToInt32(t), static_cast<int32_t>(zp));
  return stored(clampTo(r, st.lo, st.hi));
}

/// PyTorch aten/src/ATen/native/quantized/AffineQuantizerBase.cpp
/// quantize_val (the generic path of builds without FBGEMM):
///   float inv_scale = 1.0f / static_cast<float>(scale);
///   qvalue = static_cast<int64_t>(zero_point + Round(value * inv_scale));
///   clamp to [qmin, qmax]
/// Round is nearbyint; int64 + float is a float sum; cvttss2si (64-bit)
/// gives INT64_MIN for NaN and |v| >= 2^63.
inline Stored pytorchAtenQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const float inverse = 1.0f / narrowToFloat(scale);
  const float v = static_cast<float>(zp) + std::nearbyint(x * inverse);
  const bool fits = v >= -9223372036854775808.0f && v < 9223372036854775808.0f;
  const int64_t n = fits ? static_cast<int64_t>(v) : std::numeric_limits<int64_t>::min();
  return stored(clampTo(n, st.lo, st.hi));
}

/// A subnormal float read or written under x86 DAZ / FTZ: a zero of its sign.
inline float flushedSubnormal(float f) {
  return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0f, f) : f;
}

/// XNNPACK src/f32-qs8-vcvt/gen/vcvt-avx512skx-x128.c (and the avx2 / avx /
/// sse4 kernels, qu8 alike), run by pthreadpool with denormals disabled:
///   vx = _mm512_mul_ps(vx, vscale);  vscale = 1.0f / output_scale (create time)
///   vx = _mm512_min_ps(vx, voutput_max_less_zero_point);  NaN -> the bound
///   vacc = _mm512_cvtps_epi32(vx);  packs_epi32; adds_epi16(zero point);
///   packs_epi16 / packus_epi16; max_epi8 / max_epu8(output_min)
/// The saturating packs and add leave exactly clamp(i + zp, lo, hi).
inline Stored xnnpackX86Quantize(float x, double scale, int64_t zp, const Storage &st) {
  const float vscale = flushedSubnormal(1.0f / narrowToFloat(scale));
  const float maxLessZp = static_cast<float>(static_cast<int32_t>(st.hi - zp));
  const float vx = x86Min(flushedSubnormal(flushedSubnormal(x) * vscale), maxLessZp);
  const int64_t i = x86RoundToInt32(vx); // vx <= hi - zp: only -inf / huge negatives are INT32_MIN
  return stored(clampTo(i + zp, st.lo, st.hi));
}

/// XNNPACK src/f32-qs8-vcvt/gen/f32-qs8-vcvt-scalar-fmagic (and qu8):
/// the operator stores scale = 1.0f / output_scale once; per element
///   vx *= vscale; vx = math_max_f32(vx, min - zp); vx = math_min_f32(vx, max - zp);
///   vx += 12582912.0f; vy = (int32) float_as_uint32(vx) - (0x4B400000 - zp)
/// math_max_f32(a, b) = (b < a) ? a : b, so NaN -> min - zp.
inline Stored xnnpackQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const float s32 = narrowToFloat(scale);
  const float vscale = 1.0f / s32;
  const float minLessZp = static_cast<float>(static_cast<int32_t>(st.lo - zp));
  const float maxLessZp = static_cast<float>(static_cast<int32_t>(st.hi - zp));
  float vx = x * vscale;
  vx = (minLessZp < vx) ? vx : minLessZp;
  vx = (vx < maxLessZp) ? vx : maxLessZp;
  vx += 12582912.0f; // 1.5 * 2^23: the sum rounds to an integer, ties to even
  const int32_t vy = static_cast<int32_t>(bitsOf(vx)) -
                     (INT32_C(0x4B400000) - static_cast<int32_t>(zp));
  return stored(clampTo(vy, st.lo, st.hi)); // already within [lo, hi]
}

/// TOSA CAST float -> signed n-bit integer: round to nearest even,
/// saturating; NaN is unpredictable (poison here).
inline Stored tosaCastToSigned(float u, unsigned width) {
  if (std::isnan(u))
    return poison();
  const double lo = -std::ldexp(1.0, static_cast<int>(width) - 1);
  const double hi = std::ldexp(1.0, static_cast<int>(width) - 1) - 1;
  if (u <= lo)
    return stored(static_cast<int64_t>(lo));
  if (u >= hi)
    return stored(static_cast<int64_t>(hi));
  return stored(clampTo(static_cast<int64_t>(std::nearbyint(u)), static_cast<int64_t>(lo),
                        static_cast<int64_t>(hi)));
}

/// tensorflow/compiler/mlir/tosa/transforms/legalize_common.cc
/// convertQuantizeOp(scale = f64 of the quant type, zeropoint):
///   mul(x, const f32 static_cast<float>(1 / scale)); add(., const f32 zp);
///   cast(.) to the (signed) storage type.
/// Unsigned storage is legalized as the signed type of the same width with
/// zp - 2^(n-1), then shifted back by 2^(n-1) (exact integer rescale).
inline Stored tosaFromTfliteQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const int64_t shift = st.isSigned ? 0 : (int64_t(1) << (st.width - 1));
  const float reciprocal = narrowToFloat(1 / scale);
  const float t = x * reciprocal;
  const float u = t + static_cast<float>(zp - shift);
  Stored c = tosaCastToSigned(u, st.width);
  if (c.poison)
    return c;
  return stored(clampTo(c.value + shift, st.lo, st.hi));
}

/// LLVM fptosi / fptoui into the storage type: toward zero; NaN, infinities
/// and results outside the storage type are poison.
inline Stored llvmFloatToStorage(float t, const Storage &st) {
  if (!std::isfinite(t))
    return poison();
  const double r = std::trunc(static_cast<double>(t));
  if (r < static_cast<double>(st.typeMin()) || r > static_cast<double>(st.typeMax()))
    return poison();
  return stored(static_cast<int64_t>(r));
}

/// LowerQuantOps.cpp materializes the zero point with
/// builder.getIntegerAttr(storageType, zp): an iN constant keeping zp's low N
/// bits (APInt truncation), which sitofp reads as signed and uitofp as
/// unsigned. A zero point outside the storage type therefore wraps.
inline int64_t mlirZeroPointConstant(int64_t zp, const Storage &st) {
  const uint64_t low = static_cast<uint64_t>(zp) & ((uint64_t(1) << st.width) - 1);
  const bool signBitSet = (low >> (st.width - 1)) & 1;
  if (st.isSigned && signBitSet)
    return static_cast<int64_t>(low) - (int64_t(1) << st.width);
  return static_cast<int64_t>(low);
}

/// mlir/lib/Dialect/Quant/Transforms/LowerQuantOps.cpp quantizeValue:
///   scaled = arith.divf(x, scale as an f32 constant);
///   if the zp constant is not 0 (m_Zero): scaled = arith.addf(scaled,
///   sitofp/uitofp(zp constant));
///   stored = fptosi/fptoui(scaled); clampScalarOrTensor only when the
///   type has storage bounds narrower than its storage type.
inline Stored mlirLowerQuantOpsQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const float s32 = narrowToFloat(scale);
  const int64_t zpConstant = mlirZeroPointConstant(zp, st);
  float t = x / s32;
  if (zpConstant != 0)
    t = t + static_cast<float>(zpConstant);
  Stored s = llvmFloatToStorage(t, st);
  if (s.poison || !st.narrow())
    return s;
  return stored(clampTo(s.value, st.lo, st.hi));
}

/// The dialect's pseudo-code ([qcast.steps]) with the reference knobs:
/// every step in f32, zp added in float, nearest-even, saturate to the
/// storage type, clamp, NaN poison.
inline Stored referenceQuantize(float x, double scale, int64_t zp, const Storage &st) {
  const float s32 = narrowToFloat(scale);
  const float t = x / s32 + static_cast<float>(zp);
  if (std::isnan(t))
    return poison();
  int64_t v;
  if (t <= static_cast<float>(st.typeMin()))
    v = st.typeMin();
  else if (t >= static_cast<float>(st.typeMax()))
    v = st.typeMax();
  else
    v = clampTo(static_cast<int64_t>(std::nearbyint(t)), st.typeMin(), st.typeMax());
  return stored(clampTo(v, st.lo, st.hi));
}

//===----------------------------------------------------------------------===//
// dcast: the f32 result bits. `perChannel` selects the per-axis /
// sub-channel code path where the backend has a different one.
//===----------------------------------------------------------------------===//

/// reference/dequantize.h: per-tensor static_cast<float>(scale * (val - zp))
/// with double scale (= f64(s32)); PerChannelDequantize: float scale[c] *
/// (val - zp[c]) in float.
inline float tfliteReferenceDequantize(int64_t q, double scale, int64_t zp, bool perChannel,
                                       const Storage &) {
  const float s32 = narrowToFloat(scale);
  const int32_t d = static_cast<int32_t>(q - zp);
  if (perChannel)
    return s32 * static_cast<float>(d);
  return narrowToFloat(static_cast<double>(s32) * d);
}

/// op_dequantize_linear.py: (x.astype(float32) - zero_point) * x_scale,
/// float32 throughout.
inline float onnxReferenceDequantize(int64_t q, double scale, int64_t zp, bool,
                                     const Storage &) {
  const float s32 = narrowToFloat(scale);
  const float dx = static_cast<float>(q) - static_cast<float>(zp);
  return dx * s32;
}

/// ORT DequantizeLinear: static_cast<float>(int32(q) - zp) * scale.
inline float onnxruntimeMlasDequantize(int64_t q, double scale, int64_t zp, bool,
                                       const Storage &) {
  const float s32 = narrowToFloat(scale);
  return static_cast<float>(static_cast<int32_t>(q - zp)) * s32;
}

/// Per-tensor: FBGEMM Dequantize: qparams.scale * (src - zero_point) (float
/// scale, int difference converted to float). Per-channel: ATen
/// dequantize_per_channel_affine: (static_cast<float>(q) - zero_points[c])
/// * scales[c] with int64 zero points and double scales, stored to float.
inline float pytorchFbgemmDequantize(int64_t q, double scale, int64_t zp, bool perChannel,
                                     const Storage &) {
  if (perChannel) {
    const float dx = static_cast<float>(q) - static_cast<float>(zp);
    return narrowToFloat(static_cast<double>(dx) * scale);
  }
  const float s32 = narrowToFloat(scale);
  return s32 * static_cast<float>(static_cast<int32_t>(q - zp));
}

/// XNNPACK qs8-f32-vcvt scalar: vx = q - zp (int32); vy = (float) vx * scale.
inline float xnnpackDequantize(int64_t q, double scale, int64_t zp, bool,
                               const Storage &) {
  const float s32 = narrowToFloat(scale);
  return static_cast<float>(static_cast<int32_t>(q - zp)) * s32;
}

/// PyTorch dequantize_val: static_cast<float>(scale) * (value.val_ -
/// static_cast<int32_t>(zero_point)), the difference in int32 (wraps for
/// qint32); per-channel: (static_cast<float>(q) - zero_points[c]) * scales[c]
/// with double scales, as pytorchFbgemmDequantize.
inline float pytorchAtenDequantize(int64_t q, double scale, int64_t zp, bool perChannel,
                                   const Storage &st) {
  if (perChannel)
    return pytorchFbgemmDequantize(q, scale, zp, true, st);
  const int32_t difference = static_cast<int32_t>(
      static_cast<uint32_t>(static_cast<uint64_t>(q) - static_cast<uint64_t>(zp)));
  return narrowToFloat(scale) * static_cast<float>(difference);
}

/// XNNPACK src/qs8-f32-vcvt/gen/vcvt-avx512skx-x32.c under DAZ / FTZ:
/// (float)(q - zp) * scale, the product flushed.
inline float xnnpackX86Dequantize(int64_t q, double scale, int64_t zp, bool,
                                  const Storage &) {
  const float s32 = flushedSubnormal(narrowToFloat(scale));
  return flushedSubnormal(static_cast<float>(static_cast<int32_t>(q - zp)) * s32);
}

/// convertDequantizeOp: cast(q) to f32; sub(., f32 zp); mul(., f32 scale).
inline float tosaFromTfliteDequantize(int64_t q, double scale, int64_t zp, bool,
                                      const Storage &) {
  const float dx = static_cast<float>(q) - static_cast<float>(zp);
  return dx * narrowToFloat(scale);
}

/// LowerQuantOps.cpp dequantizeValue: sitofp/uitofp(q); subf zp only when
/// zp != 0; mulf by the f32 scale.
inline float mlirLowerQuantOpsDequantize(int64_t q, double scale, int64_t zp, bool,
                                         const Storage &st) {
  const int64_t zpConstant = mlirZeroPointConstant(zp, st);
  float y = static_cast<float>(q);
  if (zpConstant != 0)
    y = y - static_cast<float>(zpConstant);
  return y * narrowToFloat(scale);
}

/// [dcast.steps]: (f32(q) - f32(zp)) * f32(s).
inline float referenceDequantize(int64_t q, double scale, int64_t zp, bool,
                                 const Storage &) {
  return (static_cast<float>(q) - static_cast<float>(zp)) * narrowToFloat(scale);
}

//===----------------------------------------------------------------------===//
// By profile name
//===----------------------------------------------------------------------===//

using QuantizeFn = Stored (*)(float, double, int64_t, const Storage &);
using DequantizeFn = float (*)(int64_t, double, int64_t, bool, const Storage &);

struct Backend {
  std::string_view profile;
  QuantizeFn quantize;
  DequantizeFn dequantize;
};

inline const Backend kBackends[] = {
    {"tflite-reference", tfliteReferenceQuantize, tfliteReferenceDequantize},
    {"onnx-reference", onnxReferenceQuantize, onnxReferenceDequantize},
    {"onnxruntime-mlas", onnxruntimeMlasQuantize, onnxruntimeMlasDequantize},
    {"pytorch-aten", pytorchAtenQuantize, pytorchAtenDequantize},
    {"pytorch-fbgemm", pytorchFbgemmQuantize, pytorchFbgemmDequantize},
    {"xnnpack", xnnpackQuantize, xnnpackDequantize},
    {"xnnpack-x86", xnnpackX86Quantize, xnnpackX86Dequantize},
    {"tosa-from-tflite", tosaFromTfliteQuantize, tosaFromTfliteDequantize},
    {"mlir-lower-quant-ops", mlirLowerQuantOpsQuantize, mlirLowerQuantOpsDequantize},
    {"reference", referenceQuantize, referenceDequantize},
};

inline const Backend *findBackend(std::string_view profile) {
  for (const Backend &b : kBackends)
    if (b.profile == profile)
      return &b;
  return nullptr;
}

} // namespace qi::quant::emu

#endif
