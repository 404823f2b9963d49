//===- GoldenRun.cpp - Run a case's program the way quant-interp does -------===//
//
// Spec: docs/golden-format.md, "Expected rejections"; spec/cli.md [cli.errors].
// Through quant-interp's own entry point (eval/Run.h, [eval.run]): parse and
// verify, find @main, parse the argument, interpret under the reference
// profile.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenRun.h"

#include "generators/FloatText.h"
#include "generators/GoldenTosaOp.h"
#include "generators/GoldenProgram.h"
#include "generators/GoldenRescale.h"

#include "interpreter/eval/Run.h"
#include "interpreter/quant/ParameterMap.h"

namespace qi::generators {

namespace {

/// MLIR's dense-literal nesting of the flat `items` over `shape`.
std::string nested(const std::vector<std::string> &items, size_t begin, const Shape &shape,
                   size_t dim) {
  if (dim == shape.size())
    return items[begin];
  int64_t stride = 1;
  for (size_t k = dim + 1; k < shape.size(); ++k)
    stride *= shape[k];
  std::string out = "[";
  for (int64_t i = 0; i < shape[dim]; ++i)
    out += (i ? ", " : "") + nested(items, begin + size_t(i * stride), shape, dim + 1);
  return out + "]";
}

} // namespace

std::string argumentText(const GoldenCase &c) {
  const CaseParams &p = c.params;
  std::vector<std::string> items;
  if (p.op == Op::QCast) {
    for (numeric::Bits b : c.inputFloats)
      items.push_back(hexBits(*p.type.expressed, b));
  } else {
    for (int64_t q : c.inputStored)
      items.push_back(std::to_string(q));
  }
  std::string element = p.op == Op::QCast   ? std::string(p.type.expressed->name)
                        : p.op == Op::DCast ? "i" + std::to_string(p.type.storage.width)
                        : p.op == Op::TosaOp ? p.tosaOp.input
                                                  : rescaleInputElement(p);
  std::string type = concreteSpelling(p, element);
  if (p.shapeKind == ShapeKind::Scalar)
    return items.at(0) + " : " + type;
  if (items.empty())
    return "dense<> : " + type;
  return "dense<" + nested(items, 0, p.shape, 0) + "> : " + type;
}

std::vector<std::string> argumentTexts(const GoldenCase &c) {
  std::vector<std::string> args = {argumentText(c)};
  if (c.params.op == Op::Rescale)
    for (std::string &operand : rescaleOperandArguments(c.params))
      args.push_back(std::move(operand));
  if (c.params.op == Op::TosaOp)
    for (std::string &operand : tosaOpOperandArguments(c))
      args.push_back(std::move(operand));
  return args;
}

RunOutcome runProgram(const GoldenCase &c) {
  // Under the reference profile: the default RunOptions.
  eval::RunOutcome run =
      eval::runFunction(ir::ProgramSource::copyOf(programText(c.params), "-"), "",
                        argumentTexts(c), eval::RunOptions());
  RunOutcome outcome;
  if (run.succeeded())
    return outcome;
  // The first error is the one quant-interp prints first.
  const std::string &message = run.error().message;
  switch (*run.failedAt) {
  case eval::RunOutcome::Stage::Load:
    outcome.rejection = Rejection{std::string(kRejectVerifier), message};
    break;
  case eval::RunOutcome::Stage::Evaluation: {
    // [rescale.violation]: quant-interp's message names the condition.
    std::string_view reason = kRejectRuntimeIntegrity;
    const bool tosa = c.params.op == Op::Rescale || c.params.op == Op::TosaOp;
    if (tosa && message.find("ERROR_IF(") != std::string::npos)
      reason = kRejectErrorIf;
    else if (tosa && message.find("REQUIRE(") != std::string::npos)
      reason = kRejectRequire;
    outcome.rejection = Rejection{std::string(reason), message};
    break;
  }
  case eval::RunOutcome::Stage::Entry:
  case eval::RunOutcome::Stage::Arguments:
    outcome.setupError = message;
    break;
  }
  return outcome;
}

namespace {
/// What every rejection case has: the variant `reject` and a one-line message.
bool rejectionShapeIsValid(const CaseParams &p, const Rejection &r, std::string &error) {
  if (p.variant != kRejectVariant) {
    error = "a rejection case has variant '" + std::string(kRejectVariant) + "'";
    return false;
  }
  if (r.message.empty() || r.message.find('\n') != std::string::npos) {
    error = "the rejection message must be one non-empty line";
    return false;
  }
  return true;
}
} // namespace

bool rejectionMatchesParams(const CaseParams &p, const Rejection &r, std::string &error) {
  if (!rejectionShapeIsValid(p, r, error))
    return false;
  if (r.reason == kRejectVerifier)
    return true;
  if (r.reason != kRejectRuntimeIntegrity) {
    error = "unknown rejection reason '" + r.reason + "' (expected " +
            std::string(kRejectVerifier) + " or " + std::string(kRejectRuntimeIntegrity) + ")";
    return false;
  }
  if (p.shapeKind != ShapeKind::Dynamic && p.shapeKind != ShapeKind::Unranked) {
    error = "a runtime-integrity rejection needs a dynamic or unranked program type (MLIR's "
            "verifier checks static shapes)";
    return false;
  }
  std::string why;
  if (quant::ParameterMap::build(p.type, p.shape, p.shapeKind != ShapeKind::Scalar, why)) {
    error = "the input shape satisfies the type's integrity rules; nothing to reject at run time";
    return false;
  }
  if (r.message.find(why) == std::string::npos) {
    error = "the rejection message does not contain the integrity error '" + why + "'";
    return false;
  }
  return true;
}

bool rejectionMatchesCase(const GoldenCase &c, std::string &error) {
  if (!c.rejection) {
    error = "not a rejection case";
    return false;
  }
  const CaseParams &p = c.params;
  const Rejection &r = *c.rejection;
  if (p.op == Op::TosaOp)
    return rejectionShapeIsValid(p, r, error) && tosaOpRejectionMatches(c, error);
  if (p.op != Op::Rescale)
    return rejectionMatchesParams(p, r, error);
  if (!rejectionShapeIsValid(p, r, error))
    return false;
  std::optional<requant::Violation> errorIf = rescaleErrorIf(p);
  const bool lengthsDiffer =
      int64_t(p.rescale.multipliers.size()) != rescaleChannelCount(p) ||
      p.rescale.shifts.size() != p.rescale.multipliers.size();
  auto contains = [&](const std::string &text, const char *what) {
    if (r.message.find(text) != std::string::npos)
      return true;
    error = "the rejection message does not contain the " + std::string(what) + " '" + text + "'";
    return false;
  };
  if (r.reason == kRejectVerifier)
    return true;
  if (r.reason == kRejectErrorIf) {
    if (!errorIf) {
      error = "no ERROR_IF of RESCALE holds for the case's parameters";
      return false;
    }
    return contains(errorIf->message(), "ERROR_IF");
  }
  if (r.reason == kRejectRequire) {
    if (errorIf || lengthsDiffer) {
      error = errorIf ? "an ERROR_IF holds (" + errorIf->message() + "): the reason is error-if"
                      : "the multipliers and shifts do not have NC elements: the reason is "
                        "runtime-integrity";
      return false;
    }
    std::optional<std::pair<size_t, requant::Violation>> bad = firstRequireViolation(c);
    if (!bad) {
      error = "every element's REQUIREs hold; nothing is unpredictable";
      return false;
    }
    return contains(bad->second.message(), "REQUIRE of the first unpredictable element");
  }
  if (r.reason == kRejectRuntimeIntegrity) {
    if (errorIf || !lengthsDiffer) {
      error = errorIf ? "an ERROR_IF holds (" + errorIf->message() + "): the reason is error-if"
                      : "the multipliers and shifts have NC elements: nothing to reject at run "
                        "time";
      return false;
    }
    return true;
  }
  error = "unknown rejection reason '" + r.reason + "' (expected " + std::string(kRejectVerifier) +
          ", " + std::string(kRejectRuntimeIntegrity) + ", " + std::string(kRejectErrorIf) +
          " or " + std::string(kRejectRequire) + ")";
  return false;
}

bool verifyRejection(const GoldenCase &c, std::string &error) {
  if (!c.rejection) {
    error = "not a rejection case";
    return false;
  }
  RunOutcome run = runProgram(c);
  if (!run.setupError.empty()) {
    error = "cannot run the case: " + run.setupError;
    return false;
  }
  if (!run.rejection) {
    error = "the file expects a rejection (" + c.rejection->reason +
            "), but quant-interp runs the program without error";
    return false;
  }
  if (run.rejection->reason != c.rejection->reason ||
      run.rejection->message != c.rejection->message) {
    error = "the file says " + c.rejection->reason + " '" + c.rejection->message +
            "', quant-interp gives " + run.rejection->reason + " '" + run.rejection->message +
            "'";
    return false;
  }
  return true;
}

} // namespace qi::generators
