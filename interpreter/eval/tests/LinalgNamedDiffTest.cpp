//===- LinalgNamedDiffTest.cpp - Named linalg ops vs their formulas -------===//
//
// Spec: [linalg.named-diff], with [linalg.named], [linalg.named-cast] and
// [linalg.named-conv] in spec/lowered-linalg-scf.md. Every named structured
// op quant-interp evaluates (from the payload region and maps MLIR builds for
// it) runs on random cases against a model written here from the ops'
// documented formulas: plain loops over the layout letters of each operand
// (`n,oh+kh,ow+kw,c` is I[n, oh*sh + kh*dh, ow*sw + kw*dw, c]), integers as
// uint64_t masked to their width (so they wrap), floats in host double
// rounded to the element type after every operation. Nothing in the model
// comes from MLIR's maps or payloads; the one thing taken from MLIR 22's
// definitions (LinalgNamedStructuredOps.yaml) is each op's loop order, which
// decides the order of float sums.
//
// Contractions, convolutions and pooling: each case draws sizes, strides,
// dilations, element types, the cast, values biased to the extremes and zero
// points; one in ten has an input one element too short, whose error the
// model predicts. Programs have dynamic shapes (one parse per op); about one
// case in 50 runs a static-shaped copy. The elementwise ops and fill_rng_2d
// follow. Fast paths are on in even cases, off in odd ones.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Run.h"
#include "interpreter/fast/tests/SweepTier.h"
#include "interpreter/ir/ModuleLoader.h"
#include "interpreter/numeric/FloatFormat.h"

