//===- GoldenDesignRescale.cpp - Realizing a row of the rescale design ----===//
//
// Spec: docs/vendor-guide.md, "Coverage classes" (the rescale model);
// docs/golden-format.md, "Rescale cases", "Tiled cases"; spec/rescale.md
// [rescale.error-if]. Turns a row of the rescale model (GoldenDesign.h)
// into a tosa.rescale case: types and attributes as the row says, a shape
// of the row's shape kind and size band, multipliers, shifts and zero
// points picked by the salt from sets that reach the rounding boundaries,
// and, for a rejection, a reason the row's other values allow: an
// attribute ERROR_IF the types already carry, a zero point the type may
// not have, a shift outside [2, 62] (a REQUIRE of every element), or an
// operand of the wrong length (MLIR's verifier). The case is read back by
// caseFeatures and must hold the row (rowMismatch), or the row is refused.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenDesign.h"

#include "generators/GoldenCoverage.h"
#include "generators/GoldenRescale.h"

#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace qi::generators {

namespace {

using requant::RoundingMode;

/// (multiplier, shift) pairs: 0.5 at shift 31, the largest i32 multiplier,
/// 2^31 / sqrt(2), 0.75 at shift 33 (ties reachable), an odd one above 0.5;
/// scale16: the largest i16 multiplier, others down to 1 at shift 2.
const std::pair<int64_t, int64_t> kScale32[] = {{int64_t(1) << 30, 31},
                                                {(int64_t(1) << 31) - 1, 38},
                                                {1518500250, 45},
                                                {int64_t(3) << 28, 33},
                                                {(int64_t(1) << 30) + 1, 40}};
const std::pair<int64_t, int64_t> kScale16[] = {{32767, 15}, {12345, 30}, {16384, 20}, {1, 2}};

/// The zero points a value case's type may carry ([rescale.error-if]): any
/// i8 / u8 value, 0 or 32768 for u16, else 0. Extremes and one inside.
std::vector<int64_t> allowedZeroPoints(unsigned width, bool isUnsigned) {
  if (width == 8)
    return isUnsigned ? std::vector<int64_t>{0, 255, 128, 3} : std::vector<int64_t>{0, -128, 127, -3};
  if (width == 16 && isUnsigned)
    return {0, 32768};
  return {0};
}

/// The shape of a size band: rank 2 with 3 channels on the last dimension
/// (rank 1 for one element, {0, 3} for none); the period of a tiled case
/// (from 256 elements on): 61 per tensor (prime), 51 per channel (17 rows
/// of 3 channels), so that neither divides a power of two.
struct BandShape {
  Shape shape;
  int64_t period = 0;
};

std::optional<BandShape> bandShape(const std::string &band, bool perChannel) {
  const int64_t period = perChannel ? 51 : 61;
  if (band == "0")
    return BandShape{{0, 3}, 0};
  if (band == "1")
    return BandShape{{1}, 0};
  if (band == "2-255")
    return BandShape{{4, 3}, 0};
  if (band == "256-1023")
    return BandShape{{86, 3}, period};
  if (band == "1024-4095")
    return BandShape{{342, 3}, period};
  if (band == "4096-65535")
    return BandShape{{1366, 3}, period};
  if (band == ">=65536")
    return BandShape{{21846, 3}, period};
  return std::nullopt;
}

/// A zero point the type may not carry (an ERROR_IF MLIR's verifier or
/// quant-interp finds), on the input or else the output; false when both
/// types accept every zero point (i8, u8).
bool breakZeroPoint(RescaleParams &r) {
  const requant::RescaleAttributes &a = r.attributes;
  if (a.inputWidth != 8) {
    r.inputZp = 5; // i16: only 0; u16: 0 or 32768; i32 / i48: only 0
    return true;
  }
  if (a.outputWidth != 8) {
    r.outputZp = 5;
    return true;
  }
  return false;
}

} // namespace

