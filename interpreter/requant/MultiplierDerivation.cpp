//===- MultiplierDerivation.cpp - (multiplier, shift) per framework -------===//
//
// Spec: [requant.derive.*] (spec/requantize.md). Written from a reading of
// each framework's source, cited at each function; no code is copied.
//
// Floating point: frexp, round, a product by a power of two and a float
// doubling are exact operations, so the host computes them bit for bit;
// the file is compiled with -ffp-contract=off all the same (no fused
// multiply-add may change a product), as interpreter/host does.
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/MultiplierDerivation.h"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace qi::requant {

namespace {

struct FrameworkInfo {
  DerivationFramework framework;
  std::string_view name;
  std::string_view source;
  std::string_view convention;
  bool takesFloat;
  bool scale16;
};

constexpr std::string_view kLeftShift31 =
    "real = multiplier * 2^(shift - 31); shift is a left shift when positive";
constexpr std::string_view kRightShift31 =
    "real = multiplier * 2^(-31 - shift); shift is a right shift";
constexpr std::string_view kTosaConvention = "real = multiplier * 2^-shift (TOSA's convention)";

const FrameworkInfo kFrameworks[] = {
    {DerivationFramework::Tflite, "tflite",
     "tensorflow/tensorflow tensorflow/lite/kernels/internal/quantization_util.cc "
     "QuantizeMultiplier (default build)",
     kLeftShift31, false, false},
    {DerivationFramework::TfliteSingleRound, "tflite-single-round",
     "tensorflow/tensorflow tensorflow/lite/kernels/internal/quantization_util.cc "
     "QuantizeMultiplier (TFLITE_SINGLE_ROUNDING=1)",
     kLeftShift31, false, false},
    {DerivationFramework::TfliteEmulateFloat, "tflite-emulate-float",
     "tensorflow/tensorflow tensorflow/lite/kernels/internal/quantization_util.cc "
     "QuantizeMultiplier (TFLITE_EMULATE_FLOAT: IntegerFrExp)",
     kLeftShift31, false, false},
    {DerivationFramework::TfliteSmallerThanOne, "tflite-smaller-than-one",
     "tensorflow/tensorflow tensorflow/lite/kernels/internal/quantization_util.cc "
     "QuantizeMultiplierSmallerThanOneExp",
     kLeftShift31, false, false},
    {DerivationFramework::TfliteGreaterThanOne, "tflite-greater-than-one",
     "tensorflow/tensorflow tensorflow/lite/kernels/internal/quantization_util.cc "
     "QuantizeMultiplierGreaterThanOne",
     kLeftShift31, false, false},
    {DerivationFramework::MlirScale32, "mlir-scale32",
     "llvm/llvm-project mlir/lib/Dialect/Tosa/Utils/QuantUtils.cpp "
     "computeMultiplierAndShift (scaleWidth 32; MLIR 22)",
     kTosaConvention, false, false},
    {DerivationFramework::MlirScale16, "mlir-scale16",
     "llvm/llvm-project mlir/lib/Dialect/Tosa/Utils/QuantUtils.cpp "
     "computeMultiplierAndShift (scaleWidth 16; MLIR 22)",
     kTosaConvention, false, true},
    {DerivationFramework::Gemmlowp, "gemmlowp",
     "google/gemmlowp doc/quantization_example.cc QuantizeMultiplierSmallerThanOne (float)",
     kRightShift31, true, false},
    {DerivationFramework::Tvm, "tvm",
     "apache/tvm src/relay/qnn/utils.cc GetFixedPointMultiplierShift", kLeftShift31, false,
     false},
    {DerivationFramework::XnnpackRndnu, "xnnpack-rndnu",
     "google/XNNPACK src/microparams-init.c xnn_init_qs8_conv_minmax_rndnu_scalar_params (float)",
     kTosaConvention, true, false},
    {DerivationFramework::XnnpackGemmlowp, "xnnpack-gemmlowp",
     "google/XNNPACK src/params-init.c (2021) xnn_init_qs8_conv_minmax_gemmlowp_scalar_params "
     "(float)",
     kRightShift31, true, false},
};

const FrameworkInfo &info(DerivationFramework framework) {
  for (const FrameworkInfo &entry : kFrameworks)
    if (entry.framework == framework)
      return entry;
  return kFrameworks[0]; // unreachable: every enumerator has an entry
}

constexpr int64_t kTwoTo31 = int64_t(1) << 31;
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

uint64_t bitsOf(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

/// static_cast<int32_t>(int64_t) as the frameworks' compilers do it (the
/// low 32 bits, two's complement), without relying on
/// implementation-defined conversion here.
int64_t lowInt32(int64_t value) {
  uint32_t low = static_cast<uint32_t>(static_cast<uint64_t>(value));
  return low >= 0x80000000u ? int64_t(low) - (int64_t(1) << 32) : int64_t(low);
}

/// `value >> amount` on a signed int32, as GCC and Clang compile it
/// (arithmetic: floor division by 2^amount), amount 0..31.
int64_t floorShiftRight(int64_t value, int amount) {
  int64_t divisor = int64_t(1) << amount;
  int64_t quotient = value / divisor;
  if (value % divisor != 0 && value < 0)
    --quotient;
  return quotient;
}

/// (float)scale: IEEE round to nearest, ties to even, as every compiler of
/// the float-taking frameworks converts. Doubles beyond the float range are
/// handled here (the C++ conversion of them is undefined): from the midpoint
/// between FLT_MAX and 2^128 up they round to infinity.
float toFloat(double scale) {
  if (std::isnan(scale))
    return std::numeric_limits<float>::quiet_NaN();
  constexpr double kOverflowMidpoint = 0x1.ffffffp+127;
  double magnitude = std::fabs(scale);
  if (magnitude >= kOverflowMidpoint)
    return std::signbit(scale) ? -std::numeric_limits<float>::infinity()
                               : std::numeric_limits<float>::infinity();
  if (magnitude > double(FLT_MAX))
    return std::signbit(scale) ? -FLT_MAX : FLT_MAX;
  return static_cast<float>(scale);
}

std::string hexFloat(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", value);
  return buffer;
}

Derivation start(DerivationFramework framework, double scale) {
  Derivation result;
  result.framework = framework;
  result.scale = scale;
  return result;
}

Derivation &reject(Derivation &result, std::string error) {
  result.accepted = false;
  result.native.reset();
  result.tosa.reset();
  result.tosaProblem.clear();
  result.error = std::move(error);
  return result;
}

/// Sets the native pair, its TOSA twin and the TOSA check.
void setPair(Derivation &result, int64_t multiplier, int64_t shift, int64_t tosaShift) {
  result.native = MultiplierShift{multiplier, shift};
  result.tosa = MultiplierShift{multiplier, tosaShift};
  result.tosaProblem = tosaPairProblem(*result.tosa, isScale16(result.framework));
}

/// Records the float conversion of a float-taking framework.
float convertToFloat(Derivation &result) {
  float value = toFloat(result.scale);
  result.floatScale = value;
  if (!(double(value) == result.scale) && !(std::isnan(value) && std::isnan(result.scale)))
    result.notes.push_back("the scale is converted to float: " + hexFloat(double(value)));
  return value;
}

std::string nonFiniteName(double scale) {
  if (std::isnan(scale))
    return "NaN";
  return scale > 0 ? "+inf" : "-inf";
}

/// tensorflow/lite/kernels/internal/quantization_util.cc, QuantizeMultiplier
/// (double double_multiplier, int32_t* quantized_multiplier, int* shift), in
/// the build selected by the two flags:
///   0 -> (0, 0);
///   q = frexp(d, &shift); q_fixed = (int64_t)TfLiteRound(q * 2^31)
///     (TFLITE_EMULATE_FLOAT: q_fixed = IntegerFrExp(d, &shift));
///   TFLITE_CHECK(q_fixed <= 2^31); q_fixed == 2^31 -> q_fixed = 2^30, ++shift;
///   TFLITE_CHECK_LE(q_fixed, INT32_MAX);
///   shift < -31 -> shift = 0, q_fixed = 0 (tiny scales flush to zero);
///   TFLITE_SINGLE_ROUNDING: shift > 30 -> shift = 30, q_fixed = 2^31 - 1;
///   multiplier = (int32_t)q_fixed.
/// TfLiteRound is std::round (tensorflow/lite/kernels/internal/cppmath.h):
/// half away from zero.
Derivation tfliteQuantizeMultiplier(DerivationFramework framework, double scale,
                                    bool singleRound, bool emulateFloat) {
  Derivation result = start(framework, scale);
  if (scale == 0.0) {
    result.accepted = true;
    result.notes.push_back("scale 0: QuantizeMultiplier returns multiplier 0, shift 0 at once");
    setPair(result, 0, 0, 31);
    return result;
  }
  int64_t qFixed = 0;
  int64_t shift = 0;
  if (emulateFloat) {
    // IntegerFrExp(input, shift) in the same file: the double's bits, the
    // top 30 fraction bits under an implicit 2^30, +1 when the 22 bits cut
    // off exceed half (ties are cut: toward zero), negated for a negative
    // input; exponent 0x7FF gives shift INT_MAX and 0 (a NaN: some of the
    // top 30 fraction bits set) or +-INT64_MAX/MIN (otherwise, "infinity").
    uint64_t u = bitsOf(scale);
    constexpr uint64_t kSignMask = 0x8000000000000000ull;
    constexpr uint64_t kExponentMask = 0x7ff0000000000000ull;
    constexpr uint64_t kFractionMask = 0x000fffffffc00000ull;
    uint32_t exponentPart = uint32_t((u & kExponentMask) >> 52);
    if (exponentPart == 0x7ff) {
      shift = std::numeric_limits<int>::max();
      if (u & kFractionMask) {
        qFixed = 0;
        result.notes.push_back("IntegerFrExp of a NaN: fraction 0, shift INT_MAX");
      } else {
        qFixed = (u & kSignMask) ? std::numeric_limits<int64_t>::min()
                                 : std::numeric_limits<int64_t>::max();
        result.notes.push_back(std::string("IntegerFrExp of ") +
                               ((u & kSignMask) ? "-inf: INT64_MIN" : "+inf: INT64_MAX") +
                               ", shift INT_MAX");
      }
    } else {
      shift = int64_t(exponentPart) - 1023 + 1;
      int64_t fraction = 0x40000000 + int64_t((u & kFractionMask) >> 22);
      if ((u & 0x003fffffull) > 0x00200000ull)
        fraction += 1;
      if (u & kSignMask)
        fraction = -fraction;
      qFixed = fraction;
    }
  } else {
    if (!std::isfinite(scale))
      return reject(result,
                    "scale " + nonFiniteName(scale) +
                        ": undefined behaviour in QuantizeMultiplier: frexp's exponent is "
                        "unspecified and static_cast<int64_t>(TfLiteRound(q * (1LL << 31))) of a "
                        "non-finite value is undefined (on x86-64 it yields INT64_MIN, which "
                        "passes the TFLITE_CHECKs; on AArch64 +inf saturates and aborts)");
    int exponent = 0;
    double q = std::frexp(scale, &exponent);
    qFixed = static_cast<int64_t>(std::round(q * 2147483648.0)); // exact: |q| < 1
    shift = exponent;
  }
  if (!(qFixed <= kTwoTo31))
    return reject(result, "TFLITE_CHECK(q_fixed <= (1LL << 31)) fails (q_fixed = INT64_MAX from "
                          "IntegerFrExp of +inf): TFLite aborts");
  if (qFixed == kTwoTo31) {
    qFixed /= 2;
    ++shift;
    result.notes.push_back("carry: the rounded mantissa was 2^31, so it becomes 2^30 and the "
                           "shift grows by 1");
  }
  if (shift < -31) {
    result.notes.push_back("flushed to zero: shift " + std::to_string(shift) +
                           " < -31 becomes multiplier 0, shift 0");
    shift = 0;
    qFixed = 0;
  }
  if (singleRound && shift > 30) {
    result.notes.push_back("saturated: TFLITE_SINGLE_ROUNDING limits shift " +
                           std::to_string(shift) + " to 30 with multiplier 2^31 - 1");
    shift = 30;
    qFixed = kInt32Max;
  }
  int64_t multiplier = lowInt32(qFixed);
  if (multiplier != qFixed)
    result.notes.push_back("the multiplier is static_cast<int32_t>(" + std::to_string(qFixed) +
                           ") = " + std::to_string(multiplier));
  result.accepted = true;
  setPair(result, multiplier, shift, 31 - shift);
  return result;
}

} // namespace

std::string_view frameworkName(DerivationFramework framework) { return info(framework).name; }

std::optional<DerivationFramework> parseFramework(std::string_view name) {
  for (const FrameworkInfo &entry : kFrameworks)
    if (entry.name == name)
      return entry.framework;
  return std::nullopt;
}

const std::vector<DerivationFramework> &allFrameworks() {
  static const std::vector<DerivationFramework> all = [] {
    std::vector<DerivationFramework> list;
    for (const FrameworkInfo &entry : kFrameworks)
      list.push_back(entry.framework);
    return list;
  }();
  return all;
}

std::string allFrameworkNames() {
  std::string names;
  for (const FrameworkInfo &entry : kFrameworks) {
    if (!names.empty())
      names += ", ";
    names += entry.name;
  }
  return names;
}

std::string_view frameworkSource(DerivationFramework framework) {
  return info(framework).source;
}

std::string_view shiftConvention(DerivationFramework framework) {
  return info(framework).convention;
}

bool takesFloat(DerivationFramework framework) { return info(framework).takesFloat; }

bool isScale16(DerivationFramework framework) { return info(framework).scale16; }

std::string tosaPairProblem(const MultiplierShift &pair, bool scale16) {
  const char *function = scale16 ? "apply_scale_16" : "apply_scale_32";
  if (pair.multiplier < 0)
    return std::string("REQUIRE(multiplier >= 0) of ") + function + " does not hold";
  int64_t maximum = scale16 ? std::numeric_limits<int16_t>::max() : kInt32Max;
  if (pair.multiplier > maximum)
    return "multiplier " + std::to_string(pair.multiplier) + " does not fit " +
           (scale16 ? "int16" : "int32");
  if (pair.shift < 2 || pair.shift > 62)
    return std::string("REQUIRE(2 <= shift && shift <= 62) of ") + function +
           " does not hold";
  return "";
}

Derivation deriveTflite(double scale) {
  return tfliteQuantizeMultiplier(DerivationFramework::Tflite, scale, false, false);
}

Derivation deriveTfliteSingleRound(double scale) {
  return tfliteQuantizeMultiplier(DerivationFramework::TfliteSingleRound, scale, true, false);
}

Derivation deriveTfliteEmulateFloat(double scale) {
  return tfliteQuantizeMultiplier(DerivationFramework::TfliteEmulateFloat, scale, false, true);
}

/// quantization_util.cc QuantizeMultiplierSmallerThanOneExp:
/// TFLITE_CHECK_LT(d, 1.), TFLITE_CHECK_GT(d, 0.), QuantizeMultiplier, then
/// TFLITE_CHECK_LE(shift, 0) -- which fails when the carry lifts the shift
/// of a scale just below 1 to 1.
Derivation deriveTfliteSmallerThanOne(double scale) {
  Derivation result = start(DerivationFramework::TfliteSmallerThanOne, scale);
  if (!(scale < 1.0))
    return reject(result, "TFLITE_CHECK_LT(double_multiplier, 1.) fails: TFLite aborts");
  if (!(scale > 0.0))
    return reject(result, "TFLITE_CHECK_GT(double_multiplier, 0.) fails: TFLite aborts");
  Derivation inner =
      tfliteQuantizeMultiplier(DerivationFramework::TfliteSmallerThanOne, scale, false, false);
  if (inner.accepted && inner.native->shift > 0) {
    std::string carried = "TFLITE_CHECK_LE(shift, 0) fails (shift " +
                          std::to_string(inner.native->shift) +
                          " after the 2^31 carry): TFLite aborts";
    return reject(inner, carried);
  }
  return inner;
}

/// quantization_util.cc QuantizeMultiplierGreaterThanOne:
/// TFLITE_CHECK_GT(d, 1.), QuantizeMultiplier, TFLITE_CHECK_GE(left_shift, 0)
/// (always true for d > 1: frexp's exponent is at least 1).
Derivation deriveTfliteGreaterThanOne(double scale) {
  Derivation result = start(DerivationFramework::TfliteGreaterThanOne, scale);
  if (!(scale > 1.0))
    return reject(result, "TFLITE_CHECK_GT(double_multiplier, 1.) fails: TFLite aborts");
  Derivation inner =
      tfliteQuantizeMultiplier(DerivationFramework::TfliteGreaterThanOne, scale, false, false);
  if (inner.accepted && inner.native->shift < 0)
    return reject(inner, "TFLITE_CHECK_GE(*left_shift, 0) fails: TFLite aborts");
  return inner;
}

/// mlir/lib/Dialect/Tosa/Utils/QuantUtils.cpp (MLIR 22),
/// computeMultiplierAndShiftTosaScale32 / ...Scale16 and
/// computeMultiplierAndShift, with B = 31 (scaleWidth 32) or 15 (16):
///   mantissa = frexp(scale, &shift); shiftedM = std::round(mantissa * 2^B);
///   assert(shiftedM <= 2^B); shiftedM == 2^B -> shiftedM /= 2, shift++;
///   shift = -shift + B; assert(shiftedM <= INT32_MAX);
///   multiplier = static_cast<int32_t>(shiftedM);
///   shift > 62 -> multiplier >>= min(31, shift - 62), shift = 62;
///   return !(shift < 2).
/// (Older MLIR: void, and the clamp at 63.) The disassembly of Debian's
/// libMLIR.so.22.1 computes exactly this; its asserts are compiled out.
Derivation deriveMlir(double scale, int scaleWidth) {
  DerivationFramework framework =
      scaleWidth == 16 ? DerivationFramework::MlirScale16 : DerivationFramework::MlirScale32;
  Derivation result = start(framework, scale);
  if (scaleWidth != 16 && scaleWidth != 32)
    return reject(result, "scaleWidth " + std::to_string(scaleWidth) +
                              ": computeMultiplierAndShift returns false without writing "
                              "(assert(0 && \"Unsupported Tosa quantized_scale regime "
                              "specified!\") in a build with assertions)");
  const int bits = scaleWidth == 16 ? 15 : 31;
  const double limit = double(int64_t(1) << bits);
  if (!std::isfinite(scale)) {
    std::string what = nonFiniteName(scale);
    std::string assertion =
        std::isnan(scale) || scale > 0
            ? "a build with assertions aborts at assert(shiftedM <= (int64_t(1) << " +
                  std::to_string(bits) + "))"
            : "-inf passes both asserts";
    return reject(result, "scale " + what + ": " + assertion +
                              "; then static_cast<int32_t> of a non-finite shiftedM is "
                              "undefined (Debian's release libMLIR 22 on x86-64 returns true "
                              "with multiplier INT32_MIN, shift " +
                              std::to_string(bits) + ")");
  }
  int exponent = 0;
  double mantissa = std::frexp(scale, &exponent);
  double shiftedM = std::round(mantissa * limit); // exact: |mantissa| < 1
  if (shiftedM == limit) {
    shiftedM /= 2;
    ++exponent;
    result.notes.push_back("carry: the rounded mantissa was 2^" + std::to_string(bits) +
                           ", so it becomes 2^" + std::to_string(bits - 1) +
                           " and the shift drops by 1");
  }
  int64_t shift = -int64_t(exponent) + bits;
  int64_t multiplier = static_cast<int64_t>(shiftedM); // in [-2^B, 2^B - 1]
  if (shift > 62) {
    int amount = int(std::min<int64_t>(31, shift - 62));
    int64_t clamped = floorShiftRight(multiplier, amount);
    result.notes.push_back("clamped: shift " + std::to_string(shift) +
                           " > 62 becomes 62, multiplier " + std::to_string(multiplier) +
                           " >> " + std::to_string(amount) + " = " + std::to_string(clamped));
    multiplier = clamped;
    shift = 62;
  }
  setPair(result, multiplier, shift, shift);
  if (shift < 2) {
    result.accepted = false;
    result.error = "computeMultiplierAndShift returns false: shift " + std::to_string(shift) +
                   " < 2 is not valid in TOSA (the pair is still written)";
    return result;
  }
  result.accepted = true;
  return result;
}

/// google/gemmlowp doc/quantization_example.cc,
/// QuantizeMultiplierSmallerThanOne(float real_multiplier, ...):
///   assert(0 < real_multiplier < 1); s = 0;
///   while (real_multiplier < 0.5f) { real_multiplier *= 2.0f; s++; }
///   q = (int64)std::round(real_multiplier * (1ll << 31));
///   assert(q <= 2^31); q == 2^31 -> q /= 2, s--; assert(s >= 0);
///   assert(q <= INT32_MAX); (multiplier, right_shift) = (q, s).
/// The float product is exact and already an integer (24 significant bits
/// at 2^30), so round changes nothing and the carry cannot happen.
Derivation deriveGemmlowp(double scale) {
  Derivation result = start(DerivationFramework::Gemmlowp, scale);
  float value = convertToFloat(result);
  if (!(value > 0.0f))
    return reject(result,
                  std::string("assert(real_multiplier > 0.f) fails") +
                      (std::isnan(value) ? "; without assertions std::round(NaN) is converted "
                                           "to int64 (undefined)"
                                         : "; without assertions the loop "
                                           "while (real_multiplier < 0.5f) never ends"));
  if (!(value < 1.0f))
    return reject(result, "assert(real_multiplier < 1.f) fails (the float scale is " +
                              hexFloat(double(value)) + ")");
  int64_t s = 0;
  while (value < 0.5f) {
    value *= 2.0f;
    ++s;
  }
  int64_t q = static_cast<int64_t>(std::round(value * 2147483648.0f));
  if (q == kTwoTo31) { // unreachable for a float below 1, kept as the source has it
    q /= 2;
    --s;
  }
  result.accepted = true;
  setPair(result, q, s, 31 + s);
  return result;
}

/// apache/tvm src/relay/qnn/utils.cc, GetFixedPointMultiplierShift(double):
/// TFLite's QuantizeMultiplier without the flush to zero: 0 -> (0, 0);
/// significand = (int64)std::round(frexp(d, &exponent) * 2^31);
/// ICHECK_LE(significand, 2^31); == 2^31 -> /2, ++exponent;
/// ICHECK_LE(significand, INT32_MAX); returns (significand, exponent).
Derivation deriveTvm(double scale) {
  Derivation result = start(DerivationFramework::Tvm, scale);
  if (scale == 0.0) {
    result.accepted = true;
    result.notes.push_back("scale 0: GetFixedPointMultiplierShift returns (0, 0) at once");
    setPair(result, 0, 0, 31);
    return result;
  }
  if (!std::isfinite(scale))
    return reject(result, "scale " + nonFiniteName(scale) +
                              ": undefined behaviour: frexp's exponent is unspecified and "
                              "static_cast<int64_t>(std::round(...)) of a non-finite value is "
                              "undefined");
  int exponent = 0;
  double significand = std::round(std::frexp(scale, &exponent) * 2147483648.0);
  int64_t significandInt = static_cast<int64_t>(significand);
  if (significandInt == kTwoTo31) {
    significandInt /= 2;
    ++exponent;
    result.notes.push_back("carry: the rounded mantissa was 2^31, so it becomes 2^30 and the "
                           "exponent grows by 1");
  }
  result.accepted = true;
  setPair(result, significandInt, exponent, 31 - int64_t(exponent));
  return result;
}

/// google/XNNPACK src/microparams-init.c,
/// xnn_init_qs8_conv_minmax_rndnu_scalar_params(params, float scale, ...):
///   assert(scale >= 0x1.0p-32f); assert(scale < 256.0f);
///   multiplier = (bits & 0x007FFFFF) | 0x00800000; shift = 127 + 23 - (bits >> 23)
/// -- the float's 24-bit significand and exponent, exact; shift 16..55.
Derivation deriveXnnpackRndnu(double scale) {
  Derivation result = start(DerivationFramework::XnnpackRndnu, scale);
  float value = convertToFloat(result);
  if (!(value >= 0x1.0p-32f))
    return reject(result, "assert(scale >= 0x1.0p-32f) fails (the float scale is " +
                              hexFloat(double(value)) + ")");
  if (!(value < 256.0f))
    return reject(result, "assert(scale < 256.0f) fails (the float scale is " +
                              hexFloat(double(value)) + "; XNNPACK's operators reject a "
                              "requantization scale >= 256 before this)");
  uint32_t bits = bitsOf(value);
  int64_t multiplier = int64_t((bits & 0x007FFFFFu) | 0x00800000u);
  int64_t shift = 127 + 23 - int64_t(bits >> 23);
  result.accepted = true;
  setPair(result, multiplier, shift, shift);
  return result;
}

/// Older google/XNNPACK src/params-init.c (2021),
/// xnn_init_qs8_conv_minmax_gemmlowp_scalar_params(params, float scale, ...):
///   multiplier = ((bits & 0x007FFFFF) | 0x00800000) << 7;
///   shift = 127 + 31 - 32 - (bits >> 23); assert(shift >= 0); assert(shift < 32)
/// -- gemmlowp's QuantizeMultiplierSmallerThanOne from the float's bits, for
/// floats in [2^-32, 1).
Derivation deriveXnnpackGemmlowp(double scale) {
  Derivation result = start(DerivationFramework::XnnpackGemmlowp, scale);
  float value = convertToFloat(result);
  uint32_t bits = bitsOf(value);
  int64_t multiplier = int64_t(((bits & 0x007FFFFFu) | 0x00800000u) << 7);
  int64_t shift = 127 + 31 - 32 - int64_t(bits >> 23);
  if (shift < 0)
    return reject(result, "assert(shift >= 0) fails (shift " + std::to_string(shift) +
                              " for the float scale " + hexFloat(double(value)) + ")");
  if (shift >= 32)
    return reject(result, "assert(shift < 32) fails (shift " + std::to_string(shift) +
                              " for the float scale " + hexFloat(double(value)) + ")");
  result.accepted = true;
  setPair(result, multiplier, shift, 31 + shift);
  return result;
}

Derivation deriveMultiplier(DerivationFramework framework, double scale) {
  switch (framework) {
  case DerivationFramework::Tflite:
    return deriveTflite(scale);
  case DerivationFramework::TfliteSingleRound:
    return deriveTfliteSingleRound(scale);
  case DerivationFramework::TfliteEmulateFloat:
    return deriveTfliteEmulateFloat(scale);
  case DerivationFramework::TfliteSmallerThanOne:
    return deriveTfliteSmallerThanOne(scale);
  case DerivationFramework::TfliteGreaterThanOne:
    return deriveTfliteGreaterThanOne(scale);
  case DerivationFramework::MlirScale32:
    return deriveMlir(scale, 32);
  case DerivationFramework::MlirScale16:
    return deriveMlir(scale, 16);
  case DerivationFramework::Gemmlowp:
    return deriveGemmlowp(scale);
  case DerivationFramework::Tvm:
    return deriveTvm(scale);
  case DerivationFramework::XnnpackRndnu:
    return deriveXnnpackRndnu(scale);
  case DerivationFramework::XnnpackGemmlowp:
    return deriveXnnpackGemmlowp(scale);
  }
  return deriveTflite(scale); // unreachable
}

} // namespace qi::requant
