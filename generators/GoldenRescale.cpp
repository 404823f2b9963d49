//===- GoldenRescale.cpp - Rescale cases: program, inputs, expected --------===//
//
// Spec: docs/golden-format.md ("Rescale cases"), spec/rescale.md
// [rescale.op], [rescale.error-if], [rescale.inexact], spec/requantize.md
// [requant.recipes]. Compiled with -ffp-contract=off: the interval of
// [rescale.inexact] is computed in fp64, one rounding per operation.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenRescale.h"
#include "generators/NameList.h"

#include "generators/GoldenIds.h"
#include "generators/GoldenProgram.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace qi::generators {

using requant::RequantizeRecipe;
using requant::RoundingMode;

//===----------------------------------------------------------------------===//
// Names and types
//===----------------------------------------------------------------------===//

std::optional<std::vector<std::string>> parseRecipeList(std::string_view list,
                                                        std::string &error) {
  std::vector<std::string> known;
  for (RequantizeRecipe r : requant::allRecipes())
    known.emplace_back(requant::recipeName(r));
  return parseNameList(list, known, "recipe", error);
}

std::string recipeLine(const std::string &recipe) {
  auto r = requant::parseRecipe(recipe);
  return recipe + ": " + (r ? std::string(requant::recipeSummary(*r)) : std::string("?"));
}

int64_t intTypeMin(unsigned width, bool isUnsigned) {
  if (isUnsigned)
    return 0;
  return width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
}

int64_t intTypeMax(unsigned width, bool isUnsigned) {
  if (isUnsigned)
    return width >= 63 ? INT64_MAX : (int64_t(1) << width) - 1;
  return width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
}

std::string rescaleIntTag(unsigned width, bool isUnsigned) {
  return (isUnsigned ? "u" : "i") + std::to_string(width);
}

std::string rescaleInputTag(const RescaleParams &r) {
  return rescaleIntTag(r.attributes.inputWidth, r.attributes.inputUnsigned);
}
std::string rescaleOutputTag(const RescaleParams &r) {
  return rescaleIntTag(r.attributes.outputWidth, r.attributes.outputUnsigned);
}

bool parseRescaleIntTag(std::string_view tag, unsigned &width, bool &isUnsigned) {
  if (tag.size() < 2 || tag.size() > 3 || (tag[0] != 'i' && tag[0] != 'u') || tag[1] == '0')
    return false;
  unsigned w = 0;
  for (char ch : tag.substr(1)) {
    if (ch < '0' || ch > '9')
      return false;
    w = w * 10 + unsigned(ch - '0');
  }
  if (w < 1 || w > 64 || (tag[0] == 'u' && w > 63))
    return false;
  width = w;
  isUnsigned = tag[0] == 'u';
  return true;
}

std::string_view roundingTag(RoundingMode mode) {
  switch (mode) {
  case RoundingMode::Single: return "single";
  case RoundingMode::Inexact: return "inexact";
  case RoundingMode::Double: return "double";
  }
  return "?";
}

std::string_view rescaleGranularityTag(const RescaleParams &r) {
  return r.attributes.perChannel ? "per-channel" : "per-tensor";
}

int64_t rescaleChannelCount(const CaseParams &p) {
  if (!p.rescale.attributes.perChannel)
    return 1;
  return p.shape.empty() ? 0 : p.shape.back();
}

size_t rescaleChannelOf(const CaseParams &p, size_t i) {
  int64_t nc = rescaleChannelCount(p);
  return p.rescale.attributes.perChannel && nc > 0 ? i % size_t(nc) : 0;
}

//===----------------------------------------------------------------------===//
// Program text
//===----------------------------------------------------------------------===//

std::string rescaleInputElement(const CaseParams &p) {
  return "i" + std::to_string(p.rescale.attributes.inputWidth);
}
std::string rescaleOutputElement(const CaseParams &p) {
  return "i" + std::to_string(p.rescale.attributes.outputWidth);
}

