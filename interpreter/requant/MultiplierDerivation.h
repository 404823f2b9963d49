//===- MultiplierDerivation.h - (multiplier, shift) from a real scale -*- C++ -*-===//
//
// Spec: [requant.derive] and [requant.derive.*] (spec/requantize.md). How
// each framework turns a real scale into the integer (multiplier, shift) of
// its fixed-point requantize, bit for bit, and the TOSA pair that stands for
// the same real number (multiplier * 2^-shift, the convention of
// [rescale.apply-scale-32]).
//
// Each derivation is written from a reading of the framework's source (cited
// at the function); none of their code is copied. A scale the framework
// rejects -- an abort, a failing assert, a `false` return, or undefined
// behaviour -- is a Derivation with accepted == false and an error that says
// what the framework does; nothing here asserts or aborts.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_MULTIPLIERDERIVATION_H
#define QI_REQUANT_MULTIPLIERDERIVATION_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::requant {

/// The derivations, in the order of spec/requantize.md [requant.derive].
enum class DerivationFramework {
  Tflite,               ///< QuantizeMultiplier, default build [requant.derive.tflite]
  TfliteSingleRound,    ///< QuantizeMultiplier, TFLITE_SINGLE_ROUNDING=1
  TfliteEmulateFloat,   ///< QuantizeMultiplier, TFLITE_EMULATE_FLOAT (IntegerFrExp)
  TfliteSmallerThanOne, ///< QuantizeMultiplierSmallerThanOneExp
  TfliteGreaterThanOne, ///< QuantizeMultiplierGreaterThanOne
  MlirScale32,          ///< mlir::tosa::computeMultiplierAndShift(scale, m, s, 32) [requant.derive.mlir]
  MlirScale16,          ///< the same with scaleWidth 16
  Gemmlowp,             ///< doc/quantization_example.cc QuantizeMultiplierSmallerThanOne [requant.derive.gemmlowp]
  Tvm,                  ///< relay/qnn GetFixedPointMultiplierShift [requant.derive.tvm]
  XnnpackRndnu,         ///< xnn_init_qs8_conv_minmax_rndnu_scalar_params [requant.derive.xnnpack]
  XnnpackGemmlowp,      ///< xnn_init_qs8_conv_minmax_gemmlowp_scalar_params (older XNNPACK)
};

/// "tflite", "tflite-single-round", ..., "mlir-scale32", ... (the
/// --derive-for names).
std::string_view frameworkName(DerivationFramework framework);
std::optional<DerivationFramework> parseFramework(std::string_view name);
/// Every framework, in the order of the enum.
const std::vector<DerivationFramework> &allFrameworks();
/// "tflite, tflite-single-round, ..." for messages.
std::string allFrameworkNames();
/// The repository, file and function the derivation follows.
std::string_view frameworkSource(DerivationFramework framework);
/// What the framework's pair means, e.g. "real = multiplier * 2^(shift - 31)".
std::string_view shiftConvention(DerivationFramework framework);
/// Whether the framework's function takes a float (the double scale is then
/// rounded to float, to nearest even, before it derives anything).
bool takesFloat(DerivationFramework framework);
/// Whether the framework's multiplier is 16-bit (TOSA scale32 = false).
bool isScale16(DerivationFramework framework);

struct MultiplierShift {
  int64_t multiplier = 0;
  int64_t shift = 0;
  bool operator==(const MultiplierShift &other) const {
    return multiplier == other.multiplier && shift == other.shift;
  }
  bool operator!=(const MultiplierShift &other) const { return !(*this == other); }
};

struct Derivation {
  DerivationFramework framework = DerivationFramework::Tflite;
  /// The scale as given.
  double scale = 0.0;
  /// For takesFloat frameworks: the float the framework receives.
  std::optional<float> floatScale;
  /// The framework returns a pair and reports success: no abort, no failed
  /// assert, no `false` return, no undefined behaviour.
  bool accepted = false;
  /// The pair in the framework's own convention (shiftConvention). Also set
  /// when the framework writes a pair but reports failure (MLIR's `false`).
  std::optional<MultiplierShift> native;
  /// The TOSA pair with multiplier * 2^-shift equal to native's real number
  /// (the same multiplier; only the shift is translated). Set with native.
  std::optional<MultiplierShift> tosa;
  /// Why the pair is not one apply_scale_32 (apply_scale_16 for 16-bit
  /// frameworks) accepts, or "": multiplier < 0, multiplier outside int32 /
  /// int16, shift outside 2..62 ([rescale.apply-scale-32] 1).
  std::string tosaProblem;
  /// When !accepted: what the framework does with the scale.
  std::string error;
  /// Steps worth knowing: the float conversion, the 2^31 carry, the flush to
  /// zero, a clamp.
  std::vector<std::string> notes;
};

/// [requant.derive.tflite] tensorflow/lite/kernels/internal/quantization_util.cc
/// QuantizeMultiplier(double, int32_t*, int*), built without
/// TFLITE_SINGLE_ROUNDING and TFLITE_EMULATE_FLOAT.
Derivation deriveTflite(double scale);
/// The same built with TFLITE_SINGLE_ROUNDING=1 (shift > 30 saturates).
Derivation deriveTfliteSingleRound(double scale);
/// The same built with TFLITE_EMULATE_FLOAT (IntegerFrExp instead of frexp
/// and round).
Derivation deriveTfliteEmulateFloat(double scale);
/// QuantizeMultiplierSmallerThanOneExp: QuantizeMultiplier with
/// TFLITE_CHECKs 0 < scale < 1 and shift <= 0.
Derivation deriveTfliteSmallerThanOne(double scale);
/// QuantizeMultiplierGreaterThanOne: QuantizeMultiplier with TFLITE_CHECKs
/// scale > 1 and shift >= 0.
Derivation deriveTfliteGreaterThanOne(double scale);
/// [requant.derive.mlir] mlir/lib/Dialect/Tosa/Utils/QuantUtils.cpp
/// computeMultiplierAndShift(scale, multiplier, shift, scaleWidth) of MLIR 22,
/// scaleWidth 32 or 16 (any other width: MLIR returns false without writing;
/// reported as an error here).
Derivation deriveMlir(double scale, int scaleWidth);
/// [requant.derive.gemmlowp] google/gemmlowp doc/quantization_example.cc
/// QuantizeMultiplierSmallerThanOne(float, int32*, int*).
Derivation deriveGemmlowp(double scale);
/// [requant.derive.tvm] apache/tvm src/relay/qnn/utils.cc
/// GetFixedPointMultiplierShift(double).
Derivation deriveTvm(double scale);
/// [requant.derive.xnnpack] google/XNNPACK src/microparams-init.c
/// xnn_init_qs8_conv_minmax_rndnu_scalar_params(..., float scale, ...).
Derivation deriveXnnpackRndnu(double scale);
/// Older XNNPACK (src/params-init.c, 2021)
/// xnn_init_qs8_conv_minmax_gemmlowp_scalar_params(..., float scale, ...).
Derivation deriveXnnpackGemmlowp(double scale);

/// The derivation of `framework`.
Derivation deriveMultiplier(DerivationFramework framework, double scale);

/// Why (multiplier, shift) is not an apply_scale_32 (scale16: apply_scale_16)
/// operand pair, or "" if it is one.
std::string tosaPairProblem(const MultiplierShift &pair, bool scale16);

} // namespace qi::requant

#endif
