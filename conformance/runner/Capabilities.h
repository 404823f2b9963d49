//===- Capabilities.h - What a backend claims to support --------*- C++ -*-===//
//
// Spec: docs/vendor-guide.md ("Capability file"). A case outside the claim is
// `unsupported` and listed, never counted as a pass.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_CAPABILITIES_H
#define QI_CONFORMANCE_CAPABILITIES_H

#include "generators/GoldenCase.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace qi::conform {

class Capabilities {
public:
  /// Everything claimed.
  Capabilities() = default;
  /// Parses a capability file's text; on failure returns nullopt with `error`
  /// = "FILE:LINE: PROBLEM".
  static std::optional<Capabilities> parse(const std::string &text, const std::string &file,
                                           std::string &error);
  /// The claim of a built-in backend when no --capabilities is given:
  /// mlir-cpu's (conformance/backends/mlir-cpu.capabilities, compiled in);
  /// nullopt for the others, which claim everything.
  static std::optional<Capabilities> builtIn(const std::string &backend, std::string &source);
  /// Why `c` is outside the claim ("expressed f8E4M3FN is not claimed"), or
  /// nullopt when the backend claims it.
  std::optional<std::string> outside(const generators::GoldenCase &c) const;

private:
  /// An `exclude` line: cases matching every key's values are not claimed.
  struct Exclusion {
    std::map<std::string, std::set<std::string>> match;
    std::string where;  ///< FILE:LINE
    std::string reason; ///< the line's comment
  };
  /// key -> accepted values; an absent key accepts everything.
  std::map<std::string, std::set<std::string>> claims_;
  std::vector<Exclusion> exclusions_;
};

} // namespace qi::conform

#endif
