//===- TosaContractionOracle.cpp - TOSA contractions from the mathematics --===//
//
// Spec: [contract.*] and the operator clauses of spec/tosa-contractions.md.
// See the header for how this differs from interpreter/eval/TosaContraction.cpp
// and TosaPooling.cpp. The checks before the elements are re-derived here
// from [contract.errors]' order; the expected messages quote the clause
// texts.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/tests/TosaContractionOracle.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <tuple>

namespace qi::eval::oracle {

using Int = __int128;

int64_t Tensor::size() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

//===-- Numbers -------------------------------------------------------------===//

double FloatFormat::maxFinite() const {
  // IEEE: (2 - 2^-M) 2^emax; FN: the all-ones fraction is NaN, so one step less.
  return std::ldexp(2.0 - std::ldexp(fn ? 2.0 : 1.0, -manBits), emax());
}

const FloatFormat *floatFormat(const std::string &type) {
  static const FloatFormat formats[] = {{"f32", 8, 23, false},    {"f16", 5, 10, false},
                                        {"bf16", 8, 7, false},    {"f8E5M2", 5, 2, false},
                                        {"f8E4M3FN", 4, 3, true}};
  for (const FloatFormat &f : formats)
    if (type == f.name)
      return &f;
  return nullptr;
}

int intWidth(const std::string &type) {
  assert(type.size() > 1 && type[0] == 'i');
  return std::stoi(type.substr(1));
}

int64_t signExtend(uint64_t bits, int width) {
  const uint64_t sign = uint64_t(1) << (width - 1);
  bits &= (sign << 1) - 1;
  return static_cast<int64_t>((bits ^ sign) - sign);
}

uint64_t truncate(int64_t value, int width) {
  return static_cast<uint64_t>(value) & ((uint64_t(1) << width) - 1);
}

double decode(uint64_t bits, const FloatFormat &f) {
  const int width = 1 + f.expBits + f.manBits;
  const bool negative = (bits >> (width - 1)) & 1;
  const uint64_t exponent = (bits >> f.manBits) & ((uint64_t(1) << f.expBits) - 1);
  const uint64_t fraction = bits & ((uint64_t(1) << f.manBits) - 1);
  const uint64_t allOnes = (uint64_t(1) << f.expBits) - 1;
  double value;
  if (f.fn && exponent == allOnes && fraction == (uint64_t(1) << f.manBits) - 1)
    return std::nan("");
  if (!f.fn && exponent == allOnes)
    value = fraction ? std::nan("") : INFINITY;
  else if (exponent == 0)
    value = std::ldexp(double(fraction), f.emin() - f.manBits);
  else
    value = std::ldexp(double(fraction | (uint64_t(1) << f.manBits)),
                       int(exponent) - f.bias() - f.manBits);
  return negative ? -value : value;
}

uint64_t encode(double value, const FloatFormat &f) {
  const int width = 1 + f.expBits + f.manBits;
  const uint64_t allOnes = (uint64_t(1) << f.expBits) - 1;
  if (std::isnan(value))
    return f.fn ? (uint64_t(1) << (width - 1)) - 1
                : (allOnes << f.manBits) | (uint64_t(1) << (f.manBits - 1));
  const uint64_t sign = std::signbit(value) ? uint64_t(1) << (width - 1) : 0;
  const double a = std::fabs(value);
  if (std::isinf(a)) {
    assert(!f.fn);
    return sign | (allOnes << f.manBits);
  }
  if (a == 0)
    return sign;
  const int e = std::ilogb(a);
  if (e < f.emin()) { // subnormal: a = fraction * 2^(emin - M)
    const double fraction = std::ldexp(a, f.manBits - f.emin());
    assert(fraction == std::floor(fraction));
    return sign | static_cast<uint64_t>(fraction);
  }
  const double significand = std::ldexp(a, f.manBits - e); // in [2^M, 2^(M+1))
  assert(significand == std::floor(significand) && e <= f.emax());
  return sign | (uint64_t(e + f.bias()) << f.manBits) |
         (static_cast<uint64_t>(significand) - (uint64_t(1) << f.manBits));
}

double roundTo(double value, const FloatFormat &f) {
  if (std::isnan(value) || std::isinf(value) || value == 0)
    return value;
  // The value's quantum in the format: 2^(e - M), e clamped to emin for
  // subnormals; nearbyint rounds to nearest-even (the default mode).
  const int e = std::max(std::ilogb(value), f.emin());
  const double rounded = std::ldexp(std::nearbyint(std::ldexp(value, f.manBits - e)),
                                    e - f.manBits);
  if (std::fabs(rounded) > f.maxFinite()) {
    assert(!f.fn);
    return std::copysign(INFINITY, value);
  }
  return rounded;
}

namespace {

//===-- Shared pieces -----------------------------------------------------===//

std::string list(const std::vector<int64_t> &v) {
  std::string text = "[";
  for (size_t i = 0; i < v.size(); ++i)
    text += (i ? ", " : "") + std::to_string(v[i]);
  return text + "]";
}

std::string toString(Int v) {
  if (v == 0)
    return "0";
  std::string s;
  const bool negative = v < 0;
  unsigned __int128 m = negative ? -(unsigned __int128)v : (unsigned __int128)v;
  while (m) {
    s.insert(s.begin(), char('0' + int(m % 10)));
    m /= 10;
  }
  return negative ? "-" + s : s;
}

Expected failure(std::vector<std::string> parts) {
  Expected e;
  e.errorParts = std::move(parts);
  return e;
}

std::string errorIfText(const std::string &op, const std::string &condition) {
  return "ERROR_IF(" + condition + ") of " + op + " holds";
}

/// A zero point value is != 0: a float NaN is, +-0 are not.
bool nonZero(const std::string &type, uint64_t bits) {
  if (const FloatFormat *f = floatFormat(type))
    return !(decode(bits, *f) == 0.0);
  return signExtend(bits, intWidth(type)) != 0;
}

/// The zero point operand checks of [contract.errors] 4.
std::optional<Expected> checkZeroPointOperand(const char *name, const Tensor &zp) {
  if (zp.size() != 1)
    return failure({std::string(name) + " has " + std::to_string(zp.size()) +
                    (zp.size() == 1 ? " element" : " elements") + ", expected 1"});
  if (zp.poison[0])
    return failure({std::string(name) + " is poison"});
  return std::nullopt;
}

/// The declared output against the derived sizes (rank, then each static
/// size outside `own`).
std::optional<Expected> checkOutput(const std::string &op, const Declared &out,
                                    const std::vector<int64_t> &derived,
                                    const std::vector<const char *> &names,
                                    const std::vector<bool> &own) {
  if (out.ranked && out.dims.size() != derived.size())
    return failure({errorIfText(op, "rank(output) != " + std::to_string(derived.size()))});
  for (size_t d = 0; out.ranked && d < derived.size(); ++d)
    if (!own[d] && out.dims[d] >= 0 && out.dims[d] != derived[d])
      return failure({errorIfText(op, "shape(output)[" + std::to_string(d) + "] != " + names[d])});
  return std::nullopt;
}

/// The window output size of the pseudo-code: idiv_check(numerator, stride) + 1
/// against the declared size. `which` is "OH" / "OW".
std::optional<Expected> windowSize(const std::string &op, const char *which, int64_t numerator,
                                   int64_t stride, std::optional<int64_t> declared,
                                   const std::string &condition, int64_t &size) {
  if (numerator % stride != 0)
    return failure({"ERROR_IF(input1 % input2 != 0) of idiv_check in " + op + "'s " + which +
                    " holds"});
  size = numerator / stride + 1;
  if (declared ? *declared != size : size < 0)
    return failure({errorIfText(op, condition)});
  if (declared)
    size = *declared;
  return std::nullopt;
}

std::optional<int64_t> declaredDim(const Declared &out, size_t d) {
  if (!out.ranked || out.dims[d] < 0)
    return std::nullopt;
  return out.dims[d];
}

bool inTable(const std::set<std::vector<std::string>> &table,
             const std::vector<std::string> &types) {
  return table.count(types) != 0;
}

//===-- Dot products ------------------------------------------------------===//

/// One product of a dot product: the two elements and where the term sits
/// in the pseudo-code's order ("c = 3", "ky = 0, kx = 1, ic = 2").
struct Term {
  std::vector<int64_t> key;
  uint64_t x = 0, w = 0;
  bool poison = false;
  std::string at;
};

/// The types of one dot product.
struct DotTypes {
  std::string in, weight, acc, out;
};

struct DotResult {
  uint64_t bits = 0;
  bool poison = false;
  std::optional<Expected> error;
};

/// Reduces the terms of one output element (already in order) and adds the
/// bias (`bias` unset for MATMUL). `mulName` names the product in messages.
DotResult dot(const DotTypes &t, const std::vector<Term> &terms, uint64_t xZp, uint64_t wZp,
              std::optional<uint64_t> bias, bool biasPoison, const std::string &element,
              const char *mulName, const char *biasName) {
  DotResult r;
  bool poison = biasPoison;
  for (const Term &term : terms)
    poison = poison || term.poison;
  if (poison) {
    r.poison = true;
    return r;
  }
  if (const FloatFormat *acc = floatFormat(t.acc)) {
    const FloatFormat &in = *floatFormat(t.in), &weight = *floatFormat(t.weight);
    const FloatFormat &out = *floatFormat(t.out);
    const double zx = decode(xZp, in), zw = decode(wZp, weight);
    double sum = 0.0;
    for (const Term &term : terms) {
      const double x = roundTo(decode(term.x, in) - zx, *acc);
      const double w = roundTo(decode(term.w, weight) - zw, *acc);
      sum = roundTo(sum + roundTo(x * w, *acc), *acc);
    }
    double result = roundTo(sum, out);
    if (bias)
      result = roundTo(result + decode(*bias, out), out);
    r.bits = encode(result, out);
    return r;
  }
  const int accWidth = intWidth(t.acc), outWidth = intWidth(t.out);
  const Int lo = -(Int(1) << (accWidth - 1)), hi = (Int(1) << (accWidth - 1)) - 1;
  const Int zx = signExtend(xZp, intWidth(t.in)), zw = signExtend(wZp, intWidth(t.weight));
  const std::string add = "of apply_add_s<int" + std::to_string(accWidth) + "_t> does not hold (";
  Int sum = 0;
  for (const Term &term : terms) {
    const Int x = signExtend(term.x, intWidth(t.in)) - zx;
    const Int w = signExtend(term.w, intWidth(t.weight)) - zw;
    // Differences and products of the table's types fit acc_t: no
    // apply_sub_s REQUIRE, no truncating apply_mul_s.
    assert(x >= lo && x <= hi && w >= lo && w <= hi && x * w >= lo && x * w <= hi);
    const Int next = sum + x * w;
    if (next < lo || next > hi) {
      r.error = failure({"element " + element + ": REQUIRE(",
                         add + "acc = " + toString(sum) + ", " + mulName + " = " +
                             toString(x * w) + ", at " + term.at + ")"});
      return r;
    }
    sum = next;
  }
  if (bias) {
    const Int b = signExtend(*bias, outWidth);
    const Int withBias = sum + b;
    if (withBias < lo || withBias > hi) {
      r.error = failure({"element " + element + ": REQUIRE(",
                         add + "out = " + toString(sum) + ", " + biasName + " = " + toString(b) +
                             ")"});
      return r;
    }
    sum = withBias;
  }
  r.bits = truncate(static_cast<int64_t>(sum), outWidth);
  return r;
}

/// Output tensor of `shape` and `type` with room for every element.
Tensor outputTensor(const std::string &type, const std::vector<int64_t> &shape) {
  Tensor t{type, shape, {}, {}};
  t.bits.assign(size_t(t.size()), 0);
  t.poison.assign(size_t(t.size()), false);
  return t;
}

} // namespace

//===-- MATMUL ------------------------------------------------------------===//

Expected matmul(const std::string &outType, const Tensor &a, const Tensor &b, const Tensor &aZp,
                const Tensor &bZp, const Declared &out) {
  const std::string op = "MATMUL";
  static const std::set<std::vector<std::string>> table{
      {"i8", "i8", "i32"},           {"i16", "i16", "i48"}, {"f8E4M3FN", "f8E4M3FN", "f16"},
      {"f8E5M2", "f8E5M2", "f16"},   {"f16", "f16", "f16"}, {"f16", "f16", "f32"},
      {"bf16", "bf16", "f32"},       {"f32", "f32", "f32"}};
  if (!inTable(table, {a.type, b.type, outType}))
    return failure({errorIfText(op, "operator data types do not meet requirement of operator "
                                    "Supported Data Types")});
  if (a.shape.size() != 3)
    return failure({errorIfText(op, "rank(A) != 3")});
  if (b.shape.size() != 3)
    return failure({errorIfText(op, "rank(B) != 3")});
  const int64_t N = a.shape[0], H = a.shape[1], C = a.shape[2], W = b.shape[2];
  if (b.shape[0] != N)
    return failure({errorIfText(op, "shape(B)[0] != N")});
  if (b.shape[1] != C)
    return failure({errorIfText(op, "shape(B)[1] != C")});
  if (auto e = checkZeroPointOperand("A_zp", aZp))
    return *e;
  if (auto e = checkZeroPointOperand("B_zp", bZp))
    return *e;
  if (auto e = checkOutput(op, out, {N, H, W}, {"N", "H", "W"}, {false, false, false}))
    return *e;
  if (a.type != "i8" && nonZero(a.type, aZp.bits[0]))
    return failure({errorIfText(op, "!is_same<A_t,i8_t>() && A_zp != 0")});
  if (b.type != "i8" && nonZero(b.type, bZp.bits[0]))
    return failure({errorIfText(op, "!is_same<B_t,i8_t>() && B_zp != 0")});

  Expected e;
  e.result = outputTensor(outType, {N, H, W});
  const DotTypes types{a.type, b.type, outType, outType};
  for (int64_t n = 0; n < N; ++n)
    for (int64_t h = 0; h < H; ++h)
      for (int64_t w = 0; w < W; ++w) {
        // Row h of A[n] times column w of B[n].
        std::vector<Term> terms;
        for (int64_t c = 0; c < C; ++c) {
          const int64_t ai = (n * H + h) * C + c, bi = (n * C + c) * W + w;
          terms.push_back({{c}, a.bits[ai], b.bits[bi], a.poison[ai] || b.poison[bi],
                           "c = " + std::to_string(c)});
        }
        DotResult r = dot(types, terms, aZp.bits[0], bZp.bits[0], std::nullopt, false,
                          list({n, h, w}), "apply_mul_s(value1, value2)", "");
        if (r.error)
          return *r.error;
        const int64_t o = (n * H + h) * W + w;
        e.result.bits[o] = r.bits;
        e.result.poison[o] = r.poison;
      }
  return e;
}

//===-- Convolutions ------------------------------------------------------===//

Expected convolution(Conv kind, const std::string &outType, const std::string &accType,
                     const Tensor &input, const Tensor &weight, const Tensor &bias,
                     const Tensor &inputZp, const Tensor &weightZp, const ConvParams &p,
                     const Declared &out) {
  const std::string op = kind == Conv::Conv2d      ? "CONV2D"
                         : kind == Conv::Depthwise ? "DEPTHWISE_CONV2D"
                                                   : "TRANSPOSE_CONV2D";
  static const std::set<std::vector<std::string>> table{
      {"i8", "i8", "i32", "i32"},          {"i8", "i4", "i32", "i32"},
      {"i16", "i8", "i48", "i48"},         {"f8E4M3FN", "f8E4M3FN", "f16", "f16"},
      {"f8E5M2", "f8E5M2", "f16", "f16"},  {"f16", "f16", "f16", "f16"},
      {"f16", "f16", "f16", "f32"},        {"bf16", "bf16", "bf16", "f32"},
      {"f32", "f32", "f32", "f32"}};
  if (!inTable(table, {input.type, weight.type, outType, accType}))
    return failure({errorIfText(op, "operator data types do not meet requirement of operator "
                                    "Supported Data Types")});
  if (input.shape.size() != 4)
    return failure({errorIfText(op, "rank(input) != 4")});
  if (weight.shape.size() != 4)
    return failure({errorIfText(op, "rank(weight) != 4")});
  if (bias.shape.size() != 1)
    return failure({errorIfText(op, "rank(bias) != 1")});
  const int64_t N = input.shape[0], IH = input.shape[1], IW = input.shape[2];
  const int64_t IC = input.shape[3];
  const bool depthwise = kind == Conv::Depthwise;
  // CONV2D / TRANSPOSE_CONV2D weight [OC,KH,KW,IC]; DEPTHWISE [KH,KW,C,M].
  const int64_t KH = depthwise ? weight.shape[0] : weight.shape[1];
  const int64_t KW = depthwise ? weight.shape[1] : weight.shape[2];
  const int64_t M = depthwise ? weight.shape[3] : 1;
  const int64_t OC = depthwise ? IC * M : weight.shape[0];
  if (depthwise ? weight.shape[2] != IC : weight.shape[3] != IC)
    return failure({errorIfText(op, depthwise ? "shape(weight)[2] != C" : "shape(weight)[3] != IC")});
  if (auto e = checkZeroPointOperand("input_zp", inputZp))
    return *e;
  if (auto e = checkZeroPointOperand("weight_zp", weightZp))
    return *e;
  if (auto e = checkOutput(op, out, {N, 0, 0, OC},
                           {"N", "OH", "OW", depthwise ? "C * M" : "OC"},
                           {false, true, true, false}))
    return *e;
  const bool transpose = kind == Conv::Transpose;
  for (size_t i = 0; i < 4; ++i)
    if (p.pad[i] < INT32_MIN || p.pad[i] > INT32_MAX)
      return failure({"is not an int32_t) of " + op + " holds"});
  for (size_t i = 0; i < 2; ++i)
    if (p.stride[i] < INT32_MIN || p.stride[i] > INT32_MAX ||
        (!transpose && (p.dilation[i] < INT32_MIN || p.dilation[i] > INT32_MAX)))
      return failure({"is not an int32_t) of " + op + " holds"});
  if (input.type != "i8" && nonZero(input.type, inputZp.bits[0]))
    return failure({errorIfText(op, "!is_same<in_t,i8_t>() && input_zp != 0")});
  if (weight.type != "i8" && nonZero(weight.type, weightZp.bits[0]))
    return failure({errorIfText(op, "!is_same<weight_t,i8_t>() && weight_zp != 0")});
  const int64_t top = p.pad[0], bottom = p.pad[1], left = p.pad[2], right = p.pad[3];
  const int64_t sy = p.stride[0], sx = p.stride[1];
  const int64_t dy = transpose ? 1 : p.dilation[0], dx = transpose ? 1 : p.dilation[1];
  int64_t OH = 0, OW = 0;
  if (transpose) {
    if (top <= -KH || bottom <= -KH)
      return failure({errorIfText(op, "out_pad_top <= -KH || out_pad_bottom <= -KH")});
    if (left <= -KW || right <= -KW)
      return failure({errorIfText(op, "out_pad_left <= -KW || out_pad_right <= -KW")});
    if (sy < 1 || sx < 1)
      return failure({errorIfText(op, "stride_y < 1 || stride_x < 1")});
    OH = (IH - 1) * sy + top + bottom + KH;
    OW = (IW - 1) * sx + left + right + KW;
    if (declaredDim(out, 1) ? *declaredDim(out, 1) != OH : OH < 0)
      return failure({errorIfText(op, "OH != (IH - 1) * stride_y + out_pad_top + out_pad_bottom + KH")});
    if (declaredDim(out, 2) ? *declaredDim(out, 2) != OW : OW < 0)
      return failure({errorIfText(op, "OW != (IW - 1) * stride_x + out_pad_left + out_pad_right + KW")});
  } else {
    if (top < 0 || bottom < 0 || left < 0 || right < 0)
      return failure({errorIfText(op, "pad_top < 0 || pad_bottom < 0 || pad_left < 0 || pad_right < 0")});
    if (sy < 1 || sx < 1)
      return failure({errorIfText(op, "stride_y < 1 || stride_x < 1")});
    if (dy < 1 || dx < 1)
      return failure({errorIfText(op, "dilation_y < 1 || dilation_x < 1")});
    // The padded extent less the dilated kernel's extent, over the stride.
    const int64_t PH = IH + top + bottom, PW = IW + left + right;
    const int64_t DH = (KH - 1) * dy + 1, DW = (KW - 1) * dx + 1;
    if (auto e = windowSize(op, "OH", PH - DH, sy, declaredDim(out, 1),
                            "OH != idiv_check(IH - 1 + pad_top + pad_bottom - (KH - 1) * "
                            "dilation_y, stride_y) + 1",
                            OH))
      return *e;
    if (auto e = windowSize(op, "OW", PW - DW, sx, declaredDim(out, 2),
                            "OW != idiv_check(IW - 1 + pad_left + pad_right - (KW - 1) * "
                            "dilation_x, stride_x) + 1",
                            OW))
      return *e;
  }
  const int64_t BC = bias.shape[0];
  if (BC != OC && BC != 1)
    return failure({errorIfText(op, std::string("BC != ") + (depthwise ? "C*M" : "OC") +
                                        " && BC != 1")});

  Expected e;
  e.result = outputTensor(outType, {N, OH, OW, OC});
  const DotTypes types{input.type, weight.type, accType, outType};
  // The terms of each output element, keyed by (ky, kx, ic).
  std::vector<std::vector<Term>> terms(size_t(N * OH * OW * OC));
  auto outIndex = [&](int64_t n, int64_t oy, int64_t ox, int64_t oc) {
    return ((n * OH + oy) * OW + ox) * OC + oc;
  };
  auto in = [&](int64_t n, int64_t y, int64_t x, int64_t c) {
    return ((n * IH + y) * IW + x) * IC + c;
  };
  auto at = [&](int64_t ky, int64_t kx, int64_t ic) {
    return "ky = " + std::to_string(ky) + ", kx = " + std::to_string(kx) +
           (depthwise ? "" : ", ic = " + std::to_string(ic));
  };
  if (transpose) {
    // Scatter: input (iy, ix) meets kernel tap (ky, kx) at output
    // (iy * sy + ky + out_pad_top, ix * sx + kx + out_pad_left).
    for (int64_t n = 0; n < N; ++n)
      for (int64_t iy = 0; iy < IH; ++iy)
        for (int64_t ix = 0; ix < IW; ++ix)
          for (int64_t ky = 0; ky < KH; ++ky)
            for (int64_t kx = 0; kx < KW; ++kx) {
              const int64_t oy = iy * sy + ky + top, ox = ix * sx + kx + left;
              if (oy < 0 || oy >= OH || ox < 0 || ox >= OW)
                continue;
              for (int64_t oc = 0; oc < OC; ++oc)
                for (int64_t ic = 0; ic < IC; ++ic) {
                  const int64_t xi = in(n, iy, ix, ic), wi = ((oc * KH + ky) * KW + kx) * IC + ic;
                  terms[size_t(outIndex(n, oy, ox, oc))].push_back(
                      {{ky, kx, ic}, input.bits[xi], weight.bits[wi],
                       input.poison[xi] || weight.poison[wi], at(ky, kx, ic)});
                }
            }
    for (std::vector<Term> &list : terms)
      std::sort(list.begin(), list.end(),
                [](const Term &a, const Term &b) { return a.key < b.key; });
  } else {
    // Correlation of the padded input (padding cells hold no term) with the
    // dilated kernel (its taps at multiples of the dilation).
    const int64_t PH = IH + top + bottom, PW = IW + left + right;
    auto padded = [&](int64_t n, int64_t py, int64_t px, int64_t c) -> std::optional<int64_t> {
      const int64_t y = py - top, x = px - left;
      if (y < 0 || y >= IH || x < 0 || x >= IW)
        return std::nullopt;
      return in(n, y, x, c);
    };
    const int64_t DH = (KH - 1) * dy + 1, DW = (KW - 1) * dx + 1;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oy = 0; oy < OH; ++oy)
        for (int64_t ox = 0; ox < OW; ++ox)
          for (int64_t oc = 0; oc < OC; ++oc) {
            std::vector<Term> &list = terms[size_t(outIndex(n, oy, ox, oc))];
            for (int64_t a = 0; a < DH; ++a)
              for (int64_t b = 0; b < DW; ++b) {
                if (a % dy != 0 || b % dx != 0)
                  continue; // between taps
                const int64_t ky = a / dy, kx = b / dx;
                const int64_t py = oy * sy + a, px = ox * sx + b;
                if (py >= PH || px >= PW)
                  continue;
                for (int64_t ic = 0; ic < (depthwise ? 1 : IC); ++ic) {
                  const int64_t c = depthwise ? oc / M : ic;
                  std::optional<int64_t> xi = padded(n, py, px, c);
                  if (!xi)
                    continue; // padding: no term
                  const int64_t wi = depthwise ? ((ky * KW + kx) * IC + c) * M + oc % M
                                               : ((oc * KH + ky) * KW + kx) * IC + ic;
                  list.push_back({{ky, kx, ic}, input.bits[*xi], weight.bits[wi],
                                  input.poison[*xi] || weight.poison[wi], at(ky, kx, ic)});
                }
              }
          }
  }
  for (int64_t n = 0; n < N; ++n)
    for (int64_t oy = 0; oy < OH; ++oy)
      for (int64_t ox = 0; ox < OW; ++ox)
        for (int64_t oc = 0; oc < OC; ++oc) {
          const int64_t o = outIndex(n, oy, ox, oc), bi = BC == 1 ? 0 : oc;
          DotResult r = dot(types, terms[size_t(o)], inputZp.bits[0], weightZp.bits[0],
                            bias.bits[bi], bias.poison[bi], list({n, oy, ox, oc}),
                            "apply_mul_s(value, weight_el)", BC == 1 ? "bias[0]" : "bias[oc]");
          if (r.error)
            return *r.error;
          e.result.bits[o] = r.bits;
          e.result.poison[o] = r.poison;
        }
  return e;
}