namespace {

std::string list(const std::vector<int64_t> &v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

/// The four operands: name, element type, values.
struct Operand {
  const char *name;
  std::string element;
  std::vector<int64_t> values;
};

std::vector<Operand> operandsOf(const CaseParams &p) {
  const RescaleParams &r = p.rescale;
  return {{"multiplier", r.attributes.scale32 ? "i32" : "i16", r.multipliers},
          {"shift", "i8", r.shifts},
          {"input_zp", rescaleInputElement(p), {r.inputZp}},
          {"output_zp", rescaleOutputElement(p), {r.outputZp}}};
}

/// The operand's type in the program: its length, or `?` for the multiplier
/// and shift of a per-channel op whose channel dimension is dynamic (MLIR
/// 22's verifier refuses a static length there).
std::string operandType(const CaseParams &p, const Operand &o, bool concrete) {
  bool channelOperand = std::string(o.name) == "multiplier" || std::string(o.name) == "shift";
  bool dynamicLength = !concrete && channelOperand && p.rescale.attributes.perChannel &&
                       p.shapeKind == ShapeKind::Dynamic && !p.dynamic.empty() &&
                       p.dynamic.back();
  return "tensor<" + (dynamicLength ? std::string("?") : std::to_string(o.values.size())) + "x" +
         o.element + ">";
}

std::string boolText(bool b) { return b ? "true" : "false"; }

} // namespace

std::string rescaleProgramText(const CaseParams &p) {
  const RescaleParams &r = p.rescale;
  const requant::RescaleAttributes &a = r.attributes;
  const std::string in = shapedSpelling(p, rescaleInputElement(p));
  const std::string out = shapedSpelling(p, rescaleOutputElement(p));
  const bool arguments = r.operands == RescaleOperands::Arguments;
  std::vector<Operand> operands = operandsOf(p);
  std::string text = "func.func @main(%arg0: " + in;
  if (arguments)
    for (const Operand &o : operands)
      text += ", %" + std::string(o.name) + ": " + operandType(p, o, false);
  text += ") -> " + out + " {\n";
  if (!arguments)
    for (const Operand &o : operands) {
      std::string type = operandType(p, o, false);
      text += "  %" + std::string(o.name) + " = \"tosa.const\"() <{values = dense<" +
              list(o.values) + "> : " + type + "}> : () -> " + type + "\n";
    }
  std::string types = in;
  for (const Operand &o : operands)
    types += ", " + operandType(p, o, false);
  text += "  %0 = tosa.rescale %arg0, %multiplier, %shift, %input_zp, %output_zp {input_unsigned = " +
          boolText(a.inputUnsigned) + ", output_unsigned = " + boolText(a.outputUnsigned) +
          ", per_channel = " + boolText(a.perChannel) + ", rounding_mode = " +
          std::string(requant::roundingModeName(a.roundingMode)) + ", scale32 = " +
          boolText(a.scale32) + "} : (" + types + ") -> " + out + "\n";
  text += "  return %0 : " + out + "\n}\n";
  return text;
}

std::vector<std::string> rescaleOperandTypes(const CaseParams &p) {
  std::vector<std::string> types;
  for (const Operand &o : operandsOf(p))
    types.push_back(operandType(p, o, false));
  return types;
}

std::vector<std::string> rescaleOperandArguments(const CaseParams &p) {
  std::vector<std::string> args;
  if (p.rescale.operands != RescaleOperands::Arguments)
    return args;
  for (const Operand &o : operandsOf(p))
    args.push_back("dense<" + list(o.values) + "> : " + operandType(p, o, true));
  return args;
}

//===----------------------------------------------------------------------===//
// IDs and categories
//===----------------------------------------------------------------------===//

std::string rescaleCaseId(const CaseParams &p) {
  const RescaleParams &r = p.rescale;
  const requant::RescaleAttributes &a = r.attributes;
  std::string canonical = "rescale|" + rescaleInputTag(r) + "|" + rescaleOutputTag(r) + "|" +
                          (a.scale32 ? "scale32" : "scale16") + "|" +
                          std::string(requant::roundingModeName(a.roundingMode)) + "|" +
                          std::string(rescaleGranularityTag(r)) + "|" + list(r.multipliers) + "|" +
                          list(r.shifts) + "|" + std::to_string(r.inputZp) + "|" +
                          std::to_string(r.outputZp) + "|" +
                          std::string(rescaleOperandsName(r.operands)) + "|" +
                          std::string(shapeKindName(p.shapeKind)) + "|" + dimensionsText(p, true) +
                          "|" + dimensionsText(p, false) + "|" + p.variant;
  if (p.period > 0)
    canonical += "|tile" + std::to_string(p.period);
  char hash[32];
  std::snprintf(hash, sizeof hash, "%012llx",
                static_cast<unsigned long long>(fnv1a64(canonical) & 0xFFFFFFFFFFFFull));
  std::string id = "rescale-" + std::string(rescaleGranularityTag(r)) + "-" + rescaleInputTag(r) +
                   "-" + rescaleOutputTag(r) + "-" + std::string(roundingTag(a.roundingMode)) +
                   "-" + std::string(shapeKindName(p.shapeKind));
  if (!p.variant.empty())
    id += "-" + p.variant;
  if (p.period > 0)
    id += "-tile" + std::to_string(p.period);
  return id + "-" + hash;
}

std::string rescaleCategory(const CaseParams &p) {
  return "rescale/" + rescaleInputTag(p.rescale) + "-" + rescaleOutputTag(p.rescale) + "/" +
         std::string(roundingTag(p.rescale.attributes.roundingMode));
}

//===----------------------------------------------------------------------===//
// Evaluation: the code quant-interp runs
//===----------------------------------------------------------------------===//

namespace {

uint64_t inputBits(const CaseParams &p, int64_t x) {
  return requant::truncateBits(x, p.rescale.attributes.inputWidth);
}
uint64_t inputZpBits(const CaseParams &p) {
  return requant::truncateBits(p.rescale.inputZp, p.rescale.attributes.inputWidth);
}
uint64_t outputZpBits(const CaseParams &p) {
  return requant::truncateBits(p.rescale.outputZp, p.rescale.attributes.outputWidth);
}

int64_t inputRank(const CaseParams &p) { return int64_t(p.shape.size()); }

} // namespace

std::optional<requant::Violation> rescaleErrorIf(const CaseParams &p) {
  return requant::checkRescale(p.rescale.attributes, inputZpBits(p), outputZpBits(p),
                               inputRank(p));
}

requant::RescaledElement rescaleElementOf(const CaseParams &p, RequantizeRecipe recipe, size_t i,
                                          int64_t x) {
  const RescaleParams &r = p.rescale;
  size_t ch = rescaleChannelOf(p, i);
  return requant::requantizeElement(recipe, r.attributes, inputBits(p, x), r.multipliers.at(ch),
                                    static_cast<int8_t>(r.shifts.at(ch)), inputZpBits(p),
                                    outputZpBits(p));
}

std::pair<int64_t, int64_t> inexactInterval(const CaseParams &p, size_t i, int64_t x) {
  const RescaleParams &r = p.rescale;
  const requant::RescaleAttributes &a = r.attributes;
  size_t ch = rescaleChannelOf(p, i);
  // type_conversion.adoc: out_ref = (x - input_zp) * m * 2^-shift in fp64,
  // err_bnd = 0.5 + (3 * |out_ref| + |out_ref + output_zp|) * 2^-24, and the
  // output within [ceil(out_ref - err_bnd + output_zp),
  // floor(out_ref + err_bnd + output_zp)], clipped like the output.
  const double xv = static_cast<double>(x), zpIn = static_cast<double>(r.inputZp);
  const double zpOut = static_cast<double>(r.outputZp);
  const double outRef = (xv - zpIn) * static_cast<double>(r.multipliers.at(ch)) *
                        std::ldexp(1.0, -static_cast<int>(r.shifts.at(ch)));
  const double errBnd =
      0.5 + (3 * std::fabs(outRef) + std::fabs(outRef + zpOut)) * std::ldexp(1.0, -24);
  const double lo = static_cast<double>(intTypeMin(a.outputWidth, a.outputUnsigned));
  const double hi = static_cast<double>(intTypeMax(a.outputWidth, a.outputUnsigned));
  const double minOut = std::fmin(std::fmax(std::ceil(outRef - errBnd + zpOut), lo), hi);
  const double maxOut = std::fmin(std::fmax(std::floor(outRef + errBnd + zpOut), lo), hi);
  return {static_cast<int64_t>(minOut), static_cast<int64_t>(maxOut)};
}

std::optional<std::pair<size_t, requant::Violation>> firstRequireViolation(const GoldenCase &c) {
  for (size_t i = 0; i < c.inputStored.size(); ++i) {
    requant::RescaledElement e =
        rescaleElementOf(c.params, RequantizeRecipe::Tosa, i, c.inputStored[i]);
    if (e.violation)
      return std::make_pair(i, *e.violation);
  }
  return std::nullopt;
}

bool evaluateRecipe(const GoldenCase &c, const std::string &recipe, ExpectedOutput &out,
                    std::string &error) {
  std::optional<RequantizeRecipe> r = requant::parseRecipe(recipe);
  if (!r) {
    error = "unknown recipe '" + recipe + "' (known: " + requant::allRecipeNames() + ")";
    return false;
  }
  if (std::optional<requant::Violation> bad = rescaleErrorIf(c.params)) {
    error = "the program is in error: " + bad->message();
    return false;
  }
  const CaseParams &p = c.params;
  if (int64_t(p.rescale.multipliers.size()) != rescaleChannelCount(p) ||
      p.rescale.shifts.size() != p.rescale.multipliers.size()) {
    error = "the op reads " + std::to_string(rescaleChannelCount(p)) +
            " multipliers and shifts, the case has " +
            std::to_string(p.rescale.multipliers.size()) + " and " +
            std::to_string(p.rescale.shifts.size());
    return false;
  }
  out = ExpectedOutput{};
  out.profile = recipe;
  out.description = std::string(requant::recipeSummary(*r));
  const bool intervals =
      *r == RequantizeRecipe::Tosa && p.rescale.attributes.roundingMode == RoundingMode::Inexact;
  out.stored.assign(c.inputStored.size(), 0);
  for (size_t i = 0; i < c.inputStored.size(); ++i) {
    requant::RescaledElement e = rescaleElementOf(p, *r, i, c.inputStored[i]);
    if (e.violation) {
      out.poison.push_back(int64_t(i));
      continue;
    }
    out.stored[i] = e.value;
    if (!intervals)
      continue;
    auto [lo, hi] = inexactInterval(p, i, c.inputStored[i]);
    if (lo > e.value || e.value > hi) {
      error = "element " + std::to_string(i) + ": the SINGLE_ROUND value " +
              std::to_string(e.value) + " lies outside [rescale.inexact]'s interval [" +
              std::to_string(lo) + ", " + std::to_string(hi) + "]";
      return false;
    }
    if (lo < hi)
      out.intervals.push_back({int64_t(i), lo, hi});
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Input classes
//===----------------------------------------------------------------------===//

namespace {

using I128 = __int128;

/// One channel's view: its (multiplier, shift), the input type's range and
/// the range of inputs whose REQUIREs hold under `tosa` (value cases draw
/// only from there).
struct ChannelView {
  int64_t m = 0;
  int s = 0;
  int64_t typeMin = 0, typeMax = 0; ///< the input type
  int64_t lo = 0, hi = 0;           ///< the inputs allowed
};

/// The REQUIREs hold for input `x` of channel `ch` (m >= 0 and a valid
/// shift: the inputs that do form an interval around input_zp).
bool valid(const CaseParams &p, size_t ch, int64_t x) {
  const RescaleParams &r = p.rescale;
  return !requant::requantizeElement(RequantizeRecipe::Tosa, r.attributes, inputBits(p, x),
                                     r.multipliers[ch], static_cast<int8_t>(r.shifts[ch]),
                                     inputZpBits(p), outputZpBits(p))
              .violation;
}

/// The unclipped output (apply_scale's result + output_zp) of input `x`:
/// the same code with a signed 32-bit output and output_zp 0, plus the zero
/// point. Monotone in x (m >= 0).
int64_t unclipped(const CaseParams &p, size_t ch, int64_t x) {
  const RescaleParams &r = p.rescale;
  requant::RescaleAttributes wide = r.attributes;
  wide.outputWidth = 32;
  wide.outputUnsigned = false;
  requant::RescaledElement e =
      requant::requantizeElement(RequantizeRecipe::Tosa, wide, inputBits(p, x), r.multipliers[ch],
                                 static_cast<int8_t>(r.shifts[ch]), inputZpBits(p), 0);
  return e.value + r.outputZp;
}

ChannelView viewOf(const CaseParams &p, size_t ch, bool filter) {
  const requant::RescaleAttributes &a = p.rescale.attributes;
  ChannelView v;
  v.m = p.rescale.multipliers.at(ch);
  v.s = int(p.rescale.shifts.at(ch));
  v.typeMin = intTypeMin(a.inputWidth, a.inputUnsigned);
  v.typeMax = intTypeMax(a.inputWidth, a.inputUnsigned);
  v.lo = v.typeMin;
  v.hi = v.typeMax;
  const int64_t zp = p.rescale.inputZp;
  if (!filter || zp < v.typeMin || zp > v.typeMax || !valid(p, ch, zp))
    return v;
  // The valid inputs are an interval containing input_zp (value 0):
  // binary search for its ends.
  auto search = [&](int64_t bad, int64_t good) { // valid(good), !valid(bad)
    while (bad != good && (bad < good ? good - bad : bad - good) > 1) {
      int64_t mid = bad + (good - bad) / 2;
      (valid(p, ch, mid) ? good : bad) = mid;
    }
    return good;
  };
  v.lo = valid(p, ch, v.typeMin) ? v.typeMin : search(v.typeMin, zp);
  v.hi = valid(p, ch, v.typeMax) ? v.typeMax : search(v.typeMax, zp);
  return v;
}

int trailingZeros(uint64_t m) {
  int n = 0;
  while (m && !(m & 1)) {
    m >>= 1;
    ++n;
  }
  return n;
}

/// The residue (value * m) mod 2^s in [0, 2^s).
I128 residue(int64_t value, int64_t m, int s) {
  I128 prod = I128(value) * m;
  I128 mask = (I128(1) << s) - 1;
  return prod & mask; // two's complement: the non-negative residue
}

/// Inputs whose value (x - input_zp) makes the product's residue exactly
/// `target`: the solution of the congruence nearest to 0 with the given
/// sign, if it lies in [lo, hi].
std::optional<int64_t> exactResidue(const ChannelView &v, int64_t zp, I128 target, int sign) {
  if (v.m <= 0 || v.s < 2 || v.s > 62)
    return std::nullopt;
  int a = trailingZeros(uint64_t(v.m));
  if (a >= v.s)
    return std::nullopt;
  I128 g = I128(1) << a;
  if (target < 0 || target % g != 0)
    return std::nullopt;
  // value * o ≡ target / g (mod 2^(s-a)), o odd: value = (target / g) * o^-1.
  const uint64_t o = uint64_t(v.m) >> a;
  uint64_t inv = o; // Newton: o * inv ≡ 1 (mod 2^64)
  for (int k = 0; k < 6; ++k)
    inv *= 2 - o * inv;
  const int bits = v.s - a;
  const uint64_t mod = uint64_t(1) << bits, mask = mod - 1;
  const uint64_t k0 = (uint64_t(target / g) * inv) & mask;
  int64_t value;
  if (sign > 0)
    value = k0 == 0 ? int64_t(mod) : int64_t(k0);
  else
    value = k0 == 0 ? -int64_t(mod) : int64_t(k0) - int64_t(mod);
  I128 x = I128(value) + zp;
  if (x < v.lo || x > v.hi)
    return std::nullopt;
  return int64_t(x);
}

/// The input nearest to input_zp with the given sign of value whose residue
/// lies in [from, to] (searching at most 2^17 values each side).
std::optional<int64_t> bandResidue(const ChannelView &v, int64_t zp, I128 from, I128 to,
                                   int sign) {
  for (int64_t k = 1; k <= (int64_t(1) << 17); ++k) {
    I128 x = I128(zp) + sign * k;
    if (x < v.lo || x > v.hi)
      return std::nullopt;
    I128 res = residue(sign * k, v.m, v.s);
    if (res >= from && res <= to)
      return int64_t(x);
  }
  return std::nullopt;
}

/// The largest input in [lo, hi] with pred false then true..., i.e. the
/// first x with pred(x) (pred monotone false -> true), or nullopt.
template <typename Pred>
std::optional<int64_t> firstTrue(int64_t lo, int64_t hi, Pred pred) {
  if (lo > hi || !pred(hi))
    return std::nullopt;
  if (pred(lo))
    return lo;
  while (hi - lo > 1) {
    int64_t mid = lo + (hi - lo) / 2;
    (pred(mid) ? hi : lo) = mid;
  }
  return hi;
}

using Edge = std::pair<std::string, int64_t>;

/// The edge inputs of one channel, in schedule order
/// (docs/golden-format.md, "Rescale input classes").
std::vector<Edge> edgesOf(const CaseParams &p, size_t ch, const ChannelView &v, bool reject) {
  const RescaleParams &r = p.rescale;
  const requant::RescaleAttributes &a = r.attributes;
  const int64_t zp = r.inputZp;
  std::vector<Edge> out;
  auto add = [&](const char *cls, std::optional<int64_t> x) {
    if (x && *x >= v.lo && *x <= v.hi)
      out.push_back({cls, *x});
  };
  if (reject) {
    // An expected rejection: the type's extremes first (where the REQUIREs
    // on the value and the sums fail).
    add("input-min", v.typeMin);
    add("input-max", v.typeMax);
  }
  const bool arith = v.m > 0 && v.s >= 2 && v.s <= 62;
  if (arith) {
    const I128 half = I128(1) << (v.s - 1);
    const int a0 = trailingZeros(uint64_t(v.m));
    const I128 g = I128(1) << std::min(a0, v.s);
    add("tie", exactResidue(v, zp, half, +1));
    add("tie-negative", exactResidue(v, zp, half, -1));
    // A product value * multiplier of 2^53 or more just below the rounding
    // point (DOUBLE_ROUND with s > 31: 2^30 lower for v >= 0): a backend
    // that forms it in double rounds it onto the rounding point.
    const I128 point =
        a.roundingMode == requant::RoundingMode::Double && v.s > 31 ? half - (I128(1) << 30) : half;
    for (I128 t = point - g; t > point - (g << 12); t -= g) {
      std::optional<int64_t> x = exactResidue(v, zp, t, +1);
      if (x && (I128(*x) - zp) * v.m >= (I128(1) << 53)) {
        add("product-beyond-2^53", x);
        break;
      }
    }
    if (g < half) {
      add("tie-below", exactResidue(v, zp, half - g, +1));
      add("tie-above", exactResidue(v, zp, half + g, +1));
      add("tie-negative-below", exactResidue(v, zp, half - g, -1));
      add("tie-negative-above", exactResidue(v, zp, half + g, -1));
    }
    if (v.s > 31) {
      // [rescale.apply-scale-32] double rounding moves the rounding point by
      // 2^30: products in these residue bands round differently.
      const I128 band = I128(1) << 30;
      add("double-round-differs", bandResidue(v, zp, half - band, half - 1, +1));
      add("double-round-differs-negative", bandResidue(v, zp, half + 1, half + band - 1, -1));
      add("double-round-edge", exactResidue(v, zp, half - band, +1));
      add("double-round-edge-outside", exactResidue(v, zp, half - band - g, +1));
      add("double-round-edge-negative", exactResidue(v, zp, half + band - g, -1));
      add("double-round-edge-negative-outside", exactResidue(v, zp, half + band, -1));
    }
    if (valid(p, ch, v.lo) && valid(p, ch, v.hi)) {
      const int64_t outMin = intTypeMin(a.outputWidth, a.outputUnsigned);
      const int64_t outMax = intTypeMax(a.outputWidth, a.outputUnsigned);
      std::optional<int64_t> above =
          firstTrue(v.lo, v.hi, [&](int64_t x) { return unclipped(p, ch, x) > outMax; });
      if (above && *above > v.lo) {
        add("beyond-output-max", above);
        add("output-max-edge", *above - 1);
      }
      std::optional<int64_t> inside =
          firstTrue(v.lo, v.hi, [&](int64_t x) { return unclipped(p, ch, x) >= outMin; });
      if (inside && *inside > v.lo) {
        add("beyond-output-min", *inside - 1);
        add("output-min-edge", inside);
      }
    }
  }
  if (v.lo != v.typeMin || !reject)
    add(v.lo == v.typeMin ? "input-min" : "valid-min", v.lo);
  if (v.hi != v.typeMax || !reject)
    add(v.hi == v.typeMax ? "input-max" : "valid-max", v.hi);
  add("input-zp", zp);
  if (zp != 0)
    add("zero", 0);
  add("one", I128(zp) + 1 <= v.hi ? std::optional<int64_t>(zp + 1) : std::nullopt);
  add("minus-one", I128(zp) - 1 >= v.lo ? std::optional<int64_t>(zp - 1) : std::nullopt);
  return out;
}

} // namespace

void makeRescaleInputs(GoldenCase &c, SplitMix64 &rng) {
  const CaseParams &p = c.params;
  const bool reject = p.variant == kRejectVariant;
  const int64_t n = numElements(p.shape);
  const size_t channels = p.rescale.multipliers.size();
  if (p.variant == "exhaustive") {
    // Every input of the type, in order.
    const requant::RescaleAttributes &a = p.rescale.attributes;
    const int64_t lo = intTypeMin(a.inputWidth, a.inputUnsigned);
    for (int64_t i = 0; i < n; ++i) {
      c.inputStored.push_back(lo + i);
      c.inputClasses.push_back("exhaustive");
    }
    return;
  }
  std::map<size_t, ChannelView> views;
  std::map<size_t, std::vector<Edge>> edges;
  std::map<size_t, size_t> cursor;
  // A tiled case makes its first `period` elements (the caller repeats them).
  const int64_t made = p.period > 0 ? p.period : n;
  for (int64_t i = 0; i < made; ++i) {
    // A channel the op has no multiplier for (a rejection) takes channel 0's.
    size_t ch = rescaleChannelOf(p, size_t(i));
    if (ch >= channels)
      ch = 0;
    auto it = views.find(ch);
    if (it == views.end()) {
      it = views.emplace(ch, viewOf(p, ch, !reject)).first;
      edges[ch] = edgesOf(p, ch, it->second, reject);
    }
    const ChannelView &v = it->second;
    const std::vector<Edge> &e = edges[ch];
    if (i % 4 == 3 || e.empty()) {
      c.inputStored.push_back(rng.range(v.lo, v.hi));
      c.inputClasses.push_back("random");
    } else {
      const Edge &edge = e[cursor[ch]++ % e.size()];
      c.inputStored.push_back(edge.second);
      c.inputClasses.push_back(edge.first);
    }
  }
}

} // namespace qi::generators
