//===- X87Quantize.cpp - qcast from f80 with x87 arithmetic ---------------===//
//
// Spec: [fast.x87-host], [fast.x87-directed], [fast.host-qcast],
// [fast.environment] (spec/performance.md). The steps of
// QuantizeKernel::operator() (ReferenceKernels.cpp) in the same order, each float
// step one host operation in the format of t: x87 for f80 (precision control
// 64 bits), SSE for f32 / f64; the input's conversion into f32 / f64 is one
// x87 store. All of them round in the arithmetic mode: nearest-even in the
// default environment, or a directed mode set on both units for the span
// of one run (this file is compiled with -frounding-math so that no float
// step is folded or moved across the switch). The integer steps and the
// policies are HostQcastTail's, shared with HostQuantizer.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/X87Quantize.h"

#include "interpreter/fast/ElementBytes.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/fast/HostStepValue.h"
#include "interpreter/host/X87Float.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cfenv>
#include <cstring>
#include <optional>
#include <type_traits>

// float / double steps must be single SSE operations; long double is the
// x87 format by construction ([fast.environment]).
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "host fast paths need FLT_EVAL_METHOD == 0 (SSE arithmetic)"
#endif

namespace qi::fast {

using namespace quant;
using namespace host;

using namespace numeric;

namespace {

/// The host rounding direction (<cfenv>) of an arithmetic mode, if IEEE
/// hardware has it: nearest-even and the three directed modes. Nearest-away,
/// nearest-up, odd and exact arithmetic (no mode) have no x87 / SSE
/// counterpart. [fast.x87-directed]
std::optional<int> hostRoundingOf(std::optional<RoundingMode> mode) {
  if (!mode)
    return std::nullopt;
  switch (*mode) {
  case RoundingMode::NearestEven:
    return FE_TONEAREST;
  case RoundingMode::TowardZero:
    return FE_TOWARDZERO;
  case RoundingMode::TowardPositive:
    return FE_UPWARD;
  case RoundingMode::TowardNegative:
    return FE_DOWNWARD;
  case RoundingMode::NearestAway:
  case RoundingMode::NearestUp:
  case RoundingMode::Odd:
    break;
  }
  return std::nullopt;
}

/// Sets the host rounding direction of this thread on the x87 control word
/// and MXCSR (glibc's fesetround sets both) for the scope's lifetime and
/// puts the previous one back; no call when it already holds.
class HostRoundingScope {
public:
  explicit HostRoundingScope(int direction) : saved_(std::fegetround()) {
    if (direction != saved_)
      changed_ = std::fesetround(direction) == 0;
  }
  ~HostRoundingScope() {
    if (changed_)
      std::fesetround(saved_);
  }
  HostRoundingScope(const HostRoundingScope &) = delete;
  HostRoundingScope &operator=(const HostRoundingScope &) = delete;

private:
  int saved_;
  bool changed_ = false;
};

/// A step value of format f32, f64 or f80 as a host value of type T, the
/// host type of that format (exact).
template <typename T> T hostConstant(const StepValue &v) {
  if constexpr (std::is_same_v<T, long double>)
    return f80ToHost(v.bits);
  else
    return static_cast<T>(hostValue(v));
}

} // namespace

//===----------------------------------------------------------------------===//
// Coverage and constants
//===----------------------------------------------------------------------===//

bool X87Quantizer::supports(const QuantType &type, const Semantics &semantics) {
  if (!kHostHasX87 || type.expressed != &f80Format())
    return false;
  // Only nearest-even and directed steps are host operations; f32, f64 and
  // f80 (the only precisions a recipe names here) are all host formats.
  // [fast.x87-directed]
  if (!hostRoundingOf(semantics.arithRounding))
    return false;
  const QuantizeRecipe &r = quantizeRecipeFor(type, semantics); // [recipe.narrow-expressed]
  if (r.roundBeforeZeroPoint || r.clampHighInFloat || r.flushSubnormals)
    return false;
  return HostQcastTail::integerStepsFitInt64(type, semantics);
}

X87Quantizer::X87Quantizer(const QuantType &type, const Semantics &semantics,
                           const QuantizeKernel &reference)
    : type_(type), reference_(reference), tail_(type, semantics), recipe_(quantizeRecipeFor(type, semantics)),
      direction_(hostRoundingOf(semantics.arithRounding).value_or(FE_TONEAREST)) {
  StepArithmetic arith(semantics.arithRounding, *type.expressed);
  const FloatFormat *scaled = arith.format(recipe_.scaled);
  scaled_ = scaled == &f32Format()   ? Scaled::F32
            : scaled == &f64Format() ? Scaled::F64
                                     : Scaled::F80;
  if (const auto &bound = tail_.upperBound()) {
    hasUpperBound_ = true;
    upperBoundF32_ = scaled_ == Scaled::F32 ? hostConstant<float>(*bound) : 0;
    upperBoundF64_ = scaled_ == Scaled::F64 ? hostConstant<double>(*bound) : 0;
    upperBoundF80_ = scaled_ == Scaled::F80 ? hostConstant<long double>(*bound) : 0;
  }
  // The exact constants in the host type of t.
  auto fill = [&](auto &table) {
    using T = decltype(table[0].factor);
    for (const StepConstants &c : tail_.constants())
      table.push_back({hostConstant<T>(c.factor), hostConstant<T>(c.zeroPointFloat),
                       hostConstant<T>(c.clampLow), hostConstant<T>(c.clampHigh),
                       c.zeroPoint});
  };
  switch (scaled_) {
  case Scaled::F32:
    fill(f32_);
    break;
  case Scaled::F64:
    fill(f64_);
    break;
  case Scaled::F80:
    fill(f80_);
    break;
  }
}

template <typename T>
const std::vector<X87Quantizer::Constants<T>> &X87Quantizer::constants() const {
  if constexpr (std::is_same_v<T, float>)
    return f32_;
  else if constexpr (std::is_same_v<T, double>)
    return f64_;
  else
    return f80_;
}

template <typename T> T X87Quantizer::upperBound() const {
  if constexpr (std::is_same_v<T, float>)
    return upperBoundF32_;
  else if constexpr (std::is_same_v<T, double>)
    return upperBoundF64_;
  else
    return upperBoundF80_;
}

//===----------------------------------------------------------------------===//
// The scalar path: QuantizeKernel::operator() with host steps
//===----------------------------------------------------------------------===//

template <typename T>
int64_t X87Quantizer::element(const uint8_t *x, int64_t parameter) const {
  const Constants<T> &p = constants<T>()[size_t(parameter)];
  // t = T(x): none for f80; one x87 store, rounded in the arithmetic mode,
  // for f32 / f64 ([op.convert]).
  T t = static_cast<T>(f80ToHost(x));
  t = recipe_.multiplyByReciprocal ? t * p.factor : t / p.factor;
  if (recipe_.zeroPointInFloat)
    t = t + p.zeroPointFloat;
  if (hasUpperBound_ && (t != t || t > upperBound<T>()))
    t = upperBound<T>();
  if (recipe_.clampInFloat) {
    if (t != t || p.clampLow > t)
      t = p.clampLow;
    else if (t > p.clampHigh)
      t = p.clampHigh;
  }
  return tail_.store(t, p.zeroPoint, [&] {
    // The numeric core runs in the default environment.
    const HostRoundingScope nearest(FE_TONEAREST);
    Bits pattern = 0;
    std::memcpy(&pattern, x, 10);
    const StoredOutcome o = reference_(pattern, parameter);
    return o.poison ? -1 : static_cast<int64_t>(type_.storage.toBits(o.value));
  });
}

int64_t X87Quantizer::quantizeOne(Bits x, int64_t parameter) const {
  uint8_t element[16] = {};
  std::memcpy(element, &x, 10);
  const HostRoundingScope arithmetic(direction_);
  switch (scaled_) {
  case Scaled::F32:
    return this->element<float>(element, parameter);
  case Scaled::F64:
    return this->element<double>(element, parameter);
  case Scaled::F80:
    break;
  }
  return this->element<long double>(element, parameter);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

template <typename T, typename S>
void X87Quantizer::runTyped(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                            const int64_t *parameters, int64_t parameter,
                            std::vector<int64_t> &poison) const {
  for (int64_t i = start; i < start + length; ++i) {
    const int64_t stored =
        element<T>(in + 16 * i, parameters ? parameters[i - start] : parameter);
    if (stored < 0)
      poison.push_back(i);
    else
      storeElement<S>(out, i, static_cast<S>(stored));
  }
}

template <typename T>
void X87Quantizer::runStored(const uint8_t *in, uint8_t *out, unsigned outBytes,
                             int64_t start, int64_t length, const int64_t *parameters,
                             int64_t parameter, std::vector<int64_t> &poison) const {
  switch (outBytes) {
  case 1:
    return runTyped<T, uint8_t>(in, out, start, length, parameters, parameter, poison);
  case 2:
    return runTyped<T, uint16_t>(in, out, start, length, parameters, parameter, poison);
  default:
    return runTyped<T, uint32_t>(in, out, start, length, parameters, parameter, poison);
  }
}

void X87Quantizer::dispatch(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                            int64_t length, const int64_t *parameters, int64_t parameter,
                            std::vector<int64_t> &poison) const {
  const HostRoundingScope arithmetic(direction_);
  switch (scaled_) {
  case Scaled::F32:
    return runStored<float>(in, out, outBytes, start, length, parameters, parameter, poison);
  case Scaled::F64:
    return runStored<double>(in, out, outBytes, start, length, parameters, parameter, poison);
  case Scaled::F80:
    return runStored<long double>(in, out, outBytes, start, length, parameters, parameter,
                                  poison);
  }
}

void X87Quantizer::run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                       int64_t length, int64_t parameter,
                       std::vector<int64_t> &poison) const {
  dispatch(in, out, outBytes, start, length, nullptr, parameter, poison);
}

void X87Quantizer::run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                       int64_t length, const int64_t *parameters,
                       std::vector<int64_t> &poison) const {
  dispatch(in, out, outBytes, start, length, parameters, 0, poison);
}

} // namespace qi::fast