//===-- Pooling -----------------------------------------------------------===//

namespace {

/// The pooling checks both operators share after their zero point
/// ERROR_IFs; fills OH, OW.
std::optional<Expected> checkPoolGeometry(const std::string &op, const Tensor &input,
                                          const PoolParams &p, const Declared &out, int64_t &OH,
                                          int64_t &OW) {
  const int64_t ky = p.kernel[0], kx = p.kernel[1], sy = p.stride[0], sx = p.stride[1];
  const int64_t top = p.pad[0], bottom = p.pad[1], left = p.pad[2], right = p.pad[3];
  if (ky < 1 || kx < 1)
    return failure({errorIfText(op, "kernel_y < 1 || kernel_x < 1")});
  if (sy < 1 || sx < 1)
    return failure({errorIfText(op, "stride_y < 1 || stride_x < 1")});
  if (top < 0 || bottom < 0 || left < 0 || right < 0)
    return failure({errorIfText(op, "pad_top < 0 || pad_bottom < 0 || pad_left < 0 || pad_right < 0")});
  if (right >= kx || left >= kx)
    return failure({errorIfText(op, "pad_right >= kernel_x || pad_left >= kernel_x")});
  if (top >= ky || bottom >= ky)
    return failure({errorIfText(op, "pad_top >= kernel_y || pad_bottom >= kernel_y")});
  if (auto e = windowSize(op, "OH", input.shape[1] + top + bottom - ky, sy, declaredDim(out, 1),
                          "OH != idiv_check(IH + pad_top + pad_bottom - kernel_y, stride_y) + 1",
                          OH))
    return e;
  if (auto e = windowSize(op, "OW", input.shape[2] + left + right - kx, sx, declaredDim(out, 2),
                          "OW != idiv_check(IW + pad_left + pad_right - kernel_x, stride_x) + 1",
                          OW))
    return e;
  return std::nullopt;
}

std::optional<Expected> checkPoolArguments(const std::string &op, const Tensor &input,
                                           const PoolParams &p, const Declared &out) {
  if (auto e = checkOutput(op, out, {input.shape[0], 0, 0, input.shape[3]},
                           {"N", "OH", "OW", "C"}, {false, true, true, false}))
    return e;
  for (int64_t v : {p.kernel[0], p.kernel[1], p.stride[0], p.stride[1], p.pad[0], p.pad[1],
                    p.pad[2], p.pad[3]})
    if (v < INT32_MIN || v > INT32_MAX)
      return failure({"is not an int32_t) of " + op + " holds"});
  return std::nullopt;
}

/// One input element of a pooling window: its flat index and its place in
/// the kernel.
struct Cell {
  int64_t index, ky, kx;
};

/// The input elements of the window of output (n, oy, ox, c): the kernel's
/// rectangle of the padded input, padding left out, row by row.
std::vector<Cell> window(const Tensor &input, const PoolParams &p, int64_t n, int64_t oy,
                         int64_t ox, int64_t c) {
  const int64_t IH = input.shape[1], IW = input.shape[2], C = input.shape[3];
  const int64_t top = oy * p.stride[0] - p.pad[0], left = ox * p.stride[1] - p.pad[2];
  std::vector<Cell> cells;
  for (int64_t y = top; y < top + p.kernel[0]; ++y)
    for (int64_t x = left; x < left + p.kernel[1]; ++x)
      if (y >= 0 && y < IH && x >= 0 && x < IW)
        cells.push_back({((n * IH + y) * IW + x) * C + c, y - top, x - left});
  return cells;
}

} // namespace

