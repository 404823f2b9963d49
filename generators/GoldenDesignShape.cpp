//===- GoldenDesignShape.cpp - The smallest shape for a design row ---------===//
//
// Spec: docs/vendor-guide.md, "Coverage classes"; docs/golden-format.md,
// "Tiled cases", "Expected rejections". A search over small shapes (every
// dimension 0, 1, 2, 3, 4 or 9; squares up to 256), smallest element count
// first, and every role the type can give their dimensions: the per-axis
// channel axis, the sub-channel blocked dimensions with block 1, a proper
// divisor or the whole dimension. For the size bands from 256 elements on,
// an outer dimension the parameters do not vary along is scaled up and the
// case tiled with a period that is a multiple of the parameters' period
// (at most 32; a longer parameter pattern is listed whole, up to 1,024
// elements). Rejections as rejectionCases() makes them: a channel dimension
// of another size than the scales, a blocked dimension beyond the rank, a
// scale tensor of another extent, a sub-channel type on an unranked tensor.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenDesignShape.h"

#include "interpreter/quant/ParameterMap.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <mutex>

namespace qi::generators::design {

using quant::QuantType;
using Granularity = QuantType::Granularity;

namespace {

/// [lo, hi] of a size band.
std::pair<int64_t, int64_t> bandRange(const std::string &band) {
  if (band == "0") return {0, 0};
  if (band == "1") return {1, 1};
  if (band == "2-255") return {2, 255};
  if (band == "256-1023") return {256, 1023};
  if (band == "1024-4095") return {1024, 4095};
  if (band == "4096-65535") return {4096, 65535};
  return {65536, INT64_MAX};
}

bool inClass(const std::string &cls, int64_t n) {
  if (cls == "1" || cls == "2" || cls == "3")
    return n == std::stoll(cls);
  if (cls == "4-8")
    return n >= 4 && n <= 8;
  return cls == ">8" && n > 8;
}

bool hasTrait(const Shape &s, const std::string &t) {
  const bool one = std::count(s.begin(), s.end(), 1) > 0, zero = std::count(s.begin(), s.end(), 0) > 0;
  const bool square = s.size() >= 2 && std::all_of(s.begin(), s.end(), [&](int64_t d) { return d == s[0]; });
  const bool batch1 = !s.empty() && s[0] == 1;
  if (t == "size-1") return one;
  if (t == "square") return square;
  if (t == "batch-1") return batch1;
  if (t == "empty") return zero;
  return !one && !zero && !square && !batch1;
}

/// Positions ("first", "middle", "last", "beyond") of dimension d in rank r.
bool atPosition(int64_t d, size_t r, const std::string &pos) {
  if (d < 0 || size_t(d) >= r)
    return pos == "beyond";
  if (pos == "first") return d == 0;
  if (pos == "last") return size_t(d) + 1 == r;
  return pos == "middle" && d > 0 && size_t(d) + 1 < r;
}


Structure withShape(const Shape &s) {
  Structure st;
  st.shape = s;
  return st;
}

/// Periods L <= 32 at most; beyond that (a parameter pattern longer than 32
/// elements) a case of 256 or more elements is listed whole, up to this many.
constexpr int64_t kMaxUntiled = 1024;

/// A period that is a multiple of the parameters' period `pp` (flat index),
/// at most 32 and not a power of two where there is a choice, so that each
/// value meets every vector lane and chunk boundary; 0 when pp > 32.
int64_t periodFor(int64_t pp, int64_t n) {
  if (pp > 32)
    return 0;
  if (pp == 1)
    return std::min<int64_t>(29, n - 1);
  int64_t k = 32 / pp;
  if (k > 1 && ((pp * k) & (pp * k - 1)) == 0)
    --k;
  return pp * k;
}

class ShapeSearch {
public:
  explicit ShapeSearch(const Want &w) : w_(w) {}

