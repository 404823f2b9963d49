//===- ContractionAcceleratorDiffTest.cpp - [fast.contraction] vs payloads ===//
//
// Spec: [fast.contraction] in spec/performance.md. The reference is
// evalStructured's per-point payload run (eval/LinalgOps.cpp): every case is
// one MLIR program run with the fast paths off (the reference) and on (the
// dispatch, counted in FastPathUse::linalgContraction), and the accelerator
// is also called directly in its other form (ContractionForm::Strided: the
// op's own loop order, one strided loop), all compared bit for bit.
//
// 1. `RandomOps`: named ops (matmul, batch_matmul, matvec, vecmat, dot,
//    quantized_matmul, quantized_batch_matmul, matmul with transposed maps,
//    conv_2d_nhwc_hwcf / nhwc_fhwc / nchw_fchw and the _q forms,
//    depthwise_conv_2d_nhwc_hwc and _q, with strides and dilations) and
//    linalg.generic ops with an equivalent payload (commuted operands, no
//    extension, trunci, a zero point in a 0-d tensor, offset and strided
//    maps, a decreasing map 9 - d2, an output map d0 + d1, one operand as
//    both factors, a scalar factor), under extsi / extui (`cast_unsigned`) /
//    none / trunci, inputs i1, i4, i8, i12, i16, i32, i64, accumulators i16,
//    i24, i32, i64; dynamic shapes with random loop sizes, values and zero
//    points biased to the type's extremes. One case in 25 has a poison element and one in 25 an
//    input one element too short for a strided map, and the decreasing map
//    goes below 0 beyond 10 points: the accelerator must decline (the same
//    bits or the same error through the reference); one in 100 has an empty
//    loop. 12,100 cases quick, 120,032 in the full tier.
// 2. `RefusedPayloads`: payloads that must not be claimed (float, an extra
//    op, a non-affine map, overflow flags, a product in i16 widened to the
//    accumulator, a varying "zero point", the init used twice, pooling):
//    planContraction says no and the program's outcome is unchanged.
// 3. `WrapsAsArithDoes`: hand-checked sums that wrap in i32 and i64.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/ContractionAccelerator.h"
#include "interpreter/fast/ContractionPlan.h"
#include "interpreter/fast/tests/SweepTier.h"

