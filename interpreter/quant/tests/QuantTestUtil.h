//===- QuantTestUtil.h - Shared helpers of the quant tests ------*- C++ -*-===//
//
// Builders for hand-made QuantType objects (per-layer, per-axis,
// sub-channel; the fields are filled by quant/QuantTypeBuilder.h, shared
// with the golden generators), host-float bit conversions, and the two kernel calls. The
// expected values in the tests are computed by hand (or with the host's
// IEEE hardware where the comment says so), never with the numeric core.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_TESTS_QUANTTESTUTIL_H
#define QI_QUANT_TESTS_QUANTTESTUTIL_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/quant/ReferenceKernels.h"
#include "interpreter/quant/ParameterMap.h"
#include "interpreter/quant/QuantType.h"
#include "interpreter/quant/QuantTypeBuilder.h"
#include "interpreter/quant/Semantics.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace qi::quant::test {

using numeric::Bits;
using numeric::FloatFormat;
using numeric::IntFormat;
using numeric::RoundingMode;

/// Every value of each semantics knob, for tests that cycle through all
/// 7 x 6 x 4 combinations. [qcast.round] [sem.nan-policy] [sem.overflow-policy]
inline const RoundingMode kAllRoundingModes[] = {
    RoundingMode::NearestEven,    RoundingMode::NearestAway,    RoundingMode::NearestUp,
    RoundingMode::TowardZero,     RoundingMode::TowardPositive, RoundingMode::TowardNegative,
    RoundingMode::Odd};
inline const NanPolicy kAllNanPolicies[] = {NanPolicy::Poison,    NanPolicy::Qmin,
                                            NanPolicy::Qmax,      NanPolicy::ZeroPoint,
                                            NanPolicy::Zero,      NanPolicy::Indefinite};
inline const OverflowPolicy kAllOverflowPolicies[] = {
    OverflowPolicy::Saturate, OverflowPolicy::Poison, OverflowPolicy::Wrap,
    OverflowPolicy::Indefinite};

inline Bits f32Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline Bits f64Bits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
inline float f32Of(Bits b) {
  uint32_t u = static_cast<uint32_t>(b);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline double f64Of(Bits b) {
  uint64_t u = static_cast<uint64_t>(b);
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

inline const FloatFormat &fmt(const char *name) {
  const FloatFormat *f = numeric::findFloatFormat(name);
  if (!f)
    throw std::runtime_error(std::string("unknown format ") + name);
  return *f;
}

inline IntFormat sInt(unsigned width) { return IntFormat{width, true}; }
inline IntFormat uInt(unsigned width) { return IntFormat{width, false}; }

/// A per-layer or per-axis scale: MLIR stores it as f64. [qtype.scale]
using build::f64Scale;
/// Storage type and optional narrow bounds.
using build::setStorage;

/// !quant.uniform<storage<min:max>:expressed, scale:zeroPoint>
inline QuantType perLayer(IntFormat storage, const FloatFormat &expressed, double scale,
                          int64_t zeroPoint = 0,
                          std::optional<std::pair<int64_t, int64_t>> bounds = {}) {
  QuantType t = build::perLayer(storage, bounds, expressed, scale, zeroPoint);
  t.spelling = "!quant.uniform<" + storage.name() + ":" + std::string(expressed.name) +
               ", per-layer>";
  return t;
}

/// !quant.uniform<storage:expressed:axis, {s0:z0, s1:z1, ...}>
inline QuantType perAxis(IntFormat storage, const FloatFormat &expressed, int32_t axis,
                         const std::vector<double> &scales,
                         std::vector<int64_t> zeroPoints = {},
                         std::optional<std::pair<int64_t, int64_t>> bounds = {}) {
  if (zeroPoints.empty())
    zeroPoints.assign(scales.size(), 0);
  QuantType t = build::perAxis(storage, bounds, expressed, axis, scales, std::move(zeroPoints));
  t.spelling = "!quant.uniform<" + storage.name() + ":" + std::string(expressed.name) +
               ":" + std::to_string(axis) + ", per-axis>";
  return t;
}

/// !quant.uniform<storage:expressed:{d:b, ...}, {{...}}>; the scales are bit
/// patterns of the expressed type (MLIR stores sub-channel scales there).
inline QuantType subChannel(IntFormat storage, const FloatFormat &expressed,
                            std::vector<std::pair<int32_t, int64_t>> blockSizes,
                            Shape parameterShape, const std::vector<Bits> &scaleBits,
                            std::vector<int64_t> zeroPoints = {},
                            std::optional<std::pair<int64_t, int64_t>> bounds = {}) {
  if (zeroPoints.empty())
    zeroPoints.assign(scaleBits.size(), 0);
  QuantType t = build::subChannel(storage, bounds, expressed, std::move(blockSizes),
                                  std::move(parameterShape), scaleBits, std::move(zeroPoints));
  t.spelling = "!quant.uniform<" + storage.name() + ":" + std::string(expressed.name) +
               ", sub-channel>";
  return t;
}

/// Semantics with the reference defaults and the given overrides.
struct Sem {
  Semantics s;
  Sem &rounding(RoundingMode m) { s.rounding = m; return *this; }
  Sem &arith(RoundingMode m) { s.arithRounding = m; return *this; }
  Sem &exact() { s.arithRounding = std::nullopt; return *this; }
  Sem &nan(NanPolicy p) { s.nan = p; return *this; }
  Sem &overflow(OverflowPolicy p) { s.overflow = p; return *this; }
  operator Semantics() const { return s; }
};

inline StoredOutcome qcast(const QuantType &t, Bits x, const Semantics &s = {},
                           int64_t parameter = 0) {
  return QuantizeKernel(t, s)(x, parameter);
}
inline StoredOutcome qcastF32(const QuantType &t, float x, const Semantics &s = {}) {
  return qcast(t, f32Bits(x), s);
}
inline StoredOutcome qcastF64(const QuantType &t, double x, const Semantics &s = {}) {
  return qcast(t, f64Bits(x), s);
}
inline ExpressedOutcome dcast(const QuantType &t, int64_t stored, const Semantics &s = {},
                              int64_t parameter = 0) {
  return DequantizeKernel(t, s)(stored, parameter);
}

inline ::testing::AssertionResult isStored(const StoredOutcome &o, int64_t expected) {
  if (o.poison)
    return ::testing::AssertionFailure() << "poison, expected " << expected;
  if (o.value != expected)
    return ::testing::AssertionFailure() << o.value << ", expected " << expected;
  return ::testing::AssertionSuccess();
}
inline ::testing::AssertionResult isPoison(const StoredOutcome &o) {
  if (!o.poison)
    return ::testing::AssertionFailure() << o.value << ", expected poison";
  return ::testing::AssertionSuccess();
}
inline std::string hexBits(Bits b) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(b));
  return buf;
}
inline ::testing::AssertionResult isBits(const ExpressedOutcome &o, Bits expected) {
  if (o.poison)
    return ::testing::AssertionFailure() << "poison, expected " << hexBits(expected);
  if (o.bits != expected)
    return ::testing::AssertionFailure()
           << hexBits(o.bits) << ", expected " << hexBits(expected);
  return ::testing::AssertionSuccess();
}

} // namespace qi::quant::test

#endif