#include "generators/Prng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace qi::eval {
namespace {

using generators::SplitMix64;

/// Cases per op: 10^4 in the full tier, a fixed sample in the quick one (400;
/// 50 in a sanitized build, where the coverage checks below still hold).
int64_t casesPerOp() {
  return fast::test::sweepCount(10000, 25 * fast::test::kSanitizedThinning);
}

/// The named ops of issue 23's list and those MLIR 22's TOSA lowerings emit
/// (spec/tosa-contractions.md [contract.lowering]) take casesPerOp(); the
/// other structured ops 2,000 in the full tier (the same 400, or 50, in the
/// quick one), which keeps the full tier's time on the ops networks reach.
int64_t casesPerNamedOp(std::string_view test) {
  static const std::string_view kListed[] = {
      "matmul", "batch_matmul", "quantized_matmul", "quantized_batch_matmul", "matvec",
      "conv_2d_nhwc_hwcf", "conv_2d_nhwc_fhwc", "conv_2d_nhwc_fhwc_q", "conv_2d_nhwc_hwcf_q",
      "conv_2d_nchw_fchw", "depthwise_conv_2d_nhwc_hwc", "depthwise_conv_2d_nhwc_hwc_q",
      "depthwise_conv_2d_nhwc_hwcm", "depthwise_conv_2d_nhwc_hwcm_q", "pooling_nhwc_sum",
      "pooling_nhwc_max", "pooling_nhwc_min"};
  for (std::string_view listed : kListed)
    if (listed == test)
      return casesPerOp();
  return fast::test::sweepCount(2000, 5 * fast::test::kSanitizedThinning);
}

//===-- The model's element types and arithmetic --------------------------===//

/// Integers are their low `width` bits; floats are IEEE formats given by
/// their precision and exponent range (with subnormals).
struct Type {
  const char *mlir;
  bool isFloat;
  unsigned width;
  int precision = 0, minExp = 0, maxExp = 0;
};
const Type I1{"i1", false, 1}, I8{"i8", false, 8}, I16{"i16", false, 16}, I32{"i32", false, 32};
const Type F16{"f16", true, 16, 11, -14, 15}, BF16{"bf16", true, 16, 8, -126, 127};
const Type F32{"f32", true, 32, 24, -126, 127}, F64{"f64", true, 64, 53, -1022, 1023};

ElementType elementType(const Type &t) {
  if (!t.isFloat)
    return ElementType::makeInteger(t.width);
  if (t.precision == 11)
    return ElementType::makeFloat(numeric::f16Format());
  if (t.precision == 8)
    return ElementType::makeFloat(numeric::bf16Format());
  return ElementType::makeFloat(t.width == 32 ? numeric::f32Format() : numeric::f64Format());
}

uint64_t mask(unsigned width) { return width >= 64 ? ~0ull : (1ull << width) - 1; }

int64_t signExtend(uint64_t v, unsigned width) {
  if (width >= 64)
    return int64_t(v);
  const uint64_t sign = 1ull << (width - 1);
  return int64_t(((v & mask(width)) ^ sign) - sign);
}

double decode(const Type &t, uint64_t bits) {
  if (t.width == 64) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  if (t.width == 32 || t.precision == 8) { // bf16: the high half of an f32
    uint32_t b = t.width == 32 ? uint32_t(bits) : uint32_t(bits & 0xFFFF) << 16;
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  uint16_t b = uint16_t(bits);
  _Float16 h;
  std::memcpy(&h, &b, 2);
  return double(h);
}

/// `x` rounded to nearest-even in `t`. `x` is the double result of one
/// operation on values of `t` (or of a narrower format): rounding it once
/// more is correctly rounded, as 53 >= 2 * precision + 2.
double roundTo(const Type &t, double x) {
  if (std::isnan(x) || std::isinf(x) || x == 0)
    return x;
  const int quantum = std::max(std::ilogb(x), t.minExp) - (t.precision - 1);
  const double rounded = std::ldexp(std::nearbyint(std::ldexp(x, -quantum)), quantum);
  if (std::fabs(rounded) >= std::ldexp(1.0, t.maxExp + 1))
    return std::copysign(INFINITY, x);
  return rounded;
}

/// The bits of `x`, exactly representable in `t` (or inf / NaN).
uint64_t encode(const Type &t, double x) {
  if (t.width == 64) {
    uint64_t bits;
    std::memcpy(&bits, &x, 8);
    return bits;
  }
  if (t.width == 32 || t.precision == 8) {
    float f = float(x);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return t.width == 32 ? b : b >> 16;
  }
  _Float16 h = _Float16(x);
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}

uint64_t fromDouble(const Type &t, double x) { return encode(t, roundTo(t, x)); }

/// TypeFn cast_signed / cast_unsigned into `to` (never float to integer here).
uint64_t castTo(const Type &from, const Type &to, uint64_t v, bool isUnsigned) {
  if (!from.isFloat && !to.isFloat)
    return (isUnsigned ? v & mask(from.width) : uint64_t(signExtend(v, from.width))) &
           mask(to.width);
  if (!from.isFloat)
    return fromDouble(to, isUnsigned ? double(v & mask(from.width))
                                     : double(signExtend(v, from.width)));
  return fromDouble(to, decode(from, v));
}

// BinaryFn add / sub / mul in the output type: wrapping integers (i1: or /
// and), one rounding per float op.
uint64_t add(const Type &u, uint64_t a, uint64_t b) {
  if (u.isFloat)
    return fromDouble(u, decode(u, a) + decode(u, b));
  return (u.width == 1 ? (a | b) : a + b) & mask(u.width);
}
uint64_t sub(const Type &u, uint64_t a, uint64_t b) {
  if (u.isFloat)
    return fromDouble(u, decode(u, a) - decode(u, b));
  return (a - b) & mask(u.width);
}
uint64_t mul(const Type &u, uint64_t a, uint64_t b) {
  if (u.isFloat)
    return fromDouble(u, decode(u, a) * decode(u, b));
  return (u.width == 1 ? (a & b) : a * b) & mask(u.width);
}

/// IEEE 754-2019 maximum / minimum: NaN wins, -0 < +0.
double maximum(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == 0 && b == 0)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
double minimum(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == 0 && b == 0)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

enum class Order { Max, Min, MaxUnsigned, MinUnsigned };
uint64_t pick(const Type &u, uint64_t a, uint64_t b, Order order) {
  if (u.isFloat) {
    double x = decode(u, a), y = decode(u, b);
    bool isMax = order == Order::Max || order == Order::MaxUnsigned;
    return fromDouble(u, isMax ? maximum(x, y) : minimum(x, y));
  }
  bool aFirst;
  switch (order) {
  case Order::Max: aFirst = signExtend(a, u.width) >= signExtend(b, u.width); break;
  case Order::Min: aFirst = signExtend(a, u.width) <= signExtend(b, u.width); break;
  case Order::MaxUnsigned: aFirst = (a & mask(u.width)) >= (b & mask(u.width)); break;
  default: aFirst = (a & mask(u.width)) <= (b & mask(u.width)); break;
  }
  return aFirst ? a : b;
}

/// Whether two results of `u` are the same value: the same bits, or both NaN
/// (a NaN's sign and payload are not specified, [arith.float]).
bool sameValue(const Type &u, uint64_t a, uint64_t b) {
  if (!u.isFloat)
    return ((a ^ b) & mask(u.width)) == 0;
  if (std::isnan(decode(u, a)) && std::isnan(decode(u, b)))
    return true;
  return ((a ^ b) & mask(u.width)) == 0;
}

//===-- Random values -----------------------------------------------------===//

/// A value of `t`: one time in three an extreme, else random bits (integers)
/// or a small number, a special or random bits (floats).
uint64_t randomValue(SplitMix64 &prng, const Type &t) {
  if (!t.isFloat) {
    const uint64_t w = t.width, m = mask(t.width);
    const uint64_t extremes[] = {0, 1, m, m >> 1, (m >> 1) + 1, (m >> 1) - 1, (m >> 1) + 2, 2};
    if (w == 1 || prng.chance(3))
      return extremes[prng.below(w == 1 ? 2 : 8)] & m;
    return prng.next() & m;
  }
  switch (prng.below(8)) {
  case 0: { // specials
    const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0,
                               std::ldexp(2.0 - std::ldexp(1.0, 1 - t.precision), t.maxExp),
                               std::ldexp(1.0, t.minExp),
                               std::ldexp(1.0, t.minExp - t.precision + 1)};
    double s = specials[prng.below(10)];
    return encode(t, prng.chance(2) ? -s : s);
  }
  case 1:
  case 2: // any bit pattern
    return prng.next() & mask(t.width);
  default: // small values whose sums round now and then
    return fromDouble(t, std::ldexp(double(prng.range(-64, 64)), int(prng.range(-6, 3))));
  }
}

/// A zero point (an i32 scalar): the ends of i8, u8, i32, or anything.
uint64_t randomZeroPoint(SplitMix64 &prng) {
  const int64_t extremes[] = {0, -128, 127, 255, -1, 1, INT32_MIN, INT32_MAX, 128, -129};
  int64_t z = prng.chance(2) ? extremes[prng.below(10)] : int64_t(int32_t(prng.next()));
  return uint64_t(z) & mask(32);
}

//===-- The ops, from their documented formulas ---------------------------===//

/// O += A * B, O += (A - AZp) * (B - BZp), O += A, O = max / min(O, A).
enum class Formula { Mac, MacZp, Sum, Max, Min, MaxUnsigned, MinUnsigned };

/// One contraction, convolution or pooling op. The layouts list each
/// operand's indices by loop letters; `o+k` is the spatial index
/// o * stride + k * dilation of the next spatial dimension.
struct OpDef {
  const char *test;   ///< the test's name
  const char *op;     ///< the MLIR op
  const char *domain; ///< the op's loops, in its definition's order
  const char *a, *b, *out;
  Formula formula;
  int spatial = 0;           ///< stride / dilation pairs
  bool strideAttrs = false;  ///< false: conv_1d / 2d / 3d, stride and dilation 1
  bool castAttr = false;     ///< takes {cast = ...} (matmul, batch_matmul, contract)
  bool castIgnored = false;  ///< batch_reduce_matmul: takes it, sign-extends anyway
  bool explicitMaps = false; ///< the program spells indexing_maps out
  bool window = false;       ///< b is a pooling window: shape only
};

// clang-format off
const OpDef kOps[] = {
  // Contractions: C += cast(A) * cast(B).
  {"matmul", "linalg.matmul", "m n k", "m,k", "k,n", "m,n", Formula::Mac, 0, false, true},
  {"matmul_transpose_a", "linalg.matmul", "m n k", "k,m", "k,n", "m,n", Formula::Mac, 0, false, true, false, true},
  {"matmul_broadcast_b", "linalg.matmul", "m n k", "m,k", "k", "m,n", Formula::Mac, 0, false, true, false, true},
  {"batch_matmul", "linalg.batch_matmul", "b m n k", "b,m,k", "b,k,n", "b,m,n", Formula::Mac, 0, false, true},
  {"batch_matmul_transpose_b", "linalg.batch_matmul", "b m n k", "b,m,k", "b,n,k", "b,m,n", Formula::Mac, 0, false, true, false, true},
  {"batch_reduce_matmul", "linalg.batch_reduce_matmul", "b m n k", "b,m,k", "b,k,n", "m,n", Formula::Mac, 0, false, true, true},
  {"quantized_matmul", "linalg.quantized_matmul", "m n k", "m,k", "k,n", "m,n", Formula::MacZp},
  {"quantized_batch_matmul", "linalg.quantized_batch_matmul", "b m n k", "b,m,k", "b,k,n", "b,m,n", Formula::MacZp},
  {"matvec", "linalg.matvec", "m n", "m,n", "n", "m", Formula::Mac},
  {"vecmat", "linalg.vecmat", "n m", "m", "m,n", "n", Formula::Mac},
  {"batch_matvec", "linalg.batch_matvec", "b m k", "b,m,k", "b,k", "b,m", Formula::Mac},
  {"batch_vecmat", "linalg.batch_vecmat", "b n k", "b,k", "b,k,n", "b,n", Formula::Mac},
  {"dot", "linalg.dot", "k", "k", "k", "", Formula::Mac},
  {"mmt4d", "linalg.mmt4d", "m n k m0 n0 k0", "m,k,m0,k0", "n,k,n0,k0", "m,n,m0,n0", Formula::Mac},
  {"batch_mmt4d", "linalg.batch_mmt4d", "b m n k m0 n0 k0", "b,m,k,m0,k0", "b,n,k,n0,k0", "b,m,n,m0,n0", Formula::Mac},
  {"contract", "linalg.contract", "m n k", "m,k", "n,k", "m,n", Formula::Mac, 0, false, true, false, true},
  {"contract_batch", "linalg.contract", "b m n k", "b,k,m", "k,n", "b,m,n", Formula::Mac, 0, false, true, false, true},
  // Convolutions: O += cast(I) * cast(K), or with zero points.
  {"conv_1d", "linalg.conv_1d", "ow kw", "ow+kw", "kw", "ow", Formula::Mac, 1},
  {"conv_2d", "linalg.conv_2d", "oh ow kh kw", "oh+kh,ow+kw", "kh,kw", "oh,ow", Formula::Mac, 2},
  {"conv_3d", "linalg.conv_3d", "od oh ow kd kh kw", "od+kd,oh+kh,ow+kw", "kd,kh,kw", "od,oh,ow", Formula::Mac, 3},
  {"conv_1d_nwc_wcf", "linalg.conv_1d_nwc_wcf", "n ow f kw c", "n,ow+kw,c", "kw,c,f", "n,ow,f", Formula::Mac, 1, true},
  {"conv_1d_ncw_fcw", "linalg.conv_1d_ncw_fcw", "n f ow c kw", "n,c,ow+kw", "f,c,kw", "n,f,ow", Formula::Mac, 1, true},
  {"conv_2d_nhwc_hwcf", "linalg.conv_2d_nhwc_hwcf", "n oh ow f kh kw c", "n,oh+kh,ow+kw,c", "kh,kw,c,f", "n,oh,ow,f", Formula::Mac, 2, true},
  {"conv_2d_nhwc_fhwc", "linalg.conv_2d_nhwc_fhwc", "n oh ow f kh kw c", "n,oh+kh,ow+kw,c", "f,kh,kw,c", "n,oh,ow,f", Formula::Mac, 2, true},
  {"conv_2d_nhwc_hwcf_q", "linalg.conv_2d_nhwc_hwcf_q", "n oh ow f kh kw c", "n,oh+kh,ow+kw,c", "kh,kw,c,f", "n,oh,ow,f", Formula::MacZp, 2, true},
  {"conv_2d_nhwc_fhwc_q", "linalg.conv_2d_nhwc_fhwc_q", "n oh ow f kh kw c", "n,oh+kh,ow+kw,c", "f,kh,kw,c", "n,oh,ow,f", Formula::MacZp, 2, true},
  {"conv_2d_nchw_fchw", "linalg.conv_2d_nchw_fchw", "n f oh ow c kh kw", "n,c,oh+kh,ow+kw", "f,c,kh,kw", "n,f,oh,ow", Formula::Mac, 2, true},
  {"conv_2d_nchw_fchw_q", "linalg.conv_2d_nchw_fchw_q", "n f oh ow c kh kw", "n,c,oh+kh,ow+kw", "f,c,kh,kw", "n,f,oh,ow", Formula::MacZp, 2, true},
  {"conv_2d_ngchw_fgchw", "linalg.conv_2d_ngchw_fgchw", "n g f oh ow c kh kw", "n,g,c,oh+kh,ow+kw", "f,g,c,kh,kw", "n,g,f,oh,ow", Formula::Mac, 2, true},
  {"conv_2d_ngchw_gfchw", "linalg.conv_2d_ngchw_gfchw", "n g f oh ow c kh kw", "n,g,c,oh+kh,ow+kw", "g,f,c,kh,kw", "n,g,f,oh,ow", Formula::Mac, 2, true},
  {"conv_2d_ngchw_gfchw_q", "linalg.conv_2d_ngchw_gfchw_q", "n g f oh ow c kh kw", "n,g,c,oh+kh,ow+kw", "g,f,c,kh,kw", "n,g,f,oh,ow", Formula::MacZp, 2, true},
  {"conv_2d_nhwgc_gfhwc", "linalg.conv_2d_nhwgc_gfhwc", "n oh ow g f kh kw c", "n,oh+kh,ow+kw,g,c", "g,f,kh,kw,c", "n,oh,ow,g,f", Formula::Mac, 2, true},
  {"conv_2d_nhwgc_gfhwc_q", "linalg.conv_2d_nhwgc_gfhwc_q", "n oh ow g f kh kw c", "n,oh+kh,ow+kw,g,c", "g,f,kh,kw,c", "n,oh,ow,g,f", Formula::MacZp, 2, true},
  {"conv_3d_ndhwc_dhwcf", "linalg.conv_3d_ndhwc_dhwcf", "n od oh ow f kd kh kw c", "n,od+kd,oh+kh,ow+kw,c", "kd,kh,kw,c,f", "n,od,oh,ow,f", Formula::Mac, 3, true},
  {"conv_3d_ndhwc_dhwcf_q", "linalg.conv_3d_ndhwc_dhwcf_q", "n od oh ow f kd kh kw c", "n,od+kd,oh+kh,ow+kw,c", "kd,kh,kw,c,f", "n,od,oh,ow,f", Formula::MacZp, 3, true},
  {"conv_3d_ncdhw_fcdhw", "linalg.conv_3d_ncdhw_fcdhw", "n f od oh ow c kd kh kw", "n,c,od+kd,oh+kh,ow+kw", "f,c,kd,kh,kw", "n,f,od,oh,ow", Formula::Mac, 3, true},
  {"depthwise_conv_1d_nwc_wc", "linalg.depthwise_conv_1d_nwc_wc", "n ow c kw", "n,ow+kw,c", "kw,c", "n,ow,c", Formula::Mac, 1, true},
  {"depthwise_conv_1d_ncw_cw", "linalg.depthwise_conv_1d_ncw_cw", "n ow c kw", "n,c,ow+kw", "c,kw", "n,c,ow", Formula::Mac, 1, true},
  {"depthwise_conv_1d_nwc_wcm", "linalg.depthwise_conv_1d_nwc_wcm", "n ow c m kw", "n,ow+kw,c", "kw,c,m", "n,ow,c,m", Formula::Mac, 1, true},
  {"depthwise_conv_2d_nhwc_hwc", "linalg.depthwise_conv_2d_nhwc_hwc", "n oh ow c kh kw", "n,oh+kh,ow+kw,c", "kh,kw,c", "n,oh,ow,c", Formula::Mac, 2, true},
  {"depthwise_conv_2d_nchw_chw", "linalg.depthwise_conv_2d_nchw_chw", "n oh ow c kh kw", "n,c,oh+kh,ow+kw", "c,kh,kw", "n,c,oh,ow", Formula::Mac, 2, true},
  {"depthwise_conv_2d_nhwc_hwc_q", "linalg.depthwise_conv_2d_nhwc_hwc_q", "n oh ow c kh kw", "n,oh+kh,ow+kw,c", "kh,kw,c", "n,oh,ow,c", Formula::MacZp, 2, true},
  {"depthwise_conv_2d_nhwc_hwcm", "linalg.depthwise_conv_2d_nhwc_hwcm", "n oh ow c m kh kw", "n,oh+kh,ow+kw,c", "kh,kw,c,m", "n,oh,ow,c,m", Formula::Mac, 2, true},
  {"depthwise_conv_2d_nhwc_hwcm_q", "linalg.depthwise_conv_2d_nhwc_hwcm_q", "n oh ow c m kh kw", "n,oh+kh,ow+kw,c", "kh,kw,c,m", "n,oh,ow,c,m", Formula::MacZp, 2, true},
  {"depthwise_conv_3d_ndhwc_dhwc", "linalg.depthwise_conv_3d_ndhwc_dhwc", "n od oh ow kd kh kw c", "n,od+kd,oh+kh,ow+kw,c", "kd,kh,kw,c", "n,od,oh,ow,c", Formula::Mac, 3, true},
  {"depthwise_conv_3d_ncdhw_cdhw", "linalg.depthwise_conv_3d_ncdhw_cdhw", "n od oh ow kd kh kw c", "n,c,od+kd,oh+kh,ow+kw", "c,kd,kh,kw", "n,c,od,oh,ow", Formula::Mac, 3, true},
  {"depthwise_conv_3d_ndhwc_dhwcm", "linalg.depthwise_conv_3d_ndhwc_dhwcm", "n od oh ow m kd kh kw c", "n,od+kd,oh+kh,ow+kw,c", "kd,kh,kw,c,m", "n,od,oh,ow,c,m", Formula::Mac, 3, true},
  // Pooling: the window operand gives the window's shape only.
  {"pooling_nwc_sum", "linalg.pooling_nwc_sum", "n ow c kw", "n,ow+kw,c", "kw", "n,ow,c", Formula::Sum, 1, true, false, false, false, true},
  {"pooling_ncw_sum", "linalg.pooling_ncw_sum", "n c ow kw", "n,c,ow+kw", "kw", "n,c,ow", Formula::Sum, 1, true, false, false, false, true},
  {"pooling_nwc_max", "linalg.pooling_nwc_max", "n ow c kw", "n,ow+kw,c", "kw", "n,ow,c", Formula::Max, 1, true, false, false, false, true},
  {"pooling_nwc_max_unsigned", "linalg.pooling_nwc_max_unsigned", "n ow c kw", "n,ow+kw,c", "kw", "n,ow,c", Formula::MaxUnsigned, 1, true, false, false, false, true},
  {"pooling_ncw_max", "linalg.pooling_ncw_max", "n c ow kw", "n,c,ow+kw", "kw", "n,c,ow", Formula::Max, 1, true, false, false, false, true},
  {"pooling_nwc_min", "linalg.pooling_nwc_min", "n ow c kw", "n,ow+kw,c", "kw", "n,ow,c", Formula::Min, 1, true, false, false, false, true},
  {"pooling_nwc_min_unsigned", "linalg.pooling_nwc_min_unsigned", "n ow c kw", "n,ow+kw,c", "kw", "n,ow,c", Formula::MinUnsigned, 1, true, false, false, false, true},
  {"pooling_nhwc_sum", "linalg.pooling_nhwc_sum", "n oh ow c kh kw", "n,oh+kh,ow+kw,c", "kh,kw", "n,oh,ow,c", Formula::Sum, 2, true, false, false, false, true},
  {"pooling_nchw_sum", "linalg.pooling_nchw_sum", "n c oh ow kh kw", "n,c,oh+kh,ow+kw", "kh,kw", "n,c,oh,ow", Formula::Sum, 2, true, false, false, false, true},
  {"pooling_nhwc_max", "linalg.pooling_nhwc_max", "n oh ow c kh kw", "n,oh+kh,ow+kw,c", "kh,kw", "n,oh,ow,c", Formula::Max, 2, true, false, false, false, true},
  {"pooling_nhwc_max_unsigned", "linalg.pooling_nhwc_max_unsigned", "n oh ow c kh kw", "n,oh+kh,ow+kw,c", "kh,kw", "n,oh,ow,c", Formula::MaxUnsigned, 2, true, false, false, false, true},
  {"pooling_nchw_max", "linalg.pooling_nchw_max", "n c oh ow kh kw", "n,c,oh+kh,ow+kw", "kh,kw", "n,c,oh,ow", Formula::Max, 2, true, false, false, false, true},
  {"pooling_nhwc_min", "linalg.pooling_nhwc_min", "n oh ow c kh kw", "n,oh+kh,ow+kw,c", "kh,kw", "n,oh,ow,c", Formula::Min, 2, true, false, false, false, true},
  {"pooling_nhwc_min_unsigned", "linalg.pooling_nhwc_min_unsigned", "n oh ow c kh kw", "n,oh+kh,ow+kw,c", "kh,kw", "n,oh,ow,c", Formula::MinUnsigned, 2, true, false, false, false, true},
  {"pooling_ndhwc_sum", "linalg.pooling_ndhwc_sum", "n od oh ow c kd kh kw", "n,od+kd,oh+kh,ow+kw,c", "kd,kh,kw", "n,od,oh,ow,c", Formula::Sum, 3, true, false, false, false, true},
  {"pooling_ndhwc_max", "linalg.pooling_ndhwc_max", "n od oh ow c kd kh kw", "n,od+kd,oh+kh,ow+kw,c", "kd,kh,kw", "n,od,oh,ow,c", Formula::Max, 3, true, false, false, false, true},
  {"pooling_ndhwc_min", "linalg.pooling_ndhwc_min", "n od oh ow c kd kh kw", "n,od+kd,oh+kh,ow+kw,c", "kd,kh,kw", "n,od,oh,ow,c", Formula::Min, 3, true, false, false, false, true},
};
// clang-format on

/// The element types of a variant: inputs A and B, output U, and the cast.
struct Types {
  Type a, b, u;
  bool isUnsigned = false;
};

/// The type combinations each formula is tried with (the cast is added for
/// ops that take it).
std::vector<Types> typesFor(Formula formula) {
  switch (formula) {
  case Formula::Mac:
    return {{I8, I8, I32},   {I8, I8, I8},    {I16, I8, I32},    {I32, I32, I32},
            {I8, I16, I16},  {I1, I8, I32},   {I1, I1, I1},      {F32, F32, F32},
            {F16, F16, F32}, {BF16, BF16, F32}, {F16, F16, F16}, {BF16, BF16, BF16},
            {I8, I8, F32},   {F32, F32, F16}};
  case Formula::MacZp:
    return {{I8, I8, I32}, {I8, I8, I16}, {I32, I32, I32}, {I16, I16, I32}, {I8, I8, F32}};
  case Formula::Sum:
    return {{I8, I8, I32},   {I8, I8, I8},    {I16, I16, I32},   {F32, F32, F32},
            {F16, F16, F32}, {F16, F16, F16}, {BF16, BF16, BF16}, {I8, I8, F32}};
  case Formula::Max:
  case Formula::Min:
    return {{I8, I8, I8},   {I8, I8, I32},   {I32, I32, I32},
            {F32, F32, F32}, {F16, F16, F32}, {BF16, BF16, BF16}};
  default: // the _unsigned pooling ops are integer-only
    return {{I8, I8, I8}, {I8, I8, I32}, {I16, I16, I8}, {I32, I32, I32}};
  }
}

std::vector<std::string> split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  if (text.empty())
    return parts;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, separator))
    parts.push_back(part);
  return parts;
}

