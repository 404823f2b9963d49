//===- DeriveMultiplier.h - quant-interp --derive-multiplier -----*- C++ -*-===//
//
// Spec: [cli.derive-multiplier] (spec/cli.md), [requant.derive]
// (spec/requantize.md). Which (multiplier, shift) each framework derives from
// a real scale, printed with its TOSA twin, the exact real number of the pair
// and its relative error from the scale.
//
//===----------------------------------------------------------------------===//
#ifndef QI_TOOLS_QUANT_INTERP_DERIVEMULTIPLIER_H
#define QI_TOOLS_QUANT_INTERP_DERIVEMULTIPLIER_H

#include "interpreter/requant/MultiplierDerivation.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qi::tools {

/// SCALE of --derive-multiplier: a decimal or hexadecimal float as strtod
/// reads it in the C locale (also inf, nan), the whole text, within the
/// range of double. nullopt with `error` set otherwise.
std::optional<double> parseDeriveScale(const std::string &text, std::string &error);

/// --derive-for: `all`, or framework names separated by commas. nullopt
/// with `error` set for an unknown name.
std::optional<std::vector<requant::DerivationFramework>>
parseDeriveFrameworks(const std::string &text, std::string &error);

/// multiplier * 2^-shift exactly as a hexadecimal float ("0x1.8p-2",
/// "-0x1p+3", "0x0p+0").
std::string exactHexReal(int64_t multiplier, int64_t shift);
/// multiplier * 2^-shift as an exact decimal ("0.375"), or nullopt when it
/// has more than `maxDigits` significant digits.
std::optional<std::string> exactDecimalReal(int64_t multiplier, int64_t shift,
                                            unsigned maxDigits = 64);

/// The report for one framework: header line, then indented lines.
std::string formatDerivation(const requant::Derivation &derivation);

/// [cli.derive-multiplier] The whole command: parses SCALE and the
/// framework list, prints the report to `out`, usage errors to `errors`
/// ("quant-interp: error: ..."). Returns the exit status (0, or 2 for a
/// usage error).
int runDeriveMultiplier(const std::string &scaleText, const std::string &frameworksText,
                        llvm::raw_ostream &out, llvm::raw_ostream &errors);

} // namespace qi::tools

#endif
