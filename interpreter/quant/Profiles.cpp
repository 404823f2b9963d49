//===- Profiles.cpp - Named backend recipes -------------------------------===//
//
// Spec: [sem.profiles] and spec/profiles.md, which gives for each field the
// backend source it was read from. Each profile is data: knobs + recipe.
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/Semantics.h"

namespace qi::quant {

namespace {

using numeric::RoundingMode;

Semantics reference() { return Semantics{}; }

Semantics exact() {
  Semantics s;
  s.arithRounding = std::nullopt;
  return s;
}

/// [profile.mlir-lower-quant-ops] MLIR 22 --lower-quant-ops: divf, addf,
/// fptosi/fptoui (toward zero, poison out of the storage type or on NaN),
/// clamp only for narrow bounds; dcast sitofp/uitofp, subf, mulf. The zero
/// point is an `iN` constant of the storage width (wraps when out of range).
Semantics mlirLowerQuantOps() {
  Semantics s;
  s.zeroPointWrapsToStorage = true;
  s.rounding = RoundingMode::TowardZero;
  s.nan = NanPolicy::Poison;
  s.overflow = OverflowPolicy::Poison;
  s.quantize.clampOnlyNarrowBounds = true;
  return s;
}

/// Float32 host pipelines convert the input and the scale to f32 first.
QuantizeRecipe f32Divide() {
  QuantizeRecipe r;
  r.scale = Precision::F32;
  r.scaled = Precision::F32;
  return r;
}

/// C++ `(int32_t)` casts on x86: t = x / s in f32, rounded into int32 (NaN
/// and out of range -> INT_MIN), then a wrapping int32 add of the zero point.
QuantizeRecipe f32DivideThenInt32() {
  QuantizeRecipe r = f32Divide();
  r.zeroPointInFloat = false;
  r.intermediateBits = 32;
  r.integerAddWraps = true;
  return r;
}

DequantizeRecipe integerDifferenceTimes(Precision difference, Precision scale,
                                        Precision product) {
  DequantizeRecipe r;
  r.integerDifference = true;
  r.difference = difference;
  r.scale = scale;
  r.product = product;
  return r;
}

DequantizeRecipe floatDifferenceTimes(Precision difference, Precision scale,
                                      Precision product) {
  DequantizeRecipe r;
  r.difference = difference;
  r.scale = scale;
  r.product = product;
  return r;
}

/// [profile.tflite-reference] reference/quantize.h: t = f32(x / s32);
/// i = (int32)std::round(t) (ties away; x86 cast: NaN and |t| >= 2^31 give
/// INT_MIN); q = clamp(i + zp). dequantize.h: per-tensor
/// f32(f64(s32) * (q - zp)), per-channel f32(s32 * f32(q - zp)).
/// tosa.rescale: MultiplyByQuantizedMultiplier, default build
/// ([requant.tflite]).
Semantics tfliteReference() {
  Semantics s;
  s.requantize = requant::RequantizeRecipe::Tflite;
  s.rounding = RoundingMode::NearestAway;
  s.nan = NanPolicy::Indefinite;
  s.overflow = OverflowPolicy::Indefinite;
  s.quantize = f32DivideThenInt32();
  s.dequantizePerLayer = integerDifferenceTimes(Precision::F64, Precision::F32, Precision::F64);
  s.dequantizePerChannel = integerDifferenceTimes(Precision::F32, Precision::F32, Precision::F32);
  return s;
}

/// [profile.onnx-reference] op_quantize_linear.py: t = x / y_scale (f32);
/// rint (ties even) then astype(int32) (x86: NaN/inf/|t| >= 2^31 ->
/// INT_MIN); + zp; clip. dq: (f32(q) - zp) * scale in f32.
Semantics onnxReference() {
  Semantics s;
  s.nan = NanPolicy::Indefinite;
  s.overflow = OverflowPolicy::Indefinite;
  s.quantize = f32DivideThenInt32();
  s.dequantizePerLayer = floatDifferenceTimes(Precision::F32, Precision::F32, Precision::F32);
  s.dequantizePerChannel = s.dequantizePerLayer;
  return s;
}

/// [profile.onnxruntime-mlas] mlas/lib/quantize.cpp: t = x / s (f32); clamp
/// in float to [lo - zp, hi - zp] (maxps: NaN -> lower bound); cvtps (ties
/// even); + zp. dq: f32(f32(q - zp) * s), q - zp in int32 (wraps for int32
/// storage, as measured in ONNX Runtime 1.30). ONNX gives the scale the
/// input's type, so s = E(scale), widened to f32 (ORT's MLFloat16 kernels
/// convert an f16 x and s to float; for f32 and f64, s = f32(scale)). ORT's
/// f16 QuantizeLinear does not clamp in float: it rounds into int32 first
/// (NaN, inf, |t| >= 2^31 -> INT_MIN; + zp wraps), which this recipe does
/// not describe (docs/real-frameworks.md). tosa.rescale:
/// MlasRequantizeOutput ([requant.onnxruntime-mlas]).
Semantics onnxruntimeMlas() {
  Semantics s;
  s.requantize = requant::RequantizeRecipe::OnnxruntimeMlas;
  // cvtps gives INT32_MIN for NaN and beyond int32: unreachable after the
  // float clamp for storage up to 16 bits; the f16 kernel reaches it.
  s.nan = NanPolicy::Indefinite;
  s.overflow = OverflowPolicy::Indefinite;
  s.quantize = f32Divide();
  s.quantize.scale = Precision::Expressed;
  s.quantize.clampInFloat = true;
  s.quantize.zeroPointInFloat = false;
  s.quantize.intermediateBits = 32;
  s.dequantizePerLayer =
      integerDifferenceTimes(Precision::F32, Precision::Expressed, Precision::F32);
  s.dequantizePerLayer.differenceBits = 32;
  s.dequantizePerChannel = s.dequantizePerLayer;
  // [recipe.narrow-expressed] f16 QuantizeLinear is not MLAS: x and the f16
  // scale in f32, t = x / s, nearbyint into int32 (NaN, inf, |t| >= 2^31:
  // INT32_MIN), + zp wrapping, clamp (measured in ORT 1.30).
  QuantizeRecipe narrow = f32DivideThenInt32();
  narrow.scale = Precision::Expressed;
  s.quantizeNarrowExpressed = narrow;
  return s;
}

/// [profile.pytorch-aten] PyTorch's generic ATen path (a build without
/// FBGEMM, as Debian's python3-torch 1.13; run and matched in
/// docs/real-frameworks.md): AffineQuantizerBase.cpp quantize_val: inv =
/// 1.0f / f32(s); static_cast<int64_t>(zp + Round(x * inv)), Round ties even
/// in f32 and the int64 zero point added as an f32 after it; the int64
/// conversion gives INT64_MIN for NaN, infinities and |v| >= 2^63; clamp.
/// dequantize_val per-tensor: f32(s) * f32(q - zp) with q - zp in int32
/// (wraps); per-channel (f32(q) - zp) * s_f64. tosa.rescale: ATen's
/// requantize_from_int ([requant.pytorch]).
Semantics pytorchAten() {
  Semantics s;
  s.requantize = requant::RequantizeRecipe::Pytorch;
  s.nan = NanPolicy::Indefinite;
  s.overflow = OverflowPolicy::Indefinite;
  s.quantize = f32Divide();
  s.quantize.multiplyByReciprocal = true;
  s.quantize.roundBeforeZeroPoint = true;
  s.quantize.intermediateBits = 64;
  s.dequantizePerLayer = integerDifferenceTimes(Precision::F32, Precision::F32, Precision::F32);
  s.dequantizePerLayer.differenceBits = 32;
  s.dequantizePerChannel = floatDifferenceTimes(Precision::F32, Precision::F64, Precision::F64);
  return s;
}

/// [profile.pytorch-fbgemm] Read from source, not run (the PyTorch here has no
/// FBGEMM: [profile.pytorch-aten]). FBGEMM QuantUtilsAvx2.cc QuantizeAvx2: inv =
/// 1.f / s (f32); t = x * inv; t = min_ps(t, 2147483520) (NaN -> bound);
/// cvtps (ties even; below -2^31 -> INT_MIN); + zp wrapping in int32;
/// clamp. dq per-tensor f32(s32 * f32(q - zp)); per-channel
/// f32((f32(q) - zp) * s_f64). tosa.rescale: FBGEMM's float Requantize, as
/// its GEMM output pipeline computes it ([requant.fbgemm]).
Semantics pytorchFbgemm() {
  Semantics s;
  s.requantize = requant::RequantizeRecipe::Fbgemm;
  s.overflow = OverflowPolicy::Indefinite;
  s.nan = NanPolicy::Indefinite; // unreachable: min_ps maps NaN to the bound
  s.quantize = f32DivideThenInt32();
  s.quantize.multiplyByReciprocal = true;
  s.quantize.floatUpperBound = 2147483520.0;
  s.dequantizePerLayer = integerDifferenceTimes(Precision::F32, Precision::F32, Precision::F32);
  s.dequantizePerChannel = floatDifferenceTimes(Precision::F32, Precision::F64, Precision::F64);
  return s;
}

/// [profile.xnnpack] scalar "fmagic" kernels: r = 1.0f / s once; t = x * r
/// (f32); clamp in float to [lo - zp, hi - zp] (NaN -> lower bound); magic
/// number rounding (ties even); + zp. dq (qs8-f32-vcvt scalar):
/// f32(f32(q - zp) * s32). tosa.rescale: fp32 requantization
/// ([requant.xnnpack-fp32]).
Semantics xnnpack() {
  Semantics s = onnxruntimeMlas();
  s.quantize.multiplyByReciprocal = true;
  // XNNPACK's operators take the scale as a float, whatever the tensor type.
  s.quantize.scale = Precision::F32;
  s.dequantizePerLayer.scale = Precision::F32;
  s.dequantizePerChannel.scale = Precision::F32;
  s.quantizeNarrowExpressed.reset(); // one scalar kernel for every input
  s.nan = NanPolicy::Poison;         // unreachable: the float clamp
  s.overflow = OverflowPolicy::Saturate;
  s.requantize = requant::RequantizeRecipe::XnnpackFp32;
  return s;
}

/// [profile.tosa-from-tflite] TFL->TOSA quantize: t = f32(x * f32(1 / s_f64));
/// u = f32(t + f32(zp')) with unsigned zp' = zp - 2^(n-1); CAST to the signed
/// type (ties even, saturating; NaN unpredictable -> poison); unsigned adds
/// 2^(n-1) back. dq (f32(q) - f32(zp)) * f32(s).
Semantics tosaFromTflite() {
  Semantics s;
  s.quantize.scale = Precision::F64;
  s.quantize.multiplyByReciprocal = true;
  s.quantize.reciprocalComputed = Precision::F64;
  s.quantize.reciprocalStored = Precision::F32;
  s.quantize.scaled = Precision::F32;
  s.quantize.unsignedViaSigned = true;
  s.dequantizePerLayer = floatDifferenceTimes(Precision::F32, Precision::F32, Precision::F32);
  s.dequantizePerChannel = s.dequantizePerLayer;
  return s;
}

/// [profile.xnnpack-x86] XNNPACK's x86 SIMD kernels (SSE2 .. AVX-512, run and
/// matched in docs/real-frameworks.md): r = 1.0f / f32(s) when the operator
/// is created; the kernel runs with denormals disabled (pthreadpool's DAZ /
/// FTZ), so a subnormal r or x counts as zero; t = min_ps(x * r, hi - zp)
/// (NaN -> the bound: qmax); cvtps (ties even; below -2^31 INT_MIN); + zp
/// and packing saturate; max with lo. dq: f32(q - zp) * f32(s), products
/// flushed. tosa.rescale: fp32 requantization ([requant.xnnpack-fp32]).
Semantics xnnpackX86() {
  Semantics s;
  s.requantize = requant::RequantizeRecipe::XnnpackFp32;
  s.quantize = f32Divide();
  s.quantize.multiplyByReciprocal = true;
  s.quantize.clampHighInFloat = true;
  s.quantize.flushSubnormals = true;
  s.quantize.zeroPointInFloat = false;
  s.quantize.intermediateBits = 32;
  s.dequantizePerLayer = integerDifferenceTimes(Precision::F32, Precision::F32, Precision::F32);
  s.dequantizePerLayer.differenceBits = 32;
  s.dequantizePerLayer.flushSubnormals = true;
  s.dequantizePerChannel = s.dequantizePerLayer;
  return s;
}

struct NamedProfile {
  std::string_view name;
  Semantics (*make)();
};

const NamedProfile kProfiles[] = {
    {"reference", reference},
    {"exact", exact},
    {"mlir-lower-quant-ops", mlirLowerQuantOps},
    {"tflite-reference", tfliteReference},
    {"onnx-reference", onnxReference},
    {"onnxruntime-mlas", onnxruntimeMlas},
    {"pytorch-aten", pytorchAten},
    {"pytorch-fbgemm", pytorchFbgemm},
    {"xnnpack", xnnpack},
    {"xnnpack-x86", xnnpackX86},
    {"tosa-from-tflite", tosaFromTflite},
};

} // namespace

std::optional<Semantics> findProfile(std::string_view name) {
  for (const NamedProfile &p : kProfiles)
    if (p.name == name)
      return p.make();
  return std::nullopt;
}

const std::vector<std::string_view> &profileNames() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (const NamedProfile &p : kProfiles)
      v.push_back(p.name);
    return v;
  }();
  return names;
}

std::string allProfileNames() {
  std::string text;
  for (std::string_view name : profileNames())
    text += (text.empty() ? "" : ", ") + std::string(name);
  return text;
}

} // namespace qi::quant