/// One index of an operand: a loop, or the spatial o * s + k * d.
struct Term {
  std::string outer, window; ///< window empty: the loop `outer` alone
  int spatial = -1;          ///< which stride / dilation pair
};

std::vector<Term> termsOf(const char *layout) {
  std::vector<Term> terms;
  int spatial = 0;
  for (const std::string &token : split(layout, ',')) {
    size_t plus = token.find('+');
    if (plus == std::string::npos)
      terms.push_back({token, "", -1});
    else
      terms.push_back({token.substr(0, plus), token.substr(plus + 1), spatial++});
  }
  return terms;
}

/// One function of an op's program: the types and attributes it fixes.
struct Variant {
  Types types;
  std::vector<int64_t> strides, dilations;
};

/// One random case: loop sizes, operand shapes and values.
struct Case {
  size_t variant = 0;
  std::map<std::string, int64_t> size;
  Shape shapeA, shapeB, shapeOut;
  std::vector<uint64_t> a, b, init;
  uint64_t zeroA = 0, zeroB = 0;
  bool shortInput = false; ///< an input dimension one element too short
};

int64_t product(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// The named-op program text, `static` shapes or dynamic ones.
std::string tensorType(const Shape &shape, const Type &t, bool isStatic) {
  std::string text = "tensor<";
  for (int64_t d : shape)
    text += (isStatic ? std::to_string(d) : std::string("?")) + "x";
  return text + t.mlir + ">";
}

std::string affineMapOf(const std::vector<std::string> &loops, const char *layout) {
  std::string text = "affine_map<(";
  for (size_t i = 0; i < loops.size(); ++i)
    text += (i ? ", d" : "d") + std::to_string(i);
  text += ") -> (";
  std::vector<std::string> terms = split(layout, ',');
  for (size_t i = 0; i < terms.size(); ++i) {
    size_t at = size_t(std::find(loops.begin(), loops.end(), terms[i]) - loops.begin());
    text += (i ? ", d" : "d") + std::to_string(at);
  }
  return text + ")>";
}

class NamedOp {
public:
  explicit NamedOp(const OpDef &def) : def_(def), loops_(split(def.domain, ' ')) {
    termsA_ = termsOf(def.a);
    termsB_ = termsOf(def.b);
    termsOut_ = termsOf(def.out);
    for (const std::string &loop : loops_) {
      bool parallel = false;
      for (const Term &t : termsOut_)
        parallel |= t.outer == loop;
      (parallel ? parallel_ : reduction_).push_back(loop);
    }
  }

  const OpDef &def() const { return def_; }
  const std::vector<Variant> &variants() const { return variants_; }

  /// The variants: every type combination (with the unsigned cast too where
  /// the op takes it) and a few stride / dilation pairs.
  void makeVariants(SplitMix64 &prng) {
    std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> windows;
    const size_t spatial = size_t(def_.spatial);
    windows.push_back({std::vector<int64_t>(spatial, 1), std::vector<int64_t>(spatial, 1)});
    if (def_.strideAttrs)
      for (int k = 0; k < 3; ++k) {
        std::vector<int64_t> s, d;
        for (size_t i = 0; i < spatial; ++i) {
          s.push_back(prng.range(1, 3));
          d.push_back(prng.range(1, 3));
        }
        windows.push_back({s, d});
      }
    for (Types types : typesFor(def_.formula)) {
      std::vector<bool> casts = {false};
      if (def_.castAttr && !(types.a.isFloat && types.b.isFloat))
        casts.push_back(true);
      for (bool isUnsigned : casts)
        for (const auto &[s, d] : windows) {
          types.isUnsigned = isUnsigned;
          variants_.push_back({types, s, d});
        }
    }
  }

  /// A random case of variant `v`.
  Case randomCase(SplitMix64 &prng, size_t v) const {
    const Variant &variant = variants_[v];
    Case c;
    c.variant = v;
    // Sizes 0 to 4, mostly 1 to 3, at most ~600 iteration points.
    for (const std::string &loop : loops_)
      c.size[loop] = prng.chance(25) ? 0 : prng.range(1, prng.chance(4) ? 4 : 3);
    for (;;) {
      int64_t points = 1;
      for (const auto &entry : c.size)
        points *= entry.second;
      if (points <= 600)
        break;
      auto largest = std::max_element(c.size.begin(), c.size.end(),
                                      [](auto &x, auto &y) { return x.second < y.second; });
      --largest->second;
    }
    c.shortInput = def_.spatial > 0 && prng.chance(10);
    c.shapeA = shapeOf(termsA_, c, variant, prng);
    c.shapeB = shapeOf(termsB_, c, variant, prng);
    c.shapeOut = shapeOf(termsOut_, c, variant, prng);
    const Types &t = variant.types;
    for (int64_t i = 0; i < product(c.shapeA); ++i)
      c.a.push_back(randomValue(prng, t.a));
    for (int64_t i = 0; i < product(c.shapeB); ++i)
      c.b.push_back(def_.window ? 0 : randomValue(prng, t.b));
    for (int64_t i = 0; i < product(c.shapeOut); ++i)
      c.init.push_back(randomValue(prng, t.u));
    c.zeroA = randomZeroPoint(prng);
    c.zeroB = randomZeroPoint(prng);
    return c;
  }

  /// Whether the case reads out of bounds: a short input and a non-empty
  /// iteration space ([linalg.named-conv] 2, 3).
  bool expectsError(const Case &c) const {
    if (!c.shortInput)
      return false;
    for (const auto &entry : c.size)
      if (entry.second == 0)
        return false;
    return true;
  }

  /// The program: one function per variant, or one static-shaped function
  /// for case `c`.
  std::string program(const Case *c) const {
    std::string text;
    for (size_t v = 0; v < variants_.size(); ++v) {
      if (c && v != c->variant)
        continue;
      const Variant &variant = variants_[v];
      const Types &t = variant.types;
      Shape rankA(termsA_.size()), rankB(termsB_.size()), rankOut(termsOut_.size());
      const bool isStatic = c != nullptr;
      std::string typeA = tensorType(c ? c->shapeA : rankA, t.a, isStatic);
      std::string typeB = tensorType(c ? c->shapeB : rankB, t.b, isStatic);
      std::string typeOut = tensorType(c ? c->shapeOut : rankOut, t.u, isStatic);
      const bool zp = def_.formula == Formula::MacZp;
      text += "func.func @v" + std::to_string(v) + "(%a: " + typeA + ", %b: " + typeB +
              (zp ? ", %za: i32, %zb: i32" : "") + ", %c: " + typeOut + ") -> " + typeOut +
              " {\n  %r = " + def_.op;
      if (def_.explicitMaps)
        text += " indexing_maps = [" + affineMapOf(loops_, def_.a) + ", " +
                affineMapOf(loops_, def_.b) + ", " + affineMapOf(loops_, def_.out) + "]";
      std::vector<std::string> attributes;
      if (def_.strideAttrs) {
        auto list = [](const std::vector<int64_t> &values) {
          std::string s = "dense<[";
          for (size_t i = 0; i < values.size(); ++i)
            s += (i ? ", " : "") + std::to_string(values[i]);
          return s + "]> : tensor<" + std::to_string(values.size()) + "xi64>";
        };
        attributes.push_back("strides = " + list(variant.strides));
        attributes.push_back("dilations = " + list(variant.dilations));
      }
      if (t.isUnsigned)
        attributes.push_back("cast = #linalg.type_fn<cast_unsigned>");
      if (!attributes.empty()) {
        text += " {";
        for (size_t i = 0; i < attributes.size(); ++i)
          text += (i ? ", " : "") + attributes[i];
        text += "}";
      }
      text += " ins(%a, %b" + std::string(zp ? ", %za, %zb" : "") + " : " + typeA + ", " +
              typeB + (zp ? ", i32, i32" : "") + ") outs(%c : " + typeOut + ") -> " + typeOut +
              "\n  return %r : " + typeOut + "\n}\n";
    }
    return text;
  }

  std::vector<RuntimeValue> arguments(const Case &c) const {
    const Types &t = variants_[c.variant].types;
    std::vector<RuntimeValue> args;
    args.push_back(tensorOf(t.a, c.shapeA, c.a));
    args.push_back(tensorOf(t.b, c.shapeB, c.b));
    if (def_.formula == Formula::MacZp) {
      for (uint64_t z : {c.zeroA, c.zeroB}) {
        RuntimeValue scalar = RuntimeValue::scalar(ElementType::makeInteger(32));
        scalar.set(0, z);
        args.push_back(std::move(scalar));
      }
    }
    args.push_back(tensorOf(t.u, c.shapeOut, c.init));
    return args;
  }

  /// The model: each output element from its init, then the terms in the
  /// order of the reduction loops.
  std::vector<uint64_t> expected(const Case &c) const {
    const Variant &variant = variants_[c.variant];
    const Types &t = variant.types;
    // The _unsigned pooling ops cast unsigned; batch_reduce_matmul's payload
    // sign-extends whatever its cast says ([linalg.named-cast] 4).
    const bool isUnsigned = def_.formula == Formula::MaxUnsigned ||
                            def_.formula == Formula::MinUnsigned ||
                            (t.isUnsigned && !def_.castIgnored);
    std::vector<uint64_t> out = c.init;
    std::map<std::string, int64_t> at;
    forEach(parallel_, c, at, [&] {
      const int64_t o = flat(termsOut_, c.shapeOut, variant, at);
      uint64_t acc = out[size_t(o)];
      forEach(reduction_, c, at, [&] {
        const uint64_t a = castTo(t.a, t.u, c.a[size_t(flat(termsA_, c.shapeA, variant, at))],
                                  isUnsigned);
        switch (def_.formula) {
        case Formula::Mac: {
          uint64_t b = castTo(t.b, t.u, c.b[size_t(flat(termsB_, c.shapeB, variant, at))],
                              isUnsigned);
          acc = add(t.u, acc, mul(t.u, a, b));
          break;
        }
        case Formula::MacZp: {
          uint64_t b = castTo(t.b, t.u, c.b[size_t(flat(termsB_, c.shapeB, variant, at))], false);
          uint64_t za = castTo(I32, t.u, c.zeroA, false), zb = castTo(I32, t.u, c.zeroB, false);
          acc = add(t.u, acc, mul(t.u, sub(t.u, a, za), sub(t.u, b, zb)));
          break;
        }
        case Formula::Sum: acc = add(t.u, acc, a); break;
        case Formula::Max: acc = pick(t.u, acc, a, Order::Max); break;
        case Formula::Min: acc = pick(t.u, acc, a, Order::Min); break;
        case Formula::MaxUnsigned: acc = pick(t.u, acc, a, Order::MaxUnsigned); break;
        case Formula::MinUnsigned: acc = pick(t.u, acc, a, Order::MinUnsigned); break;
        }
      });
      out[size_t(o)] = acc;
    });
    return out;
  }

private:
  /// The shape of an operand: loop sizes, and for a spatial index the
  /// elements the windows need plus 0 to 2 (one fewer if `c.shortInput`).
  Shape shapeOf(const std::vector<Term> &terms, const Case &c, const Variant &variant,
                SplitMix64 &prng) const {
    Shape shape;
    for (const Term &term : terms) {
      if (term.window.empty()) {
        shape.push_back(c.size.at(term.outer));
        continue;
      }
      const int64_t o = c.size.at(term.outer), k = c.size.at(term.window);
      const int64_t s = variant.strides[size_t(term.spatial)];
      const int64_t d = variant.dilations[size_t(term.spatial)];
      const int64_t needed = o > 0 && k > 0 ? (o - 1) * s + (k - 1) * d + 1 : 0;
      if (c.shortInput && needed > 0 && term.spatial == 0)
        shape.push_back(needed - 1);
      else
        shape.push_back(needed + (c.shortInput ? 0 : prng.range(0, 2)));
    }
    return shape;
  }

  static int64_t flat(const std::vector<Term> &terms, const Shape &shape, const Variant &variant,
                      const std::map<std::string, int64_t> &at) {
    int64_t index = 0;
    for (size_t r = 0; r < terms.size(); ++r) {
      const Term &term = terms[r];
      int64_t i = at.at(term.outer);
      if (!term.window.empty())
        i = i * variant.strides[size_t(term.spatial)] +
            at.at(term.window) * variant.dilations[size_t(term.spatial)];
      index = index * shape[r] + i;
    }
    return index;
  }

  /// Calls `body` for every value of `loops` (the first varying slowest).
  template <typename Body>
  static void forEach(const std::vector<std::string> &loops, const Case &c,
                      std::map<std::string, int64_t> &at, Body body) {
    for (const std::string &loop : loops) {
      if (c.size.at(loop) == 0)
        return;
      at[loop] = 0;
    }
    for (;;) {
      body();
      int d = int(loops.size()) - 1;
      for (; d >= 0; --d) {
        if (++at[loops[size_t(d)]] < c.size.at(loops[size_t(d)]))
          break;
        at[loops[size_t(d)]] = 0;
      }
      if (d < 0)
        return;
    }
  }

  static RuntimeValue tensorOf(const Type &t, const Shape &shape, const std::vector<uint64_t> &bits) {
    RuntimeValue value = RuntimeValue::tensor(elementType(t), shape);
    for (int64_t i = 0; i < value.size(); ++i)
      value.set(i, bits[size_t(i)] & mask(t.width));
    return value;
  }

  const OpDef &def_;
  std::vector<std::string> loops_, parallel_, reduction_;
  std::vector<Term> termsA_, termsB_, termsOut_;
  std::vector<Variant> variants_;
};

std::string hex(uint64_t v) {
  char text[19];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(v));
  return text;
}

