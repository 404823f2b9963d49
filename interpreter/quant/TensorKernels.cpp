//===- TensorKernels.cpp - qcast / dcast of whole tensors -----------------===//
//
// Spec: [fast.dispatch], [fast.table], [fast.narrow-host], [fast.x87-host],
// [fast.exact-rational] (spec/performance.md).
//
//===----------------------------------------------------------------------===//
#include "quant/TensorKernels.h"

#include "quant/ExactQuantize.h"
#include "quant/FastDequantize.h"
#include "quant/FastQuantize.h"
#include "quant/Kernels.h"
#include "quant/X87Float.h"
#include "quant/X87Quantize.h"

#include <cstring>
#include <thread>
#include <type_traits>

namespace qi::quant {

using namespace numeric;

namespace {

/// Widest input pattern a table is built for: 16-bit formats and tf32
/// (qcast), 16-bit storage (dcast).
constexpr unsigned kMaxTableBits = 19;
constexpr unsigned kMaxStorageTableBits = 16;

/// A table pays for itself when it has no more entries than the op has
/// elements: each entry costs one exact-kernel call. [fast.table]
bool tableIsWorthIt(unsigned bits, unsigned maxBits, size_t parameters, int64_t elements) {
  return bits <= maxBits &&
         (uint64_t(parameters) << bits) <= static_cast<uint64_t>(elements);
}

/// Fills entries [0, count) of a table with `entry(k)`, on two threads for
/// large tables (the exact kernels are const and share no mutable state).
template <typename F> void fillTable(uint64_t count, F &&entry) {
  if (count < (uint64_t(1) << 15)) {
    for (uint64_t k = 0; k < count; ++k)
      entry(k);
    return;
  }
  std::thread other([&] {
    for (uint64_t k = count / 2; k < count; ++k)
      entry(k);
  });
  for (uint64_t k = 0; k < count / 2; ++k)
    entry(k);
  other.join();
}

/// A 16-byte element (f80, f128 results).
struct Wide {
  uint64_t low, high;
};

/// Every element of a run looked up in one parameter's row: `values` and a
/// poison flag per input pattern.
template <typename In, typename Out>
void lookupRun(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
               const Out *values, const uint8_t *poisonRow, bool anyPoison, uint64_t mask,
               std::vector<int64_t> &poison) {
  const In *source = reinterpret_cast<const In *>(in);
  Out *target = reinterpret_cast<Out *>(out);
  for (int64_t i = start; i < start + length; ++i)
    target[i] = values[source[i] & mask];
  if (anyPoison)
    for (int64_t i = start; i < start + length; ++i)
      if (poisonRow[source[i] & mask])
        poison.push_back(i);
}

/// The same with element start + j in row parameters[j].
template <typename In, typename Out>
void lookupMixed(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                 const int64_t *parameters, const Out *values, const uint8_t *poisoned,
                 bool anyPoison, unsigned bits, std::vector<int64_t> &poison) {
  const In *source = reinterpret_cast<const In *>(in) + start;
  Out *target = reinterpret_cast<Out *>(out) + start;
  const uint64_t mask = (uint64_t(1) << bits) - 1;
  for (int64_t j = 0; j < length; ++j)
    target[j] = values[(uint64_t(parameters[j]) << bits) | (source[j] & mask)];
  if (anyPoison)
    for (int64_t j = 0; j < length; ++j)
      if (poisoned[(uint64_t(parameters[j]) << bits) | (source[j] & mask)])
        poison.push_back(start + j);
}

/// A table of `parameters` rows of 2^bits entries; `entry(p, x, value,
/// poison)` computes one with the exact kernel. [fast.table]
template <typename In, typename Out, typename Entry>
void runTable(const ParameterMap &map, int64_t elements, size_t parameters, unsigned bits,
              const uint8_t *in, uint8_t *out, std::vector<int64_t> &poison, Entry &&entry) {
  const uint64_t patterns = uint64_t(1) << bits;
  std::vector<Out> values(parameters * patterns);
  std::vector<uint8_t> poisoned(parameters * patterns);
  fillTable(parameters * patterns, [&](uint64_t k) {
    bool isPoison = false;
    entry(k / patterns, k % patterns, values[k], isPoison);
    poisoned[k] = isPoison;
  });
  std::vector<uint8_t> rowHasPoison(parameters);
  for (size_t k = 0; k < poisoned.size(); ++k)
    rowHasPoison[k / patterns] |= poisoned[k];
  bool anyPoison = false;
  for (uint8_t p : rowHasPoison)
    anyPoison |= p != 0;
  forEachBlock(map, elements,
               [&](int64_t start, int64_t length, const int64_t *perElement, int64_t parameter) {
                 if (perElement) {
                   lookupMixed<In, Out>(in, out, start, length, perElement, values.data(),
                                        poisoned.data(), anyPoison, bits, poison);
                   return;
                 }
                 const size_t row = size_t(parameter) * patterns;
                 lookupRun<In, Out>(in, out, start, length, values.data() + row,
                                    poisoned.data() + row, rowHasPoison[size_t(parameter)],
                                    patterns - 1, poison);
               });
}

/// Calls f(start, length, parameters, parameter) over all elements: runs of
/// one parameter (`parameters` null) when they are long, else blocks with a
/// parameter per element (a channel axis that is innermost): one period of
/// the map's pattern, precomputed, or a gathered list.
template <typename F> void forEachBlock(const ParameterMap &map, int64_t elements, F &&f) {
  constexpr int64_t kLongRun = 64, kMaxPattern = int64_t(1) << 16;
  if (map.runLength() >= kLongRun) {
    map.forEachRun(elements, [&](int64_t start, int64_t length, int64_t parameter) {
      f(start, length, static_cast<const int64_t *>(nullptr), parameter);
    });
    return;
  }
  const int64_t period = map.period();
  if (period <= kMaxPattern) {
    std::vector<int64_t> pattern(size_t(std::min(period, elements)));
    for (size_t i = 0; i < pattern.size(); ++i)
      pattern[i] = map.parameterIndex(int64_t(i));
    for (int64_t start = 0; start < elements; start += period)
      f(start, std::min(period, elements - start), pattern.data(), int64_t(0));
    return;
  }
  std::vector<int64_t> gathered;
  int64_t bufferStart = 0;
  map.forEachRun(elements, [&](int64_t start, int64_t length, int64_t parameter) {
    if (gathered.empty())
      bufferStart = start;
    gathered.insert(gathered.end(), size_t(length), parameter);
    if (gathered.size() >= 4096) {
      f(bufferStart, int64_t(gathered.size()), gathered.data(), int64_t(0));
      gathered.clear();
    }
  });
  if (!gathered.empty())
    f(bufferStart, int64_t(gathered.size()), gathered.data(), int64_t(0));
}

/// Marks the results of poison inputs (left as 0, as the exact loop does).
void copyInputPoison(const RuntimeValue &input, RuntimeValue &result) {
  if (!input.hasPoison())
    return;
  for (int64_t i = 0; i < input.size(); ++i)
    if (input.isPoison(i)) {
      result.set(i, 0);
      result.setPoison(i);
    }
}

} // namespace

std::string_view kernelPathName(KernelPath path) {
  switch (path) {
  case KernelPath::Exact:
    return "exact";
  case KernelPath::HostFloat:
    return "host-float";
  case KernelPath::Table:
    return "table";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// qcast
//===----------------------------------------------------------------------===//

namespace {

/// f80 qcast on the x87 unit: its f32 / f64 steps also need the default
/// MXCSR. [fast.x87-host]
bool x87QuantizeApplies(const QuantType &type, const Semantics &semantics) {
  return X87Quantizer::supports(type, semantics) && x87EnvironmentIsDefault() &&
         hostFloatEnvironmentIsDefault();
}

KernelPath quantizePath(const QuantType &type, const Semantics &semantics, int64_t elements,
                        std::optional<KernelPath> prefer) {
  // Exact arithmetic in integers ([fast.exact-rational]) needs no host
  // float environment.
  const bool host = (HostQuantizer::supports(type, semantics) &&
                     hostFloatEnvironmentIsDefault()) ||
                    x87QuantizeApplies(type, semantics) ||
                    ExactRationalQuantizer::supports(type, semantics);
  const unsigned bits = type.expressed->sizeInBits;
  if (prefer) {
    if (*prefer == KernelPath::HostFloat && host)
      return KernelPath::HostFloat;
    if (*prefer == KernelPath::Table && bits <= kMaxTableBits)
      return KernelPath::Table;
    return KernelPath::Exact;
  }
  // A narrow-format table filled by the host quantizer ([fast.narrow-host],
  // [fast.exact-rational]) costs about one host element per entry; its
  // lookups are ~4x cheaper.
  if (host && !tableIsWorthIt(bits, kMaxTableBits, type.scales.size(), elements / 4))
    return KernelPath::HostFloat;
  if (tableIsWorthIt(bits, kMaxTableBits, type.scales.size(), elements))
    return KernelPath::Table;
  return KernelPath::Exact;
}

} // namespace

KernelPath chooseQuantizePath(const QuantType &type, const Semantics &semantics,
                              int64_t elements) {
  return quantizePath(type, semantics, elements, std::nullopt);
}

KernelPath quantizeTensor(const QuantType &type, const Semantics &semantics,
                          const ParameterMap &map, const RuntimeValue &input,
                          RuntimeValue &result, std::optional<KernelPath> prefer) {
  const QuantizeKernel kernel(type, semantics);
  const KernelPath path = quantizePath(type, semantics, input.size(), prefer);
  const unsigned inBytes = input.bytesPerElement(), outBytes = result.bytesPerElement();
  const uint8_t *in = input.data();
  uint8_t *out = result.data();
  std::vector<int64_t> poison;

  switch (path) {
  case KernelPath::HostFloat: {
    auto runHost = [&](const auto &host) {
      forEachBlock(map, input.size(),
                   [&](int64_t start, int64_t length, const int64_t *perElement,
                       int64_t parameter) {
                     if (perElement)
                       host.run(in, out, outBytes, start, length, perElement, poison);
                     else
                       host.run(in, out, outBytes, start, length, parameter, poison);
                   });
    };
    if (X87Quantizer::supports(type, semantics)) // f80 [fast.x87-host]
      runHost(X87Quantizer(type, semantics, kernel));
    else if (ExactRationalQuantizer::supports(type, semantics)) // [fast.exact-rational]
      runHost(ExactRationalQuantizer(type, semantics, kernel));
    else
      runHost(HostQuantizer(type, semantics, kernel));
    break;
  }
  case KernelPath::Table: {
    // One entry per (parameter, input pattern): the stored bits or poison,
    // each computed by the exact kernel, or by the host quantizer or the
    // exact-arithmetic integer quantizer where it is proven ([fast.table],
    // [fast.narrow-host], [fast.exact-rational]).
    std::optional<HostQuantizer> host;
    std::optional<ExactRationalQuantizer> rational;
    if (HostQuantizer::supports(type, semantics) && hostFloatEnvironmentIsDefault())
      host.emplace(type, semantics, kernel);
    else if (ExactRationalQuantizer::supports(type, semantics))
      rational.emplace(type, semantics, kernel);
    auto entry = [&](uint64_t p, uint64_t x, auto &value, bool &isPoison) {
      using Value = std::remove_reference_t<decltype(value)>;
      if (host || rational) {
        const int64_t stored = host ? host->quantizeOne(Bits(x), int64_t(p))
                                    : rational->quantizeOne(Bits(x), int64_t(p));
        isPoison = stored < 0;
        value = isPoison ? 0 : static_cast<Value>(stored);
        return;
      }
      StoredOutcome o = kernel(Bits(x), int64_t(p));
      isPoison = o.poison;
      value = o.poison ? 0 : static_cast<Value>(type.storage.toBits(o.value));
    };
    const unsigned bits = type.expressed->sizeInBits;
    const size_t parameters = type.scales.size();
    auto withOut = [&](auto inTag) {
      using In = decltype(inTag);
      switch (outBytes) {
      case 1:
        return runTable<In, uint8_t>(map, input.size(), parameters, bits, in, out, poison, entry);
      case 2:
        return runTable<In, uint16_t>(map, input.size(), parameters, bits, in, out, poison, entry);
      case 4:
        return runTable<In, uint32_t>(map, input.size(), parameters, bits, in, out, poison, entry);
      default:
        return runTable<In, uint64_t>(map, input.size(), parameters, bits, in, out, poison, entry);
      }
    };
    if (inBytes == 1)
      withOut(uint8_t{});
    else if (inBytes == 2)
      withOut(uint16_t{});
    else
      withOut(uint32_t{});
    break;
  }
  case KernelPath::Exact:
    map.forEachRun(input.size(), [&](int64_t start, int64_t length, int64_t parameter) {
      for (int64_t i = start; i < start + length; ++i) {
        StoredOutcome o = kernel(input.get(i), parameter);
        if (o.poison)
          poison.push_back(i);
        else
          result.set(i, type.storage.toBits(o.value));
      }
    });
    break;
  }
  for (int64_t i : poison) {
    result.set(i, 0);
    result.setPoison(i);
  }
  copyInputPoison(input, result);
  return path;
}

//===----------------------------------------------------------------------===//
// dcast
//===----------------------------------------------------------------------===//

namespace {

KernelPath dequantizePath(const QuantType &type, const Semantics &semantics, int64_t elements,
                          std::optional<KernelPath> prefer) {
  const bool host =
      HostDequantizer::supports(type, semantics) && hostFloatEnvironmentIsDefault();
  const unsigned bits = type.storage.width;
  if (prefer) {
    if (*prefer == KernelPath::HostFloat && host)
      return KernelPath::HostFloat;
    if (*prefer == KernelPath::Table && bits <= kMaxStorageTableBits)
      return KernelPath::Table;
    return KernelPath::Exact;
  }
  // A table lookup beats the host arithmetic once built; building costs an
  // exact-kernel call (~1 us, ~500 host elements) per entry.
  const int64_t entryCost = host ? 500 : 1;
  if (tableIsWorthIt(bits, kMaxStorageTableBits, type.scales.size(), elements / entryCost))
    return KernelPath::Table;
  if (host)
    return KernelPath::HostFloat;
  return KernelPath::Exact;
}

} // namespace

KernelPath chooseDequantizePath(const QuantType &type, const Semantics &semantics,
                                int64_t elements) {
  return dequantizePath(type, semantics, elements, std::nullopt);
}

KernelPath dequantizeTensor(const QuantType &type, const Semantics &semantics,
                            const ParameterMap &map, const RuntimeValue &input,
                            RuntimeValue &result, std::optional<KernelPath> prefer) {
  const DequantizeKernel kernel(type, semantics);
  const KernelPath path = dequantizePath(type, semantics, input.size(), prefer);
  const unsigned inBytes = input.bytesPerElement(), outBytes = result.bytesPerElement();
  const uint8_t *in = input.data();
  uint8_t *out = result.data();
  std::vector<int64_t> poison;

  switch (path) {
  case KernelPath::HostFloat: {
    const HostDequantizer host(type, semantics, kernel);
    forEachBlock(map, input.size(),
                 [&](int64_t start, int64_t length, const int64_t *perElement,
                     int64_t parameter) {
                   if (perElement)
                     host.run(in, inBytes, out, start, length, perElement);
                   else
                     host.run(in, inBytes, out, start, length, parameter);
                 });
    break;
  }
  case KernelPath::Table: {
    // One entry per (parameter, stored pattern), by the exact kernel.
    auto entry = [&](uint64_t p, uint64_t q, auto &value, bool &isPoison) {
      ExpressedOutcome o = kernel(type.storage.fromBitsSmall(q), int64_t(p));
      isPoison = o.poison;
      std::memcpy(&value, &o.bits, sizeof value);
    };
    const unsigned bits = type.storage.width;
    const size_t parameters = type.scales.size();
    auto withOut = [&](auto inTag) {
      using In = decltype(inTag);
      switch (outBytes) {
      case 1:
        return runTable<In, uint8_t>(map, input.size(), parameters, bits, in, out, poison, entry);
      case 2:
        return runTable<In, uint16_t>(map, input.size(), parameters, bits, in, out, poison, entry);
      case 4:
        return runTable<In, uint32_t>(map, input.size(), parameters, bits, in, out, poison, entry);
      case 8:
        return runTable<In, uint64_t>(map, input.size(), parameters, bits, in, out, poison, entry);
      default:
        return runTable<In, Wide>(map, input.size(), parameters, bits, in, out, poison, entry);
      }
    };
    if (inBytes == 1)
      withOut(uint8_t{});
    else
      withOut(uint16_t{});
    break;
  }
  case KernelPath::Exact:
    map.forEachRun(input.size(), [&](int64_t start, int64_t length, int64_t parameter) {
      for (int64_t i = start; i < start + length; ++i) {
        int64_t stored = type.storage.fromBitsSmall(static_cast<uint64_t>(input.get(i)));
        ExpressedOutcome o = kernel(stored, parameter);
        result.set(i, o.bits);
        if (o.poison)
          poison.push_back(i);
      }
    });
    break;
  }
  for (int64_t i : poison)
    result.setPoison(i);
  copyInputPoison(input, result);
  return path;
}

} // namespace qi::quant
