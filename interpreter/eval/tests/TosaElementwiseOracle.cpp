//===- TosaElementwiseOracle.cpp - TOSA elementwise / data-movement oracle ===//
//
// Spec: [tosa-ew.*]. See the header: written from the chapter's text and
// the pseudo-code, in plain C++.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/tests/TosaElementwiseOracle.h"

#include <cmath>
#include <map>
#include <stdexcept>

namespace qi::eval::ewo {

namespace {

struct Format {
  int precision, minExp, maxExp, bits;
  bool infinity; // f8E4M3FN has none (and one NaN pattern per sign)
};

const Format *formatOf(const std::string &type) {
  static const std::map<std::string, Format> formats{
      {"f32", {24, -126, 127, 32, true}},
      {"f16", {11, -14, 15, 16, true}},
      {"bf16", {8, -126, 127, 16, true}},
  };
  auto it = formats.find(type);
  return it == formats.end() ? nullptr : &it->second;
}

/// A failed case.
struct Failure {
  std::string condition, element;
};

Result failed(const Failure &f) {
  Result r;
  r.ok = false;
  r.condition = f.condition;
  r.element = f.element;
  return r;
}

std::string indexString(const std::vector<int64_t> &index) {
  std::string s = "[";
  for (size_t i = 0; i < index.size(); ++i)
    s += (i ? ", " : "") + std::to_string(index[i]);
  return s + "]";
}

int64_t count(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// The multi-index of flat position `flat` in `shape`.
std::vector<int64_t> unflatten(int64_t flat, const std::vector<int64_t> &shape) {
  std::vector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

int64_t flatten(const std::vector<int64_t> &index, const std::vector<int64_t> &shape) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    flat = flat * shape[d] + index[d];
  return flat;
}

int64_t signedOf(const std::string &type, uint64_t bits) {
  const unsigned w = widthOf(type);
  const uint64_t mask = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
  bits &= mask;
  if (w < 64 && (bits >> (w - 1)) & 1)
    return static_cast<int64_t>(bits | ~mask);
  return static_cast<int64_t>(bits);
}

uint64_t patternOf(const std::string &type, __int128 value) {
  const unsigned w = widthOf(type);
  return static_cast<uint64_t>(value) & (w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1);
}

Tensor empty(const std::string &type, const std::vector<int64_t> &shape) {
  Tensor t{type, shape, {}, {}};
  t.bits.assign(size_t(count(shape)), 0);
  t.poison.assign(size_t(count(shape)), false);
  return t;
}

bool inTable(const std::vector<std::string> &rows, const std::string &row) {
  for (const std::string &r : rows)
    if (r == row)
      return true;
  return false;
}

const char *kTypes = "operator data types do not meet requirement of operator Supported Data Types";
const std::vector<std::string> kMoveTypes{"i1", "i8", "i16", "i32", "f8E4M3FN", "f8E5M2",
                                          "f16", "bf16", "f32"};

/// A declared shape agrees with `shape` where it is static.
bool agrees(const Declared &out, const std::vector<int64_t> &shape) {
  if (!out.ranked)
    return true;
  if (out.dims.size() != shape.size())
    return false;
  for (size_t d = 0; d < shape.size(); ++d)
    if (out.dims[d] >= 0 && out.dims[d] != shape[d])
      return false;
  return true;
}

/// The one element of a shape-[1] operand: "<name> has N elements" / "<name> is poison".
bool oneElement(const Tensor &t, const std::string &name, Failure &f) {
  if (t.bits.size() != 1) {
    f = {name + " has " + std::to_string(t.bits.size()) + " elements", ""};
    return false;
  }
  if (t.poison[0]) {
    f = {name + " is poison", ""};
    return false;
  }
  return true;
}

bool isNaNPattern(const std::string &type, uint64_t bits) { return std::isnan(toDouble(type, bits)); }

} // namespace

unsigned widthOf(const std::string &type) {
  if (const Format *f = formatOf(type))
    return unsigned(f->bits);
  if (type == "f8E4M3FN" || type == "f8E5M2")
    return 8;
  return unsigned(std::stoi(type.substr(1)));
}

bool isFloatType(const std::string &type) { return type[0] == 'f' || type[0] == 'b'; }

uint64_t defaultNaN(const std::string &type) {
  const Format &f = *formatOf(type);
  const int fraction = f.precision - 1, exponent = f.bits - 1 - fraction;
  return (((uint64_t(1) << exponent) - 1) << fraction) | (uint64_t(1) << (fraction - 1));
}

double toDouble(const std::string &type, uint64_t bits) {
  const Format &f = *formatOf(type);
  const int fraction = f.precision - 1, exponent = f.bits - 1 - fraction;
  const bool negative = (bits >> (f.bits - 1)) & 1;
  const uint64_t e = (bits >> fraction) & ((uint64_t(1) << exponent) - 1);
  const uint64_t m = bits & ((uint64_t(1) << fraction) - 1);
  double v;
  if (e == (uint64_t(1) << exponent) - 1)
    v = m ? std::nan("") : INFINITY;
  else if (e == 0)
    v = std::ldexp(double(m), f.minExp - fraction);
  else
    v = std::ldexp(double(m | (uint64_t(1) << fraction)), int(e) - (1 - f.minExp) - fraction); // bias 1 - minExp
  return negative ? -v : v;
}

uint64_t fromDouble(const std::string &type, double value) {
  const Format &f = *formatOf(type);
  const int fraction = f.precision - 1, exponent = f.bits - 1 - fraction;
  const uint64_t sign = std::signbit(value) ? uint64_t(1) << (f.bits - 1) : 0;
  const uint64_t infinity = ((uint64_t(1) << exponent) - 1) << fraction;
  if (std::isnan(value))
    return defaultNaN(type);
  double a = std::fabs(value);
  if (std::isinf(a))
    return sign | infinity;
  if (a == 0)
    return sign;
  // The quantum of the binade (or of the subnormals): round a / quantum to
  // the nearest integer, ties to even (exact scaling by a power of two).
  int e = std::ilogb(a);
  if (e < f.minExp)
    e = f.minExp;
  const int quantumExp = e - fraction;
  double q = std::ldexp(a, -quantumExp);
  double r = std::floor(q);
  const double rest = q - r;
  if (rest > 0.5 || (rest == 0.5 && std::fmod(r, 2.0) == 1.0))
    r += 1;
  double rounded = std::ldexp(r, quantumExp);
  if (rounded >= std::ldexp(1.0, f.maxExp + 1))
    return sign | infinity;
  if (rounded == 0)
    return sign;
  int re = std::ilogb(rounded);
  if (re < f.minExp) // subnormal
    return sign | uint64_t(std::ldexp(rounded, fraction - f.minExp));
  const uint64_t mantissa = uint64_t(std::ldexp(rounded, fraction - re)) - (uint64_t(1) << fraction);
  return sign | (uint64_t(re - f.minExp + 1) << fraction) | mantissa;
}

//===-- ADD / SUB / MUL ---------------------------------------------------===//

namespace {

/// broadcast_shape and the declared output ([tosa-ew.broadcast]).
bool broadcast(const std::vector<int64_t> &s1, const std::vector<int64_t> &s2, const Declared &out,
               std::vector<int64_t> &shape, Failure &f) {
  if (s1.size() != s2.size()) {
    f = {"ERROR_IF(rank(shape1) != rank(shape2)) of broadcast_shape", ""};
    return false;
  }
  shape.assign(s1.size(), 0);
  for (size_t i = 0; i < s1.size(); ++i) {
    if (s1[i] == 1) {
      shape[i] = s2[i];
    } else if (s2[i] == 1 || s2[i] == s1[i]) {
      shape[i] = s1[i];
    } else {
      f = {"ERROR_IF(shape2[i] != 1 && shape2[i] != shape[i]) of broadcast_shape", ""};
      return false;
    }
  }
  if (!agrees(out, shape)) {
    f = {"ERROR_IF(shape != broadcast_shape(shape1, shape2))", ""};
    return false;
  }
  return true;
}

/// The input position apply_broadcast reads for output `index`.
int64_t broadcastFlat(const std::vector<int64_t> &index, const std::vector<int64_t> &inShape) {
  std::vector<int64_t> in(index.size());
  for (size_t d = 0; d < index.size(); ++d)
    in[d] = inShape[d] == 1 ? 0 : index[d];
  return flatten(in, inShape);
}

} // namespace

Result addSub(const std::string &type, const Tensor &a, const Tensor &b, const Declared &out,
              bool subtract) {
  Failure f;
  if (!inTable({"i32", "f16", "bf16", "f32"}, type))
    return failed({kTypes, ""});
  std::vector<int64_t> shape;
  if (!broadcast(a.shape, b.shape, out, shape, f))
    return failed(f);
  Result r;
  r.value = empty(type, shape);
  for (int64_t o = 0; o < count(shape); ++o) {
    const std::vector<int64_t> index = unflatten(o, shape);
    const int64_t ia = broadcastFlat(index, a.shape), ib = broadcastFlat(index, b.shape);
    if (a.poison[size_t(ia)] || b.poison[size_t(ib)]) {
      r.value.poison[size_t(o)] = true;
      continue;
    }
    if (isFloatType(type)) {
      const double x = toDouble(type, a.bits[size_t(ia)]), y = toDouble(type, b.bits[size_t(ib)]);
      r.value.bits[size_t(o)] = fromDouble(type, subtract ? x - y : x + y);
      continue;
    }
    const __int128 x = signedOf(type, a.bits[size_t(ia)]), y = signedOf(type, b.bits[size_t(ib)]);
    const __int128 v = subtract ? x - y : x + y;
    if (v < INT32_MIN || v > INT32_MAX)
      return failed({subtract ? "of apply_sub_s<int32_t> does not hold (value1 = " +
                                    std::to_string(int64_t(x)) + ", value2 = " + std::to_string(int64_t(y))
                              : "of apply_add_s<int32_t> does not hold (value1 = " +
                                    std::to_string(int64_t(x)) + ", value2 = " + std::to_string(int64_t(y)),
                     indexString(index)});
    r.value.bits[size_t(o)] = patternOf(type, v);
  }
  return r;
}

Result mul(const std::string &in, const std::string &out, const Tensor &a, const Tensor &b,
           const Tensor &shiftTensor, const Declared &declared) {
  Failure f;
  if (!inTable({"i8>i32", "i16>i32", "i32>i32", "f16>f16", "bf16>bf16", "f32>f32"}, in + ">" + out))
    return failed({kTypes, ""});
  if (!oneElement(shiftTensor, "shift", f))
    return failed(f);
  const int64_t shift = signedOf("i8", shiftTensor.bits[0]);
  if (shift < 0 || shift > 63)
    return failed({"REQUIRE(0 <= shift && shift <= 63) of MUL", ""});
  if (in != "i32" && shift != 0)
    return failed({"REQUIRE(is_same<in_t,int32_t>() || shift == 0) of MUL", ""});
  std::vector<int64_t> shape;
  if (!broadcast(a.shape, b.shape, declared, shape, f))
    return failed(f);
  Result r;
  r.value = empty(out, shape);
  for (int64_t o = 0; o < count(shape); ++o) {
    const std::vector<int64_t> index = unflatten(o, shape);
    const int64_t ia = broadcastFlat(index, a.shape), ib = broadcastFlat(index, b.shape);
    if (a.poison[size_t(ia)] || b.poison[size_t(ib)]) {
      r.value.poison[size_t(o)] = true;
      continue;
    }
    if (isFloatType(in)) {
      // f16 x f16 and bf16 x bf16 products are exact in double.
      r.value.bits[size_t(o)] =
          fromDouble(out, toDouble(in, a.bits[size_t(ia)]) * toDouble(in, b.bits[size_t(ib)]));
      continue;
    }
    const __int128 product = __int128(signedOf(in, a.bits[size_t(ia)])) * signedOf(in, b.bits[size_t(ib)]);
    if (in == "i32" && shift > 0) {
      // The rounded quotient: floor((product + 2^(shift-1)) / 2^shift).
      const __int128 divisor = __int128(1) << shift;
      __int128 numerator = product + divisor / 2;
      // The text sums in int64_t; overflow there is unpredictable (TOSA 1.0
      // "Integer Behavior"), an error ([tosa.mul] 3).
      const std::string values = "(value1 = " + std::to_string(signedOf(in, a.bits[size_t(ia)])) +
                                 ", value2 = " + std::to_string(signedOf(in, b.bits[size_t(ib)])) +
                                 ", shift = " + std::to_string(shift);
      if (numerator > INT64_MAX)
        return failed({"REQUIRE(product + round <= maximum_s<int64_t>()) of MUL does not hold " +
                           values + ")",
                       indexString(index)});
      if (numerator < INT64_MIN)
        return failed({"REQUIRE(product + round >= minimum_s<int64_t>()) of MUL does not hold " +
                           values + ")",
                       indexString(index)});
      __int128 quotient = numerator / divisor;
      if (numerator % divisor != 0 && numerator < 0)
        quotient -= 1; // floor, not truncation
      if (quotient < INT32_MIN || quotient > INT32_MAX)
        return failed({"REQUIRE(product >= minimum_s<i32_t>() && product <= maximum_s<i32_t>()) of "
                       "MUL does not hold " +
                           values + ", product = " + std::to_string(int64_t(quotient)),
                       indexString(index)});
      r.value.bits[size_t(o)] = patternOf(out, quotient);
    } else {
      r.value.bits[size_t(o)] = patternOf(out, product); // the low 32 bits
    }
  }
  return r;
}

//===-- CLAMP / NEGATE ----------------------------------------------------===//

Result clamp(const std::string &type, const Tensor &x, uint64_t minVal, uint64_t maxVal,
             bool ignoreNaN, const Declared &out) {
  if (!inTable({"i8", "i16", "f16", "bf16", "f32"}, type))
    return failed({kTypes, ""});
  const bool isFloat = isFloatType(type);
  const double lo = isFloat ? toDouble(type, minVal) : double(signedOf(type, minVal));
  const double hi = isFloat ? toDouble(type, maxVal) : double(signedOf(type, maxVal));
  if (hi < lo) // false when either is NaN
    return failed({"ERROR_IF(max_val < min_val) of CLAMP", ""});
  if (std::isnan(lo) || std::isnan(hi))
    return failed({"ERROR_IF(is_a_NaN(min_val) || is_a_NaN(max_val)) of CLAMP", ""});
  if (!agrees(out, x.shape))
    return failed({"ERROR_IF(shape(output) != shape(input)) of CLAMP", ""});
  Result r;
  r.value = empty(type, x.shape);
  for (size_t o = 0; o < x.bits.size(); ++o) {
    if (x.poison[o]) {
      r.value.poison[o] = true;
      continue;
    }
    if (!isFloat) {
      const int64_t v = signedOf(type, x.bits[o]);
      r.value.bits[o] = patternOf(type, v < int64_t(lo) ? int64_t(lo) : v > int64_t(hi) ? int64_t(hi) : v);
      continue;
    }
    // Patterns, so that the zero kept is the one the comparisons pick:
    // max(a, b) keeps a when a >= b, min(a, b) keeps a when a < b.
    uint64_t v = x.bits[o];
    if (isNaNPattern(type, v) && !ignoreNaN) {
      r.value.bits[o] = defaultNaN(type);
      continue;
    }
    // The max step; a NaN under IGNORE gives min_val (then the min step:
    // of min_val = -0 and max_val = +0 the second, +0).
    v = !isNaNPattern(type, v) && toDouble(type, v) >= lo ? v : minVal;
    v = toDouble(type, v) < hi ? v : maxVal;
    r.value.bits[o] = v;
  }
  return r;
}

Result negate(const std::string &type, const Tensor &x, const Tensor &inZp, const Tensor &outZp,
              const Declared &out) {
  Failure f;
  if (!inTable({"i8", "i16", "i32", "f16", "bf16", "f32"}, type))
    return failed({kTypes, ""});
  if (!oneElement(inZp, "input1_zp", f) || !oneElement(outZp, "output_zp", f))
    return failed(f);
  const bool isFloat = isFloatType(type);
  auto nonZero = [&](uint64_t bits) {
    return isFloat ? !(toDouble(type, bits) == 0) : signedOf(type, bits) != 0; // NaN != 0
  };
  if (type != "i8" && nonZero(inZp.bits[0]))
    return failed({"ERROR_IF(!is_same<in_out_t,i8_t>() && input1_zp != 0) of NEGATE", ""});
  if (type != "i8" && nonZero(outZp.bits[0]))
    return failed({"ERROR_IF(!is_same<in_out_t,i8_t>() && output_zp != 0) of NEGATE", ""});
  if (!agrees(out, x.shape))
    return failed({"ERROR_IF(shape(output) != shape(input1)) of NEGATE", ""});
  Result r;
  r.value = empty(type, x.shape);
  for (size_t o = 0; o < x.bits.size(); ++o) {
    if (x.poison[o]) {
      r.value.poison[o] = true;
      continue;
    }
    if (isFloat) {
      // (value1 - input1_zp), then 0 - that, then + output_zp, each rounded.
      double v = toDouble(type, fromDouble(type, toDouble(type, x.bits[o]) - toDouble(type, inZp.bits[0])));
      v = toDouble(type, fromDouble(type, 0.0 - v));
      r.value.bits[o] = fromDouble(type, v + toDouble(type, outZp.bits[0]));
      continue;
    }
    const __int128 v = __int128(signedOf(type, x.bits[o])) - signedOf(type, inZp.bits[0]);
    const std::string element = indexString(unflatten(int64_t(o), x.shape));
    // Only i32 data reaches past int32 here: v = -2^31 - 0, and 0 - v = 2^31.
    if (-v > INT32_MAX)
      return failed({"of apply_sub_s<int32_t> does not hold (0 = 0, value = " +
                         std::to_string(int64_t(v)),
                     element});
    __int128 w = -v + signedOf(type, outZp.bits[0]);
    const __int128 lo = -(__int128(1) << (widthOf(type) - 1)), hi = (__int128(1) << (widthOf(type) - 1)) - 1;
    w = w < lo ? lo : w > hi ? hi : w;
    r.value.bits[o] = patternOf(type, w);
  }
  return r;
}

//===-- Data movement -----------------------------------------------------===//

Result reshape(const std::string &type, const Tensor &x, const std::vector<int64_t> &requested,
               const Declared &out) {
  if (!inTable(kMoveTypes, type))
    return failed({kTypes, ""});
  std::vector<int64_t> shape = requested;
  int minusOnes = 0;
  __int128 known = 1;
  for (int64_t v : shape) {
    if (v == -1 && ++minusOnes == 1)
      continue;
    if (v < 0)
      return failed({"is not a shape", ""});
    known *= v;
  }
  if (minusOnes == 1) {
    if (known == 0 || count(x.shape) % known != 0)
      return failed({"cannot infer the -1", ""});
    for (int64_t &v : shape)
      if (v == -1)
        v = int64_t(count(x.shape) / known);
  } else if (known != count(x.shape)) {
    return failed({"ERROR_IF(tensor_size(shape1) != tensor_size(shape)) of RESHAPE", ""});
  }
  if (!agrees(out, shape))
    return failed({"ERROR_IF(shape(output) != shape) of RESHAPE", ""});
  Result r;
  r.value = x; // the same row-major sequence
  r.value.shape = shape;
  return r;
}

Result transpose(const std::string &type, const Tensor &x, const std::vector<int64_t> &perms,
                 const Declared &out) {
  if (!inTable(kMoveTypes, type))
    return failed({kTypes, ""});
  const int64_t rank = int64_t(x.shape.size());
  if (rank < 1)
    return failed({"ERROR_IF(rank(input1) < 1) of TRANSPOSE", ""});
  if (int64_t(perms.size()) != rank)
    return failed({"ERROR_IF(length(perms) != rank(shape1)) of TRANSPOSE", ""});
  if (out.ranked && int64_t(out.dims.size()) != rank)
    return failed({"ERROR_IF(rank(shape1) != rank(shape)) of TRANSPOSE", ""});
  bool allStatic = out.ranked;
  __int128 declaredSize = 1;
  for (int64_t d : out.dims) {
    allStatic = allStatic && d >= 0;
    declaredSize *= d;
  }
  if (allStatic && declaredSize != count(x.shape))
    return failed({"ERROR_IF(tensor_size(shape1) != tensor_size(shape)) of TRANSPOSE", ""});
  std::vector<bool> used(size_t(rank), false);
  for (int64_t p : perms) {
    if (p >= rank)
      return failed({"ERROR_IF(index >= rank(shape1)) of TRANSPOSE", ""});
    if (p < 0)
      return failed({"ERROR_IF(index < 0) of TRANSPOSE", ""});
    if (used[size_t(p)])
      return failed({"ERROR_IF(indexes_used[index] == true) of TRANSPOSE", ""});
    used[size_t(p)] = true;
  }
  std::vector<int64_t> shape(static_cast<size_t>(rank), 0);
  for (int64_t i = 0; i < rank; ++i) {
    shape[size_t(i)] = x.shape[size_t(perms[size_t(i)])];
    if (out.ranked && out.dims[size_t(i)] >= 0 && out.dims[size_t(i)] != shape[size_t(i)])
      return failed({"ERROR_IF(shape1[perms[i]] != shape[i]) of TRANSPOSE", ""});
  }
  Result r;
  r.value = empty(type, shape);
  for (int64_t o = 0; o < count(shape); ++o) {
    const std::vector<int64_t> index = unflatten(o, shape);
    std::vector<int64_t> from(static_cast<size_t>(rank), 0);
    for (int64_t i = 0; i < rank; ++i)
      from[size_t(perms[size_t(i)])] = index[size_t(i)];
    const int64_t flat = flatten(from, x.shape);
    r.value.bits[size_t(o)] = x.bits[size_t(flat)];
    r.value.poison[size_t(o)] = x.poison[size_t(flat)];
  }
  return r;
}

Result pad(const std::string &type, const Tensor &x, const std::vector<int64_t> &padding,
           const Tensor &padConst, const Declared &out) {
  if (!inTable(kMoveTypes, type))
    return failed({kTypes, ""});
  const size_t rank = x.shape.size();
  if (rank < 1)
    return failed({"ERROR_IF(rank(input1) < 1) of PAD", ""});
  if (padding.size() != 2 * rank)
    return failed({"ERROR_IF(length(padding) != 2 * rank(shape1)) of PAD", ""});
  if (padConst.bits.size() != 1)
    return failed({"pad_const has " + std::to_string(padConst.bits.size()) + " elements", ""});
  if (out.ranked && out.dims.size() != rank)
    return failed({"ERROR_IF(rank(shape) != rank(shape1)) of PAD", ""});
  std::vector<int64_t> shape(rank);
  for (size_t i = 0; i < rank; ++i) {
    if (padding[2 * i] < 0 || padding[2 * i + 1] < 0)
      return failed({"ERROR_IF(padding[i * 2] < 0 || padding[(i * 2) + 1] < 0) of PAD", ""});
    shape[i] = padding[2 * i] + x.shape[i] + padding[2 * i + 1];
    if (out.ranked && out.dims[i] >= 0 && out.dims[i] != shape[i])
      return failed({"ERROR_IF(shape[i] != padding[i * 2] + shape1[i] + padding[(i * 2) + 1]) of PAD", ""});
  }
  Result r;
  r.value = empty(type, shape);
  for (int64_t o = 0; o < count(shape); ++o) {
    std::vector<int64_t> index = unflatten(o, shape);
    bool inside = true;
    for (size_t i = 0; i < rank; ++i) {
      index[i] -= padding[2 * i];
      inside = inside && index[i] >= 0 && index[i] < x.shape[i];
    }
    const int64_t flat = inside ? flatten(index, x.shape) : 0;
    r.value.bits[size_t(o)] = inside ? x.bits[size_t(flat)] : padConst.bits[0];
    r.value.poison[size_t(o)] = inside ? bool(x.poison[size_t(flat)]) : bool(padConst.poison[0]);
  }
  return r;
}

Result concat(const std::string &type, const std::vector<Tensor> &inputs, int64_t axis,
              const Declared &out) {
  if (inputs.empty())
    return failed({"ERROR_IF(input1 == []) of CONCAT", ""});
  if (!inTable(kMoveTypes, type))
    return failed({kTypes, ""});
  for (const Tensor &t : inputs)
    if (t.shape.empty())
      return failed({") < 1) of CONCAT", ""}); // rank(input1[t]) < 1
  const std::vector<int64_t> &first = inputs[0].shape;
  const int64_t rank = int64_t(first.size());
  if (axis < 0 || axis >= std::max<int64_t>(1, rank))
    return failed({"ERROR_IF(axis < 0 || axis >= max(1,rank(shapes1[0]))) of CONCAT", ""});
  int64_t sum = 0;
  for (const Tensor &t : inputs) {
    if (int64_t(t.shape.size()) != rank)
      return failed({"ERROR_IF(rank(shapes1[shape_index]) != rank(shapes1[0])) of CONCAT", ""});
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis)
        sum += t.shape[size_t(d)];
      else if (t.shape[size_t(d)] != first[size_t(d)])
        return failed({"ERROR_IF(shapes1[shape_index][axis_index] != shapes1[0][axis_index]) of CONCAT", ""});
    }
  }
  if (out.ranked && int64_t(out.dims.size()) != rank)
    return failed({"ERROR_IF(rank(shape) != rank(shapes1[0])) of CONCAT", ""});
  if (out.ranked && out.dims[size_t(axis)] >= 0 && out.dims[size_t(axis)] != sum)
    return failed({"ERROR_IF(axis_sum != shape[axis]) of CONCAT", ""});
  std::vector<int64_t> shape = first;
  shape[size_t(axis)] = sum;
  if (!agrees(out, shape))
    return failed({"ERROR_IF(shape(output) != shape) of CONCAT", ""});
  Result r;
  r.value = empty(type, shape);
  for (int64_t o = 0; o < count(shape); ++o) {
    // Walk the inputs along axis, subtracting each one's extent.
    std::vector<int64_t> index = unflatten(o, shape);
    for (const Tensor &t : inputs) {
      if (index[size_t(axis)] < t.shape[size_t(axis)]) {
        const int64_t flat = flatten(index, t.shape);
        r.value.bits[size_t(o)] = t.bits[size_t(flat)];
        r.value.poison[size_t(o)] = t.poison[size_t(flat)];
        break;
      }
      index[size_t(axis)] -= t.shape[size_t(axis)];
    }
  }
  return r;
}