std::optional<CaseParams> realizeRescaleRow(const std::vector<size_t> &row, uint64_t salt) {
  const coverage::Model &m = *coverageModels()[1];
  auto value = [&](const char *feature) -> const std::string & {
    const size_t f = m.featureIndex(feature);
    return m.features()[f].values.at(row.at(f));
  };
  CaseParams p;
  p.op = Op::Rescale;
  RescaleParams &r = p.rescale;
  requant::RescaleAttributes &a = r.attributes;
  a.inputWidth = unsigned(std::stoi(value("input-width")));
  a.outputWidth = unsigned(std::stoi(value("output-width")));
  const std::string &sign = value("signedness");
  a.inputUnsigned = sign == "unsigned-input" || sign == "both-unsigned";
  a.outputUnsigned = sign == "unsigned-output" || sign == "both-unsigned";
  a.scale32 = value("multiplier") == "scale32";
  const std::string &rounding = value("rounding");
  a.roundingMode = rounding == "double"    ? RoundingMode::Double
                   : rounding == "inexact" ? RoundingMode::Inexact
                                           : RoundingMode::Single;
  a.perChannel = value("channels") == "per-channel";
  r.operands = value("operands") == "arguments" ? RescaleOperands::Arguments
                                                : RescaleOperands::Constants;
  const bool reject = value("validity") == "rejection";

  // The shape: 0-d holds one element; static, dynamic (dimension 0 is `?`)
  // and unranked the band's shape.
  const std::string &kind = value("shape-kind"), &band = value("size");
  if (kind == "0-d") {
    if (band != "1")
      return std::nullopt;
    p.shapeKind = ShapeKind::ZeroD;
  } else {
    std::optional<BandShape> bs = bandShape(band, a.perChannel);
    if (!bs)
      return std::nullopt;
    p.shape = bs->shape;
    p.period = bs->period;
    p.shapeKind = kind == "static" ? ShapeKind::Static
                  : kind == "dynamic" ? ShapeKind::Dynamic
                                      : ShapeKind::Unranked;
    if (p.shapeKind == ShapeKind::Dynamic) {
      p.dynamic.assign(p.shape.size(), false);
      p.dynamic[0] = true;
    }
  }

  // One (multiplier, shift) per channel, from the salt on; zero points.
  const size_t channels = a.perChannel && !p.shape.empty() ? size_t(p.shape.back()) : 1;
  const size_t n32 = std::size(kScale32), n16 = std::size(kScale16);
  for (size_t k = 0; k < channels; ++k) {
    const auto &ms = a.scale32 ? kScale32[(salt + k) % n32] : kScale16[(salt + k) % n16];
    r.multipliers.push_back(ms.first);
    r.shifts.push_back(ms.second);
  }
  const std::vector<int64_t> izps = allowedZeroPoints(a.inputWidth, a.inputUnsigned),
                             ozps = allowedZeroPoints(a.outputWidth, a.outputUnsigned);
  r.inputZp = izps[(salt >> 8) % izps.size()];
  r.outputZp = ozps[(salt >> 12) % ozps.size()];

  if (reject) {
    p.variant = std::string(kRejectVariant);
    // The types, attributes or shape may already be in error; else one
    // reason of the three, rotated by the salt among those the row allows.
    const bool staticEmpty = p.shapeKind == ShapeKind::Static && numElements(p.shape) == 0;
    if (!rescaleErrorIf(p) && !staticEmpty) {
      bool done = false;
      for (uint64_t t = 0; t < 3 && !done; ++t) {
        switch ((salt >> 16) % 3 + t) {
        case 0:
        case 3: done = breakZeroPoint(r); break;
        case 1:
        case 4:
          // A REQUIRE of every element: it fails only where there is one.
          if (numElements(p.shape) > 0) {
            r.shifts[0] = 63;
            done = true;
          }
          break;
        default: // MLIR's verifier: the multiplier must have NC elements
          r.multipliers.push_back(r.multipliers[0]);
          r.shifts.push_back(r.shifts[0]);
          done = true;
          break;
        }
      }
    }
  } else if (rescaleErrorIf(p)) {
    return std::nullopt;
  }
  if (!rowMismatch(row, p).empty())
    return std::nullopt;
  return p;
}

} // namespace qi::generators