  std::optional<Structure> run() {
    const auto [lo, hi] = bandRange(w_.size);
    const size_t r = size_t(w_.rank);
    if (r == 0) // scalar, 0-d, or an unranked value of runtime rank 0
      return tryShape({});
    std::vector<Shape> shapes;
    const std::vector<int64_t> dims{0, 1, 2, 3, 4, 9};
    Shape s(r, 0);
    std::function<void(size_t)> gen = [&](size_t k) {
      if (k == r) {
        shapes.push_back(s);
        return;
      }
      for (int64_t d : dims) {
        s[k] = d;
        gen(k + 1);
      }
    };
    gen(0);
    // Squares beyond the small dimensions: k^r in the band.
    for (int64_t k = 5; k <= 256; ++k) {
      double n = std::pow(double(k), double(r));
      if (k != 9 && n >= double(lo) && n <= double(std::min<int64_t>(hi, 1 << 24)))
        shapes.push_back(Shape(r, k));
    }
    std::stable_sort(shapes.begin(), shapes.end(), [](const Shape &a, const Shape &b) {
      return numElements(a) < numElements(b);
    });
    std::optional<Structure> best;
    for (const Shape &base : shapes) {
      const int64_t n = numElements(base);
      if (best && std::max<int64_t>(n, 1) >= best->listed && lo < 256)
        break; // ascending: no later base lists fewer
      // Cheap necessary conditions first: a small band holds the base, a
      // large one is reached by scaling a dimension of 2 or more (which
      // keeps a trait other than square, and loses square).
      if (lo < 256 ? (n < lo || n > hi) : n == 0)
        continue;
      if (lo >= 256 && w_.traits == "square" ? (n < lo || !hasTrait(base, "square"))
                                             : !hasTrait(base, w_.traits))
        continue;
      if (std::optional<Structure> st = tryShape(base))
        if (!best || st->listed < best->listed)
          best = st;
      if (best && lo >= 256 && best->listed <= 32)
        break;
    }
    return best;
  }

private:
  /// Every role assignment on `base` (and, for the large bands, a scaled-up
  /// outer dimension); the cheapest that fits.
  std::optional<Structure> tryShape(const Shape &base) {
    std::optional<Structure> best;
    auto consider = [&](Structure st, const std::vector<bool> &role, int64_t firstVarying) {
      for (std::optional<Structure> &c : scaled(std::move(st), role, firstVarying))
        if (c && fits(*c) && (!best || c->listed < best->listed))
          best = std::move(c);
    };
    const size_t r = base.size();
    if (w_.gran == Granularity::PerLayer) {
      consider(withShape(base), std::vector<bool>(r, false), -1);
      return best;
    }
    if (w_.gran == Granularity::PerAxis) {
      for (int32_t a = 0; a <= int32_t(r); ++a) {
        if (!atPosition(a, r, w_.axis))
          continue;
        std::vector<bool> role(r, false);
        if (size_t(a) < r)
          role[size_t(a)] = true;
        std::vector<int64_t> counts;
        if (!w_.reject)
          counts = {size_t(a) < r ? base[size_t(a)] : 0};
        else
          for (int64_t c : {1, 2, 3, 4, 9})
            counts.push_back(c);
        for (int64_t c : counts) {
          if (!inClass(w_.channels, c))
            continue;
          Structure st = withShape(base);
          st.axis = a;
          st.scales = c;
          const bool varies = !w_.reject && c > 1;
          consider(st, role, varies ? a : -1);
        }
      }
      return best;
    }
    subChannel(base, consider);
    return best;
  }

  template <typename Consider> void subChannel(const Shape &base, Consider &consider) {
    const size_t r = base.size();
    const int n = w_.blockedDims;
    // Blocked dimensions: n of 0 .. r (r: beyond the rank), ascending.
    std::vector<int32_t> dims;
    std::function<void(int32_t)> pick = [&](int32_t from) {
      if (int(dims.size()) == n) {
        bool pos = std::any_of(dims.begin(), dims.end(),
                               [&](int32_t d) { return atPosition(d, r, w_.axis); });
        if (pos)
          blockChoices(base, dims, consider);
        return;
      }
      for (int32_t d = from; d < int32_t(r) + n; ++d) { // r and above: beyond the rank
        dims.push_back(d);
        pick(d + 1);
        dims.pop_back();
      }
    };
    pick(0);
  }

  /// Block sizes per blocked dimension: 1, a proper divisor, the whole
  /// dimension (beyond the rank: 2); the scale tensor as the shape asks
  /// (a rejection: one extent one larger, when the shape is not rejected
  /// anyway).
  template <typename Consider>
  void blockChoices(const Shape &base, const std::vector<int32_t> &dims, Consider &consider) {
    const size_t r = base.size();
    std::vector<std::vector<int64_t>> options;
    for (int32_t d : dims) {
      if (size_t(d) >= r) {
        options.push_back({2});
        continue;
      }
      int64_t size = base[size_t(d)];
      std::vector<int64_t> o{1};
      for (int64_t b = 2; b < size; ++b)
        if (size % b == 0) {
          o.push_back(b);
          break;
        }
      if (size > 1)
        o.push_back(size);
      options.push_back(o);
    }
    std::vector<int64_t> choice(dims.size());
    std::function<void(size_t)> go = [&](size_t k) {
      if (k < dims.size()) {
        for (int64_t b : options[k]) {
          choice[k] = b;
          go(k + 1);
        }
        return;
      }
      Structure st = withShape(base);
      const size_t pr = std::max<size_t>(r, size_t(dims.back()) + 1);
      st.parameterShape.assign(pr, 1);
      std::vector<bool> role(r, false);
      int64_t firstVarying = -1;
      for (size_t k2 = 0; k2 < dims.size(); ++k2) {
        int32_t d = dims[k2];
        st.blocks.push_back({d, choice[k2]});
        if (size_t(d) >= r)
          continue;
        role[size_t(d)] = true;
        st.parameterShape[size_t(d)] = std::max<int64_t>(1, base[size_t(d)] / choice[k2]);
        // (a rejection whose shape quant-interp accepts, an unranked one,
        // still gets its inputs per parameter: its period counts too)
        if (st.parameterShape[size_t(d)] > 1 && (firstVarying < 0 || d < firstVarying))
          firstVarying = d;
      }
      auto count = [&] {
        st.scales = numElements(st.parameterShape);
        return st;
      };
      consider(count(), role, firstVarying);
      if (w_.reject)
        for (size_t j = 0; j < pr; ++j)
          for (int64_t extent : {st.parameterShape[j] + 1, int64_t(1)}) {
            if (extent == st.parameterShape[j])
              continue;
            Structure bad = st;
            bad.parameterShape[j] = extent;
            bad.scales = numElements(bad.parameterShape);
            consider(bad, role, -1);
          }
    };
    go(0);
  }

