//===- NameList.h - "a,b,c" or "all" lists of known names -------*- C++ -*-===//
//
// docs/golden-format.md (CLI). quant-golden's --profiles and --recipes take
// the same kind of list; one parser for both.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_NAMELIST_H
#define QI_GENERATORS_NAMELIST_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

/// Parses "a,b,c" into those names of `known` (in the order given, each
/// once), or "all" into every name of `known`. An empty or unknown name
/// returns nullopt with `error` naming it, e.g. "unknown profile 'x'
/// (known: reference, exact, or all)" for `what` = "profile".
std::optional<std::vector<std::string>> parseNameList(std::string_view list,
                                                      const std::vector<std::string> &known,
                                                      std::string_view what, std::string &error);

} // namespace qi::generators

#endif
