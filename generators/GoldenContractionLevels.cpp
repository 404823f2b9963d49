//===- GoldenContractionLevels.cpp - The contraction part of the levels ---===//
//
// Spec: docs/golden-format.md, "Levels" (the contraction part) and
// "Contraction cases". Which contraction parameters each level holds; the
// inputs come from makeContractionInputs, the expected output and the
// rejections from quant-interp's own code (GoldenBuild.cpp).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenLevelParts.h"

#include "generators/GoldenContraction.h"

#include <algorithm>
#include <string>
#include <tuple>

namespace qi::generators {

namespace {

using K = TosaOpKind;

/// A contraction case, field by field:
/// `Ct(K::Conv2d, "i8", "i8", "i32", "pad").in({1, 4, 4, 1}).w({2, 2, 2, 1}).bias(2)`.
/// Defaults: pad 0, stride 1, dilation 1, kernel 2x2, zero points 0, static.
struct Ct {
  CaseParams p;
  Ct(K kind, std::string input, std::string weight, std::string acc, std::string purpose) {
    p.op = Op::TosaOp;
    TosaOpParams &k = p.tosaOp;
    k.kind = kind;
    k.input = std::move(input);
    k.weight = std::move(weight);
    k.acc = std::move(acc);
    k.purpose = std::move(purpose);
    p.shapeKind = ShapeKind::Static;
    if (kind != K::MatMul) {
      k.pad = {0, 0, 0, 0};
      k.stride = {1, 1};
    }
    if (kind == K::Conv2d || kind == K::DepthwiseConv2d)
      k.dilation = {1, 1};
    if (kind == K::AvgPool2d || kind == K::MaxPool2d)
      k.kernel = {2, 2};
  }
  Ct &in(Shape s) {
    p.shape = std::move(s);
    return *this;
  }
  Ct &w(Shape s) {
    p.tosaOp.weightShape = std::move(s);
    return *this;
  }
  Ct &bias(int64_t bc) {
    p.tosaOp.biasShape = {bc};
    return *this;
  }
  Ct &zps(int64_t in, int64_t weight, int64_t out = 0) {
    p.tosaOp.inputZp = in;
    p.tosaOp.weightZp = weight;
    p.tosaOp.outputZp = out;
    return *this;
  }
  Ct &pad(std::vector<int64_t> v) {
    p.tosaOp.pad = std::move(v);
    return *this;
  }
  Ct &stride(std::vector<int64_t> v) {
    p.tosaOp.stride = std::move(v);
    return *this;
  }
  Ct &dilation(std::vector<int64_t> v) {
    p.tosaOp.dilation = std::move(v);
    return *this;
  }
  Ct &kernel(std::vector<int64_t> v) {
    p.tosaOp.kernel = std::move(v);
    return *this;
  }
  Ct &dynamicBatch() {
    p.shapeKind = ShapeKind::Dynamic;
    p.dynamic.assign(p.shape.size(), false);
    p.dynamic[0] = true;
    return *this;
  }
  /// The input written `tensor<*x...>` (and so the result); the weight and
  /// bias stay static.
  Ct &unranked() {
    p.shapeKind = ShapeKind::Unranked;
    p.dynamic.clear();
    return *this;
  }
  /// A 0-d input (`tensor<i8>`): MLIR's verifier refuses it (rank 3 or 4).
  Ct &zeroD() {
    p.shapeKind = ShapeKind::ZeroD;
    p.shape.clear();
    return *this;
  }
  Ct &declared(std::vector<int64_t> d) {
    p.tosaOp.declaredOutput = std::move(d);
    return *this;
  }
  Ct &reject() {
    p.variant = std::string(kRejectVariant);
    return *this;
  }
  /// A tiled case of period L (docs/golden-format.md, "Tiled cases").
  Ct &tile(int64_t period) {
    p.period = period;
    return *this;
  }
  operator CaseParams() const { return p; }
};

Ct mm(const char *in, const char *acc, const char *purpose) {
  return Ct(K::MatMul, in, in, acc, purpose);
}
Ct conv(const char *in, const char *weight, const char *acc, const char *purpose) {
  return Ct(K::Conv2d, in, weight, acc, purpose);
}
Ct dw(const char *in, const char *weight, const char *acc, const char *purpose) {
  return Ct(K::DepthwiseConv2d, in, weight, acc, purpose);
}
Ct tconv(const char *in, const char *weight, const char *acc, const char *purpose) {
  return Ct(K::TransposeConv2d, in, weight, acc, purpose);
}
Ct avg(const char *in, const char *purpose) { return Ct(K::AvgPool2d, in, "", "i32", purpose); }
Ct maxp(const char *in, const char *purpose) { return Ct(K::MaxPool2d, in, "", "", purpose); }

/// Expected rejections: ERROR_IFs MLIR's verifier leaves to run time
/// (`error-if`) or catches first (`verifier`), and REQUIREs (`require`).
/// The generator records which (quant-interp's own outcome).
std::vector<CaseParams> rejections() {
  std::vector<CaseParams> v;
  // The sum with the bias one beyond int32 / int48 (REQUIRE of apply_add_s).
  v.push_back(conv("i8", "i8", "i32", "out-past-max").in({1, 2, 2, 2}).w({2, 1, 1, 2}).bias(2)
                  .zps(-128, -128).reject());
  v.push_back(conv("i16", "i8", "i48", "out-past-min").in({1, 2, 2, 1}).w({1, 1, 1, 1}).bias(1)
                  .reject());
  // A declared result the inputs contradict.
  v.push_back(mm("i8", "i32", "bad-output").in({1, 1, 2}).w({1, 2, 2}).declared({1, 1, 3}).reject());
  v.push_back(conv("i8", "i8", "i32", "bad-output").in({1, 3, 3, 1}).w({1, 2, 2, 1}).bias(1)
                  .declared({1, 3, 3, 1}).reject());
  // A static result batch a dynamic input's runtime batch contradicts.
  v.push_back(conv("i8", "i8", "i32", "bad-batch").in({2, 2, 2, 1}).w({1, 1, 1, 1}).bias(1)
                  .dynamicBatch().declared({3, 2, 2, 1}).reject());
  // A zero point the type does not allow (only i8 data carries one).
  v.push_back(conv("i16", "i8", "i48", "zp-not-allowed").in({1, 2, 2, 1}).w({1, 1, 1, 1}).bias(1)
                  .zps(1, 0).reject());
  v.push_back(avg("i16", "zp-not-allowed").in({1, 2, 2, 1}).zps(0, 0, 3).reject());
  // Geometry: a negative pad, a zero stride, a zero dilation, a size not
  // divisible by the stride, a pool pad not below the kernel, an out_pad <= -KH.
  v.push_back(conv("i8", "i8", "i32", "bad-pad").in({1, 2, 2, 1}).w({1, 1, 1, 1}).bias(1)
                  .pad({-1, 0, 0, 0}).declared({1, 1, 2, 1}).reject());
  v.push_back(dw("i8", "i8", "i32", "bad-stride").in({1, 2, 2, 1}).w({1, 1, 1, 1}).bias(1)
                  .stride({0, 1}).declared({1, 2, 2, 1}).reject());
  v.push_back(dw("i8", "i8", "i32", "bad-dilation").in({1, 2, 2, 1}).w({1, 1, 1, 1}).bias(1)
                  .dilation({1, 0}).declared({1, 2, 2, 1}).reject());
  v.push_back(conv("i8", "i8", "i32", "not-divisible").in({1, 4, 4, 1}).w({1, 1, 1, 1}).bias(1)
                  .stride({2, 2}).declared({1, 2, 2, 1}).reject());
  v.push_back(maxp("i8", "bad-pad").in({1, 2, 2, 1}).pad({2, 0, 0, 0}).declared({1, 3, 1, 1})
                  .reject());
  v.push_back(tconv("i8", "i8", "i32", "bad-pad").in({1, 2, 2, 1}).w({1, 2, 2, 1}).bias(1)
                  .pad({-2, 0, 0, 0}).declared({1, 1, 3, 1}).reject());
  // Bias channels: BC neither OC nor 1.
  v.push_back(conv("i8", "i8", "i32", "bias-channels").in({1, 2, 2, 1}).w({3, 1, 1, 1}).bias(2)
                  .reject());
  return v;
}

/// The minimal discriminating set: every op and type row, zero points at
/// their extremes, padding / stride / dilation, batches, a broadcast bias,
/// the out_t bounds met exactly, a dynamic batch, the rejections.
std::vector<CaseParams> smoke() {
  std::vector<CaseParams> v;
  v.push_back(mm("i8", "i32", "zero-points").in({1, 2, 3}).w({1, 3, 2}).zps(-128, 127));
  v.push_back(mm("i8", "i32", "batch").in({2, 2, 2}).w({2, 2, 2}));
  v.push_back(mm("i16", "i48", "small").in({1, 2, 2}).w({1, 2, 2}));
  v.push_back(conv("i8", "i8", "i32", "pad-stride").in({1, 4, 4, 1}).w({2, 2, 2, 1}).bias(2)
                  .pad({1, 1, 1, 1}).stride({2, 2}).zps(-128, 127));
  v.push_back(conv("i8", "i8", "i32", "dilation").in({1, 4, 4, 1}).w({1, 2, 2, 1}).bias(1)
                  .dilation({2, 2}).zps(127, -128));
  v.push_back(conv("i8", "i4", "i32", "bias-broadcast").in({1, 3, 3, 2}).w({2, 2, 2, 2}).bias(1)
                  .zps(5, 0));
  v.push_back(conv("i16", "i8", "i48", "small").in({1, 3, 3, 1}).w({1, 2, 2, 1}).bias(1)
                  .zps(0, -128));
  v.push_back(conv("i8", "i8", "i32", "out-max").in({1, 2, 2, 2}).w({2, 1, 1, 2}).bias(2)
                  .zps(-128, -128));
  v.push_back(conv("i8", "i8", "i32", "out-min").in({1, 2, 2, 2}).w({2, 1, 1, 2}).bias(2)
                  .zps(-128, 127));
  v.push_back(conv("i16", "i8", "i48", "out-max").in({1, 2, 2, 1}).w({1, 1, 1, 1}).bias(1));
  v.push_back(conv("i8", "i8", "i32", "pad-edge").in({1, 2, 2, 1}).w({1, 2, 2, 1}).bias(1)
                  .pad({3, 3, 3, 3}).zps(-128, 0));
  v.push_back(conv("i8", "i8", "i32", "dynamic").in({2, 3, 3, 1}).w({1, 2, 2, 1}).bias(1)
                  .zps(-128, 127).dynamicBatch());
  v.push_back(dw("i8", "i8", "i32", "pad").in({1, 3, 3, 2}).w({2, 2, 2, 2}).bias(4)
                  .pad({0, 1, 0, 1}).zps(-128, 127));
  v.push_back(tconv("i8", "i8", "i32", "stride").in({1, 2, 2, 1}).w({2, 3, 3, 1}).bias(2)
                  .stride({2, 2}).zps(127, -128));
  v.push_back(avg("i8", "pad").in({1, 4, 4, 2}).kernel({2, 2}).stride({2, 2}).pad({1, 1, 1, 1})
                  .zps(-128, 0, 127));
  v.push_back(avg("i16", "small").in({1, 3, 3, 1}).kernel({3, 3}).pad({1, 1, 1, 1}));
  v.push_back(maxp("i8", "batch-pad").in({2, 3, 3, 1}).pad({1, 0, 1, 0}));
  v.push_back(maxp("i16", "pad").in({1, 3, 3, 1}).kernel({3, 3}).pad({2, 2, 2, 2}));
  v.push_back(maxp("i8", "dynamic").in({2, 2, 2, 1}).dynamicBatch());
  for (CaseParams &p : rejections())
    v.push_back(std::move(p));
  return v;
}

/// Every op in every shape kind and size band of the coverage model "TOSA
/// operators" (docs/vendor-guide.md, "Coverage classes"): 0-d inputs
/// (MLIR's verifier refuses them: rank 3 or 4), unranked inputs (values, and
/// rejections at run time), dynamic-batch rejections, empty tensors (a 0
/// dimension at run time), one element, inputs of 256, 1,024 and 4,096
/// elements (the bands' lower ends) whose strides or channel sums keep the
/// weight and the output small, and tiled inputs over 65,536 elements whose
/// window is one element (a 1x1 kernel, stride 1, no padding: output
/// element i stands for input element i), with periods that divide no
/// power of two (3 * 13, 3 * 17, 3 * 19), so that an index wrapping at 2^16
/// reads another element.
std::vector<CaseParams> shapeKindsAndSizes() {
  std::vector<CaseParams> v;
  // 0-d: the program's result as it would be for one element.
  v.push_back(mm("i8", "i32", "bad-rank").zeroD().w({1, 1, 2}).declared({1, 1, 2}).reject());
  v.push_back(conv("i8", "i8", "i32", "bad-rank").zeroD().w({1, 1, 1, 1}).bias(1)
                  .declared({1, 1, 1, 1}).reject());
  v.push_back(dw("i8", "i8", "i32", "bad-rank").zeroD().w({1, 1, 1, 1}).bias(1)
                  .declared({1, 1, 1, 1}).reject());
  v.push_back(tconv("i8", "i8", "i32", "bad-rank").zeroD().w({1, 1, 1, 1}).bias(1)
                  .declared({1, 1, 1, 1}).reject());
  v.push_back(avg("i8", "bad-rank").zeroD().kernel({1, 1}).declared({1, 1, 1, 1}).reject());
  v.push_back(maxp("i8", "bad-rank").zeroD().kernel({1, 1}).declared({1, 1, 1, 1}).reject());
  // Unranked: values of every op (the result tensor<*x...>).
  v.push_back(mm("i8", "i32", "unranked").in({2, 2, 3}).w({2, 3, 2}).zps(-128, 127).unranked());
  v.push_back(conv("i8", "i8", "i32", "unranked").in({1, 3, 3, 2}).w({2, 2, 2, 2}).bias(2)
                  .pad({0, 1, 0, 1}).zps(127, -128).unranked());
  v.push_back(dw("i8", "i8", "i32", "unranked").in({1, 4, 4, 2}).w({2, 2, 2, 2}).bias(4)
                  .stride({2, 2}).zps(-128, 127).unranked());
  v.push_back(tconv("i16", "i8", "i48", "unranked").in({1, 2, 2, 1}).w({2, 2, 2, 1}).bias(2)
                  .stride({2, 2}).unranked());
  v.push_back(avg("i8", "unranked").in({1, 3, 3, 2}).pad({1, 0, 1, 0}).zps(-128, 0, 127)
                  .unranked());
  v.push_back(maxp("i16", "unranked").in({2, 3, 3, 1}).kernel({3, 3}).pad({1, 1, 1, 1})
                  .unranked());
  // Unranked: a runtime shape the verifier could not see (channels that do
  // not match the weight); the pools' are the large not-divisible ones below.
  v.push_back(mm("i8", "i32", "bad-channels").in({1, 2, 3}).w({1, 2, 2}).unranked().reject());
  v.push_back(conv("i8", "i8", "i32", "bad-channels").in({1, 2, 2, 2}).w({1, 1, 1, 1}).bias(1)
                  .unranked().reject());
  v.push_back(dw("i8", "i8", "i32", "bad-channels").in({1, 2, 2, 2}).w({1, 1, 3, 1}).bias(3)
                  .unranked().reject());
  v.push_back(tconv("i8", "i8", "i32", "bad-channels").in({1, 2, 2, 2}).w({1, 1, 1, 1}).bias(1)
                  .unranked().reject());
  // Dynamic batch: a static result batch the runtime batch contradicts.
  v.push_back(mm("i8", "i32", "bad-batch").in({2, 2, 3}).w({2, 3, 2}).dynamicBatch()
                  .declared({3, 2, 2}).reject());
  v.push_back(dw("i8", "i8", "i32", "bad-batch").in({2, 2, 2, 1}).w({1, 1, 1, 1}).bias(1)
                  .dynamicBatch().declared({3, 2, 2, 1}).reject());
  v.push_back(tconv("i8", "i8", "i32", "bad-batch").in({2, 2, 2, 1}).w({1, 1, 1, 1}).bias(1)
                  .dynamicBatch().declared({3, 2, 2, 1}).reject());
  v.push_back(avg("i8", "bad-batch").in({2, 2, 2, 1}).kernel({1, 1}).dynamicBatch()
                  .declared({3, 2, 2, 1}).reject());
  v.push_back(maxp("i8", "bad-batch").in({2, 2, 2, 1}).kernel({1, 1}).dynamicBatch()
                  .declared({3, 2, 2, 1}).reject());
  // Empty at run time: a batch of 0 (MATMUL: H = 0, its B being static).
  v.push_back(mm("i8", "i32", "empty").in({1, 0, 3}).w({1, 3, 2}).unranked());
  v.push_back(conv("i8", "i8", "i32", "empty").in({0, 3, 3, 1}).w({1, 2, 2, 1}).bias(1)
                  .dynamicBatch());
  v.push_back(dw("i8", "i8", "i32", "empty").in({0, 2, 2, 2}).w({1, 1, 2, 1}).bias(2)
                  .dynamicBatch());
  v.push_back(tconv("i8", "i8", "i32", "empty").in({0, 2, 2, 1}).w({1, 2, 2, 1}).bias(1)
                  .unranked());
  v.push_back(avg("i8", "empty").in({0, 2, 2, 1}).zps(-128, 0, 127).dynamicBatch());
  v.push_back(maxp("i16", "empty").in({0, 3, 3, 1}).unranked());
  // One element (static, dynamic, unranked).
  v.push_back(mm("i8", "i32", "single").in({1, 1, 1}).w({1, 1, 1}).zps(-128, 127));
  v.push_back(conv("i8", "i8", "i32", "single").in({1, 1, 1, 1}).w({1, 1, 1, 1}).bias(1)
                  .zps(127, -128).dynamicBatch());
  v.push_back(dw("i16", "i8", "i48", "single").in({1, 1, 1, 1}).w({1, 1, 1, 1}).bias(1)
                  .zps(0, 127).unranked());
  v.push_back(tconv("i8", "i4", "i32", "single").in({1, 1, 1, 1}).w({1, 1, 1, 1}).bias(1)
                  .zps(-128, 0));
  v.push_back(avg("i16", "single").in({1, 1, 1, 1}).kernel({1, 1}));
  v.push_back(maxp("i8", "single").in({1, 1, 1, 1}).kernel({1, 1}));
  // 256, 1,024 and 4,096 input elements, the shape kinds in turn.
  v.push_back(mm("i8", "i32", "large").in({1, 16, 16}).w({1, 16, 2}).zps(-128, 127));
  v.push_back(mm("i16", "i48", "large").in({4, 16, 16}).w({4, 16, 1}).dynamicBatch());
  v.push_back(mm("i8", "i32", "large").in({1, 64, 64}).w({1, 64, 1}).zps(7, 0).unranked());
  v.push_back(conv("i8", "i8", "i32", "large").in({1, 8, 8, 4}).w({2, 2, 2, 4}).bias(2)
                  .stride({2, 2}).zps(-128, 127).dynamicBatch());
  v.push_back(conv("i8", "i4", "i32", "large").in({1, 16, 16, 4}).w({2, 4, 4, 4}).bias(2)
                  .stride({4, 4}).zps(5, 0).unranked());
  v.push_back(conv("i8", "i8", "i32", "large").in({1, 32, 32, 4}).w({1, 4, 4, 4}).bias(1)
                  .stride({4, 4}).zps(127, -128));
  v.push_back(dw("i8", "i8", "i32", "large").in({1, 8, 8, 4}).w({2, 2, 4, 1}).bias(4)
                  .stride({2, 2}).zps(-128, -128).unranked());
  v.push_back(dw("i16", "i8", "i48", "large").in({1, 16, 16, 4}).w({4, 4, 4, 1}).bias(1)
                  .stride({4, 4}).zps(0, -128));
  v.push_back(dw("i8", "i8", "i32", "large").in({1, 32, 32, 4}).w({4, 4, 4, 1}).bias(4)
                  .stride({4, 4}).zps(7, 0).dynamicBatch());
  v.push_back(tconv("i8", "i8", "i32", "large").in({1, 4, 4, 16}).w({1, 2, 2, 16}).bias(1)
                  .stride({2, 2}).zps(-128, 127));
  v.push_back(tconv("i8", "i8", "i32", "large").in({1, 8, 8, 16}).w({1, 2, 2, 16}).bias(1)
                  .stride({2, 2}).dynamicBatch());
  v.push_back(tconv("i8", "i8", "i32", "large").in({1, 16, 16, 16}).w({1, 2, 2, 16}).bias(1)
                  .stride({2, 2}).zps(127, -128).unranked());
  v.push_back(avg("i8", "large").in({1, 8, 8, 4}).stride({2, 2}).zps(-128, 0, 127)
                  .dynamicBatch());
  v.push_back(avg("i8", "not-divisible").in({1, 16, 16, 4}).kernel({4, 4}).stride({5, 5})
                  .unranked().reject());
  v.push_back(avg("i8", "large").in({1, 32, 32, 4}).kernel({4, 4}).stride({4, 4}).zps(-3, 0, 5));
  v.push_back(maxp("i8", "not-divisible").in({1, 8, 8, 4}).stride({4, 4}).unranked().reject());
  v.push_back(maxp("i16", "large").in({1, 16, 16, 4}).kernel({4, 4}).stride({4, 4}));
  v.push_back(maxp("i8", "large").in({1, 32, 32, 4}).kernel({4, 4}).stride({4, 4})
                  .dynamicBatch());
  // Over 65,536 input elements, tiled (C = 3 channels, the period a
  // multiple of C; MAX_POOL2D: C = 1), the shape kinds in turn.
  v.push_back(mm("i8", "i32", "large").in({1, 21846, 3}).w({1, 3, 3}).zps(-128, 127).tile(51));
  v.push_back(conv("i8", "i8", "i32", "large").in({1, 128, 171, 3}).w({3, 1, 1, 3}).bias(3)
                  .zps(-128, 127).dynamicBatch().tile(51));
  v.push_back(dw("i16", "i8", "i48", "large").in({1, 257, 86, 3}).w({1, 1, 3, 1}).bias(3)
                  .zps(0, 5).unranked().tile(57));
  v.push_back(tconv("i8", "i8", "i32", "large").in({1, 64, 342, 3}).w({3, 1, 1, 3}).bias(1)
                  .zps(127, -128).tile(39));
  v.push_back(avg("i8", "large").in({1, 128, 171, 3}).kernel({1, 1}).zps(-3, 0, 5)
                  .dynamicBatch().tile(51));
  v.push_back(maxp("i16", "large").in({1, 256, 257, 1}).kernel({1, 1}).unranked().tile(51));
  return v;
}

} // namespace

std::vector<CaseParams> contractionSmokeCases() { return smoke(); }

std::vector<CaseParams> contractionFullCases() {
  std::vector<CaseParams> v; // smoke's cases come first (listedCases)
  // Zero point pairs of i8 data: both 0, both extremes either way, one side only.
  const std::pair<int64_t, int64_t> zps8[] = {{0, 0}, {-128, 127}, {127, -128}, {-128, -128}, {7, 0}};
  // MATMUL: shapes and batches, every zero point pair; i16 -> i48.
  for (auto [a, b] : zps8) {
    v.push_back(mm("i8", "i32", "small").in({1, 3, 4}).w({1, 4, 5}).zps(a, b));
    v.push_back(mm("i8", "i32", "batch").in({3, 2, 5}).w({3, 5, 2}).zps(a, b));
  }
  v.push_back(mm("i16", "i48", "batch").in({2, 3, 4}).w({2, 4, 3}));
  v.push_back(mm("i16", "i48", "long").in({1, 1, 64}).w({1, 64, 2}));
  v.push_back(mm("i8", "i32", "dynamic").in({2, 2, 3}).w({2, 3, 2}).zps(-128, 127).dynamicBatch());
  // The int32 accumulator exactly at its maximum, and one term beyond
  // (33,027 terms: the only way to a bound without a bias).
  v.push_back(mm("i8", "i32", "acc-max").in({1, 1, 33027}).w({1, 33027, 1}).zps(-128, -128));
  v.push_back(mm("i8", "i32", "acc-past-max").in({1, 1, 33027}).w({1, 33027, 1}).zps(-128, -128)
                  .reject());

  // The convolutions: geometries (input, weight, pad, stride, dilation).
  struct Geometry {
    const char *purpose;
    Shape in, w;
    std::vector<int64_t> pad, stride, dilation;
  };
  const Geometry convs[] = {
      {"small", {1, 3, 3, 2}, {2, 2, 2, 2}, {0, 0, 0, 0}, {1, 1}, {1, 1}},
      {"pad", {1, 3, 4, 1}, {2, 3, 3, 1}, {1, 1, 1, 1}, {1, 1}, {1, 1}},
      {"pad-asymmetric", {1, 3, 3, 2}, {1, 2, 2, 2}, {0, 2, 1, 0}, {1, 1}, {1, 1}},
      {"stride", {1, 5, 5, 1}, {2, 3, 3, 1}, {0, 0, 0, 0}, {2, 2}, {1, 1}},
      {"stride-xy", {1, 4, 7, 1}, {1, 2, 3, 1}, {0, 1, 0, 0}, {1, 2}, {1, 1}},
      {"dilation", {1, 5, 5, 1}, {1, 2, 2, 1}, {1, 1, 1, 1}, {1, 1}, {2, 3}},
      {"pad-edge", {1, 2, 2, 1}, {1, 2, 2, 1}, {2, 3, 3, 2}, {1, 1}, {1, 1}},
      {"pad-stride-dilation", {1, 5, 5, 2}, {2, 2, 2, 2}, {2, 2, 1, 1}, {2, 2}, {2, 2}},
      {"batch", {3, 3, 3, 1}, {2, 2, 2, 1}, {1, 0, 0, 1}, {1, 1}, {1, 1}},
  };
  struct Row {
    const char *in, *weight, *acc;
  };
  const Row rows[] = {{"i8", "i8", "i32"}, {"i8", "i4", "i32"}, {"i16", "i8", "i48"}};
  for (const Row &r : rows) {
    const std::string in = r.in, weight = r.weight;
    // Zero points the row allows: i8 data any, other types 0.
    std::vector<std::pair<int64_t, int64_t>> pairs;
    for (auto [a, b] : zps8)
      if ((in == "i8" || a == 0) && (weight == "i8" || b == 0) &&
          std::find(pairs.begin(), pairs.end(), std::make_pair(a, b)) == pairs.end())
        pairs.push_back({a, b});
    for (const Geometry &g : convs)
      for (size_t z = 0; z < pairs.size(); z += (g.purpose == std::string("small") ? 1 : 2)) {
        auto [a, b] = pairs[z];
        const int64_t oc = g.w[0];
        v.push_back(conv(r.in, r.weight, r.acc, g.purpose).in(g.in).w(g.w).bias(z % 2 ? 1 : oc)
                        .pad(g.pad).stride(g.stride).dilation(g.dilation).zps(a, b));
        // DEPTHWISE: weight [KH, KW, C, M] with M = 2.
        const Shape dwW{g.w[1], g.w[2], g.in[3], 2};
        v.push_back(dw(r.in, r.weight, r.acc, g.purpose).in(g.in).w(dwW)
                        .bias(z % 2 ? 1 : g.in[3] * 2).pad(g.pad).stride(g.stride)
                        .dilation(g.dilation).zps(a, b));
      }
    auto [a, b] = pairs.back();
    for (const char *purpose : {"out-max", "out-min"}) {
      v.push_back(conv(r.in, r.weight, r.acc, purpose).in({1, 2, 2, 2}).w({2, 2, 2, 2}).bias(2)
                      .pad({1, 0, 1, 0}).zps(a, b));
      v.push_back(dw(r.in, r.weight, r.acc, purpose).in({1, 2, 2, 2}).w({2, 2, 2, 1}).bias(1)
                      .zps(a, b));
      v.push_back(tconv(r.in, r.weight, r.acc, purpose).in({1, 2, 2, 1}).w({2, 2, 2, 1}).bias(2)
                      .zps(a, b));
    }
    v.push_back(conv(r.in, r.weight, r.acc, "out-past-min").in({1, 2, 2, 1}).w({1, 2, 2, 1})
                    .bias(1).zps(a, b).reject());
    v.push_back(conv(r.in, r.weight, r.acc, "dynamic").in({3, 3, 3, 1}).w({2, 2, 2, 1}).bias(2)
                    .pad({0, 1, 0, 1}).zps(a, b).dynamicBatch());
    v.push_back(dw(r.in, r.weight, r.acc, "dynamic").in({2, 3, 3, 2}).w({2, 2, 2, 1}).bias(2)
                    .zps(a, b).dynamicBatch());
    // TRANSPOSE_CONV2D: strides, overlapping kernels, negative and positive out_pad.
    struct TGeometry {
      const char *purpose;
      Shape in, w;
      std::vector<int64_t> outPad, stride;
    };
    const TGeometry tgs[] = {
        {"small", {1, 2, 2, 2}, {2, 2, 2, 2}, {0, 0, 0, 0}, {1, 1}},
        {"stride", {1, 2, 3, 1}, {2, 3, 3, 1}, {0, 0, 0, 0}, {2, 2}},
        {"stride-xy", {1, 3, 2, 1}, {1, 2, 3, 1}, {0, 0, 0, 0}, {1, 3}},
        {"out-pad", {1, 2, 2, 1}, {1, 3, 3, 1}, {-1, 2, 1, -2}, {2, 2}},
        {"batch", {2, 2, 2, 1}, {2, 2, 2, 1}, {0, 1, 1, 0}, {1, 2}},
    };
    size_t z = 0;
    for (const TGeometry &g : tgs) {
      auto [za, zb] = pairs[z++ % pairs.size()];
      v.push_back(tconv(r.in, r.weight, r.acc, g.purpose).in(g.in).w(g.w).bias(z % 2 ? g.w[0] : 1)
                      .pad(g.outPad).stride(g.stride).zps(za, zb));
    }
  }

  // The pools: geometries (input, kernel, stride, pad) for i8 and i16.
  struct PGeometry {
    const char *purpose;
    Shape in;
    std::vector<int64_t> kernel, stride, pad;
  };
  const PGeometry pools[] = {
      {"small", {1, 4, 4, 2}, {2, 2}, {2, 2}, {0, 0, 0, 0}},
      {"pad", {1, 3, 3, 1}, {3, 3}, {1, 1}, {1, 1, 1, 1}},
      {"pad-edge", {1, 2, 3, 1}, {3, 3}, {1, 1}, {2, 2, 2, 2}},
      {"stride-xy", {1, 5, 4, 1}, {2, 1}, {3, 1}, {0, 0, 0, 0}},
      {"window-7", {1, 7, 1, 1}, {7, 1}, {1, 1}, {3, 3, 0, 0}},
      {"batch", {3, 2, 2, 2}, {2, 2}, {1, 1}, {1, 0, 0, 1}},
  };
  const std::tuple<int64_t, int64_t> avgZps[] = {{0, 0}, {-128, 127}, {127, -128}, {-3, 5}};
  for (const PGeometry &g : pools) {
    for (auto [zi, zo] : avgZps)
      v.push_back(avg("i8", g.purpose).in(g.in).kernel(g.kernel).stride(g.stride).pad(g.pad)
                      .zps(zi, 0, zo));
    v.push_back(avg("i16", g.purpose).in(g.in).kernel(g.kernel).stride(g.stride).pad(g.pad));
    for (const char *t : {"i8", "i16"})
      v.push_back(maxp(t, g.purpose).in(g.in).kernel(g.kernel).stride(g.stride).pad(g.pad));
  }
  v.push_back(maxp("i16", "dynamic").in({3, 3, 3, 1}).pad({0, 1, 0, 1}).dynamicBatch());
  v.push_back(avg("i8", "dynamic").in({2, 2, 2, 1}).zps(-128, 0, 127).dynamicBatch());
  for (CaseParams &p : shapeKindsAndSizes())
    v.push_back(std::move(p));
  return v;
}

} // namespace qi::generators
