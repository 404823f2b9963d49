//===- CalibrationRecipe.cpp - From observed ranges to scale and zero point ===//
//
// Spec: [calib.recipes], [calib.spelling], [calib.refusal]. The families as
// data: name, options, summary and the function that chooses the parameters
// (interpreter/calibrate/recipes/).
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/CalibrationRecipe.h"

#include "interpreter/calibrate/recipes/Recipes.h"
#include "interpreter/numeric/DecimalFormat.h"
#include "interpreter/numeric/Rounding.h"


namespace qi::calibrate {

namespace {

struct FamilyEntry {
  RecipeFamily family;
  std::string_view name;
  const std::vector<RecipeOption> *options;
  recipes::ChooseFunction choose;
  std::string_view summary;
};

const FamilyEntry kFamilies[] = {
    {RecipeFamily::Mlir, "mlir", &recipes::kMlirOptions, recipes::chooseMlir,
     "MLIR quant::fakeQuantAttrsToType in binary64: scale (rmax-rmin)/(qmax-qmin), zero point "
     "from the pair with the smaller error, clamped, round() half away; |rmax-rmin| < DBL_EPSILON "
     "gives scale 1.0, zero point qmin (llvm-project "
     "mlir/lib/Dialect/Quant/Utils/FakeQuantSupport.cpp)"},
    {RecipeFamily::Tflite, "tflite", &recipes::kTfliteOptions, recipes::chooseTflite,
     "TFLite ChooseQuantizationParams<T> in binary64: the range must hold 0, scale "
     "(rmax-rmin)/(qmax-qmin), zero point from the pair with the smaller error, clamped, "
     "TfLiteRound (tensorflow/lite/kernels/internal/quantization_util.h)"},
    {RecipeFamily::TfFakeQuant, "tf-fake-quant", &recipes::kTfFakeQuantOptions,
     recipes::chooseTfFakeQuant,
     "TensorFlow FakeQuantWithMinMaxVars Nudge in binary32: scale (max-min)/(qmax-qmin), zero "
     "point qmin - min/scale clamped then std::round (tensorflow/core/kernels/"
     "fake_quant_ops_functor.h)"},
    {RecipeFamily::Pytorch, "pytorch", &recipes::kPytorchOptions, recipes::choosePytorch,
     "PyTorch 1.13 observer _calculate_qparams in binary32 tensors: affine (max-min)/(qmax-qmin) "
     "or symmetric max(-min,max)/((qmax-qmin)/2), scale >= eps, torch.round zero point clamped "
     "(torch/ao/quantization/observer.py)"},
    {RecipeFamily::OnnxDynamic, "onnx-dynamic", &recipes::kOnnxDynamicOptions,
     recipes::chooseOnnxDynamic,
     "ONNX Runtime DynamicQuantizeLinear in binary32: range widened to hold 0, scale "
     "(max-min)/255, zero point saturate(round-half-even(0 - min/scale)) (onnxruntime "
     "core/providers/cpu/quantization/dynamicquantizelinear.cc, GetQuantizationParameter)"},
    {RecipeFamily::Tvm, "tvm", &recipes::kTvmOptions, recipes::chooseTvm,
     "TVM relay.quantize: the quantize scale is dom_scale / 2^(nbit - sign) with dom_scale the "
     "global scale, max|x| or its power of two ceiling (python/tvm/relay/quantize/_calibrate.py, "
     "src/relay/quantize/realize.cc)"},
};

const FamilyEntry &entry(RecipeFamily family) {
  for (const FamilyEntry &e : kFamilies)
    if (e.family == family)
      return e;
  return kFamilies[0];
}

bool isIntegerText(std::string_view text) {
  if (text.empty() || text.size() > 18)
    return false;
  for (char c : text)
    if (c < '0' || c > '9')
      return false;
  return true;
}

/// Empty when `value` is one `option` accepts, else what it expects. The
/// accepted values are alternatives separated by '|': a word, an integer
/// range "lo..hi", or "real>0".
std::string checkValue(const RecipeOption &option, std::string_view value) {
  std::string expected;
  std::string_view values = option.values;
  while (true) {
    const size_t bar = values.find('|');
    const std::string_view alternative = values.substr(0, bar);
    const size_t dots = alternative.find("..");
    if (dots != std::string_view::npos) {
      const int64_t lo = std::stoll(std::string(alternative.substr(0, dots)));
      const int64_t hi = std::stoll(std::string(alternative.substr(dots + 2)));
      const bool negative = !value.empty() && value[0] == '-';
      if (isIntegerText(negative ? value.substr(1) : value)) {
        const int64_t v = std::stoll(std::string(value));
        if (v >= lo && v <= hi)
          return {};
      }
      expected += (expected.empty() ? "" : " or ") + std::string("an integer in [") +
                  std::to_string(lo) + ", " + std::to_string(hi) + "]";
    } else if (alternative == "real>0") {
      const std::optional<numeric::Exact> exact = numeric::parseDecimal(value);
      if (exact && exact->isFinite() && !exact->isZero() && !exact->negative)
        return {};
      expected += (expected.empty() ? "" : " or ") +
                  std::string("a positive decimal literal (e.g. 8.0 or 1.1920929e-07)");
    } else {
      if (alternative == value)
        return {};
      expected += (expected.empty() ? "" : " or ") + std::string(alternative);
    }
    if (bar == std::string_view::npos)
      return expected;
    values = values.substr(bar + 1);
  }
}

} // namespace

std::string_view familyName(RecipeFamily family) { return entry(family).name; }

const std::vector<RecipeOption> &familyOptions(RecipeFamily family) {
  return *entry(family).options;
}

std::string_view familySummary(RecipeFamily family) { return entry(family).summary; }

std::string allFamilyNames() {
  std::string names;
  for (const FamilyEntry &e : kFamilies)
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

std::string CalibrationRecipe::spelling() const {
  std::string text(familyName(family));
  char separator = ':';
  for (const RecipeOption &option : familyOptions(family)) {
    text += separator + std::string(option.key) + "=" +
            std::string(recipes::optionValue(*this, option.key));
    separator = ',';
  }
  return text;
}

std::optional<CalibrationRecipe> parseCalibrationRecipe(std::string_view text,
                                                        std::string *error) {
  auto fail = [&](std::string message) -> std::optional<CalibrationRecipe> {
    if (error)
      *error = std::move(message);
    return std::nullopt;
  };
  const size_t colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  const FamilyEntry *found = nullptr;
  for (const FamilyEntry &e : kFamilies)
    if (e.name == name)
      found = &e;
  if (!found)
    return fail("unknown calibration recipe family '" + std::string(name) + "' in '" +
                std::string(text) + "' (expected one of " + allFamilyNames() + ")");
  CalibrationRecipe recipe;
  recipe.family = found->family;
  if (colon == std::string_view::npos)
    return recipe;
  std::string_view rest = text.substr(colon + 1);
  while (true) {
    const size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const size_t equals = item.find('=');
    if (equals == std::string_view::npos)
      return fail("calibration recipe '" + std::string(text) + "': option '" + std::string(item) +
                  "' is not key=value");
    const std::string key(item.substr(0, equals));
    const std::string_view value = item.substr(equals + 1);
    const RecipeOption *option = nullptr;
    for (const RecipeOption &o : *found->options)
      if (o.key == key)
        option = &o;
    if (!option) {
      std::string known;
      for (const RecipeOption &o : *found->options)
        known += (known.empty() ? "" : ", ") + std::string(o.key);
      return fail("calibration recipe '" + std::string(text) + "': unknown option '" + key +
                  "' for family " + std::string(found->name) + " (expected one of " + known +
                  ")");
    }
    if (recipe.options.count(key))
      return fail("calibration recipe '" + std::string(text) + "': option '" + key +
                  "' given twice");
    const std::string expected = checkValue(*option, value);
    if (!expected.empty())
      return fail("calibration recipe '" + std::string(text) + "': option " + key +
                  " expects " + expected + ", got '" + std::string(value) + "'");
    recipe.options[key] = std::string(value);
    if (comma == std::string_view::npos)
      break;
    rest = rest.substr(comma + 1);
  }
  return recipe;
}

const std::vector<CalibrationRecipe> &catalogueRecipes() {
  static const std::vector<CalibrationRecipe> catalogue = [] {
    const char *const spellings[] = {
        "mlir",
        "mlir:narrow=1,signed=1",
        "mlir:bits=16,signed=1",
        "tflite",
        "tflite:type=i8",
        "tflite:narrow=1,type=i8",
        "tflite:type=i16",
        "tf-fake-quant",
        "tf-fake-quant:narrow=1",
        "tf-fake-quant:bits=4",
        "pytorch",
        "pytorch:dtype=qint8",
        "pytorch:dtype=qint8,qscheme=symmetric",
        "pytorch:dtype=quint8,qscheme=symmetric",
        "pytorch:reduce_range=1",
        "pytorch:dtype=qint8,qscheme=symmetric,reduce_range=1",
        "pytorch:dtype=qint32",
        "onnx-dynamic",
        "tvm",
        "tvm:mode=max",
        "tvm:mode=power2",
    };
    std::vector<CalibrationRecipe> all;
    for (const char *spelling : spellings) {
      std::string error;
      if (std::optional<CalibrationRecipe> r = parseCalibrationRecipe(spelling, &error))
        all.push_back(*r);
    }
    return all;
  }();
  return catalogue;
}

Choice chooseParams(const CalibrationRecipe &recipe, const std::vector<Range> &ranges,
                    int32_t axis, const numeric::FloatFormat &expressed) {
  if (ranges.empty())
    return recipes::refusal("chooseParams: no range given");
  if (axis < 0 && ranges.size() != 1)
    return recipes::refusal("chooseParams: a per-layer choice takes one range, got " +
                            std::to_string(ranges.size()) + " (give an axis for per-axis)");
  return entry(recipe.family).choose(recipe, ranges, axis, expressed);
}

} // namespace qi::calibrate
