//===- TosaElementwise.cpp - TOSA 1.0 ADD, SUB, MUL, CLAMP, NEGATE --------===//
//
// Spec: [tosa.add], [tosa.sub], [tosa.mul], [tosa.clamp], [tosa.negate],
// with [tosa-ew.errors] for the order of the checks. The loops are the
// pseudo-code's (TOSA 1.0.2, pseudocode/operators/{ADD,SUB,MUL,CLAMP,
// NEGATE}.tosac, pseudocode/library/{broadcast_shape,arithmetic_helpers}.tosac),
// quoted where the code follows them; integers through requant's
// apply_add_s / apply_sub_s (main's REQUIRE text, [contract.source] 4),
// floats one numeric-core operation per step ([contract.float] 1, 3).
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaElementwise.h"

#include "interpreter/numeric/Exact.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"
#include "interpreter/requant/Rescale.h"
#include "interpreter/requant/TosaArithmetic.h"
#include "interpreter/value/ValuePrinter.h"

#include <limits>
#include <string>

namespace qi::eval::tosakernel {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

/// An operand must be a tensor of the element type its role has in the
/// matched type-support row (the evaluators build the roles from the
/// operands; this keeps a direct caller honest).
void checkOperand(const RuntimeValue &value, const char *name, const char *role,
                  const ElementType &type) {
  if (!value.isTensor())
    fail(std::string(name) + " is a scalar, expected a tensor");
  if (!(value.elementType() == type))
    fail(std::string(name) + " has element type " + value.elementType().toString() +
         ", expected " + role + " = " + type.toString());
}

/// A REQUIRE that failed while computing output element `index`.
[[noreturn]] void requireFailed(const requant::Violation &violation,
                                const std::vector<int64_t> &index) {
  fail("element " + indexText(index) + ": " + violation.message());
}

int64_t checked(const requant::TosaInt &result, const std::vector<int64_t> &index) {
  if (result.violation)
    requireFailed(*result.violation, index);
  return result.value;
}

/// Visits the output positions of `shape` in row-major order with the
/// offsets apply_broadcast gives into inputs of shapes `shape1`, `shape2`
/// (a size-1 dimension reads index 0). body(index, offset, offset1, offset2).
template <typename Body>
void forEachBroadcast(const Shape &shape, const Shape &shape1, const Shape &shape2, Body body) {
  const int64_t total = numElements(shape);
  const size_t rank = shape.size();
  const std::vector<int64_t> strides1 = rowMajorStrides(shape1), strides2 = rowMajorStrides(shape2);
  std::vector<int64_t> index(rank, 0);
  int64_t offset1 = 0, offset2 = 0;
  for (int64_t o = 0; o < total; ++o) {
    body(index, o, offset1, offset2);
    // Step the odometer: the last dimension fastest.
    for (size_t d = rank; d-- > 0;) {
      const int64_t step1 = shape1[d] == 1 ? 0 : strides1[d];
      const int64_t step2 = shape2[d] == 1 ? 0 : strides2[d];
      if (++index[d] < shape[d]) {
        offset1 += step1;
        offset2 += step2;
        break;
      }
      offset1 -= step1 * (shape[d] - 1);
      offset2 -= step2 * (shape[d] - 1);
      index[d] = 0;
    }
  }
}

constexpr numeric::RoundingMode kNearestEven = numeric::RoundingMode::NearestEven;

/// A float result as out_t's pattern: a NaN is the default NaN. [contract.float] 3
numeric::Bits floatOut(const numeric::FloatFormat &format, const numeric::FloatResult &r) {
  const numeric::Bits bits = r.bits & format.allBitsMask();
  return numeric::isNaN(format, bits) ? numeric::defaultNaN(format) : bits;
}

/// a >= b of two non-NaN patterns (+0 and -0 are equal).
bool floatGreaterEqual(const numeric::FloatFormat &format, numeric::Bits a, numeric::Bits b) {
  return numeric::exactCompare(numeric::decode(format, a), numeric::decode(format, b)) >= 0;
}

/// apply_max_s / apply_min_s of arithmetic_helpers.tosac on float patterns:
///   if (is_a_NaN(a) || is_a_NaN(b)) return compare_nan(a, b, nan_mode);
///   max: if (a >= b) return a; else return b;   min: if (a < b) return a; else return b;
/// compare_nan: PROPAGATE -> NaN; else is_a_NaN(a) ? b : a.
numeric::Bits floatMaxS(const numeric::FloatFormat &f, numeric::Bits a, numeric::Bits b,
                        NanMode mode) {
  const bool nanA = numeric::isNaN(f, a), nanB = numeric::isNaN(f, b);
  if (nanA || nanB)
    return mode == NanMode::Propagate ? numeric::defaultNaN(f) : nanA ? b : a;
  return floatGreaterEqual(f, a, b) ? a : b;
}
numeric::Bits floatMinS(const numeric::FloatFormat &f, numeric::Bits a, numeric::Bits b,
                        NanMode mode) {
  const bool nanA = numeric::isNaN(f, a), nanB = numeric::isNaN(f, b);
  if (nanA || nanB)
    return mode == NanMode::Propagate ? numeric::defaultNaN(f) : nanA ? b : a;
  return !floatGreaterEqual(f, a, b) ? a : b; // a < b
}

int64_t signedValue(const ElementType &type, numeric::Bits bits) {
  return requant::extendBits(static_cast<uint64_t>(bits), type.intWidth, /*isUnsigned=*/false);
}

//===-- ADD / SUB ---------------------------------------------------------===//

enum class AddSub { Add, Sub };

RuntimeValue addSub(AddSub which, const ElementType &inOut, const RuntimeValue &input1,
                    const RuntimeValue &input2, const DeclaredShape &output) {
  const char *op = which == AddSub::Add ? "ADD" : "SUB";
  checkTypes(addSubTypes(op), {inOut});
  checkOperand(input1, "input1", "in_out_t", inOut);
  checkOperand(input2, "input2", "in_out_t", inOut);
  // ERROR_IF(shape != broadcast_shape(shape1, shape2));
  const Shape shape = broadcastOutput(op, input1.shape(), input2.shape(), output);
  RuntimeValue result = RuntimeValue::tensor(inOut, shape);
  const bool anyPoison = input1.hasPoison() || input2.hasPoison();
  const numeric::FloatFormat *format = inOut.isFloat() ? inOut.floatFormat : nullptr;
  forEachBroadcast(shape, input1.shape(), input2.shape(),
                   [&](const std::vector<int64_t> &index, int64_t o, int64_t i1, int64_t i2) {
    if (anyPoison && (input1.isPoison(i1) || input2.isPoison(i2))) {
      result.setPoison(o); // no value, so no REQUIRE to check
      return;
    }
    // in_out_t value1 = tensor_read<in_out_t>(input1, shape1, index1);
    // in_out_t value2 = tensor_read<in_out_t>(input2, shape2, index2);
    const numeric::Bits value1 = input1.get(i1), value2 = input2.get(i2);
    if (format) { // apply_add_s: if (is_floating_point<in_t>()) return a + b;
      result.set(o, floatOut(*format, which == AddSub::Add
                                          ? numeric::floatAdd(*format, value1, value2, kNearestEven)
                                          : numeric::floatSub(*format, value1, value2, kNearestEven)));
      return;
    }
    // in_out_t result = apply_add_s<in_out_t>(value1, value2); (SUB: apply_sub_s)
    const int64_t a = signedValue(inOut, value1), b = signedValue(inOut, value2);
    const int64_t sum = checked(which == AddSub::Add
                                    ? requant::applyAddS(a, b, inOut.intWidth, "value1", "value2")
                                    : requant::applySubS(a, b, inOut.intWidth, "value1", "value2"),
                                index);
    result.set(o, requant::truncateBits(sum, inOut.intWidth));
  });
  return result;
}

} // namespace

