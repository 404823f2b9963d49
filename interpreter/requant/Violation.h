//===- Violation.h - A TOSA REQUIRE or ERROR_IF that does not hold -*- C++ -*-===//
//
// Spec: [rescale.violation]. The TOSA specification marks a graph
// unpredictable when a REQUIRE fails and in error when an ERROR_IF holds;
// either way there is no value to compute. The reference semantics returns
// the condition instead, and every caller turns it into an error naming the
// condition and where it failed (never a made-up value).
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_VIOLATION_H
#define QI_REQUANT_VIOLATION_H

#include <string>

namespace qi::requant {

struct Violation {
  enum class Kind { Require, ErrorIf };
  Kind kind = Kind::Require;
  /// The specification function or operator whose condition it is
  /// ("apply_scale_32", "RESCALE").
  std::string where;
  /// The condition as the specification's pseudo-code writes it.
  std::string condition;
  /// The values that broke it ("shift = 63"), or "".
  std::string detail;

  /// "REQUIRE(2 <= shift && shift <= 62) of apply_scale_32 does not hold
  /// (shift = 63)"; for an ERROR_IF "... holds".
  std::string message() const;
};

} // namespace qi::requant

#endif