std::string shapeText(const Shape &shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text.empty() ? "scalar" : text;
}

/// Checks one run against the model; a failure names the case.
::testing::AssertionResult check(const NamedOp &op, const Case &c, const RunOutcome &run) {
  const Variant &variant = op.variants()[c.variant];
  auto where = [&] {
    std::string text = " (variant @v" + std::to_string(c.variant) + ", A " +
                       shapeText(c.shapeA) + ", B " + shapeText(c.shapeB) + ", out " +
                       shapeText(c.shapeOut) + ", " + variant.types.a.mlir + " " +
                       variant.types.b.mlir + " -> " + variant.types.u.mlir +
                       (variant.types.isUnsigned ? " unsigned" : "") + ")";
    return text;
  };
  if (op.expectsError(c)) {
    if (run.succeeded())
      return ::testing::AssertionFailure() << "expected an out-of-bounds error" << where();
    const std::string &message = run.error().message;
    const std::string prefix = std::string(op.def().op) + ": ins operand #1 of shape ";
    if (message.rfind(prefix, 0) != 0 || message.find("out of bounds") == std::string::npos)
      return ::testing::AssertionFailure() << "unexpected error '" << message << "'" << where();
    return ::testing::AssertionSuccess();
  }
  if (!run.succeeded())
    return ::testing::AssertionFailure() << "error '" << run.error().str() << "'" << where();
  if (run.results.size() != 1 || run.results[0].shape() != c.shapeOut)
    return ::testing::AssertionFailure() << "wrong result count or shape" << where();
  const std::vector<uint64_t> expected = op.expected(c);
  const Type &u = variant.types.u;
  for (size_t i = 0; i < expected.size(); ++i) {
    uint64_t got = uint64_t(run.results[0].get(int64_t(i)));
    if (!sameValue(u, got, expected[i]) || run.results[0].isPoison(int64_t(i)))
      return ::testing::AssertionFailure()
             << "element " << i << ": got " << hex(got & mask(u.width)) << ", the model "
             << hex(expected[i] & mask(u.width)) << where();
  }
  return ::testing::AssertionSuccess();
}

