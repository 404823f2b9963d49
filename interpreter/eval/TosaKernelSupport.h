//===- TosaKernelSupport.h - What TOSA contraction and pooling kernels share -*- C++ -*-===//
//
// Spec: spec/tosa-contractions.md [contract.errors], [contract.types],
// [contract.arguments], [contract.zero-point], [contract.accumulator],
// [contract.float], [contract.poison]. The kernels (TosaContraction.h,
// TosaPooling.h) follow the TOSA 1.0 pseudo-code on runtime values and know
// nothing of MLIR: the evaluators (TosaContractionOps.cpp,
// TosaPoolingOps.cpp) read the ops, the differential tests call the kernels
// directly.
//
// A kernel that meets a failing ERROR_IF or REQUIRE throws KernelError with
// the whole message after the op's name; nothing is computed then.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TOSAKERNELSUPPORT_H
#define QI_EVAL_TOSAKERNELSUPPORT_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/requant/Violation.h"
#include "interpreter/value/RuntimeValue.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qi::eval::tosakernel {

/// Why a kernel computed nothing: "ERROR_IF(...) of CONV2D holds (...)",
/// "element [0, 1, 2, 3]: REQUIRE(...) of apply_add_s<int32_t> does not
/// hold (...)", "input_zp has 2 elements, expected 1". [contract.errors]
struct KernelError {
  std::string message;
};

[[noreturn]] void fail(std::string message);
/// Throws the ERROR_IF `condition` of `where` ("CONV2D", "idiv_check in CONV2D").
[[noreturn]] void errorIf(std::string where, std::string condition, std::string detail);

/// "[1, 2, 3]".
std::string indexText(const std::vector<int64_t> &index);

/// The declared type of a result: its rank and static sizes (-1 where
/// dynamic), or unranked.
struct DeclaredShape {
  bool ranked = false;
  std::vector<int64_t> dims;
  static constexpr int64_t kDynamic = -1;

  static DeclaredShape unranked() { return {}; }
  static DeclaredShape of(std::vector<int64_t> dims) { return {true, std::move(dims)}; }
  /// Dimension d's static size, or nullopt (dynamic or unranked).
  std::optional<int64_t> staticDim(size_t d) const;
};

//===-- [contract.types] --------------------------------------------------===//

/// One operator's type-support table: the roles ("in_t", "weight_t", "out_t",
/// "acc_t") and the rows, each an MLIR spelling per role.
struct TypeTable {
  const char *op; ///< "CONV2D"
  std::vector<const char *> roles;
  std::vector<std::vector<const char *>> rows;
};
/// Throws the ERROR_IF of [contract.types] unless `actual` (one element type
/// per role) is a row of `table`.
void checkTypes(const TypeTable &table, const std::vector<ElementType> &actual);

//===-- [contract.arguments] ----------------------------------------------===//

/// "[1, 4, 4, 2]", a runtime shape for messages.
std::string shapeText(const Shape &shape);
/// ERROR_IF(rank(name) != rank) of the operator's arguments.
void checkRank(const char *op, const char *name, const RuntimeValue &value, size_t rank);
/// ERROR_IF(shape(name)[d] != expected): `what` names the expected size ("OC = 3 from weight").
void checkDim(const char *op, const char *name, const Shape &shape, size_t d,
              const char *dimName, int64_t expected, const std::string &what);
/// The result's sizes: each dimension the declared one where static, else
/// `derived`; an ERROR_IF of the arguments where a static one differs from
/// derived[d] (except in `leaveToPseudoCode`, the dimensions whose own
/// ERROR_IF the pseudo-code states: OH and OW).
Shape outputShape(const char *op, const DeclaredShape &declared, const Shape &derived,
                  const std::vector<const char *> &dimNames,
                  const std::vector<bool> &leaveToPseudoCode = {});

//===-- [contract.zero-point] ---------------------------------------------===//

/// The one element of zero point operand `name` (bit pattern of its type):
/// "input_zp has 2 elements, expected 1", "input_zp is poison" otherwise;
/// it must have element type `type` (the data it corrects).
numeric::Bits zeroPointBits(const char *name, const RuntimeValue &zp, const ElementType &type);
/// Whether a zero point of `type` holding `bits` is != 0 (a float NaN is).
bool isNonZero(const ElementType &type, numeric::Bits bits);
/// The zero point's value for messages ("-128", "0x7e00").
std::string zeroPointText(const ElementType &type, numeric::Bits bits);
/// ERROR_IF(!is_same<role,i8_t>() && name != 0) of `op`. [contract.zero-point]
void checkZeroPoint(const char *op, const char *role, const char *name, const ElementType &type,
                    numeric::Bits bits);

