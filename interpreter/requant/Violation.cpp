//===- Violation.cpp - A TOSA REQUIRE or ERROR_IF that does not hold -------===//
#include "interpreter/requant/Violation.h"

namespace qi::requant {

std::string Violation::message() const {
  std::string text = kind == Kind::Require ? "REQUIRE(" : "ERROR_IF(";
  text += condition + ") of " + where + (kind == Kind::Require ? " does not hold" : " holds");
  if (!detail.empty())
    text += " (" + detail + ")";
  return text;
}

} // namespace qi::requant
