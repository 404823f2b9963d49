//===- Diagnosis.h - Which known semantics a backend implements -*- C++ -*-===//
//
// Spec: docs/vendor-guide.md ("Diagnosis"). A failing case is re-evaluated
// under every profile and every profile with one knob changed (rounding,
// arithmetic rounding, NaN and overflow policy) — a failing rescale case
// under every requantize recipe; a candidate explains a failure only through
// the mismatching elements it defines ([conform.diagnosis]).
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

/// The default of --diagnosis-candidates: candidates shown per failing case.
inline constexpr size_t kDefaultDiagnosisCandidates = 5;

/// Every candidate (variant, or recipe for a rescale case) scored against
/// the elements judgeCase counts as mismatched under `expectedName`, in rank
/// order ([conform.diagnosis]): candidates that explain the failure first,
/// then more defined mismatching elements reproduced, fewer left undefined,
/// fewer other elements contradicted, named profiles before knob variants.
std::vector<DiagnosisMatch> rankCandidates(const generators::GoldenCase &c, const BackendOutput &out,
                                           const std::string &expectedName);

/// Fills `r.diagnosis` (at most `keep` candidates: the explaining ones if
/// any, else the closest ones), `r.diagnosisMore` (those of the same kind not shown) and
/// `r.explainedBy` (every explaining candidate).
void diagnoseCase(const generators::GoldenCase &c, const BackendOutput &out,
                  const std::string &expectedName, size_t keep, CaseResult &r);

} // namespace qi::conform

#endif
