//===- TosaPooling.cpp - TOSA 1.0 AVG_POOL2D and MAX_POOL2D ---------------===//
//
// Spec: [tosa.avg-pool2d], [tosa.max-pool2d], [contract.pool-divide], with
// [contract.errors] for the order of the checks. The loops are the
// pseudo-code's (TOSA 1.0.2, pseudocode/operators/{AVG,MAX}_POOL2D.tosac).
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/TosaPooling.h"

#include "interpreter/numeric/Exact.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/requant/ApplyScale.h"
#include "interpreter/requant/Rescale.h"
#include "interpreter/requant/TosaArithmetic.h"

#include <string>

namespace qi::eval::tosakernel {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

/// The window of one pooling op and its output size.
struct PoolShape {
  int64_t N, IH, IW, C, OH, OW;
};

/// The output's rank, N and C, then the attributes as int32_t
/// ([contract.errors] 5-6).
Shape checkPoolArguments(const char *op, const RuntimeValue &input,
                         const PoolAttributes &a, const DeclaredShape &output) {
  const Shape &in = input.shape();
  Shape outShape = outputShape(op, output, {in[0], 0, 0, in[3]}, {"N", "OH", "OW", "C"},
                               {false, true, true, false});
  checkInt32Attribute(op, "kernel_y", a.kernel[0]);
  checkInt32Attribute(op, "kernel_x", a.kernel[1]);
  checkInt32Attribute(op, "stride_y", a.stride[0]);
  checkInt32Attribute(op, "stride_x", a.stride[1]);
  static const char *padNames[] = {"pad_top", "pad_bottom", "pad_left", "pad_right"};
  for (size_t i = 0; i < 4; ++i)
    checkInt32Attribute(op, padNames[i], a.pad[i]);
  return outShape;
}

/// The geometry ERROR_IFs both pooling operators state, in their order;
/// fills OH and OW.
PoolShape checkPoolGeometry(const char *op, const RuntimeValue &input, const PoolAttributes &a,
                            const DeclaredShape &output, Shape &outShape) {
  const int64_t ky = a.kernel[0], kx = a.kernel[1], sy = a.stride[0], sx = a.stride[1];
  const int64_t pt = a.pad[0], pb = a.pad[1], pl = a.pad[2], pr = a.pad[3];
  if (ky < 1 || kx < 1)
    errorIf(op, "kernel_y < 1 || kernel_x < 1", "kernel = " + indexText(a.kernel));
  if (sy < 1 || sx < 1)
    errorIf(op, "stride_y < 1 || stride_x < 1", "stride = " + indexText(a.stride));
  if (pt < 0 || pb < 0 || pl < 0 || pr < 0)
    errorIf(op, "pad_top < 0 || pad_bottom < 0 || pad_left < 0 || pad_right < 0",
            "pad = " + indexText(a.pad));
  // Padding below the kernel size: every window holds an input element
  // (AVG_POOL2D's count > 0, MAX_POOL2D's max of something).
  if (pr >= kx || pl >= kx)
    errorIf(op, "pad_right >= kernel_x || pad_left >= kernel_x",
            "pad_left = " + str(pl) + ", pad_right = " + str(pr) + ", kernel_x = " + str(kx));
  if (pt >= ky || pb >= ky)
    errorIf(op, "pad_top >= kernel_y || pad_bottom >= kernel_y",
            "pad_top = " + str(pt) + ", pad_bottom = " + str(pb) + ", kernel_y = " + str(ky));
  PoolShape s{};
  s.N = input.shape()[0], s.IH = input.shape()[1], s.IW = input.shape()[2];
  s.C = input.shape()[3];
  s.OH = checkWindowOutput(op, "OH", output.staticDim(1), s.IH + pt + pb - ky, sy,
                           "OH != idiv_check(IH + pad_top + pad_bottom - kernel_y, stride_y) + 1",
                           "IH + pad_top + pad_bottom - kernel_y", "stride_y",
                           "IH = " + str(s.IH) + ", pad_top = " + str(pt) + ", pad_bottom = " +
                               str(pb) + ", kernel_y = " + str(ky) + ", stride_y = " + str(sy));
  s.OW = checkWindowOutput(op, "OW", output.staticDim(2), s.IW + pl + pr - kx, sx,
                           "OW != idiv_check(IW + pad_left + pad_right - kernel_x, stride_x) + 1",
                           "IW + pad_left + pad_right - kernel_x", "stride_x",
                           "IW = " + str(s.IW) + ", pad_left = " + str(pl) + ", pad_right = " +
                               str(pr) + ", kernel_x = " + str(kx) + ", stride_x = " + str(sx));
  outShape[1] = s.OH;
  outShape[2] = s.OW;
  return s;
}

/// Calls `body(y, x, offset)` for each input element of the window of output
/// (n, oy, ox, c), in the pseudo-code's order (ky, then kx), skipping padding.
template <typename Body>
void forWindow(const PoolShape &s, const PoolAttributes &a, int64_t n, int64_t oy, int64_t ox,
               int64_t c, Body body) {
  const int64_t iy = oy * a.stride[0] - a.pad[0], ix = ox * a.stride[1] - a.pad[2];
  for (int64_t ky = 0; ky < a.kernel[0]; ++ky)
    for (int64_t kx = 0; kx < a.kernel[1]; ++kx) {
      const int64_t y = iy + ky, x = ix + kx;
      if (0 <= y && y < s.IH && 0 <= x && x < s.IW)
        body(ky, kx, ((n * s.IH + y) * s.IW + x) * s.C + c);
    }
}

/// [contract.poison] Whether the window of an output element reads poison.
bool windowReadsPoison(const RuntimeValue &input, const PoolShape &s, const PoolAttributes &a,
                       int64_t n, int64_t oy, int64_t ox, int64_t c) {
  bool poison = false;
  forWindow(s, a, n, oy, ox, c,
            [&](int64_t, int64_t, int64_t offset) { poison = poison || input.isPoison(offset); });
  return poison;
}

/// A REQUIRE that failed for output element `element`, at kernel position
/// (ky, kx) when `ky >= 0`.
[[noreturn]] void requireFailed(requant::Violation violation,
                                const std::vector<int64_t> &element, int64_t ky = -1,
                                int64_t kx = -1) {
  if (ky >= 0)
    violation.detail += ", at ky = " + str(ky) + ", kx = " + str(kx);
  fail("element " + indexText(element) + ": " + violation.message());
}

} // namespace

