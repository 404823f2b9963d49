//===- GoldenLevels.h - The levels and how their cases are made -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Levels", "Exhaustive f32 sweep", "Input
// classes"). Which case parameters each level holds (GoldenLevels.cpp), and
// the assembly of a case from its parameters: edge values interleaved with
// seeded random inputs, then the expected outputs (GoldenBuild.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENLEVELS_H
#define QI_GENERATORS_GOLDENLEVELS_H

#include "generators/GoldenCase.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

enum class Level { Smoke, Full, Exhaustive };

/// `smoke`, `full`, `exhaustive`; parseLevel returns nullopt for any other text.
std::string_view levelName(Level level);
std::optional<Level> parseLevel(std::string_view name);

/// The case parameters of a level (order: the manifest's order). For the
/// exhaustive level this holds all 65,560 cases' parameters; prefer
/// forEachLevelCase there.
std::vector<CaseParams> levelCases(Level level);
/// Calls `visit` with the parameters of every case of `level`, in order, one
/// at a time: the exhaustive level's 65,536 f32 chunks are made on the fly
/// (then come its 20 rescale sweeps), so a caller that builds, writes and
/// drops each case streams in constant memory. Stops when `visit` returns
/// false.
void forEachLevelCase(Level level, const std::function<bool(const CaseParams &)> &visit);
/// The number of cases forEachLevelCase visits.
size_t levelCaseCount(Level level);

/// Elements per chunk of the exhaustive f32 cases (2^16).
inline constexpr int64_t kExhaustiveChunkElements = int64_t(1) << 16;
/// The variant of chunk `k` of an exhaustive 32-bit sweep: `chunk` and 4
/// lower-case hex digits (`chunk00ff`); its inputs are the bit patterns
/// k * 2^16 ... k * 2^16 + 2^16 - 1.
std::string exhaustiveChunkVariant(uint64_t k);
/// k for an exhaustive chunk variant, nullopt for any other variant.
std::optional<uint64_t> exhaustiveChunkIndex(std::string_view variant);

/// Builds the inputs of a case (edge values interleaved with seeded random
/// ones, from the case seed of GoldenIds.h) and its expected outputs under
/// `profiles` (GoldenExpected.h) or, for a rescale case, under `recipes`
/// (GoldenRescale.h; null: every recipe); a rejection case gets
/// quant-interp's rejection instead (GoldenRun.h).
GoldenCase buildCase(const CaseParams &params, Level level, uint64_t suiteSeed,
                     const std::vector<std::string> &profiles,
                     const std::vector<std::string> *recipes = nullptr);

} // namespace qi::generators

#endif
