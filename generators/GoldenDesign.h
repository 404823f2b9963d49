//===- GoldenDesign.h - Cases from a covering design ------------*- C++ -*-===//
//
// Spec: docs/vendor-guide.md, "Coverage classes"; docs/golden-format.md,
// "Levels", "Tiled cases". The full level's qcast / dcast and rescale
// detection parts as combinatorial covering designs over their coverage
// models (GoldenCoverageFeatures.cpp): a deterministic greedy covering array
// (AETG-style: each row starts from an uncovered combination and adds, one
// feature at a time, the value that covers most new combinations, kept
// feasible by the model's rules) over every feasible value pair and every
// feasible combination of the model's declared triples
// (GoldenDesign.cpp); and per model a realizer that turns a row into the
// smallest case whose features, as caseFeatures reads them, hold the row's
// values (qcast / dcast: GoldenDesignRealize.cpp; rescale:
// GoldenDesignRescale.cpp). A row no case realizes is never emitted; the
// combinations left uncovered that way are reported (DesignResult::unrealized).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENDESIGN_H
#define QI_GENERATORS_GOLDENDESIGN_H

#include "generators/GoldenCase.h"
#include "generators/GoldenTile.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qi::generators {

/// The models a design covers (coverageModels() order).
enum class DesignModel { Cast, Rescale };

/// One row of the design: a value index per feature of its model
/// (coverageModels()[0] qcast / dcast, [1] rescale; feature order), and
/// its case.
struct DesignRow {
  std::vector<size_t> values;
  CaseParams params;
};

struct DesignResult {
  std::vector<DesignRow> rows;
  /// Feasible combinations (pairs, then declared triples) no realizable row
  /// was found for: "f=a & g=b" texts. Empty for a complete design.
  std::vector<std::string> unrealized;
};

/// The design over a model: strength 2 covers every feasible value pair
/// and every feasible combination of the declared triples; strength 1
/// every feasible value. Same (model, strength, seed), same rows. Throws
/// std::invalid_argument for another strength.
DesignResult designRows(DesignModel model, int strength, uint64_t seed);
/// The cases of designRows, in row order.
std::vector<CaseParams> designCases(DesignModel model, int strength, uint64_t seed);
/// The qcast / dcast model's (DesignModel::Cast).
DesignResult designRows(int strength, uint64_t seed);
std::vector<CaseParams> designCases(int strength, uint64_t seed);

/// The smallest case realizing `row` (see DesignRow), or nullopt when the
/// realizer finds none. `salt` picks among equivalent choices (the member
/// of an expressed family, an odd storage width) so that rows differ.
std::optional<CaseParams> realizeRow(const std::vector<size_t> &row, uint64_t salt);
/// The same for a row of the rescale model: a tosa.rescale case whose
/// features hold the row's values; `salt` picks the multipliers, shifts,
/// zero points and the kind of rejection. Tensors of 256 elements and more
/// are tiled (docs/golden-format.md, "Tiled cases").
std::optional<CaseParams> realizeRescaleRow(const std::vector<size_t> &row, uint64_t salt);

/// Empty when the features caseFeatures reads off `p` hold the row's value
/// of every feature (a multi-valued feature: among the case's values), else
/// the first feature that does not: "traits: row square, case plain size-1".
/// A rescale case's row is of the rescale model, any other's of qcast / dcast.
std::string rowMismatch(const std::vector<size_t> &row, const CaseParams &p);

// listedElementCount (the elements a case's file lists): GoldenTile.h.

} // namespace qi::generators

#endif
