//===- Semantics.h - The knobs that fix what qcast/dcast compute -*- C++ -*-===//
//
// Spec: [sem.knobs], [sem.nan-policy], [sem.overflow-policy], [sem.profiles].
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_SEMANTICS_H
#define QI_QUANT_SEMANTICS_H

#include "interpreter/numeric/RoundingMode.h"
#include "interpreter/quant/QuantType.h"
#include "interpreter/quant/Recipe.h"
#include "interpreter/requant/RequantizeRecipe.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::quant {

/// What qcast stores for a NaN (after scaling). `indefinite` is what an x86
/// float->int32 cast gives (INT_MIN), carried on through the recipe's zero
/// point addition and clamp. [sem.nan-policy]
enum class NanPolicy { Poison, Qmin, Qmax, ZeroPoint, Zero, Indefinite };
/// What qcast does with +-inf and with integers outside the recipe's
/// intermediate integer type (the storage type unless the recipe says
/// otherwise). [sem.overflow-policy]
enum class OverflowPolicy { Saturate, Poison, Wrap, Indefinite };

struct Semantics {
  /// float -> integer conversion of the stored value. [qcast.round]
  numeric::RoundingMode rounding = numeric::RoundingMode::NearestEven;
  /// Rounding of every floating-point step in the expressed type; nullopt is
  /// `exact`: no intermediate rounding. [sem.arith-rounding]
  std::optional<numeric::RoundingMode> arithRounding =
      numeric::RoundingMode::NearestEven;
  NanPolicy nan = NanPolicy::Poison;
  OverflowPolicy overflow = OverflowPolicy::Saturate;
  /// The zero point as the type states it (false), or as MLIR's lowering
  /// materializes it (true): an integer constant of the storage width, so a
  /// zero point outside the storage type wraps, read back with the storage's
  /// signedness. For qcast and dcast alike. [sem.zero-point-storage]
  bool zeroPointWrapsToStorage = false;
  /// What a tosa.rescale computes: the specification's RESCALE or a
  /// framework's requantize on the same (multiplier, shift).
  /// [requant.recipes]
  requant::RequantizeRecipe requantize = requant::RequantizeRecipe::Tosa;

  /// The order and types of the steps ([recipe.quantize],
  /// [recipe.dequantize]); the defaults are the dialect's pseudo-code.
  QuantizeRecipe quantize;
  /// The qcast recipe for expressed types narrower than f32, when the
  /// backend runs another kernel for them (ONNX Runtime's f16
  /// QuantizeLinear is not MLAS). [recipe.narrow-expressed]
  std::optional<QuantizeRecipe> quantizeNarrowExpressed;
  DequantizeRecipe dequantizePerLayer;
  /// Per-channel and sub-channel types.
  DequantizeRecipe dequantizePerChannel;

  /// One readable line: the knobs, then the recipe's steps.
  std::string describe() const;
};

/// The qcast recipe of `semantics` for `type`'s expressed type.
/// [recipe.narrow-expressed]
const QuantizeRecipe &quantizeRecipeFor(const QuantType &type, const Semantics &semantics);

/// The zero point the steps compute with for parameter `i` of `type`.
/// [sem.zero-point-storage]
int64_t zeroPointFor(const QuantType &type, const Semantics &semantics, size_t i);
/// Whether every zero point the steps use lies within [-bound, bound].
bool zeroPointsWithin(const QuantType &type, const Semantics &semantics, int64_t bound);

std::string_view nanPolicyName(NanPolicy policy);
std::optional<NanPolicy> parseNanPolicy(std::string_view name);
std::string_view allNanPolicyNames();
std::string_view overflowPolicyName(OverflowPolicy policy);
std::optional<OverflowPolicy> parseOverflowPolicy(std::string_view name);
std::string_view allOverflowPolicyNames();
/// Sets `arithRounding` from an --arith-rounding value: a rounding mode, or
/// nullopt for "exact". False, leaving it unchanged, for any other name.
bool parseArithRounding(std::string_view name,
                        std::optional<numeric::RoundingMode> &arithRounding);

/// The named backend profiles. [sem.profiles], spec/profiles.md
std::optional<Semantics> findProfile(std::string_view name);
/// Every profile name, in the order of spec/profiles.md.
const std::vector<std::string_view> &profileNames();
/// "reference, exact, ..." for messages.
std::string allProfileNames();

} // namespace qi::quant

#endif