/// A seed from a test's name (FNV-1a: the same everywhere, unlike std::hash).
uint64_t seedOf(const std::string &name) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char ch : name)
    h = (h ^ uint8_t(ch)) * 0x100000001b3ull;
  return h;
}

class NamedOpDiff : public ::testing::TestWithParam<OpDef> {};

TEST_P(NamedOpDiff, AgreesWithTheFormula) {
  NamedOp op(GetParam());
  SplitMix64 prng(seedOf(GetParam().test));
  op.makeVariants(prng);
  const std::string text = op.program(nullptr);
  RunOutcome loading;
  std::unique_ptr<Program> program =
      Program::load(ir::ProgramSource::copyOf(text, "named.mlir"), RunOptions(), loading);
  ASSERT_TRUE(program) << loading.error().str() << "\n" << text;
  mlir::MLIRContext context; // for the static-shaped copies
  ir::registerAcceptedDialects(context);

  int64_t errors = 0, statics = 0;
  bool wantStatic = false;
  const int64_t cases = casesPerNamedOp(GetParam().test);
  for (int64_t n = 0; n < cases; ++n) {
    Case c = op.randomCase(prng, size_t(prng.below(op.variants().size())));
    RunOptions options;
    options.interpreter.fastPaths = n % 2 == 0;
    RunOutcome run;
    bool empty = false;
    for (const auto &entry : c.size)
      empty |= entry.second == 0;
    // A static-shaped copy: MLIR's verifier sees the shapes too (it rejects
    // an empty window with static shapes, hence none).
    wantStatic |= n % 50 == 1;
    if (wantStatic && !c.shortInput && !empty) {
      wantStatic = false;
      RunOutcome loaded;
      std::unique_ptr<Program> copy = Program::load(
          ir::ProgramSource::copyOf(op.program(&c), "static.mlir"), options, context, loaded);
      ASSERT_TRUE(copy) << loaded.error().str() << "\n" << op.program(&c);
      run = copy->run("v" + std::to_string(c.variant), op.arguments(c), options);
      ++statics;
    } else {
      run = program->run("v" + std::to_string(c.variant), op.arguments(c), options);
    }
    errors += op.expectsError(c);
    ASSERT_TRUE(check(op, c, run)) << "case " << n;
  }
  // The sample reaches the error path (ops with windows) and static shapes.
  if (GetParam().spatial > 0) {
    EXPECT_GT(errors, 0);
  }
  EXPECT_GT(statics, 0);
}

