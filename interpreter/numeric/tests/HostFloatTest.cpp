//===- HostFloatTest.cpp - Differential test against host f32/f64 ---------===//
//
// Spec: [round.nearest-even] [round.toward-zero] [round.toward-positive]
// [round.toward-negative] [round.nearest-away] [op.arith] [op.convert]
// [op.float-to-int] [format.nan] [status.flags].
//
// The host's IEEE 754 binary32/binary64 hardware (x86-64 SSE; glibc for
// fma/nearbyint/rint/round/trunc/llrint) is the oracle. Operands are volatile
// and the file is compiled with -frounding-math so that nothing is folded at
// compile time under the default mode. Bit patterns are compared exactly; a
// NaN result is compared bit for bit when an operand was NaN (first NaN
// operand quieted, which is what SSE does) and by NaN-ness only when an
// invalid operation created it (x86 default NaN is negative, ours positive).
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/tests/TestUtil.h"

#include "interpreter/numeric/FloatOps.h"
#include "interpreter/numeric/IntFormat.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstring>


namespace qi::numeric::test {
namespace {

constexpr int kInputsPerOp = 1'000'000; // split evenly over the 4 host modes

const RoundingMode kHostModes[] = {RoundingMode::NearestEven, RoundingMode::TowardZero,
                                   RoundingMode::TowardPositive,
                                   RoundingMode::TowardNegative};
int hostMode(RoundingMode m) {
  switch (m) {
  case RoundingMode::NearestEven: return FE_TONEAREST;
  case RoundingMode::TowardZero: return FE_TOWARDZERO;
  case RoundingMode::TowardPositive: return FE_UPWARD;
  case RoundingMode::TowardNegative: return FE_DOWNWARD;
  default: return -1;
  }
}

/// Host flags in our Status encoding.
uint8_t hostFlags() {
  int e = std::fetestexcept(FE_ALL_EXCEPT);
  uint8_t s = 0;
  if (e & FE_INVALID) s |= Status::Invalid;
  if (e & FE_DIVBYZERO) s |= Status::DivideByZero;
  if (e & FE_OVERFLOW) s |= Status::Overflow;
  if (e & FE_UNDERFLOW) s |= Status::Underflow;
  if (e & FE_INEXACT) s |= Status::Inexact;
  return s;
}

template <class T> struct Host;
template <> struct Host<float> {
  using U = uint32_t;
  static const FloatFormat &format() { return f32Format(); }
};
template <> struct Host<double> {
  using U = uint64_t;
  static const FloatFormat &format() { return f64Format(); }
};

template <class T> T fromBits(Bits b) {
  typename Host<T>::U u = typename Host<T>::U(b);
  T t;
  std::memcpy(&t, &u, sizeof t);
  return t;
}
template <class T> Bits toBits(T t) {
  typename Host<T>::U u;
  std::memcpy(&u, &t, sizeof t);
  return Bits(u);
}

enum class Op { Add, Sub, Mul, Div, Fma };

// The SSE instructions directly, so that the first operand is known to be
// the destination (SSE returns the first NaN operand, quieted).
template <class T> T hostOp(Op op, T a, T b, T c) {
#if defined(__x86_64__) && defined(__SSE2__)
  T r = a;
  if constexpr (sizeof(T) == 4) {
    switch (op) {
    case Op::Add: asm volatile("addss %1, %0" : "+x"(r) : "x"(b)); return r;
    case Op::Sub: asm volatile("subss %1, %0" : "+x"(r) : "x"(b)); return r;
    case Op::Mul: asm volatile("mulss %1, %0" : "+x"(r) : "x"(b)); return r;
    case Op::Div: asm volatile("divss %1, %0" : "+x"(r) : "x"(b)); return r;
    case Op::Fma: return std::fma(a, b, c);
    }
  } else {
    switch (op) {
    case Op::Add: asm volatile("addsd %1, %0" : "+x"(r) : "x"(b)); return r;
    case Op::Sub: asm volatile("subsd %1, %0" : "+x"(r) : "x"(b)); return r;
    case Op::Mul: asm volatile("mulsd %1, %0" : "+x"(r) : "x"(b)); return r;
    case Op::Div: asm volatile("divsd %1, %0" : "+x"(r) : "x"(b)); return r;
    case Op::Fma: return std::fma(a, b, c);
    }
  }
  return r;
#else
  volatile T va = a, vb = b, vc = c;
  switch (op) {
  case Op::Add: return va + vb;
  case Op::Sub: return va - vb;
  case Op::Mul: return va * vb;
  case Op::Div: return va / vb;
  case Op::Fma: return std::fma(va, vb, vc);
  }
  return T(0);
#endif
}

FloatResult ourOp(Op op, const FloatFormat &f, Bits a, Bits b, Bits c, RoundingMode m) {
  switch (op) {
  case Op::Add: return floatAdd(f, a, b, m);
  case Op::Sub: return floatSub(f, a, b, m);
  case Op::Mul: return floatMul(f, a, b, m);
  case Op::Div: return floatDiv(f, a, b, m);
  case Op::Fma: return floatFma(f, a, b, c, m);
  }
  return {};
}

/// Counts of one differential run, for the failure message and the log.
struct Tally {
  long inputs = 0, mismatches = 0, flagMismatches = 0;
  long underflowOursOnly = 0; // tininess before (ours) vs after (x86) rounding
  long fmaInfZeroQnan = 0;
};

/// Compares a float result; returns false on a mismatch.
bool sameFloat(const FloatFormat &f, Bits ours, Bits host, bool nanOperand, bool exactNaN) {
  bool on = isNaN(f, ours), hn = isNaN(f, host);
  if (on || hn)
    return on && hn && (!(nanOperand && exactNaN) || ours == host);
  return ours == host;
}

/// Flags: Inexact, Invalid, Overflow, DivideByZero must agree; our Underflow
/// (tininess detected before rounding) must include the host's (after).
bool sameFlags(uint8_t ours, uint8_t host, Tally &t) {
  const uint8_t strict = Status::Inexact | Status::Invalid | Status::Overflow |
                         Status::DivideByZero;
  if ((ours & strict) != (host & strict))
    return false;
  if ((host & Status::Underflow) && !(ours & Status::Underflow))
    return false;
  if ((ours & Status::Underflow) && !(host & Status::Underflow))
    ++t.underflowOursOnly;
  return true;
}

template <class T> void runArith(Op op, uint64_t seed, const char *name) {
  const FloatFormat &f = Host<T>::format();
  Rng rng(seed);
  PatternGen gen(f, rng);
  Tally t;
  for (int i = 0; i < kInputsPerOp; ++i) {
    RoundingMode m = kHostModes[i & 3];
    Bits a = gen.next(), b = gen.related(a);
    Bits c = op == Op::Fma ? (rng.below(3) == 0 ? gen.next() : gen.related(a)) : 0;
    if (op == Op::Fma && rng.below(3) == 0) {
      // c near -(a*b): massive cancellation.
      volatile T p = fromBits<T>(a) * fromBits<T>(b);
      c = gen.related(toBits<T>(-p));
    }
    std::fesetround(hostMode(m));
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile T hr = hostOp<T>(op, fromBits<T>(a), fromBits<T>(b), fromBits<T>(c));
    uint8_t hf = hostFlags();
    std::fesetround(FE_TONEAREST);
    FloatResult r = ourOp(op, f, a, b, c, m);
    bool nanOperand = isNaN(f, a) || isNaN(f, b) || (op == Op::Fma && isNaN(f, c));
    ++t.inputs;
    bool okValue = sameFloat(f, r.bits, toBits<T>(hr), nanOperand, op != Op::Fma);
    uint8_t ourFlags = r.status.flags;
    if (op == Op::Fma && isNaN(f, c) && !isSignalingNaN(f, c) && !isNaN(f, a) &&
        !isNaN(f, b)) {
      // [op.arith] fma(0, inf, qNaN): whether Invalid is raised is
      // implementation-defined (IEEE 754-2019 7.2(c)); we raise it (as
      // APFloat does), x86 FMA does not.
      Exact x = decode(f, a), y = decode(f, b);
      if ((x.isZero() && y.isInfinity()) || (x.isInfinity() && y.isZero())) {
        EXPECT_TRUE(r.status.invalid());
        ourFlags &= ~Status::Invalid;
        ++t.fmaInfZeroQnan;
      }
    }
    bool okFlags = sameFlags(ourFlags, hf, t);
    if (!okValue) ++t.mismatches;
    if (!okFlags) ++t.flagMismatches;
    if ((!okValue || !okFlags) && t.mismatches + t.flagMismatches <= 10)
      ADD_FAILURE() << name << " mode " << roundingModeName(m) << " a=" << hex(a)
                    << " b=" << hex(b) << " c=" << hex(c) << ": ours " << hex(r.bits)
                    << " flags " << int(r.status.flags) << ", host "
                    << hex(toBits<T>(hr)) << " flags " << int(hf);
  }
  EXPECT_EQ(t.mismatches, 0) << name;
  EXPECT_EQ(t.flagMismatches, 0) << name;
  std::printf("[host] %-8s inputs=%ld value-mismatches=%ld flag-mismatches=%ld "
              "underflow(ours-only, tininess before rounding)=%ld fma(0,inf,qNaN)=%ld\n",
              name, t.inputs, t.mismatches, t.flagMismatches, t.underflowOursOnly,
              t.fmaInfZeroQnan);
}

TEST(HostDifferential, F32Add_OpArith) { runArith<float>(Op::Add, 1, "f32.add"); }
TEST(HostDifferential, F32Sub_OpArith) { runArith<float>(Op::Sub, 2, "f32.sub"); }
TEST(HostDifferential, F32Mul_OpArith) { runArith<float>(Op::Mul, 3, "f32.mul"); }
TEST(HostDifferential, F32Div_OpArith) { runArith<float>(Op::Div, 4, "f32.div"); }
TEST(HostDifferential, F32Fma_OpArith) { runArith<float>(Op::Fma, 5, "f32.fma"); }
TEST(HostDifferential, F64Add_OpArith) { runArith<double>(Op::Add, 6, "f64.add"); }
TEST(HostDifferential, F64Sub_OpArith) { runArith<double>(Op::Sub, 7, "f64.sub"); }
TEST(HostDifferential, F64Mul_OpArith) { runArith<double>(Op::Mul, 8, "f64.mul"); }
TEST(HostDifferential, F64Div_OpArith) { runArith<double>(Op::Div, 9, "f64.div"); }
TEST(HostDifferential, F64Fma_OpArith) { runArith<double>(Op::Fma, 10, "f64.fma"); }

// [op.convert] f32 <-> f64 (cvtss2sd / cvtsd2ss; NaN payload left-aligned).
template <class From, class To> void runConvert(uint64_t seed, const char *name) {
  const FloatFormat &from = Host<From>::format(), &to = Host<To>::format();
  Rng rng(seed);
  PatternGen gen(from, rng);
  // Narrowing: also values just around the f32 rounding points.
  Tally t;
  for (int i = 0; i < kInputsPerOp; ++i) {
    RoundingMode m = kHostModes[i & 3];
    Bits a = gen.next();
    if (sizeof(From) > sizeof(To) && rng.below(2)) {
      // An f32 value (or midpoint) widened, nudged by -1..+1 f64 ulps.
      volatile float g = fromBits<float>(Bits(uint32_t(rng.next())));
      double d = double(g);
      uint64_t u = uint64_t(toBits<double>(d));
      if (rng.below(2)) u += uint64_t(1) << 28; // the midpoint to the next f32
      u += rng.below(3) - 1;
      a = Bits(u);
    }
    std::fesetround(hostMode(m));
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile To hr;
#if defined(__x86_64__) && defined(__SSE2__)
    From av = fromBits<From>(a);
    if constexpr (sizeof(From) == 4)
      asm volatile("cvtss2sd %1, %0" : "=x"(hr) : "x"(av));
    else
      asm volatile("cvtsd2ss %1, %0" : "=x"(hr) : "x"(av));
#else
    volatile From av = fromBits<From>(a);
    hr = To(av);
#endif
    uint8_t hf = hostFlags();
    std::fesetround(FE_TONEAREST);
    FloatResult r = floatConvert(from, a, to, m);
    ++t.inputs;
    bool okValue = sameFloat(to, r.bits, toBits<To>(hr), isNaN(from, a), true);
    bool okFlags = sameFlags(r.status.flags, hf, t);
    if (!okValue) ++t.mismatches;
    if (!okFlags) ++t.flagMismatches;
    if ((!okValue || !okFlags) && t.mismatches + t.flagMismatches <= 10)
      ADD_FAILURE() << name << " mode " << roundingModeName(m) << " a=" << hex(a)
                    << ": ours " << hex(r.bits) << " flags " << int(r.status.flags)
                    << ", host " << hex(toBits<To>(hr)) << " flags " << int(hf);
  }
  EXPECT_EQ(t.mismatches, 0) << name;
  EXPECT_EQ(t.flagMismatches, 0) << name;
  std::printf("[host] %-8s inputs=%ld value-mismatches=%ld flag-mismatches=%ld "
              "underflow(ours-only)=%ld\n",
              name, t.inputs, t.mismatches, t.flagMismatches, t.underflowOursOnly);
}

TEST(HostDifferential, F32ToF64_OpConvert) { runConvert<float, double>(11, "f32->f64"); }
TEST(HostDifferential, F64ToF32_OpConvert) { runConvert<double, float>(12, "f64->f32"); }

/// Random int64 mixing full-width values, random bit lengths, and values with
/// few significant bits around the float precision (ties).
int64_t randomInt64(Rng &rng) {
  uint64_t u = rng.next();
  switch (rng.below(4)) {
  case 0: return int64_t(u);
  case 1: return int64_t(u >> rng.below(64));
  case 2: { // k significant bits at a random position
    unsigned k = unsigned(rng.below(60)) + 1, pos = unsigned(rng.below(64 - k));
    uint64_t v = ((u >> (64 - k)) | (uint64_t(1) << (k - 1))) << pos;
    return rng.below(2) ? -int64_t(v & INT64_MAX) : int64_t(v & INT64_MAX);
  }
  default: {
    const int64_t edges[] = {0, 1, -1, INT64_MAX, INT64_MIN, INT64_MIN + 1,
                             (int64_t(1) << 24) + 1, (int64_t(1) << 53) + 1,
                             (int64_t(1) << 25) + 3, (int64_t(1) << 54) + 6};
    return edges[rng.below(10)];
  }
  }
}

template <class To> void runIntToFloat(uint64_t seed, const char *name) {
  const FloatFormat &to = Host<To>::format();
  Rng rng(seed);
  Tally t;
  for (int i = 0; i < kInputsPerOp; ++i) {
    RoundingMode m = kHostModes[i & 3];
    int64_t v = randomInt64(rng);
    std::fesetround(hostMode(m));
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile To hr;
#if defined(__x86_64__)
    if constexpr (sizeof(To) == 4)
      asm volatile("cvtsi2ssq %1, %0" : "=x"(hr) : "r"(v));
    else
      asm volatile("cvtsi2sdq %1, %0" : "=x"(hr) : "r"(v));
#else
    volatile int64_t vv = v;
    hr = To(vv);
#endif
    uint8_t hf = hostFlags();
    std::fesetround(FE_TONEAREST);
    FloatResult r = intToFloat(BigInt(v), to, m);
    ++t.inputs;
    bool okValue = r.bits == toBits<To>(hr);
    bool okFlags = sameFlags(r.status.flags, hf, t);
    if (!okValue) ++t.mismatches;
    if (!okFlags) ++t.flagMismatches;
    if ((!okValue || !okFlags) && t.mismatches + t.flagMismatches <= 10)
      ADD_FAILURE() << name << " mode " << roundingModeName(m) << " v=" << v << ": ours "
                    << hex(r.bits) << ", host " << hex(toBits<To>(hr));
  }
  EXPECT_EQ(t.mismatches, 0) << name;
  EXPECT_EQ(t.flagMismatches, 0) << name;
  std::printf("[host] %-8s inputs=%ld value-mismatches=%ld flag-mismatches=%ld\n", name,
              t.inputs, t.mismatches, t.flagMismatches);
}

TEST(HostDifferential, I64ToF32_OpConvert) { runIntToFloat<float>(13, "i64->f32"); }
TEST(HostDifferential, I64ToF64_OpConvert) { runIntToFloat<double>(14, "i64->f64"); }

double toDouble(const BigInt &v) { return v.template convert_to<double>(); }

// [op.float-to-int] [round.integer]: nearbyint/rint under each host mode,
// trunc (toward-zero), round (nearest-away), llrint for the int64 range.
template <class T> void runFloatToInt(uint64_t seed, const char *name) {
  const FloatFormat &f = Host<T>::format();
  const IntFormat i64{64, true};
  Rng rng(seed);
  PatternGen gen(f, rng);
  Tally t;
  long checks = 0;
  auto fail = [&](const char *what, Bits a, RoundingMode m, const std::string &detail) {
    ++t.mismatches;
    if (t.mismatches <= 10)
      ADD_FAILURE() << name << " " << what << " mode " << roundingModeName(m)
                    << " a=" << hex(a) << ": " << detail;
  };
  for (int i = 0; i < kInputsPerOp; ++i) {
    RoundingMode m = kHostModes[i & 3];
    Bits a = gen.next();
    if (rng.below(2)) { // small magnitudes: halves and near-halves
      volatile T x = T(double(int64_t(rng.below(4001)) - 2000) / 2.0);
      a = toBits<T>(x) + Bits(rng.below(3)) - 1;
      if (isNaN(f, a)) a = 0;
    }
    T x = fromBits<T>(a);
    volatile T vx = x;
    std::fesetround(hostMode(m));
    // Volatile results: GCC does not implement FENV_ACCESS and would
    // otherwise recompute these pure calls after the mode is restored.
    volatile T near = std::nearbyint(vx);
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile T rinted = std::rint(vx);
    uint8_t rintFlags = hostFlags();
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile long long ll = std::llrint(vx);
    uint8_t llFlags = hostFlags();
    std::fesetround(FE_TONEAREST);
    volatile T truncated = std::trunc(vx), rounded = std::round(vx);

    IntegerResult r = floatToInteger(f, a, m);
    ++t.inputs;
    checks += 4;
    if (std::isnan(x) || std::isinf(x)) {
      if (!r.status.invalid())
        fail("non-finite", a, m, "no Invalid");
      if (!(llFlags & Status::Invalid))
        fail("non-finite", a, m, "host llrint did not raise invalid");
      continue;
    }
    if (toDouble(r.value) != double(near) || toDouble(r.value) != double(rinted))
      fail("nearbyint", a, m,
           "ours " + r.value.str() + " host nearbyint " + std::to_string(double(near)) +
               " rint " + std::to_string(double(rinted)));
    if (r.status.inexact() != bool(rintFlags & Status::Inexact))
      fail("rint.inexact", a, m, "ours " + std::to_string(int(r.status.flags)));
    bool inRange = i64.contains(r.value);
    if (inRange != !(llFlags & Status::Invalid))
      fail("llrint.range", a, m, "ours " + r.value.str());
    if (inRange && BigInt(ll) != r.value)
      fail("llrint.value", a, m, "ours " + r.value.str());
    if (inRange && r.status.inexact() != bool(llFlags & Status::Inexact))
      fail("llrint.inexact", a, m, "ours " + r.value.str());
    IntegerResult z = floatToInteger(f, a, RoundingMode::TowardZero);
    if (toDouble(z.value) != double(truncated))
      fail("trunc", a, RoundingMode::TowardZero, "ours " + z.value.str());
    IntegerResult n = floatToInteger(f, a, RoundingMode::NearestAway);
    if (toDouble(n.value) != double(rounded))
      fail("round", a, RoundingMode::NearestAway, "ours " + n.value.str());
  }
  EXPECT_EQ(t.mismatches, 0) << name;
  std::printf("[host] %-8s inputs=%ld checks=%ld mismatches=%ld\n", name, t.inputs,
              checks, t.mismatches);
}

TEST(HostDifferential, F32ToInt_OpFloatToInt) { runFloatToInt<float>(15, "f32->int"); }
TEST(HostDifferential, F64ToInt_OpFloatToInt) { runFloatToInt<double>(16, "f64->int"); }

} // namespace
} // namespace qi::numeric::test
