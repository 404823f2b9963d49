//===- ChooseParams.h - quant-interp --choose-params -------------*- C++ -*-===//
//
// Spec: [cli.choose-params] (spec/cli.md), [calib.recipes]
// (spec/calibration.md), [calib.statistic] (spec/calibration-statistics.md).
// The parameters a calibration recipe chooses for observed ranges given on
// the command line, in a ranges file, or computed by a statistic from data;
// for one recipe or every recipe of the catalogue side by side.
//
//===----------------------------------------------------------------------===//
#ifndef QI_TOOLS_QUANT_INTERP_CHOOSEPARAMS_H
#define QI_TOOLS_QUANT_INTERP_CHOOSEPARAMS_H

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace qi::tools {

/// The flags of --choose-params as given (unset: not on the command line).
struct ChooseParamsRequest {
  std::string calibration;                ///< --calibration: a recipe or `all`
  std::vector<std::string> ranges;        ///< --range=MIN,MAX, one per channel
  std::optional<std::string> axis;        ///< --axis=N
  std::optional<std::string> expressed;   ///< --expressed (default f32)
  std::optional<std::string> rangesFile;  ///< --ranges-file=FILE
  std::vector<std::string> data;          ///< --data=ATTR, one batch each
  std::optional<std::string> statistic;   ///< --statistic=SPEC (default minmax)
  bool json = false;                      ///< --json
};

/// [cli.choose-params] The whole command: the output to `out`, errors to
/// `errors`. Returns the exit status: 0 (refusals are answers), 1 for a
/// malformed ranges-file line (FILE:LINE:COL: error: ..., nothing on `out`),
/// 2 for a usage error (quant-interp: error: ...).
int runChooseParams(const ChooseParamsRequest &request, llvm::raw_ostream &out,
                    llvm::raw_ostream &errors);

/// A real number as --range and ranges files write it: the whole `text` as
/// C's strtod reads it (decimal, hexadecimal, inf, nan), rounded to the
/// nearest double; nullopt with `error` set when it is not one or is outside
/// the range of double (overflow to infinity, or a non-zero that is 0).
std::optional<double> parseRangeNumber(const std::string &text, std::string &error);

} // namespace qi::tools

#endif