Expected avgPool(const std::string &accType, const Tensor &input, const Tensor &inputZp,
                 const Tensor &outputZp, const PoolParams &p, const Declared &out) {
  const std::string op = "AVG_POOL2D";
  static const std::set<std::vector<std::string>> table{
      {"i8", "i32"},  {"i16", "i32"},  {"f8E4M3FN", "f16"}, {"f8E5M2", "f16"},
      {"f16", "f16"}, {"f16", "f32"},  {"bf16", "f32"},     {"f32", "f32"}};
  const std::string &type = input.type;
  if (!inTable(table, {type, accType}))
    return failure({errorIfText(op, "operator data types do not meet requirement of operator "
                                    "Supported Data Types")});
  if (input.shape.size() != 4)
    return failure({errorIfText(op, "rank(input) != 4")});
  if (auto e = checkZeroPointOperand("input_zp", inputZp))
    return *e;
  if (auto e = checkZeroPointOperand("output_zp", outputZp))
    return *e;
  if (auto e = checkPoolArguments(op, input, p, out))
    return *e;
  if (type != "i8" && nonZero(type, inputZp.bits[0]))
    return failure({errorIfText(op, "!is_same<in_out_t,i8_t>() && input_zp != 0")});
  if (type != "i8" && nonZero(type, outputZp.bits[0]))
    return failure({errorIfText(op, "!is_same<in_out_t,i8_t>() && output_zp != 0")});
  int64_t OH = 0, OW = 0;
  if (auto e = checkPoolGeometry(op, input, p, out, OH, OW))
    return *e;

  const int64_t N = input.shape[0], C = input.shape[3];
  Expected e;
  e.result = outputTensor(type, {N, OH, OW, C});
  for (int64_t n = 0; n < N; ++n)
    for (int64_t oy = 0; oy < OH; ++oy)
      for (int64_t ox = 0; ox < OW; ++ox)
        for (int64_t c = 0; c < C; ++c) {
          const int64_t o = ((n * OH + oy) * OW + ox) * C + c;
          const std::vector<Cell> cells = window(input, p, n, oy, ox, c);
          bool poison = false;
          for (const Cell &cell : cells)
            poison = poison || input.poison[cell.index];
          if (poison) {
            e.result.poison[o] = true;
            continue;
          }
          const int64_t count = int64_t(cells.size());
          const std::string element = list({n, oy, ox, c});
          if (const FloatFormat *acc = floatFormat(accType)) {
            const FloatFormat &f = *floatFormat(type);
            double sum = 0.0;
            for (const Cell &cell : cells)
              sum = roundTo(sum + roundTo(decode(input.bits[cell.index], f) -
                                              decode(inputZp.bits[0], f),
                                          *acc),
                            *acc);
            e.result.bits[o] =
                encode(roundTo(roundTo(sum / roundTo(double(count), *acc), *acc), f), f);
            continue;
          }
          if (count == 0)
            return failure({"element " + element + ": REQUIRE(value > 0) of reciprocal_scale"});
          const int width = intWidth(type);
          const Int zp = signExtend(inputZp.bits[0], width);
          Int sum = 0;
          for (const Cell &cell : cells) {
            const Int value = signExtend(input.bits[cell.index], width) - zp;
            if (sum + value < INT32_MIN || sum + value > INT32_MAX)
              return failure({"element " + element + ": REQUIRE(",
                              "of apply_add_s<int32_t> does not hold (acc = " + toString(sum) +
                                  ", value = " + toString(value) + ", at ky = " +
                                  std::to_string(cell.ky) + ", kx = " + std::to_string(cell.kx) +
                                  ")"});
            sum += value;
          }
          // The mean rounded half away from zero; exact when count divides
          // the sum, and the same as reciprocal_scale for windows < 8192.
          Int mean;
          const Int magnitude = sum < 0 ? -sum : sum;
          if (magnitude % count == 0) {
            mean = sum / count;
          } else {
            assert(count < 8192);
            const Int rounded = (2 * magnitude + count) / (2 * count);
            mean = sum < 0 ? -rounded : rounded;
          }
          Int value = mean + signExtend(outputZp.bits[0], width);
          const Int lo = -(Int(1) << (width - 1)), hi = (Int(1) << (width - 1)) - 1;
          value = std::min(std::max(value, lo), hi);
          e.result.bits[o] = truncate(static_cast<int64_t>(value), width);
        }
  return e;
}