//===-- Types and shapes --------------------------------------------------===//

const TypeTable &addSubTypes(const char *op) {
  static const TypeTable add{"ADD", {"in_out_t"}, {{"i32"}, {"f16"}, {"bf16"}, {"f32"}}};
  static const TypeTable sub{"SUB", {"in_out_t"}, {{"i32"}, {"f16"}, {"bf16"}, {"f32"}}};
  return std::string(op) == "ADD" ? add : sub;
}

const TypeTable &mulTypes() {
  static const TypeTable table{"MUL",
                               {"in_t", "out_t"},
                               {{"i8", "i32"},
                                {"i16", "i32"},
                                {"i32", "i32"},
                                {"f16", "f16"},
                                {"bf16", "bf16"},
                                {"f32", "f32"}}};
  return table;
}

const TypeTable &clampTypes() {
  static const TypeTable table{"CLAMP", {"in_out_t"}, {{"i8"}, {"i16"}, {"f16"}, {"bf16"}, {"f32"}}};
  return table;
}

const TypeTable &negateTypes() {
  // acc_t is i32_t for every integer row and in_out_t for the float rows.
  static const TypeTable table{"NEGATE",
                               {"in_out_t"},
                               {{"i8"}, {"i16"}, {"i32"}, {"f16"}, {"bf16"}, {"f32"}}};
  return table;
}

