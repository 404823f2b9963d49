//===- GoldenExpected.h - Profiles and the expected outputs -----*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Case file": `expected`). Which profiles a
// suite records (--profiles) and the expected output of a case under one of
// them, computed with the kernels quant-interp runs (QuantizeKernel /
// DequantizeKernel).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENEXPECTED_H
#define QI_GENERATORS_GOLDENEXPECTED_H

#include "generators/GoldenCase.h"
#include "interpreter/quant/Semantics.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

/// The profiles a case lists unless --profiles says otherwise.
inline constexpr std::string_view kDefaultProfiles = "reference,mlir-lower-quant-ops";

/// Parses "a,b,c" (or "all") into profile names; on an unknown name returns
/// nullopt and names it in `error`.
std::optional<std::vector<std::string>> parseProfileList(std::string_view list,
                                                         std::string &error);
/// "PROFILE: DESCRIPTION", the qcast / dcast part of the profile's
/// `quant-interp --list-profiles` line (before ` | requantize: RECIPE`).
std::string listProfilesLine(const std::string &profile);

/// The expected output of `c`'s input under `profile`, computed with
/// QuantizeKernel / DequantizeKernel (a TOSA operator case: its one output
/// `tosa`, tosaOpExpected in GoldenContraction.h). Returns false with `error` set when the
/// profile is unknown or the shape breaks the type's integrity rules.
bool evaluateProfile(const GoldenCase &c, const std::string &profile, ExpectedOutput &out,
                     std::string &error);
/// The same under any semantics (a profile with knobs changed), recorded as
/// profile `name` in `out`.
bool evaluateSemantics(const GoldenCase &c, const quant::Semantics &semantics,
                       const std::string &name, ExpectedOutput &out, std::string &error);

} // namespace qi::generators

#endif
