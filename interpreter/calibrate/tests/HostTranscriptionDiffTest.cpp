//===- HostTranscriptionDiffTest.cpp - Recipes against host transcriptions ===//
//
// Spec: [calib.tflite], [calib.tf-fake-quant], [calib.tvm], [calib.onnx-dynamic],
// [calib.pytorch], [calib.range], [calib.refusal]. TFLite, TensorFlow and TVM
// are not installed here, so each framework's source function is transcribed
// literally below in host float / double (this file is compiled with
// -ffp-contract=off -fno-fast-math: every step is one IEEE operation, to
// nearest even), written from the framework source, not from our recipes, and
// compared with chooseParams bit for bit: scale bits, zero point, storage type
// and bounds, and refusal where the framework aborts, raises, hits undefined
// behaviour or returns no !quant.uniform type. Per configuration: every edge
// range (pairs of edge values, narrow and huge widths, zero-point ties) and
// 10^4 random ranges (10^5 in the full tier, QI_FULL_SWEEPS=1).
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/CalibrationRecipe.h"

#include "generators/Prng.h"
#include "interpreter/fast/tests/SweepTier.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace qi::calibrate {
namespace {

using generators::SplitMix64;

/// What a framework gives for one range, or why it gives no !quant.uniform.
struct Answer {
  bool ok = false;
  std::string why; // when !ok: the framework's condition and the clause
  double scale = 0; // a binary32 framework's float, exactly
  int64_t zeroPoint = 0, qmin = 0, qmax = 0;
  unsigned width = 0;
  bool isSigned = false;
};

Answer refused(std::string why) {
  Answer a;
  a.why = std::move(why);
  return a;
}

std::string hex(double d) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g (%a)", d, d);
  return buffer;
}

/// The parameters a framework returns. [calib.refusal]: a scale that is NaN,
/// infinite, zero or negative is no !quant.uniform type, whatever zero point
/// came with it.
Answer returned(double scale, int64_t zeroPoint, int64_t qmin, int64_t qmax, unsigned width,
                bool isSigned) {
  if (!(scale > 0) || std::isinf(scale))
    return refused("[calib.refusal] the framework returns scale " + hex(scale));
  Answer a;
  a.ok = true;
  a.scale = scale;
  a.zeroPoint = zeroPoint;
  a.qmin = qmin;
  a.qmax = qmax;
  a.width = width;
  a.isSigned = isSigned;
  return a;
}

// --- tensorflow/lite/kernels/internal/quantization_util.h -----------------

template <typename T>
Answer tfliteChooseQuantizationParams(double rmin, double rmax, bool narrow_range) {
  const T qmin = std::numeric_limits<T>::min() + (narrow_range ? 1 : 0);
  const T qmax = std::numeric_limits<T>::max();
  const double qmin_double = qmin;
  const double qmax_double = qmax;
  const unsigned width = sizeof(T) * 8;
  const bool isSigned = std::numeric_limits<T>::is_signed;
  // TFLITE_CHECK_LE(rmin, 0.); TFLITE_CHECK_GE(rmax, 0.): abort (also NaN).
  if (!(rmin <= 0.))
    return refused("[calib.tflite] 1: TFLITE_CHECK_LE(rmin, 0.) aborts");
  if (!(rmax >= 0.))
    return refused("[calib.tflite] 1: TFLITE_CHECK_GE(rmax, 0.) aborts");
  if (rmin == rmax) // quantization_params.scale = 0., zero_point = 0
    return returned(0., 0, qmin, qmax, width, isSigned);
  const double scale = (rmax - rmin) / (qmax_double - qmin_double);
  // An infinite or zero scale gives inf / inf or x / 0 below and a NaN cast
  // to T (undefined); the scale alone is already refused.
  if (!(scale > 0) || std::isinf(scale))
    return returned(scale, 0, qmin, qmax, width, isSigned);
  const double zero_point_from_min = qmin_double - rmin / scale;
  const double zero_point_from_max = qmax_double - rmax / scale;
  const double zero_point_from_min_error = std::abs(qmin_double) + std::abs(rmin / scale);
  const double zero_point_from_max_error = std::abs(qmax_double) + std::abs(rmax / scale);
  const double zero_point_double = zero_point_from_min_error < zero_point_from_max_error
                                       ? zero_point_from_min
                                       : zero_point_from_max;
  T nudged_zero_point = 0;
  if (zero_point_double < qmin_double)
    nudged_zero_point = qmin;
  else if (zero_point_double > qmax_double)
    nudged_zero_point = qmax;
  else
    nudged_zero_point = static_cast<T>(std::round(zero_point_double));
  return returned(scale, nudged_zero_point, qmin, qmax, width, isSigned);
}

