//===- TosaKernelSupport.cpp - What TOSA contraction and pooling kernels share ===//
//
// Spec: spec/tosa-contractions.md [contract.*].
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaKernelSupport.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"
#include "interpreter/requant/Rescale.h"
#include "interpreter/requant/TosaArithmetic.h"
#include "interpreter/value/ValuePrinter.h"

#include <cstdint>

namespace qi::eval::tosakernel {

void fail(std::string message) { throw KernelError{std::move(message)}; }

void errorIf(std::string where, std::string condition, std::string detail) {
  fail(requant::Violation{requant::Violation::Kind::ErrorIf, std::move(where),
                          std::move(condition), std::move(detail)}
           .message());
}

std::string indexText(const std::vector<int64_t> &index) {
  std::string text = "[";
  for (size_t i = 0; i < index.size(); ++i)
    text += (i ? ", " : "") + std::to_string(index[i]);
  return text + "]";
}

std::string shapeText(const Shape &shape) { return indexText(shape); }

std::optional<int64_t> DeclaredShape::staticDim(size_t d) const {
  if (!ranked || d >= dims.size() || dims[d] < 0)
    return std::nullopt;
  return dims[d];
}

namespace {

std::string declaredText(const DeclaredShape &declared) {
  if (!declared.ranked)
    return "*";
  std::string text = "[";
  for (size_t d = 0; d < declared.dims.size(); ++d)
    text += (d ? ", " : "") +
            (declared.dims[d] < 0 ? std::string("?") : std::to_string(declared.dims[d]));
  return text + "]";
}

} // namespace

//===-- [contract.types] --------------------------------------------------===//

void checkTypes(const TypeTable &table, const std::vector<ElementType> &actual) {
  for (const std::vector<const char *> &row : table.rows) {
    bool match = row.size() == actual.size();
    for (size_t r = 0; match && r < row.size(); ++r)
      match = actual[r].toString() == row[r];
    if (match)
      return;
  }
  std::string detail;
  for (size_t r = 0; r < actual.size(); ++r)
    detail += (r ? ", " : "") + std::string(table.roles[r]) + " = " + actual[r].toString();
  detail += "; supported:";
  for (size_t i = 0; i < table.rows.size(); ++i) {
    detail += (i ? ", (" : " (");
    for (size_t r = 0; r < table.rows[i].size(); ++r)
      detail += (r ? ", " : "") + std::string(table.rows[i][r]);
    detail += ")";
  }
  errorIf(table.op,
          "operator data types do not meet requirement of operator Supported Data Types",
          detail);
}

//===-- [contract.arguments] ----------------------------------------------===//

void checkRank(const char *op, const char *name, const RuntimeValue &value, size_t rank) {
  if (!value.isTensor() || value.shape().size() != rank)
    errorIf(op, "rank(" + std::string(name) + ") != " + std::to_string(rank),
            std::string(name) + ": " + (value.isTensor() ? shapeText(value.shape()) : "scalar"));
}

void checkDim(const char *op, const char *name, const Shape &shape, size_t d,
              const char *dimName, int64_t expected, const std::string &what) {
  if (shape[d] != expected)
    errorIf(op, "shape(" + std::string(name) + ")[" + std::to_string(d) + "] != " + dimName,
            std::string(name) + ": " + shapeText(shape) + "; " + what);
}

Shape outputShape(const char *op, const DeclaredShape &declared, const Shape &derived,
                  const std::vector<const char *> &dimNames,
                  const std::vector<bool> &leaveToPseudoCode) {
  if (declared.ranked && declared.dims.size() != derived.size())
    errorIf(op, "rank(output) != " + std::to_string(derived.size()),
            "output: " + declaredText(declared));
  Shape shape = derived;
  for (size_t d = 0; d < derived.size(); ++d) {
    std::optional<int64_t> fixed = declared.staticDim(d);
    if (!fixed)
      continue;
    const bool own = d < leaveToPseudoCode.size() && leaveToPseudoCode[d];
    if (!own && *fixed != derived[d])
      errorIf(op, "shape(output)[" + std::to_string(d) + "] != " + dimNames[d],
              "output: " + declaredText(declared) + "; " + dimNames[d] + " = " +
                  std::to_string(derived[d]));
    shape[d] = *fixed;
  }
  return shape;
}

//===-- [contract.zero-point] ---------------------------------------------===//

numeric::Bits zeroPointBits(const char *name, const RuntimeValue &zp, const ElementType &type) {
  if (!(zp.elementType() == type))
    fail(std::string(name) + " has element type " + zp.elementType().toString() +
         ", expected " + type.toString() + " (the type of the data it corrects)");
  if (zp.size() != 1)
    fail(std::string(name) + " has " + std::to_string(zp.size()) +
         (zp.size() == 1 ? " element" : " elements") + ", expected 1");
  if (zp.isPoison(0))
    fail(std::string(name) + " is poison");
  return zp.get(0);
}

bool isNonZero(const ElementType &type, numeric::Bits bits) {
  if (type.isFloat()) {
    const numeric::FloatFormat &format = *type.floatFormat;
    // +0 and -0 are == 0; NaN is != 0.
    return numeric::classify(format, bits) != numeric::FloatClass::Zero;
  }
  return IntArithmetic::fromBits(type, bits) != 0;
}

std::string zeroPointText(const ElementType &type, numeric::Bits bits) {
  return formatElement(type, bits);
}

void checkZeroPoint(const char *op, const char *role, const char *name, const ElementType &type,
                    numeric::Bits bits) {
  if (type.toString() != "i8" && isNonZero(type, bits))
    errorIf(op, "!is_same<" + std::string(role) + ",i8_t>() && " + name + " != 0",
            std::string(name) + " = " + zeroPointText(type, bits) + ", " + role + " = " +
                type.toString());
}

//===-- IntArithmetic -----------------------------------------------------===//

IntArithmetic::Value IntArithmetic::read(const RuntimeValue &tensor, int64_t offset) {
  return fromBits(tensor.elementType(), tensor.get(offset));
}

IntArithmetic::Value IntArithmetic::fromBits(const ElementType &type, numeric::Bits bits) {
  return requant::extendBits(static_cast<uint64_t>(bits), type.intWidth, /*isUnsigned=*/false);
}

namespace {

int64_t checked(const requant::TosaInt &result) {
  if (result.violation)
    throw *result.violation;
  return result.value;
}

} // namespace

IntArithmetic::Value IntArithmetic::sub(Value a, Value b, const char *aName,
                                        const char *bName) const {
  return checked(requant::applySubS(a, b, accWidth_, aName, bName));
}

IntArithmetic::Value IntArithmetic::mul(Value a, Value b) const {
  return requant::applyMulS(a, b, accWidth_);
}

IntArithmetic::Value IntArithmetic::add(Value a, Value b, const char *aName,
                                        const char *bName) const {
  return checked(requant::applyAddS(a, b, accWidth_, aName, bName));
}

IntArithmetic::Value IntArithmetic::toOut(Value acc) const {
  // static_cast<out_t>: truncate, read back signed (acc_t == out_t in
  // every integer mode, so this keeps the value).
  return requant::extendBits(requant::truncateBits(acc, outWidth_), outWidth_, false);
}

IntArithmetic::Value IntArithmetic::addOut(Value a, Value b, const char *aName,
                                           const char *bName) const {
  return checked(requant::applyAddS(a, b, outWidth_, aName, bName));
}

numeric::Bits IntArithmetic::outBits(Value v) const {
  return requant::truncateBits(v, outWidth_);
}

//===-- FloatArithmetic ---------------------------------------------------===//

namespace {

constexpr numeric::RoundingMode kNearestEven = numeric::RoundingMode::NearestEven;

numeric::Bits masked(const numeric::FloatFormat &format, const numeric::FloatResult &r) {
  return r.bits & format.allBitsMask();
}

} // namespace

FloatArithmetic::Value FloatArithmetic::read(const RuntimeValue &tensor, int64_t offset) const {
  return fromBits(tensor.elementType(), tensor.get(offset));
}

FloatArithmetic::Value FloatArithmetic::fromBits(const ElementType &type,
                                                 numeric::Bits bits) const {
  if (type.floatFormat == acc_)
    return bits;
  return masked(*acc_, numeric::floatConvert(*type.floatFormat, bits, *acc_, kNearestEven));
}

FloatArithmetic::Value FloatArithmetic::sub(Value a, Value b, const char *, const char *) const {
  return masked(*acc_, numeric::floatSub(*acc_, a, b, kNearestEven));
}

FloatArithmetic::Value FloatArithmetic::mul(Value a, Value b) const {
  return masked(*acc_, numeric::floatMul(*acc_, a, b, kNearestEven));
}

FloatArithmetic::Value FloatArithmetic::add(Value a, Value b, const char *, const char *) const {
  return masked(*acc_, numeric::floatAdd(*acc_, a, b, kNearestEven));
}

FloatArithmetic::Value FloatArithmetic::div(Value a, Value b) const {
  return masked(*acc_, numeric::floatDiv(*acc_, a, b, kNearestEven));
}

FloatArithmetic::Value FloatArithmetic::fromCount(int64_t count) const {
  return masked(*acc_, numeric::intToFloat(numeric::BigInt(count), *acc_, kNearestEven));
}

FloatArithmetic::Value FloatArithmetic::toOut(Value acc) const {
  if (acc_ == out_)
    return acc;
  return masked(*out_, numeric::floatConvert(*acc_, acc, *out_, kNearestEven));
}

FloatArithmetic::Value FloatArithmetic::addOut(Value a, Value b, const char *,
                                               const char *) const {
  return masked(*out_, numeric::floatAdd(*out_, a, b, kNearestEven));
}

numeric::Bits FloatArithmetic::outBits(Value v) const {
  return numeric::isNaN(*out_, v) ? numeric::defaultNaN(*out_) : v;
}

//===-- [contract.geometry] -----------------------------------------------===//

void checkInt32Attribute(const char *op, const char *name, int64_t value) {
  if (value < INT32_MIN || value > INT32_MAX)
    errorIf(op, std::string(name) + " is not an int32_t",
            std::string(name) + " = " + std::to_string(value));
}

int64_t checkWindowOutput(const char *op, const char *sizeName, std::optional<int64_t> declared,
                          int64_t numerator, int64_t stride, const std::string &condition,
                          const std::string &numeratorText, const char *strideName,
                          const std::string &terms) {
  // idiv_check(input1, input2): ERROR_IF(input1 % input2 != 0), C's
  // remainder (truncating division): -3 % 2 != 0, -4 % 2 == 0.
  if (numerator % stride != 0)
    errorIf(std::string("idiv_check in ") + op + "'s " + sizeName, "input1 % input2 != 0",
            "input1 = " + numeratorText + " = " + std::to_string(numerator) + ", input2 = " +
                strideName + " = " + std::to_string(stride) + "; " + terms);
  const int64_t derived = numerator / stride + 1;
  if (declared ? *declared != derived : derived < 0)
    errorIf(op, condition,
            std::string(sizeName) + " = " +
                (declared ? std::to_string(*declared) : std::string("? (dynamic)")) + "; " +
                terms + " give " + std::to_string(derived));
  return derived;
}

} // namespace qi::eval::tosakernel
