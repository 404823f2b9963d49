//===- Judge.cpp - Classify one case's backend output ---------------------===//
#include "conformance/runner/Judge.h"

#include "generators/FloatText.h"
#include "generators/GoldenTosaOp.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenRescale.h"
#include "interpreter/numeric/Exact.h"
#include "interpreter/numeric/FloatCodec.h"

#include <algorithm>

#include <boost/multiprecision/cpp_int.hpp>

namespace qi::conform {
using generators::GoldenCase;
using generators::Op;

namespace {

CaseResult header(const GoldenCase &c, const std::string &file) {
  CaseResult r;
  r.id = c.id;
  r.file = file;
  r.category = generators::caseCategory(c.params);
  r.elements = c.numOutputs();
  if (c.isTosaOp()) {
    const generators::TosaOpParams &k = c.params.tosaOp;
    r.tags = {{"op", std::string(generators::tosaOpName(k.kind))},
              {"types", generators::tosaOpTypesTag(c.params)},
              {"output", generators::tosaOpOutputElement(c.params)},
              {"purpose", k.purpose},
              {"shapeKind", std::string(generators::shapeKindName(c.params.shapeKind))}};
    if (c.rejection)
      r.tags["rejection"] = c.rejection->reason;
    return r;
  }
  if (c.isRescale()) {
    const generators::RescaleParams &rs = c.params.rescale;
    r.tags = {{"op", "rescale"},
              {"input", generators::rescaleInputTag(rs)},
              {"output", generators::rescaleOutputTag(rs)},
              {"roundingMode", std::string(requant::roundingModeName(rs.attributes.roundingMode))},
              {"scale32", rs.attributes.scale32 ? "true" : "false"},
              {"perChannel", rs.attributes.perChannel ? "true" : "false"},
              {"operands", std::string(generators::rescaleOperandsName(rs.operands))},
              {"shapeKind", std::string(generators::shapeKindName(c.params.shapeKind))}};
    if (c.rejection)
      r.tags["rejection"] = c.rejection->reason;
    return r;
  }
  const quant::QuantType &t = c.params.type;
  r.tags = {{"op", std::string(generators::opName(c.params.op))},
            {"granularity", std::string(generators::granularityName(t.granularity))},
            {"storage", generators::storageTag(t) + (t.hasNarrowBounds() ? "n" : "")},
            {"expressed", std::string(t.expressed->name)},
            {"shapeKind", std::string(generators::shapeKindName(c.params.shapeKind))}};
  if (c.rejection)
    r.tags["rejection"] = c.rejection->reason;
  return r;
}

std::string inputText(const GoldenCase &c, size_t i) {
  if (c.isTosaOp()) {
    // The output element's multi-index (its inputs are a window, not one).
    std::vector<int64_t> index(c.outputShape.size());
    size_t rest = i;
    for (size_t d = index.size(); d-- > 0;) {
      index[d] = int64_t(rest % size_t(c.outputShape[d]));
      rest /= size_t(c.outputShape[d]);
    }
    std::string text = "output [";
    for (size_t d = 0; d < index.size(); ++d)
      text += (d ? ", " : "") + std::to_string(index[d]);
    return text + "]";
  }
  if (c.params.op == Op::QCast)
    return floatText(*c.params.type.expressed, c.inputFloats[i]);
  return std::to_string(c.inputStored[i]);
}

} // namespace

bool nanBitsUnspecified(const std::string &variant) {
  const std::string llvm = "mlir-lower-quant-ops";
  return variant.compare(0, llvm.size(), llvm) == 0 &&
         (variant.size() == llvm.size() || variant[llvm.size()] == ' ');
}

bool sameFloat(const numeric::FloatFormat &format, numeric::Bits expected, numeric::Bits got,
               bool nanBitsFree) {
  if (expected == got)
    return true;
  return nanBitsFree && numeric::isNaN(format, expected) && numeric::isNaN(format, got);
}

std::string exactValueText(const numeric::FloatFormat &format, numeric::Bits bits) {
  numeric::FloatClass cls = numeric::classify(format, bits);
  const bool negative = format.hasSign && numeric::signBit(format, bits);
  if (cls == numeric::FloatClass::Infinity)
    return negative ? "-inf" : "inf";
  if (cls == numeric::FloatClass::QuietNaN || cls == numeric::FloatClass::SignalingNaN)
    // FNUZ formats have one NaN (the negative-zero pattern) and no NaN sign.
    return negative && format.nanEncoding != numeric::NanEncoding::NegativeZero ? "-nan" : "nan";
  numeric::Exact x = numeric::decode(format, bits);
  if (x.den != 1)
    return generators::decimalText(format, bits);
  const std::string sign = x.negative ? "-" : "";
  if (x.num == 0)
    return sign + "0";
  if (x.exp >= 0) {
    std::string digits = numeric::BigInt(x.num << unsigned(x.exp)).str();
    if (digits.size() > kMaxExactDigits)
      return "~" + generators::decimalText(format, bits);
    return sign + digits;
  }
  // num · 2^−k = num · 5^k / 10^k: the digits of num · 5^k, k after the point.
  const unsigned k = unsigned(-x.exp);
  numeric::BigInt scaled = x.num * boost::multiprecision::pow(numeric::BigInt(5), k);
  std::string digits = scaled.str();
  if (digits.size() <= k)
    digits = std::string(k + 1 - digits.size(), '0') + digits;
  std::string whole = digits.substr(0, digits.size() - k), frac = digits.substr(digits.size() - k);
  frac.erase(frac.find_last_not_of('0') + 1);
  const size_t significant = whole == "0" ? frac.size() - std::min(frac.size(), frac.find_first_not_of('0'))
                                          : whole.size() + frac.size();
  if (significant > kMaxExactDigits)
    return "~" + generators::decimalText(format, bits);
  return sign + whole + (frac.empty() ? "" : "." + frac);
}

std::string floatText(const numeric::FloatFormat &format, numeric::Bits bits) {
  return generators::hexBits(format, bits) + " (" + exactValueText(format, bits) + ")";
}

CaseResult unsupportedCase(const GoldenCase &c, const std::string &file,
                           const std::string &reason) {
  CaseResult r = header(c, file);
  r.outcome = Outcome::Unsupported;
  r.reason = reason;
  return r;
}

namespace {

const generators::ExpectedOutput *expectedNamed(const GoldenCase &c, const std::string &name) {
  for (const generators::ExpectedOutput &e : c.expected)
    if (e.profile == name)
      return &e;
  return nullptr;
}

/// The allowed interval of element `i`, if the expected output lists one.
const generators::AllowedInterval *intervalOf(const generators::ExpectedOutput &e, size_t i) {
  auto it = std::lower_bound(e.intervals.begin(), e.intervals.end(), int64_t(i),
                             [](const generators::AllowedInterval &iv, int64_t index) {
                               return iv.index < index;
                             });
  return it != e.intervals.end() && it->index == int64_t(i) ? &*it : nullptr;
}

} // namespace

bool rescaleValueAllowed(const generators::ExpectedOutput &e, size_t i, int64_t got) {
  if (const generators::AllowedInterval *iv = intervalOf(e, i))
    return iv->lo <= got && got <= iv->hi;
  return got == e.stored[i];
}

namespace {

/// [conform.unpredictable] A rescale case rejected because a REQUIRE fails:
/// the specification defines no result, so rejecting and computing are
/// both allowed (crashing is not: that is an `error`).
bool unpredictable(const GoldenCase &c) {
  return (c.isRescale() || c.isTosaOp()) && c.rejection &&
         c.rejection->reason == generators::kRejectRequire;
}

} // namespace

bool elementMatches(const GoldenCase &c, const generators::ExpectedOutput &expected,
                    const std::string &profile, const BackendOutput &out, size_t i) {
  if (i < out.poison.size() && out.poison[i])
    return false; // the backend's undefined value never equals a defined one
  if (c.isRescale())
    return rescaleValueAllowed(expected, i, out.stored[i]);
  if (c.params.op == Op::QCast || c.isTosaOp())
    return out.stored[i] == expected.stored[i];
  return sameFloat(*c.params.type.expressed, expected.floats[i], out.floats[i],
                   nanBitsUnspecified(profile));
}

std::vector<bool> mismatchingElements(const GoldenCase &c, const std::string &profile,
                                      const BackendOutput &out) {
  const generators::ExpectedOutput *expected = expectedNamed(c, profile);
  if (!expected || out.status != BackendOutput::Status::Values)
    return {};
  const size_t n = c.numOutputs();
  std::vector<bool> dontCare(n, false), mismatching(n, false);
  for (int64_t i : expected->poison)
    dontCare[size_t(i)] = true;
  for (size_t i = 0; i < n; ++i)
    mismatching[i] = !dontCare[i] && !elementMatches(c, *expected, profile, out, i);
  return mismatching;
}

CaseResult judgeCase(const GoldenCase &c, const std::string &file, const std::string &profile,
                     const BackendOutput &out, size_t maxMismatches) {
  CaseResult r = header(c, file);
  r.seconds = out.seconds;
  r.stderrTail = out.stderrTail;
  switch (out.status) {
  case BackendOutput::Status::Unsupported:
    r.outcome = Outcome::Unsupported;
    r.reason = "the backend reports it unsupported" + (out.reason.empty() ? "" : ": " + out.reason);
    return r;
  case BackendOutput::Status::Error:
    r.outcome = Outcome::Error;
    r.reason = out.reason;
    return r;
  case BackendOutput::Status::Rejected:
    if (c.rejection) {
      r.outcome = Outcome::ExpectedRejection;
      r.reason = (unpredictable(c) ? "rejected (allowed: " : "rejected as required (") +
                 c.rejection->reason + "): " + out.reason;
    } else if (const generators::ExpectedOutput *e = expectedNamed(c, profile);
               c.isRescale() && e && !e->poison.empty()) {
      // The recipe itself computes no value for these elements (its own
      // precondition fails): a backend that implements it stops.
      r.outcome = Outcome::Pass;
      r.reason = "rejected; the recipe '" + profile + "' computes no value for " +
                 std::to_string(e->poison.size()) + " of " + std::to_string(r.elements) +
                 " elements: " + out.reason;
    } else {
      r.outcome = Outcome::Fail;
      r.reason = "rejected a valid program: " + (out.reason.empty() ? std::string("(the backend gave no message)") : out.reason);
    }
    return r;
  case BackendOutput::Status::Values:
    break;
  }
  if (unpredictable(c)) {
    r.outcome = Outcome::Pass;
    r.reason = "computed values for an unpredictable program (allowed: " +
               c.rejection->message + ")";
    return r;
  }
  if (c.rejection) {
    r.outcome = Outcome::Fail;
    r.reason = "accepted a program that must be rejected (" + c.rejection->reason +
               ": " + c.rejection->message + ")";
    return r;
  }
  const generators::ExpectedOutput *expected = expectedNamed(c, profile);
  if (!expected) {
    r.outcome = Outcome::Error;
    r.reason = std::string("the case has no expected output for ") +
               (c.isRescale() ? "recipe '" : "profile '") + profile + "'";
    return r;
  }
  // qcast and rescale compare integers, dcast float bit patterns.
  const bool qcast = c.params.op != Op::DCast;
  std::vector<bool> dontCare(r.elements, false);
  for (int64_t i : expected->poison)
    dontCare[size_t(i)] = true;
  for (size_t i = 0; i < r.elements; ++i) {
    if (dontCare[i]) {
      ++r.dontCare;
      continue;
    }
    ++r.compared;
    const bool undefined = i < out.poison.size() && out.poison[i];
    if (elementMatches(c, *expected, profile, out, i))
      continue;
    ++r.mismatched;
    // Input classes describe output elements only for the elementwise ops.
    const std::string cls = !c.isTosaOp() && i < c.inputClasses.size() ? c.inputClasses[i] : "";
    ++r.mismatchesByClass[cls];
    std::optional<int64_t> storedError;
    if (qcast && !undefined) {
      storedError = out.stored[i] - expected->stored[i];
      ++r.storedErrorHistogram[*storedError];
    }
    if (r.mismatches.size() < maxMismatches) {
      Mismatch m;
      m.index = int64_t(i);
      m.input = inputText(c, i);
      m.inputClass = cls;
      const numeric::FloatFormat *e = c.params.type.expressed; // null for rescale
      const generators::AllowedInterval *iv = intervalOf(*expected, i);
      m.expected = iv       ? "[" + std::to_string(iv->lo) + ", " + std::to_string(iv->hi) + "]"
                   : qcast ? std::to_string(expected->stored[i])
                           : floatText(*e, expected->floats[i]);
      m.got = undefined ? "poison" : qcast ? std::to_string(out.stored[i]) : floatText(*e, out.floats[i]);
      m.storedError = storedError;
      r.mismatches.push_back(std::move(m));
    }
  }
  if (r.mismatched == 0) {
    r.outcome = Outcome::Pass;
    r.reason = std::to_string(r.compared) + " elements equal" +
               (r.dontCare ? ", " + std::to_string(r.dontCare) + " don't-care" : "");
  } else {
    r.outcome = Outcome::Fail;
    r.reason = std::to_string(r.mismatched) + " of " + std::to_string(r.compared) +
               " compared elements differ";
  }
  return r;
}

} // namespace qi::conform
