//===- Recipes.h - The framework calibration recipes -------------*- C++ -*-===//
//
// Spec: [calib.recipes] and one [calib.<family>] clause per family
// (spec/calibration.md). Each family is a table of options and one function
// written from a reading of its framework's source (cited at the function);
// none of the frameworks' code is copied. Every float step is an operation
// of the exact numeric core (requant/recipes/SoftFloat.h), so the result is
// the IEEE one whatever the host. The support functions build the result
// type and its MLIR spelling the same way for every family.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CALIBRATE_RECIPES_RECIPES_H
#define QI_CALIBRATE_RECIPES_RECIPES_H

#include "interpreter/calibrate/CalibrationRecipe.h"
#include "interpreter/requant/recipes/SoftFloat.h"

#include <string>
#include <string_view>
#include <vector>

namespace qi::calibrate::recipes {

using requant::recipes::F32;
using requant::recipes::F64;

/// The function one family computes with (after chooseParams checked that
/// there is at least one range, and exactly one when `axis` < 0).
using ChooseFunction = Choice (*)(const CalibrationRecipe &recipe, const std::vector<Range> &ranges,
                                  int32_t axis, const numeric::FloatFormat &expressed);

/// [calib.mlir] mlir::quant::fakeQuantAttrsToType.
Choice chooseMlir(const CalibrationRecipe &, const std::vector<Range> &, int32_t,
                  const numeric::FloatFormat &);
extern const std::vector<RecipeOption> kMlirOptions;
/// [calib.tflite] tflite::ChooseQuantizationParams.
Choice chooseTflite(const CalibrationRecipe &, const std::vector<Range> &, int32_t,
                    const numeric::FloatFormat &);
extern const std::vector<RecipeOption> kTfliteOptions;
/// [calib.tf-fake-quant] tensorflow::Nudge (fake_quant_ops_functor.h).
Choice chooseTfFakeQuant(const CalibrationRecipe &, const std::vector<Range> &, int32_t,
                         const numeric::FloatFormat &);
extern const std::vector<RecipeOption> kTfFakeQuantOptions;
/// [calib.pytorch] UniformQuantizationObserverBase._calculate_qparams.
Choice choosePytorch(const CalibrationRecipe &, const std::vector<Range> &, int32_t,
                     const numeric::FloatFormat &);
extern const std::vector<RecipeOption> kPytorchOptions;
/// [calib.onnx-dynamic] DynamicQuantizeLinear in ONNX Runtime.
Choice chooseOnnxDynamic(const CalibrationRecipe &, const std::vector<Range> &, int32_t,
                         const numeric::FloatFormat &);
extern const std::vector<RecipeOption> kOnnxDynamicOptions;
/// [calib.tvm] relay.quantize scales.
Choice chooseTvm(const CalibrationRecipe &, const std::vector<Range> &, int32_t,
                 const numeric::FloatFormat &);
extern const std::vector<RecipeOption> kTvmOptions;

// --- Support (RecipeSupport.cpp) -------------------------------------------

/// The option's value: as written, else the family's default.
std::string_view optionValue(const CalibrationRecipe &recipe, std::string_view key);
/// An integer / 0-1 flag option (validated by parseCalibrationRecipe).
int64_t integerOption(const CalibrationRecipe &recipe, std::string_view key);
bool flagOption(const CalibrationRecipe &recipe, std::string_view key);
/// A real option rounded once (to nearest even) to binary32 / binary64.
F32 f32Option(const CalibrationRecipe &recipe, std::string_view key);
F64 f64Option(const CalibrationRecipe &recipe, std::string_view key);

/// A range bound as a binary64 / binary32 value. [calib.range]
F64 f64Of(double v);
F32 f32Of(double v);

/// The chosen type: storage [qmin, qmax] (narrow bounds when they differ from
/// the storage type's), expressed format, binary64 scales, zero points,
/// per-layer when `axis` < 0 (one scale), else per-axis; with its spelling.
Choice uniformChoice(numeric::IntFormat storage, int64_t qmin, int64_t qmax,
                     const numeric::FloatFormat &expressed, int32_t axis,
                     const std::vector<F64> &scales, const std::vector<int64_t> &zeroPoints);
/// A refusal with `message`.
Choice refusal(std::string message);

/// The !quant.uniform text as MLIR 22 prints it (TypeParser.cpp
/// printUniformQuantizedType / printUniformQuantizedPerAxisType): storage
/// `i8`/`u8` and `<min:max>` when narrowed, `:expressed`, `:axis` when
/// per-axis,
/// then each scale as MLIR's printer writes a double (mlirDoubleText) and
/// `:zeroPoint` unless it is 0. [calib.spelling]
std::string uniformSpelling(const quant::QuantType &type);
/// A double as llvm::raw_ostream << double prints it ("%e", "nan", "INF",
/// "-INF"). The digits are the exactly rounded decimal of the value (glibc's
/// printf, as LLVM's own write_double uses).
std::string llvmDoubleText(double v);
double hostDouble(F64 v);
/// For refusal messages: the shortest decimal of a finite value
/// (numeric::formatDecimal), else llvmDoubleText ("nan", "INF", "-INF").
std::string decimalText(F32 v);
std::string decimalText(F64 v);
/// std::min(a, b) and std::max(a, b) of C++: (b < a) ? b : a and
/// (a < b) ? b : a, so a NaN second operand is passed over.
F32 stdMin(F32 a, F32 b);
F32 stdMax(F32 a, F32 b);
/// A double as MLIR's AsmPrinter prints it (printFloatValue): APFloat's
/// six-digit exponential form ("1.000000e+00") when it reads back exactly,
/// else APFloat::toString's 17-digit form ("0.0078431372549019607",
/// "4.3509595815631061E-9") when that has a '.', else the bits in hex
/// ("0x7FF8000000000000", also for NaN and infinities).
std::string mlirDoubleText(double v);

} // namespace qi::calibrate::recipes

#endif
