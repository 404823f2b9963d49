//===- SmallFloatOracle.h - qcast/dcast in small float formats, by table -*- C++ -*-===//
//
// Spec: spec/quant.md [qcast.steps], [qcast.exact], [dcast.steps],
// [dcast.exact], [sem.nan-policy], [sem.overflow-policy]; spec/numeric.md
// [format.table], [format.overflow], [format.nan].
//
// An independent re-derivation for the golden tests of every small expressed
// format of the suites (f8E5M2, f8E4M3, f8E3M4, f8E4M3FN, f8E5M2FNUZ,
// f8E4M3FNUZ, f8E4M3B11FNUZ, f6E2M3FN, f6E3M2FN, f4E2M1FN, tf32), including
// the ones SlowPathOracle's table does not describe (FNUZ NaN / no negative
// zero, bias != 2^(e-1) - 1, finite-only formats that saturate). It shares
// no arithmetic with the numeric core or with SlowPathOracle: every one of
// the 2^bits encodings is decoded once from the field definitions into an exact
// rational (boost cpp_rational), and rounding is a search in that sorted
// table (nearest neighbours below and above, ties to the even encoding,
// overflow to the next value past the largest finite one, as with an
// unbounded exponent). Only the QuantType / Semantics model is shared.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_TESTS_SMALLFLOATORACLE_H
#define QI_GENERATORS_TESTS_SMALLFLOATORACLE_H

#include "interpreter/quant/QuantType.h"
#include "interpreter/quant/Semantics.h"

#include <cstdint>
#include <string>

namespace qi::generators::oracle {

/// Whether the oracle models expressed format `name`.
bool models(const std::string &name);

struct Stored {
  int64_t value = 0;
  bool poison = false;
};
struct Expressed {
  uint64_t bits = 0;
  bool poison = false;
};

/// qcast of the expressed bit pattern x with parameter number `parameter`.
/// Throws std::invalid_argument for a format it does not model or a policy
/// it does not implement (indefinite).
Stored qcast(const quant::QuantType &type, const quant::Semantics &semantics, size_t parameter,
             uint64_t x);
/// dcast of `stored` with parameter number `parameter`.
Expressed dcast(const quant::QuantType &type, const quant::Semantics &semantics,
                size_t parameter, int64_t stored);

} // namespace qi::generators::oracle

#endif