INSTANTIATE_TEST_SUITE_P(Linalg, NamedOpDiff, ::testing::ValuesIn(kOps),
                         [](const ::testing::TestParamInfo<OpDef> &info) {
                           return std::string(info.param.test);
                         });

//===-- Elementwise named ops ----------------------------------------------===//

/// The functions of the elementwise ops ([linalg.named-cast] 5).
enum class Fn {
  Abs, Ceil, Floor, NegF, Reciprocal, Round, Sqrt, Square,     // floats
  Add, Sub, Mul, Div, Max, Min,                                // both
  DivUnsigned, MaxUnsigned, MinUnsigned,                       // integers
  Select
};

struct ElementwiseDef {
  const char *test;
  const char *op;   ///< linalg.add, ..., or linalg.elementwise
  const char *kind; ///< linalg.elementwise's kind, else empty
  Fn fn;
  int arity;
  bool ints, floats;
};

// clang-format off
const ElementwiseDef kElementwise[] = {
  {"abs", "linalg.abs", "", Fn::Abs, 1, false, true},
  {"ceil", "linalg.ceil", "", Fn::Ceil, 1, false, true},
  {"floor", "linalg.floor", "", Fn::Floor, 1, false, true},
  {"negf", "linalg.negf", "", Fn::NegF, 1, false, true},
  {"reciprocal", "linalg.reciprocal", "", Fn::Reciprocal, 1, false, true},
  {"round", "linalg.round", "", Fn::Round, 1, false, true},
  {"sqrt", "linalg.sqrt", "", Fn::Sqrt, 1, false, true},
  {"square", "linalg.square", "", Fn::Square, 1, false, true},
  {"add", "linalg.add", "", Fn::Add, 2, true, true},
  {"sub", "linalg.sub", "", Fn::Sub, 2, true, true},
  {"mul", "linalg.mul", "", Fn::Mul, 2, true, true},
  {"div", "linalg.div", "", Fn::Div, 2, true, true},
  {"div_unsigned", "linalg.div_unsigned", "", Fn::DivUnsigned, 2, true, false},
  {"max", "linalg.max", "", Fn::Max, 2, true, true},
  {"min", "linalg.min", "", Fn::Min, 2, true, true},
  {"select", "linalg.select", "", Fn::Select, 3, true, true},
  {"elementwise_abs", "linalg.elementwise", "abs", Fn::Abs, 1, false, true},
  {"elementwise_ceil", "linalg.elementwise", "ceil", Fn::Ceil, 1, false, true},
  {"elementwise_floor", "linalg.elementwise", "floor", Fn::Floor, 1, false, true},
  {"elementwise_negf", "linalg.elementwise", "negf", Fn::NegF, 1, false, true},
  {"elementwise_reciprocal", "linalg.elementwise", "reciprocal", Fn::Reciprocal, 1, false, true},
  {"elementwise_round", "linalg.elementwise", "round", Fn::Round, 1, false, true},
  {"elementwise_sqrt", "linalg.elementwise", "sqrt", Fn::Sqrt, 1, false, true},
  {"elementwise_square", "linalg.elementwise", "square", Fn::Square, 1, false, true},
  {"elementwise_add", "linalg.elementwise", "add", Fn::Add, 2, true, true},
  {"elementwise_sub", "linalg.elementwise", "sub", Fn::Sub, 2, true, true},
  {"elementwise_mul", "linalg.elementwise", "mul", Fn::Mul, 2, true, true},
  {"elementwise_div", "linalg.elementwise", "div", Fn::Div, 2, true, true},
  {"elementwise_div_unsigned", "linalg.elementwise", "div_unsigned", Fn::DivUnsigned, 2, true, false},
  {"elementwise_max_signed", "linalg.elementwise", "max_signed", Fn::Max, 2, true, true},
  {"elementwise_min_signed", "linalg.elementwise", "min_signed", Fn::Min, 2, true, true},
  {"elementwise_max_unsigned", "linalg.elementwise", "max_unsigned", Fn::MaxUnsigned, 2, true, false},
  {"elementwise_min_unsigned", "linalg.elementwise", "min_unsigned", Fn::MinUnsigned, 2, true, false},
  {"elementwise_select", "linalg.elementwise", "select", Fn::Select, 3, true, true},
};
// clang-format on