//===-- Type-support tables -----------------------------------------------===//

const TypeTable &avgPoolTypes() {
  static const TypeTable table{"AVG_POOL2D",
                               {"in_out_t", "acc_t"},
                               {{"i8", "i32"},
                                {"i16", "i32"},
                                {"f8E4M3FN", "f16"},
                                {"f8E5M2", "f16"},
                                {"f16", "f16"},
                                {"f16", "f32"},
                                {"bf16", "f32"},
                                {"f32", "f32"}}};
  return table;
}

const TypeTable &maxPoolTypes() {
  static const TypeTable table{
      "MAX_POOL2D",
      {"in_out_t"},
      {{"i8"}, {"i16"}, {"f8E4M3FN"}, {"f8E5M2"}, {"f16"}, {"bf16"}, {"f32"}}};
  return table;
}

//===-- AVG_POOL2D --------------------------------------------------------===//

RuntimeValue avgPool2d(const ElementType &inOut, const ElementType &acc,
                       const RuntimeValue &input, const RuntimeValue &inputZp,
                       const RuntimeValue &outputZp, const PoolAttributes &a,
                       const DeclaredShape &output) {
  const char *op = "AVG_POOL2D";
  checkTypes(avgPoolTypes(), {inOut, acc});
  if (!(input.elementType() == inOut))
    fail("input has element type " + input.elementType().toString() + ", expected in_out_t = " +
         inOut.toString());
  checkRank(op, "input", input, 4);
  const numeric::Bits inputZpBits = zeroPointBits("input_zp", inputZp, inOut);
  const numeric::Bits outputZpBits = zeroPointBits("output_zp", outputZp, inOut);
  Shape outShape = checkPoolArguments(op, input, a, output);
  checkZeroPoint(op, "in_out_t", "input_zp", inOut, inputZpBits);
  checkZeroPoint(op, "in_out_t", "output_zp", inOut, outputZpBits);
  const PoolShape s = checkPoolGeometry(op, input, a, output, outShape);

  RuntimeValue result = RuntimeValue::tensor(inOut, outShape);
  const bool anyPoison = input.hasPoison();
  for (int64_t n = 0; n < s.N; ++n)
    for (int64_t oy = 0; oy < s.OH; ++oy)
      for (int64_t ox = 0; ox < s.OW; ++ox)
        for (int64_t c = 0; c < s.C; ++c) {
          const int64_t o = ((n * s.OH + oy) * s.OW + ox) * s.C + c;
          if (anyPoison && windowReadsPoison(input, s, a, n, oy, ox, c)) {
            result.setPoison(o);
            continue;
          }
          int64_t count = 0;
          if (acc.isFloat()) {
            const FloatArithmetic arith(*acc.floatFormat, *inOut.floatFormat);
            const numeric::Bits zp = arith.fromBits(inOut, inputZpBits);
            numeric::Bits sum = arith.zero();
            forWindow(s, a, n, oy, ox, c, [&](int64_t, int64_t, int64_t offset) {
              ++count;
              numeric::Bits value = arith.read(input, offset); // sign_extend<acc_t>: exact
              value = arith.sub(value, zp, "value", "input_zp");
              sum = arith.add(sum, value, "acc", "value");
            });
            // static_cast<in_out_t>(acc / static_cast<acc_t>(count)) ([tosa.avg-pool2d] 3).
            result.set(o, arith.outBits(arith.toOut(arith.div(sum, arith.fromCount(count)))));
            continue;
          }
          // Integer: acc_t is int32_t.
          const unsigned accWidth = acc.intWidth;
          const int64_t zp = IntArithmetic::fromBits(inOut, inputZpBits);
          int64_t sum = 0;
          forWindow(s, a, n, oy, ox, c, [&](int64_t ky, int64_t kx, int64_t offset) {
            ++count;
            const int64_t read = IntArithmetic::read(input, offset);
            const requant::TosaInt value =
                requant::applySubS(read, zp, accWidth, "value", "input_zp");
            if (value.violation)
              requireFailed(*value.violation, {n, oy, ox, c}, ky, kx);
            const requant::TosaInt added =
                requant::applyAddS(sum, value.value, accWidth, "acc", "value");
            if (added.violation)
              requireFailed(*added.violation, {n, oy, ox, c}, ky, kx);
            sum = added.value;
          });
          // [contract.pool-divide] The rounding division by count.
          const requant::ReciprocalScale scale =
              requant::reciprocalScale(static_cast<uint32_t>(count));
          if (scale.violation)
            requireFailed(*scale.violation, {n, oy, ox, c});
          const requant::Scaled scaled = requant::applyScale32(
              static_cast<int32_t>(sum), scale.multiplier, scale.shift, /*doubleRound=*/false);
          if (scaled.violation)
            requireFailed(*scaled.violation, {n, oy, ox, c});
          const int64_t outZp = IntArithmetic::fromBits(inOut, outputZpBits);
          const requant::TosaInt withZp =
              requant::applyAddS(scaled.value, outZp, accWidth, "acc", "output_zp");
          if (withZp.violation)
            requireFailed(*withZp.violation, {n, oy, ox, c});
          int64_t value = withZp.value;
          // apply_clip_s<acc_t>(acc, minimum_s<in_out_t>(), maximum_s<in_out_t>()).
          const int64_t lo = requant::minimumS(inOut.intWidth), hi = requant::maximumS(inOut.intWidth);
          value = value < lo ? lo : value > hi ? hi : value;
          result.set(o, requant::truncateBits(value, inOut.intWidth));
        }
  return result;
}

