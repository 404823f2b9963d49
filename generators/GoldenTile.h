//===- GoldenTile.h - Tiled qcast / dcast / rescale cases -------*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Tiled cases"), quant-interp-golden/2. A
// qcast, dcast or rescale case with CaseParams::period == L > 0 holds N
// elements in memory, element i equal to element i % L in the input (values
// and classes) and in every expected output (values, the poison set and a
// rescale case's allowed intervals); its
// file lists the first L elements only. The writer checks the in-memory
// case really is periodic (a generator bug must not write a wrong file),
// the reader expands the listed elements back to N (GoldenReader.cpp).
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
/// but `c` is not a tiled case: the op is not qcast / dcast / rescale, L is not in
/// [1, N), or some vector breaks the period (the message names the vector
/// and the first index i whose element differs from element i % L).
/// Does nothing for period 0.
void checkTiled(const GoldenCase &c);

/// The elements a case's file lists: L for a tiled case, else every one
/// (numOutputs()).
size_t listedElements(const GoldenCase &c);
/// The same from a qcast / dcast / rescale case's parameters alone (before its inputs
/// are made): L for a tiled case, else the runtime shape's element count.
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

/// Expands a tiled case as read from its file (the input, classes and
/// expected outputs hold the first L elements, poison and interval indices
/// < L) to `n` elements: element i becomes element i % L, and i is poison
/// (has an allowed interval) iff i % L is (has the same one).
void expandTiled(GoldenCase &c, size_t n);

} // namespace qi::generators

#endif
