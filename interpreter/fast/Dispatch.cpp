//===- Dispatch.cpp - qcast / dcast of whole tensors ----------------------===//
//
// Spec: [fast.dispatch], [fast.table], [fast.narrow-host], [fast.x87-host],
// [fast.exact-rational] (spec/performance.md).
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/Dispatch.h"

#include "interpreter/fast/ElementBytes.h"
#include "interpreter/fast/RationalQuantize.h"
#include "interpreter/fast/HostDequantize.h"
#include "interpreter/fast/HostQuantize.h"
#include "interpreter/quant/ReferenceKernels.h"
#include "interpreter/host/X87Float.h"
#include "interpreter/fast/QcastAccelerator.h"
#include "interpreter/fast/X87Quantize.h"

#include <cstring>
#include <memory>
#include <thread>
#include <type_traits>

namespace qi::fast {

using namespace quant;
using namespace host;

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
/// large tables (the reference kernels are const and share no mutable state).
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
  for (int64_t i = start; i < start + length; ++i)
    storeElement<Out>(out, i, values[loadElement<In>(in, i) & mask]);
  if (anyPoison)
    for (int64_t i = start; i < start + length; ++i)
      if (poisonRow[loadElement<In>(in, i) & mask])
        poison.push_back(i);
}

/// The same with element start + j in row parameters[j].
template <typename In, typename Out>
void lookupMixed(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                 const int64_t *parameters, const Out *values, const uint8_t *poisoned,
                 bool anyPoison, unsigned bits, std::vector<int64_t> &poison) {
  const uint64_t mask = (uint64_t(1) << bits) - 1;
  for (int64_t j = 0; j < length; ++j)
    storeElement<Out>(out, start + j,
                      values[(uint64_t(parameters[j]) << bits) |
                             (loadElement<In>(in, start + j) & mask)]);
  if (anyPoison)
    for (int64_t j = 0; j < length; ++j)
      if (poisoned[(uint64_t(parameters[j]) << bits) | (loadElement<In>(in, start + j) & mask)])
        poison.push_back(start + j);
}

/// A table of `parameters` rows of 2^bits entries; `entry(p, x, value,
/// poison)` computes one with the reference kernel. [fast.table]
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