// --- tensorflow/core/kernels/fake_quant_ops_functor.h Nudge ---------------
// (quant_min = narrow_range ? 1 : 0, quant_max = (1 << num_bits) - 1 from
// fake_quant_ops.cc; min / max are float attributes or float32 tensors.)

Answer tfNudge(double rangeMin, double rangeMax, int num_bits, bool narrow_range) {
  const float min = static_cast<float>(rangeMin); // [calib.range]
  const float max = static_cast<float>(rangeMax);
  const int quant_min = narrow_range ? 1 : 0;
  const int quant_max = (1 << num_bits) - 1;
  const unsigned width = num_bits <= 8 ? 8 : 16;
  // FakeQuantWithMinMaxArgsOp: OP_REQUIRES(min_ < max_, "min has to be
  // smaller than max, was: min >= max") (NaN fails it too).
  if (!(min < max))
    return refused("[calib.tf-fake-quant] 1: OP_REQUIRES(min_ < max_) fails");
  const float quant_min_float = static_cast<float>(quant_min);
  const float quant_max_float = static_cast<float>(quant_max);
  const float scale = (max - min) / (quant_max_float - quant_min_float);
  // A zero scale makes min / scale NaN or infinite (the uint16 cast of NaN is
  // undefined); an infinite or zero scale is refused on its own.
  if (!(scale > 0) || std::isinf(scale))
    return returned(scale, 0, quant_min, quant_max, width, false);
  const float zero_point_from_min = quant_min_float - min / scale;
  uint16_t nudged_zero_point;
  if (zero_point_from_min < quant_min_float)
    nudged_zero_point = static_cast<uint16_t>(quant_min);
  else if (zero_point_from_min > quant_max_float)
    nudged_zero_point = static_cast<uint16_t>(quant_max);
  else
    nudged_zero_point = static_cast<uint16_t>(std::round(zero_point_from_min));
  return returned(scale, nudged_zero_point, quant_min, quant_max, width, false);
}

// --- onnxruntime/core/util/qmath.h GetQuantizationParameter<uint8_t> -------

float RoundHalfToEven(float input) {
  if (!std::isfinite(input))
    return input;
  return input - std::remainderf(input, 1.f);
}

Answer ortGetQuantizationParameter(double rangeMin, double rangeMax) {
  // MlasFindMinMaxElement over the data {min, max} as float32 elements.
  const float data[2] = {static_cast<float>(rangeMin), static_cast<float>(rangeMax)};
  float min = std::numeric_limits<float>::max();
  float max = std::numeric_limits<float>::lowest();
  for (float element : data) {
    min = std::min(min, element);
    max = std::max(max, element);
  }
  min = std::min(min, 0.0f);
  max = std::max(max, 0.0f);
  const uint8_t qmin = std::numeric_limits<uint8_t>::min();
  const uint8_t qmax = std::numeric_limits<uint8_t>::max();
  const float scale = max == min ? 1.0f : (max - min) / float(qmax - qmin);
  const float initial_zero_point = qmin - min / scale;
  const uint8_t zp = static_cast<uint8_t>(
      RoundHalfToEven(std::max(float(qmin), std::min(float(qmax), initial_zero_point))));
  return returned(scale, zp, qmin, qmax, 8, false);
}

// --- torch/ao/quantization/observer.py v1.13 _calculate_qparams ------------
// with utils.py check_min_max_valid / calculate_qmin_qmax; min_val, max_val
// and eps are float32 tensors, a Python scalar operand is float32 in the op.

enum class TorchDtype { quint8, qint8, qint32 };

/// torch.min / torch.max (minimum / maximum): NaN propagates, else std::min /
/// std::max.
float torchMinimum(float a, float b) {
  return std::isnan(a) || std::isnan(b) ? std::numeric_limits<float>::quiet_NaN()
                                        : std::min(a, b);
}
float torchMaximum(float a, float b) {
  return std::isnan(a) || std::isnan(b) ? std::numeric_limits<float>::quiet_NaN()
                                        : std::max(a, b);
}