#include "generators/Prng.h"
#include "interpreter/eval/AffineMapEval.h"
#include "interpreter/eval/tests/FastExactPair.h"
#include "interpreter/ir/ModuleLoader.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace qi::fast {
namespace {

using eval::testing::FastExactPair;
using eval::testing::Outcome;
using generators::SplitMix64;

//===-- Program texts ------------------------------------------------------===//

/// A function argument: a tensor of `rank` dynamic dimensions, or a scalar
/// (rank -1), of element type `element`.
struct Arg {
  int rank;
  std::string element;
};

std::string typeOf(const Arg &arg) {
  if (arg.rank < 0)
    return arg.element;
  std::string t = "tensor<";
  for (int r = 0; r < arg.rank; ++r)
    t += "?x";
  return t + arg.element + ">";
}

/// @f(ins..., init) returning `head ins(...) outs(...) -> T` followed by
/// `region` (a generic's payload, or nothing for a named op).
std::string function(const std::string &head, const std::vector<Arg> &ins, const Arg &out,
                     const std::string &region = "") {
  std::string params, names, types;
  for (size_t k = 0; k < ins.size(); ++k) {
    const std::string name = "%i" + std::to_string(k);
    params += name + ": " + typeOf(ins[k]) + ", ";
    names += (k ? ", " : "") + name;
    types += (k ? ", " : "") + typeOf(ins[k]);
  }
  const std::string to = typeOf(out);
  std::string text = "func.func @f(" + params + "%o: " + to + ") -> " + to + " {\n  %0 = " +
                     head + " ins(" + names + " : " + types + ") outs(%o : " + to + ")";
  if (!region.empty())
    text += " {\n" + region + "  } -> " + to + "\n";
  else
    text += " -> " + to + "\n";
  return text + "  return %0 : " + to + "\n}\n";
}

std::string castAttribute(bool isUnsigned) {
  return isUnsigned ? " {cast = #linalg.type_fn<cast_unsigned>}" : "";
}

/// A variant: one program, and whether the accelerator must claim it.
struct Variant {
  std::string name;
  std::string text;
  bool claimed = true;
};

struct Types {
  std::string a, b, c;
  bool isUnsigned = false;
};

std::vector<Variant> claimedVariants() {
  std::vector<Variant> v;
  const std::vector<Types> matmulTypes = {
      {"i8", "i8", "i32"},   {"i8", "i8", "i32", true}, {"i8", "i8", "i64"},
      {"i16", "i16", "i32"}, {"i16", "i8", "i64", true}, {"i32", "i32", "i32"},
      {"i32", "i32", "i64"}, {"i32", "i32", "i16"},       {"i4", "i4", "i32"},
      {"i12", "i8", "i24", true}, {"i64", "i64", "i64"}, {"i1", "i8", "i32"}};
  for (const Types &t : matmulTypes)
    v.push_back({"matmul " + t.a + "x" + t.b + "->" + t.c + (t.isUnsigned ? " unsigned" : ""),
                 function("linalg.matmul" + castAttribute(t.isUnsigned), {{2, t.a}, {2, t.b}},
                          {2, t.c})});
  const std::vector<Types> fewTypes = {{"i8", "i8", "i32"},
                                       {"i8", "i8", "i32", true},
                                       {"i16", "i16", "i64"},
                                       {"i32", "i32", "i32"}};
  for (const Types &t : fewTypes) {
    const std::string suffix = " " + t.a + "x" + t.b + "->" + t.c + (t.isUnsigned ? " unsigned" : "");
    v.push_back({"batch_matmul" + suffix,
                 function("linalg.batch_matmul" + castAttribute(t.isUnsigned),
                          {{3, t.a}, {3, t.b}}, {3, t.c})});
    v.push_back({"matvec" + suffix, function("linalg.matvec" + castAttribute(t.isUnsigned),
                                             {{2, t.a}, {1, t.b}}, {1, t.c})});
    v.push_back({"vecmat" + suffix, function("linalg.vecmat" + castAttribute(t.isUnsigned),
                                             {{1, t.a}, {2, t.b}}, {1, t.c})});
    v.push_back({"dot" + suffix, function("linalg.dot" + castAttribute(t.isUnsigned),
                                          {{1, t.a}, {1, t.b}}, {0, t.c})});
    v.push_back({"matmul transposed" + suffix,
                 function("linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, "
                          "affine_map<(d0, d1, d2) -> (d1, d2)>, "
                          "affine_map<(d0, d1, d2) -> (d0, d1)>]" +
                              castAttribute(t.isUnsigned),
                          {{2, t.a}, {2, t.b}}, {2, t.c})});
  }
  // Zero points: i32 scalars as tosa-to-linalg-named makes them, or narrower
  // ones that the payload extends.
  const std::vector<std::pair<Types, std::string>> quantizedTypes = {
      {{"i8", "i8", "i32"}, "i32"},
      {{"i8", "i8", "i64"}, "i32"},
      {{"i16", "i8", "i32"}, "i16"},
      {{"i8", "i8", "i32"}, "i8"},
      {{"i32", "i32", "i32"}, "i32"}};
  for (const auto &[t, zp] : quantizedTypes) {
    const std::string suffix = " " + t.a + "x" + t.b + "->" + t.c + " zp " + zp;
    v.push_back({"quantized_matmul" + suffix,
                 function("linalg.quantized_matmul", {{2, t.a}, {2, t.b}, {-1, zp}, {-1, zp}},
                          {2, t.c})});
    v.push_back({"quantized_batch_matmul" + suffix,
                 function("linalg.quantized_batch_matmul",
                          {{3, t.a}, {3, t.b}, {-1, zp}, {-1, zp}}, {3, t.c})});
  }
  // Convolutions, with strides and dilations (input map d1 * s + d4 * d).
  const std::vector<std::string> windows = {
      "",
      " {strides = dense<[2, 1]> : tensor<2xi64>, dilations = dense<[1, 2]> : tensor<2xi64>}",
      " {strides = dense<[1, 3]> : tensor<2xi64>, dilations = dense<[2, 1]> : tensor<2xi64>}",
      " {strides = dense<2> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>}"};
  const std::vector<Types> convTypes = {
      {"i8", "i8", "i32"}, {"i16", "i8", "i64"}, {"i32", "i32", "i32"}, {"i4", "i8", "i24"}};
  for (size_t w = 0; w < windows.size(); ++w)
    for (size_t ti = 0; ti < convTypes.size(); ++ti) {
      const Types &t = convTypes[ti];
      // Every window with the i8 types; the other types with two windows.
      if (ti != 0 && (w + ti) % 2 != 0)
        continue;
      const std::string suffix = " " + t.a + "x" + t.b + "->" + t.c + " window " + std::to_string(w);
      const std::string zp = ti == 0 && w % 2 == 1 ? "i8" : "i32";
      for (const char *name : {"conv_2d_nhwc_hwcf", "conv_2d_nhwc_fhwc", "conv_2d_nchw_fchw"})
        v.push_back({std::string(name) + suffix,
                     function(std::string("linalg.") + name + windows[w], {{4, t.a}, {4, t.b}},
                              {4, t.c})});
      for (const char *name : {"conv_2d_nhwc_hwcf_q", "conv_2d_nhwc_fhwc_q"})
        v.push_back({std::string(name) + suffix + " zp " + zp,
                     function(std::string("linalg.") + name + windows[w],
                              {{4, t.a}, {4, t.b}, {-1, zp}, {-1, zp}}, {4, t.c})});
      v.push_back({"depthwise_conv_2d_nhwc_hwc" + suffix,
                   function("linalg.depthwise_conv_2d_nhwc_hwc" + windows[w],
                            {{4, t.a}, {3, t.b}}, {4, t.c})});
      v.push_back({"depthwise_conv_2d_nhwc_hwc_q" + suffix + " zp " + zp,
                   function("linalg.depthwise_conv_2d_nhwc_hwc_q" + windows[w],
                            {{4, t.a}, {3, t.b}, {-1, zp}, {-1, zp}}, {4, t.c})});
    }

  // linalg.generic with equivalent payloads.
  const std::string matmulMaps =
      "linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
      "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], "
      "iterator_types = [\"parallel\", \"parallel\", \"reduction\"]}";
  v.push_back({"generic matmul commuted",
               function(matmulMaps, {{2, "i8"}, {2, "i16"}}, {2, "i32"},
                        "  ^bb0(%x: i8, %y: i16, %out: i32):\n"
                        "    %1 = arith.extui %y : i16 to i32\n"
                        "    %2 = arith.extsi %x : i8 to i32\n"
                        "    %3 = arith.muli %1, %2 : i32\n"
                        "    %4 = arith.addi %3, %out : i32\n"
                        "    linalg.yield %4 : i32\n")});
  v.push_back({"generic matmul no extension",
               function(matmulMaps, {{2, "i32"}, {2, "i32"}}, {2, "i32"},
                        "  ^bb0(%x: i32, %y: i32, %out: i32):\n"
                        "    %3 = arith.muli %x, %y : i32\n"
                        "    %4 = arith.addi %out, %3 : i32\n"
                        "    linalg.yield %4 : i32\n")});
  v.push_back({"generic matmul trunci i64 -> i32",
               function(matmulMaps, {{2, "i64"}, {2, "i16"}}, {2, "i32"},
                        "  ^bb0(%x: i64, %y: i16, %out: i32):\n"
                        "    %1 = arith.trunci %x : i64 to i32\n"
                        "    %2 = arith.extsi %y : i16 to i32\n"
                        "    %3 = arith.muli %1, %2 : i32\n"
                        "    %4 = arith.addi %out, %3 : i32\n"
                        "    linalg.yield %4 : i32\n")});
  // Transposed output, reduction loop first, a zero point in a 0-d tensor
  // extended from i8 and one factor without a zero point.
  v.push_back({"generic transposed, 0-d zero point", function(
      "linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0)>, "
      "affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d2, d0)>, "
      "affine_map<(d0, d1, d2) -> (d2, d1)>], "
      "iterator_types = [\"reduction\", \"parallel\", \"parallel\"]}",
      {{2, "i8"}, {0, "i8"}, {2, "i16"}}, {2, "i64"},
      "  ^bb0(%x: i8, %z: i8, %y: i16, %out: i64):\n"
      "    %1 = arith.extsi %x : i8 to i64\n"
      "    %2 = arith.extsi %z : i8 to i64\n"
      "    %3 = arith.subi %1, %2 : i64\n"
      "    %4 = arith.extui %y : i16 to i64\n"
      "    %5 = arith.muli %3, %4 : i64\n"
      "    %6 = arith.addi %out, %5 : i64\n"
      "    linalg.yield %6 : i64\n")});
  v.push_back({"generic offset and strided maps",
               function("linalg.generic {indexing_maps = ["
                        "affine_map<(d0, d1, d2) -> (d0 * 2 + d2 + 1, d1)>, "
                        "affine_map<(d0, d1, d2) -> (d2 * 3 + 2)>, "
                        "affine_map<(d0, d1, d2) -> (d2, d0, d1)>], "
                        "iterator_types = [\"parallel\", \"parallel\", \"parallel\"]}",
                        {{2, "i16"}, {1, "i8"}}, {3, "i32"},
                        "  ^bb0(%x: i16, %y: i8, %out: i32):\n"
                        "    %1 = arith.extsi %x : i16 to i32\n"
                        "    %2 = arith.extsi %y : i8 to i32\n"
                        "    %3 = arith.muli %1, %2 : i32\n"
                        "    %4 = arith.addi %out, %3 : i32\n"
                        "    linalg.yield %4 : i32\n")});
  // A decreasing index: negative strides; beyond 10 points of d2 an index
  // goes negative and the reference reports it.
  v.push_back({"generic reversed map",
               function("linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 9 - d2)>, "
                        "affine_map<(d0, d1, d2) -> (d2, d1)>, "
                        "affine_map<(d0, d1, d2) -> (d0, d1)>], "
                        "iterator_types = [\"parallel\", \"parallel\", \"reduction\"]}",
                        {{2, "i8"}, {2, "i8"}}, {2, "i32"},
                        "  ^bb0(%x: i8, %y: i8, %out: i32):\n"
                        "    %1 = arith.extsi %x : i8 to i32\n"
                        "    %2 = arith.extui %y : i8 to i32\n"
                        "    %3 = arith.muli %1, %2 : i32\n"
                        "    %4 = arith.addi %out, %3 : i32\n"
                        "    linalg.yield %4 : i32\n")});
  // out[i + j] += a[i] * b[j]: several points write one element.
  v.push_back({"generic polynomial product",
               function("linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, "
                        "affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0 + d1)>], "
                        "iterator_types = [\"parallel\", \"parallel\"]}",
                        {{1, "i8"}, {1, "i8"}}, {1, "i32"},
                        "  ^bb0(%x: i8, %y: i8, %out: i32):\n"
                        "    %1 = arith.extsi %x : i8 to i32\n"
                        "    %2 = arith.extsi %y : i8 to i32\n"
                        "    %3 = arith.muli %2, %1 : i32\n"
                        "    %4 = arith.addi %3, %out : i32\n"
                        "    linalg.yield %4 : i32\n")});
  v.push_back({"generic sum of squares",
               function("linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, "
                        "affine_map<(d0, d1) -> (d0)>], "
                        "iterator_types = [\"parallel\", \"reduction\"]}",
                        {{2, "i16"}}, {1, "i32"},
                        "  ^bb0(%x: i16, %out: i32):\n"
                        "    %1 = arith.extsi %x : i16 to i32\n"
                        "    %3 = arith.muli %1, %1 : i32\n"
                        "    %4 = arith.addi %out, %3 : i32\n"
                        "    linalg.yield %4 : i32\n")});
  v.push_back({"generic scalar factor, odd widths",
               function("linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, "
                        "affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0)>], "
                        "iterator_types = [\"parallel\", \"reduction\"]}",
                        {{2, "i12"}, {-1, "i4"}}, {1, "i24"},
                        "  ^bb0(%x: i12, %s: i4, %out: i24):\n"
                        "    %1 = arith.extsi %x : i12 to i24\n"
                        "    %2 = arith.extui %s : i4 to i24\n"
                        "    %3 = arith.muli %1, %2 : i24\n"
                        "    %4 = arith.addi %out, %3 : i24\n"
                        "    linalg.yield %4 : i24\n")});
  return v;
}

std::vector<Variant> refusedVariants() {
  std::vector<Variant> v;
  const std::string matmulMaps =
      "linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
      "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], "
      "iterator_types = [\"parallel\", \"parallel\", \"reduction\"]}";
  auto generic = [&](const std::string &name, const std::string &body,
                     const std::string &maps = "") {
    v.push_back({name,
                 function(maps.empty() ? matmulMaps : maps, {{2, "i8"}, {2, "i8"}}, {2, "i32"},
                          "  ^bb0(%x: i8, %y: i8, %out: i32):\n" + body),
                 false});
  };
  v.push_back({"matmul f32", function("linalg.matmul", {{2, "f32"}, {2, "f32"}}, {2, "f32"}),
               false});
  v.push_back({"matmul i8 -> f32", function("linalg.matmul", {{2, "i8"}, {2, "i8"}}, {2, "f32"}),
               false});
  v.push_back({"pooling_nhwc_sum",
               function("linalg.pooling_nhwc_sum", {{4, "i8"}, {2, "i8"}}, {4, "i32"}), false});
  const std::string product = "    %1 = arith.extsi %x : i8 to i32\n"
                              "    %2 = arith.extsi %y : i8 to i32\n"
                              "    %3 = arith.muli %1, %2 : i32\n";
  generic("an extra op", product +
                             "    %c = arith.constant 1 : i32\n"
                             "    %4 = arith.addi %out, %3 : i32\n"
                             "    %5 = arith.addi %4, %c : i32\n"
                             "    linalg.yield %5 : i32\n");
  generic("an unused op", product +
                              "    %u = arith.divsi %1, %2 : i32\n"
                              "    %4 = arith.addi %out, %3 : i32\n"
                              "    linalg.yield %4 : i32\n");
  generic("nsw on the sum", product +
                                "    %4 = arith.addi %out, %3 overflow<nsw> : i32\n"
                                "    linalg.yield %4 : i32\n");
  generic("nuw on the product", "    %1 = arith.extsi %x : i8 to i32\n"
                                "    %2 = arith.extsi %y : i8 to i32\n"
                                "    %3 = arith.muli %1, %2 overflow<nuw> : i32\n"
                                "    %4 = arith.addi %out, %3 : i32\n"
                                "    linalg.yield %4 : i32\n");
  generic("product in i16", "    %1 = arith.extsi %x : i8 to i16\n"
                            "    %2 = arith.extsi %y : i8 to i16\n"
                            "    %3 = arith.muli %1, %2 : i16\n"
                            "    %w = arith.extsi %3 : i16 to i32\n"
                            "    %4 = arith.addi %out, %w : i32\n"
                            "    linalg.yield %4 : i32\n");
  generic("init used twice", product +
                                 "    %4 = arith.addi %out, %3 : i32\n"
                                 "    %5 = arith.addi %4, %out : i32\n"
                                 "    linalg.yield %5 : i32\n");
  generic("init times a factor", "    %1 = arith.extsi %x : i8 to i32\n"
                                 "    %3 = arith.muli %1, %out : i32\n"
                                 "    %4 = arith.addi %out, %3 : i32\n"
                                 "    linalg.yield %4 : i32\n");
  generic("zero point minus element", "    %1 = arith.extsi %x : i8 to i32\n"
                                      "    %2 = arith.extsi %y : i8 to i32\n"
                                      "    %z = arith.subi %2, %1 : i32\n"
                                      "    %3 = arith.muli %1, %z : i32\n"
                                      "    %4 = arith.addi %out, %3 : i32\n"
                                      "    linalg.yield %4 : i32\n");
  generic("subtraction instead of the sum", product +
                                                "    %4 = arith.subi %out, %3 : i32\n"
                                                "    linalg.yield %4 : i32\n");
  generic("floordiv map",
          product + "    %4 = arith.addi %out, %3 : i32\n    linalg.yield %4 : i32\n",
          "linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0 floordiv 2, d2)>, "
          "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], "
          "iterator_types = [\"parallel\", \"parallel\", \"reduction\"]}");
  generic("mod map",
          product + "    %4 = arith.addi %out, %3 : i32\n    linalg.yield %4 : i32\n",
          "linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
          "affine_map<(d0, d1, d2) -> (d2 mod 3, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], "
          "iterator_types = [\"parallel\", \"parallel\", \"reduction\"]}");
  // A zero point that varies with the point: (x - y) * x.
  v.push_back({"varying zero point",
               function(matmulMaps, {{2, "i8"}, {2, "i8"}}, {2, "i32"},
                        "  ^bb0(%x: i8, %y: i8, %out: i32):\n"
                        "    %1 = arith.extsi %x : i8 to i32\n"
                        "    %2 = arith.extsi %y : i8 to i32\n"
                        "    %d = arith.subi %1, %2 : i32\n"
                        "    %3 = arith.muli %d, %1 : i32\n"
                        "    %4 = arith.addi %out, %3 : i32\n"
                        "    linalg.yield %4 : i32\n"),
               false});
  return v;
}

//===-- Cases --------------------------------------------------------------===//

ElementType elementTypeOf(mlir::Type type) {
  mlir::Type element = mlir::getElementTypeOrSelf(type);
  if (auto integer = llvm::dyn_cast<mlir::IntegerType>(element))
    return ElementType::makeInteger(integer.getWidth());
  return eval::testing::f32();
}

/// A `width`-bit pattern biased to the extremes: the signed and unsigned
/// bounds, 0, 1, small values, else uniform.
uint64_t patternOf(SplitMix64 &prng, unsigned width) {
  const uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  const uint64_t signBit = uint64_t(1) << (width - 1);
  switch (prng.below(10)) {
  case 0: return signBit;             // signed minimum
  case 1: return (signBit - 1) & mask; // signed maximum
  case 2: return mask;                // -1, unsigned maximum
  case 3: return 0;
  case 4: return 1 & mask;
  case 5: return uint64_t(prng.range(-3, 3)) & mask;
  default: return prng.next() & mask;
  }
}

RuntimeValue randomValue(SplitMix64 &prng, mlir::Type type, const Shape &shape) {
  const ElementType element = elementTypeOf(type);
  RuntimeValue value = llvm::isa<mlir::ShapedType>(type) ? RuntimeValue::tensor(element, shape)
                                                         : RuntimeValue::scalar(element);
  for (int64_t i = 0; i < value.size(); ++i)
    value.set(i, element.isInteger() ? numeric::Bits(patternOf(prng, element.bitWidth()))
                                     : numeric::Bits(prng.next() & 0xFFFFFFFFu));
  return value;
}

/// One parsed variant: the program for both runs, the op for direct calls.
struct Parsed {
  std::unique_ptr<FastExactPair> pair;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp function;
  mlir::linalg::LinalgOp op;
};

Parsed parse(const Variant &variant, mlir::MLIRContext &context) {
  Parsed p;
  p.pair = std::make_unique<FastExactPair>(variant.text);
  p.module = mlir::parseSourceString<mlir::ModuleOp>(variant.text, &context);
  if (p.module) {
    p.function = p.module->lookupSymbol<mlir::func::FuncOp>("f");
    p.function.walk([&](mlir::linalg::LinalgOp op) { p.op = op; });
  }
  return p;
}

/// Case statistics, printed at the end.
struct Counts {
  int64_t cases = 0, taken = 0, poison = 0, outOfBounds = 0, negative = 0, empty = 0,
          elements = 0;
  std::map<ContractionKernel, int64_t> kernels;
};

enum class Twist { None, Poison, ShortInput, EmptyLoop };

/// Runs one random case of `p` and compares the three computations.
void runCase(Parsed &p, const Variant &variant, SplitMix64 &prng, Twist twist, Counts &counts,
             std::optional<ContractionPlan> &plan) {
  llvm::SmallVector<mlir::AffineMap> maps = p.op.getIndexingMapsArray();
  const unsigned numLoops = p.op.getNumLoops();
  // Loop sizes: mostly 1..4, one in six up to 24, at most 1,500 points
  // (the reference takes a few microseconds per point).
  std::vector<int64_t> loops(numLoops);
  for (int64_t &size : loops)
    size = prng.chance(6) ? prng.range(5, 24) : prng.range(1, 4);
  auto points = [&] {
    int64_t n = 1;
    for (int64_t size : loops)
      n *= size;
    return n;
  };
  while (points() > 1500) {
    int64_t &largest = *std::max_element(loops.begin(), loops.end());
    largest = (largest + 1) / 2;
  }
  if (twist == Twist::EmptyLoop)
    loops[prng.below(numLoops)] = 0;

  // Shapes: a bare loop's size, else one more than the largest index over
  // the corners of the loop box (the maps are linear), sometimes with slack;
  // one short for Twist::ShortInput. An index below 0 at some corner makes
  // the reference fail: the accelerator must then decline.
  bool negativeIndex = false;
  std::vector<std::pair<size_t, size_t>> strided; // (operand, result) not bare
  std::vector<int64_t> largestOf;                 // per entry of `strided`
  std::vector<Shape> shapes;
  for (size_t k = 0; k < maps.size(); ++k) {
    Shape shape;
    for (unsigned r = 0; r < maps[k].getNumResults(); ++r) {
      mlir::AffineExpr expr = maps[k].getResult(r);
      if (auto dim = llvm::dyn_cast<mlir::AffineDimExpr>(expr)) {
        shape.push_back(loops[dim.getPosition()]);
        continue;
      }
      int64_t largest = INT64_MIN, least = INT64_MAX;
      std::vector<int64_t> corner(numLoops);
      for (uint64_t mask = 0; mask < (uint64_t(1) << numLoops); ++mask) {
        for (unsigned d = 0; d < numLoops; ++d)
          corner[d] = (mask >> d) & 1 ? std::max<int64_t>(loops[d] - 1, 0) : 0;
        std::string error;
        std::optional<int64_t> value = eval::evalAffineExpr(expr, corner, {}, error);
        ASSERT_TRUE(value) << error;
        largest = std::max(largest, *value);
        least = std::min(least, *value);
      }
      negativeIndex |= least < 0;
      shape.push_back(std::max<int64_t>(largest + 1, 0) + (prng.chance(3) ? prng.range(0, 2) : 0));
      if (k + 1 < maps.size()) {
        strided.push_back({k, r});
        largestOf.push_back(largest);
      }
    }
    shapes.push_back(shape);
  }
  if (twist == Twist::ShortInput && !strided.empty()) {
    const size_t pick = prng.below(strided.size());
    auto [k, r] = strided[pick];
    shapes[k][r] = std::max<int64_t>(largestOf[pick], 0);
  } else if (twist == Twist::ShortInput) {
    twist = Twist::None;
  }

  std::vector<RuntimeValue> args;
  for (size_t k = 0; k < shapes.size(); ++k)
    args.push_back(randomValue(prng, p.function.getArgument(unsigned(k)).getType(), shapes[k]));
  if (twist == Twist::Poison) {
    std::vector<size_t> candidates;
    for (size_t k = 0; k < args.size(); ++k)
      if (args[k].size() > 0 && args[k].isTensor())
        candidates.push_back(k);
    RuntimeValue &victim = args[candidates[prng.below(candidates.size())]];
    victim.setPoison(int64_t(prng.below(uint64_t(victim.size()))));
  }

  const int64_t before = p.pair->fastUse().linalgContraction;
  Outcome fast;
  ASSERT_TRUE(p.pair->same("f", args, &fast)) << variant.name;
  const bool expectTaken = variant.claimed && twist == Twist::None && !negativeIndex;
  ASSERT_EQ(p.pair->fastUse().linalgContraction - before, expectTaken ? 1 : 0)
      << variant.name << ": " << fast.error;
  ++counts.cases;
  counts.taken += expectTaken;
  counts.poison += twist == Twist::Poison;
  counts.outOfBounds += twist == Twist::ShortInput;
  counts.negative += twist == Twist::None && negativeIndex;
  counts.empty += twist == Twist::EmptyLoop;
  if (!expectTaken || !plan)
    return;

  // The other form, called directly.
  std::vector<const RuntimeValue *> operands;
  for (const RuntimeValue &arg : args)
    operands.push_back(&arg);
  ContractionKernel best = ContractionKernel::Strided;
  ASSERT_TRUE(contract(*plan, operands, loops, ContractionForm::Best, &best));
  ++counts.kernels[best];
  std::optional<RuntimeValue> walked = contract(*plan, operands, loops, ContractionForm::Strided);
  ASSERT_TRUE(walked);
  const RuntimeValue &reference = fast.results[0]; // same() found it equal to the exact run's
  ASSERT_EQ(walked->shape(), reference.shape());
  for (int64_t i = 0; i < reference.size(); ++i)
    ASSERT_EQ(uint64_t(walked->get(i)), uint64_t(reference.get(i)))
        << variant.name << ": strided form, element " << i;
  counts.elements += reference.size();
}

TEST(ContractionAccelerator, RandomOps) {
  mlir::MLIRContext context;
  ir::registerAcceptedDialects(context);
  const std::vector<Variant> variants = claimedVariants();
  // 1.2 * 10^4 cases in the quick tier (1,500 sanitized), 6 * 10^4 in the full one.
  const int64_t total = test::sweepCount(60000, 5 * test::kSanitizedThinning);
  const int64_t perVariant = total / int64_t(variants.size()) + 1;
  Counts counts;
  SplitMix64 prng(23);
  for (const Variant &variant : variants) {
    Parsed p = parse(variant, context);
    ASSERT_TRUE(p.pair->ok()) << variant.name << "\n" << variant.text;
    ASSERT_TRUE(p.module && p.op) << variant.name;
    std::string whyNot;
    std::optional<ContractionPlan> plan = planContraction(*p.op, &whyNot);
    ASSERT_TRUE(plan) << variant.name << ": " << whyNot;
    for (int64_t n = 0; n < perVariant; ++n) {
      const uint64_t draw = prng.below(100);
      const Twist twist = draw < 4 ? Twist::Poison
                          : draw < 8 ? Twist::ShortInput
                          : draw < 9 ? Twist::EmptyLoop
                                     : Twist::None;
      runCase(p, variant, prng, twist, counts, plan);
      if (::testing::Test::HasFatalFailure())
        return;
    }
  }
  std::printf("[ contraction ] %zu ops, %lld cases: %lld through the accelerator (%lld "
              "elements also in the strided form), %lld with poison, %lld with an input too "
              "short, %lld with a negative index, %lld empty; inner loops: axpy %lld, elementwise "
              "%lld, dot (unit) %lld, dot %lld, strided %lld\n",
              variants.size(), (long long)counts.cases, (long long)counts.taken,
              (long long)counts.elements, (long long)counts.poison, (long long)counts.outOfBounds,
              (long long)counts.negative, (long long)counts.empty, (long long)counts.kernels[ContractionKernel::Axpy],
              (long long)counts.kernels[ContractionKernel::Elementwise],
              (long long)counts.kernels[ContractionKernel::DotUnit],
              (long long)counts.kernels[ContractionKernel::Dot],
              (long long)counts.kernels[ContractionKernel::Strided]);
  EXPECT_GE(counts.cases, total);
  EXPECT_GT(counts.poison, 0);
  EXPECT_GT(counts.outOfBounds, 0);
  EXPECT_GT(counts.negative, 0);
  EXPECT_GT(counts.empty, 0);
  for (ContractionKernel k : {ContractionKernel::Axpy, ContractionKernel::Elementwise,
                              ContractionKernel::DotUnit, ContractionKernel::Dot,
                              ContractionKernel::Strided})
    EXPECT_GT(counts.kernels[k], 0) << int(k);
}

TEST(ContractionAccelerator, RefusedPayloads) {
  mlir::MLIRContext context;
  ir::registerAcceptedDialects(context);
  SplitMix64 prng(24);
  Counts counts;
  for (const Variant &variant : refusedVariants()) {
    Parsed p = parse(variant, context);
    ASSERT_TRUE(p.pair->ok()) << variant.name << "\n" << variant.text;
    ASSERT_TRUE(p.module && p.op) << variant.name;
    std::string whyNot;
    std::optional<ContractionPlan> plan = planContraction(*p.op, &whyNot);
    EXPECT_FALSE(plan) << variant.name;
    EXPECT_FALSE(whyNot.empty()) << variant.name;
    for (int n = 0; n < 20; ++n) {
      runCase(p, variant, prng, Twist::None, counts, plan);
      if (::testing::Test::HasFatalFailure())
        return;
    }
  }
}

TEST(ContractionAccelerator, WrapsAsArithDoes) {
  // i32 x i32 -> i32: (-2^31) * (-2^31) = 2^62 = 0 mod 2^32, three times,
  // plus 7 * 2^30 (4 mod 2^32 lost twice over): hand-checked results.
  const std::string text = function("linalg.matmul", {{2, "i32"}, {2, "i32"}}, {2, "i32"});
  FastExactPair pair(text);
  ASSERT_TRUE(pair.ok());
  using eval::testing::iN;
  using eval::testing::tensorOf;
  const numeric::Bits min32 = 0x80000000u;
  RuntimeValue a = tensorOf(iN(32), {1, 4}, {min32, min32, min32, 7});
  RuntimeValue b = tensorOf(iN(32), {4, 1}, {min32, min32, min32, 0x40000000u});
  RuntimeValue c = tensorOf(iN(32), {1, 1}, {0x7FFFFFFFu});
  Outcome fast;
  ASSERT_TRUE(pair.same("f", {a, b, c}, &fast));
  // 2^31 - 1 + 3 * 2^62 + 7 * 2^30 = 0x7FFFFFFF + 0xC0000000 mod 2^32.
  EXPECT_EQ(uint64_t(fast.results[0].get(0)), 0x3FFFFFFFu);
  EXPECT_EQ(pair.fastUse().linalgContraction, 1);

  // i16 x i16 -> i64 with extui: 65535^2 * 3 + (2^63 - 1) wraps to negative.
  FastExactPair wide(function("linalg.matmul" + castAttribute(true), {{2, "i16"}, {2, "i16"}},
                              {2, "i64"}));
  ASSERT_TRUE(wide.ok());
  RuntimeValue a16 = tensorOf(iN(16), {1, 3}, {0xFFFF, 0xFFFF, 0xFFFF});
  RuntimeValue c64 = tensorOf(iN(64), {1, 1}, {0x7FFFFFFFFFFFFFFFull});
  ASSERT_TRUE(wide.same("f", {a16, tensorOf(iN(16), {3, 1}, {0xFFFF, 0xFFFF, 0xFFFF}), c64},
                        &fast));
  EXPECT_EQ(uint64_t(fast.results[0].get(0)),
            uint64_t(0x7FFFFFFFFFFFFFFFull + 3ull * 0xFFFE0001ull));
  EXPECT_EQ(wide.fastUse().linalgContraction, 1);
}

} // namespace
} // namespace qi::fast
