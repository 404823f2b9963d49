//===- GoldenTile.h - Tiled cases ---------------------------------*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Tiled cases"), quant-interp-golden/2. A
// qcast, dcast, rescale or TOSA operator case with CaseParams::period == L
// > 0 holds N input elements in memory, element i equal to element i % L in
// the input (values and classes), in a TOSA operator's input2 of the
// input's shape, and in every expected output (values, the poison set and a
// rescale case's allowed intervals); its file lists the first L elements
// only. A TOSA operator case is tiled only where output element i stands
// for input element i (tosaTileProblem). The writer checks the in-memory
// case really is periodic (a generator bug must not write a wrong file),
// the reader expands the listed elements back to N (GoldenReader.cpp,
// GoldenTosaOpJson.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENTILE_H
#define QI_GENERATORS_GOLDENTILE_H

#include "generators/GoldenCase.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace qi::generators {

/// Throws std::logic_error naming the case ID when c.params.period is set
/// but `c` is not a tiled case: L is not in [1, N), a TOSA operator case
/// breaks a rule of tosaTileProblem, or some vector breaks the period (the
/// message names the vector and the first index i whose element differs
/// from element i % L). Does nothing for period 0.
void checkTiled(const GoldenCase &c);

/// Why a TOSA operator case (its shapes and attributes) cannot be tiled with
/// period L, or "" when it can: output element i must stand for input
/// element i alone (up to the channels of its position), so the output has
/// the input's shape; a contraction has batch 1, a window of one element (1x1
/// kernel, stride 1, no padding) and L a multiple of the channel count C (the
/// input's last dimension); an elementwise op's input2 has the input's shape
/// (tiled with it: tiledInput2) or the shape [1, ..., 1, d_k, ..., d_r-1] of
/// the input's last dimensions, listed whole, with L a multiple of its
/// element count (output element i reads input2 element i % that count).
std::string tosaTileProblem(const CaseParams &p, int64_t period);
/// A tiled TOSA operator case whose input2 (ADD, SUB, MUL) has the input's
/// shape: input2 is tiled with the input (its file lists L elements too).
bool tiledInput2(const CaseParams &p);

/// The elements a case's file lists: L for a tiled case, else every one
/// (numOutputs()).
size_t listedElements(const GoldenCase &c);
/// The same from a case's parameters alone (before its inputs are made): L
/// for a tiled case, else the runtime shape's (the input's) element count.
int64_t listedElementCount(const CaseParams &p);

/// The first `listed` elements of a vector (the part a tiled file lists).
template <typename T> std::vector<T> firstListed(const std::vector<T> &v, size_t listed) {
  return std::vector<T>(v.begin(), v.begin() + std::ptrdiff_t(std::min(listed, v.size())));
}
/// The poison indices below `listed` (ascending in, ascending out).
std::vector<int64_t> listedPoison(const std::vector<int64_t> &poison, size_t listed);
/// The allowed intervals of the elements below `listed` (a rescale case's).
std::vector<AllowedInterval> listedIntervals(const std::vector<AllowedInterval> &intervals,
                                             size_t listed);

/// Expands a tiled case as read from its file (the input, classes, a tiled
/// input2 and the expected outputs hold the first L elements, poison and
/// interval indices < L) to `n` elements: element i becomes element i % L,
/// and i is poison (has an allowed interval) iff i % L is (has the same one).
void expandTiled(GoldenCase &c, size_t n);

/// A generator made the first L input elements (and classes, and those of a
/// TOSA operator's tiled input2): repeats them to the input's N elements. Throws
/// std::logic_error when a vector does not hold L elements. Does nothing for
/// period 0.
void repeatTiledInputs(GoldenCase &c);

} // namespace qi::generators

#endif