/// fn applied to one element: its bits, or an error (integer division by
/// zero or INT_MIN / -1, undefined behaviour, [arith.ub]).
struct Element {
  uint64_t bits = 0;
  bool undefined = false;
};

Element apply(Fn fn, const Type &t, uint64_t x, uint64_t y, uint64_t z) {
  if (fn == Fn::Select) // x is the i1 condition
    return {(x & 1) ? y : z};
  if (t.isFloat) {
    const double a = decode(t, x), b = decode(t, y);
    switch (fn) {
    case Fn::Abs: return {fromDouble(t, std::fabs(a))};
    case Fn::Ceil: return {fromDouble(t, std::ceil(a))};
    case Fn::Floor: return {fromDouble(t, std::floor(a))};
    case Fn::NegF: return {fromDouble(t, -a)};
    case Fn::Reciprocal: return {fromDouble(t, 1.0 / a)};
    case Fn::Round: return {fromDouble(t, std::round(a))}; // halves away from zero
    case Fn::Sqrt: return {fromDouble(t, std::sqrt(a))};
    case Fn::Square: return {fromDouble(t, a * a)};
    case Fn::Add: return {fromDouble(t, a + b)};
    case Fn::Sub: return {fromDouble(t, a - b)};
    case Fn::Mul: return {fromDouble(t, a * b)};
    case Fn::Div: return {fromDouble(t, a / b)};
    case Fn::Max: return {fromDouble(t, maximum(a, b))};
    case Fn::Min: return {fromDouble(t, minimum(a, b))};
    default: break;
    }
  }
  const unsigned w = t.width;
  const uint64_t ux = x & mask(w), uy = y & mask(w);
  const int64_t sx = signExtend(x, w), sy = signExtend(y, w);
  switch (fn) {
  case Fn::Add: return {add(t, x, y)};
  case Fn::Sub: return {sub(t, x, y)};
  case Fn::Mul: return {mul(t, x, y)};
  case Fn::Div:
    if (sy == 0 || (sy == -1 && sx == signExtend(1ull << (w - 1), w)))
      return {0, true};
    return {uint64_t(sx / sy) & mask(w)};
  case Fn::DivUnsigned:
    if (uy == 0)
      return {0, true};
    return {ux / uy};
  case Fn::Max: return {pick(t, x, y, Order::Max)};
  case Fn::Min: return {pick(t, x, y, Order::Min)};
  case Fn::MaxUnsigned: return {pick(t, x, y, Order::MaxUnsigned)};
  case Fn::MinUnsigned: return {pick(t, x, y, Order::MinUnsigned)};
  default: return {0, true};
  }
}

class ElementwiseDiff : public ::testing::TestWithParam<ElementwiseDef> {};

