//===- Exact.h - Exact extended-real values -------------------*- C++ -*-===//
//
// Spec: [exact.value]. Every operation first computes its mathematically
// exact result as an Exact, then rounds once (Rounding.h).
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_EXACT_H
#define QI_NUMERIC_EXACT_H

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <string>

namespace qi::numeric {

using BigInt = boost::multiprecision::cpp_int;

/// An extended real: NaN, +-infinity, or the finite value
/// (-1)^negative * num / den * 2^exp (num >= 0, den > 0). Zero keeps its
/// sign. The fraction is not kept in lowest terms; only its value matters.
struct Exact {
  enum class Kind : uint8_t { Finite, Infinity, NaN };
  Kind kind = Kind::Finite;
  bool negative = false;
  BigInt num = 0;
  BigInt den = 1;
  int64_t exp = 0;

  static Exact zero(bool negative = false);
  static Exact infinity(bool negative);
  static Exact nan();
  static Exact fromInteger(const BigInt &value);
  /// num / den * 2^exp with a signed numerator; den must be positive.
  static Exact fromRatio(const BigInt &num, const BigInt &den, int64_t exp = 0);

  bool isNaN() const { return kind == Kind::NaN; }
  bool isInfinity() const { return kind == Kind::Infinity; }
  bool isFinite() const { return kind == Kind::Finite; }
  bool isZero() const { return isFinite() && num == 0; }

  /// Exact value as text, e.g. "-3/4*2^-10", "inf", "nan" (for diagnostics).
  std::string toString() const;
};

// Exact arithmetic on finite operands (callers handle NaN / infinity first,
// because IEEE rules for them depend on the operation). The sign of an exact
// zero result is +0; IEEE zero-sign rules are applied by the float ops.
Exact exactAdd(const Exact &a, const Exact &b);
Exact exactSub(const Exact &a, const Exact &b);
Exact exactMul(const Exact &a, const Exact &b);
/// b must be non-zero.
Exact exactDiv(const Exact &a, const Exact &b);
Exact exactNegate(Exact a);

/// Three-way comparison of two finite values or infinities (-1, 0, +1);
/// +0 and -0 compare equal. NaN operands are the caller's business.
int exactCompare(const Exact &a, const Exact &b);

} // namespace qi::numeric

#endif
