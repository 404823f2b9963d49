//===- GoldenTile.cpp - Tiled qcast / dcast / rescale cases ----------------===//
//
// Spec: docs/golden-format.md ("Tiled cases").
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenTile.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace qi::generators {

namespace {

[[noreturn]] void broken(const GoldenCase &c, const std::string &problem) {
  throw std::logic_error("tiled case " + c.id + " (period " + std::to_string(c.params.period) +
                         "): " + problem);
}

/// The first i with v[i] != v[i % L], or -1.
template <typename T> int64_t firstBreak(const std::vector<T> &v, size_t period) {
  for (size_t i = period; i < v.size(); ++i)
    if (!(v[i] == v[i % period]))
      return int64_t(i);
  return -1;
}

template <typename T>
void checkVector(const GoldenCase &c, const std::vector<T> &v, size_t n, const std::string &what) {
  const size_t period = size_t(c.params.period);
  if (v.size() != n)
    broken(c,
           what + " has " + std::to_string(v.size()) + " elements, expected " + std::to_string(n));
  if (int64_t i = firstBreak(v, period); i >= 0)
    broken(c, what + " element " + std::to_string(i) + " differs from element " +
                  std::to_string(size_t(i) % period));
}

std::vector<bool> poisonFlags(const std::vector<int64_t> &poison, size_t n) {
  std::vector<bool> flags(n, false);
  for (int64_t i : poison)
    if (i >= 0 && size_t(i) < n)
      flags[size_t(i)] = true;
  return flags;
}

/// Per element: its allowed interval (lo, hi), or (1, 0) for none (rescale
/// INEXACT_ROUND under `tosa`: [rescale.inexact]).
std::vector<std::pair<int64_t, int64_t>> intervalTable(const std::vector<AllowedInterval> &intervals,
                                                       size_t n) {
  std::vector<std::pair<int64_t, int64_t>> table(n, {1, 0});
  for (const AllowedInterval &iv : intervals)
    if (iv.index >= 0 && size_t(iv.index) < n)
      table[size_t(iv.index)] = {iv.lo, iv.hi};
  return table;
}

bool isTileable(Op op) { return op == Op::QCast || op == Op::DCast || op == Op::Rescale; }

} // namespace

void checkTiled(const GoldenCase &c) {
  const int64_t period = c.params.period;
  if (period == 0)
    return;
  if (!isTileable(c.params.op))
    broken(c, "only qcast, dcast and rescale cases are tiled");
  const size_t n = c.numOutputs();
  if (period < 1 || size_t(period) >= n)
    broken(c, "the period must lie in [1, N) for N = " + std::to_string(n) + " elements");
  if (c.params.op == Op::QCast)
    checkVector(c, c.inputFloats, n, "input");
  else
    checkVector(c, c.inputStored, n, "input");
  checkVector(c, c.inputClasses, n, "input classes");
  for (size_t k = 0; k < c.expected.size(); ++k) {
    const ExpectedOutput &e = c.expected[k];
    const std::string what = "expected[" + std::to_string(k) + "] (" + e.profile + ")";
    if (c.params.op == Op::DCast)
      checkVector(c, e.floats, n, what + " values");
    else
      checkVector(c, e.stored, n, what + " values");
    for (int64_t i : e.poison)
      if (i < 0 || size_t(i) >= n)
        broken(c, what + " poison index " + std::to_string(i) + " is not an element");
    checkVector(c, poisonFlags(e.poison, n), n, what + " poison set");
    for (const AllowedInterval &iv : e.intervals)
      if (iv.index < 0 || size_t(iv.index) >= n)
        broken(c, what + " interval index " + std::to_string(iv.index) + " is not an element");
    checkVector(c, intervalTable(e.intervals, n), n, what + " intervals");
  }
}

int64_t listedElementCount(const CaseParams &p) {
  if (p.period > 0)
    return p.period;
  return p.shapeKind == ShapeKind::Scalar ? 1 : numElements(p.shape);
}

size_t listedElements(const GoldenCase &c) {
  return c.params.period > 0 ? size_t(c.params.period) : c.numOutputs();
}

std::vector<int64_t> listedPoison(const std::vector<int64_t> &poison, size_t listed) {
  std::vector<int64_t> out;
  for (int64_t i : poison)
    if (i >= 0 && size_t(i) < listed)
      out.push_back(i);
  return out;
}

std::vector<AllowedInterval> listedIntervals(const std::vector<AllowedInterval> &intervals,
                                             size_t listed) {
  std::vector<AllowedInterval> out;
  for (const AllowedInterval &iv : intervals)
    if (iv.index >= 0 && size_t(iv.index) < listed)
      out.push_back(iv);
  return out;
}

namespace {

template <typename T> void expand(std::vector<T> &v, size_t n) {
  const size_t period = v.size();
  if (period == 0)
    return;
  v.reserve(n);
  for (size_t i = period; i < n; ++i)
    v.push_back(v[i % period]);
}

} // namespace

void expandTiled(GoldenCase &c, size_t n) {
  expand(c.inputFloats, n);
  expand(c.inputStored, n);
  expand(c.inputClasses, n);
  const size_t period = size_t(c.params.period);
  for (ExpectedOutput &e : c.expected) {
    expand(e.stored, n);
    expand(e.floats, n);
    if (!e.poison.empty()) {
      const std::vector<bool> listed = poisonFlags(e.poison, period);
      e.poison.clear();
      for (size_t i = 0; i < n; ++i)
        if (listed[i % period])
          e.poison.push_back(int64_t(i));
    }
    if (!e.intervals.empty()) {
      const std::vector<AllowedInterval> listed = e.intervals;
      e.intervals.clear();
      for (size_t base = 0; base < n; base += period)
        for (AllowedInterval iv : listed)
          if (base + size_t(iv.index) < n) {
            iv.index += int64_t(base);
            e.intervals.push_back(iv);
          }
    }
  }
}

} // namespace qi::generators
