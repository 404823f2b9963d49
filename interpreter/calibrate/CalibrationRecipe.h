//===- CalibrationRecipe.h - From observed ranges to scale and zero point -*- C++ -*-===//
//
// Spec: [calib.recipes] (spec/calibration.md). A calibration recipe is the
// parameter choice a framework really performs: given the observed range
// [min, max] of a tensor (one range per channel for per-axis), the storage
// type, scale and zero point it quantizes with. Each recipe follows one
// function of its framework's source, step by step, in the framework's own
// float format (binary64 for MLIR, TFLite, TVM; binary32 for PyTorch and ONNX
// Runtime), including how it treats degenerate ranges (min = max, min > 0,
// max < 0, NaN, infinities). The recipes themselves: calibrate/recipes/.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CALIBRATE_CALIBRATIONRECIPE_H
#define QI_CALIBRATE_CALIBRATIONRECIPE_H

#include "interpreter/quant/QuantType.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::calibrate {

/// An observed range. The values are carried as binary64; a recipe whose
/// framework holds ranges in binary32 first rounds them to binary32 (to
/// nearest even), as storing them in a float32 tensor would. [calib.range]
struct Range {
  double min = 0;
  double max = 0;
};

/// The framework family a recipe follows; one [calib.<family>] clause each.
enum class RecipeFamily {
  /// MLIR's quant::fakeQuantAttrsToType (FakeQuantSupport.cpp). [calib.mlir]
  Mlir,
  /// TFLite's ChooseQuantizationParams (quantization_util.h). [calib.tflite]
  Tflite,
  /// TensorFlow's FakeQuantWithMinMaxVars Nudge (fake_quant_ops_functor.h),
  /// in binary32. [calib.tf-fake-quant]
  TfFakeQuant,
  /// PyTorch 1.13's UniformQuantizationObserverBase._calculate_qparams
  /// (torch/ao/quantization/observer.py). [calib.pytorch]
  Pytorch,
  /// ONNX DynamicQuantizeLinear as ONNX Runtime computes it. [calib.onnx-dynamic]
  OnnxDynamic,
  /// TVM relay.quantize: global scale, max or power-of-two scale. [calib.tvm]
  Tvm,
};

/// A recipe and its options, written `family[:key=value,...]` on the command
/// line (e.g. `pytorch:dtype=qint8,qscheme=symmetric,reduce_range=1`). Every
/// option a family does not know is an error naming it; options left out take
/// the framework's defaults. [calib.spelling]
struct CalibrationRecipe {
  RecipeFamily family = RecipeFamily::Mlir;
  /// Options as written, validated by the family (keys sorted).
  std::map<std::string, std::string> options;
  /// The canonical spelling, every option the family has with its value
  /// (defaults filled in), e.g. "mlir:bits=8,narrow=0,signed=0".
  std::string spelling() const;
};

/// One option of a family, for validation, the docs and messages.
struct RecipeOption {
  std::string_view key;
  std::string_view defaultValue;
  /// The values accepted: "u8|i8|i16" (one of these words), "2..16" (an
  /// integer in that range; "0..1" is a flag), or "real>0" (a finite
  /// positive decimal literal, e.g. "8.0", "1.1920929e-07").
  std::string_view values;
  std::string_view meaning;
};

/// The family's name on the command line ("tf-fake-quant").
std::string_view familyName(RecipeFamily family);
/// The family's options in the order spelling() prints them.
const std::vector<RecipeOption> &familyOptions(RecipeFamily family);

/// Parses `family[:key=value,...]`; on failure returns nullopt and sets
/// `error` to a message naming the family or option, expected and actual.
std::optional<CalibrationRecipe> parseCalibrationRecipe(std::string_view text,
                                                        std::string *error);

/// Every family's name, in the order of spec/calibration.md ("mlir, ...").
std::string allFamilyNames();
/// One default-configured recipe per family and the configurations the
/// framework checks sweep (used by --calibration=all and the docs table).
const std::vector<CalibrationRecipe> &catalogueRecipes();
/// One line: what the family computes and the framework source it follows.
std::string_view familySummary(RecipeFamily family);

/// The parameters a recipe chooses, or why it refuses the range (the
/// framework raises, asserts or returns an error there). [calib.refusal]
struct Choice {
  bool ok = false;
  /// A !quant.uniform type (kind Uniform): per-layer when one range was
  /// given and `axis` < 0, else per-axis along `axis`. Scales are binary64
  /// values (MLIR keeps them so); a binary32 framework's scale is exactly
  /// its float.
  quant::QuantType type;
  /// When !ok: the framework's own message or condition, e.g.
  /// "min_val should be less than or equal to max_val".
  std::string refusal;
};

/// Chooses the parameters for `ranges` (one per channel; exactly one when
/// `axis` < 0) with `expressed` the expressed type of the result (f32 unless
/// the program says otherwise).
Choice chooseParams(const CalibrationRecipe &recipe, const std::vector<Range> &ranges,
                    int32_t axis, const numeric::FloatFormat &expressed);

} // namespace qi::calibrate

#endif