//===-- [contract.accumulator] [contract.float] ---------------------------===//

/// Integer arithmetic in acc_t / out_t, as the pseudo-code's helpers do it:
/// values are the integers, a REQUIRE that fails throws requant::Violation
/// (the kernel adds the element). acc_t and out_t are signed integers of at
/// most 48 bits.
class IntArithmetic {
public:
  using Value = int64_t;
  static constexpr bool kFloat = false;
  IntArithmetic(unsigned accWidth, unsigned outWidth) : accWidth_(accWidth), outWidth_(outWidth) {}

  Value zero() const { return 0; }
  /// static_cast<acc_t>(element): sign-extended (signless integers read as signed).
  static Value read(const RuntimeValue &tensor, int64_t offset);
  static Value fromBits(const ElementType &type, numeric::Bits bits);
  /// apply_sub_s<acc_t>, apply_mul_s<acc_t>, apply_add_s<acc_t>.
  Value sub(Value a, Value b, const char *aName, const char *bName) const;
  Value mul(Value a, Value b) const;
  Value add(Value a, Value b, const char *aName, const char *bName) const;
  /// static_cast<out_t>(acc); an out_t element (bias); apply_add_s<out_t>.
  Value toOut(Value acc) const;
  static Value readOut(const RuntimeValue &tensor, int64_t offset) { return read(tensor, offset); }
  Value addOut(Value a, Value b, const char *aName, const char *bName) const;
  /// The out_t pattern of a value.
  numeric::Bits outBits(Value v) const;

private:
  unsigned accWidth_, outWidth_;
};

/// Float arithmetic in acc_t / out_t: each pseudo-code step is one operation
/// of the numeric core rounded to nearest-even in its type (never fused).
/// Values are bit patterns of acc_t (out_t after toOut). [contract.float]
class FloatArithmetic {
public:
  using Value = numeric::Bits;
  static constexpr bool kFloat = true;
  FloatArithmetic(const numeric::FloatFormat &acc, const numeric::FloatFormat &out)
      : acc_(&acc), out_(&out) {}

  Value zero() const { return 0; } // +0
  /// static_cast<acc_t>(element): exact in every supported mode.
  Value read(const RuntimeValue &tensor, int64_t offset) const;
  Value fromBits(const ElementType &type, numeric::Bits bits) const;
  Value sub(Value a, Value b, const char *, const char *) const;
  Value mul(Value a, Value b) const;
  Value add(Value a, Value b, const char *, const char *) const;
  Value div(Value a, Value b) const;
  /// acc_t from an int32 count (the rounding of intToFloat).
  Value fromCount(int64_t count) const;
  Value toOut(Value acc) const;
  /// An out_t element (bias) as it is, and apply_add_s<out_t>.
  static Value readOut(const RuntimeValue &tensor, int64_t offset) { return tensor.get(offset); }
  Value addOut(Value a, Value b, const char *, const char *) const;
  /// The out_t pattern; a NaN is out_t's default NaN. [contract.float] 3
  numeric::Bits outBits(Value v) const;

  const numeric::FloatFormat &accFormat() const { return *acc_; }
  const numeric::FloatFormat &outFormat() const { return *out_; }

private:
  const numeric::FloatFormat *acc_, *out_;
};

//===-- [contract.geometry] -----------------------------------------------===//

/// A pad, stride, dilation or kernel attribute: the specification's int32_t.
/// Throws the ERROR_IF of [contract.geometry] 1 for one that does not fit.
void checkInt32Attribute(const char *op, const char *name, int64_t value);

/// OH (or OW) of a strided window: idiv_check(numerator, stride) + 1, with
/// idiv_check's ERROR_IF first, then ERROR_IF(OH != ...) against the declared
/// size (a dynamic one is the derived size, which must be >= 0).
/// `condition` is the ERROR_IF's text, `terms` the values it reads.
int64_t checkWindowOutput(const char *op, const char *sizeName, std::optional<int64_t> declared,
                          int64_t numerator, int64_t stride, const std::string &condition,
                          const std::string &numeratorText, const char *strideName,
                          const std::string &terms);

} // namespace qi::eval::tosakernel

#endif
