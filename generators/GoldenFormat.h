//===- GoldenFormat.h - quant-interp-golden files: write, read, check -*- C++ -*-===//
//
// Spec: docs/golden-format.md; schema: golden/v2/schema.json (/1:
// golden/v2/schema.json). One case per JSON file (cases/<id>.json) and a
// manifest.json listing the cases with their tags and the counts per
// category. The writer writes quant-interp-golden/2; the reader reads /1 and
// /2. The reader is strict: the schema is closed (unknown keys are errors,
// and so are /2's keys in a /1 file), the version must be exactly one of the
// two, and every derived field (ID, category, tags, the
// MLIR type and program text, the decimal beside each hex float) must agree
// with the parameters, so a hand-edited or corrupt file is reported, not
// silently used. A rescale case (tags.op "rescale") has its own closed keys
// (docs/golden-format.md, "Rescale cases"); a value case must hold no
// element whose REQUIRE fails and no ERROR_IF (GoldenRescale.h).
//
// This header includes no LLVM header; the implementation uses
// llvm/Support/JSON.h for parsing.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENFORMAT_H
#define QI_GENERATORS_GOLDENFORMAT_H

#include "generators/GoldenCase.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

/// The format identifiers. /2 adds tiled cases (`input.period`,
/// GoldenTile.h) and the manifest's `listed` and `coverage`; everything else
/// reads and writes as in /1.
inline constexpr std::string_view kFormatVersion1 = "quant-interp-golden/1";
inline constexpr std::string_view kFormatVersion2 = "quant-interp-golden/2";
/// The version the writer writes in every case and manifest.
inline constexpr std::string_view kFormatVersion = kFormatVersion2;
/// The versions the reader accepts, for messages: "quant-interp-golden/1 and
/// quant-interp-golden/2".
std::string readableVersions();

/// The distinct input classes of a case, sorted (its `classes` tag).
std::vector<std::string> classSet(const GoldenCase &c);
/// The profiles a case has expected outputs for, in case order.
std::vector<std::string> profileNamesOf(const GoldenCase &c);

/// The case as JSON text: pretty (one value per line, for the checked-in
/// suite) or compact (one line, for streaming JSON Lines to stdout), in
/// quant-interp-golden/2. A tiled case (period > 0) lists its first L
/// elements; it must really be periodic, else std::logic_error naming the
/// case and the first index that breaks the period (checkTiled).
std::string caseToJson(const GoldenCase &c, bool compact = false);
/// The same in `format` (kFormatVersion1 or kFormatVersion2): /1 writes a
/// case read from a /1 file back to its exact text; a tiled case has no /1
/// form (std::logic_error).
std::string caseToJson(const GoldenCase &c, bool compact, std::string_view format);

/// Parses and validates a case file's text. On failure returns false and
/// sets `error` to "WHERE: PROBLEM" (WHERE is a JSON path such as
/// /input/values/3). An expected-rejection case comes back with
/// `rejection` set and no expected outputs (its consistency with the
/// parameters checked, see rejectionMatchesParams in GoldenRun.h; running the
/// program is verifyRejection's job). A tiled case comes back expanded to
/// all N elements, with params.period = L.
bool caseFromJson(const std::string &text, GoldenCase &out, std::string &error);

/// One manifest row.
struct ManifestEntry {
  std::string id, file, category;
  size_t elements = 0; ///< the case's elements at run time (numOutputs())
  /// The elements its file lists: L for a tiled case, else `elements`
  /// (`listed`, /2; a /1 row reads as `elements`).
  size_t listed = 0;
};

struct Manifest {
  std::string format; ///< the version read (kFormatVersion1 or kFormatVersion2)
  std::string level;
  uint64_t seed = 0;
  std::vector<std::string> profiles; ///< of the qcast / dcast cases
  /// Of the rescale cases ("recipes"; absent in manifests written before
  /// rescale cases existed: then empty).
  std::vector<std::string> recipes;
  std::vector<ManifestEntry> cases;
  /// /2's optional `coverage` object (computed elsewhere, GoldenCoverage.h):
  /// its JSON text as ManifestBuilder::setCoverage writes it, "" when absent.
  std::string coverageJson;
};

/// Accumulates the manifest while cases are written.
class ManifestBuilder {
public:
  ManifestBuilder(std::string level, uint64_t seed, std::vector<std::string> profiles,
                  std::vector<std::string> recipes)
      : level_(std::move(level)), seed_(seed), profiles_(std::move(profiles)),
        recipes_(std::move(recipes)) {}
  void add(const GoldenCase &c, const std::string &file);
  /// The manifest's `coverage` (any JSON object; "" for none), written in
  /// the manifest's layout: one member per line, keys sorted, arrays of
  /// numbers and strings on one line. So reading a manifest and setting its
  /// coverageJson again writes the same text. std::invalid_argument if
  /// `json` is not a JSON object.
  void setCoverage(std::string json);
  std::string toJson() const;

private:
  struct Row {
    ManifestEntry entry;
    std::string tagsJson;
  };
  std::string level_;
  uint64_t seed_;
  std::vector<std::string> profiles_;
  std::vector<std::string> recipes_;
  std::vector<Row> rows_;
  std::string coverage_; ///< pretty, at the manifest's first level
  size_t elements_ = 0;
  std::map<std::string, std::map<std::string, size_t>> counts_;
};

bool manifestFromJson(const std::string &text, Manifest &out, std::string &error);

/// Reads `dir`/manifest.json and every case it lists, validating each (every
/// case that is not an expected rejection lists the manifest's profiles, or
/// for a rescale case its recipes). On failure `error` names the file and
/// the problem.
bool loadSuite(const std::string &dir, Manifest &manifest, std::vector<GoldenCase> &cases,
               std::string &error);

/// Reads a whole file; false with `error` = the OS reason.
bool readFile(const std::string &path, std::string &text, std::string &error);

} // namespace qi::generators

#endif
