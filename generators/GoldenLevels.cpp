//===- GoldenLevels.cpp - The parameter sets of the levels ------------------===//
//
// Spec: docs/golden-format.md, "Levels". Which quantized types, shapes and
// shape kinds each level contains; the inputs and expected values of a case
// are made by buildCase (GoldenBuild.cpp).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenLevels.h"

#include "generators/GoldenDesign.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevelParts.h"
#include "generators/GoldenInputs.h"
#include "generators/GoldenProgram.h"
#include "generators/GoldenRescale.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"
#include "interpreter/quant/QuantTypeBuilder.h"

#include <cstdio>
#include <cstring>
#include <set>
#include <stdexcept>

namespace qi::generators {

using numeric::Bits;
using numeric::FloatFormat;
using numeric::IntFormat;
using quant::QuantType;
using detail::doubleOf;
using detail::fmt;

namespace {

// --- Type builders (fields: quant/QuantTypeBuilder.h; spelling: typeSpelling) ---

IntFormat S(unsigned w) { return {w, true}; }
IntFormat U(unsigned w) { return {w, false}; }
using Bounds = quant::build::Bounds;

QuantType spelled(QuantType t) {
  t.spelling = typeSpelling(t);
  return t;
}

QuantType perLayer(IntFormat st, Bounds b, const FloatFormat &E, double scale, int64_t zp) {
  return spelled(quant::build::perLayer(st, b, E, scale, zp));
}

QuantType perAxis(IntFormat st, Bounds b, const FloatFormat &E, int32_t axis,
                  const std::vector<double> &scales, const std::vector<int64_t> &zps) {
  return spelled(quant::build::perAxis(st, b, E, axis, scales, zps));
}

/// Sub-channel scales are given as doubles and stored in E (nearest-even).
QuantType subChannel(IntFormat st, Bounds b, const FloatFormat &E,
                     std::vector<std::pair<int32_t, int64_t>> blocks, Shape parameterShape,
                     const std::vector<double> &scales, const std::vector<int64_t> &zps) {
  std::vector<Bits> bits;
  for (double s : scales) {
    uint64_t u;
    std::memcpy(&u, &s, 8);
    bits.push_back(numeric::floatConvert(numeric::f64Format(), u, E,
                                         numeric::RoundingMode::NearestEven)
                       .bits);
  }
  return spelled(
      quant::build::subChannel(st, b, E, std::move(blocks), std::move(parameterShape), bits, zps));
}

/// A scale close to the bottom of E's range (the verifier wants s >= the
/// smallest subnormal of E); non-dyadic for the main formats.
double tinyScale(const FloatFormat &E) {
  if (E.name == "f16") return 1.0e-7;
  if (E.name == "bf16" || E.name == "f32") return 1.0e-40;
  if (E.name == "f64") return 1.0e-310;
  return 3 * doubleOf(numeric::decode(E, 1));
}
/// A scale close to the top of E's range.
double hugeScale(const FloatFormat &E) {
  if (E.name == "f16") return 60000.0;
  if (E.name == "bf16" || E.name == "f32") return 3.0e38;
  if (E.name == "f64") return 1.0e300;
  return doubleOf(numeric::decode(E, numeric::largestFinite(E, false))) / 2;
}

CaseParams mk(Op op, QuantType t, ShapeKind kind, Shape shape, std::vector<bool> dyn = {},
              std::string variant = "") {
  CaseParams p;
  p.op = op;
  p.type = std::move(t);
  p.shapeKind = kind;
  p.shape = std::move(shape);
  p.dynamic = std::move(dyn);
  if (kind == ShapeKind::Dynamic && p.dynamic.empty())
    p.dynamic.assign(p.shape.size(), false), p.dynamic[0] = true;
  p.variant = std::move(variant);
  return p;
}

const char *const kF8Family[] = {"f8E4M3FN", "f8E5M2", "f8E4M3", "f8E3M4", "f8E5M2FNUZ",
                                 "f8E4M3FNUZ", "f8E4M3B11FNUZ"};
/// Further expressed types MLIR 22 accepts and the oracles model: the
/// finite-only 4- and 6-bit formats (overflow saturates) and tf32.
const char *const kOtherSmallFormats[] = {"f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "tf32"};

/// Expected rejections (docs/golden-format.md, "Expected rejections"): MLIR's
/// verifier on static shapes, the runtime integrity checks on dynamic and
/// unranked ones.
std::vector<CaseParams> rejectionCases() {
  const FloatFormat &f16 = fmt("f16"), &bf16 = fmt("bf16"), &f32 = fmt("f32");
  const ShapeKind St = ShapeKind::Static, Dy = ShapeKind::Dynamic, Un = ShapeKind::Unranked;
  const Op Q = Op::QCast, D = Op::DCast;
  const std::string R(kRejectVariant);
  std::vector<CaseParams> v;
  // Per-axis: a static channel dimension of 3 with 2 scales (verifier); a
  // dynamic one of runtime size 3 with 4 scales; an unranked input whose
  // runtime rank has no axis 2.
  v.push_back(mk(Q, perAxis(S(8), {}, f32, 1, {0.1, 0.2}, {0, 0}), St, {2, 3}, {}, R));
  v.push_back(mk(Q, perAxis(S(8), {}, f16, 1, {0.1, 0.2, 0.3, 0.4}, {0, 1, 2, 3}), Dy, {2, 3},
                 {true, true}, R));
  v.push_back(mk(Q, perAxis(U(8), {}, f32, 2, {0.1, 0.5}, {0, 128}), Un, {2, 3}, {}, R));
  // Sub-channel: block size 3 on a static dimension of 4 (verifier); block
  // size 2 on a dynamic dimension of runtime size 5; a dynamic dimension of
  // runtime size 0 (0 blocks); an unranked sub-channel type (verifier).
  v.push_back(mk(Q, subChannel(S(8), {}, f32, {{1, 3}}, {1, 2}, {0.1, 0.2}, {0, 0}), St, {2, 4},
                 {}, R));
  v.push_back(mk(Q, subChannel(S(8), {}, bf16, {{1, 2}}, {1, 2}, {0.1, 0.5}, {0, 1}), Dy, {2, 5},
                 {false, true}, R));
  v.push_back(mk(Q, subChannel(U(8), {}, f32, {{0, 1}, {1, 2}}, {2, 2}, {0.1, 0.2, 0.3, 0.4},
                               {0, 1, 2, 3}),
                 Dy, {0, 4}, {true, false}, R));
  v.push_back(mk(Q, subChannel(S(8), {}, f32, {{1, 2}}, {1, 2}, {0.1, 0.2}, {0, 0}), Un, {2, 4},
                 {}, R));
  // dcast: per-axis on a static dimension of 3 with 2 scales (verifier), and
  // on a dynamic dimension of runtime size 2 with 3 scales.
  v.push_back(mk(D, perAxis(S(8), {}, f32, 0, {0.1, 0.2}, {0, 1}), St, {3, 2}, {}, R));
  v.push_back(mk(D, perAxis(S(8), {}, f32, 0, {0.1, 0.2, 0.3}, {0, 1, 2}), Dy, {2, 2},
                 {true, false}, R));
  return v;
}

// The rescale, contraction and elementwise parts of the levels: GoldenLevelParts.h.

/// The seed of the full level's covering design (GoldenDesign.h).
constexpr uint64_t kDesignSeed = 20260;

CaseParams tiled(CaseParams p, int64_t period) {
  p.period = period;
  return p;
}

/// Smoke cases for the failure classes a backend shows only on some sizes,
/// ranks and conversions (docs/golden-format.md, "Levels"): tiled tensors
/// across the code-path thresholds (256, 1,024, 4,096, 65,536 elements), the
/// channel axis of rank 4 and 5 away from NCHW's, integer to expressed-type
/// conversions that are inexact, subnormal bf16 results.
std::vector<CaseParams> smokeDetectionCases() {
  const FloatFormat &f16 = fmt("f16"), &bf16 = fmt("bf16"), &f32 = fmt("f32");
  const ShapeKind St = ShapeKind::Static;
  const Op Q = Op::QCast, D = Op::DCast;
  std::vector<CaseParams> v;
  // Sizes: one past each threshold; periods prime (per-layer) or a multiple
  // of the 3 channels (per-axis) and never a power of two, so that each
  // discriminating value meets every vector lane, tail and chunk boundary.
  v.push_back(tiled(mk(Q, perLayer(S(8), {}, f32, 0.1, -3), St, {257}), 17));
  v.push_back(tiled(mk(Q, perLayer(U(8), {}, bf16, 0.0390625 * 3, 128), St, {5, 205}), 17));
  v.push_back(tiled(mk(Q, perLayer(S(16), {}, f16, 0.3, 100), St, {17, 241}), 19));
  v.push_back(tiled(mk(Q, perLayer(S(8), {}, f32, 0.00214854861, 5), St, {65537}), 23));
  v.push_back(tiled(mk(Q, perAxis(S(8), {}, f32, 1, {0.1, 0.7, 2.5}, {-3, 0, 7}), St, {1366, 3}),
                    24));
  v.push_back(tiled(mk(Q, perAxis(U(8), {}, f16, 1, {0.3, 0.05, 1.5}, {128, 3, 250}), St,
                       {21846, 3}),
                    24));
  v.push_back(tiled(mk(D, perLayer(S(32), {}, f32, 0.25, 1000), St, {1025}), 19));
  v.push_back(tiled(mk(D, perLayer(S(8), {}, f32, tinyScale(f32), 3), St, {65537}), 13));
  v.push_back(tiled(mk(D, perAxis(S(16), {}, bf16, 1, {0.1, 3.0, 1.0e-3}, {-5, 0, 77}), St,
                       {21846, 3}),
                    15));
  // Rank 4 and 5 per-axis, the axis away from dimension 1 (OIHW, NHWC) and
  // a 5th dimension after it.
  v.push_back(mk(Q, perAxis(S(8), {}, f32, 0, {0.1, 0.5, 2.0}, {0, -7, 9}), St, {3, 2, 1, 2}));
  v.push_back(mk(D, perAxis(S(8), {}, f16, 3, {0.1, 0.3, 4.0}, {1, 0, -2}), St, {1, 2, 2, 3}));
  v.push_back(mk(Q, perAxis(U(8), {}, bf16, 2, {0.1, 0.25, 3.0}, {0, 128, 255}), St,
                 {2, 1, 3, 1, 2}));
  // Integers the expressed type cannot hold, just above a tie (int-tie-above):
  // u32 beyond 2^31 into f32, i32 into bf16, i16 into f8E5M2.
  v.push_back(mk(D, perLayer(U(32), {}, f32, 0.5, 0), St, {3, 4}));
  v.push_back(mk(D, perLayer(S(32), {}, bf16, 0.5, 0), St, {3, 4}));
  v.push_back(mk(D, perLayer(S(16), {}, fmt("f8E5M2"), 0.5, 0), St, {3, 4}));
  // Subnormal bf16 results; a scalar dcast into f16.
  v.push_back(mk(D, perLayer(S(8), {}, bf16, tinyScale(bf16), 0), St, {3, 4}));
  v.push_back(mk(D, perLayer(U(8), {}, f16, 0.1, 128), ShapeKind::Scalar, {}));
  // A per-axis program whose channel dimension is `?` and runs.
  v.push_back(mk(Q, perAxis(S(8), {}, f16, 1, {0.1, 0.3, 2.0}, {0, 5, -5}), ShapeKind::Dynamic,
                 {2, 3}, {false, true}));
  return v;
}

/// Full-level breadth for the same classes: a tiled case over 65,536
/// elements per op and granularity (the smoke level has per-layer and
/// per-axis), rank 4 and 5 per-axis with the axis at every position, and
/// scalar, 0-d, dynamic (channel axis `?` included) and unranked cases per
/// expressed type and op.
std::vector<CaseParams> fullDetectionCases() {
  const ShapeKind St = ShapeKind::Static, Dy = ShapeKind::Dynamic, Un = ShapeKind::Unranked;
  const Op Q = Op::QCast, D = Op::DCast;
  const char *const expressed[] = {"f16", "bf16", "f32", "f64"};
  std::vector<CaseParams> v;
  // Sub-channel over 65,536 elements: blocks of 2 along the last dimension
  // (period a multiple of 4).
  v.push_back(tiled(mk(Q, subChannel(S(8), {}, fmt("f32"), {{1, 2}}, {1, 2}, {0.1, 0.75},
                                     {-3, 4}),
                       St, {16385, 4}),
                    28));
  v.push_back(tiled(mk(D, subChannel(U(8), {}, fmt("bf16"), {{1, 2}}, {1, 2}, {0.3, 2.0},
                                     {128, 7}),
                       St, {16385, 4}),
                    20));
  // Rank 4 and 5, the channel axis at every position.
  const std::vector<double> scalePool{0.1, 0.5, 2.0, 0.3, 1.0e-3};
  const std::vector<int64_t> zpPool{0, -7, 9, 100, -128};
  int k = 0;
  for (const Shape &shape : {Shape{2, 3, 4, 2}, Shape{2, 3, 2, 1, 3}})
    for (int32_t axis = 0; axis < int32_t(shape.size()); ++axis, ++k) {
      size_t C = size_t(shape[size_t(axis)]);
      std::vector<double> scales(scalePool.begin(), scalePool.begin() + long(C));
      std::vector<int64_t> zps(zpPool.begin(), zpPool.begin() + long(C));
      const FloatFormat &E = fmt(expressed[k % 4]);
      v.push_back(mk(Q, perAxis(S(8), {}, E, axis, scales, zps), St, shape));
      v.push_back(mk(D, perAxis(S(8), {}, E, axis, scales, zps), St, shape));
    }
  // Shape kinds per expressed type and op.
  for (const char *en : expressed) {
    const FloatFormat &E = fmt(en);
    for (Op op : {Q, D}) {
      v.push_back(mk(op, perLayer(S(8), {}, E, 0.1, -3), ShapeKind::Scalar, {}));
      v.push_back(mk(op, perLayer(U(8), {}, E, 0.3, 130), ShapeKind::ZeroD, {}));
      v.push_back(mk(op, perLayer(S(16), {}, E, 0.7, 11), Dy, {3, 5}, {true, true}));
      v.push_back(mk(op, perLayer(S(4), {}, E, 0.25, -1), Un, {2, 1, 3}));
      v.push_back(mk(op, perAxis(S(8), {}, E, 1, {0.1, 0.6, 3.0}, {3, -3, 0}), Dy, {2, 3},
                     {true, true}));
      v.push_back(mk(op, perAxis(U(8), {}, E, 0, {0.2, 0.05}, {0, 200}), Un, {2, 2, 2}));
    }
  }
  return v;
}

std::vector<CaseParams> smokeCases() {
  const FloatFormat &f16 = fmt("f16"), &bf16 = fmt("bf16"), &f32 = fmt("f32"), &f64 = fmt("f64");
  const ShapeKind St = ShapeKind::Static, Dy = ShapeKind::Dynamic, Un = ShapeKind::Unranked;
  const Op Q = Op::QCast, D = Op::DCast;
  std::vector<CaseParams> v;
  Shape s32{4, 5}, s16{2, 6};
  // qcast, per-layer: storage widths, narrow bounds, zero points at both
  // extremes, power-of-two / non-dyadic / tiny / huge scales, every expressed type.
  v.push_back(mk(Q, perLayer(S(8), {}, f32, 0.1, 0), St, s32));
  v.push_back(mk(Q, perLayer(U(8), {}, f32, 0.00214854861, 0), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {{-127, 127}}, f32, 0.5, -128), St, s32));
  v.push_back(mk(Q, perLayer(U(8), {}, f32, 0.0625, 255), St, s32));
  v.push_back(mk(Q, perLayer(S(1), {}, f32, 1.0, 0), St, s16));
  v.push_back(mk(Q, perLayer(U(1), {}, f32, 0.3, 1), St, s16));
  v.push_back(mk(Q, perLayer(S(4), {}, f16, 0.1, -8), St, s32));
  v.push_back(mk(Q, perLayer(U(4), {{1, 14}}, bf16, 2.0, 15), St, s32));
  v.push_back(mk(Q, perLayer(S(16), {}, f16, 0.001, -32768), St, s32));
  v.push_back(mk(Q, perLayer(U(16), {}, bf16, 0.1, 65535), St, s32));
  v.push_back(mk(Q, perLayer(S(32), {}, f32, 1.0, 0), St, s32));
  v.push_back(mk(Q, perLayer(U(32), {}, f64, 0.1, 4000000000), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, f32, tinyScale(f32), 0), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, f32, hugeScale(f32), 0), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, f64, 0.1, 100), St, s32));
  v.push_back(mk(Q, perLayer(S(16), {{-1000, 1000}}, f64, 0.25, 7), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, f16, tinyScale(f16), 3), St, s32));
  v.push_back(mk(Q, perLayer(S(8), {}, bf16, hugeScale(bf16), -3), St, s32));
  // qcast, shape kinds.
  QuantType base = perLayer(S(8), {}, f32, 0.1, 3);
  v.push_back(mk(Q, base, ShapeKind::Scalar, {}));
  v.push_back(mk(Q, base, ShapeKind::ZeroD, {}));
  v.push_back(mk(Q, base, Dy, {3, 8}));
  v.push_back(mk(Q, base, Un, {2, 2, 4}));
  v.push_back(mk(Q, perLayer(U(8), {}, f16, 0.1, 128), ShapeKind::Scalar, {}));
  v.push_back(mk(Q, perLayer(S(4), {}, bf16, 0.3, 0), Un, {12}));
  // qcast, per-axis on every axis of a rank-3 shape, dynamic and unranked.
  Shape r3{2, 3, 4};
  v.push_back(mk(Q, perAxis(S(8), {}, f32, 0, {0.1, 2.0}, {-128, 127}), St, r3));
  v.push_back(mk(Q, perAxis(U(8), {}, f16, 1, {0.25, tinyScale(f16), hugeScale(f16)}, {0, 255, 128}),
                 St, r3));
  v.push_back(mk(Q, perAxis(S(16), {{-300, 300}}, f32, 2, {0.1, 0.5, 1.0e-3, 1000.0},
                            {-32768, 32767, 0, 5}),
                 St, r3));
  v.push_back(mk(Q, perAxis(S(8), {}, bf16, 1, {0.1, 0.0625, 3.0}, {1, -1, 0}), Dy, {3, 3, 2},
                 {true, false, true}));
  v.push_back(mk(Q, perAxis(U(4), {}, f64, 1, {0.1, 0.5}, {0, 15}), Un, {4, 2}));
  // qcast, sub-channel with mixed block sizes.
  v.push_back(mk(Q, subChannel(S(8), {}, f32, {{0, 1}, {1, 2}}, {2, 2}, {0.1, 2.0, 1.0e-3, 0.5},
                               {0, -128, 127, 10}),
                 St, {2, 4}));
  v.push_back(mk(Q, subChannel(U(8), {}, f16, {{1, 4}}, {1, 2}, {0.1, 0.25}, {128, 0}), St,
                 {3, 8}));
  v.push_back(mk(Q, subChannel(S(4), {}, bf16, {{0, 2}, {2, 3}}, {2, 1, 2}, {0.1, 0.5, 2.0, 0.3},
                               {-8, 7, 0, 1}),
                 St, {4, 2, 6}));
  v.push_back(mk(Q, subChannel(S(16), {{-1000, 1000}}, f64, {{0, 1}, {1, 2}}, {3, 2},
                               {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, {0, 1, 2, 3, -1000, 1000}),
                 Dy, {3, 4}));
  // dcast: per-layer over storages and expressed types (f8 family included).
  Shape d12{3, 4};
  v.push_back(mk(D, perLayer(S(8), {}, f32, 0.1, 0), St, d12));
  v.push_back(mk(D, perLayer(U(8), {}, f16, 0.1, 128), St, d12));
  v.push_back(mk(D, perLayer(S(4), {{-7, 7}}, bf16, 0.3, -8), St, d12));
  v.push_back(mk(D, perLayer(S(16), {}, f64, tinyScale(f64), 32767), St, d12));
  v.push_back(mk(D, perLayer(U(32), {}, f16, 1.0, 4000000000), St, d12));
  v.push_back(mk(D, perLayer(S(32), {}, f32, hugeScale(f32), -2147483648), St, d12));
  v.push_back(mk(D, perLayer(S(1), {}, f32, 0.5, 0), St, {4}));
  v.push_back(mk(D, perLayer(U(1), {}, f16, 0.1, 1), St, {4}));
  v.push_back(mk(D, perLayer(S(8), {}, fmt("f8E4M3FN"), 2.0, -128), St, d12));
  for (const char *name : kF8Family)
    v.push_back(mk(D, perLayer(U(4), {}, fmt(name), 0.1, 3), St, d12));
  v.push_back(mk(D, perLayer(S(8), {}, fmt("f8E5M2"), tinyScale(fmt("f8E5M2")), 0), St, d12));
  v.push_back(mk(D, base, ShapeKind::Scalar, {}));
  v.push_back(mk(D, base, ShapeKind::ZeroD, {}));
  v.push_back(mk(D, base, Dy, {3, 4}));
  v.push_back(mk(D, base, Un, {2, 3}));
  // dcast: per-axis and sub-channel.
  v.push_back(mk(D, perAxis(S(8), {}, f32, 1, {0.1, 2.0, 1.0e-3}, {-128, 127, 0}), St, {2, 3, 2}));
  v.push_back(mk(D, perAxis(U(8), {}, f16, 0, {0.1, 0.5}, {0, 255}), Un, {2, 4}));
  v.push_back(mk(D, perAxis(S(8), {}, fmt("f8E4M3FN"), 1, {0.5, 4.0}, {0, 10}), Dy, {3, 2}));
  v.push_back(mk(D, subChannel(S(8), {}, f32, {{0, 1}, {1, 2}}, {2, 2}, {0.1, 2.0, 1.0e-3, 0.5},
                               {0, -128, 127, 10}),
                 St, {2, 4}));
  v.push_back(mk(D, subChannel(U(16), {}, bf16, {{1, 3}}, {1, 2}, {0.1, 7.0}, {0, 65535}), Dy,
                 {2, 6}));
  // qcast from the f8 family (the steps round in E: x / sE and + zp in f8),
  // and from the other small formats MLIR accepts as expressed types.
  for (const char *name : kF8Family)
    v.push_back(mk(Q, perLayer(S(8), {}, fmt(name), 0.25, -3), St, s16));
  for (const char *name : kOtherSmallFormats)
    v.push_back(mk(Q, perLayer(S(8), {}, fmt(name), 1.0, -3), St, s16));
  // Zero points outside the storage type, positive and negative, signed and
  // unsigned, narrow bounds: MLIR's verifier accepts them on per-layer and
  // per-axis types and its lowering wraps them to the storage width
  // ([sem.zero-point-storage]). Sub-channel zero points are parsed into
  // storage-type integers already, so the type cannot hold one ([qtype.model]).
  v.push_back(mk(Q, perLayer(S(8), {}, f32, 1.0, 200), St, s16));
  v.push_back(mk(Q, perLayer(U(8), {}, f32, 0.5, -120), St, s16));
  v.push_back(mk(Q, perLayer(S(8), {{-100, 100}}, f16, 0.25, -300), St, s16));
  v.push_back(mk(Q, perLayer(U(4), {}, bf16, 0.1, 20), ShapeKind::Scalar, {}));
  v.push_back(mk(Q, perAxis(S(8), {}, f32, 1, {0.1, 1.0, 0.5}, {200, -129, 300}), Dy, {2, 3},
                 {true, false}));
  v.push_back(mk(Q, perAxis(U(8), {}, f32, 0, {0.25, 2.0}, {-10, 256}), Un, {2, 4}));
  v.push_back(mk(D, perLayer(S(8), {}, f32, 0.1, -300), St, d12));
  v.push_back(mk(D, perLayer(U(8), {}, f16, 0.5, -120), St, d12));
  v.push_back(mk(D, perAxis(U(8), {}, f32, 1, {0.1, 2.0, 0.5}, {-120, 300, 256}), St, {2, 3}));
  v.push_back(mk(D, perAxis(S(16), {{-1000, 1000}}, f64, 0, {0.1, 3.0}, {40000, -40000}), Un,
                 {2, 2}));
  // Empty tensors: a static 0 dimension, a dynamic dimension of runtime size
  // 0, per-axis with a 0-size non-channel dimension.
  v.push_back(mk(Q, base, St, {0, 4}));
  v.push_back(mk(Q, perLayer(U(8), {}, f16, 0.5, 128), Dy, {0, 8}));
  v.push_back(mk(D, perAxis(S(8), {}, f32, 1, {0.1, 0.5, 2.0}, {0, 1, -1}), St, {0, 3}));
  v.push_back(mk(Q, perAxis(S(8), {}, bf16, 1, {0.1, 0.5, 2.0}, {0, 1, -1}), Dy, {0, 3}));
  for (CaseParams &p : rejectionCases())
    v.push_back(std::move(p));
  for (CaseParams &p : smokeDetectionCases())
    v.push_back(std::move(p));
  for (CaseParams &p : designCases(1, kDesignSeed))
    v.push_back(std::move(p));
  for (auto part : {rescaleSmokeCases, contractionSmokeCases, elementwiseSmokeCases})
    for (CaseParams &p : part())
      v.push_back(std::move(p));
  return v;
}

