//===- SlowPathOracle.h - An independent qcast/dcast on exact rationals -*- C++ -*-===//
//
// A second, deliberately naive implementation of spec/quant.md [qcast.steps],
// [qcast.exact], [dcast.steps], [dcast.exact], [sem.nan-policy] and
// [sem.overflow-policy], used only to cross-check QuantizeKernel and
// DequantizeKernel. It shares no arithmetic with the numeric core: values
// are boost::multiprecision::cpp_rational, the float formats are described
// by its own table, and decoding, rounding (every mode, subnormals,
// overflow to inf / NaN / the largest finite value) and encoding are written
// here from the IEEE 754 definitions. Only the QuantType / Semantics model
// is shared (it is the input being tested).
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_TESTS_SLOWPATHORACLE_H
#define QI_QUANT_TESTS_SLOWPATHORACLE_H

#include "interpreter/quant/QuantType.h"
#include "interpreter/quant/Semantics.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <string>

namespace qi::quant::slow {

using Int = boost::multiprecision::cpp_int;
using Rational = boost::multiprecision::cpp_rational;

/// The oracle's own description of a binary float format.
struct Format {
  std::string name;
  int totalBits;
  int precision;     ///< significand bits incl. the hidden one
  int exponentBits;
  int minExponent;   ///< of the smallest normal binade
  int maxExponent;   ///< of the largest finite binade
  bool hasInfinity;  ///< IEEE (inf + NaN) or FN (NaN only, all-ones pattern)
};

/// The oracle's table: f16, bf16, f32, f64, f8E4M3FN, f8E5M2. Throws for
/// any other name.
const Format &formatNamed(const std::string &name);

/// A float value: finite (sign + exact magnitude), infinite, or NaN with
/// its bit pattern.
struct Value {
  enum Kind { Finite, Infinite, NaN } kind = Finite;
  bool negative = false;
  Rational magnitude = 0;
  uint64_t nanBits = 0;
};

Value decode(const Format &f, uint64_t bits);
uint64_t encode(const Format &f, const Value &v);
/// Rounds sign * magnitude (magnitude >= 0) into f with the mode.
Value round(const Format &f, bool negative, const Rational &magnitude,
            numeric::RoundingMode mode);
/// Rounds to an integer with the mode.
Int roundToInteger(const Rational &value, numeric::RoundingMode mode);
/// The largest finite magnitude of f.
Rational largestFinite(const Format &f);

struct Stored {
  int64_t value = 0;
  bool poison = false;
};
struct Expressed {
  uint64_t bits = 0;
  bool poison = false;
};

/// qcast of the expressed bit pattern x with parameter number `parameter`.
Stored qcast(const QuantType &type, const Semantics &semantics, size_t parameter,
             uint64_t x);
/// dcast of `stored` with parameter number `parameter`.
Expressed dcast(const QuantType &type, const Semantics &semantics, size_t parameter,
                int64_t stored);

} // namespace qi::quant::slow

#endif
