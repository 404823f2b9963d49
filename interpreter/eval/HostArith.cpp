//===- HostArith.cpp - Host-float fast paths of the arith evaluators ------===//
//
// Spec: [fast.host-arith], [fast.environment] in spec/performance.md.
// Compiled with -ffp-contract=off -fno-fast-math: each C++ float / double
// operation below is one IEEE operation, rounded to nearest-even.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/HostArith.h"

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/host/FloatEnvironment.h"

#include <cfloat>
#include <cmath>
#include <cstring>

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "host fast paths need FLT_EVAL_METHOD == 0 (SSE arithmetic)"
#endif

namespace qi::eval::hostarith {

namespace {

using numeric::Bits;

bool isF32(const ElementType &t) { return t.isFloat() && t.floatFormat == &numeric::f32Format(); }
bool isF64(const ElementType &t) { return t.isFloat() && t.floatFormat == &numeric::f64Format(); }

/// The conditions every path shares: a tensor without poison elements and the
/// IEEE default host environment. [fast.environment]
bool usable(const RuntimeValue &v) {
  return v.isTensor() && !v.hasPoison() && qi::host::hostFloatEnvironmentIsDefault();
}
bool sameShape(const RuntimeValue &a, const RuntimeValue &b) {
  return a.isTensor() == b.isTensor() && a.shape() == b.shape();
}

template <class T> T load(const uint8_t *base, int64_t i) {
  T value;
  std::memcpy(&value, base + size_t(i) * sizeof(T), sizeof(T));
  return value;
}
template <class T> void store(uint8_t *base, int64_t i, T value) {
  std::memcpy(base + size_t(i) * sizeof(T), &value, sizeof(T));
}

/// The storage word type of a float format on the host.
template <class F> struct WordOf;
template <> struct WordOf<float> { using type = uint32_t; };
template <> struct WordOf<double> { using type = uint64_t; };

template <class F>
void binaryLoop(FloatBinary kind, const uint8_t *a, const uint8_t *b, uint8_t *out, int64_t n,
                ExactBinary exact) {
  using W = typename WordOf<F>::type;
  auto run = [&](auto op) {
    for (int64_t i = 0; i < n; ++i)
      store<F>(out, i, op(load<F>(a, i), load<F>(b, i)));
  };
  switch (kind) {
  case FloatBinary::Add: run([](F x, F y) { return x + y; }); break;
  case FloatBinary::Sub: run([](F x, F y) { return x - y; }); break;
  case FloatBinary::Mul: run([](F x, F y) { return x * y; }); break;
  case FloatBinary::Div: run([](F x, F y) { return x / y; }); break;
  }
  // NaN results (NaN operands, invalid operations): the exact rule's bits.
  for (int64_t i = 0; i < n; ++i) {
    F r = load<F>(out, i);
    if (r != r)
      store<W>(out, i, W(exact(Bits(load<W>(a, i)), Bits(load<W>(b, i)))));
  }
}

/// Integer storage words: element i of 1, 2, 4 or 8 bytes as its width-bit
/// value, signed or unsigned, and back.
template <class S> int64_t readInt(const uint8_t *base, int64_t i, unsigned width, bool isSigned) {
  uint64_t u = load<S>(base, i);
  if (width < 64)
    u &= (uint64_t(1) << width) - 1;
  if (isSigned && width < 64 && (u >> (width - 1)) & 1)
    u |= ~((uint64_t(1) << width) - 1);
  return static_cast<int64_t>(u);
}
template <class S> void writeInt(uint8_t *base, int64_t i, unsigned width, uint64_t u) {
  if (width < 64)
    u &= (uint64_t(1) << width) - 1;
  store<S>(base, i, static_cast<S>(u));
}

/// Calls `body` with a value of the storage word type of `bytes`.
template <class Body> void withWord(unsigned bytes, Body body) {
  switch (bytes) {
  case 1: body(uint8_t()); break;
  case 2: body(uint16_t()); break;
  case 4: body(uint32_t()); break;
  default: body(uint64_t()); break;
  }
}

template <class F>
void intToFloatLoop(const RuntimeValue &in, unsigned width, bool isSigned, RuntimeValue &out) {
  const uint8_t *src = in.data();
  uint8_t *dst = out.data();
  withWord(in.bytesPerElement(), [&](auto word) {
    using S = decltype(word);
    // int64 -> float / double: one correctly rounded conversion (cvtsi2ss/sd).
    for (int64_t i = 0, n = in.size(); i < n; ++i)
      store<F>(dst, i, static_cast<F>(readInt<S>(src, i, width, isSigned)));
  });
}

template <class F>
void floatToIntLoop(const RuntimeValue &in, unsigned width, bool isSigned, RuntimeValue &out) {
  const uint8_t *src = in.data();
  uint8_t *dst = out.data();
  // The range of the truncated value: [lo, hi), both powers of two (or 0),
  // exact in F. NaN fails both comparisons.
  const F lo = isSigned ? -std::ldexp(F(1), int(width) - 1) : F(0);
  const F hi = std::ldexp(F(1), isSigned ? int(width) - 1 : int(width));
  withWord(out.bytesPerElement(), [&](auto word) {
    using S = decltype(word);
    for (int64_t i = 0, n = in.size(); i < n; ++i) {
      F t = std::trunc(load<F>(src, i)); // exact
      if (t >= lo && t < hi) {
        uint64_t u = isSigned ? static_cast<uint64_t>(static_cast<int64_t>(t))
                              : static_cast<uint64_t>(t);
        writeInt<S>(dst, i, width, u);
      } else {
        writeInt<S>(dst, i, width, 0); // poison, as the exact rule writes it
        out.setPoison(i);
      }
    }
  });
}

template <class From, class To>
void convertLoop(const RuntimeValue &in, RuntimeValue &out, ExactUnary exact) {
  using WF = typename WordOf<From>::type;
  using WT = typename WordOf<To>::type;
  const uint8_t *src = in.data();
  uint8_t *dst = out.data();
  for (int64_t i = 0, n = in.size(); i < n; ++i) {
    From x = load<From>(src, i);
    if (x != x)
      store<WT>(dst, i, WT(exact(Bits(load<WF>(src, i)))));
    else
      store<To>(dst, i, static_cast<To>(x));
  }
}

} // namespace

std::optional<RuntimeValue> floatBinary(FloatBinary kind, const RuntimeValue &a,
                                        const RuntimeValue &b, numeric::RoundingMode mode,
                                        bool strict, ExactBinary exact) {
  const ElementType &t = a.elementType();
  if (!strict || mode != numeric::RoundingMode::NearestEven || !(isF32(t) || isF64(t)) ||
      !(b.elementType() == t) || !usable(a) || !usable(b) || !sameShape(a, b))
    return std::nullopt;
  RuntimeValue out = RuntimeValue::tensor(t, a.shape());
  if (isF32(t))
    binaryLoop<float>(kind, a.data(), b.data(), out.data(), a.size(), exact);
  else
    binaryLoop<double>(kind, a.data(), b.data(), out.data(), a.size(), exact);
  return out;
}

std::optional<RuntimeValue> intToFloat(bool isSigned, const RuntimeValue &in,
                                       unsigned intWidth, const ElementType &to,
                                       numeric::RoundingMode mode) {
  // Unsigned i64 would need a uint64 conversion; it stays exact.
  if (mode != numeric::RoundingMode::NearestEven || !(isF32(to) || isF64(to)) ||
      intWidth < 1 || intWidth > (isSigned ? 64u : 63u) || !usable(in))
    return std::nullopt;
  RuntimeValue out = RuntimeValue::tensor(to, in.shape());
  if (isF32(to))
    intToFloatLoop<float>(in, intWidth, isSigned, out);
  else
    intToFloatLoop<double>(in, intWidth, isSigned, out);
  return out;
}

std::optional<RuntimeValue> floatToInt(bool isSigned, const RuntimeValue &in,
                                       unsigned intWidth, const ElementType &to) {
  const ElementType &from = in.elementType();
  if (!(isF32(from) || isF64(from)) || intWidth < 1 || intWidth > 64 || !usable(in))
    return std::nullopt;
  RuntimeValue out = RuntimeValue::tensor(to, in.shape());
  if (isF32(from))
    floatToIntLoop<float>(in, intWidth, isSigned, out);
  else
    floatToIntLoop<double>(in, intWidth, isSigned, out);
  return out;
}

std::optional<RuntimeValue> floatConvert(const RuntimeValue &in, const ElementType &to,
                                         numeric::RoundingMode mode, bool strict,
                                         ExactUnary exact) {
  const ElementType &from = in.elementType();
  if (!strict || mode != numeric::RoundingMode::NearestEven || !usable(in))
    return std::nullopt;
  if (isF32(from) && isF64(to)) {
    RuntimeValue out = RuntimeValue::tensor(to, in.shape());
    convertLoop<float, double>(in, out, exact);
    return out;
  }
  if (isF64(from) && isF32(to)) {
    RuntimeValue out = RuntimeValue::tensor(to, in.shape());
    convertLoop<double, float>(in, out, exact);
    return out;
  }
  return std::nullopt;
}

std::optional<RuntimeValue> intMinMax(IntMinMax kind, const RuntimeValue &a,
                                      const RuntimeValue &b, unsigned intWidth) {
  if (intWidth < 1 || intWidth > 64 || !(a.elementType() == b.elementType()) || !a.isTensor() ||
      a.hasPoison() || b.hasPoison() || !sameShape(a, b))
    return std::nullopt;
  const bool isSigned = kind == IntMinMax::MaxS || kind == IntMinMax::MinS;
  const bool isMax = kind == IntMinMax::MaxS || kind == IntMinMax::MaxU;
  RuntimeValue out = RuntimeValue::tensor(a.elementType(), a.shape());
  withWord(a.bytesPerElement(), [&](auto word) {
    using S = decltype(word);
    for (int64_t i = 0, n = a.size(); i < n; ++i) {
      int64_t x = readInt<S>(a.data(), i, intWidth, isSigned);
      int64_t y = readInt<S>(b.data(), i, intWidth, isSigned);
      bool xWins;
      if (isSigned)
        xWins = isMax ? x >= y : x <= y;
      else
        xWins = isMax ? uint64_t(x) >= uint64_t(y) : uint64_t(x) <= uint64_t(y);
      writeInt<S>(out.data(), i, intWidth, uint64_t(xWins ? x : y));
    }
  });
  return out;
}

} // namespace qi::eval::hostarith
