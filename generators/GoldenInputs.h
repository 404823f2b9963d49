//===- GoldenInputs.h - Edge values and input classes (internal) -*- C++ -*-===//
//
// Spec: docs/golden-format.md, "Input classes". Internal to generators/: the
// reference view of one quantization parameter (ParamView), the input
// classes as "slots" that produce checked values for a parameter, and the
// random inputs. Used by the case assembly (GoldenBuild.cpp); the parameter
// sets of the levels are in GoldenLevels.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENINPUTS_H
#define QI_GENERATORS_GOLDENINPUTS_H

#include "generators/Prng.h"
#include "interpreter/numeric/FloatOps.h"
#include "interpreter/quant/QuantType.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace qi::generators::detail {

/// The float format named `name` (MLIR spelling); throws std::logic_error
/// for an unknown name (a generator bug).
const numeric::FloatFormat &fmt(std::string_view name);
/// The host double of an exact value (nearest-even).
double doubleOf(const numeric::Exact &v);
/// The value nearest (nearest-even) to `v` in f, or nullopt when it is not finite.
std::optional<numeric::Bits> nearest(const numeric::FloatFormat &f, const numeric::Exact &v);

/// The reference view of one parameter: what the reference recipe computes
/// (sE = E(scale), zpE = E(zp), nearest-even) and the storage bounds.
struct ParamView {
  const numeric::FloatFormat *E;
  numeric::Bits sE;
  numeric::Exact sValue;
  numeric::Exact sAttr; ///< the attribute's scale, exactly (before E(scale))
  numeric::Bits zpE;
  int64_t zp, lo, hi;
  int64_t typeMin, typeMax;

  /// E(x / sE), nearest-even.
  numeric::Bits quotient(numeric::Bits x) const {
    return numeric::floatDiv(*E, x, sE, numeric::RoundingMode::NearestEven).bits;
  }
  numeric::Exact tValue(numeric::Bits x) const;
  /// round(E(x / sE)) nearest-even, or nullopt when the quotient is not finite.
  std::optional<numeric::BigInt> roundedT(numeric::Bits x) const;
  /// x nearest to T * sE.
  std::optional<numeric::Bits> atT(const numeric::Exact &T) const {
    return nearest(*E, numeric::exactMul(T, sValue));
  }
};

/// The view of parameter number `parameter` of `type`.
ParamView viewOf(const quant::QuantType &type, int64_t parameter);

/// One qcast input value with its class.
struct Edge {
  std::string cls;
  numeric::Bits bits;
};

/// A qcast edge slot produces zero or more checked values for a parameter.
using Slot = std::function<std::vector<Edge>(const ParamView &)>;
/// A dcast edge slot produces at most one stored integer with its class.
using DcastSlot =
    std::function<std::optional<std::pair<std::string, int64_t>>(const ParamView &)>;

/// The qcast edge slots, in schedule order.
std::vector<Slot> qcastSlots();
/// The dcast edge slots (stored integers), in schedule order.
std::vector<DcastSlot> dcastSlots();
/// A random qcast input: mostly x near T * sE with T uniform over the storage
/// range (widened by 2) plus a random fraction, sometimes raw random bits.
Edge randomFloat(const ParamView &v, generators::SplitMix64 &rng);

} // namespace qi::generators::detail

#endif
