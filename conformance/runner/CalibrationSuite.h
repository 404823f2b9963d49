//===- CalibrationSuite.h - Calibration golden vectors against a backend -*- C++ -*-===//
//
// Spec: [conform.calibration] (spec/conformance.md), docs/vendor-guide.md
// ("Calibration suites"). A quant-interp-calibration-golden/1 file
// ([golden.calibration]) run against the library (interp) or a command that
// answers as `quant-interp --choose-params` does: per recipe one run with
// all its cases in a ranges file, the --json lines compared with the file's
// expected answers by storage, bounds, scale bits, zero points and
// ok / refused (the refusal text is not compared).
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_CALIBRATIONSUITE_H
#define QI_CONFORMANCE_CALIBRATIONSUITE_H

#include <cstddef>
#include <ostream>
#include <string>

namespace qi::conform {

struct CalibrationRunOptions {
  std::string backend; ///< "interp" or "command"
  std::string command; ///< --backend=command: run through /bin/sh with the arguments appended
  double timeoutSeconds = 60; ///< per recipe run
  size_t maxMismatches = 10;  ///< differences printed per recipe
  bool keepRequests = false;  ///< keep the ranges files (printed at the end)
};

/// Runs the file's cases; prints per recipe pass / fail counts and its first
/// differences to `out`, problems with the file or the command to `errors`.
/// Returns 0 when every case passed, 1 on a failed case, an unreadable file
/// or a command that could not answer.
int runCalibrationSuite(const std::string &path, const CalibrationRunOptions &options,
                        std::ostream &out, std::ostream &errors);

} // namespace qi::conform

#endif
