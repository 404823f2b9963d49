//===- GoldenDesignRealize.cpp - A design row as the smallest case --------===//
//
// Spec: docs/vendor-guide.md, "Coverage classes". A row (one value per
// feature of the qcast / dcast model) becomes a case in three steps: the
// shape and the type's structure (GoldenDesignShape.cpp); the storage, zero
// points and scales by the classes they must have; then the case's features
// are read back by caseFeatures and must hold the row (rowMismatch), or the
// row is not realized.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenDesign.h"
#include "generators/GoldenDesignShape.h"

#include "generators/GoldenCoverage.h"
#include "generators/GoldenInputs.h"
#include "generators/GoldenProgram.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"
#include "interpreter/quant/QuantTypeBuilder.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace qi::generators {

using numeric::Bits;
using numeric::FloatFormat;
using quant::QuantType;
using Granularity = QuantType::Granularity;
using design::Structure;
using design::Want;

namespace {

const coverage::Model &castModel() { return *coverageModels()[0]; }

Want decode(const std::vector<size_t> &row) {
  const coverage::Model &m = castModel();
  auto v = [&](const char *feature) -> const std::string & {
    size_t f = m.featureIndex(feature);
    return m.features()[f].values.at(row.at(f));
  };
  Want w;
  w.op = v("op") == "qcast" ? Op::QCast : Op::DCast;
  w.gran = *parseGranularity(v("granularity"));
  w.rank = v("rank") == "5+" ? 5 : std::stoi(v("rank"));
  w.axis = v("axis");
  w.traits = v("traits");
  w.channels = v("channels");
  w.parameters = v("parameters");
  const std::string &bd = v("blocked-dims");
  w.blockedDims = bd == "n/a" ? 0 : bd == "3+" ? 3 : std::stoi(bd);
  w.blockKind = v("block-kind");
  w.narrow = v("narrow");
  w.scale = v("scale");
  w.zeroPoint = v("zero-point");
  w.width = v("storage-width");
  w.isSigned = v("signedness") == "signed";
  w.expressed = v("expressed");
  w.kind = *parseShapeKind(v("shape-kind"));
  w.reject = v("validity") == "rejection";
  w.size = v("size");
  return w;
}

// --- Storage, zero points, scales ---------------------------------------------

unsigned widthOf(const std::string &cls, uint64_t salt) {
  if (cls != "odd")
    return unsigned(std::stoi(cls));
  const unsigned odd[] = {7, 12, 3, 24, 5, 10};
  return odd[salt % 6];
}

/// A zero point of class `cls` against the storage type [lo, hi].
int64_t zeroPointOf(const std::string &cls, int64_t lo, int64_t hi, uint64_t salt) {
  if (cls == "zero") return 0;
  if (cls == "min") return lo;
  if (cls == "max") return hi;
  if (cls == "out-of-range") return salt % 2 ? lo - 1 : hi + 1;
  for (int64_t z : {hi / 2, lo / 2, hi - 1, lo + 1, int64_t(1), int64_t(-1)})
    if (z != 0 && z != lo && z != hi && z >= lo && z <= hi)
      return z;
  return 0; // none (a 1-bit type); the read-back check refuses the row
}

const char *const kF8[] = {"f8E4M3FN", "f8E5M2", "f8E4M3", "f8E3M4"};
const char *const kF8Fnuz[] = {"f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ"};
const char *const kF4F6[] = {"f4E2M1FN", "f6E2M3FN", "f6E3M2FN"};

std::vector<const FloatFormat *> familyFormats(const std::string &family, uint64_t salt) {
  std::vector<const char *> names;
  if (family == "f8") names.assign(std::begin(kF8), std::end(kF8));
  else if (family == "f8-fnuz") names.assign(std::begin(kF8Fnuz), std::end(kF8Fnuz));
  else if (family == "f4-f6") names.assign(std::begin(kF4F6), std::end(kF4F6));
  else names = {family.c_str()};
  std::rotate(names.begin(), names.begin() + long(salt % names.size()), names.end());
  std::vector<const FloatFormat *> out;
  for (const char *n : names)
    out.push_back(&detail::fmt(n));
  return out;
}

Bits inFormat(const FloatFormat &E, double v) {
  uint64_t u;
  std::memcpy(&u, &v, 8);
  return numeric::floatConvert(numeric::f64Format(), u, E, numeric::RoundingMode::NearestEven).bits;
}

double valueOf(const FloatFormat &E, Bits b) { return detail::doubleOf(numeric::decode(E, b)); }

/// The scale as the type stores it: f64 (per-layer, per-axis) or E (sub-channel).
quant::ScaleValue stored(const FloatFormat &E, double v, bool sub) {
  return sub ? quant::ScaleValue{&E, inFormat(E, v)} : quant::build::f64Scale(v);
}

/// Whether MLIR's verifier takes the scale: smallest subnormal of E <= s <= largest finite.
bool scaleInRange(const FloatFormat &E, const quant::ScaleValue &s) {
  const double v = valueOf(*s.format, s.bits);
  return v >= valueOf(E, 1) && v <= valueOf(E, numeric::largestFinite(E, false));
}

/// The scale classes caseFeatures gives a type holding `s` alone.
std::vector<std::string> classesOf(const FloatFormat &E, const quant::ScaleValue &s) {
  CaseParams p;
  p.type = quant::build::perLayer({8, true}, {}, E, 1.0, 0);
  p.type.scales = {s};
  p.shapeKind = ShapeKind::Scalar;
  const coverage::Model &m = castModel();
  return caseFeatures(p).values[m.featureIndex("scale")];
}

std::optional<double> scaleOf(const std::string &cls, const FloatFormat &E, bool sub) {
  const double maxE = valueOf(E, numeric::largestFinite(E, false));
  const double minN = std::ldexp(1.0, E.minExponent), minSub = valueOf(E, 1);
  std::vector<double> c;
  if (cls == "pow2") c = {1.0, 0.5, 2.0, 0.25};
  else if (cls == "near-1") c = {0.75, 1.5, 1.25, 0.875, 1.75};
  else if (cls == "huge") c = {maxE * 0.75, maxE / 3, maxE / 2, maxE, std::sqrt(maxE) * 1.5};
  else if (cls == "tiny") c = {minN * 3, minN * 1.5, minN * 5, minN, 0.75 / std::sqrt(maxE)};
  else if (cls == "subnormal") c = {minN * 0.75, minSub * 3, minN * 0.5, minSub};
  else if (cls == "inexact") c = {0.1, 1.1, 0.3, 3.3};
  else c = {3.0, 0.375, 2.5, 5.0, 0.3, 10.0, 0.2, 6.0, 0.15};
  for (double v : c) {
    quant::ScaleValue s = stored(E, v, sub);
    if (!scaleInRange(E, s))
      continue;
    std::vector<std::string> k = classesOf(E, s);
    if (std::find(k.begin(), k.end(), cls) != k.end())
      return v;
  }
  return std::nullopt;
}

} // namespace