std::vector<CaseParams> fullCases() {
  const ShapeKind St = ShapeKind::Static;
  std::vector<CaseParams> v;
  const std::vector<IntFormat> storages{S(1), U(1), S(2), U(2), S(4), U(4), S(7), S(8), U(8),
                                        S(12), U(12), S(16), U(16), S(24), S(32), U(32)};
  const char *const expressed[] = {"f16", "bf16", "f32", "f64"};
  for (const char *en : expressed) {
    const FloatFormat &E = fmt(en);
    const std::vector<double> scales{0.25, 0.1, 0.00214854861, tinyScale(E), hugeScale(E)};
    for (IntFormat st : storages) {
      int64_t lo = static_cast<int64_t>(st.min()), hi = static_cast<int64_t>(st.max());
      for (double s : scales)
        for (int64_t zp : {int64_t(0), lo, hi})
          v.push_back(mk(Op::QCast, perLayer(st, {}, E, s, zp), St, {8, 8}));
      if (st.width >= 4) {
        Bounds narrow{{lo + 1, hi - 1}};
        v.push_back(mk(Op::QCast, perLayer(st, narrow, E, 0.1, lo), St, {8, 8}));
        v.push_back(mk(Op::QCast, perLayer(st, narrow, E, 0.5, hi), St, {8, 8}));
      }
      for (int64_t zp : {int64_t(0), hi})
        v.push_back(mk(Op::DCast, perLayer(st, {}, E, 0.1, zp), St, {4, 8}));
    }
    for (int32_t axis = 0; axis < 3; ++axis) {
      Shape shape{2, 3, 4};
      std::vector<double> scales{0.1, 0.25, tinyScale(E), hugeScale(E)};
      std::vector<int64_t> zps{-128, 127, 0, 5};
      scales.resize(size_t(shape[size_t(axis)]));
      zps.resize(size_t(shape[size_t(axis)]));
      v.push_back(mk(Op::QCast, perAxis(S(8), {}, E, axis, scales, zps), St, shape));
      v.push_back(mk(Op::DCast, perAxis(S(8), {}, E, axis, scales, zps), St, shape));
    }
    v.push_back(mk(Op::QCast,
                   subChannel(U(8), {}, E, {{0, 2}, {1, 4}}, {2, 2}, {0.1, 0.5, 3.0, 1.0e-3},
                              {0, 255, 128, 1}),
                   St, {4, 8}));
    v.push_back(mk(Op::DCast,
                   subChannel(S(16), {}, E, {{1, 2}}, {1, 3}, {0.1, 0.5, 3.0}, {-32768, 0, 32767}),
                   St, {4, 6}));
  }
  for (const char *name : kF8Family) {
    const FloatFormat &E = fmt(name);
    for (IntFormat st : {S(4), U(4), S(8), U(8), S(16)})
      for (double s : {0.1, 1.0, tinyScale(E), hugeScale(E)})
        v.push_back(mk(Op::DCast, perLayer(st, {}, E, s, static_cast<int64_t>(st.max()) / 2), St,
                       {4, 8}));
    for (IntFormat st : {S(4), U(8), S(16)})
      for (double s : {0.1, 1.0, tinyScale(E), hugeScale(E)})
        v.push_back(mk(Op::QCast, perLayer(st, {}, E, s, static_cast<int64_t>(st.max()) / 3), St,
                       {4, 8}));
  }
  for (const char *name : kOtherSmallFormats) {
    const FloatFormat &E = fmt(name);
    for (IntFormat st : {S(4), S(8), U(8)})
      for (double s : {1.0, tinyScale(E), hugeScale(E)})
        for (Op op : {Op::QCast, Op::DCast})
          v.push_back(mk(op, perLayer(st, {}, E, s, static_cast<int64_t>(st.max()) / 3), St,
                         {4, 8}));
  }
  for (CaseParams &p : fullDetectionCases())
    v.push_back(std::move(p));
  // Every feasible pair of case features, and the interacting triples
  // (GoldenDesign.h).
  for (CaseParams &p : designCases(2, kDesignSeed))
    v.push_back(std::move(p));
  // The same for the rescale cases' features.
  for (CaseParams &p : designCases(DesignModel::Rescale, 2, kDesignSeed))
    v.push_back(std::move(p));
  for (auto part : {rescaleFullCases, contractionFullCases, elementwiseFullCases})
    for (CaseParams &p : part())
      v.push_back(std::move(p));
  return v;
}

