//===- CalibrationRecipeTest.cpp - Worked examples per family --------------===//
//
// Spec: [calib.recipes], [calib.spelling], [calib.refusal] and each family's
// clause. The expected values come from the frameworks' own tests (cited at
// each case) or, where a test gives only a rounded value, from host float
// code written like the framework's (one IEEE operation per step; this file
// is compiled with -ffp-contract=off).
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/CalibrationRecipe.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace qi::calibrate {
namespace {

CalibrationRecipe parse(const std::string &text) {
  std::string error;
  std::optional<CalibrationRecipe> r = parseCalibrationRecipe(text, &error);
  EXPECT_TRUE(r) << text << ": " << error;
  return r ? *r : CalibrationRecipe{};
}

Choice choose(const std::string &recipe, double min, double max) {
  return chooseParams(parse(recipe), {{min, max}}, -1, numeric::f32Format());
}

double scaleOf(const Choice &c, size_t i = 0) {
  double d;
  const uint64_t bits = static_cast<uint64_t>(c.type.scales.at(i).bits);
  std::memcpy(&d, &bits, 8);
  return d;
}

uint64_t bitsOf(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

std::string parseError(const std::string &text) {
  std::string error;
  EXPECT_FALSE(parseCalibrationRecipe(text, &error)) << text;
  return error;
}

// --- [calib.spelling] ------------------------------------------------------

TEST(CalibrationSpelling, DefaultsFilledIn) {
  EXPECT_EQ(parse("mlir").spelling(), "mlir:bits=8,narrow=0,signed=0");
  EXPECT_EQ(parse("tflite:type=i8").spelling(), "tflite:narrow=0,type=i8");
  EXPECT_EQ(parse("pytorch:dtype=qint8,qscheme=symmetric,reduce_range=1").spelling(),
            "pytorch:dtype=qint8,eps=1.1920928955078125e-07,qscheme=symmetric,quant_max=none,"
            "quant_min=none,reduce_range=1");
  EXPECT_EQ(parse("onnx-dynamic").spelling(), "onnx-dynamic");
  EXPECT_EQ(parse("tvm:mode=power2").spelling(),
            "tvm:bits=8,global_scale=8.0,mode=power2,signed=1");
  EXPECT_EQ(allFamilyNames(), "mlir, tflite, tf-fake-quant, pytorch, onnx-dynamic, tvm");
}

TEST(CalibrationSpelling, CatalogueParsesAndReprints) {
  EXPECT_GE(catalogueRecipes().size(), 6u);
  for (const CalibrationRecipe &r : catalogueRecipes())
    EXPECT_EQ(parse(r.spelling()).spelling(), r.spelling());
  for (RecipeFamily f : {RecipeFamily::Mlir, RecipeFamily::Tflite, RecipeFamily::TfFakeQuant,
                         RecipeFamily::Pytorch, RecipeFamily::OnnxDynamic, RecipeFamily::Tvm})
    EXPECT_FALSE(familySummary(f).empty());
}

TEST(CalibrationSpelling, ErrorsNameWhatIsWrong) {
  EXPECT_NE(parseError("caffe").find("unknown calibration recipe family 'caffe'"),
            std::string::npos);
  EXPECT_NE(parseError("caffe").find("mlir, tflite"), std::string::npos);
  const std::string unknown = parseError("mlir:bitz=8");
  EXPECT_NE(unknown.find("unknown option 'bitz' for family mlir"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("bits, narrow, signed"), std::string::npos) << unknown;
  const std::string badValue = parseError("tflite:type=u16");
  EXPECT_NE(badValue.find("option type expects u8 or i8 or i16, got 'u16'"), std::string::npos)
      << badValue;
  EXPECT_NE(parseError("tf-fake-quant:bits=17").find("an integer in [2, 16], got '17'"),
            std::string::npos);
  EXPECT_NE(parseError("pytorch:eps=-1").find("a positive decimal literal"), std::string::npos);
  EXPECT_NE(parseError("pytorch:eps=nan").find("got 'nan'"), std::string::npos);
  EXPECT_NE(parseError("mlir:bits").find("'bits' is not key=value"), std::string::npos);
  EXPECT_NE(parseError("mlir:bits=8,bits=4").find("given twice"), std::string::npos);
  EXPECT_NE(parseError("mlir:").find("is not key=value"), std::string::npos);
}

TEST(CalibrationRefusal, ShapeOfTheRequest) {
  EXPECT_FALSE(chooseParams(parse("mlir"), {}, -1, numeric::f32Format()).ok);
  const Choice two = chooseParams(parse("mlir"), {{-1, 1}, {-2, 2}}, -1, numeric::f32Format());
  EXPECT_FALSE(two.ok);
  EXPECT_NE(two.refusal.find("takes one range, got 2"), std::string::npos);
}

// --- [calib.mlir] ----------------------------------------------------------

TEST(CalibrationMlir, SpellingAndDegenerateRanges) {
  const Choice c = choose("mlir", -1.0, 1.0);
  ASSERT_TRUE(c.ok) << c.refusal;
  EXPECT_EQ(bitsOf(scaleOf(c)), bitsOf(2.0 / 255.0));
  EXPECT_EQ(c.type.zeroPoints[0], 128); // 127.5 rounded half away from zero
  EXPECT_EQ(c.type.spelling, "!quant.uniform<u8:f32, 0.0078431372549019607:128>");
  const Choice narrow = choose("mlir:narrow=1,signed=1", -1.0, 1.0);
  EXPECT_EQ(narrow.type.spelling, "!quant.uniform<i8<-127:127>:f32, 0.0078740157480314959>");
  // |rmax - rmin| < DBL_EPSILON: scale 1.0, zero point qmin.
  const Choice point = choose("mlir:signed=1", 0.0, 0.0);
  EXPECT_EQ(point.type.spelling, "!quant.uniform<i8:f32, 1.000000e+00:-128>");
  // rmin > rmax: a negative scale, which getChecked rejects.
  const Choice reversed = choose("mlir", 1.0, -1.0);
  EXPECT_FALSE(reversed.ok);
  EXPECT_EQ(reversed.refusal, "scale out of expressed type range [1.401298e-45, 3.402823e+38]");
  EXPECT_FALSE(choose("mlir", NAN, 1.0).ok);
  EXPECT_FALSE(choose("mlir", -INFINITY, 1.0).ok);
  const Choice perAxis =
      chooseParams(parse("mlir:signed=1"), {{-1, 1}, {0, 0}}, 1, numeric::f32Format());
  EXPECT_EQ(perAxis.type.spelling, "!quant.uniform<i8:f32:1, {0.0078431372549019607:-1,1.000000e+00:-128}>");
}

// --- [calib.tflite] --------------------------------------------------------
// tensorflow/lite/kernels/internal/quantization_util_test.cc
// (QuantizationUtilTest_ChooseQuantizationParams*).

TEST(CalibrationTflite, QuantizationUtilTestCases) {
  const Choice c = choose("tflite", -10.0, 30.0);
  ASSERT_TRUE(c.ok) << c.refusal;
  EXPECT_NEAR(scaleOf(c), 0.156863, 1e-5); // the test's own tolerance
  EXPECT_EQ(bitsOf(scaleOf(c)), bitsOf(40.0 / 255.0));
  EXPECT_EQ(c.type.zeroPoints[0], 64);
  const Choice onMin = choose("tflite", 0.0, 30.0);
  EXPECT_NEAR(scaleOf(onMin), 0.117647, 1e-5);
  EXPECT_EQ(onMin.type.zeroPoints[0], 0);
  const Choice onMax = choose("tflite", -10.0, 0.0);
  EXPECT_NEAR(scaleOf(onMax), 0.0392157, 1e-5);
  EXPECT_EQ(onMax.type.zeroPoints[0], 255);
  // EmptyRangeZero: TFLite answers scale 0, zero point 0: no !quant.uniform.
  const Choice empty = choose("tflite", 0.0, 0.0);
  EXPECT_FALSE(empty.ok);
  EXPECT_NE(empty.refusal.find("scale 0"), std::string::npos);
  // The death tests: a range not holding 0.
  EXPECT_NE(choose("tflite", 10.0, 30.0).refusal.find("TFLITE_CHECK_LE(rmin, 0.)"),
            std::string::npos);
  EXPECT_NE(choose("tflite", -30.0, -10.0).refusal.find("TFLITE_CHECK_GE(rmax, 0.)"),
            std::string::npos);
  const Choice i8 = choose("tflite:narrow=1,type=i8", -1.0, 1.0);
  EXPECT_EQ(i8.type.spelling, "!quant.uniform<i8<-127:127>:f32, 0.0078740157480314959>");
}

// --- [calib.tf-fake-quant] -------------------------------------------------
// tensorflow/core/kernels/fake_quant_ops_test.cc, WithArgs* / WithVars*
// (8 bits, regular range): the comments there give scale and nudged zero point.

TEST(CalibrationTfFakeQuant, FakeQuantOpsTestCases) {
  // WithArgsNoNudging_RegularRange: [-10, 53.75], scale 1/4, zero point 40.
  const Choice none = choose("tf-fake-quant", -10.0, 53.75);
  ASSERT_TRUE(none.ok) << none.refusal;
  EXPECT_EQ(scaleOf(none), 0.25);
  EXPECT_EQ(none.type.zeroPoints[0], 40);
  // WithArgsNudgedDown_RegularRange: [-0.1, 63.65], zero point 0.4 -> 0.
  const Choice down = choose("tf-fake-quant", -0.1, 63.65);
  EXPECT_EQ(down.type.zeroPoints[0], 0);
  EXPECT_EQ(scaleOf(down), static_cast<double>((63.65f - -0.1f) / 255.0f));
  // WithArgsNudgedUp_RegularRange: [-0.125, 63.625], zero point 0.5 -> 1
  // (std::round: half away from zero).
  const Choice up = choose("tf-fake-quant", -0.125, 63.625);
  EXPECT_EQ(up.type.zeroPoints[0], 1);
  EXPECT_EQ(scaleOf(up), 0.25);
  EXPECT_EQ(up.type.spelling, "!quant.uniform<u8:f32, 2.500000e-01:1>");
  // num_bits 4, narrow: quant range [1, 15] in u8.
  EXPECT_EQ(choose("tf-fake-quant:bits=4,narrow=1", -1.0, 6.0).type.spelling,
            "!quant.uniform<u8<1:15>:f32, 5.000000e-01:3>");
  EXPECT_NE(choose("tf-fake-quant", 1.0, 1.0).refusal.find("min has to be smaller than max"),
            std::string::npos);
}

// --- [calib.pytorch] -------------------------------------------------------
// test/quantization/core/test_workflow_module.py test_per_tensor_observers:
// observed [1, 8]; reference scales within 1e-5 and exact zero points.

TEST(CalibrationPytorch, WorkflowModuleObserverCases) {
  struct Case {
    const char *recipe;
    double scale;
    int64_t zeroPoint;
  };
  const Case cases[] = {
      {"pytorch:dtype=quint8", 0.0313725, 0},
      {"pytorch:dtype=qint8", 0.0313725, -128},
      {"pytorch:dtype=quint8,qscheme=symmetric", 0.062745, 128},
      {"pytorch:dtype=qint8,qscheme=symmetric", 0.062745, 0},
      {"pytorch:dtype=quint8,reduce_range=1", 0.0313725 * 255 / 127, 0},
      {"pytorch:dtype=qint8,reduce_range=1", 0.0313725 * 255 / 127, -64},
      {"pytorch:dtype=qint8,qscheme=symmetric,reduce_range=1", 0.062745 * 255 / 127, 0},
  };
  for (const Case &k : cases) {
    const Choice c = choose(k.recipe, 1.0, 8.0);
    ASSERT_TRUE(c.ok) << k.recipe << ": " << c.refusal;
    EXPECT_NEAR(scaleOf(c), k.scale, 1e-5) << k.recipe;
    EXPECT_EQ(c.type.zeroPoints[0], k.zeroPoint) << k.recipe;
  }
  // The test skips quint8 symmetric with reduce_range ("reduce_range cannot be true for symmetric
  // quantization with uint8"): the observer's constructor raises, whatever the range.
  EXPECT_EQ(choose("pytorch:dtype=quint8,qscheme=symmetric,reduce_range=1", 1.0, 8.0).refusal,
            "NotImplementedError: Cannot reduce range for symmetric quantization for quint8");
  // The binary32 steps: 8.0f / 255.0f.
  EXPECT_EQ(scaleOf(choose("pytorch", 1.0, 8.0)), static_cast<double>(8.0f / 255.0f));
  // A 0-dim observer that saw nothing: (inf, -inf) gives the defaults 1.0, 0.
  const Choice unseen = choose("pytorch", INFINITY, -INFINITY);
  ASSERT_TRUE(unseen.ok);
  EXPECT_EQ(scaleOf(unseen), 1.0);
  const Choice reversed = choose("pytorch", 2.0, 1.0);
  EXPECT_FALSE(reversed.ok);
  EXPECT_EQ(reversed.refusal, "AssertionError: min 2.0 should be less than max 1.0");
  EXPECT_FALSE(choose("pytorch", NAN, 1.0).ok);
  // A zero range: scale eps, zero point qmin - round(0 / eps).
  const Choice zero = choose("pytorch:dtype=qint8", 0.0, 0.0);
  EXPECT_EQ(scaleOf(zero), static_cast<double>(std::numeric_limits<float>::epsilon()));
  EXPECT_EQ(zero.type.zeroPoints[0], -128);
  // Custom range with reduce_range: [-8, 7] // 2 = [-4, 3].
  const Choice custom = choose("pytorch:dtype=qint8,quant_max=7,quant_min=-8,reduce_range=1",
                               -1.0, 1.0);
  EXPECT_EQ(custom.type.storageMin, -4);
  EXPECT_EQ(custom.type.storageMax, 3);
  EXPECT_EQ(choose("pytorch:quant_max=7,quant_min=1", -1.0, 1.0).refusal,
            "AssertionError: Used-specified quantization range must include 0.");
  // Per-channel: torch.round ties to even (-2.5 -> -2).
  const Choice perChannel = chooseParams(parse("pytorch:dtype=qint8"), {{-2.5, 252.5}, {-1, 1}},
                                         0, numeric::f32Format());
  ASSERT_TRUE(perChannel.ok) << perChannel.refusal;
  EXPECT_EQ(perChannel.type.zeroPoints[0], -126);
  EXPECT_EQ(perChannel.type.axis, 0);
}

// --- [calib.onnx-dynamic] --------------------------------------------------
// onnx/backend/test/case/node/dynamicquantizelinear.py (the three examples).

TEST(CalibrationOnnxDynamic, OnnxBackendTestCases) {
  const Choice mixed = choose("onnx-dynamic", -3.0, 2.0);
  ASSERT_TRUE(mixed.ok) << mixed.refusal;
  EXPECT_EQ(scaleOf(mixed), static_cast<double>(5.0f / 255.0f));
  EXPECT_EQ(mixed.type.zeroPoints[0], 153);
  const Choice negative = choose("onnx-dynamic", -4.0, -1.0);
  EXPECT_EQ(scaleOf(negative), static_cast<double>(4.0f / 255.0f));
  EXPECT_EQ(negative.type.zeroPoints[0], 255);
  const Choice positive = choose("onnx-dynamic", 1.0, 4.0);
  EXPECT_EQ(scaleOf(positive), static_cast<double>(4.0f / 255.0f));
  EXPECT_EQ(positive.type.zeroPoints[0], 0);
  // min = max = 0: scale 1.0, zero point 0.
  const Choice zero = choose("onnx-dynamic", 0.0, 0.0);
  EXPECT_EQ(zero.type.spelling, "!quant.uniform<u8:f32, 1.000000e+00>");
  // A NaN element is passed over by the min / max search: {NaN, 1} is the data {1}.
  const Choice nanEnd = choose("onnx-dynamic", NAN, 1.0);
  ASSERT_TRUE(nanEnd.ok) << nanEnd.refusal;
  EXPECT_EQ(scaleOf(nanEnd), static_cast<double>(1.0f / 255.0f));
  EXPECT_EQ(nanEnd.type.zeroPoints[0], 0);
  EXPECT_EQ(scaleOf(choose("onnx-dynamic", NAN, NAN)), 1.0);
  EXPECT_FALSE(chooseParams(parse("onnx-dynamic"), {{-1, 1}}, 0, numeric::f32Format()).ok);
}

// --- [calib.tvm] -----------------------------------------------------------

TEST(CalibrationTvm, ScalesAndGrid) {
  // global_scale 8.0, nbit 8, sign: dom_scale 8 / 2^7, clip +-127.
  const Choice global = choose("tvm", -100.0, 100.0);
  ASSERT_TRUE(global.ok) << global.refusal;
  EXPECT_EQ(global.type.spelling, "!quant.uniform<i8<-127:127>:f32, 6.250000e-02>");
  EXPECT_EQ(scaleOf(choose("tvm:mode=max", -3.0, 2.0)), static_cast<double>(3.0f / 128.0f));
  EXPECT_EQ(scaleOf(choose("tvm:mode=power2", -3.0, 2.0)), 4.0 / 128.0);
  EXPECT_EQ(scaleOf(choose("tvm:mode=power2", 0.0, 0.0)), 1.0 / 128.0);
  EXPECT_EQ(choose("tvm:signed=0", -1.0, 1.0).type.spelling,
            "!quant.uniform<i9<-255:255>:f32, 3.125000e-02>");
  EXPECT_FALSE(choose("tvm:mode=power2", 0.0, INFINITY).ok);
}

// _power2_scale's math.log(val, 2) is log(val) / log(2) in binary64: at some
// powers of two it lies just above the integer (log(2**29, 2) is
// 29.000000000000004), and the ceiling is one more. Every binary32 power of
// two, and its neighbours, against the host's libm (the one Python calls).
TEST(CalibrationTvm, Power2CeilingMatchesLibm) {
  const CalibrationRecipe recipe = parse("tvm:bits=32,mode=power2,signed=1");
  int checked = 0;
  for (int k = -149; k <= 127; ++k) {
    const float p = std::ldexp(1.0f, k);
    for (float v : {p, std::nextafter(p, 0.0f), std::nextafter(p, INFINITY)}) {
      if (!(v > 0) || std::isinf(v))
        continue;
      const double c = std::ceil(std::log(static_cast<double>(v)) / std::log(2.0));
      const double expected = static_cast<double>(static_cast<float>(std::ldexp(1.0, int(c) - 31)));
      const Choice got = chooseParams(recipe, {{0.0, v}}, -1, numeric::f32Format());
      if (expected == 0) {
        EXPECT_FALSE(got.ok) << v;
        continue;
      }
      ASSERT_TRUE(got.ok) << v << ": " << got.refusal;
      EXPECT_EQ(scaleOf(got), expected) << "val " << v << " (2^" << k << ")";
      ++checked;
    }
  }
  EXPECT_GT(checked, 700);
}

} // namespace
} // namespace qi::calibrate
