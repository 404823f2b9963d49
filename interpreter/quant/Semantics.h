//===- Semantics.h - The knobs that fix what qcast/dcast compute -*- C++ -*-===//
//
// Spec: [sem.knobs], [sem.nan-policy], [sem.overflow-policy], [sem.profiles].
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_SEMANTICS_H
#define QI_QUANT_SEMANTICS_H

#include "numeric/RoundingMode.h"

#include <optional>
#include <string>
#include <string_view>

namespace qi::quant {

/// What qcast stores for a NaN input (after scaling). [sem.nan-policy]
enum class NanPolicy { Poison, Qmin, Qmax, ZeroPoint, Zero };
/// What qcast stores for +-inf and for values outside the storage *type*.
/// [sem.overflow-policy]
enum class OverflowPolicy { Saturate, Poison, Wrap };

struct Semantics {
  /// float -> integer conversion of the stored value. [qcast.round]
  numeric::RoundingMode rounding = numeric::RoundingMode::NearestEven;
  /// Rounding of every floating-point step in the expressed type; nullopt is
  /// `exact`: no intermediate rounding. [sem.arith-rounding]
  std::optional<numeric::RoundingMode> arithRounding =
      numeric::RoundingMode::NearestEven;
  NanPolicy nan = NanPolicy::Poison;
  OverflowPolicy overflow = OverflowPolicy::Saturate;

  /// One readable line, e.g. "rounding=nearest-even arith=nearest-even ...".
  std::string describe() const;
};

std::string_view nanPolicyName(NanPolicy policy);
std::optional<NanPolicy> parseNanPolicy(std::string_view name);
std::string_view allNanPolicyNames();
std::string_view overflowPolicyName(OverflowPolicy policy);
std::optional<OverflowPolicy> parseOverflowPolicy(std::string_view name);
std::string_view allOverflowPolicyNames();
/// Parses an --arith-rounding value: a rounding mode or "exact".
std::optional<std::optional<numeric::RoundingMode>>
parseArithRounding(std::string_view name);

/// The named profiles implemented so far. [sem.profiles]
std::optional<Semantics> findProfile(std::string_view name);
std::string_view allProfileNames();

} // namespace qi::quant

#endif