std::vector<CaseParams> exhaustiveCases() {
  std::vector<CaseParams> v;
  auto all = [](const FloatFormat &E) { return Shape{int64_t(1) << E.sizeInBits}; };
  const FloatFormat &f16 = fmt("f16"), &bf16 = fmt("bf16");
  v.push_back(mk(Op::QCast, perLayer(S(8), {}, f16, 0.1, 0), ShapeKind::Static, all(f16), {},
                 "exhaustive"));
  v.push_back(mk(Op::QCast, perLayer(U(8), {}, bf16, 0.0625, 128), ShapeKind::Static, all(bf16),
                 {}, "exhaustive"));
  v.push_back(mk(Op::DCast, perLayer(S(16), {}, f16, 0.1, 0), ShapeKind::Static, {65536}, {},
                 "exhaustive"));
  v.push_back(mk(Op::DCast, perLayer(U(8), {}, fmt("f8E4M3FN"), 0.1, 128), ShapeKind::Static,
                 {256}, {}, "exhaustive"));
  return v;
}

/// The per-layer qcast type swept over every f32 input by the exhaustive level.
CaseParams f32Chunk(uint64_t k) {
  return mk(Op::QCast, perLayer(S(8), {}, fmt("f32"), 0.00214854861, -3), ShapeKind::Static,
            {kExhaustiveChunkElements}, {}, exhaustiveChunkVariant(k));
}

