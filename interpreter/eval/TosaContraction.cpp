//===- TosaContraction.cpp - TOSA 1.0 MATMUL and the convolutions ---------===//
//
// Spec: [tosa.matmul], [tosa.conv2d], [tosa.depthwise-conv2d],
// [tosa.transpose-conv2d], with [contract.errors] for the order of the
// checks. The loops are the pseudo-code's (TOSA 1.0.2,
// pseudocode/operators/{MATMUL,CONV2D,DEPTHWISE_CONV2D,TRANSPOSE_CONV2D}.tosac),
// with tosa_extra_multiplies = false (the reference's choice,
// tosa_reference_check_dotproduct.tosac): padding contributes no term.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaContraction.h"

#include <string>

namespace qi::eval::tosakernel {

namespace {

//===-- Shared steps ------------------------------------------------------===//

/// A REQUIRE that failed while computing output element `element`, at the
/// term `position` ("c = 3"; empty for the bias).
[[noreturn]] void requireFailed(requant::Violation violation, const std::vector<int64_t> &element,
                                const std::string &position) {
  if (!position.empty())
    violation.detail += (violation.detail.empty() ? "at " : ", at ") + position;
  fail("element " + indexText(element) + ": " + violation.message());
}

/// An operand's element type must be the one its role has in the matched
/// type-support row (the evaluators build the roles from the operands; this
/// keeps a direct caller honest).
void checkElementType(const RuntimeValue &value, const char *name, const char *role,
                      const ElementType &type) {
  if (!(value.elementType() == type))
    fail(std::string(name) + " has element type " + value.elementType().toString() +
         ", expected " + role + " = " + type.toString());
}

/// The attributes' values as the specification's int32_t ([contract.geometry]
/// 1); TRANSPOSE_CONV2D has out_pad and no dilation.
void checkAttributes(const char *op, const ConvAttributes &a, bool transpose) {
  static const char *padNames[] = {"pad_top", "pad_bottom", "pad_left", "pad_right"};
  static const char *outPadNames[] = {"out_pad_top", "out_pad_bottom", "out_pad_left",
                                      "out_pad_right"};
  // The attribute lengths of the argument tables (MLIR's verifier checks
  // them on ops; a direct caller of the kernel is held to them too).
  auto length = [&](const char *name, const std::vector<int64_t> &v, size_t expected) {
    if (v.size() != expected)
      errorIf(op, std::string("length(") + name + ") != " + std::to_string(expected),
              std::string(name) + " = " + indexText(v));
  };
  length(transpose ? "out_pad" : "pad", a.pad, 4);
  length("stride", a.stride, 2);
  length("dilation", a.dilation, 2);
  for (size_t i = 0; i < 4; ++i)
    checkInt32Attribute(op, transpose ? outPadNames[i] : padNames[i], a.pad[i]);
  checkInt32Attribute(op, "stride_y", a.stride[0]);
  checkInt32Attribute(op, "stride_x", a.stride[1]);
  if (!transpose) {
    checkInt32Attribute(op, "dilation_y", a.dilation[0]);
    checkInt32Attribute(op, "dilation_x", a.dilation[1]);
  }
}

/// ERROR_IF(pad_top < 0 || ...), stride and dilation < 1: CONV2D's and
/// DEPTHWISE_CONV2D's first geometry ERROR_IFs, in their order.
void checkPadStrideDilation(const char *op, const ConvAttributes &a) {
  const auto &p = a.pad;
  if (p[0] < 0 || p[1] < 0 || p[2] < 0 || p[3] < 0)
    errorIf(op, "pad_top < 0 || pad_bottom < 0 || pad_left < 0 || pad_right < 0",
            "pad = " + indexText(p));
  if (a.stride[0] < 1 || a.stride[1] < 1)
    errorIf(op, "stride_y < 1 || stride_x < 1", "stride = " + indexText(a.stride));
  if (a.dilation[0] < 1 || a.dilation[1] < 1)
    errorIf(op, "dilation_y < 1 || dilation_x < 1", "dilation = " + indexText(a.dilation));
}

/// OH and OW of a dilated window (CONV2D, DEPTHWISE_CONV2D).
void dilatedOutputSize(const char *op, const DeclaredShape &declared, int64_t IH, int64_t IW,
                       int64_t KH, int64_t KW, const ConvAttributes &a, Shape &out) {
  const int64_t pt = a.pad[0], pb = a.pad[1], pl = a.pad[2], pr = a.pad[3];
  const int64_t sy = a.stride[0], sx = a.stride[1], dy = a.dilation[0], dx = a.dilation[1];
  auto s = [](int64_t v) { return std::to_string(v); };
  out[1] = checkWindowOutput(
      op, "OH", declared.staticDim(1), IH - 1 + pt + pb - (KH - 1) * dy, sy,
      "OH != idiv_check(IH - 1 + pad_top + pad_bottom - (KH - 1) * dilation_y, stride_y) + 1",
      "IH - 1 + pad_top + pad_bottom - (KH - 1) * dilation_y", "stride_y",
      "IH = " + s(IH) + ", pad_top = " + s(pt) + ", pad_bottom = " + s(pb) + ", KH = " + s(KH) +
          ", dilation_y = " + s(dy) + ", stride_y = " + s(sy));
  out[2] = checkWindowOutput(
      op, "OW", declared.staticDim(2), IW - 1 + pl + pr - (KW - 1) * dx, sx,
      "OW != idiv_check(IW - 1 + pad_left + pad_right - (KW - 1) * dilation_x, stride_x) + 1",
      "IW - 1 + pad_left + pad_right - (KW - 1) * dilation_x", "stride_x",
      "IW = " + s(IW) + ", pad_left = " + s(pl) + ", pad_right = " + s(pr) + ", KW = " + s(KW) +
          ", dilation_x = " + s(dx) + ", stride_x = " + s(sx));
}

/// ERROR_IF(BC != OC && BC != 1) (DEPTHWISE_CONV2D: C*M for OC).
void checkBiasChannels(const char *op, int64_t BC, int64_t channels, const char *channelsName) {
  if (BC != channels && BC != 1)
    errorIf(op, "BC != " + std::string(channelsName) + " && BC != 1",
            "BC = " + std::to_string(BC) + ", " + channelsName + " = " + std::to_string(channels));
}

/// The checks every convolution starts with ([contract.errors] 1-2): types,
/// operand element types, ranks.
void checkConvOperands(const char *op, const ContractionTypes &types, const RuntimeValue &input,
                       const RuntimeValue &weight, const RuntimeValue &bias) {
  checkTypes(convTypes(op), {types.in, types.weight, types.out, types.acc});
  checkElementType(input, "input", "in_t", types.in);
  checkElementType(weight, "weight", "weight_t", types.weight);
  checkElementType(bias, "bias", "out_t", types.out);
  checkRank(op, "input", input, 4);
  checkRank(op, "weight", weight, 4);
  checkRank(op, "bias", bias, 1);
}

/// The zero point operands' bit patterns ([contract.errors] 4).
struct ZeroPoints {
  numeric::Bits input = 0, weight = 0;
};
ZeroPoints readZeroPoints(const ContractionTypes &types, const RuntimeValue &inputZp,
                          const RuntimeValue &weightZp) {
  ZeroPoints zp;
  zp.input = zeroPointBits("input_zp", inputZp, types.in);
  zp.weight = zeroPointBits("weight_zp", weightZp, types.weight);
  return zp;
}

/// The arithmetic of `types`, handed to `body` (a generic lambda).
template <typename Body> RuntimeValue withArithmetic(const ContractionTypes &types, Body body) {
  if (types.acc.isFloat())
    return body(FloatArithmetic(*types.acc.floatFormat, *types.out.floatFormat));
  return body(IntArithmetic(types.acc.intWidth, types.out.intWidth));
}

//===-- MATMUL ------------------------------------------------------------===//

template <typename Arith>
RuntimeValue matmulLoops(const Arith &arith, const ContractionTypes &types, const RuntimeValue &A,
                         const RuntimeValue &B, numeric::Bits aZpBits, numeric::Bits bZpBits,
                         const Shape &outShape) {
  const int64_t N = A.shape()[0], H = A.shape()[1], C = A.shape()[2], W = B.shape()[2];
  RuntimeValue output = RuntimeValue::tensor(types.out, outShape);
  // out_t is the accumulator: static_cast<out_t>(A_zp) etc.
  const auto aZp = arith.fromBits(types.in, aZpBits);
  const auto bZp = arith.fromBits(types.weight, bZpBits);
  const bool anyPoison = A.hasPoison() || B.hasPoison();
  for (int64_t n = 0; n < N; ++n)
    for (int64_t h = 0; h < H; ++h)
      for (int64_t w = 0; w < W; ++w) {
        const int64_t o = (n * H + h) * W + w;
        if (anyPoison) { // [contract.poison]
          bool poison = false;
          for (int64_t c = 0; c < C && !poison; ++c)
            poison = A.isPoison((n * H + h) * C + c) || B.isPoison((n * C + c) * W + w);
          if (poison) {
            output.setPoison(o);
            continue;
          }
        }
        auto acc = arith.zero();
        int64_t c = 0;
        try {
          for (c = 0; c < C; ++c) {
            auto value1 = arith.read(A, (n * H + h) * C + c);
            auto value2 = arith.read(B, (n * C + c) * W + w);
            value1 = arith.sub(value1, aZp, "value1", "A_zp");
            value2 = arith.sub(value2, bZp, "value2", "B_zp");
            acc = arith.add(acc, arith.mul(value1, value2), "acc",
                            "apply_mul_s(value1, value2)");
          }
        } catch (const requant::Violation &v) {
          requireFailed(v, {n, h, w}, "c = " + std::to_string(c));
        }
        output.set(o, arith.outBits(acc));
      }
  return output;
}

//===-- CONV2D / DEPTHWISE_CONV2D / TRANSPOSE_CONV2D ----------------------===//

/// Where output element (n, oy, ox, oc) reads: the input position of term
/// (ky, kx) or nothing (padding; TRANSPOSE_CONV2D: a fractional position).
/// Each convolution's pseudo-code differs only here and in the weight layout.
struct ConvShape {
  int64_t N, IH, IW, IC, KH, KW, OH, OW, OC, BC;
  int64_t M = 1; ///< DEPTHWISE_CONV2D's channel multiplier
};

enum class ConvKind { Conv2d, Depthwise, Transpose };

template <typename Arith>
RuntimeValue convLoops(ConvKind kind, const Arith &arith, const ContractionTypes &types,
                       const ConvShape &s, const ConvAttributes &a, const RuntimeValue &input,
                       const RuntimeValue &weight, const RuntimeValue &bias, ZeroPoints zp,
                       const Shape &outShape) {
  RuntimeValue output = RuntimeValue::tensor(types.out, outShape);
  const auto inputZp = arith.fromBits(types.in, zp.input);
  const auto weightZp = arith.fromBits(types.weight, zp.weight);
  const int64_t pt = a.pad[0], pl = a.pad[2], sy = a.stride[0], sx = a.stride[1];
  const int64_t dy = a.dilation[0], dx = a.dilation[1];
  const bool depthwise = kind == ConvKind::Depthwise;
  const int64_t C = depthwise ? s.IC : 0; // DEPTHWISE_CONV2D: input channels

  // Input position (y, x) of term (ky, kx) of output (oy, ox), and whether
  // it is read (if (0 <= y < IH && 0 <= x < IW), TRANSPOSE_CONV2D's
  // stride test), as the operators' pseudo-code computes it.
  auto inputPosition = [&](int64_t oy, int64_t ox, int64_t ky, int64_t kx, int64_t &y,
                           int64_t &x) {
    if (kind == ConvKind::Transpose) {
      const int64_t iy = oy - a.pad[0], ix = ox - a.pad[2]; // out_pad_top / out_pad_left
      const int64_t ty = iy - ky, tx = ix - kx;
      if (!(0 <= ty && ty < s.IH * sy && 0 <= tx && tx < s.IW * sx && ty % sy == 0 &&
            tx % sx == 0))
        return false;
      y = ty / sy;
      x = tx / sx;
      return true;
    }
    const int64_t iy = oy * sy - pt, ix = ox * sx - pl;
    y = iy + ky * dy;
    x = ix + kx * dx;
    return 0 <= y && y < s.IH && 0 <= x && x < s.IW;
  };
  // Offsets of input[n, y, x, ic] and of the weight of output channel oc
  // (DEPTHWISE_CONV2D: c * M + m) at (ky, kx, ic).
  auto inputOffset = [&](int64_t n, int64_t y, int64_t x, int64_t ic) {
    return ((n * s.IH + y) * s.IW + x) * s.IC + ic;
  };
  auto weightOffset = [&](int64_t oc, int64_t ky, int64_t kx, int64_t ic) {
    if (depthwise) // [KH,KW,C,M] at [ky,kx,c,m], oc = c * M + m
      return ((ky * s.KW + kx) * C + oc / s.M) * s.M + oc % s.M;
    return ((oc * s.KH + ky) * s.KW + kx) * s.IC + ic; // [OC,KH,KW,IC]
  };
  // The input channels summed for output channel oc: all IC, or
  // DEPTHWISE_CONV2D's one channel c = oc / M.
  const int64_t termChannels = depthwise ? 1 : s.IC;
  auto inputChannel = [&](int64_t oc, int64_t ic) { return depthwise ? oc / s.M : ic; };

  const bool anyPoison = input.hasPoison() || weight.hasPoison() || bias.hasPoison();
  for (int64_t n = 0; n < s.N; ++n)
    for (int64_t oy = 0; oy < s.OH; ++oy)
      for (int64_t ox = 0; ox < s.OW; ++ox)
        for (int64_t oc = 0; oc < s.OC; ++oc) {
          const int64_t o = ((n * s.OH + oy) * s.OW + ox) * s.OC + oc;
          const int64_t biasIndex = s.BC == 1 ? 0 : oc;
          if (anyPoison) { // [contract.poison]: any element read
            bool poison = bias.isPoison(biasIndex);
            for (int64_t ky = 0; ky < s.KH && !poison; ++ky)
              for (int64_t kx = 0; kx < s.KW && !poison; ++kx)
                for (int64_t ic = 0; ic < termChannels && !poison; ++ic) {
                  int64_t y, x;
                  if (inputPosition(oy, ox, ky, kx, y, x))
                    poison = input.isPoison(inputOffset(n, y, x, inputChannel(oc, ic))) ||
                             weight.isPoison(weightOffset(oc, ky, kx, ic));
                }
            if (poison) {
              output.setPoison(o);
              continue;
            }
          }
          auto acc = arith.zero();
          int64_t ky = 0, kx = 0, ic = 0;
          try {
            for (ky = 0; ky < s.KH; ++ky)
              for (kx = 0; kx < s.KW; ++kx)
                for (ic = 0; ic < termChannels; ++ic) {
                  int64_t y, x;
                  if (!inputPosition(oy, ox, ky, kx, y, x))
                    continue; // tosa_extra_multiplies = false
                  auto value = arith.read(input, inputOffset(n, y, x, inputChannel(oc, ic)));
                  value = arith.sub(value, inputZp, "value", "input_zp");
                  auto weightEl = arith.read(weight, weightOffset(oc, ky, kx, ic));
                  weightEl = arith.sub(weightEl, weightZp, "weight_el", "weight_zp");
                  acc = arith.add(acc, arith.mul(value, weightEl), "acc",
                                  "apply_mul_s(value, weight_el)");
                }
          } catch (const requant::Violation &v) {
            requireFailed(v, {n, oy, ox, oc},
                          "ky = " + std::to_string(ky) + ", kx = " + std::to_string(kx) +
                              (depthwise ? "" : ", ic = " + std::to_string(ic)));
          }
          auto out = arith.toOut(acc);
          try {
            out = arith.addOut(out, arith.readOut(bias, biasIndex), "out",
                               s.BC == 1 ? "bias[0]" : "bias[oc]");
          } catch (const requant::Violation &v) {
            requireFailed(v, {n, oy, ox, oc}, "");
          }
          output.set(o, arith.outBits(out));
        }
  return output;
}

} // namespace

//===-- Type-support tables -----------------------------------------------===//

const TypeTable &matmulTypes() {
  // TOSA 1.0 names the one input type in_t; main's A_t and B_t are equal
  // in every row.
  static const TypeTable table{"MATMUL",
                               {"A_t", "B_t", "out_t"},
                               {{"i8", "i8", "i32"},
                                {"i16", "i16", "i48"},
                                {"f8E4M3FN", "f8E4M3FN", "f16"},
                                {"f8E5M2", "f8E5M2", "f16"},
                                {"f16", "f16", "f16"},
                                {"f16", "f16", "f32"},
                                {"bf16", "bf16", "f32"},
                                {"f32", "f32", "f32"}}};
  return table;
}

const TypeTable &convTypes(const char *op) {
  static const std::vector<std::vector<const char *>> rows{
      {"i8", "i8", "i32", "i32"},         {"i8", "i4", "i32", "i32"},
      {"i16", "i8", "i48", "i48"},        {"f8E4M3FN", "f8E4M3FN", "f16", "f16"},
      {"f8E5M2", "f8E5M2", "f16", "f16"}, {"f16", "f16", "f16", "f16"},
      {"f16", "f16", "f16", "f32"},       {"bf16", "bf16", "bf16", "f32"},
      {"f32", "f32", "f32", "f32"}};
  static const TypeTable conv{"CONV2D", {"in_t", "weight_t", "out_t", "acc_t"}, rows};
  static const TypeTable depthwise{"DEPTHWISE_CONV2D", {"in_t", "weight_t", "out_t", "acc_t"},
                                   rows};
  static const TypeTable transpose{"TRANSPOSE_CONV2D", {"in_t", "weight_t", "out_t", "acc_t"},
                                   rows};
  const std::string name = op;
  return name == "CONV2D" ? conv : name == "DEPTHWISE_CONV2D" ? depthwise : transpose;
}

//===-- Kernels -----------------------------------------------------------===//

RuntimeValue matmul(const ContractionTypes &types, const RuntimeValue &a, const RuntimeValue &b,
                    const RuntimeValue &aZp, const RuntimeValue &bZp,
                    const DeclaredShape &output) {
  const char *op = "MATMUL";
  // [contract.errors] 1-2: types, then the arguments.
  checkTypes(matmulTypes(), {types.in, types.weight, types.out});
  checkElementType(a, "A", "A_t", types.in);
  checkElementType(b, "B", "B_t", types.weight);
  checkRank(op, "A", a, 3);
  checkRank(op, "B", b, 3);
  const int64_t N = a.shape()[0], H = a.shape()[1], C = a.shape()[2];
  checkDim(op, "B", b.shape(), 0, "N", N, "N = " + std::to_string(N) + " from A");
  checkDim(op, "B", b.shape(), 1, "C", C, "C = " + std::to_string(C) + " from A");
  const int64_t W = b.shape()[2];
  const numeric::Bits aZpBits = zeroPointBits("A_zp", aZp, types.in);
  const numeric::Bits bZpBits = zeroPointBits("B_zp", bZp, types.weight);
  const Shape outShape = outputShape(op, output, {N, H, W}, {"N", "H", "W"});
  // 3. The pseudo-code's ERROR_IFs (main's reading: [tosa.matmul] 1).
  checkZeroPoint(op, "A_t", "A_zp", types.in, aZpBits);
  checkZeroPoint(op, "B_t", "B_zp", types.weight, bZpBits);
  // 4. The elements.
  return withArithmetic(types, [&](const auto &arith) {
    return matmulLoops(arith, types, a, b, aZpBits, bZpBits, outShape);
  });
}

RuntimeValue conv2d(const ContractionTypes &types, const RuntimeValue &input,
                    const RuntimeValue &weight, const RuntimeValue &bias,
                    const RuntimeValue &inputZp, const RuntimeValue &weightZp,
                    const ConvAttributes &attributes, const DeclaredShape &output) {
  const char *op = "CONV2D";
  checkConvOperands(op, types, input, weight, bias);
  ConvShape s{};
  s.N = input.shape()[0], s.IH = input.shape()[1], s.IW = input.shape()[2];
  s.IC = input.shape()[3];
  s.OC = weight.shape()[0], s.KH = weight.shape()[1], s.KW = weight.shape()[2];
  s.BC = bias.shape()[0];
  checkDim(op, "weight", weight.shape(), 3, "IC", s.IC,
           "IC = " + std::to_string(s.IC) + " from input");
  const ZeroPoints zp = readZeroPoints(types, inputZp, weightZp);
  Shape outShape = outputShape(op, output, {s.N, 0, 0, s.OC}, {"N", "OH", "OW", "OC"},
                               {false, true, true, false});
  checkAttributes(op, attributes, /*transpose=*/false);
  // The pseudo-code's ERROR_IFs, in its order.
  checkZeroPoint(op, "in_t", "input_zp", types.in, zp.input);
  checkZeroPoint(op, "weight_t", "weight_zp", types.weight, zp.weight);
  checkPadStrideDilation(op, attributes);
  dilatedOutputSize(op, output, s.IH, s.IW, s.KH, s.KW, attributes, outShape);
  s.OH = outShape[1], s.OW = outShape[2];
  checkBiasChannels(op, s.BC, s.OC, "OC");
  return withArithmetic(types, [&](const auto &arith) {
    return convLoops(ConvKind::Conv2d, arith, types, s, attributes, input, weight, bias, zp,
                     outShape);
  });
}

RuntimeValue depthwiseConv2d(const ContractionTypes &types, const RuntimeValue &input,
                             const RuntimeValue &weight, const RuntimeValue &bias,
                             const RuntimeValue &inputZp, const RuntimeValue &weightZp,
                             const ConvAttributes &attributes, const DeclaredShape &output) {
  const char *op = "DEPTHWISE_CONV2D";
  checkConvOperands(op, types, input, weight, bias);
  ConvShape s{};
  s.N = input.shape()[0], s.IH = input.shape()[1], s.IW = input.shape()[2];
  s.IC = input.shape()[3]; // C
  s.KH = weight.shape()[0], s.KW = weight.shape()[1], s.M = weight.shape()[3];
  s.BC = bias.shape()[0];
  checkDim(op, "weight", weight.shape(), 2, "C", s.IC,
           "C = " + std::to_string(s.IC) + " from input");
  const ZeroPoints zp = readZeroPoints(types, inputZp, weightZp);
  s.OC = s.IC * s.M;
  Shape outShape = outputShape(op, output, {s.N, 0, 0, s.OC}, {"N", "OH", "OW", "C * M"},
                               {false, true, true, false});
  checkAttributes(op, attributes, /*transpose=*/false);
  checkZeroPoint(op, "in_t", "input_zp", types.in, zp.input);
  checkZeroPoint(op, "weight_t", "weight_zp", types.weight, zp.weight);
  checkPadStrideDilation(op, attributes);
  dilatedOutputSize(op, output, s.IH, s.IW, s.KH, s.KW, attributes, outShape);
  s.OH = outShape[1], s.OW = outShape[2];
  checkBiasChannels(op, s.BC, s.OC, "C*M");
  return withArithmetic(types, [&](const auto &arith) {
    return convLoops(ConvKind::Depthwise, arith, types, s, attributes, input, weight, bias, zp,
                     outShape);
  });
}

RuntimeValue transposeConv2d(const ContractionTypes &types, const RuntimeValue &input,
                             const RuntimeValue &weight, const RuntimeValue &bias,
                             const RuntimeValue &inputZp, const RuntimeValue &weightZp,
                             const ConvAttributes &attributes, const DeclaredShape &output) {
  const char *op = "TRANSPOSE_CONV2D";
  checkConvOperands(op, types, input, weight, bias);
  ConvShape s{};
  s.N = input.shape()[0], s.IH = input.shape()[1], s.IW = input.shape()[2];
  s.IC = input.shape()[3];
  s.OC = weight.shape()[0], s.KH = weight.shape()[1], s.KW = weight.shape()[2];
  s.BC = bias.shape()[0];
  checkDim(op, "weight", weight.shape(), 3, "IC", s.IC,
           "IC = " + std::to_string(s.IC) + " from input");
  const ZeroPoints zp = readZeroPoints(types, inputZp, weightZp);
  Shape outShape = outputShape(op, output, {s.N, 0, 0, s.OC}, {"N", "OH", "OW", "OC"},
                               {false, true, true, false});
  checkAttributes(op, attributes, /*transpose=*/true);
  checkZeroPoint(op, "in_t", "input_zp", types.in, zp.input);
  checkZeroPoint(op, "weight_t", "weight_zp", types.weight, zp.weight);
  const auto &p = attributes.pad;
  const int64_t sy = attributes.stride[0], sx = attributes.stride[1];
  auto t = [](int64_t v) { return std::to_string(v); };
  if (p[0] <= -s.KH || p[1] <= -s.KH)
    errorIf(op, "out_pad_top <= -KH || out_pad_bottom <= -KH",
            "out_pad_top = " + t(p[0]) + ", out_pad_bottom = " + t(p[1]) + ", KH = " + t(s.KH));
  if (p[2] <= -s.KW || p[3] <= -s.KW)
    errorIf(op, "out_pad_left <= -KW || out_pad_right <= -KW",
            "out_pad_left = " + t(p[2]) + ", out_pad_right = " + t(p[3]) + ", KW = " + t(s.KW));
  if (sy < 1 || sx < 1)
    errorIf(op, "stride_y < 1 || stride_x < 1", "stride = " + indexText(attributes.stride));
  // OH, OW: exact sizes, no idiv_check; a dynamic size is the derived one.
  auto size = [&](size_t d, const char *name, int64_t derived, const char *condition,
                  const std::string &terms) {
    std::optional<int64_t> declared = output.staticDim(d);
    if (declared ? *declared != derived : derived < 0)
      errorIf(op, condition,
              std::string(name) + " = " + (declared ? t(*declared) : "? (dynamic)") + "; " +
                  terms + " give " + t(derived));
    outShape[d] = derived;
  };
  size(1, "OH", (s.IH - 1) * sy + p[0] + p[1] + s.KH,
       "OH != (IH - 1) * stride_y + out_pad_top + out_pad_bottom + KH",
       "IH = " + t(s.IH) + ", stride_y = " + t(sy) + ", out_pad_top = " + t(p[0]) +
           ", out_pad_bottom = " + t(p[1]) + ", KH = " + t(s.KH));
  size(2, "OW", (s.IW - 1) * sx + p[2] + p[3] + s.KW,
       "OW != (IW - 1) * stride_x + out_pad_left + out_pad_right + KW",
       "IW = " + t(s.IW) + ", stride_x = " + t(sx) + ", out_pad_left = " + t(p[2]) +
           ", out_pad_right = " + t(p[3]) + ", KW = " + t(s.KW));
  s.OH = outShape[1], s.OW = outShape[2];
  checkBiasChannels(op, s.BC, s.OC, "OC");
  return withArithmetic(types, [&](const auto &arith) {
    return convLoops(ConvKind::Transpose, arith, types, s, attributes, input, weight, bias, zp,
                     outShape);
  });
}

} // namespace qi::eval::tosakernel
