//===- SoftFloat.h - The float steps of the float recipes --------*- C++ -*-===//
//
// Spec: [requant.float-steps]. The float requantize recipes (MLAS, XNNPACK,
// FBGEMM, PyTorch) compute in IEEE binary32 / binary64 with the default
// rounding (to nearest, ties to even). Here every such step is an operation
// of the exact numeric core (interpreter/numeric: [op.arith],
// [op.convert]), so the result is the IEEE one whatever the host's float
// environment, and nothing can be contracted into an FMA.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_RECIPES_SOFTFLOAT_H
#define QI_REQUANT_RECIPES_SOFTFLOAT_H

#include "interpreter/numeric/FloatFormat.h"

#include <cstdint>
#include <string>

namespace qi::requant::recipes {

/// A binary32 value by its bit pattern.
struct F32 {
  uint32_t bits = 0;
};
/// A binary64 value by its bit pattern.
struct F64 {
  uint64_t bits = 0;
};

/// (float)v: int -> float, to nearest even (x86 CVTSI2SS / CVTDQ2PS).
F32 f32FromInteger(int64_t v);
/// (double)v.
F64 f64FromInteger(int64_t v);
/// The real multiplier multiplier * 2^-shift rounded once to binary32 (to
/// nearest even; +-inf beyond the largest float, gradual underflow below the
/// smallest normal). [requant.float-multiplier]
F32 f32FromScale(int64_t multiplier, int shift);
/// The same in binary64; exact for every int32 multiplier and int8 shift.
F64 f64FromScale(int64_t multiplier, int shift);
/// binary32 constant from its pattern, e.g. 12582912.0f = 0x4B400000.
inline F32 f32FromBits(uint32_t bits) { return F32{bits}; }
/// binary64 constant from its pattern.
inline F64 f64FromBits(uint64_t bits) { return F64{bits}; }

F32 mul(F32 a, F32 b);
F64 mul(F64 a, F64 b);
F32 add(F32 a, F32 b);
F64 add(F64 a, F64 b);
F32 sub(F32 a, F32 b);
F64 sub(F64 a, F64 b);
F32 div(F32 a, F32 b);
F64 div(F64 a, F64 b);
/// (float)d, to nearest even.
F32 toF32(F64 d);
/// (double)f, exact.
F64 toF64(F32 f);
/// |a| (the sign bit cleared, as fabs does; NaN stays NaN).
F32 absolute(F32 a);
F64 absolute(F64 a);

bool isNaN(F32 a);
bool isNaN(F64 a);
/// Neither NaN nor an infinity (std::isfinite).
bool isFinite(F32 a);
bool isFinite(F64 a);
/// a < b as C compares floats (false when either is NaN; -0 == +0).
bool less(F32 a, F32 b);
bool less(F64 a, F64 b);
/// a == b as C compares floats (false when either is NaN; -0 == +0).
bool equal(F32 a, F32 b);
bool equal(F64 a, F64 b);

/// The integral value nearest to `a` as a float of the same format, ties to
/// even (nearbyint / torch.round / numpy.round); NaN and infinities as they
/// are, zero keeps its sign.
F32 roundIntegralEven(F32 a);
F64 roundIntegralEven(F64 a);
/// The same with ties away from zero (C round / std::round).
F32 roundIntegralAway(F32 a);
F64 roundIntegralAway(F64 a);
/// The integral value at or below / at or above `a` (floor / ceil).
F64 floorIntegral(F64 a);
F64 ceilIntegral(F64 a);

/// The integer nearest to `a`, ties to even (lrintf / nearbyint / CVTPS2DQ
/// under the default rounding mode), when `a` is finite and that integer
/// lies in [lo, hi].
struct RoundedInteger {
  bool ok = false; ///< finite and within [lo, hi]
  int64_t value = 0;
};
RoundedInteger roundToEven(F32 a, int64_t lo, int64_t hi);
/// The integer value of an integral, finite `a` within [lo, hi] (a float
/// already rounded, e.g. by roundIntegralEven, converted as (int64_t)a).
RoundedInteger integralValue(F32 a, int64_t lo, int64_t hi);
RoundedInteger integralValue(F64 a, int64_t lo, int64_t hi);

/// For messages: "0.5 (0x3F000000)".
std::string text(F32 a);
std::string text(F64 a);

} // namespace qi::requant::recipes

#endif
