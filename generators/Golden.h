//===- Golden.h - Transitional umbrella of the golden headers ---*- C++ -*-===//
//
// Not for new code: include what you use instead --
//   generators/GoldenCase.h      the case model and the names of its enums
//   generators/GoldenProgram.h   a case's MLIR type and program text
//   generators/GoldenIds.h       case IDs, categories, tags, seeds, FNV-1a
//   generators/GoldenLevels.h    the levels, their cases, buildCase
//   generators/GoldenExpected.h  --profiles lists and the expected outputs
//   generators/FloatText.h       hex bit patterns and decimals
//   generators/GoldenFormat.h    the quant-interp-golden/1 files
//
// Kept only while generators/GoldenRun.h and
// interpreter/bench/GoldenGenerationBench.cpp still include it; remove it
// once they include the headers above.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDEN_H
#define QI_GENERATORS_GOLDEN_H

#include "generators/FloatText.h"
#include "generators/GoldenCase.h"
#include "generators/GoldenExpected.h"
#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenProgram.h"

#endif
