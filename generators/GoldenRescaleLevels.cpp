//===- GoldenRescaleLevels.cpp - The rescale part of the levels -----------===//
//
// Spec: docs/golden-format.md, "Levels" (the rescale part) and "Rescale
// cases". Which tosa.rescale parameters each level holds; the inputs and
// expected values are made by buildCase (GoldenBuild.cpp, GoldenRescale.h).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenLevelParts.h"

#include "generators/GoldenRescale.h"

#include <stdexcept>
#include <string>

namespace qi::generators {

namespace {
// --- Rescale cases (docs/golden-format.md, "Rescale cases") ---

using requant::RoundingMode;
constexpr int64_t kM30 = int64_t(1) << 30;        // 2^30: 0.5 at shift 31
constexpr int64_t kMMax = (int64_t(1) << 31) - 1; // the largest i32 multiplier
constexpr int64_t kMHalfSqrt2 = 1518500250;       // round(2^31 / sqrt(2))
constexpr int64_t kM30Plus1 = kM30 + 1;           // odd, just above 0.5 at shift 31
constexpr int64_t kM3x28 = int64_t(3) << 28;      // 0.75 at shift 32: ties reachable
constexpr int64_t kM16Max = 32767;                // the largest i16 multiplier

/// A rescale case, field by field: `Rs("i8", "u16").mode(Double).mul({...}, {...})`.
/// Defaults: scale32, SINGLE_ROUND, per-tensor, multiplier 2^30, shift 31,
/// zero points 0, operands as tosa.const, static shape 4x8.
struct Rs {
  CaseParams p;
  Rs(const char *in, const char *out) {
    p.op = Op::Rescale;
    requant::RescaleAttributes &a = p.rescale.attributes;
    if (!parseRescaleIntTag(in, a.inputWidth, a.inputUnsigned) ||
        !parseRescaleIntTag(out, a.outputWidth, a.outputUnsigned))
      throw std::logic_error(std::string("bad rescale type ") + in + " / " + out);
    a.scale32 = true;
    a.roundingMode = RoundingMode::Single;
    p.shapeKind = ShapeKind::Static;
    p.shape = {4, 8};
    p.rescale.multipliers = {kM30};
    p.rescale.shifts = {31};
  }
  Rs &mode(RoundingMode m) {
    p.rescale.attributes.roundingMode = m;
    return *this;
  }
  Rs &scale16() {
    p.rescale.attributes.scale32 = false;
    return *this;
  }
  Rs &mul(std::vector<int64_t> m, std::vector<int64_t> s) {
    p.rescale.multipliers = std::move(m);
    p.rescale.shifts = std::move(s);
    return *this;
  }
  Rs &zps(int64_t in, int64_t out) {
    p.rescale.inputZp = in;
    p.rescale.outputZp = out;
    return *this;
  }
  Rs &perChannel() {
    p.rescale.attributes.perChannel = true;
    return *this;
  }
  Rs &arguments() {
    p.rescale.operands = RescaleOperands::Arguments;
    return *this;
  }
  Rs &shape(ShapeKind kind, Shape dims, std::vector<bool> dynamic = {}) {
    p.shapeKind = kind;
    p.shape = std::move(dims);
    p.dynamic = std::move(dynamic);
    if (kind == ShapeKind::Dynamic && p.dynamic.empty())
      p.dynamic.assign(p.shape.size(), false), p.dynamic[0] = true;
    return *this;
  }
  Rs &reject() {
    p.variant = std::string(kRejectVariant);
    return *this;
  }
  Rs &variant(std::string name) {
    p.variant = std::move(name);
    return *this;
  }
  operator CaseParams() const { return p; }
};

constexpr RoundingMode Single = RoundingMode::Single, Inexact = RoundingMode::Inexact,
                       Double = RoundingMode::Double;

/// Rescale expected rejections: ERROR_IFs (MLIR's verifier catches the zero
/// point and per-channel shape ones first), REQUIREs, and NC at run time.
std::vector<CaseParams> rescaleRejections() {
  const ShapeKind St = ShapeKind::Static;
  // Four elements unless said otherwise (the REQUIRE cases put the input
  // type's extremes first).
  auto R = [](const char *in, const char *out) {
    Rs r(in, out);
    r.shape(ShapeKind::Static, {4});
    return r.reject();
  };
  std::vector<CaseParams> v;
  // ERROR_IF and operand shapes, found by MLIR's verifier.
  v.push_back(R("i16", "i8").zps(5, 0));  // a zero point on signed i16
  v.push_back(R("u16", "i16").zps(5, 0)); // u16: 0 or 32768 only
  v.push_back(R("i8", "i8").perChannel().shape(ShapeKind::ZeroD, {})); // rank 0
  v.push_back(R("i8", "i8").perChannel().mul({kM30, kM30, kM30}, {31, 31, 31}).shape(St, {2, 4}));
  v.push_back(R("i8", "i8").shape(St, {0, 4})); // TOSA tensors have no 0 dimension
  // ERROR_IF, found by quant-interp.
  v.push_back(R("i48", "i32")); // scale32 && i48
  v.push_back(R("i8", "i8").scale16().mul({kM16Max}, {15}).mode(Double));
  v.push_back(R("u8", "u8"));  // both unsigned
  v.push_back(R("i32", "u8")); // i32 -> unsigned
  v.push_back(R("u8", "i32")); // unsigned -> i32
  // REQUIRE (apply_scale_32, apply_scale_16, apply_add_s).
  v.push_back(R("i8", "i8").mul({kM30}, {63}));
  v.push_back(R("i8", "i8").mul({kM30}, {1}));
  v.push_back(R("i8", "i8").mul({-5}, {31}));
  v.push_back(R("i8", "i8").mul({kM30}, {3}));                          // value beyond 2^(shift-1)
  v.push_back(R("i48", "i32").scale16().mul({kM16Max}, {2}));           // result beyond int32
  v.push_back(R("i32", "i8").scale16().mul({4}, {2}).zps(0, 127));      // result + zp > int32
  // NC at run time: a dynamic channel dimension of runtime size 4, 3
  // multipliers and shifts passed as arguments.
  v.push_back(R("i8", "i8").perChannel().arguments().mul({kM30, kMMax, 1}, {31, 38, 2})
                  .shape(ShapeKind::Dynamic, {2, 4}, {false, true}));
  return v;
}

} // namespace

std::vector<CaseParams> rescaleSmokeCases() {
  const ShapeKind St = ShapeKind::Static, Dy = ShapeKind::Dynamic;
  std::vector<CaseParams> v;
  // 12 elements unless said otherwise (the smoke level's element budget).
  auto add = [&](Rs r) {
    if (r.p.shapeKind == ShapeKind::Static && r.p.shape == Shape{4, 8})
      r.shape(ShapeKind::Static, {2, 6});
    v.push_back(r);
  };
  // Widths i8 i16 i32 i48 -> i8 i16 i32; the three rounding modes; scale32
  // and scale16; multipliers 2^30 and 2^31 - 1; shifts 2 ... 62.
  add(Rs("i8", "i8").zps(-3, 5));
  add(Rs("i8", "i8").mode(Double).mul({kMMax}, {38}));
  add(Rs("i8", "i8").mode(Inexact).mul({kMHalfSqrt2}, {33}).zps(-128, 127));
  add(Rs("i8", "i16").mul({kMMax}, {31}));
  add(Rs("i8", "i32").mode(Double).mul({kMHalfSqrt2}, {40}).zps(127, 0));
  add(Rs("i8", "i8").mul({kMMax}, {2}));
  add(Rs("i8", "i8").mul({kM3x28}, {32}).zps(0, -128));
  add(Rs("i16", "i8").mode(Double).mul({kM30Plus1}, {32}));
  add(Rs("i16", "i16").mul({kMMax}, {46}));
  add(Rs("i16", "i16").mode(Double).mul({kM30}, {41}));
  add(Rs("i16", "i32").mode(Inexact).mul({kMHalfSqrt2}, {35}));
  add(Rs("i32", "i16").mul({kMMax}, {62}));
  add(Rs("i32", "i32").mode(Double).mul({kMMax}, {33}));
  add(Rs("i32", "i8").mode(Double).mul({kMHalfSqrt2}, {50}));
  add(Rs("i32", "i32").mode(Inexact).mul({kM30Plus1}, {31}));
  add(Rs("i48", "i32").scale16().mul({kM16Max}, {20}));
  add(Rs("i48", "i16").scale16().mode(Inexact).mul({16384}, {40}));
  add(Rs("i16", "i16").scale16().mul({kM16Max}, {15}));
  add(Rs("i8", "i8").scale16().mode(Inexact).mul({1}, {2}));
  // Unsigned input and output, zero points at their extremes.
  add(Rs("u8", "i8").zps(128, 0));
  add(Rs("u8", "i16").mode(Double).mul({kMHalfSqrt2}, {36}).zps(255, 0));
  add(Rs("i8", "u8").zps(0, 255));
  add(Rs("i8", "u8").mode(Double).mul({kMMax}, {40}).zps(-128, 0));
  add(Rs("u16", "i16").zps(32768, 0));
  add(Rs("i16", "u16").mode(Inexact).mul({kMHalfSqrt2}, {34}).zps(0, 32768));
  add(Rs("i16", "u8").mul({kM30}, {38}).zps(0, 128));
  // Per-channel (the last dimension), with a shift-2 channel whose REQUIRE
  // admits four inputs.
  add(Rs("i8", "i8").perChannel().mul({kM30, kMMax, kMHalfSqrt2, 1}, {31, 38, 62, 2})
                  .shape(St, {2, 3, 4}));
  add(Rs("i16", "i32").perChannel().mode(Double)
                  .mul({kMMax, kM30, kM30Plus1, kMHalfSqrt2}, {33, 40, 31, 47})
                  .shape(St, {3, 4}));
  add(Rs("i48", "i16").perChannel().scale16().mode(Inexact)
                  .mul({kM16Max, 1, 16384}, {20, 2, 30}).shape(St, {4, 3}));
  // Shapes: rank 0, dynamic (also per-channel on a static last dimension),
  // unranked, empty at run time (MLIR's verifier refuses a static 0).
  add(Rs("i8", "i8").mode(Double).mul({kMMax}, {35}).shape(ShapeKind::ZeroD, {}));
  add(Rs("i16", "i8").mode(Double).mul({kMHalfSqrt2}, {36}).shape(Dy, {3, 8}));
  add(Rs("i8", "i8").perChannel().mul({kM30, kMMax, 3, kM3x28}, {31, 40, 2, 32})
                  .shape(Dy, {3, 4}, {true, false}));
  add(Rs("i8", "i16").mode(Inexact).mul({kMHalfSqrt2}, {31})
                  .shape(ShapeKind::Unranked, {2, 4}));
  add(Rs("i8", "i8").mode(Double).mul({kMMax}, {40}).shape(Dy, {0, 4})); // empty at run time
  // Multiplier, shift and zero points as arguments of @main.
  add(Rs("i8", "i8").mode(Double).mul({kMMax}, {40}).zps(-7, 3).arguments());
  add(Rs("i16", "i16").perChannel().mul({kM30, kMMax, kM3x28, 12345}, {31, 45, 32, 20})
                  .arguments().shape(St, {2, 4}));
  for (CaseParams &p : rescaleRejections())
    v.push_back(std::move(p));
  return v;
}

/// Every (in, out, scale32, rounding mode) the specification supports, with
/// a few (multiplier, shift) pairs and zero points; per-channel and the
/// other shape kinds per type pair; rounding boundaries on i32 inputs.
std::vector<CaseParams> rescaleFullCases() {
  std::vector<CaseParams> v;
  const char *const ins[] = {"i8", "u8", "i16", "u16", "i32", "i48"};
  const char *const outs[] = {"i8", "u8", "i16", "u16", "i32"};
  const std::vector<std::pair<int64_t, int64_t>> pairs32 = {
      {kM30, 31}, {kMMax, 38}, {kMHalfSqrt2, 45}, {kM3x28, 33}};
  const std::vector<std::pair<int64_t, int64_t>> pairs16 = {{kM16Max, 15}, {12345, 30}, {1, 2}};
  // The zero points a type may carry ([rescale.error-if]): 0, and the
  // extremes of i8 / u8 and u16's 32768.
  auto zeroPoints = [](const std::string &t) -> std::vector<int64_t> {
    if (t == "i8")
      return {0, -128, 127};
    if (t == "u8")
      return {0, 255, 128};
    if (t == "u16")
      return {0, 32768};
    return {0};
  };
  for (const char *in : ins)
    for (const char *out : outs)
      for (bool scale32 : {true, false})
        for (RoundingMode mode : {Single, Inexact, Double}) {
          Rs base(in, out);
          base.mode(mode);
          if (!scale32)
            base.scale16().mul({kM16Max}, {15});
          if (rescaleErrorIf(base.p))
            continue; // an ERROR_IF: rescaleRejections covers each kind
          // Each (multiplier, shift) pair with the next zero points in turn.
          const std::vector<int64_t> izps = zeroPoints(in), ozps = zeroPoints(out);
          const auto &pairs = scale32 ? pairs32 : pairs16;
          for (size_t k = 0; k < pairs.size(); ++k)
            v.push_back(Rs(base).mul({pairs[k].first}, {pairs[k].second})
                            .zps(izps[k % izps.size()], ozps[(k + 1) % ozps.size()]));
          if (mode != Single)
            continue;
          // Per-channel and the other shape kinds, once per type pair.
          Rs pc = base;
          if (scale32)
            pc.mul({kM30, kMMax, kMHalfSqrt2, kM3x28}, {31, 40, 47, 32});
          else
            pc.mul({kM16Max, 16384, 1, 12345}, {15, 20, 2, 30});
          v.push_back(Rs(pc).perChannel().shape(ShapeKind::Static, {2, 3, 4}));
          v.push_back(Rs(pc).perChannel().arguments().shape(ShapeKind::Dynamic, {3, 4},
                                                             {true, false}));
          v.push_back(Rs(base).shape(ShapeKind::ZeroD, {}));
          v.push_back(Rs(base).shape(ShapeKind::Unranked, {2, 2, 4}));
        }
  // Rounding boundaries on i32 inputs, where the ties, the double-rounding
  // bands and their edges are reachable for most shifts.
  for (int64_t s : {31, 32, 33, 36, 40, 47, 48, 55, 61, 62})
    for (int64_t m : {kM30, kM3x28, kMMax, kMHalfSqrt2})
      for (RoundingMode mode : {Single, Double, Inexact})
        v.push_back(Rs("i32", "i32").mode(mode).mul({m}, {s}));
  return v;
}

/// The exhaustive level's rescale sweeps: every i8 and i16 input for a set
/// of (multiplier, shift) pairs (shifts >= 17: every 16-bit value satisfies
/// the REQUIRE on it).
std::vector<CaseParams> rescaleExhaustiveCases() {
  std::vector<CaseParams> v;
  struct Sweep {
    int64_t m, s;
    RoundingMode mode;
  };
  const Sweep sweeps[] = {{kM30, 31, Single},        {kMMax, 31, Single},
                          {kMMax, 38, Double},       {kMHalfSqrt2, 40, Double},
                          {kMHalfSqrt2, 40, Single}, {kM30Plus1, 33, Double},
                          {kM3x28, 32, Single},      {kMMax, 47, Inexact},
                          {kM30, 33, Inexact}};
  for (const Sweep &w : sweeps) {
    v.push_back(Rs("i8", "i8").mode(w.mode).mul({w.m}, {w.s}).zps(-3, 5)
                    .shape(ShapeKind::Static, {256}).variant("exhaustive"));
    v.push_back(Rs("i16", "i16").mode(w.mode).mul({w.m}, {w.s})
                    .shape(ShapeKind::Static, {65536}).variant("exhaustive"));
  }
  v.push_back(Rs("u8", "i8").zps(128, 0).shape(ShapeKind::Static, {256}).variant("exhaustive"));
  v.push_back(Rs("i16", "i16").scale16().mul({kM16Max}, {15})
                  .shape(ShapeKind::Static, {65536}).variant("exhaustive"));
  return v;
}

} // namespace qi::generators