std::string declaredShapeText(const DeclaredShape &declared) {
  if (!declared.ranked)
    return "*";
  std::string text = "[";
  for (size_t d = 0; d < declared.dims.size(); ++d)
    text += (d ? ", " : "") + (declared.dims[d] < 0 ? std::string("?") : str(declared.dims[d]));
  return text + "]";
}

Shape broadcastOutput(const char *op, const Shape &shape1, const Shape &shape2,
                      const DeclaredShape &output) {
  const std::string where = std::string("broadcast_shape in ") + op;
  const std::string shapes = "shape1 = " + shapeText(shape1) + ", shape2 = " + shapeText(shape2);
  // ERROR_IF(rank(shape1) != rank(shape2));
  if (shape1.size() != shape2.size())
    errorIf(where, "rank(shape1) != rank(shape2)", shapes);
  // shape_t shape = shape1;
  // if (shape[i] == 1) shape[i] = shape2[i];
  // else ERROR_IF(shape2[i] != 1 && shape2[i] != shape[i]);
  Shape shape = shape1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1)
      shape[i] = shape2[i];
    else if (shape2[i] != 1 && shape2[i] != shape[i])
      errorIf(where, "shape2[i] != 1 && shape2[i] != shape[i]", "i = " + str(int64_t(i)) + ", " + shapes);
  }
  // ERROR_IF(shape != broadcast_shape(shape1, shape2)): the declared output
  // where it is static; a dynamic dimension is the broadcast one.
  bool differs = output.ranked && output.dims.size() != shape.size();
  for (size_t d = 0; !differs && d < shape.size(); ++d)
    differs = output.staticDim(d) && *output.staticDim(d) != shape[d];
  if (differs)
    errorIf(op, "shape != broadcast_shape(shape1, shape2)",
            "shape = " + declaredShapeText(output) + ", broadcast_shape(shape1, shape2) = " +
                shapeText(shape));
  return shape;
}

Shape sameShapeOutput(const char *op, const DeclaredShape &output, const Shape &shape,
                      const std::string &condition, const std::string &shapeName) {
  bool differs = output.ranked && output.dims.size() != shape.size();
  for (size_t d = 0; !differs && d < shape.size(); ++d)
    differs = output.staticDim(d) && *output.staticDim(d) != shape[d];
  if (differs)
    errorIf(op, condition,
            "output: " + declaredShapeText(output) + ", " + shapeName + ": " + shapeText(shape));
  return shape;
}

//===-- ADD / SUB / MUL ---------------------------------------------------===//

RuntimeValue add(const ElementType &inOut, const RuntimeValue &input1, const RuntimeValue &input2,
                 const DeclaredShape &output) {
  return addSub(AddSub::Add, inOut, input1, input2, output);
}

