//===- GoldenRun.h - Run a case's program the way quant-interp does -*- C++ -*-===//
//
// Spec: docs/golden-format.md, "Expected rejections". A rejection case is
// verified by running its program on its input through quant-interp's own
// entry point, eval/Run.h (MLIR 22 parses and verifies the program, the
// input is checked against the parameter type, the interpreter evaluates
// @main under the reference profile) and observing where it fails and with
// which message.
//
// The header includes no MLIR or LLVM header.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENRUN_H
#define QI_GENERATORS_GOLDENRUN_H

#include "generators/GoldenCase.h"

#include <optional>
#include <string>
#include <vector>

namespace qi::generators {

/// The outcome of running a case's program on its input.
struct RunOutcome {
  /// Set when the program was rejected: "verifier" (MLIR's parser / verifier
  /// rejected the program text) or "runtime-integrity" (the interpreter
  /// stopped with a located error; for a rescale case "error-if" or
  /// "require" when the error is an ERROR_IF or a REQUIRE of
  /// [rescale.violation]), with quant-interp's one-line message (the text
  /// after `FILE:LINE:COL: error: `).
  std::optional<Rejection> rejection;
  /// Set when the case itself could not be run (no @main, the input does not
  /// match the parameter type): a broken case, not a rejection.
  std::string setupError;
};

/// Runs `c.params`' program with `c`'s input, as `quant-interp --arg=...`
/// does under the reference profile.
RunOutcome runProgram(const GoldenCase &c);

/// The input of `c` as `quant-interp --arg` text, e.g.
/// `dense<[[0x3F800000, 0x40000000]]> : tensor<1x2xf32>`, `5 : i8`,
/// `dense<> : tensor<0x4xf32>` (floats as hex bit patterns).
std::string argumentText(const GoldenCase &c);
/// Every argument of @main: the input, then (a rescale case whose operands
/// are arguments) the multiplier, shift and zero points.
std::vector<std::string> argumentTexts(const GoldenCase &c);

/// The static consistency of a rejection with the case parameters (no MLIR):
/// the variant is "reject", the reason is "verifier" or "runtime-integrity",
/// the message is one non-empty line; a runtime-integrity rejection has a
/// dynamic or unranked program type, and the concrete shape fails
/// quant::ParameterMap::build with an error the message contains.
bool rejectionMatchesParams(const CaseParams &p, const Rejection &r, std::string &error);
/// The same for a whole case (`c.rejection` set). A rescale rejection is
/// checked against requant: "error-if" needs an ERROR_IF that holds and whose
/// message the rejection's contains; "require" an element whose REQUIRE
/// fails (the first one's message); "runtime-integrity" multipliers / shifts
/// of a length other than NC; "verifier" only the message's form.
bool rejectionMatchesCase(const GoldenCase &c, std::string &error);

/// Checks that `c` (a case with `rejection` set) is rejected for its reason
/// with its message. False with `error` describing the difference.
bool verifyRejection(const GoldenCase &c, std::string &error);

} // namespace qi::generators

#endif