Expected maxPool(const Tensor &input, const PoolParams &p, bool ignoreNaN, const Declared &out) {
  const std::string op = "MAX_POOL2D";
  static const std::set<std::string> table{"i8", "i16", "f8E4M3FN", "f8E5M2", "f16", "bf16", "f32"};
  const std::string &type = input.type;
  if (!table.count(type))
    return failure({errorIfText(op, "operator data types do not meet requirement of operator "
                                    "Supported Data Types")});
  if (input.shape.size() != 4)
    return failure({errorIfText(op, "rank(input) != 4")});
  if (auto e = checkPoolArguments(op, input, p, out))
    return *e;
  int64_t OH = 0, OW = 0;
  if (auto e = checkPoolGeometry(op, input, p, out, OH, OW))
    return *e;

  const int64_t N = input.shape[0], C = input.shape[3];
  Expected e;
  e.result = outputTensor(type, {N, OH, OW, C});
  const FloatFormat *f = floatFormat(type);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t oy = 0; oy < OH; ++oy)
      for (int64_t ox = 0; ox < OW; ++ox)
        for (int64_t c = 0; c < C; ++c) {
          const int64_t o = ((n * OH + oy) * OW + ox) * C + c;
          const std::vector<Cell> cells = window(input, p, n, oy, ox, c);
          bool poison = false;
          for (const Cell &cell : cells)
            poison = poison || input.poison[cell.index];
          if (poison) {
            e.result.poison[o] = true;
            continue;
          }
          if (!f) {
            const int width = intWidth(type);
            int64_t best = -(int64_t(1) << (width - 1));
            for (const Cell &cell : cells)
              best = std::max(best, signExtend(input.bits[cell.index], width));
            e.result.bits[o] = truncate(best, width);
            continue;
          }
          // The largest value; a NaN wins under PROPAGATE and is passed over
          // under IGNORE; of equal values (+0, -0) the first stays.
          double best = ignoreNaN ? std::nan("") : f->fn ? -f->maxFinite() : -INFINITY;
          for (const Cell &cell : cells) {
            const double v = decode(input.bits[cell.index], *f);
            if (std::isnan(v) || std::isnan(best)) {
              if (!ignoreNaN)
                best = std::nan("");
              else if (std::isnan(best))
                best = v;
            } else if (v > best) {
              best = v;
            }
          }
          e.result.bits[o] = encode(best, *f);
        }
  return e;
}

} // namespace qi::eval::oracle