RuntimeValue sub(const ElementType &inOut, const RuntimeValue &input1, const RuntimeValue &input2,
                 const DeclaredShape &output) {
  return addSub(AddSub::Sub, inOut, input1, input2, output);
}

RuntimeValue mul(const ElementType &in, const ElementType &out, const RuntimeValue &input1,
                 const RuntimeValue &input2, const RuntimeValue &shiftOperand,
                 const DeclaredShape &output) {
  const char *op = "MUL";
  checkTypes(mulTypes(), {in, out});
  checkOperand(input1, "input1", "in_t", in);
  checkOperand(input2, "input2", "in_t", in);
  // shift: tensor_t of i8_t, shape [1]; one defined element decides every
  // element, so a poison one is an error ([tosa-ew.errors] 2).
  const ElementType i8 = ElementType::makeInteger(8);
  if (!(shiftOperand.elementType() == i8))
    fail("shift has element type " + shiftOperand.elementType().toString() + ", expected i8");
  const int64_t shift = signedValue(i8, zeroPointBits("shift", shiftOperand, i8));
  // REQUIRE(0 <= shift && shift <= 63);
  // REQUIRE(is_same<in_t,int32_t>() || shift == 0);
  const bool in32 = in.isInteger() && in.intWidth == 32;
  if (!(0 <= shift && shift <= 63))
    fail(requant::Violation{requant::Violation::Kind::Require, op, "0 <= shift && shift <= 63",
                            "shift = " + str(shift)}
             .message());
  if (!(in32 || shift == 0))
    fail(requant::Violation{requant::Violation::Kind::Require, op,
                            "is_same<in_t,int32_t>() || shift == 0",
                            "shift = " + str(shift) + ", in_t = " + in.toString()}
             .message());
  // ERROR_IF(shape != broadcast_shape(shape1, shape2));
  const Shape shape = broadcastOutput(op, input1.shape(), input2.shape(), output);
  RuntimeValue result = RuntimeValue::tensor(out, shape);
  const bool anyPoison = input1.hasPoison() || input2.hasPoison();
  const numeric::FloatFormat *format = out.isFloat() ? out.floatFormat : nullptr;
  forEachBroadcast(shape, input1.shape(), input2.shape(),
                   [&](const std::vector<int64_t> &index, int64_t o, int64_t i1, int64_t i2) {
    if (anyPoison && (input1.isPoison(i1) || input2.isPoison(i2))) {
      result.setPoison(o);
      return;
    }
    if (format) { // apply_mul_s: if (is_floating_point<in_t>()) return a * b;
      result.set(o, floatOut(*format, numeric::floatMul(*format, input1.get(i1), input2.get(i2),
                                                        kNearestEven)));
      return;
    }
    const int64_t value1 = signedValue(in, input1.get(i1)), value2 = signedValue(in, input2.get(i2));
    if (in32 && shift > 0) {
      // int64_t product = sign_extend<int64_t>(value1) * sign_extend<int64_t>(value2);
      // int64_t round   = static_cast<int64_t>(1) << (shift - 1);
      // product = (product + round) >> shift;
      // int64_t overflow in product + round is unpredictable (TOSA 1.0
      // "Integer Behavior"), an error here ([tosa.mul] 3). With a, b in
      // [-2^31, 2^31 - 1], a * b is in [-2^62 + 2^31, 2^62] and round in
      // [1, 2^62]: the sum is above -2^63 always, and above 2^63 - 1 only if
      // a * b = 2^62 (a = b = -2^31) and round = 2^62 (shift 63).
      const __int128 sum =
          static_cast<__int128>(value1) * value2 + (static_cast<__int128>(1) << (shift - 1));
      if (sum > std::numeric_limits<int64_t>::max())
        requireFailed(requant::Violation{requant::Violation::Kind::Require, op,
                                         "product + round <= maximum_s<int64_t>()",
                                         "value1 = " + str(value1) + ", value2 = " + str(value2) +
                                             ", shift = " + str(shift)},
                      index);
      const __int128 rounded = sum >> shift;
      // REQUIRE(product >= minimum_s<i32_t>() && product <= maximum_s<i32_t>());
      if (rounded < requant::minimumS(32) || rounded > requant::maximumS(32))
        requireFailed(requant::Violation{requant::Violation::Kind::Require, op,
                                         "product >= minimum_s<i32_t>() && product <= "
                                         "maximum_s<i32_t>()",
                                         "value1 = " + str(value1) + ", value2 = " + str(value2) +
                                             ", shift = " + str(shift) + ", product = " +
                                             str(static_cast<int64_t>(rounded))},
                      index);
      result.set(o, requant::truncateBits(static_cast<int64_t>(rounded), 32));
      return;
    }
    // result = apply_mul_s<out_t>(static_cast<out_t>(value1), static_cast<out_t>(value2));
    // (low 32 bits of the product for i32_t: apply_mul_s has no REQUIRE)
    result.set(o, requant::truncateBits(requant::applyMulS(value1, value2, out.intWidth),
                                        out.intWidth));
  });
  return result;
}