/// .to(torch.int) as x86's CVTTSS2SI: truncation, 0x80000000 when NaN or
/// out of range.
int32_t cvttss2si(float x) {
  if (!(x >= -2147483648.0f && x < 2147483648.0f))
    return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(x);
}

Answer torchCalculateQparams(double rangeMin, double rangeMax, TorchDtype dtype, bool symmetric,
                             bool reduce_range) {
  // MinMaxObserver.__init__: raise NotImplementedError before any range.
  if (symmetric && reduce_range && dtype == TorchDtype::quint8)
    return refused("[calib.pytorch] 0: NotImplementedError: Cannot reduce range for symmetric "
                   "quantization for quint8");
  int64_t quant_min, quant_max; // calculate_qmin_qmax, no customized range
  if (dtype == TorchDtype::qint8) {
    quant_min = reduce_range ? -64 : -128;
    quant_max = reduce_range ? 63 : 127;
  } else if (dtype == TorchDtype::quint8) {
    quant_min = 0;
    quant_max = reduce_range ? 127 : 255;
  } else {
    quant_min = -(int64_t(1) << 31);
    quant_max = (int64_t(1) << 31) - 1;
  }
  const unsigned width = dtype == TorchDtype::qint32 ? 32 : 8;
  const bool isSigned = dtype != TorchDtype::quint8;
  const float min_val = static_cast<float>(rangeMin), max_val = static_cast<float>(rangeMax);
  const float eps = std::numeric_limits<float>::epsilon(); // torch.finfo(torch.float32).eps
  const float inf = std::numeric_limits<float>::infinity();
  if (min_val == inf && max_val == -inf) // check_min_max_valid: defaults
    return returned(1.0, 0, quant_min, quant_max, width, isSigned);
  if (!(min_val <= max_val))
    return refused("[calib.pytorch] 2: AssertionError: min should be less than max");
  const float min_val_neg = torchMinimum(min_val, 0.0f);
  float max_val_pos = torchMaximum(max_val, 0.0f);
  float scale;
  int64_t zero_point = 0;
  if (symmetric) {
    max_val_pos = torchMaximum(-min_val_neg, max_val_pos);
    scale = max_val_pos / static_cast<float>(double(quant_max - quant_min) / 2);
    scale = torchMaximum(scale, eps);
    if (dtype == TorchDtype::quint8)
      zero_point = 128;
  } else {
    scale = (max_val_pos - min_val_neg) / static_cast<float>(double(quant_max - quant_min));
    scale = torchMaximum(scale, eps);
    // quant_min - torch.round(min_val_neg / scale).to(torch.int): int32, wrapping.
    const int32_t rounded = cvttss2si(std::nearbyint(min_val_neg / scale));
    const int32_t zp32 = static_cast<int32_t>(static_cast<uint32_t>(quant_min) -
                                              static_cast<uint32_t>(rounded));
    zero_point = std::clamp<int64_t>(zp32, quant_min, quant_max);
  }
  return returned(scale, zero_point, quant_min, quant_max, width, isSigned);
}

// --- apache/tvm python/tvm/relay/quantize/_calibrate.py --------------------
// _global_scale / _max_scale / _power2_scale, then _set_params:
// valid_bit = nbit - sign; dom_scale = const(scale / 2**valid_bit, "float32"),
// clip_min / clip_max = -+(2**valid_bit - 1). numpy 1.x: np.float32 / int is
// a float64 division; const() rounds once to float32.

enum class TvmMode { globalScale, max, power2 };

