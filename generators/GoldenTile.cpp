//===- GoldenTile.cpp - Tiled qcast / dcast cases --------------------------===//
//
// Spec: docs/golden-format.md ("Tiled cases").
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenTile.h"

#include <stdexcept>
#include <string>

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

} // namespace

void checkTiled(const GoldenCase &c) {
  const int64_t period = c.params.period;
  if (period == 0)
    return;
  if (c.params.op != Op::QCast && c.params.op != Op::DCast)
    broken(c, "only qcast and dcast cases are tiled");
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
    if (c.params.op == Op::QCast)
      checkVector(c, e.stored, n, what + " values");
    else
      checkVector(c, e.floats, n, what + " values");
    for (int64_t i : e.poison)
      if (i < 0 || size_t(i) >= n)
        broken(c, what + " poison index " + std::to_string(i) + " is not an element");
    checkVector(c, poisonFlags(e.poison, n), n, what + " poison set");
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
    if (e.poison.empty())
      continue;
    const std::vector<bool> listed = poisonFlags(e.poison, period);
    e.poison.clear();
    for (size_t i = 0; i < n; ++i)
      if (listed[i % period])
        e.poison.push_back(int64_t(i));
  }
}

} // namespace qi::generators
