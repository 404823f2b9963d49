//===- ProfileDiscriminatingInputsTest.cpp - Where the backends disagree --===//
//
// Spec: [sem.profiles], [recipe.quantize], [sem.nan-policy],
// [sem.overflow-policy], [qcast.round]; the profile clauses of
// interpreter/quant/Profiles.cpp: [profile.tflite-reference],
// [profile.onnx-reference], [profile.onnxruntime-mlas],
// [profile.pytorch-fbgemm], [profile.xnnpack], [profile.tosa-from-tflite],
// [profile.mlir-lower-quant-ops], and the reference semantics
// ([qcast.steps], [sem.profiles] `reference`).
//
// One test per input class of BACKEND-RECIPES.md "Discriminating inputs".
// Every test asserts, for EVERY profile, the stored value that backend
// gives. The expected values are derived by hand from the backend source
// facts (the derivation is in the comments) -- never from our kernel -- and
// are also checked against the host emulation of ProfileEmulation.h so the
// two independent derivations agree.
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/ProfileEmulation.h"
#include "interpreter/quant/tests/QuantTestUtil.h"

namespace qi::quant::test {
namespace {

/// What a backend stores: a value, or poison (nullopt).
struct Row {
  const char *profile;
  std::optional<int64_t> stored;
};
constexpr std::nullopt_t kPoison = std::nullopt;

emu::Storage storageOf(const QuantType &t) {
  return {t.storage.isSigned, t.storage.width, t.storageMin, t.storageMax};
}

/// Asserts every profile of `rows` (which must list every backend profile
/// of ProfileEmulation.h) on qcast(x) of the per-layer type `t`.
void expectEveryProfile(const QuantType &t, float x, const std::vector<Row> &rows) {
  ASSERT_EQ(rows.size(), std::size(emu::kBackends)) << "every profile must be listed";
  const double scale = f64Of(t.scales[0].bits);
  const int64_t zp = t.zeroPoints[0];
  for (const Row &row : rows) {
    SCOPED_TRACE(std::string(row.profile) + " x=" + hexBits(f32Bits(x)));
    std::optional<Semantics> s = findProfile(row.profile);
    const emu::Backend *backend = emu::findBackend(row.profile);
    ASSERT_TRUE(s && backend) << row.profile;
    // The hand-derived value vs the profile.
    StoredOutcome got = qcast(t, f32Bits(x), *s);
    if (row.stored) {
      EXPECT_TRUE(isStored(got, *row.stored));
    } else {
      EXPECT_TRUE(isPoison(got));
    }
    // The hand-derived value vs the independent host emulation.
    emu::Stored e = backend->quantize(x, scale, zp, storageOf(t));
    EXPECT_EQ(e.poison, !row.stored) << "emulation disagrees with the hand derivation";
    if (row.stored && !e.poison) {
      EXPECT_EQ(e.value, *row.stored) << "emulation disagrees with the hand derivation";
    }
  }
}



// Tie t = k + 1/2 ([qcast.round]): ties away from zero in TFLite's
// reference (TfLiteRound = std::round), ties to even in ONNX (np.rint), ORT
// (cvtps), FBGEMM (cvtps), XNNPACK (magic number), TOSA (CAST), toward zero
// in the MLIR lowering (fptosi). Scale 0.5, zp 0; x * f32(1/0.5) = x * 2
// and x / 0.5 are both exact.
TEST(ProfileDiscriminatingInputs, TieKPlusHalf) {
  const QuantType kI8 = perLayer(sInt(8), fmt("f32"), 0.5);
  // t = 2.5: away 3, even 2, trunc 2.
  expectEveryProfile(kI8, 1.25f,
                     {{"tflite-reference", 3},         // [profile.tflite-reference]
                      {"onnx-reference", 2},           // [profile.onnx-reference]
                      {"onnxruntime-mlas", 2},         // [profile.onnxruntime-mlas]
                      {"pytorch-fbgemm", 2},           // [profile.pytorch-fbgemm]
                      {"pytorch-aten", 2},             // [profile.pytorch-aten]: nearbyint
                      {"xnnpack", 2},                  // [profile.xnnpack]
                      {"xnnpack-x86", 2},              // [profile.xnnpack-x86]: cvtps
                      {"tosa-from-tflite", 2},         // [profile.tosa-from-tflite]
                      {"mlir-lower-quant-ops", 2},     // [profile.mlir-lower-quant-ops]
                      {"reference", 2}});
  // t = 3.5: away 4, even 4, trunc 3.
  expectEveryProfile(kI8, 1.75f,
                     {{"tflite-reference", 4}, {"onnx-reference", 4}, {"onnxruntime-mlas", 4},
                      {"pytorch-fbgemm", 4}, {"pytorch-aten", 4}, {"xnnpack", 4}, {"xnnpack-x86", 4}, {"tosa-from-tflite", 4},
                      {"mlir-lower-quant-ops", 3}, {"reference", 4}});
  // t = -2.5: away -3, even -2, trunc -2.
  expectEveryProfile(kI8, -1.25f,
                     {{"tflite-reference", -3}, {"onnx-reference", -2}, {"onnxruntime-mlas", -2},
                      {"pytorch-fbgemm", -2}, {"pytorch-aten", -2}, {"xnnpack", -2}, {"xnnpack-x86", -2}, {"tosa-from-tflite", -2},
                      {"mlir-lower-quant-ops", -2}, {"reference", -2}});
}

// t = 0.7 (x = f32(0.7) = 0.699999988, scale 1): fptosi truncates to 0
// ([profile.mlir-lower-quant-ops]); every rounding backend gives 1.
// Clauses: [profile.tflite-reference] [profile.onnx-reference]
// [profile.onnxruntime-mlas] [profile.pytorch-fbgemm] [profile.xnnpack]
// [profile.tosa-from-tflite] [profile.mlir-lower-quant-ops], reference.
TEST(ProfileDiscriminatingInputs, PointSeven) {
  const QuantType t = perLayer(sInt(8), fmt("f32"), 1.0);
  expectEveryProfile(t, 0.7f,
                     {{"tflite-reference", 1}, {"onnx-reference", 1}, {"onnxruntime-mlas", 1},
                      {"pytorch-fbgemm", 1}, {"pytorch-aten", 1}, {"xnnpack", 1}, {"xnnpack-x86", 1}, {"tosa-from-tflite", 1},
                      {"mlir-lower-quant-ops", 0}, {"reference", 1}});
}

// The reciprocal trap: s = 0.00214854861 (f32 0x3B0CCEAA; 1/s in f32 and
// f32(1/f64(s)) are both 0x43E8B71A = 465.430481). Dividing backends
// ([profile.tflite-reference], [profile.onnx-reference],
// [profile.onnxruntime-mlas], [profile.mlir-lower-quant-ops], reference)
// compute x / s; multiplying ones ([profile.pytorch-fbgemm],
// [profile.xnnpack], [profile.tosa-from-tflite]) x * f32(1/s).
//
// BACKEND-RECIPES.md's input x = 0.273939937 (0x3E8C41DB) gives x/s =
// 127.499992 vs x*r = 127.5 -> 127 vs 128, but on i8 128 clamps to 127 and
// nothing is discriminated: it only discriminates on u8. On i8 we use
// x = 0.261048645 (0x3E85A82B): x/s = 121.499992 -> 121 (trunc 121),
// x*r = 121.5 -> 122 (even).
// Clauses: [profile.tflite-reference] [profile.onnx-reference]
// [profile.onnxruntime-mlas] [profile.pytorch-fbgemm] [profile.xnnpack]
// [profile.tosa-from-tflite] [profile.mlir-lower-quant-ops], reference.
TEST(ProfileDiscriminatingInputs, ReciprocalTrap) {
  const QuantType i8 = perLayer(sInt(8), fmt("f32"), 0.00214854861);
  expectEveryProfile(i8, 0.261048645f,
                     {{"tflite-reference", 121}, {"onnx-reference", 121},
                      {"onnxruntime-mlas", 121}, {"pytorch-fbgemm", 122}, {"pytorch-aten", 122}, {"xnnpack", 122},
                      {"xnnpack-x86", 122},
                      {"tosa-from-tflite", 122}, {"mlir-lower-quant-ops", 121},
                      {"reference", 121}});
  // The facts' input on i8: 127 everywhere (128 clamps).
  expectEveryProfile(i8, 0.273939937f,
                     {{"tflite-reference", 127}, {"onnx-reference", 127},
                      {"onnxruntime-mlas", 127}, {"pytorch-fbgemm", 127}, {"pytorch-aten", 127}, {"xnnpack", 127},
                      {"xnnpack-x86", 127},
                      {"tosa-from-tflite", 127}, {"mlir-lower-quant-ops", 127},
                      {"reference", 127}});
  // ... and on u8 (zp 0) where it discriminates. TOSA: zp' = -128,
  // f32(127.5 - 128) = -0.5 -> even -0 -> +128 = 128.
  const QuantType u8 = perLayer(uInt(8), fmt("f32"), 0.00214854861);
  expectEveryProfile(u8, 0.273939937f,
                     {{"tflite-reference", 127}, {"onnx-reference", 127},
                      {"onnxruntime-mlas", 127}, {"pytorch-fbgemm", 128}, {"pytorch-aten", 128}, {"xnnpack", 128},
                      {"xnnpack-x86", 128},
                      {"tosa-from-tflite", 128}, {"mlir-lower-quant-ops", 127},
                      {"reference", 127}});
}

// Zero point before rounding. t = 0.5 + 2^-24 (x = 0x3F000001, s = 1),
// zp = 100: backends adding zp as an integer after rounding give
// round(0.50000006) + 100 = 101; adding it in f32 first gives
// f32(100.50000006) = 100.5 (ulp 2^-17), a tie -> 100 (even) for TFL->TOSA
// ([profile.tosa-from-tflite]; u8: zp' = -28, f32(-27.49999994) = -27.5 ->
// -28 -> +128 = 100) and the reference pseudo-code, and 100 by truncation
// for the MLIR lowering.
// Clauses: [profile.tflite-reference] [profile.onnx-reference]
// [profile.onnxruntime-mlas] [profile.pytorch-fbgemm] [profile.xnnpack]
// [profile.tosa-from-tflite] [profile.mlir-lower-quant-ops], reference.
TEST(ProfileDiscriminatingInputs, ZeroPointBeforeRounding) {
  const float x = 0.5f + 0x1p-24f;
  ASSERT_EQ(f32Bits(x), 0x3F000001u);
  for (const QuantType &t : {perLayer(sInt(8), fmt("f32"), 1.0, 100),
                             perLayer(uInt(8), fmt("f32"), 1.0, 100)}) {
    SCOPED_TRACE(t.spelling);
    expectEveryProfile(t, x,
                       {{"tflite-reference", 101},    // RHA(0.50000006) = 1, + 100
                        {"onnx-reference", 101},      // rint = 1, + 100
                        {"onnxruntime-mlas", 101},    // cvtps = 1, + 100
                        {"pytorch-fbgemm", 101},      {"pytorch-aten", 101}, // x * 1.0f, cvtps = 1, + 100
                        {"xnnpack", 101},             {"xnnpack-x86", 101}, // magic: 12582912.5000001 -> ...913
                        {"tosa-from-tflite", 100},    // f32(t + 100) = 100.5 -> 100
                        {"mlir-lower-quant-ops", 100}, // trunc(100.5)
                        {"reference", 100}});         // f32(t + 100) = 100.5 -> 100
  }
  // MLIR t = -0.3, zp = 10: f32(-0.3 + 10) = 9.7 -> trunc 9; every rounding
  // backend: round(-0.3) = 0 (or 9.7 -> 10 when zp is added first) -> 10.
  const QuantType t = perLayer(sInt(8), fmt("f32"), 1.0, 10);
  expectEveryProfile(t, -0.3f,
                     {{"tflite-reference", 10}, {"onnx-reference", 10}, {"onnxruntime-mlas", 10},
                      {"pytorch-fbgemm", 10}, {"pytorch-aten", 10}, {"xnnpack", 10}, {"xnnpack-x86", 10}, {"tosa-from-tflite", 10},
                      {"mlir-lower-quant-ops", 9}, {"reference", 10}});
}

// NaN ([sem.nan-policy]):
//  - TFLite ref / ONNX ref: (int32)NaN = INT32_MIN on x86, + zp, clamp ->
//    qmin; with zp = -1 the int32 addition wraps to INT32_MAX -> qmax.
//  - ORT / XNNPACK scalar: max(NaN, lo - zp) = lo - zp -> qmin.
//  - FBGEMM AVX2: min_ps(NaN, 2147483520) = 2147483520 -> + zp -> qmax
//    (zp small).
//  - TOSA CAST of NaN: unpredictable (poison); MLIR fptosi: poison;
//    reference: poison.
//  - PyTorch ATen ([profile.pytorch-aten]): int64 conversion of NaN is
//    INT64_MIN -> qmin for any zp. XNNPACK x86 ([profile.xnnpack-x86]):
//    min_ps(NaN, hi - zp) = hi - zp -> qmax for any zp.
// Clauses: [profile.tflite-reference] [profile.onnx-reference]
// [profile.onnxruntime-mlas] [profile.pytorch-fbgemm] [profile.xnnpack]
// [profile.tosa-from-tflite] [profile.mlir-lower-quant-ops], reference.
TEST(ProfileDiscriminatingInputs, NaN) {
  const float nan = f32Of(0x7FC00000u), negativeNaN = f32Of(0xFFC00001u);
  for (float x : {nan, negativeNaN}) {
    expectEveryProfile(perLayer(sInt(8), fmt("f32"), 0.1, 0), x,
                       {{"tflite-reference", -128}, {"onnx-reference", -128},
                        {"onnxruntime-mlas", -128}, {"pytorch-fbgemm", 127}, {"pytorch-aten", -128}, {"xnnpack", -128},
                        {"xnnpack-x86", 127},
                        {"tosa-from-tflite", kPoison}, {"mlir-lower-quant-ops", kPoison},
                        {"reference", kPoison}});
    expectEveryProfile(perLayer(sInt(8), fmt("f32"), 0.1, -1), x,
                       {{"tflite-reference", 127}, {"onnx-reference", 127},
                        {"onnxruntime-mlas", -128}, {"pytorch-fbgemm", 127}, {"pytorch-aten", -128}, {"xnnpack", -128},
                        {"xnnpack-x86", 127},
                        {"tosa-from-tflite", kPoison}, {"mlir-lower-quant-ops", kPoison},
                        {"reference", kPoison}});
    expectEveryProfile(perLayer(uInt(8), fmt("f32"), 0.1, 100), x,
                       {{"tflite-reference", 0}, {"onnx-reference", 0}, {"onnxruntime-mlas", 0},
                        {"pytorch-fbgemm", 255}, {"pytorch-aten", 0}, {"xnnpack", 0}, {"xnnpack-x86", 255}, {"tosa-from-tflite", kPoison},
                        {"mlir-lower-quant-ops", kPoison}, {"reference", kPoison}});
  }
}

// +inf ([sem.overflow-policy]): cast-first x86 paths (TFLite ref, ONNX ref)
// get INT32_MIN -> qmin; ORT / XNNPACK clamp in float -> qmax; FBGEMM
// min_ps(inf, 2147483520) -> qmax; TOSA CAST saturates -> qmax; MLIR poison;
// reference saturates. -inf: INT32_MIN / float clamp / saturation all give
// qmin; MLIR poison. PyTorch ATen: +-inf -> INT64_MIN -> qmin; XNNPACK x86:
// min_ps(+inf, hi - zp) -> qmax, -inf -> INT32_MIN, saturating -> qmin.
// Clauses: [profile.tflite-reference] [profile.onnx-reference]
// [profile.onnxruntime-mlas] [profile.pytorch-fbgemm] [profile.xnnpack]
// [profile.tosa-from-tflite] [profile.mlir-lower-quant-ops], reference.
TEST(ProfileDiscriminatingInputs, Infinity) {
  const QuantType t = perLayer(sInt(8), fmt("f32"), 0.1, 0);
  const float inf = std::numeric_limits<float>::infinity();
  expectEveryProfile(t, inf,
                     {{"tflite-reference", -128}, {"onnx-reference", -128},
                      {"onnxruntime-mlas", 127}, {"pytorch-fbgemm", 127}, {"pytorch-aten", -128}, {"xnnpack", 127},
                      {"xnnpack-x86", 127},
                      {"tosa-from-tflite", 127}, {"mlir-lower-quant-ops", kPoison},
                      {"reference", 127}});
  expectEveryProfile(t, -inf,
                     {{"tflite-reference", -128}, {"onnx-reference", -128},
                      {"onnxruntime-mlas", -128}, {"pytorch-fbgemm", -128}, {"pytorch-aten", -128}, {"xnnpack", -128},
                      {"xnnpack-x86", -128},
                      {"tosa-from-tflite", -128}, {"mlir-lower-quant-ops", kPoison},
                      {"reference", -128}});
}

// Finite t >= 2^31 (x = 3e9, scale 1): as +inf -- TFLite / ONNX reference
// cast to INT32_MIN -> qmin; the float-clamping and saturating backends
// qmax; MLIR poison. Also t = 1000 (inside int32, outside i8): every
// backend clamps to 127 except MLIR, whose fptosi to i8 is poison.
// Clauses: [profile.tflite-reference] [profile.onnx-reference]
// [profile.onnxruntime-mlas] [profile.pytorch-fbgemm] [profile.xnnpack]
// [profile.tosa-from-tflite] [profile.mlir-lower-quant-ops], reference.
TEST(ProfileDiscriminatingInputs, AtLeastTwoToThe31) {
  const QuantType t = perLayer(sInt(8), fmt("f32"), 1.0, 0);
  expectEveryProfile(t, 3e9f,
                     {{"tflite-reference", -128}, {"onnx-reference", -128},
                      {"onnxruntime-mlas", 127}, {"pytorch-fbgemm", 127}, {"pytorch-aten", 127}, {"xnnpack", 127},
                      {"xnnpack-x86", 127},
                      {"tosa-from-tflite", 127}, {"mlir-lower-quant-ops", kPoison},
                      {"reference", 127}});
  expectEveryProfile(t, -3e9f,
                     {{"tflite-reference", -128}, {"onnx-reference", -128},
                      {"onnxruntime-mlas", -128}, {"pytorch-fbgemm", -128}, {"pytorch-aten", -128}, {"xnnpack", -128},
                      {"xnnpack-x86", -128},
                      {"tosa-from-tflite", -128}, {"mlir-lower-quant-ops", kPoison},
                      {"reference", -128}});
  expectEveryProfile(t, 1000.0f,
                     {{"tflite-reference", 127}, {"onnx-reference", 127},
                      {"onnxruntime-mlas", 127}, {"pytorch-fbgemm", 127}, {"pytorch-aten", 127}, {"xnnpack", 127},
                      {"xnnpack-x86", 127},
                      {"tosa-from-tflite", 127}, {"mlir-lower-quant-ops", kPoison},
                      {"reference", 127}});
}

// u8 with zp >= 128: the int32 zero-point addition wraps.
//  - PyTorch ATen: int64, no wrap: f32(200 + 2147483520) = 2^31 -> 255;
//    +inf and NaN -> INT64_MIN -> 0. XNNPACK x86: min_ps to hi - zp first,
//    so 255 for all four (NaN included).
//  - FBGEMM: NaN, +inf and t >= 2147483520 become 2147483520;
//    + 200 = 2147483720 wraps to -2147483576 -> clamp 0 (qmin, not qmax).
//    With zp = 100: 2147483620 fits -> 255.
//  - TFLite / ONNX reference: t = 2147483520 (largest float below 2^31)
//    converts exactly; + 200 wraps too -> 0. (NaN / inf: INT32_MIN + 200
//    -> 0.)
//  - ORT / XNNPACK clamp in float first, TOSA saturates in CAST: 255.
//  - MLIR: fptoui of 2147483720 to u8: poison.
// Clauses: [profile.tflite-reference] [profile.onnx-reference]
// [profile.onnxruntime-mlas] [profile.pytorch-fbgemm] [profile.xnnpack]
// [profile.tosa-from-tflite] [profile.mlir-lower-quant-ops], reference.
TEST(ProfileDiscriminatingInputs, UnsignedZeroPointAtLeast128Wraps) {
  const float x = 2147483520.0f;
  ASSERT_EQ(f32Bits(x), 0x4EFFFFFFu);
  expectEveryProfile(perLayer(uInt(8), fmt("f32"), 1.0, 200), x,
                     {{"tflite-reference", 0}, {"onnx-reference", 0}, {"onnxruntime-mlas", 255},
                      {"pytorch-fbgemm", 0}, {"pytorch-aten", 255}, {"xnnpack", 255}, {"xnnpack-x86", 255}, {"tosa-from-tflite", 255},
                      {"mlir-lower-quant-ops", kPoison}, {"reference", 255}});
  expectEveryProfile(perLayer(uInt(8), fmt("f32"), 1.0, 128), std::numeric_limits<float>::infinity(),
                     {{"tflite-reference", 0}, {"onnx-reference", 0}, {"onnxruntime-mlas", 255},
                      {"pytorch-fbgemm", 0}, {"pytorch-aten", 0}, {"xnnpack", 255}, {"xnnpack-x86", 255}, {"tosa-from-tflite", 255},
                      {"mlir-lower-quant-ops", kPoison}, {"reference", 255}});
  expectEveryProfile(perLayer(uInt(8), fmt("f32"), 1.0, 255), f32Of(0x7FC00000u),
                     {{"tflite-reference", 0}, {"onnx-reference", 0}, {"onnxruntime-mlas", 0},
                      {"pytorch-fbgemm", 0}, {"pytorch-aten", 0}, {"xnnpack", 0}, {"xnnpack-x86", 255}, {"tosa-from-tflite", kPoison},
                      {"mlir-lower-quant-ops", kPoison}, {"reference", kPoison}});
  // Contrast: zp = 100 does not wrap.
  expectEveryProfile(perLayer(uInt(8), fmt("f32"), 1.0, 100), x,
                     {{"tflite-reference", 255}, {"onnx-reference", 255},
                      {"onnxruntime-mlas", 255}, {"pytorch-fbgemm", 255}, {"pytorch-aten", 255}, {"xnnpack", 255},
                      {"xnnpack-x86", 255},
                      {"tosa-from-tflite", 255}, {"mlir-lower-quant-ops", kPoison},
                      {"reference", 255}});
}

// A zero point outside the storage type (MLIR's verifier accepts it, as
// upstream parse-uniform.mlir's `u8` with zero point -120 shows). MLIR's
// lowering materializes it as an iN constant of the storage width, so it
// wraps: i8 200 -> -56, u8 -120 -> 0x88 read by uitofp as 136
// ([sem.zero-point-storage]). Every other backend adds the zero point as
// stated (int32 or float) and clamps: t = 0 + 200 -> 127, 0 - 120 -> 0
// (TOSA: CAST saturates; ORT / XNNPACK: float clamp to [lo - zp, hi - zp];
// PyTorch ATen: int64 sum, clamp; XNNPACK x86: min to hi - zp, then the
// saturating add).
// Clauses: [profile.tflite-reference] [profile.onnx-reference]
// [profile.onnxruntime-mlas] [profile.pytorch-fbgemm] [profile.xnnpack]
// [profile.tosa-from-tflite] [profile.mlir-lower-quant-ops], reference.
TEST(ProfileDiscriminatingInputs, ZeroPointOutsideTheStorageType) {
  expectEveryProfile(perLayer(sInt(8), fmt("f32"), 1.0, 200), 0.0f,
                     {{"tflite-reference", 127}, {"onnx-reference", 127},
                      {"onnxruntime-mlas", 127}, {"pytorch-fbgemm", 127}, {"pytorch-aten", 127}, {"xnnpack", 127},
                      {"xnnpack-x86", 127},
                      {"tosa-from-tflite", 127}, {"mlir-lower-quant-ops", -56},
                      {"reference", 127}});
  // i8 zp 300 -> 44; t = 2.5 + 44 = 46.5 truncates to 46.
  expectEveryProfile(perLayer(sInt(8), fmt("f32"), 1.0, 300), 2.5f,
                     {{"tflite-reference", 127}, {"onnx-reference", 127},
                      {"onnxruntime-mlas", 127}, {"pytorch-fbgemm", 127}, {"pytorch-aten", 127}, {"xnnpack", 127},
                      {"xnnpack-x86", 127},
                      {"tosa-from-tflite", 127}, {"mlir-lower-quant-ops", 46},
                      {"reference", 127}});
  expectEveryProfile(perLayer(uInt(8), fmt("f32"), 1.0, -120), 0.0f,
                     {{"tflite-reference", 0}, {"onnx-reference", 0}, {"onnxruntime-mlas", 0},
                      {"pytorch-fbgemm", 0}, {"pytorch-aten", 0}, {"xnnpack", 0}, {"xnnpack-x86", 0}, {"tosa-from-tflite", 0},
                      {"mlir-lower-quant-ops", 136}, {"reference", 0}});
  // u8 zp 256 -> the constant 0: MLIR skips the addition (m_Zero).
  expectEveryProfile(perLayer(uInt(8), fmt("f32"), 1.0, 256), 7.0f,
                     {{"tflite-reference", 255}, {"onnx-reference", 255},
                      {"onnxruntime-mlas", 255}, {"pytorch-fbgemm", 255}, {"pytorch-aten", 255}, {"xnnpack", 255},
                      {"xnnpack-x86", 255},
                      {"tosa-from-tflite", 255}, {"mlir-lower-quant-ops", 7},
                      {"reference", 255}});
}

} // namespace
} // namespace qi::quant::test