//===-- MAX_POOL2D --------------------------------------------------------===//

namespace {

/// apply_max_s<in_out_t>(a, b, nan_mode) on float patterns: compare_nan
/// when either is NaN (PROPAGATE: NaN; IGNORE: the other), else a >= b ? a : b
/// (so of +0 and -0 the first stays).
numeric::Bits floatMax(const numeric::FloatFormat &format, numeric::Bits a, numeric::Bits b,
                       NanMode nanMode) {
  const bool nanA = numeric::isNaN(format, a), nanB = numeric::isNaN(format, b);
  if (nanA || nanB) {
    if (nanMode == NanMode::Propagate)
      return numeric::defaultNaN(format);
    return nanA ? b : a;
  }
  return numeric::exactCompare(numeric::decode(format, a), numeric::decode(format, b)) >= 0 ? a
                                                                                            : b;
}

} // namespace

RuntimeValue maxPool2d(const ElementType &inOut, const RuntimeValue &input,
                       const PoolAttributes &a, NanMode nanMode, const DeclaredShape &output) {
  const char *op = "MAX_POOL2D";
  checkTypes(maxPoolTypes(), {inOut});
  if (!(input.elementType() == inOut))
    fail("input has element type " + input.elementType().toString() + ", expected in_out_t = " +
         inOut.toString());
  checkRank(op, "input", input, 4);
  Shape outShape = checkPoolArguments(op, input, a, output);
  const PoolShape s = checkPoolGeometry(op, input, a, output, outShape);

  RuntimeValue result = RuntimeValue::tensor(inOut, outShape);
  const bool anyPoison = input.hasPoison();
  const numeric::FloatFormat *format = inOut.isFloat() ? inOut.floatFormat : nullptr;
  // The initial acc: NaN under IGNORE (floats), else minimum_s<in_out_t>():
  // -infinity, or the lowest finite value of a format without infinity.
  numeric::Bits initial;
  if (format)
    initial = nanMode == NanMode::Ignore ? numeric::defaultNaN(*format)
              : format->hasInfinity()   ? numeric::encodeInfinity(*format, true).bits
                                        : numeric::largestFinite(*format, true);
  else
    initial = requant::truncateBits(requant::minimumS(inOut.intWidth), inOut.intWidth);
  for (int64_t n = 0; n < s.N; ++n)
    for (int64_t oy = 0; oy < s.OH; ++oy)
      for (int64_t ox = 0; ox < s.OW; ++ox)
        for (int64_t c = 0; c < s.C; ++c) {
          const int64_t o = ((n * s.OH + oy) * s.OW + ox) * s.C + c;
          if (anyPoison && windowReadsPoison(input, s, a, n, oy, ox, c)) {
            result.setPoison(o);
            continue;
          }
          numeric::Bits acc = initial;
          forWindow(s, a, n, oy, ox, c, [&](int64_t, int64_t, int64_t offset) {
            const numeric::Bits value = input.get(offset);
            if (format) {
              acc = floatMax(*format, acc, value, nanMode);
            } else if (IntArithmetic::fromBits(inOut, value) >
                       IntArithmetic::fromBits(inOut, acc)) {
              acc = value; // sign_extend(a) >= sign_extend(b) ? a : b
            }
          });
          if (format && numeric::isNaN(*format, acc))
            acc = numeric::defaultNaN(*format); // [contract.float] 3
          result.set(o, acc);
        }
  return result;
}

} // namespace qi::eval::tosakernel
