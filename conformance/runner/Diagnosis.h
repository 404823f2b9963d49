//===- Diagnosis.h - Which known semantics a backend implements -*- C++ -*-===//
//
// Spec: docs/vendor-guide.md ("Diagnosis"). A failing case is re-evaluated
// under every profile and every profile with one knob changed (rounding,
// arithmetic rounding, NaN and overflow policy) — a failing rescale case
// under every requantize recipe; the variants that reproduce the backend's
// outputs exactly name what the backend does instead.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_DIAGNOSIS_H
#define QI_CONFORMANCE_DIAGNOSIS_H

#include "conformance/runner/Backend.h"
#include "conformance/runner/RunReport.h"

#include "interpreter/quant/Semantics.h"

namespace qi::conform {

struct SemanticsVariant {
  std::string name;        ///< "tflite-reference", "reference --rounding=toward-zero"
  quant::Semantics semantics;
  bool isProfile = false;  ///< a named profile as it is (listed before knob variants)
};

/// Every profile, then every profile with one knob set to another value.
const std::vector<SemanticsVariant> &semanticsVariants();

/// The variants that reproduce `out` on `c`: exact matches first (fewest
/// don't-care elements used, named profiles before knob variants), at most
/// `keep`; if none is exact, the best `keep` partial matches.
std::vector<DiagnosisMatch> diagnose(const generators::GoldenCase &c, const BackendOutput &out,
                                     size_t keep = 5);

} // namespace qi::conform

#endif