TEST_P(ElementwiseDiff, AgreesWithTheFunction) {
  const ElementwiseDef &def = GetParam();
  std::vector<Type> types;
  if (def.ints)
    types.insert(types.end(), {I8, I16, I32});
  if (def.floats)
    types.insert(types.end(), {F32, F16, BF16});
  // One function per type and rank (1 to 3), all sizes dynamic.
  std::string text;
  for (size_t v = 0; v < types.size() * 3; ++v) {
    const Type &t = types[v / 3];
    const Shape rank(v % 3 + 1);
    const std::string type = tensorType(rank, t, false), cond = tensorType(rank, I1, false);
    std::string params = def.arity == 3 ? "%x: " + cond + ", %y: " + type + ", %z: " + type
                                        : def.arity == 2 ? "%x: " + type + ", %y: " + type
                                                         : "%x: " + type;
    std::string ins = def.arity == 3   ? "%x, %y, %z : " + cond + ", " + type + ", " + type
                      : def.arity == 2 ? "%x, %y : " + type + ", " + type
                                       : "%x : " + type;
    text += "func.func @v" + std::to_string(v) + "(" + params + ", %o: " + type + ") -> " +
            type + " {\n  %r = " + def.op +
            (*def.kind ? std::string(" kind=#linalg.elementwise_kind<") + def.kind + ">" : "") +
            " ins(" + ins + ") outs(%o : " + type + ") -> " + type + "\n  return %r : " + type +
            "\n}\n";
  }
  RunOutcome loading;
  std::unique_ptr<Program> program =
      Program::load(ir::ProgramSource::copyOf(text, "elementwise.mlir"), RunOptions(), loading);
  ASSERT_TRUE(program) << loading.error().str() << "\n" << text;

  SplitMix64 prng(seedOf(def.test));
  int64_t errors = 0;
  const int64_t cases = casesPerOp();
  for (int64_t n = 0; n < cases; ++n) {
    const size_t v = size_t(prng.below(types.size() * 3));
    const Type &t = types[v / 3];
    Shape shape;
    for (size_t r = 0; r <= v % 3; ++r)
      shape.push_back(prng.chance(20) ? 0 : prng.range(1, 5));
    const int64_t size = product(shape);
    std::vector<uint64_t> x, y, z, init;
    for (int64_t i = 0; i < size; ++i) {
      x.push_back(randomValue(prng, def.arity == 3 ? I1 : t));
      y.push_back(randomValue(prng, t));
      z.push_back(randomValue(prng, t));
      init.push_back(randomValue(prng, t));
    }
    auto tensor = [&](const Type &type, const std::vector<uint64_t> &bits) {
      RuntimeValue value = RuntimeValue::tensor(elementType(type), shape);
      for (int64_t i = 0; i < size; ++i)
        value.set(i, bits[size_t(i)] & mask(type.width));
      return value;
    };
    std::vector<RuntimeValue> args;
    args.push_back(tensor(def.arity == 3 ? I1 : t, x));
    if (def.arity >= 2)
      args.push_back(tensor(t, y));
    if (def.arity == 3)
      args.push_back(tensor(t, z));
    args.push_back(tensor(t, init));
    RunOptions options;
    options.interpreter.fastPaths = n % 2 == 0;
    RunOutcome run = program->run("v" + std::to_string(v), std::move(args), options);

    // The model; the first undefined element (in row-major order) is the
    // error, at its iteration point.
    std::vector<uint64_t> expected;
    int64_t undefinedAt = -1;
    for (int64_t i = 0; i < size && undefinedAt < 0; ++i) {
      Element e = def.arity == 3 ? apply(def.fn, t, x[size_t(i)], y[size_t(i)], z[size_t(i)])
                                 : apply(def.fn, t, x[size_t(i)], y[size_t(i)], 0);
      if (e.undefined)
        undefinedAt = i;
      expected.push_back(e.bits);
    }
    const std::string where = " (case " + std::to_string(n) + ", " + t.mlir + ", shape " +
                              shapeText(shape) + ")";
    if (undefinedAt >= 0) {
      ++errors;
      ASSERT_FALSE(run.succeeded()) << "expected undefined behaviour" << where;
      std::string point;
      for (size_t r = shape.size(), rest = size_t(undefinedAt); r-- > 0;) {
        point = std::to_string(rest % size_t(shape[r])) + (point.empty() ? "" : ", ") + point;
        rest /= size_t(shape[r]);
      }
      const std::string prefix = std::string(def.op) + ": at iteration (" + point + "): arith.div";
      ASSERT_EQ(run.error().message.rfind(prefix, 0), 0u) << run.error().message << where;
      continue;
    }
    ASSERT_TRUE(run.succeeded()) << run.error().str() << where;
    ASSERT_EQ(run.results[0].shape(), shape) << where;
    for (int64_t i = 0; i < size; ++i) {
      uint64_t got = uint64_t(run.results[0].get(i));
      ASSERT_TRUE(sameValue(t, got, expected[size_t(i)]) && !run.results[0].isPoison(i))
          << "element " << i << ": got " << hex(got & mask(t.width)) << ", the model "
          << hex(expected[size_t(i)] & mask(t.width)) << where;
    }
  }
  if (def.fn == Fn::Div || def.fn == Fn::DivUnsigned) {
    EXPECT_GT(errors, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Linalg, ElementwiseDiff, ::testing::ValuesIn(kElementwise),
                         [](const ::testing::TestParamInfo<ElementwiseDef> &info) {
                           return std::string(info.param.test);
                         });

//===-- fill_rng_2d ---------------------------------------------------------===//

/// fill_rng_2d's generator, from its definition: per element (m, n), in i32
/// with wrapping, r1 = (m + seed) * 1103515245 + 12345 and r2 = (n + r1) *
/// 1103515245 + 12345; then in f64 ((r2 + 2147483647) * ((max - min) *
/// 2.3283064e-10)) + min, rounded to the output type.
TEST(FillRng2dDiff, AgreesWithTheGenerator) {
  const Type types[] = {F32, F64, F16, BF16};
  std::string text;
  for (size_t v = 0; v < 4; ++v) {
    const std::string type = tensorType(Shape(2), types[v], false);
    text += "func.func @v" + std::to_string(v) + "(%lo: f64, %hi: f64, %seed: i32, %o: " + type +
            ") -> " + type + " {\n  %r = linalg.fill_rng_2d ins(%lo, %hi, %seed : f64, f64, i32) outs(%o : " +
            type + ") -> " + type + "\n  return %r : " + type + "\n}\n";
  }
  RunOutcome loading;
  std::unique_ptr<Program> program =
      Program::load(ir::ProgramSource::copyOf(text, "rng.mlir"), RunOptions(), loading);
  ASSERT_TRUE(program) << loading.error().str();
  SplitMix64 prng(seedOf("fill_rng_2d"));
  auto wrap = [](int64_t v) { return int64_t(int32_t(uint32_t(uint64_t(v)))); };
  for (int64_t n = 0; n < casesPerOp(); ++n) {
    const size_t v = size_t(prng.below(4));
    const Type &t = types[v];
    const Shape shape = {prng.range(0, 5), prng.range(0, 5)};
    const double bounds[] = {0.0, 1.0, -1.0, 255.0, -128.0, 1e30, -1e30, 1e300, INFINITY};
    double lo = prng.chance(2) ? bounds[prng.below(9)] : double(prng.range(-1000, 1000)) / 8;
    double hi = prng.chance(2) ? bounds[prng.below(9)] : double(prng.range(-1000, 1000)) / 8;
    const int64_t seed = prng.chance(3) ? prng.range(-2, 2) : int64_t(int32_t(prng.next()));
    std::vector<RuntimeValue> args;
    for (double bound : {lo, hi}) {
      RuntimeValue scalar = RuntimeValue::scalar(elementType(F64));
      scalar.set(0, encode(F64, bound));
      args.push_back(std::move(scalar));
    }
    RuntimeValue seedValue = RuntimeValue::scalar(ElementType::makeInteger(32));
    seedValue.set(0, uint64_t(seed) & mask(32));
    args.push_back(std::move(seedValue));
    args.push_back(RuntimeValue::tensor(elementType(t), shape));
    RunOptions options;
    options.interpreter.fastPaths = n % 2 == 0;
    RunOutcome run = program->run("v" + std::to_string(v), std::move(args), options);
    ASSERT_TRUE(run.succeeded()) << run.error().str();
    for (int64_t m = 0; m < shape[0]; ++m)
      for (int64_t k = 0; k < shape[1]; ++k) {
        const int64_t r1 = wrap((m + seed) * 1103515245 + 12345);
        const int64_t r2 = wrap((k + r1) * 1103515245 + 12345);
        const double scaling = (hi - lo) * 2.3283064e-10;
        const double value = (double(r2) + 2147483647.0) * scaling + lo;
        const uint64_t expected = fromDouble(t, value);
        const uint64_t got = uint64_t(run.results[0].get(m * shape[1] + k));
        ASSERT_TRUE(sameValue(t, got, expected))
            << "(" << m << ", " << k << "): got " << hex(got & mask(t.width)) << ", the model "
            << hex(expected) << " (" << t.mlir << ", seed " << seed << ")";
      }
  }
}

} // namespace
} // namespace qi::eval