  /// `st` as is (small bands), or with an outer non-role dimension scaled up
  /// into the band (the large ones), tiled with a period that is a multiple
  /// of the parameters' period.
  std::vector<std::optional<Structure>> scaled(Structure st, const std::vector<bool> &role,
                                               int64_t firstVarying) {
    const auto [lo, hi] = bandRange(w_.size);
    std::vector<std::optional<Structure>> out;
    auto finish = [&](Structure s) -> std::optional<Structure> {
      const int64_t n = numElements(s.shape);
      if (n < lo || n > hi)
        return std::nullopt;
      if (n < 256) {
        s.listed = std::max<int64_t>(n, 1);
        return s;
      }
      int64_t pp = 1;
      if (firstVarying >= 0)
        for (size_t k = size_t(firstVarying); k < s.shape.size(); ++k)
          pp *= s.shape[k];
      s.period = periodFor(pp, n);
      if (s.period == 0 && n > kMaxUntiled)
        return std::nullopt;
      s.listed = s.period ? s.period : n;
      return s;
    };
    out.push_back(finish(st));
    const int64_t n = numElements(st.shape);
    if (lo < 256 || n == 0)
      return out;
    for (size_t j = 0; j < st.shape.size(); ++j) {
      if (role[j] || st.shape[j] < 2 || (firstVarying >= 0 && int64_t(j) >= firstVarying))
        continue;
      Structure s = st;
      const int64_t rest = n / st.shape[j];
      s.shape[j] = std::max<int64_t>(st.shape[j], (lo + rest - 1) / rest);
      out.push_back(finish(s));
    }
    return out;
  }

  /// The row's shape features, validity and block kinds on a structure.
  bool fits(const Structure &st) const {
    const Shape &s = st.shape;
    if (!hasTrait(s, w_.traits))
      return false;
    if (w_.gran != Granularity::PerLayer && !inClass(w_.channels, st.scales))
      return false;
    if (w_.gran == Granularity::SubChannel) {
      // No blocked dimension in the rank with a nonzero size: the case has
      // no block kind (a rejection); the row's is then exempt (rowMismatch).
      bool kind = false, any = false;
      for (auto [d, b] : st.blocks) {
        if (size_t(d) >= s.size() || s[size_t(d)] == 0)
          continue;
        any = true;
        int64_t size = s[size_t(d)];
        std::string k = b == 1 ? "unit" : b < size ? "partial" : b == size ? "whole" : "";
        kind |= k == w_.blockKind;
      }
      if (!kind && (any || !w_.reject))
        return false;
    }
    // Value or rejection, as quant-interp's integrity check sees the shape
    // (an unranked sub-channel type is MLIR's verifier's rejection).
    QuantType t;
    t.granularity = w_.gran;
    t.axis = st.axis;
    t.scales.resize(size_t(st.scales));
    t.blockSizes = st.blocks;
    t.parameterShape = st.parameterShape;
    std::string error;
    const bool ok = quant::ParameterMap::build(t, s, w_.kind != ShapeKind::Scalar, error).has_value();
    const bool rejected = !ok || (w_.gran == Granularity::SubChannel && w_.kind == ShapeKind::Unranked);
    return rejected == w_.reject;
  }

  const Want &w_;
};

} // namespace

/// The structure search depends on the shape features only; rows share
/// them often, so each is searched once (deterministic: the search is).
std::optional<Structure> structureFor(const Want &w) {
  static std::mutex mutex;
  static std::map<std::string, std::optional<Structure>> memo;
  const std::string key = std::to_string(int(w.gran)) + "/" + std::to_string(w.rank) + "/" + w.axis +
                          "/" + w.traits + "/" + w.channels + "/" + std::to_string(w.blockedDims) +
                          "/" + w.blockKind + "/" + std::to_string(int(w.kind)) + "/" +
                          (w.reject ? "r" : "v") + "/" + w.size;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = memo.find(key);
    if (it != memo.end())
      return it->second;
  }
  std::optional<Structure> st = ShapeSearch(w).run();
  std::lock_guard<std::mutex> lock(mutex);
  return memo.emplace(key, std::move(st)).first->second;
}


} // namespace qi::generators::design
