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
#include "generators/GoldenProgram.h"

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
  std::string element = p.op == Op::QCast ? std::string(p.type.expressed->name)
                                          : "i" + std::to_string(p.type.storage.width);
  std::string type = concreteSpelling(p, element);
  if (p.shapeKind == ShapeKind::Scalar)
    return items.at(0) + " : " + type;
  if (items.empty())
    return "dense<> : " + type;
  return "dense<" + nested(items, 0, p.shape, 0) + "> : " + type;
}

RunOutcome runProgram(const GoldenCase &c) {
  // Under the reference profile: the default RunOptions.
  eval::RunOutcome run =
      eval::runFunction(ir::ProgramSource::copyOf(programText(c.params), "-"), "",
                        {argumentText(c)}, eval::RunOptions());
  RunOutcome outcome;
  if (run.succeeded())
    return outcome;
  // The first error is the one quant-interp prints first.
  const std::string &message = run.error().message;
  switch (*run.failedAt) {
  case eval::RunOutcome::Stage::Load:
    outcome.rejection = Rejection{std::string(kRejectVerifier), message};
    break;
  case eval::RunOutcome::Stage::Evaluation:
    outcome.rejection = Rejection{std::string(kRejectRuntimeIntegrity), message};
    break;
  case eval::RunOutcome::Stage::Entry:
  case eval::RunOutcome::Stage::Arguments:
    outcome.setupError = message;
    break;
  }
  return outcome;
}

bool rejectionMatchesParams(const CaseParams &p, const Rejection &r, std::string &error) {
  if (p.variant != kRejectVariant) {
    error = "a rejection case has variant '" + std::string(kRejectVariant) + "'";
    return false;
  }
  if (r.message.empty() || r.message.find('\n') != std::string::npos) {
    error = "the rejection message must be one non-empty line";
    return false;
  }
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
