//===- GoldenLevelParts.h - The op families' parts of the levels -*- C++ -*-===//
//
// Spec: docs/golden-format.md, "Levels". GoldenLevels.cpp holds the qcast /
// dcast parameter sets and appends these: the rescale cases
// (GoldenRescaleLevels.cpp), the contraction cases
// (GoldenContractionLevels.cpp) and the elementwise cases
// (GoldenElementwiseLevels.cpp), each in its own file.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENLEVELPARTS_H
#define QI_GENERATORS_GOLDENLEVELPARTS_H

#include "generators/GoldenCase.h"

#include <vector>

namespace qi::generators {

std::vector<CaseParams> rescaleSmokeCases();
std::vector<CaseParams> rescaleFullCases();
/// The exhaustive level's 20 rescale sweeps (after its f32 chunks).
std::vector<CaseParams> rescaleExhaustiveCases();

/// Contraction cases (docs/golden-format.md, "Contraction cases"): smoke
/// is a minimal discriminating set, full adds breadth.
std::vector<CaseParams> contractionSmokeCases();
std::vector<CaseParams> contractionFullCases();

/// Elementwise cases (docs/golden-format.md, "Elementwise cases"): smoke
/// is a minimal discriminating set, full adds breadth.
std::vector<CaseParams> elementwiseSmokeCases();
std::vector<CaseParams> elementwiseFullCases();

} // namespace qi::generators

#endif
