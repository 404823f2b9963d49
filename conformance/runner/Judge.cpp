//===- Judge.cpp - Classify one case's backend output ---------------------===//
#include "conformance/runner/Judge.h"

#include "generators/FloatText.h"
#include "generators/GoldenIds.h"
#include "interpreter/numeric/FloatCodec.h"

namespace qi::conform {
using generators::GoldenCase;
using generators::Op;

namespace {

CaseResult header(const GoldenCase &c, const std::string &file) {
  CaseResult r;
  r.id = c.id;
  r.file = file;
  r.category = generators::caseCategory(c.params);
  const quant::QuantType &t = c.params.type;
  r.tags = {{"op", std::string(generators::opName(c.params.op))},
            {"granularity", std::string(generators::granularityName(t.granularity))},
            {"storage", generators::storageTag(t) + (t.hasNarrowBounds() ? "n" : "")},
            {"expressed", std::string(t.expressed->name)},
            {"shapeKind", std::string(generators::shapeKindName(c.params.shapeKind))}};
  if (c.rejection)
    r.tags["rejection"] = c.rejection->reason;
  r.elements = c.numInputs();
  return r;
}

std::string inputText(const GoldenCase &c, size_t i) {
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

std::string floatText(const numeric::FloatFormat &format, numeric::Bits bits) {
  return generators::hexBits(format, bits) + " (" + generators::decimalText(format, bits) + ")";
}

CaseResult unsupportedCase(const GoldenCase &c, const std::string &file,
                           const std::string &reason) {
  CaseResult r = header(c, file);
  r.outcome = Outcome::Unsupported;
  r.reason = reason;
  return r;
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
      r.reason = "rejected as required (" + c.rejection->reason + "): " + out.reason;
    } else {
      r.outcome = Outcome::Fail;
      r.reason = "rejected a valid program: " + (out.reason.empty() ? std::string("(the backend gave no message)") : out.reason);
    }
    return r;
  case BackendOutput::Status::Values:
    break;
  }
  if (c.rejection) {
    r.outcome = Outcome::Fail;
    r.reason = "accepted a program that must be rejected (" + c.rejection->reason +
               ": " + c.rejection->message + ")";
    return r;
  }
  const generators::ExpectedOutput *expected = nullptr;
  for (const generators::ExpectedOutput &e : c.expected)
    if (e.profile == profile)
      expected = &e;
  if (!expected) {
    r.outcome = Outcome::Error;
    r.reason = "the case has no expected output for profile '" + profile + "'";
    return r;
  }
  const bool qcast = c.params.op == Op::QCast;
  const bool nanBitsFree = nanBitsUnspecified(profile);
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
    const bool equal =
        !undefined && (qcast ? out.stored[i] == expected->stored[i]
                             : sameFloat(*c.params.type.expressed, expected->floats[i],
                                         out.floats[i], nanBitsFree));
    if (equal)
      continue;
    ++r.mismatched;
    const std::string cls = i < c.inputClasses.size() ? c.inputClasses[i] : "";
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
      const numeric::FloatFormat &e = *c.params.type.expressed;
      m.expected = qcast ? std::to_string(expected->stored[i]) : floatText(e, expected->floats[i]);
      m.got = undefined ? "poison" : qcast ? std::to_string(out.stored[i]) : floatText(e, out.floats[i]);
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
