//===- TosaOps.cpp - tosa.const, tosa.rescale, tosa.apply_scale -----------===//
//
// Spec: spec/tosa.md [tosa.const], [tosa.rescale], [tosa.apply-scale]; the
// arithmetic is spec/rescale.md [rescale.*], computed by interpreter/requant/.
// This file only reads operands, checks what MLIR's verifier leaves open
// (runtime lengths, runtime zero points, element types) and names the
// element whose REQUIRE fails. Where [fast.rescale] (spec/performance.md)
// proves that no element can fail, the accelerator of interpreter/fast/
// computes the whole op instead of the per-element loop.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Elementwise.h"

#include "interpreter/fast/RescaleAccelerator.h"
#include "interpreter/ir/AttributeConversion.h"
#include "interpreter/requant/RequantizeRecipe.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"

#include <optional>
#include <string>
#include <vector>

namespace qi::eval {

namespace {

using requant::RoundingMode;

/// "[1, 2]": the row-major multi-index of flat element `flat` ("[]" for rank 0).
std::string elementIndex(int64_t flat, const Shape &shape) {
  std::vector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  std::string text = "[";
  for (size_t d = 0; d < index.size(); ++d)
    text += (d ? ", " : "") + std::to_string(index[d]);
  return text + "]";
}

/// The width of `value`'s element type, a signless integer of at most
/// `maxWidth` bits, or an error naming `what`, the type and `rule`. Checked
/// on MLIR's type, before our type conversion, so that ui8 / si8 / i64 get
/// the op's message.
unsigned signlessWidth(mlir::Value value, const char *what, unsigned maxWidth,
                       const std::string &rule, mlir::Operation &op) {
  mlir::Type element = mlir::getElementTypeOrSelf(value.getType());
  auto integer = llvm::dyn_cast<mlir::IntegerType>(element);
  if (!integer || !integer.isSignless() || integer.getWidth() > maxWidth)
    fail(op.getLoc(), op.getName().getStringRef().str() + ": unsupported " + what +
                          " element type " + ir::typeToString(element) + ": " + rule);
  return integer.getWidth();
}

/// Requires `value`'s element type to be the signless `i<width>`: MLIR's
/// verifiers check most of these on static types, but not all (tosa.rescale's
/// runtime zero points, tosa.apply_scale's operands).
void requireSignless(mlir::Value value, const char *what, unsigned width,
                     const std::string &rule, mlir::Operation &op) {
  mlir::Type element = mlir::getElementTypeOrSelf(value.getType());
  if (!element.isSignlessInteger(width))
    fail(op.getLoc(), op.getName().getStringRef().str() + ": unsupported " + what +
                          " element type " + ir::typeToString(element) + ": " + rule);
}

/// Our rounding mode for MLIR's (the spellings are the same).
RoundingMode roundingModeOf(mlir::tosa::RoundingMode mode) {
  return *requant::parseRoundingMode(mlir::tosa::stringifyRoundingMode(mode).str());
}

//===-- tosa.const ----------------------------------------------------------===//

/// [tosa.const] The `values` attribute, read as arith.constant reads its value.
void evalConst(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto constant = llvm::cast<mlir::tosa::ConstOp>(op);
  ir::ValueType type = interp.valueType(constant.getType(), op.getLoc());
  std::string error;
  std::optional<RuntimeValue> value =
      ir::valueFromAttribute(constant.getValuesAttr(), type.element, error);
  if (!value)
    fail(op.getLoc(), "tosa.const: " + error);
  interp.checkResult(*value, constant.getType(), op.getLoc(), "tosa.const result");
  frame.bind(constant.getOutput(), std::move(*value));
}

//===-- tosa.rescale --------------------------------------------------------===//

/// "1 element", "3 elements".
std::string elements(int64_t count) {
  return std::to_string(count) + (count == 1 ? " element" : " elements");
}

/// The one element of a zero point operand, as the bit pattern RESCALE reads
/// (its signedness is the op's business). [tosa.rescale] 2
uint64_t zeroPointBits(const RuntimeValue &zp, const char *what, mlir::Operation &op) {
  if (zp.size() != 1)
    fail(op.getLoc(), "tosa.rescale: " + std::string(what) + " has " + elements(zp.size()) +
                          ", expected 1");
  if (zp.isPoison(0))
    fail(op.getLoc(), "tosa.rescale: " + std::string(what) + " is poison");
  return static_cast<uint64_t>(zp.get(0));
}

/// Checks a multiplier / shift operand holds NC defined elements. [tosa.rescale] 4
void checkChannelParameter(const RuntimeValue &parameter, const char *what, int64_t nc,
                           bool perChannel, mlir::Operation &op) {
  if (parameter.size() != nc)
    fail(op.getLoc(), "tosa.rescale: " + std::string(what) + " has " +
                          elements(parameter.size()) + ", expected NC = " +
                          std::to_string(nc) +
                          (perChannel ? " (per_channel: the input's last dimension)"
                                      : " (per_channel = false)"));
  for (int64_t c = 0; c < nc; ++c)
    if (parameter.isPoison(c))
      fail(op.getLoc(), "tosa.rescale: " + std::string(what) + " element " +
                            std::to_string(c) + " is poison");
}

/// [tosa.rescale] RESCALE of every element by the run's requantize recipe.
void evalRescale(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto rescale = llvm::cast<mlir::tosa::RescaleOp>(op);

  // 1. Element types: what [rescale.widths] can evaluate, then the
  //    parameters' types, which the verifier checks on static types only.
  requant::RescaleAttributes a;
  a.inputWidth = signlessWidth(rescale.getInput(), "input", requant::kMaxRescaleInputWidth,
                               "in_t must be a signless integer of at most 48 bits "
                               "(input_unsigned says how it is read)",
                               op);
  a.outputWidth = signlessWidth(rescale.getOutput(), "output", requant::kMaxRescaleOutputWidth,
                                "out_t must be a signless integer of at most 32 bits "
                                "(output_unsigned says how it is read)",
                                op);
  a.scale32 = rescale.getScale32();
  a.roundingMode = roundingModeOf(rescale.getRoundingMode());
  a.perChannel = rescale.getPerChannel();
  a.inputUnsigned = rescale.getInputUnsigned();
  a.outputUnsigned = rescale.getOutputUnsigned();
  const unsigned multiplierWidth = a.scale32 ? 32 : 16;
  const std::string in_t = "i" + std::to_string(a.inputWidth);
  const std::string out_t = "i" + std::to_string(a.outputWidth);
  requireSignless(rescale.getInputZp(), "input_zp", a.inputWidth, "must be in_t, " + in_t, op);
  requireSignless(rescale.getOutputZp(), "output_zp", a.outputWidth, "must be out_t, " + out_t,
                  op);
  requireSignless(rescale.getMultiplier(), "multiplier", multiplierWidth,
                  a.scale32 ? "must be i32 with scale32 = true" : "must be i16 with scale32 = false",
                  op);
  requireSignless(rescale.getShift(), "shift", 8, "must be i8", op);

  // 2.–3. The zero points' one element each, then the ERROR_IFs, once.
  const RuntimeValue &input = frame.lookup(rescale.getInput());
  const uint64_t inputZp = zeroPointBits(frame.lookup(rescale.getInputZp()), "input_zp", op);
  const uint64_t outputZp = zeroPointBits(frame.lookup(rescale.getOutputZp()), "output_zp", op);
  const int64_t rank = static_cast<int64_t>(input.shape().size());
  if (std::optional<requant::Violation> error = requant::checkRescale(a, inputZp, outputZp, rank))
    fail(op.getLoc(), "tosa.rescale: " + error->message());

  // 4. NC multipliers and shifts, at run time (a `?` length passes MLIR).
  const int64_t nc = a.perChannel ? input.shape().back() : 1;
  const RuntimeValue &multiplier = frame.lookup(rescale.getMultiplier());
  const RuntimeValue &shift = frame.lookup(rescale.getShift());
  checkChannelParameter(multiplier, "multiplier", nc, a.perChannel, op);
  checkChannelParameter(shift, "shift", nc, a.perChannel, op);

  // 5. Each element by the run's recipe; a poison input element stays poison
  //    (its REQUIREs are about a value that is not there).
  ElementType outputElement = interp.valueType(rescale.getOutput().getType(), op.getLoc()).element;
  RuntimeValue result = RuntimeValue::tensor(outputElement, input.shape());
  // Channel c's multiplier (mul_t, read signed) and shift (int8).
  auto multiplierOf = [&](int64_t c) {
    return requant::extendBits(static_cast<uint64_t>(multiplier.get(c)), multiplierWidth,
                               /*isUnsigned=*/false);
  };
  auto shiftOf = [&](int64_t c) {
    return static_cast<int8_t>(
        requant::extendBits(static_cast<uint64_t>(shift.get(c)), 8, /*isUnsigned=*/false));
  };
  // [fast.rescale] The whole op at once where no element can break a
  // REQUIRE; otherwise (or with the fast paths off) element by element.
  bool computed = false;
  if (interp.options().fastPaths) {
    std::vector<int64_t> multipliers(static_cast<size_t>(nc));
    std::vector<int8_t> shifts(static_cast<size_t>(nc));
    for (int64_t c = 0; c < nc; ++c) {
      multipliers[size_t(c)] = multiplierOf(c);
      shifts[size_t(c)] = shiftOf(c);
    }
    if (std::optional<fast::RescalePlan> plan =
            fast::planRescale(interp.semantics().requantize, a, multipliers, shifts, inputZp,
                              outputZp, input)) {
      fast::rescaleTensor(*plan, input, result);
      interp.countFastPath(&FastPathUse::tosaRescale);
      computed = true;
    }
  }
  for (int64_t i = 0; !computed && i < input.size(); ++i) {
    if (input.isPoison(i)) {
      result.setPoison(i);
      continue;
    }
    const int64_t c = a.perChannel ? i % nc : 0; // index[rank - 1], row-major
    const int64_t m = multiplierOf(c);
    const int8_t s = shiftOf(c);
    requant::RescaledElement out = requant::requantizeElement(
        interp.semantics().requantize, a, static_cast<uint64_t>(input.get(i)), m, s, inputZp,
        outputZp);
    if (out.violation)
      fail(op.getLoc(), "tosa.rescale: element " + elementIndex(i, input.shape()) + ": " +
                            out.violation->message());
    result.set(i, out.bits);
  }
  interp.checkResult(result, rescale.getOutput().getType(), op.getLoc(), "tosa.rescale result");
  frame.bind(rescale.getOutput(), std::move(result));
}

//===-- tosa.apply_scale ----------------------------------------------------===//

/// [tosa.apply-scale] The specification's apply_scale_32 (i32 multiplier) or
/// apply_scale_16 (i16 multiplier), elementwise; never the run's recipe.
void evalApplyScale(Interpreter &interp, Frame &frame, mlir::Operation &op) {
  auto applyScale = llvm::cast<mlir::tosa::ApplyScaleOp>(op);
  const RoundingMode mode = roundingModeOf(applyScale.getRoundingMode());
  // The multiplier's type chooses the function.
  const bool scale32 =
      mlir::getElementTypeOrSelf(applyScale.getMultiplier().getType()).isSignlessInteger(32);
  if (!scale32)
    requireSignless(applyScale.getMultiplier(), "multiplier", 16,
                    "must be i32 (apply_scale_32) or i16 (apply_scale_16)", op);
  const unsigned multiplierWidth = scale32 ? 32 : 16;
  // The value parameter: int32_t of apply_scale_32, int48_t of apply_scale_16.
  const unsigned valueWidth = signlessWidth(
      applyScale.getValue(), "value", scale32 ? 32 : 48,
      scale32 ? "apply_scale_32 (i32 multiplier) takes an int32_t value: i32 or narrower"
              : "apply_scale_16 (i16 multiplier) takes an int48_t value: i48 or narrower",
      op);
  requireSignless(applyScale.getShift(), "shift", 8, "must be i8", op);
  requireSignless(applyScale.getOutput(), "result", 32, "must be i32", op);
  if (!scale32 && mode == RoundingMode::Double)
    fail(op.getLoc(), "tosa.apply_scale: rounding_mode = DOUBLE_ROUND needs an i32 multiplier "
                      "(apply_scale_16 has no double rounding)");

  const RuntimeValue &value = frame.lookup(applyScale.getValue());
  const RuntimeValue &multiplier = frame.lookup(applyScale.getMultiplier());
  const RuntimeValue &shift = frame.lookup(applyScale.getShift());
  ElementType resultElement =
      interp.valueType(applyScale.getOutput().getType(), op.getLoc()).element;
  int64_t index = 0;
  RuntimeValue result = mapElementsPoisonAware(
      op, {&value, &multiplier, &shift}, resultElement,
      [&](llvm::ArrayRef<numeric::Bits> bits, llvm::ArrayRef<bool> poison) {
        const int64_t i = index++;
        if (poison[0] || poison[1] || poison[2])
          return ElementResult{0, true}; // [eval.elementwise] 3
        // Signless operands are read signed, as the int32_t / int16_t /
        // int48_t / int8_t parameters they stand for.
        const int64_t v = requant::extendBits(static_cast<uint64_t>(bits[0]), valueWidth, false);
        const int64_t m =
            requant::extendBits(static_cast<uint64_t>(bits[1]), multiplierWidth, false);
        const auto s = static_cast<int8_t>(
            requant::extendBits(static_cast<uint64_t>(bits[2]), 8, false));
        requant::Scaled scaled =
            scale32 ? requant::applyScale32(static_cast<int32_t>(v), static_cast<int32_t>(m), s,
                                            mode == RoundingMode::Double)
                    : requant::applyScale16(v, static_cast<int16_t>(m), s);
        if (scaled.violation)
          fail(op.getLoc(), "tosa.apply_scale: " +
                                (value.isTensor() ? "element " + elementIndex(i, value.shape()) +
                                                        ": "
                                                  : std::string()) +
                                scaled.violation->message());
        return ElementResult{numeric::Bits(requant::truncateBits(scaled.value, 32)), false};
      });
  frame.bind(applyScale.getOutput(), std::move(result));
}

} // namespace

void registerTosaOps(llvm::StringMap<OpEvaluator> &table) {
  table["tosa.const"] = evalConst;
  table["tosa.rescale"] = evalRescale;
  table["tosa.apply_scale"] = evalApplyScale;
}

} // namespace qi::eval