//===-- CLAMP -------------------------------------------------------------===//

RuntimeValue clamp(const ElementType &inOut, const RuntimeValue &input, const ClampAttributes &a,
                   const DeclaredShape &output) {
  const char *op = "CLAMP";
  checkTypes(clampTypes(), {inOut});
  checkOperand(input, "input", "in_out_t", inOut);
  const numeric::FloatFormat *format = inOut.isFloat() ? inOut.floatFormat : nullptr;
  const std::string values =
      "min_val = " + formatElement(inOut, a.minVal) + ", max_val = " + formatElement(inOut, a.maxVal);
  // ERROR_IF(max_val < min_val);
  // ERROR_IF(is_a_NaN(min_val) || is_a_NaN(max_val));  (v1.0.2: isNaN)
  const bool nanMin = format && numeric::isNaN(*format, a.minVal);
  const bool nanMax = format && numeric::isNaN(*format, a.maxVal);
  const bool inverted = format ? !nanMin && !nanMax && !floatGreaterEqual(*format, a.maxVal, a.minVal)
                               : signedValue(inOut, a.maxVal) < signedValue(inOut, a.minVal);
  if (inverted)
    errorIf(op, "max_val < min_val", values);
  if (nanMin || nanMax)
    errorIf(op, "is_a_NaN(min_val) || is_a_NaN(max_val)", values);
  const Shape shape =
      sameShapeOutput(op, output, input.shape(), "shape(output) != shape(input)", "input");
  RuntimeValue result = RuntimeValue::tensor(inOut, shape);
  const int64_t size = result.size();
  for (int64_t o = 0; o < size; ++o) {
    if (input.isPoison(o)) {
      result.setPoison(o);
      continue;
    }
    // value = apply_clip_s<in_out_t>(value, min_val, max_val, nan_mode);
    // apply_clip_s's REQUIREs (min_val <= max_val, no NaN) are the ERROR_IFs above.
    //   value = apply_max_s<in_t>(value, min_val, nan_mode);
    //   value = apply_min_s<in_t>(value, max_val, nan_mode);
    const numeric::Bits value = input.get(o);
    if (format) {
      const numeric::Bits low = floatMaxS(*format, value, a.minVal, a.nanMode);
      result.set(o, floatMinS(*format, low, a.maxVal, a.nanMode));
      continue;
    }
    int64_t v = signedValue(inOut, value);
    const int64_t lo = signedValue(inOut, a.minVal), hi = signedValue(inOut, a.maxVal);
    v = v >= lo ? v : lo; // if (sign_extend<int64_t>(a) >= sign_extend<int64_t>(b)) return a; else return b;
    v = v < hi ? v : hi;  // if (sign_extend<int64_t>(a) < sign_extend<int64_t>(b)) return a; else return b;
    result.set(o, requant::truncateBits(v, inOut.intWidth));
  }
  return result;
}

//===-- NEGATE ------------------------------------------------------------===//

