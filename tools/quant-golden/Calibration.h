//===- Calibration.h - quant-golden calibration generate / check -*- C++ -*-===//
//
// Spec: [golden.calibration], docs/golden-format.md ("Calibration golden
// vectors").
//
//===----------------------------------------------------------------------===//
#ifndef QI_TOOLS_QUANT_GOLDEN_CALIBRATION_H
#define QI_TOOLS_QUANT_GOLDEN_CALIBRATION_H

#include <string>
#include <vector>

namespace qi::generators {

/// `quant-golden calibration ARGUMENTS...` with the values of --level and
/// --out ("" when not given): the exit status (0, 1 data, 2 usage).
int runCalibrationCommand(const std::vector<std::string> &arguments, const std::string &level,
                          const std::string &out);

} // namespace qi::generators

#endif
