//===- GoldenTile.cpp - Tiled cases -----------------------------------------===//
//
// Spec: docs/golden-format.md ("Tiled cases").
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenTile.h"

#include "generators/GoldenElementwise.h"
#include "generators/GoldenTosaOp.h"

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

std::string shapeText(const Shape &s) {
  std::string out = "[";
  for (size_t d = 0; d < s.size(); ++d)
    out += (d ? ", " : "") + std::to_string(s[d]);
  return out + "]";
}

bool allEqual(const std::vector<int64_t> &v, int64_t x) {
  return std::all_of(v.begin(), v.end(), [&](int64_t e) { return e == x; });
}

/// A contraction's window is one element: 1x1 kernel, stride 1, no padding
/// (TRANSPOSE_CONV2D: no out_pad). Dilation does not matter for a 1x1 kernel.
bool oneElementWindow(const TosaOpParams &k) {
  const bool flat = allEqual(k.stride, 1) && allEqual(k.pad, 0);
  switch (k.kind) {
  case TosaOpKind::MatMul: return true; // the output's shape being the input's: W == C
  case TosaOpKind::Conv2d:
  case TosaOpKind::TransposeConv2d: // weight [OC, KH, KW, IC]
    return flat && k.weightShape.size() == 4 && k.weightShape[1] == 1 && k.weightShape[2] == 1;
  case TosaOpKind::DepthwiseConv2d: // weight [KH, KW, C, M]
    return flat && k.weightShape.size() == 4 && k.weightShape[0] == 1 && k.weightShape[1] == 1;
  case TosaOpKind::AvgPool2d:
  case TosaOpKind::MaxPool2d: return flat && allEqual(k.kernel, 1);
  default: return false;
  }
}

} // namespace

bool tiledInput2(const CaseParams &p) {
  return p.op == Op::TosaOp && p.period > 0 && isElementwiseKind(p.tosaOp.kind) &&
         hasInput2(p.tosaOp.kind) && p.tosaOp.input2Shape == p.shape;
}

std::string tosaTileProblem(const CaseParams &p, int64_t period) {
  const TosaOpParams &k = p.tosaOp;
  Shape out;
  try {
    out = tosaOpOutputShape(p);
  } catch (const std::logic_error &) {
    return "no output shape derives from the parameters";
  }
  if (out != p.shape)
    return "the output's shape " + shapeText(out) + " is not the input's " + shapeText(p.shape) +
           ": a tiled TOSA operator's output element i stands for input element i";
  if (isContractionKind(k.kind)) {
    if (p.shape.empty() || p.shape[0] != 1)
      return "a tiled contraction has batch 1";
    if (!oneElementWindow(k))
      return "the window is not one element: a tiled contraction has a 1x1 kernel, stride 1 "
             "and no padding";
    const int64_t channels = p.shape.back();
    if (channels < 1 || period % channels != 0)
      return "the period " + std::to_string(period) + " is not a multiple of the channel count " +
             std::to_string(channels);
    return "";
  }
  if (!hasInput2(k.kind) || k.input2Shape == p.shape)
    return "";
  // input2 listed whole: [1, ..., 1] then the input's last dimensions, so
  // that output element i reads input2 element i % (its element count).
  const Shape &b = k.input2Shape;
  if (b.size() != p.shape.size())
    return "input2's rank is not the input's";
  size_t first = b.size(); // the first of the trailing dimensions input2 shares
  while (first > 0 && b[first - 1] == p.shape[first - 1])
    --first;
  for (size_t d = 0; d < first; ++d)
    if (b[d] != 1)
      return "input2's shape " + shapeText(b) + " is neither the input's nor [1, ..., 1] followed "
             "by the input's last dimensions";
  const int64_t n2 = numElements(b);
  if (n2 < 1 || period % n2 != 0)
    return "the period " + std::to_string(period) + " is not a multiple of input2's " +
           std::to_string(n2) + " elements (input2 is listed whole)";
  return "";
}

void checkTiled(const GoldenCase &c) {
  const int64_t period = c.params.period;
  if (period == 0)
    return;
  // N: the input's elements (a tiled TOSA operator's output has as many).
  const size_t n = c.isTosaOp() ? size_t(numElements(c.params.shape)) : c.numOutputs();
  if (period < 1 || size_t(period) >= n)
    broken(c, "the period must lie in [1, N) for N = " + std::to_string(n) + " elements");
  if (c.isTosaOp())
    if (std::string problem = tosaTileProblem(c.params, period); !problem.empty())
      broken(c, problem);
  if (c.params.op == Op::QCast)
    checkVector(c, c.inputFloats, n, "input");
  else
    checkVector(c, c.inputStored, n, "input");
  checkVector(c, c.inputClasses, n, "input classes");
  if (tiledInput2(c.params))
    checkVector(c, c.input2Stored, n, "input2");
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

void repeatTiledInputs(GoldenCase &c) {
  const int64_t period = c.params.period;
  if (period == 0)
    return;
  auto check = [&](size_t size, const char *what) {
    if (size != size_t(period))
      throw std::logic_error("golden case " + c.id + ": the generator made " +
                             std::to_string(size) + " " + what + " elements for the period " +
                             std::to_string(period));
  };
  const size_t n = size_t(numElements(c.params.shape));
  if (c.params.op == Op::QCast) {
    check(c.inputFloats.size(), "input");
    expand(c.inputFloats, n);
  } else {
    check(c.inputStored.size(), "input");
    expand(c.inputStored, n);
  }
  check(c.inputClasses.size(), "input class");
  expand(c.inputClasses, n);
  if (tiledInput2(c.params)) {
    check(c.input2Stored.size(), "input2");
    expand(c.input2Stored, n);
  }
}

void expandTiled(GoldenCase &c, size_t n) {
  expand(c.inputFloats, n);
  expand(c.inputStored, n);
  expand(c.inputClasses, n);
  if (tiledInput2(c.params))
    expand(c.input2Stored, n);
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