RuntimeValue negate(const ElementType &inOut, const RuntimeValue &input1,
                    const RuntimeValue &input1Zp, const RuntimeValue &outputZp,
                    const DeclaredShape &output) {
  const char *op = "NEGATE";
  checkTypes(negateTypes(), {inOut});
  checkOperand(input1, "input1", "in_out_t", inOut);
  const numeric::Bits inZpBits = zeroPointBits("input1_zp", input1Zp, inOut);
  const numeric::Bits outZpBits = zeroPointBits("output_zp", outputZp, inOut);
  // ERROR_IF(!is_same<in_out_t,i8_t>() && input1_zp != 0);
  // ERROR_IF(!is_same<in_out_t,i8_t>() && output_zp != 0);
  checkZeroPoint(op, "in_out_t", "input1_zp", inOut, inZpBits);
  checkZeroPoint(op, "in_out_t", "output_zp", inOut, outZpBits);
  const Shape shape =
      sameShapeOutput(op, output, input1.shape(), "shape(output) != shape(input1)", "input1");
  RuntimeValue result = RuntimeValue::tensor(inOut, shape);
  const int64_t size = result.size();
  const std::vector<int64_t> strides = rowMajorStrides(shape);
  auto indexOf = [&](int64_t o) {
    std::vector<int64_t> index(shape.size());
    for (size_t d = 0; d < shape.size(); ++d)
      index[d] = (o / strides[d]) % shape[d];
    return index;
  };
  if (inOut.isFloat()) {
    // acc_t = in_out_t: each step one operation rounded in it; 0 is +0.
    const FloatArithmetic arith(*inOut.floatFormat, *inOut.floatFormat);
    for (int64_t o = 0; o < size; ++o) {
      if (input1.isPoison(o)) {
        result.setPoison(o);
        continue;
      }
      auto value = arith.sub(input1.get(o), inZpBits, "value1", "input1_zp");
      value = arith.sub(arith.zero(), value, "0", "value");
      value = arith.add(value, outZpBits, "value", "output_zp");
      // apply_clip_s<acc_t>(value, minimum_s<in_out_t>() = -inf, maximum_s<in_out_t>() = +inf)
      // (PROPAGATE): a NaN stays NaN, every other value is inside.
      result.set(o, arith.outBits(value));
    }
    return result;
  }
  const unsigned acc = 32; // acc_t = i32_t in every integer row
  const int64_t inZp = signedValue(inOut, inZpBits), outZp = signedValue(inOut, outZpBits);
  const int64_t lo = requant::minimumS(inOut.intWidth), hi = requant::maximumS(inOut.intWidth);
  for (int64_t o = 0; o < size; ++o) {
    if (input1.isPoison(o)) {
      result.setPoison(o);
      continue;
    }
    // in_out_t value1 = tensor_read<in_out_t>(input1, shape, index);
    // acc_t value = apply_sub_s<acc_t>(sign_extend<acc_t>(value1), sign_extend<acc_t>(input1_zp));
    // value = apply_sub_s<acc_t>(0, value);
    // value = apply_add_s<acc_t>(value, sign_extend<acc_t>(output_zp));
    const int64_t value1 = signedValue(inOut, input1.get(o));
    requant::TosaInt v = requant::applySubS(value1, inZp, acc, "value1", "input1_zp");
    if (!v.violation)
      v = requant::applySubS(0, v.value, acc, "0", "value");
    if (!v.violation)
      v = requant::applyAddS(v.value, outZp, acc, "value", "output_zp");
    int64_t value = checked(v, v.violation ? indexOf(o) : std::vector<int64_t>{});
    // in_out_t result = truncate<in_out_t>(apply_clip_s<acc_t>(value,
    //                       minimum_s<in_out_t>(), maximum_s<in_out_t>()));
    value = value >= lo ? value : lo;
    value = value < hi ? value : hi;
    result.set(o, requant::truncateBits(value, inOut.intWidth));
  }
  return result;
}

} // namespace qi::eval::tosakernel
