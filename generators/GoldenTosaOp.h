//===- GoldenTosaOp.h - TOSA operator cases: the family's interface -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Contraction cases", "Elementwise cases"),
// spec/tosa-contractions.md, spec/tosa-elementwise.md. A TOSA operator case
// (Op::TosaOp) is one integer TOSA operator with its tensor operands: the
// input, the further tensor operands (TosaOpOperand: a contraction's weight
// and bias, ADD / SUB / MUL's input2), its scalar operands as tosa.const, and
// one expected output, computed with the interpreter's own kernels (the code
// quant-interp runs). Everything outside the op-specific files
// (GoldenContraction*.cpp, GoldenElementwise*.cpp) goes through these
// functions: the writer and reader, IDs, the runners of quant-golden and
// quant-conform.
//
// Float rows have no place here: a float contraction has no single bit-exact
// answer in TOSA (any accumulation order is allowed), and the float rows of
// the elementwise ops are left to TosaElementwiseDiffTest
// (docs/golden-format.md, "Elementwise cases").
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENTOSAOP_H
#define QI_GENERATORS_GOLDENTOSAOP_H

#include "generators/GoldenCase.h"
#include "generators/Prng.h"
#include "interpreter/value/RuntimeValue.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

/// The name of the one expected output of a TOSA operator case (tags
/// `semantics`): TOSA 1.0's pseudo-code, which defines every integer result.
inline constexpr std::string_view kTosaOpSemantics = "tosa";
/// Its summary line (`summary` in the file): it names the op's spec chapter.
std::string tosaOpSummaryLine(TosaOpKind kind);

/// `matmul`, `conv2d`, ..., `add`, `sub`, `mul`, `negate`, `clamp` (tags
/// `op`, the op's MLIR name after `tosa.`).
std::string_view tosaOpName(TosaOpKind kind);
std::optional<TosaOpKind> parseTosaOp(std::string_view name);
/// MATMUL ... MAX_POOL2D (GoldenContraction.h); ADD ... CLAMP (GoldenElementwise.h).
bool isContractionKind(TosaOpKind kind);
bool isElementwiseKind(TosaOpKind kind);
/// The key of the op object in the case file (and the name of the command
/// protocol's `<key>.json`): `contraction` or `elementwise`.
const char *tosaOpObjectKey(TosaOpKind kind);

/// out_t, as an `iN` spelling.
std::string tosaOpOutputElement(const CaseParams &p);
/// The result's declared dimensions (-1 where dynamic) and its concrete
/// shape. Throw std::logic_error when the parameters derive none. An
/// unranked case's program writes its result `tensor<*x…>` (MLIR infers no
/// rank from an unranked input): its declared dimensions are then the
/// derived ones, and the kernels get an unranked declared result.
std::vector<int64_t> tosaOpDeclaredOutputDims(const CaseParams &p);
Shape tosaOpOutputShape(const CaseParams &p);

/// `tensor<1x?x4x2xi8>`-style spellings of the input and the output, as the
/// program writes them or concrete.
std::string tosaOpInputType(const CaseParams &p, bool concrete);
std::string tosaOpOutputType(const CaseParams &p, bool concrete);

/// A tensor operand of @main after the input, in parameter order: its name
/// (`weight`, `bias`, `input2`: the program's `%<name>`, the case file's
/// `operands[].name`), element type, concrete shape, which dimensions the
/// program writes `?` (empty: none), whether it writes `tensor<*x…>` and
/// integers (row-major, read signed).
struct TosaOpOperand {
  std::string name;
  std::string element;
  Shape *shape = nullptr;
  std::vector<bool> *dynamic = nullptr; ///< nullptr: always static (contractions)
  std::vector<int64_t> *values = nullptr;
  bool unranked = false; ///< input2 of an unranked case: typed as the input
};
/// The operands of case `c` (pointing into it).
std::vector<TosaOpOperand> tosaOpOperands(GoldenCase &c);
std::vector<TosaOpOperand> tosaOpOperands(const GoldenCase &c); ///< read through only
/// An operand's type, as the program writes it or concrete.
std::string tosaOpOperandType(const TosaOpOperand &o, bool concrete);
/// The operands as `quant-interp --arg` text (after the input), in
/// parameter order: `dense<[[1, 2]]> : tensor<1x2xi8>` (concrete types).
std::vector<std::string> tosaOpOperandArguments(const GoldenCase &c);
/// `dense<[[1, 2]]> : tensor<1x2xi8>` of flat row-major `values`.
std::string denseIntText(const std::vector<int64_t> &values, const Shape &shape,
                         const std::string &type);

/// The whole program: @main(%arg0 input, %<operand>...) with the scalar
/// operands as tosa.const and one op.
std::string tosaOpProgramText(const CaseParams &p);

/// `<op>-<types>-<purpose>-<shape kind>[-<variant>][-tile<L>]-<hash>`.
std::string tosaOpCaseId(const CaseParams &p);
/// `<op>/<types>/<purpose>`.
std::string tosaOpCategory(const CaseParams &p);
/// `i8xi8`, `i16xi8` (contractions with a weight), `i8`, `i32` (the pools,
/// the elementwise ops: in_t): the type row (manifest `byTosaOpTypes`).
std::string tosaOpTypesTag(const CaseParams &p);

/// The smallest and largest value of a signless `iN` type read signed.
int64_t signedMin(const std::string &type);
int64_t signedMax(const std::string &type);
/// N of `iN`; throws std::logic_error for any other spelling.
unsigned intWidth(const std::string &type);
/// `tensor<2x?x3xi8>` of dimensions (-1: `?`) and an element type.
std::string tensorTypeText(const std::vector<int64_t> &dims, const std::string &element);
/// An `iN` tensor of `shape` holding `values` (truncated to N bits), as the
/// kernels take it.
RuntimeValue intTensorValue(const std::string &type, const Shape &shape,
                            const std::vector<int64_t> &values);

/// Runs the interpreter's kernel on the case's inputs. On success returns
/// true with the output integers (row-major, out_t read signed); when the
/// kernel stops at an ERROR_IF or REQUIRE (or any of its checks) returns
/// false with `error` = its message after `tosa.<op>: `.
bool evaluateTosaOp(const GoldenCase &c, std::vector<int64_t> &values, std::string &error);
/// The expected output of a TOSA operator case (kTosaOpSemantics).
bool tosaOpExpected(const GoldenCase &c, ExpectedOutput &out, std::string &error);

/// Fills the inputs and the input classes according to the case's purpose
/// (docs/golden-format.md, "Contraction cases", "Elementwise cases").
void makeTosaOpInputs(GoldenCase &c, SplitMix64 &rng);

/// The static consistency of a TOSA operator rejection (no MLIR): an
/// `error-if` or `require` case makes the kernel stop with that kind of
/// message, which the rejection's contains; a `verifier` one needs only its
/// form. False with `error` describing the difference.
bool tosaOpRejectionMatches(const GoldenCase &c, std::string &error);

} // namespace qi::generators

#endif
