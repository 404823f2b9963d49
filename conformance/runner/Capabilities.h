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
  /// mlir-cpu's and mlir-lowering's (conformance/backends/*.capabilities,
  /// compiled in); nullopt for the others, which claim everything.
  static std::optional<Capabilities> builtIn(const std::string &backend, std::string &source);
  /// Why `c` is outside the claim ("expressed f8E4M3FN is not claimed"), or
  /// nullopt when the backend claims it.
  std::optional<std::string> outside(const generators::GoldenCase &c) const;

private:
  /// "WHAT is not claimed" when the file lists `key` without `value`.
  std::optional<std::string> notClaimed(const std::string &key, const std::string &value,
                                        const std::string &what) const;
  std::optional<std::string> outsideTosaOp(const generators::GoldenCase &c) const;
  std::optional<std::string> outsideRescale(const generators::GoldenCase &c) const;
  /// The first exclusion whose every key=value matches `tags`, as a reason.
  std::optional<std::string> excluded(const std::map<std::string, std::string> &tags) const;
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
