//===- LinalgColumnsDiffTest.cpp - [fast.linalg-columns] vs one run per point ===//
//
// Spec: [fast.linalg-columns], [fast.proof] in spec/performance.md,
// [linalg.generic]. Each structured op below runs with the fast paths on
// (payload over chunks of points, host arith) and off (one payload run per
// point, exact arith): same bits, same poison, or the same error at the same
// location. The cases cover what the column engine must get right — the
// lowered per-channel / sub-channel qcast and dcast, broadcast, transposed
// and strided maps, linalg.index, payload constants, captured scalars,
// scalar operands, several outputs, %out reads, poison inputs, runs longer
// and shorter than a chunk, errors — and what it must refuse (reductions,
// non-permutation outputs, ops outside arith / math), checked by counting.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/tests/FastExactPair.h"

#include "interpreter/eval/LinalgColumns.h"
#include "generators/Prng.h"

#include <cmath>
#include <cstring>

namespace qi::eval {
namespace {

using numeric::Bits;
using testing::FastExactPair;
using testing::tensorOf;

const char *const kPrograms = R"mlir(
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
#blk = affine_map<(d0, d1) -> (d0, d1 floordiv 64)>
#rblk = affine_map<(d0, d1) -> (d0 floordiv 4, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#str = affine_map<(d0, d1) -> (d0, d1 * 2 + 1)>
#diag = affine_map<(d0, d1) -> (d0 + d1)>
#none = affine_map<(d0, d1) -> ()>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#last3 = affine_map<(d0, d1, d2) -> (d2)>

// --lower-quant-ops of a per-channel qcast (axis 1) and dcast.
func.func @qcast_channel(%x: tensor<?x?xf32>, %s: tensor<?xf32>, %z: tensor<?xi8>) -> tensor<?x?xi8> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xi8>
  %r = linalg.generic {indexing_maps = [#id2, #col, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s, %z : tensor<?x?xf32>, tensor<?xf32>, tensor<?xi8>) outs(%e : tensor<?x?xi8>) {
  ^bb0(%in: f32, %sc: f32, %zp: i8, %out: i8):
    %q = arith.divf %in, %sc : f32
    %zf = arith.sitofp %zp : i8 to f32
    %a = arith.addf %q, %zf : f32
    %i = arith.fptosi %a : f32 to i8
    %lo = arith.constant -127 : i8
    %hi = arith.constant 127 : i8
    %m = arith.maxsi %i, %lo : i8
    %n = arith.minsi %m, %hi : i8
    linalg.yield %n : i8
  } -> tensor<?x?xi8>
  return %r : tensor<?x?xi8>
}
func.func @dcast_channel(%q: tensor<?x?xi8>, %s: tensor<?xf32>, %z: tensor<?xi8>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %q, %c0 : tensor<?x?xi8>
  %d1 = tensor.dim %q, %c1 : tensor<?x?xi8>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%q, %s, %z : tensor<?x?xi8>, tensor<?xf32>, tensor<?xi8>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%in: i8, %sc: f32, %zp: i8, %out: f32):
    %v = arith.sitofp %in : i8 to f32
    %zf = arith.sitofp %zp : i8 to f32
    %d = arith.subf %v, %zf : f32
    %m = arith.mulf %d, %sc : f32
    linalg.yield %m : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// Sub-channel: blocks of 64 along the innermost loop, of 4 along the outer.
func.func @qcast_block_inner(%x: tensor<?x?xf32>, %s: tensor<?x?xf32>, %init: tensor<?x?xi16>) -> tensor<?x?xi16> {
  %r = linalg.generic {indexing_maps = [#id2, #blk, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<?x?xf32>, tensor<?x?xf32>) outs(%init : tensor<?x?xi16>) {
  ^bb0(%in: f32, %sc: f32, %out: i16):
    %q = arith.divf %in, %sc : f32
    %i = arith.fptoui %q : f32 to i16
    linalg.yield %i : i16
  } -> tensor<?x?xi16>
  return %r : tensor<?x?xi16>
}
func.func @dcast_block_outer(%q: tensor<?x?xi32>, %s: tensor<?x?xf64>, %init: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %r = linalg.generic {indexing_maps = [#id2, #rblk, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%q, %s : tensor<?x?xi32>, tensor<?x?xf64>) outs(%init : tensor<?x?xf64>) {
  ^bb0(%in: i32, %sc: f64, %out: f64):
    %v = arith.uitofp %in : i32 to f64
    %m = arith.mulf %v, %sc : f64
    %t = arith.truncf %m : f64 to f32
    %w = arith.extf %t : f32 to f64
    linalg.yield %w : f64
  } -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}
// Transposed output, %out read, two outputs, a yielded block argument.
func.func @transpose_two(%x: tensor<?x?xf32>, %acc: tensor<?x?xf32>, %init: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %r:2 = linalg.generic {indexing_maps = [#id2, #tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%acc, %init : tensor<?x?xf32>, tensor<?x?xf32>) {
  ^bb0(%in: f32, %a: f32, %b: f32):
    %s = arith.addf %in, %a : f32
    linalg.yield %s, %in : f32, f32
  } -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %r#0, %r#1 : tensor<?x?xf32>, tensor<?x?xf32>
}
// Strided and diagonal reads (not linear along the inner loop).
func.func @strided(%x: tensor<?x?xf32>, %d: tensor<?xf32>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#str, #diag, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %d : tensor<?x?xf32>, tensor<?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// linalg.index, a captured scalar, a scalar operand, select / cmpf / math.
func.func @index_select(%x: tensor<?x?xf32>, %k: f32, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id2, #none, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %k : tensor<?x?xf32>, f32) outs(%init : tensor<?x?xf32>) {
  ^bb0(%in: f32, %kk: f32, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ij = arith.muli %i, %j : index
    %n = arith.index_cast %ij : index to i32
    %f = arith.sitofp %n : i32 to f32
    %zero = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %in, %zero : f32
    %abs = math.absf %in : f32
    %sel = arith.select %neg, %abs, %f : f32
    %m = arith.maximumf %sel, %k : f32
    %s = arith.mulf %m, %kk : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// Rank 3 with a broadcast operand; the innermost loop may be of size 1.
func.func @broadcast3(%x: tensor<?x?x?xf64>, %b: tensor<?xf64>, %init: tensor<?x?x?xi64>) -> tensor<?x?x?xi64> {
  %r = linalg.generic {indexing_maps = [#id3, #last3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %b : tensor<?x?x?xf64>, tensor<?xf64>) outs(%init : tensor<?x?x?xi64>) {
  ^bb0(%in: f64, %bb: f64, %out: i64):
    %s = arith.addf %in, %bb : f64
    %i = arith.fptosi %s : f64 to i64
    linalg.yield %i : i64
  } -> tensor<?x?x?xi64>
  return %r : tensor<?x?x?xi64>
}
// Undefined behaviour in the payload: the same error either way.
func.func @divide(%x: tensor<?x?xi32>, %y: tensor<?x?xi32>, %init: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<?x?xi32>, tensor<?x?xi32>) outs(%init : tensor<?x?xi32>) {
  ^bb0(%a: i32, %b: i32, %out: i32):
    %q = arith.divsi %a, %b : i32
    linalg.yield %q : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}
// Not for the column engine: a reduction, a non-permutation output, a
// payload op outside arith / math.
func.func @reduce_rows(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @last_write_wins(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @extract_inside(%x: tensor<?x?xf32>, %t: tensor<4xf32>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c1 = arith.constant 1 : index
    %e = tensor.extract %t[%c1] : tensor<4xf32>
    %s = arith.addf %in, %e : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// Named structured ops share the engine.
func.func @named(%x: tensor<?x?xf32>, %v: f32, %b: tensor<?xf32>, %init: tensor<?x?xf32>, %tinit: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %f = linalg.fill ins(%v : f32) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %c = linalg.copy ins(%x : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %bc = linalg.broadcast ins(%b : tensor<?xf32>) outs(%init : tensor<?x?xf32>) dimensions = [0]
  %t = linalg.transpose ins(%x : tensor<?x?xf32>) outs(%tinit : tensor<?x?xf32>) permutation = [1, 0]
  return %f, %c, %bc, %t : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
)mlir";

/// Random f32 / f64 / integer patterns: mostly moderate values (so casts to
/// integers usually fit), with NaNs, infinities, zeros and huge values mixed in.
std::vector<Bits> randomBits(const ElementType &type, int64_t n, uint64_t seed) {
  generators::SplitMix64 rng(seed);
  std::vector<Bits> bits(static_cast<size_t>(n));
  for (Bits &b : bits) {
    if (type.isInteger()) {
      const unsigned w = type.intWidth;
      b = Bits(rng.next() & (w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1));
      continue;
    }
    const bool is32 = type.floatFormat == &numeric::f32Format();
    double value = (double(rng.below(1 << 20)) / double(1 << 12) - 128.0) / 2.0;
    if (rng.chance(16))
      value = rng.chance(2) ? 1e300 : 0.0;
    if (rng.chance(32))
      value = rng.chance(2) ? -INFINITY : NAN;
    if (is32) {
      float f = float(value);
      uint32_t u;
      std::memcpy(&u, &f, 4);
      b = rng.chance(64) ? Bits(rng.next() & 0xffffffff) : Bits(u);
    } else {
      uint64_t u;
      std::memcpy(&u, &value, 8);
      b = rng.chance(64) ? Bits(rng.next()) : Bits(u);
    }
  }
  return bits;
}

RuntimeValue randomTensor(const ElementType &type, Shape shape, uint64_t seed,
                          bool withPoison = false) {
  const int64_t n = numElements(shape);
  std::vector<int64_t> poison;
  if (withPoison)
    for (int64_t i = 3; i < n; i += 97)
      poison.push_back(i);
  return tensorOf(type, std::move(shape), randomBits(type, n, seed), poison);
}

ElementType f32() { return testing::f32(); }
ElementType f64() { return testing::f64(); }
ElementType i8() { return testing::iN(8); }

class LinalgColumnsDiff : public ::testing::Test {
protected:
  static void SetUpTestSuite() { pair_ = new FastExactPair(kPrograms); }
  static void TearDownTestSuite() { delete pair_; }

  /// Runs @name both ways and checks how many structured ops the column
  /// engine evaluated.
  void check(const std::string &name, const std::vector<RuntimeValue> &arguments,
             int64_t columnsRuns) {
    ASSERT_TRUE(pair_->ok());
    const int64_t before = pair_->fastUse().linalgColumns;
    EXPECT_TRUE(pair_->same(name, arguments)) << name;
    EXPECT_EQ(pair_->fastUse().linalgColumns - before, columnsRuns) << name;
  }

  static FastExactPair *pair_;
};
FastExactPair *LinalgColumnsDiff::pair_ = nullptr;

/// Row counts that put chunk boundaries inside rows, at row ends, and give
/// fewer points than one chunk.
const int64_t kRowCounts[] = {1, 3, 37, 65};

TEST_F(LinalgColumnsDiff, LoweredPerChannel) {
  for (int64_t rows : kRowCounts)
    for (int64_t cols : {int64_t(1), int64_t(256), int64_t(300)}) {
      uint64_t seed = uint64_t(rows * 1000 + cols);
      RuntimeValue scales = randomTensor(f32(), {cols}, seed + 1);
      RuntimeValue zps = randomTensor(i8(), {cols}, seed + 2);
      for (bool poison : {false, true}) {
        check("qcast_channel", {randomTensor(f32(), {rows, cols}, seed, poison), scales, zps}, 1);
        check("dcast_channel", {randomTensor(i8(), {rows, cols}, seed + 3, poison), scales, zps},
              1);
      }
    }
}

TEST_F(LinalgColumnsDiff, LoweredSubChannel) {
  for (int64_t rows : {int64_t(4), int64_t(36)})
    for (int64_t cols : {int64_t(64), int64_t(200), int64_t(20000)}) {
      if (cols * rows > 100000)
        continue;
      uint64_t seed = uint64_t(rows * 7 + cols);
      RuntimeValue init16 = randomTensor(testing::iN(16), {rows, cols}, seed + 9);
      check("qcast_block_inner",
            {randomTensor(f32(), {rows, cols}, seed),
             randomTensor(f32(), {rows, (cols + 63) / 64}, seed + 1), init16},
            1);
      check("dcast_block_outer",
            {randomTensor(testing::iN(32), {rows, cols}, seed + 2, true),
             randomTensor(f64(), {rows / 4, cols}, seed + 3),
             randomTensor(f64(), {rows, cols}, seed + 4)},
            1);
    }
}

TEST_F(LinalgColumnsDiff, MapsIndexScalarsAndOutputs) {
  for (int64_t rows : kRowCounts)
    for (int64_t cols : {int64_t(1), int64_t(5), int64_t(9000)}) {
      if (cols * rows > 40000)
        continue; // one row longer than a chunk is enough; keep the exact runs short
      uint64_t seed = uint64_t(rows * 31 + cols);
      check("transpose_two",
            {randomTensor(f32(), {rows, cols}, seed, true),
             randomTensor(f32(), {cols, rows}, seed + 1),
             randomTensor(f32(), {rows, cols}, seed + 2)},
            1);
      check("strided",
            {randomTensor(f32(), {rows, 2 * cols + 1}, seed + 3),
             randomTensor(f32(), {rows + cols - 1}, seed + 4),
             randomTensor(f32(), {rows, cols}, seed + 5)},
            1);
      RuntimeValue k = RuntimeValue::scalar(f32());
      k.set(0, 0x3fc00000); // 1.5
      check("index_select",
            {randomTensor(f32(), {rows, cols}, seed + 6, true), k,
             randomTensor(f32(), {rows, cols}, seed + 7)},
            1);
    }
  for (Shape shape : {Shape{2, 3, 1}, Shape{1, 1, 20000}, Shape{5, 7, 11}}) {
    uint64_t seed = uint64_t(shape[0] * 5 + shape[2]);
    check("broadcast3",
          {randomTensor(f64(), shape, seed), randomTensor(f64(), {shape[2]}, seed + 1),
           randomTensor(testing::iN(64), shape, seed + 2)},
          1);
  }
}

TEST_F(LinalgColumnsDiff, ErrorsAreReportedAsByOneRunPerPoint) {
  // Out of bounds through the strided map: the fast engine backs out.
  check("strided",
        {randomTensor(f32(), {4, 6}, 1), randomTensor(f32(), {8}, 2),
         randomTensor(f32(), {4, 4}, 3)},
        0);
  // Division by zero at one point in the middle.
  std::vector<Bits> ones(size_t(40 * 300), 1);
  ones[size_t(17 * 300 + 123)] = 0;
  RuntimeValue divisor = tensorOf(testing::iN(32), {40, 300}, ones);
  check("divide",
        {randomTensor(testing::iN(32), {40, 300}, 4), divisor,
         randomTensor(testing::iN(32), {40, 300}, 5)},
        0);
  // Without the zero both run, and the engine takes it.
  ones[size_t(17 * 300 + 123)] = 3;
  check("divide",
        {randomTensor(testing::iN(32), {40, 300}, 4), tensorOf(testing::iN(32), {40, 300}, ones),
         randomTensor(testing::iN(32), {40, 300}, 5)},
        1);
}

TEST_F(LinalgColumnsDiff, RefusedOpsStillAgree) {
  RuntimeValue x = randomTensor(f32(), {33, 70}, 8);
  RuntimeValue rowsInit = randomTensor(f32(), {33}, 9);
  check("reduce_rows", {x, rowsInit}, 0);
  check("last_write_wins", {x, rowsInit}, 0);
  check("extract_inside", {x, randomTensor(f32(), {4}, 10), randomTensor(f32(), {33, 70}, 11)}, 0);
  RuntimeValue v = RuntimeValue::scalar(f32());
  v.set(0, 0xc0490fdb);
  // fill, copy, broadcast and transpose all qualify.
  check("named",
        {x, v, randomTensor(f32(), {70}, 12), randomTensor(f32(), {33, 70}, 13),
         randomTensor(f32(), {70, 33}, 14)},
        4);
}

} // namespace
} // namespace qi::eval
