//===- ContractionAccelerator.cpp - Integer MACs without the payload ------===//
//
// Spec: [fast.contraction] in spec/performance.md.
//
// Every operand index is linear in the loops, so each operand is a base and
// a flat stride per loop. The walk runs the outer loops as an odometer and
// one inner loop as a tight kernel picked by its strides: out[j] += s * x[j]
// (AXPY: matmul's j, an NHWC/HWCF convolution's output channel), a dot
// product (a reduction whose operands are contiguous), an elementwise
// multiply-add (depthwise convolution's channel) or a strided loop. The C++
// element types are templates, so the loops widen the stored integers
// exactly as extsi / extui do (int8_t -> uint32_t is sign extension modulo
// 2^32) and the compiler vectorises them.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/ContractionAccelerator.h"

#include "interpreter/value/Shape.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <type_traits>

namespace qi::fast {

namespace {

using Int128 = __int128;

/// An operand's flat index: base + sum over loops of stride * index.
struct Layout {
  int64_t base = 0;
  std::vector<int64_t> stride; ///< per loop; 0 for loops of size 1
};

/// The layout of `value` under `operand`'s map, or false if some point of
/// the iteration space indexes out of bounds or some subexpression of the
/// map could leave int64 (the reference would fail there).
bool layoutOf(const ContractionOperand &operand, const RuntimeValue &value,
              const std::vector<int64_t> &loopSize, Layout &layout) {
  const Shape &shape = value.shape();
  if (shape.size() != operand.index.size())
    return false;
  const std::vector<int64_t> strides = rowMajorStrides(shape);
  Int128 base = 0;
  std::vector<Int128> stride(loopSize.size(), 0);
  for (size_t r = 0; r < shape.size(); ++r) {
    const LinearForm &index = operand.index[r], &magnitude = operand.magnitude[r];
    // Each loop index ranges over [0, size - 1] independently: the extremes
    // of a linear form are at the corners.
    Int128 lo = index.constant, hi = index.constant, bound = magnitude.constant;
    for (size_t d = 0; d < loopSize.size(); ++d) {
      const Int128 last = loopSize[d] - 1;
      const Int128 span = Int128(index.coefficients[d]) * last;
      lo += std::min<Int128>(span, 0);
      hi += std::max<Int128>(span, 0);
      bound += Int128(magnitude.coefficients[d]) * last;
    }
    if (lo < 0 || hi >= shape[r] || bound > INT64_MAX)
      return false;
    base += Int128(strides[r]) * index.constant;
    for (size_t d = 0; d < loopSize.size(); ++d)
      if (loopSize[d] > 1) // |coefficient| < shape[r] then: no overflow
        stride[d] += Int128(strides[r]) * index.coefficients[d];
  }
  layout.base = int64_t(base);
  layout.stride.assign(stride.begin(), stride.end());
  return true;
}

/// `bits` of a `width`-bit element widened to 64 bits as `widening` says
/// (Wrap: unchanged, only its class modulo 2^N counts).
uint64_t widened(uint64_t bits, unsigned width, Widening widening) {
  if (widening != Widening::Signed || width == 64)
    return bits;
  const unsigned unused = 64 - width;
  return uint64_t(int64_t(bits << unused) >> unused);
}

/// The C++ types the kernels read elements as, numbered for dispatch.
enum TypeRank : unsigned { I8, U8, I16, U16, I32, U32, I64, U64 };

template <typename T> constexpr unsigned rankOf() {
  constexpr unsigned sizeRank = sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : 3;
  return sizeRank * 2 + (std::is_signed_v<T> ? 0 : 1);
}

/// One factor as the kernels read it.
struct Factor {
  const void *data = nullptr;
  unsigned rank = U8;
  Layout layout;
  uint64_t zeroPoint = 0; ///< widened, subtracted modulo 2^N
  /// Elements sign-extended into their container, for extsi of a width that
  /// is not 8, 16, 32 or 64 (the storage keeps the unused high bits zero).
  std::vector<uint8_t> extended;
};

/// How the kernels read `factor`'s operand; the zero point is set by the
/// caller. (A moved Factor keeps `extended`'s buffer, so `data` stays valid.)
Factor factorOf(const ContractionFactor &factor, const std::vector<const RuntimeValue *> &operands,
                Layout layout) {
  Factor f;
  const RuntimeValue &value = *operands[factor.operand];
  const unsigned width = value.elementType().bitWidth(), bytes = value.bytesPerElement();
  const bool isSigned = factor.widening == Widening::Signed;
  const unsigned sizeRank = bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : 3;
  f.rank = sizeRank * 2 + (isSigned ? 0 : 1);
  f.data = value.data();
  f.layout = std::move(layout);
  if (isSigned && width != 8 * bytes) {
    f.extended.resize(size_t(value.size()) * bytes);
    for (int64_t i = 0; i < value.size(); ++i) {
      const uint64_t bits = widened(uint64_t(value.get(i)), width, Widening::Signed);
      std::memcpy(f.extended.data() + size_t(i) * bytes, &bits, bytes); // little-endian
    }
    f.data = f.extended.data();
  }
  return f;
}

/// The inner loop's kernel, by the strides of its operands.
enum class Inner {
  AxpyA,       ///< out and a contiguous, b fixed: out[j] += a[j] * b
  AxpyB,       ///< out and b contiguous, a fixed
  Elementwise, ///< all three contiguous
  DotUnit,     ///< out fixed, a and b contiguous
  Dot,         ///< out fixed
  Strided,     ///< anything else
};

Inner innerOf(int64_t a, int64_t b, int64_t out) {
  if (out == 0)
    return a == 1 && b == 1 ? Inner::DotUnit : Inner::Dot;
  if (out == 1 && a == 1 && b == 0)
    return Inner::AxpyA;
  if (out == 1 && a == 0 && b == 1)
    return Inner::AxpyB;
  if (out == 1 && a == 1 && b == 1)
    return Inner::Elementwise;
  return Inner::Strided;
}

/// How much an inner loop of this kind gains over the others.
int scoreOf(Inner inner, int64_t out) {
  switch (inner) {
  case Inner::AxpyA:
  case Inner::AxpyB:
    return 5;
  case Inner::Elementwise:
    return 4;
  case Inner::DotUnit:
    return 3;
  case Inner::Dot:
    return 1;
  case Inner::Strided:
    return out == 1 ? 2 : 0;
  }
  return 0;
}

ContractionKernel kernelName(Inner inner) {
  switch (inner) {
  case Inner::AxpyA:
  case Inner::AxpyB:
    return ContractionKernel::Axpy;
  case Inner::Elementwise:
    return ContractionKernel::Elementwise;
  case Inner::DotUnit:
    return ContractionKernel::DotUnit;
  case Inner::Dot:
    return ContractionKernel::Dot;
  case Inner::Strided:
    break;
  }
  return ContractionKernel::Strided;
}

/// The iteration space as the kernels walk it.
struct Walk {
  std::vector<int64_t> size; ///< outer loops, outermost first
  std::vector<int64_t> strideA, strideB, strideOut;
  int64_t innerSize = 1, innerA = 0, innerB = 0, innerOut = 0;
  int64_t baseA = 0, baseB = 0, baseOut = 0;
  Inner inner = Inner::Strided;
};

Walk walkOf(const Factor &a, const Factor &b, const Layout &out,
            const std::vector<int64_t> &loopSize, ContractionForm form) {
  Walk w;
  w.baseA = a.layout.base;
  w.baseB = b.layout.base;
  w.baseOut = out.base;
  std::vector<size_t> loops;
  for (size_t d = 0; d < loopSize.size(); ++d)
    if (form == ContractionForm::Strided || loopSize[d] > 1) // size 1 adds nothing
      loops.push_back(d);
  if (loops.empty())
    return w; // one point
  size_t inner = loops.back();
  if (form == ContractionForm::Best) {
    // The longest loop of the best kind, counting lengths up to 32 only:
    // beyond that the call overhead is amortised and the kind decides.
    auto key = [&](size_t d) {
      Inner kind = innerOf(a.layout.stride[d], b.layout.stride[d], out.stride[d]);
      return std::make_tuple(std::min<int64_t>(loopSize[d], 32), scoreOf(kind, out.stride[d]),
                             loopSize[d]);
    };
    for (size_t d : loops)
      if (key(d) > key(inner))
        inner = d;
  }
  w.innerSize = loopSize[inner];
  w.innerA = a.layout.stride[inner];
  w.innerB = b.layout.stride[inner];
  w.innerOut = out.stride[inner];
  w.inner = form == ContractionForm::Best ? innerOf(w.innerA, w.innerB, w.innerOut)
                                          : Inner::Strided;
  // Best: the loops that move the output first, then the reductions, so
  // that the inner loop's outputs stay in the cache while they accumulate.
  std::vector<size_t> outer;
  for (int pass = 0; pass < 2; ++pass)
    for (size_t d : loops)
      if (d != inner &&
          (form == ContractionForm::Strided ? pass == 0 : (out.stride[d] != 0) == (pass == 0)))
        outer.push_back(d);
  for (size_t d : outer) {
    w.size.push_back(loopSize[d]);
    w.strideA.push_back(a.layout.stride[d]);
    w.strideB.push_back(b.layout.stride[d]);
    w.strideOut.push_back(out.stride[d]);
  }
  return w;
}

/// Accumulates the product over the walk into `out`, modulo 2^(8 sizeof(Acc)).
template <typename A, typename B, typename Acc>
void runWalk(const Walk &w, const void *aData, const void *bData, Acc *out, Acc zpA, Acc zpB) {
  const A *a = static_cast<const A *>(aData);
  const B *b = static_cast<const B *>(bData);
  const size_t outer = w.size.size();
  std::vector<int64_t> index(outer, 0);
  int64_t oa = w.baseA, ob = w.baseB, oo = w.baseOut;
  const int64_t n = w.innerSize, sa = w.innerA, sb = w.innerB, so = w.innerOut;
  for (;;) {
    const A *pa = a + oa;
    const B *pb = b + ob;
    Acc *po = out + oo;
    switch (w.inner) {
    case Inner::AxpyA: {
      // (a - zpA) * s = a * s - zpA * s: one product per element.
      const Acc s = Acc(Acc(*pb) - zpB), c = Acc(zpA * s);
      for (int64_t j = 0; j < n; ++j)
        po[j] += Acc(Acc(pa[j]) * s) - c;
      break;
    }
    case Inner::AxpyB: {
      const Acc s = Acc(Acc(*pa) - zpA), c = Acc(zpB * s);
      for (int64_t j = 0; j < n; ++j)
        po[j] += Acc(Acc(pb[j]) * s) - c;
      break;
    }
    case Inner::Elementwise:
      for (int64_t j = 0; j < n; ++j)
        po[j] += Acc(Acc(pa[j]) - zpA) * Acc(Acc(pb[j]) - zpB);
      break;
    case Inner::DotUnit: {
      Acc sum = 0;
      for (int64_t j = 0; j < n; ++j)
        sum += Acc(Acc(pa[j]) - zpA) * Acc(Acc(pb[j]) - zpB);
      *po += sum;
      break;
    }
    case Inner::Dot: {
      Acc sum = 0;
      for (int64_t j = 0; j < n; ++j)
        sum += Acc(Acc(pa[j * sa]) - zpA) * Acc(Acc(pb[j * sb]) - zpB);
      *po += sum;
      break;
    }
    case Inner::Strided:
      for (int64_t j = 0; j < n; ++j)
        po[j * so] += Acc(Acc(pa[j * sa]) - zpA) * Acc(Acc(pb[j * sb]) - zpB);
      break;
    }
    // The odometer: the last outer loop moves fastest.
    size_t d = outer;
    bool moved = false;
    while (d > 0 && !moved) {
      --d;
      if (++index[d] < w.size[d]) {
        oa += w.strideA[d];
        ob += w.strideB[d];
        oo += w.strideOut[d];
        moved = true;
      } else {
        index[d] = 0;
        oa -= w.strideA[d] * (w.size[d] - 1);
        ob -= w.strideB[d] * (w.size[d] - 1);
        oo -= w.strideOut[d] * (w.size[d] - 1);
      }
    }
    if (!moved)
      return;
  }
}

template <typename Acc>
using Kernel = void (*)(const Walk &, const void *, const void *, Acc *, Acc, Acc);

/// runWalk<A, B, Acc> for rank(A) <= rank(B) (the caller swaps the factors,
/// multiplication modulo 2^N commutes): 36 type pairs, not 64.
template <typename A, typename B, typename Acc> Kernel<Acc> kernelOf() {
  if constexpr (rankOf<A>() <= rankOf<B>())
    return &runWalk<A, B, Acc>;
  else
    return nullptr;
}

template <typename A, typename Acc> Kernel<Acc> kernelFor(unsigned rankB) {
  switch (rankB) {
  case I8: return kernelOf<A, int8_t, Acc>();
  case U8: return kernelOf<A, uint8_t, Acc>();
  case I16: return kernelOf<A, int16_t, Acc>();
  case U16: return kernelOf<A, uint16_t, Acc>();
  case I32: return kernelOf<A, int32_t, Acc>();
  case U32: return kernelOf<A, uint32_t, Acc>();
  case I64: return kernelOf<A, int64_t, Acc>();
  default: return kernelOf<A, uint64_t, Acc>();
  }
}

template <typename Acc> Kernel<Acc> kernelFor(unsigned rankA, unsigned rankB) {
  switch (rankA) {
  case I8: return kernelFor<int8_t, Acc>(rankB);
  case U8: return kernelFor<uint8_t, Acc>(rankB);
  case I16: return kernelFor<int16_t, Acc>(rankB);
  case U16: return kernelFor<uint16_t, Acc>(rankB);
  case I32: return kernelFor<int32_t, Acc>(rankB);
  case U32: return kernelFor<uint32_t, Acc>(rankB);
  case I64: return kernelFor<int64_t, Acc>(rankB);
  default: return kernelFor<uint64_t, Acc>(rankB);
  }
}

/// Runs the walk with accumulator Acc on the result's storage when the
/// accumulator type is the storage type (N = 32 or 64), else on a copy
/// widened to Acc whose low N bits are written back.
template <typename Acc>
void accumulate(unsigned width, const Factor &a, const Factor &b, const Walk &w,
                RuntimeValue &result) {
  const Kernel<Acc> kernel = kernelFor<Acc>(a.rank, b.rank);
  const Acc zpA = Acc(a.zeroPoint), zpB = Acc(b.zeroPoint);
  if (width == 8 * sizeof(Acc)) {
    kernel(w, a.data, b.data, reinterpret_cast<Acc *>(result.data()), zpA, zpB);
    return;
  }
  std::vector<Acc> work(size_t(result.size()));
  for (int64_t i = 0; i < result.size(); ++i)
    work[size_t(i)] = Acc(result.get(i));
  kernel(w, a.data, b.data, work.data(), zpA, zpB);
  for (int64_t i = 0; i < result.size(); ++i)
    result.set(i, numeric::Bits(work[size_t(i)])); // keeps the low N bits
}

} // namespace

std::optional<RuntimeValue> contract(const ContractionPlan &plan,
                                     const std::vector<const RuntimeValue *> &operands,
                                     const std::vector<int64_t> &loopSize,
                                     ContractionForm form, ContractionKernel *kernel) {
  if (operands.size() != plan.operands.size() || loopSize.size() != plan.numLoops)
    return std::nullopt;
  for (size_t k = 0; k < operands.size(); ++k) {
    const RuntimeValue &value = *operands[k];
    // Poison would have to travel per element; the reference does that.
    if (!value.elementType().isInteger() || value.elementType().bitWidth() != plan.operands[k].width ||
        value.hasPoison())
      return std::nullopt;
  }
  const RuntimeValue &init = *operands.back();
  if (!init.isTensor())
    return std::nullopt;
  RuntimeValue result = init;
  for (int64_t size : loopSize)
    if (size == 0)
      return result; // no point: the reference reads nothing, checks nothing

  std::vector<Layout> layouts(operands.size());
  for (size_t k = 0; k < operands.size(); ++k)
    if (!layoutOf(plan.operands[k], *operands[k], loopSize, layouts[k]))
      return std::nullopt;

  Factor factors[2];
  for (int f = 0; f < 2; ++f) {
    const ContractionFactor &factor = plan.factors[f];
    factors[f] = factorOf(factor, operands, layouts[factor.operand]);
    if (factor.zeroPoint) {
      // Its map uses no loop: every point reads the element at its base.
      const RuntimeValue &zp = *operands[*factor.zeroPoint];
      factors[f].zeroPoint = widened(uint64_t(zp.get(layouts[*factor.zeroPoint].base)),
                                     zp.elementType().bitWidth(), factor.zeroPointWidening);
    }
  }
  Factor *a = &factors[0], *b = &factors[1];
  if (a->rank > b->rank)
    std::swap(a, b);
  const Walk walk = walkOf(*a, *b, layouts.back(), loopSize, form);
  if (kernel)
    *kernel = kernelName(walk.inner);
  if (plan.accumulatorWidth <= 32)
    accumulate<uint32_t>(plan.accumulatorWidth, *a, *b, walk, result);
  else
    accumulate<uint64_t>(plan.accumulatorWidth, *a, *b, walk, result);
  return result;
}

} // namespace qi::fast