/// runTable with the host types of `inBytes`-byte input patterns (1, 2 or 4)
/// and `outBytes`-byte results (1, 2, 4, 8, or 16 for f80 / f128 results).
template <typename Entry>
void runTableOfWidths(unsigned inBytes, unsigned outBytes, const ParameterMap &map,
                      int64_t elements, size_t parameters, unsigned bits, const uint8_t *in,
                      uint8_t *out, std::vector<int64_t> &poison, Entry &&entry) {
  auto withOut = [&](auto outTag) {
    using Out = decltype(outTag);
    if (inBytes == 1)
      runTable<uint8_t, Out>(map, elements, parameters, bits, in, out, poison, entry);
    else if (inBytes == 2)
      runTable<uint16_t, Out>(map, elements, parameters, bits, in, out, poison, entry);
    else
      runTable<uint32_t, Out>(map, elements, parameters, bits, in, out, poison, entry);
  };
  switch (outBytes) {
  case 1:
    return withOut(uint8_t{});
  case 2:
    return withOut(uint16_t{});
  case 4:
    return withOut(uint32_t{});
  case 8:
    return withOut(uint64_t{});
  default:
    return withOut(Wide{});
  }
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

/// Marks the results of poison inputs (left as 0, as the reference loop does).
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
  case KernelPath::Reference:
    return "reference";
  case KernelPath::Host:
    return "host";
  case KernelPath::X87:
    return "x87";
  case KernelPath::Rational:
    return "rational";
  case KernelPath::Table:
    return "table";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// qcast
//===----------------------------------------------------------------------===//

namespace {

/// The one qcast accelerator proven for (type, semantics) in the current
/// float environment, if any: their domains are disjoint (f80 under a host
/// rounding mode; exact arithmetic; host float formats).
std::optional<KernelPath> qcastAccelerator(const QuantType &type, const Semantics &semantics) {
  // [fast.x87-host]: its f32 / f64 steps also need the default MXCSR.
  if (X87Quantizer::supports(type, semantics)) {
    if (x87EnvironmentIsDefault() && hostFloatEnvironmentIsDefault())
      return KernelPath::X87;
    return std::nullopt;
  }
  // [fast.exact-rational]: integers only, whatever the float environment.
  if (RationalQuantizer::supports(type, semantics))
    return KernelPath::Rational;
  if (HostQuantizer::supports(type, semantics) && hostFloatEnvironmentIsDefault())
    return KernelPath::Host;
  return std::nullopt;
}

std::unique_ptr<QcastAccelerator> makeAccelerator(KernelPath path, const QuantType &type,
                                                  const Semantics &semantics,
                                                  const QuantizeKernel &reference) {
  switch (path) {
  case KernelPath::Host:
    return std::make_unique<HostQuantizer>(type, semantics, reference);
  case KernelPath::X87:
    return std::make_unique<X87Quantizer>(type, semantics, reference);
  case KernelPath::Rational:
    return std::make_unique<RationalQuantizer>(type, semantics, reference);
  case KernelPath::Reference:
  case KernelPath::Table:
    break;
  }
  return nullptr;
}

KernelPlan tablePlan(std::optional<KernelPath> accelerator) {
  return {KernelPath::Table, accelerator.value_or(KernelPath::Reference)};
}

} // namespace

KernelPlan planQuantize(const QuantType &type, const Semantics &semantics, int64_t elements) {
  const std::optional<KernelPath> accelerator = qcastAccelerator(type, semantics);
  const unsigned bits = type.expressed->sizeInBits;
  // A narrow-format table filled by an accelerator ([fast.narrow-host],
  // [fast.exact-rational]) costs about one accelerated element per entry;
  // its lookups are ~4x cheaper.
  if (accelerator && !tableIsWorthIt(bits, kMaxTableBits, type.scales.size(), elements / 4))
    return {*accelerator};
  if (tableIsWorthIt(bits, kMaxTableBits, type.scales.size(), elements))
    return tablePlan(accelerator);
  return {KernelPath::Reference};
}

std::optional<KernelPlan> planQuantizeBy(KernelPath path, const QuantType &type,
                                         const Semantics &semantics) {
  const std::optional<KernelPath> accelerator = qcastAccelerator(type, semantics);
  switch (path) {
  case KernelPath::Reference:
    return KernelPlan{KernelPath::Reference};
  case KernelPath::Table:
    if (type.expressed->sizeInBits > kMaxTableBits)
      return std::nullopt;
    return tablePlan(accelerator);
  case KernelPath::Host:
  case KernelPath::X87:
  case KernelPath::Rational:
    if (accelerator != path)
      return std::nullopt;
    return KernelPlan{path};
  }
  return std::nullopt;
}

KernelPlan quantizeTensor(const QuantType &type, const Semantics &semantics,
                          const ParameterMap &map, const RuntimeValue &input,
                          RuntimeValue &result) {
  const KernelPlan plan = planQuantize(type, semantics, input.size());
  quantizeTensor(plan, type, semantics, map, input, result);
  return plan;
}

void quantizeTensor(const KernelPlan &plan, const QuantType &type, const Semantics &semantics,
                    const ParameterMap &map, const RuntimeValue &input, RuntimeValue &result) {
  const QuantizeKernel kernel(type, semantics);
  const unsigned inBytes = input.bytesPerElement(), outBytes = result.bytesPerElement();
  const uint8_t *in = input.data();
  uint8_t *out = result.data();
  std::vector<int64_t> poison;

  switch (plan.path) {
  case KernelPath::Host:
  case KernelPath::X87:
  case KernelPath::Rational: {
    const std::unique_ptr<QcastAccelerator> accelerator =
        makeAccelerator(plan.path, type, semantics, kernel);
    forEachBlock(map, input.size(),
                 [&](int64_t start, int64_t length, const int64_t *perElement,
                     int64_t parameter) {
                   if (perElement)
                     accelerator->run(in, out, outBytes, start, length, perElement, poison);
                   else
                     accelerator->run(in, out, outBytes, start, length, parameter, poison);
                 });
    break;
  }
  case KernelPath::Table: {
    // One entry per (parameter, input pattern): the stored bits or poison,
    // each computed by the reference kernel, or by the accelerator the plan
    // names ([fast.table], [fast.narrow-host], [fast.exact-rational]).
    const std::unique_ptr<QcastAccelerator> filler =
        makeAccelerator(plan.tableFiller, type, semantics, kernel);
    auto entry = [&](uint64_t p, uint64_t x, auto &value, bool &isPoison) {
      uint64_t stored = 0; // storage bits; 0 for poison
      if (filler) {
        const int64_t one = filler->quantizeOne(Bits(x), int64_t(p));
        isPoison = one < 0;
        stored = isPoison ? 0 : uint64_t(one);
      } else {
        StoredOutcome o = kernel(Bits(x), int64_t(p));
        isPoison = o.poison;
        stored = o.poison ? 0 : uint64_t(type.storage.toBits(o.value));
      }
      std::memcpy(&value, &stored, std::min(sizeof value, sizeof stored)); // low bytes (x86-64)
    };
    runTableOfWidths(inBytes, outBytes, map, input.size(), type.scales.size(),
                     type.expressed->sizeInBits, in, out, poison, entry);
    break;
  }
  case KernelPath::Reference:
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
}

//===----------------------------------------------------------------------===//
// dcast
//===----------------------------------------------------------------------===//

namespace {

bool hostDequantizeApplies(const QuantType &type, const Semantics &semantics) {
  return HostDequantizer::supports(type, semantics) && hostFloatEnvironmentIsDefault();
}

} // namespace

KernelPlan planDequantize(const QuantType &type, const Semantics &semantics, int64_t elements) {
  const bool host = hostDequantizeApplies(type, semantics);
  // A table lookup beats the host arithmetic once built; building costs a
  // reference-kernel call (~1 us, ~500 host elements) per entry.
  const int64_t entryCost = host ? 500 : 1;
  if (tableIsWorthIt(type.storage.width, kMaxStorageTableBits, type.scales.size(),
                     elements / entryCost))
    return {KernelPath::Table};
  if (host)
    return {KernelPath::Host};
  return {KernelPath::Reference};
}

std::optional<KernelPlan> planDequantizeBy(KernelPath path, const QuantType &type,
                                           const Semantics &semantics) {
  switch (path) {
  case KernelPath::Reference:
    return KernelPlan{KernelPath::Reference};
  case KernelPath::Table:
    if (type.storage.width > kMaxStorageTableBits)
      return std::nullopt;
    return KernelPlan{KernelPath::Table};
  case KernelPath::Host:
    if (!hostDequantizeApplies(type, semantics))
      return std::nullopt;
    return KernelPlan{KernelPath::Host};
  case KernelPath::X87:
  case KernelPath::Rational:
    return std::nullopt;
  }
  return std::nullopt;
}

KernelPlan dequantizeTensor(const QuantType &type, const Semantics &semantics,
                            const ParameterMap &map, const RuntimeValue &input,
                            RuntimeValue &result) {
  const KernelPlan plan = planDequantize(type, semantics, input.size());
  dequantizeTensor(plan, type, semantics, map, input, result);
  return plan;
}

void dequantizeTensor(const KernelPlan &plan, const QuantType &type,
                      const Semantics &semantics, const ParameterMap &map,
                      const RuntimeValue &input, RuntimeValue &result) {
  const DequantizeKernel kernel(type, semantics);
  const unsigned inBytes = input.bytesPerElement(), outBytes = result.bytesPerElement();
  const uint8_t *in = input.data();
  uint8_t *out = result.data();
  std::vector<int64_t> poison;

  switch (plan.path) {
  case KernelPath::Host: {
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
    // One entry per (parameter, stored pattern), by the reference kernel.
    auto entry = [&](uint64_t p, uint64_t q, auto &value, bool &isPoison) {
      ExpressedOutcome o = kernel(type.storage.fromBitsSmall(q), int64_t(p));
      isPoison = o.poison;
      std::memcpy(&value, &o.bits, sizeof value);
    };
    runTableOfWidths(inBytes, outBytes, map, input.size(), type.scales.size(),
                     type.storage.width, in, out, poison, entry);
    break;
  }
  case KernelPath::X87: // not dcast paths: planDequantize never names them
  case KernelPath::Rational:
  case KernelPath::Reference:
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
}

} // namespace qi::fast