constexpr uint64_t kF32Chunks = (uint64_t(1) << 32) / uint64_t(kExhaustiveChunkElements);

/// The listed cases of a level, each once.
std::vector<CaseParams> listedCases(Level level) {
  std::vector<CaseParams> all;
  switch (level) {
  case Level::Smoke: all = smokeCases(); break;
  case Level::Full:
    all = smokeCases();
    for (CaseParams &p : fullCases())
      all.push_back(std::move(p));
    break;
  case Level::Exhaustive: all = exhaustiveCases(); break;
  }
  // The cross products of the full level meet the same parameters twice
  // (e.g. zero point 0 = storage max of i1); a case appears once.
  std::vector<CaseParams> unique;
  std::set<std::string> ids;
  for (CaseParams &p : all)
    if (ids.insert(parameterId(p)).second)
      unique.push_back(std::move(p));
  return unique;
}

} // namespace

std::string_view levelName(Level level) {
  switch (level) {
  case Level::Smoke: return "smoke";
  case Level::Full: return "full";
  case Level::Exhaustive: return "exhaustive";
  }
  return "?";
}

std::optional<Level> parseLevel(std::string_view name) {
  for (Level l : {Level::Smoke, Level::Full, Level::Exhaustive})
    if (levelName(l) == name)
      return l;
  return std::nullopt;
}