Result slice(const std::string &type, const Tensor &x, const std::vector<int64_t> &start,
             const std::vector<int64_t> &requestedSize, const Declared &out) {
  if (!inTable(kMoveTypes, type))
    return failed({kTypes, ""});
  const size_t rank = x.shape.size();
  if (rank < 1)
    return failed({"ERROR_IF(rank(input1) < 1) of SLICE", ""});
  if (start.size() != rank || requestedSize.size() != rank)
    return failed({"ERROR_IF(rank(shape1) != length(start) || rank(shape1) != length(size)) of SLICE", ""});
  if (out.ranked && out.dims.size() != rank)
    return failed({"ERROR_IF(rank(shape1) != rank(shape)) of SLICE", ""});
  std::vector<int64_t> size = requestedSize;
  for (size_t i = 0; i < rank; ++i) {
    if (start[i] < 0)
      return failed({"ERROR_IF(start[index] < 0) of SLICE", ""});
    if (size[i] == -1) // MLIR 22: to the end
      size[i] = x.shape[i] - start[i];
    if (size[i] <= 0)
      return failed({"ERROR_IF(size[index] <= 0) of SLICE", ""});
    if (__int128(start[i]) + size[i] > x.shape[i])
      return failed({"ERROR_IF(start[index] + size[index] > shape1[index]) of SLICE", ""});
    if (out.ranked && out.dims[i] >= 0 && out.dims[i] != size[i])
      return failed({"ERROR_IF(shape[index] != size[index]) of SLICE", ""});
  }
  Result r;
  r.value = empty(type, size);
  for (int64_t o = 0; o < count(size); ++o) {
    std::vector<int64_t> index = unflatten(o, size);
    for (size_t i = 0; i < rank; ++i)
      index[i] += start[i];
    const int64_t flat = flatten(index, x.shape);
    r.value.bits[size_t(o)] = x.bits[size_t(flat)];
    r.value.poison[size_t(o)] = x.poison[size_t(flat)];
  }
  return r;
}

} // namespace qi::eval::ewo