Answer tvmSetParams(double rangeMin, double rangeMax, TvmMode mode, int nbit, bool sign) {
  const int valid_bit = nbit - (sign ? 1 : 0);
  double scale;
  if (mode == TvmMode::globalScale) {
    scale = 8.0; // qconfig global_scale default
  } else {
    // np.amax(np.abs(w)) of float32 data with those extremes (NaN propagates).
    const float w[2] = {static_cast<float>(rangeMin), static_cast<float>(rangeMax)};
    float val = std::abs(w[0]);
    if (std::isnan(val) || std::isnan(w[1]))
      val = std::numeric_limits<float>::quiet_NaN();
    else
      val = std::max(val, std::abs(w[1]));
    if (mode == TvmMode::max) {
      scale = val;
    } else if (val > 0) {
      // 2 ** math.ceil(math.log(val, 2)): CPython's log(x) / log(base).
      const double log2val = std::log(static_cast<double>(val)) / std::log(2.0);
      if (std::isinf(log2val))
        return refused("[calib.tvm] 1: math.ceil(inf) raises OverflowError");
      scale = std::ldexp(1.0, static_cast<int>(std::ceil(log2val))); // exact 2**k
    } else {
      scale = 1.0;
    }
  }
  const double valid_range = std::ldexp(1.0, valid_bit); // 2**valid_bit
  const float dom_scale = static_cast<float>(scale / valid_range);
  const int64_t clip = (int64_t(1) << valid_bit) - 1;
  // [calib.tvm] 3: storage i<valid_bit + 1> holds the clip range.
  return returned(dom_scale, 0, -clip, clip, static_cast<unsigned>(valid_bit + 1), true);
}

// --- The configurations ----------------------------------------------------

struct Configuration {
  std::string recipe;
  std::function<Answer(double, double)> host;
  /// qmax - qmin of the zero-point grid (0: the zero point is fixed) and
  /// whether tie ranges must be exact in binary32.
  int64_t steps;
  bool binary32;
};

std::vector<Configuration> configurations() {
  std::vector<Configuration> all;
  for (int narrow = 0; narrow <= 1; ++narrow) {
    const std::string n = ",narrow=" + std::to_string(narrow);
    all.push_back({"tflite:type=u8" + n,
                   [=](double a, double b) { return tfliteChooseQuantizationParams<uint8_t>(a, b, narrow); },
                   255 - narrow, false});
    all.push_back({"tflite:type=i8" + n,
                   [=](double a, double b) { return tfliteChooseQuantizationParams<int8_t>(a, b, narrow); },
                   255 - narrow, false});
    all.push_back({"tflite:type=i16" + n,
                   [=](double a, double b) { return tfliteChooseQuantizationParams<int16_t>(a, b, narrow); },
                   65535 - narrow, false});
    for (int bits : {2, 4, 8, 16})
      all.push_back({"tf-fake-quant:bits=" + std::to_string(bits) + n,
                     [=](double a, double b) { return tfNudge(a, b, bits, narrow); },
                     (int64_t(1) << bits) - 1 - narrow, true});
  }
  const std::pair<TvmMode, std::string> modes[] = {
      {TvmMode::globalScale, "global-scale"}, {TvmMode::max, "max"}, {TvmMode::power2, "power2"}};
  for (const auto &[mode, name] : modes)
    for (int bits : {8, 16})
      for (int sign = 0; sign <= 1; ++sign)
        all.push_back({"tvm:mode=" + name + ",bits=" + std::to_string(bits) +
                           ",signed=" + std::to_string(sign),
                       [=, m = mode](double a, double b) { return tvmSetParams(a, b, m, bits, sign); },
                       0, true});
  all.push_back({"onnx-dynamic", ortGetQuantizationParameter, 255, true});
  const std::pair<TorchDtype, std::string> dtypes[] = {
      {TorchDtype::quint8, "quint8"}, {TorchDtype::qint8, "qint8"}, {TorchDtype::qint32, "qint32"}};
  for (const auto &[dtype, name] : dtypes)
    for (int symmetric = 0; symmetric <= 1; ++symmetric)
      for (int reduce = 0; reduce <= 1; ++reduce) {
        const int64_t steps = dtype == TorchDtype::qint32 ? 0xFFFFFFFFll : (reduce ? 127 : 255);
        all.push_back({"pytorch:dtype=" + name + ",qscheme=" +
                           (symmetric ? "symmetric" : "affine") +
                           ",reduce_range=" + std::to_string(reduce),
                       [=, d = dtype](double a, double b) {
                         return torchCalculateQparams(a, b, d, symmetric, reduce);
                       },
                       symmetric ? 0 : steps, true});
      }
  return all;
}

// --- Ranges ----------------------------------------------------------------