std::string exhaustiveChunkVariant(uint64_t k) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "chunk%04llx", static_cast<unsigned long long>(k));
  return buf;
}

std::optional<uint64_t> exhaustiveChunkIndex(std::string_view variant) {
  if (variant.size() != 9 || variant.substr(0, 5) != "chunk")
    return std::nullopt;
  uint64_t k = 0;
  for (char ch : variant.substr(5)) {
    int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
    if (d < 0)
      return std::nullopt;
    k = k << 4 | uint64_t(d);
  }
  return k;
}

void forEachLevelCase(Level level, const std::function<bool(const CaseParams &)> &visit) {
  for (const CaseParams &p : listedCases(level))
    if (!visit(p))
      return;
  if (level != Level::Exhaustive)
    return;
  for (uint64_t k = 0; k < kF32Chunks; ++k)
    if (!visit(f32Chunk(k)))
      return;
  // After the f32 sweep, so that its cases keep their positions (--skip=4).
  for (const CaseParams &p : rescaleExhaustiveCases())
    if (!visit(p))
      return;
}

size_t levelCaseCount(Level level) {
  return listedCases(level).size() +
         (level == Level::Exhaustive ? size_t(kF32Chunks) + rescaleExhaustiveCases().size() : 0);
}

std::vector<CaseParams> levelCases(Level level) {
  std::vector<CaseParams> out;
  forEachLevelCase(level, [&](const CaseParams &p) {
    out.push_back(p);
    return true;
  });
  return out;
}

} // namespace qi::generators