std::optional<CaseParams> realizeRow(const std::vector<size_t> &row, uint64_t salt) {
  const Want w = decode(row);
  if ((w.kind == ShapeKind::Scalar || w.kind == ShapeKind::ZeroD) != (w.rank == 0))
    if (w.kind != ShapeKind::Unranked)
      return std::nullopt;
  std::optional<Structure> st = design::structureFor(w);
  if (!st)
    return std::nullopt;
  // Storage and bounds.
  const numeric::IntFormat storage{widthOf(w.width, salt), w.isSigned};
  const int64_t lo = static_cast<int64_t>(storage.min()), hi = static_cast<int64_t>(storage.max());
  quant::build::Bounds bounds;
  if (w.narrow != "none")
    bounds = {{w.narrow == "high" ? lo : lo + 1, w.narrow == "low" ? hi : hi - 1}};
  // Zero points: the row's class first; a second value where they differ.
  const bool zpsDiffer = w.parameters == "zps-differ" || w.parameters == "both-differ";
  const bool scalesDiffer = w.parameters == "scales-differ" || w.parameters == "both-differ";
  const int64_t z0 = zeroPointOf(w.zeroPoint, lo, hi, salt);
  int64_t z1 = z0;
  for (int64_t z : {int64_t(0), lo, hi, int64_t(1), int64_t(-1)})
    if (z != z0 && z >= lo && z <= hi) {
      z1 = z;
      break;
    }
  const size_t count = size_t(st->scales);
  std::vector<int64_t> zps(count, z0);
  for (size_t k = 1; k < count && zpsDiffer; k += 2)
    zps[k] = z1;
  // The expressed type and scales.
  const bool sub = w.gran == Granularity::SubChannel;
  for (const FloatFormat *E : familyFormats(w.expressed, salt)) {
    std::optional<double> s0 = scaleOf(w.scale, *E, sub);
    if (!s0)
      continue;
    std::vector<double> scales(count, *s0);
    if (scalesDiffer) {
      const Bits b0 = stored(*E, *s0, sub).bits;
      for (double other : {1.0, 0.5, 2.0, 0.25})
        if (stored(*E, other, sub).bits != b0) {
          for (size_t k = 1; k < count; k += 2)
            scales[k] = other;
          break;
        }
    }
    CaseParams p;
    p.op = w.op;
    if (w.gran == Granularity::PerLayer)
      p.type = quant::build::perLayer(storage, bounds, *E, *s0, z0);
    else if (w.gran == Granularity::PerAxis)
      p.type = quant::build::perAxis(storage, bounds, *E, st->axis, scales, zps);
    else {
      std::vector<Bits> bits;
      for (double s : scales)
        bits.push_back(inFormat(*E, s));
      p.type = quant::build::subChannel(storage, bounds, *E, st->blocks, st->parameterShape, bits, zps);
    }
    if (mlirLosesZeroPoint(p.type))
      return std::nullopt; // the same zero points with every expressed type
    p.type.spelling = typeSpelling(p.type);
    p.shapeKind = w.kind;
    p.shape = st->shape;
    if (w.kind == ShapeKind::Dynamic)
      p.dynamic.assign(p.shape.size(), true);
    if (w.reject)
      p.variant = std::string(kRejectVariant);
    p.period = st->period;
    if (rowMismatch(row, p).empty())
      return p;
  }
  return std::nullopt;
}

std::string rowMismatch(const std::vector<size_t> &row, const CaseParams &p) {
  // A rescale case is read against the rescale model, any other against
  // the qcast / dcast one (a TOSA operator case then fails on `op`).
  const size_t domain = p.op == Op::Rescale ? 1 : 0;
  const coverage::Model &m = *coverageModels()[domain];
  CaseFeatures f = caseFeatures(p);
  if (f.domain != domain)
    return "op: not a qcast / dcast case";
  for (size_t k = 0; k < m.features().size(); ++k) {
    const std::string &want = m.features()[k].values.at(row.at(k));
    const std::vector<std::string> &have = f.values[k];
    if (std::find(have.begin(), have.end(), want) != have.end())
      continue;
    // A sub-channel rejection whose blocked dimensions all lie beyond the
    // rank or on size-0 dimensions has no block kind to hold.
    if (have.empty() && m.features()[k].name == "block-kind" &&
        p.type.granularity == Granularity::SubChannel && p.variant == kRejectVariant)
      continue;
    std::string text = m.features()[k].name + ": row " + want + ", case";
    for (const std::string &h : have)
      text += " " + h;
    return have.empty() ? text + " (none)" : text;
  }
  return "";
}

} // namespace qi::generators