/// Edge values: zeros, ones, grid sizes, 1e-30 / 1e30, subnormals of both
/// formats, FLT_MAX / DBL_MAX, infinities, NaN, and each one's binary64 and
/// binary32 neighbours; plus the binary64 midpoint above FLT_MAX (rounds to
/// binary32 infinity).
std::vector<double> edgeValues() {
  const double inf = std::numeric_limits<double>::infinity();
  const double bases[] = {1.0,     255.0,   127.5,         65535.0,        1e-30,
                          1e30,    FLT_MIN, FLT_TRUE_MIN,  DBL_TRUE_MIN,   FLT_MAX,
                          DBL_MAX, FLT_EPSILON, 0x1.ffffffp127, 1e-40,     inf};
  std::vector<double> values = {0.0, -0.0, std::numeric_limits<double>::quiet_NaN(),
                                -std::numeric_limits<double>::quiet_NaN()};
  for (double b : bases)
    for (double v : {b, -b}) {
      const float f = static_cast<float>(v);
      for (double candidate : {v, std::nextafter(v, inf), std::nextafter(v, -inf),
                               double(std::nextafter(f, HUGE_VALF)),
                               double(std::nextafter(f, -HUGE_VALF))})
        if (std::find_if(values.begin(), values.end(), [&](double x) {
              return std::memcmp(&x, &candidate, sizeof x) == 0;
            }) == values.end())
          values.push_back(candidate);
    }
  return values;
}

/// Every pair of edge values; ranges of width ~1e-30, ~1e30 and one
/// subnormal around each edge value; powers of two; and zero-point ties: min = -(k + 1/2)s,
/// max = min + steps * s (exact in the framework's format), so that
/// -min / scale is k + 1/2 (and near-ties for s = 0.1, 1/3).
std::vector<Range> edgeRanges(const Configuration &c) {
  const std::vector<double> edges = edgeValues();
  std::vector<Range> ranges;
  for (double lo : edges)
    for (double hi : edges)
      ranges.push_back({lo, hi});
  for (double centre : edges)
    for (double width : {1e-30, 1e30, double(FLT_TRUE_MIN), DBL_TRUE_MIN}) {
      ranges.push_back({centre, centre + width});
      ranges.push_back({centre - width, centre});
    }
  // Every binary32 power of two as either bound ([calib.tvm] 1: the
  // ceiling of log(2^k) / log(2), above k for some k).
  for (int k = -149; k <= 127; ++k) {
    ranges.push_back({-std::ldexp(1.0, k), 0.0});
    ranges.push_back({0.0, std::ldexp(1.0, k)});
  }
  if (c.steps > 0) {
    const int64_t kCount = std::min<int64_t>(c.steps, 300);
    for (double s : {0x1p-20, 0x1p-3, 1.0, 0x1p10, 0.1, 1.0 / 3})
      for (int64_t i = 0; i <= kCount; ++i) {
        // k spread over [0, steps], both parities (ties to even and away
        // from zero differ only half the time).
        const double k = double(std::min(i * (c.steps / kCount) + i % 2, c.steps));
        double lo = -(k + 0.5) * s, hi = lo + double(c.steps) * s;
        if (c.binary32) {
          lo = static_cast<float>(lo);
          hi = static_cast<float>(hi);
        }
        ranges.push_back({lo, hi});
      }
  }
  return ranges;
}

