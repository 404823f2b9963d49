//===- RunReport.h - The results of one quant-conform run -------*- C++ -*-===//
//
// Spec: docs/vendor-guide.md ("Result classes", "Reports"). The data every
// report writer (console, results.json, JUnit XML, HTML) renders; the runner
// fills it, the writers never compute anything but totals and charts.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_RUNREPORT_H
#define QI_CONFORMANCE_RUNREPORT_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::conform {

/// The class of one case's result.
enum class Outcome {
  Pass,              ///< every compared element equal (don't-care elements skipped)
  Fail,              ///< a mismatch, a valid program rejected, or an invalid one accepted
  Error,             ///< crash, timeout, unreadable output, tool failure
  Unsupported,       ///< outside the backend's capabilities (or it said so: exit 77)
  ExpectedRejection, ///< a program that must be rejected, and the backend rejected it
};
inline constexpr Outcome kAllOutcomes[] = {Outcome::Pass, Outcome::Fail, Outcome::Error,
                                           Outcome::Unsupported, Outcome::ExpectedRejection};
/// "pass", "fail", "error", "unsupported", "expected-rejection".
std::string_view outcomeName(Outcome outcome);

/// One differing element.
struct Mismatch {
  int64_t index = 0;        ///< flat row-major
  std::string input;        ///< qcast: "0x3F800000 (1.0)"; dcast: the stored integer
  std::string inputClass;   ///< the golden input class, e.g. "tie"
  std::string expected;     ///< qcast: stored integer; dcast: "0x3F800000 (1.0)"
  std::string got;          ///< same form, or "poison"
  /// qcast: got − expected (stored integers) when both are defined.
  std::optional<int64_t> storedError;
};

/// A semantics variant (profile, or profile with a knob changed; rescale: a
/// requantize recipe) held against a failing case's mismatching elements
/// ([conform.diagnosis]). A candidate explains a failure only through the
/// elements it defines: reproduced + (defined − reproduced) + undefined =
/// the case's `mismatched`.
struct DiagnosisMatch {
  std::string variant;      ///< "mlir-lower-quant-ops", "reference --rounding=toward-zero"
  std::string description;  ///< the variant's semantics line
  size_t reproduced = 0;    ///< mismatching elements it defines with the backend's value
  size_t defined = 0;       ///< mismatching elements it defines
  size_t undefined = 0;     ///< mismatching elements it leaves undefined (poison, or a NaN whose bits it relaxes)
  size_t contradicted = 0;  ///< other elements (compared equal, or don't-care) it defines otherwise than the backend
  /// Reproduces every mismatching element it defines (at least one) and contradicts none.
  bool explains() const { return defined > 0 && reproduced == defined && contradicted == 0; }
  /// Explains, and leaves none of the mismatching elements undefined.
  bool exact() const { return explains() && undefined == 0; }
  /// Defines none of the mismatching elements and contradicts none: consistent, but no evidence.
  bool notContradicted() const { return defined == 0 && contradicted == 0; }
};

struct CaseResult {
  std::string id, category, file;
  /// The case's tags: op, granularity, storage, expressed, shapeKind (as in the golden file).
  std::map<std::string, std::string> tags;
  Outcome outcome = Outcome::Error;
  /// One line: "3 of 32 elements differ", "timeout after 60 s",
  /// "outside capabilities: expressed f8E4M3FN is not claimed".
  std::string reason;
  std::string stderrTail;   ///< last lines of the backend's stderr (error / rejection)
  size_t elements = 0;      ///< output elements of the case
  size_t compared = 0;      ///< elements compared (not don't-care)
  size_t dontCare = 0;
  size_t mismatched = 0;
  std::vector<Mismatch> mismatches;                  ///< the first N (--max-mismatches)
  std::map<std::string, size_t> mismatchesByClass;   ///< input class -> differing elements (all, not only N)
  std::map<int64_t, size_t> storedErrorHistogram;    ///< qcast: got − expected -> count (all)
  /// Fail only: the first --diagnosis-candidates candidates in rank order
  /// ([conform.diagnosis]): the ones that explain the failure if any does,
  /// else the closest.
  std::vector<DiagnosisMatch> diagnosis;
  size_t diagnosisMore = 0;                          ///< candidates of the same kind not shown
  std::vector<std::string> explainedBy;              ///< every candidate that explains the failure, in rank order
  double seconds = 0;       ///< wall time of the backend on this case
};

/// The coverage classes one suite holds: its manifest's `coverage` object
/// (docs/vendor-guide.md, "Coverage classes"), read by the runner.
struct SuiteCoverage {
  std::string suite;     ///< the suite directory
  std::string level;     ///< its manifest's level
  bool recorded = false; ///< false: the manifest has no `coverage` (written before it existed)
  std::string json;      ///< the object, compact (results.json embeds it)
  struct Domain {
    std::string title;   ///< "qcast / dcast", "rescale", "TOSA operators"
    size_t cases = 0, valuesPresent = 0, values = 0;
    /// (feature, its values no case of the suite has), features in model order.
    std::vector<std::pair<std::string, std::vector<std::string>>> missingValues;
    size_t pairsCovered = 0, pairsFeasible = 0, triplesCovered = 0, triplesFeasible = 0;
  };
  std::vector<Domain> domains;
  size_t pairsCovered = 0, pairsFeasible = 0, triplesCovered = 0, triplesFeasible = 0;
};

struct RunReport {
  std::string tool = "quant-conform";
  std::string toolVersion;
  std::string commandLine;
  std::string backend;             ///< "interp", "mlir-lowering", "mlir-cpu", "command"
  std::string backendDetail;       ///< pipeline or command line of the backend
  std::string suite;               ///< suite directory as given
  std::string suiteLevel;
  std::string profile;             ///< the semantics the expected outputs come from
  std::string profileDescription;
  /// The requantize recipe rescale cases were judged by (--requantize, or the
  /// profile's), and its summary; "" in reports made before rescale cases.
  std::string requantize;
  std::string requantizeDescription;
  std::string capabilities;        ///< capability file path, "" = everything claimed
  std::string startedAt;           ///< ISO 8601 UTC
  double seconds = 0;
  bool interrupted = false;        ///< Ctrl-C: the report covers the cases finished so far
  std::vector<CaseResult> cases;   ///< in suite order
  std::vector<SuiteCoverage> coverage; ///< per suite loaded (smoke first)

  size_t count(Outcome outcome) const {
    size_t n = 0;
    for (const CaseResult &c : cases)
      n += c.outcome == outcome;
    return n;
  }
  /// For each variant, the number of failing cases it explains (every
  /// candidate in the cases' `explainedBy`, shown or not), most first, then
  /// by name (the run's diagnosis summary).
  std::vector<std::pair<std::string, size_t>> diagnosisSummary() const;
};

} // namespace qi::conform

#endif