double fromBits(uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

/// Random ranges: typical, random binary64 and binary32 patterns, log-uniform
/// magnitudes of either sign, and near-equal pairs.
Range randomRange(SplitMix64 &rng) {
  const auto uniform = [&] { return static_cast<double>(rng.next() >> 11) * 0x1p-53; };
  const auto logUniform = [&] {
    const double m = std::ldexp(1.0 + uniform(), static_cast<int>(rng.next() % 280) - 140);
    return (rng.next() & 1) ? -m : m;
  };
  const auto f32Pattern = [&] {
    const uint32_t u = static_cast<uint32_t>(rng.next());
    float f;
    std::memcpy(&f, &u, 4);
    return double(f);
  };
  switch (rng.next() % 5) {
  case 0:
    return {-uniform() * 1000, uniform() * 1000};
  case 1:
    return {fromBits(rng.next()), fromBits(rng.next())};
  case 2:
    return {f32Pattern(), f32Pattern()};
  case 3:
    return {logUniform(), logUniform()};
  default: {
    const double a = logUniform();
    return {a, a + a * uniform() * std::ldexp(1.0, -static_cast<int>(rng.next() % 60))};
  }
  }
}

// --- The comparison --------------------------------------------------------

std::string describe(const Answer &a) {
  return "scale " + hex(a.scale) + " zero point " + std::to_string(a.zeroPoint) + " storage " +
         (a.isSigned ? "i" : "u") + std::to_string(a.width) + "<" + std::to_string(a.qmin) +
         ":" + std::to_string(a.qmax) + ">";
}

/// Empty when the host transcription and the recipe agree bit for bit.
std::string compare(const Answer &host, const Choice &ours) {
  if (!host.ok)
    return ours.ok ? "host refuses (" + host.why + "), recipe chooses " + ours.type.spelling : "";
  if (!ours.ok)
    return "host chooses " + describe(host) + ", recipe refuses: " + ours.refusal;
  const quant::QuantType &t = ours.type;
  if (t.scales.size() != 1 || t.zeroPoints.size() != 1)
    return "recipe gives " + std::to_string(t.scales.size()) + " scales for one range";
  uint64_t hostBits;
  std::memcpy(&hostBits, &host.scale, 8);
  std::string diff;
  if (static_cast<uint64_t>(t.scales[0].bits) != hostBits)
    diff += " scale: host " + hex(host.scale) + " recipe " +
            hex(fromBits(static_cast<uint64_t>(t.scales[0].bits)));
  if (t.zeroPoints[0] != host.zeroPoint)
    diff += " zero point: host " + std::to_string(host.zeroPoint) + " recipe " +
            std::to_string(t.zeroPoints[0]);
  if (t.storageMin != host.qmin || t.storageMax != host.qmax || t.storage.width != host.width ||
      t.storage.isSigned != host.isSigned)
    diff += " storage: host " + describe(host) + " recipe " + t.spelling;
  return diff;
}

CalibrationRecipe parsed(const std::string &spelling) {
  std::string error;
  std::optional<CalibrationRecipe> r = parseCalibrationRecipe(spelling, &error);
  if (!r)
    ADD_FAILURE() << spelling << ": " << error;
  return r ? *r : CalibrationRecipe{};
}

constexpr int kMaxReported = 8;

TEST(HostTranscriptionDiff, EveryConfigurationAgreesBitForBit) {
  const int64_t randomCount = fast::test::sweepCount(100000, 10 * fast::test::kSanitizedThinning);
  int failures = 0;
  int64_t total = 0;
  for (const Configuration &c : configurations()) {
    const CalibrationRecipe recipe = parsed(c.recipe);
    uint64_t seed = 0xCBF29CE484222325ull; // FNV-1a of the spelling: a portable seed
    for (char ch : c.recipe)
      seed = (seed ^ static_cast<unsigned char>(ch)) * 0x100000001B3ull;
    SplitMix64 rng(seed);
    int64_t checked = 0, refusals = 0, edgeCount = 0, disagreements = 0;
    const auto check = [&](const Range &r) {
      const Answer host = c.host(r.min, r.max);
      const Choice ours = chooseParams(recipe, {r}, -1, numeric::f32Format());
      ++checked;
      refusals += host.ok ? 0 : 1;
      if (!host.ok && !ours.ok && ours.refusal.empty())
        ADD_FAILURE() << c.recipe << ": refusal without a message";
      const std::string diff = compare(host, ours);
      disagreements += diff.empty() ? 0 : 1;
      if (!diff.empty() && failures++ < kMaxReported)
        ADD_FAILURE() << c.recipe << " range [" << hex(r.min) << ", " << hex(r.max)
                      << "]: " << diff;
    };
    for (const Range &r : edgeRanges(c)) {
      check(r);
      ++edgeCount;
    }
    for (int64_t i = 0; i < randomCount; ++i)
      check(randomRange(rng));
    total += checked;
    std::printf("%-53s %5lld edge + %6lld random ranges: %lld disagree, %lld refused by the "
                "framework\n",
                c.recipe.c_str(), static_cast<long long>(edgeCount),
                static_cast<long long>(randomCount), static_cast<long long>(disagreements),
                static_cast<long long>(refusals));
    EXPECT_GE(edgeCount, 10000) << c.recipe;
  }
  EXPECT_EQ(failures, 0);
  std::printf("host transcriptions: %lld ranges compared in total\n",
              static_cast<long long>(total));
}

} // namespace
} // namespace qi::calibrate
