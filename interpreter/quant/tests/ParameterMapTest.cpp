//===- ParameterMapTest.cpp - [qtype.granularity] and runtime integrity ---===//
//
// Spec: [qtype.granularity], [axis.integrity.dynamic],
// [subchannel.integrity.dynamic]. The map is compared with an explicit
// coordinate computation (unravel the flat row-major index, then pick the
// channel / block coordinates); each integrity error is checked verbatim.
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

namespace qi::quant::test {
namespace {

/// Row-major coordinates of flat index `i` (independent of rowMajorStrides).
std::vector<int64_t> unravel(int64_t i, const Shape &shape) {
  std::vector<int64_t> coords(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    coords[d] = i % shape[d];
    i /= shape[d];
  }
  return coords;
}

int64_t product(const Shape &shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

std::optional<ParameterMap> build(const QuantType &t, const Shape &shape,
                                  std::string &error, bool isTensor = true) {
  error.clear();
  return ParameterMap::build(t, shape, isTensor, error);
}

// [qtype.granularity] per-axis on every axis of rank-1..4 shapes: element
// uses parameter coords[axis].
TEST(ParameterMapPerAxis, EveryAxisOfRank1To4) {
  const Shape shapes[] = {{5}, {1}, {2, 3}, {3, 1}, {2, 3, 4}, {4, 1, 3}, {2, 3, 1, 4},
                          {3, 2, 2, 5}};
  for (const Shape &shape : shapes)
    for (int32_t axis = 0; axis < static_cast<int32_t>(shape.size()); ++axis) {
      QuantType t = perAxis(sInt(8), numeric::f32Format(), axis,
                            std::vector<double>(size_t(shape[axis]), 1.0));
      std::string error;
      auto map = build(t, shape, error);
      ASSERT_TRUE(map) << error;
      for (int64_t i = 0; i < product(shape); ++i)
        ASSERT_EQ(map->parameterIndex(i), unravel(i, shape)[axis])
            << shapeToString(shape) << " axis " << axis << " i " << i;
    }
}

// [qtype.granularity] a zero-size dimension other than the channel axis is
// fine (no elements, nothing to map).
TEST(ParameterMapPerAxis, EmptyTensor) {
  QuantType t = perAxis(sInt(8), numeric::f32Format(), 1, {1.0, 2.0});
  std::string error;
  EXPECT_TRUE(build(t, {0, 2}, error)) << error;
}

/// Explicit sub-channel parameter: sum over d of (coords[d] / block[d]) *
/// parameterStride[d], with unspecified dimensions one block of the whole size.
int64_t subChannelIndex(int64_t i, const Shape &shape,
                        const std::vector<std::pair<int32_t, int64_t>> &blocks,
                        const Shape &parameterShape) {
  std::vector<int64_t> coords = unravel(i, shape);
  int64_t index = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t block = shape[d];
    for (auto [dim, size] : blocks)
      if (size_t(dim) == d)
        block = size;
    index = index * parameterShape[d] + coords[d] / block;
  }
  return index;
}

struct SubChannelCase {
  Shape shape;
  std::vector<std::pair<int32_t, int64_t>> blocks;
  Shape parameterShape;
};

// [qtype.granularity] sub-channel with 1 and 2 blocked dimensions, block
// size 1, block size = full dimension, and unspecified dimensions.
TEST(ParameterMapSubChannel, AgainstExplicitCoordinates) {
  const SubChannelCase cases[] = {
      {{6, 4}, {{1, 2}}, {1, 2}},                 // seed 002 running example, 1 blocked dim
      {{6, 4}, {{0, 1}, {1, 2}}, {6, 2}},         // seed 002: [6,4]/[1,2] = [6,2]
      {{6, 8}, {{0, 2}, {1, 4}}, {3, 2}},         // seed 002: [i,j]/[2,4]
      {{6, 4, 6, 4}, {{1, 2}, {3, 2}}, {1, 2, 1, 2}}, // seed 002 lowering example
      {{4, 6, 2}, {{1, 3}}, {1, 2, 1}},
      {{4, 6, 2}, {{0, 4}, {2, 1}}, {1, 1, 2}},   // block = whole dim; block size 1
      {{3, 5}, {}, {1, 1}},                       // nothing blocked: one parameter
      {{2, 3, 4, 5}, {{0, 1}, {3, 5}}, {2, 1, 1, 1}},
      {{7}, {{0, 7}}, {1}},
      {{8}, {{0, 2}}, {4}},
  };
  for (const SubChannelCase &c : cases) {
    const int64_t n = product(c.parameterShape);
    QuantType t = subChannel(sInt(8), numeric::f32Format(), c.blocks, c.parameterShape,
                             std::vector<Bits>(size_t(n), f32Bits(1.0f)));
    std::string error;
    auto map = build(t, c.shape, error);
    ASSERT_TRUE(map) << shapeToString(c.shape) << ": " << error;
    for (int64_t i = 0; i < product(c.shape); ++i) {
      int64_t expected = subChannelIndex(i, c.shape, c.blocks, c.parameterShape);
      ASSERT_LT(expected, n);
      ASSERT_EQ(map->parameterIndex(i), expected) << shapeToString(c.shape) << " i " << i;
    }
  }
}

// [axis.integrity.dynamic] per-axis on a scalar.
TEST(ParameterMapIntegrity, PerAxisOnScalar) {
  QuantType t = perAxis(sInt(8), numeric::f32Format(), 0, {1.0, 2.0});
  std::string error;
  EXPECT_FALSE(build(t, {}, error, /*isTensor=*/false));
  EXPECT_EQ(error, "per-axis quantized type " + t.spelling + " used on a scalar");
}

// [axis.integrity.dynamic] channel axis >= runtime rank (unranked tensor
// whose runtime rank is too small).
TEST(ParameterMapIntegrity, AxisOutOfRangeForRuntimeRank) {
  QuantType t = perAxis(sInt(8), numeric::f32Format(), 2, {1.0, 2.0});
  std::string error;
  EXPECT_FALSE(build(t, {2, 3}, error));
  EXPECT_EQ(error, "channel axis 2 is out of range for the runtime rank 2 (shape 2x3)");
  EXPECT_FALSE(build(t, {}, error));
  EXPECT_EQ(error, "channel axis 2 is out of range for the runtime rank 0 (shape scalar)");
}

// [axis.integrity.dynamic] dynamic channel dimension whose runtime size is
// not the number of scales (seed 003: tensor<?x3> with 4 scales, at run time).
TEST(ParameterMapIntegrity, AxisSizeDiffersFromNumberOfScales) {
  QuantType t = perAxis(sInt(8), numeric::f32Format(), 1, {1.0, 2.0, 3.0, 4.0});
  std::string error;
  EXPECT_FALSE(build(t, {5, 3}, error));
  EXPECT_EQ(error, "channel axis 1 has runtime size 3 but the type has 4 scales");
  EXPECT_FALSE(build(t, {5, 0}, error));
  EXPECT_EQ(error, "channel axis 1 has runtime size 0 but the type has 4 scales");
  EXPECT_TRUE(build(t, {5, 4}, error)) << error;
}

// [subchannel.integrity.dynamic] a block size that does not divide the
// runtime size of a dynamic dimension.
TEST(ParameterMapIntegrity, BlockSizeDoesNotDivide) {
  QuantType t = subChannel(sInt(8), numeric::f32Format(), {{1, 2}}, {1, 2},
                           {f32Bits(1.0f), f32Bits(2.0f)});
  std::string error;
  EXPECT_FALSE(build(t, {6, 5}, error));
  EXPECT_EQ(error, "block size 2 on dimension 1 does not divide the runtime size 5");
}

// [subchannel.integrity.dynamic] runtime blocks != scale tensor extent.
TEST(ParameterMapIntegrity, BlockCountMismatch) {
  QuantType t = subChannel(sInt(8), numeric::f32Format(), {{1, 2}}, {1, 2},
                           {f32Bits(1.0f), f32Bits(2.0f)});
  std::string error;
  EXPECT_FALSE(build(t, {6, 8}, error));
  EXPECT_EQ(error, "dimension 1 has runtime size 8 = 4 block(s) of 2, but the scale "
                   "tensor has 2 along it");
  // An unspecified dimension is one block; a scale tensor with 3 along it
  // can never match.
  QuantType u = subChannel(sInt(8), numeric::f32Format(), {}, {3, 1},
                           {f32Bits(1.0f), f32Bits(2.0f), f32Bits(3.0f)});
  EXPECT_FALSE(build(u, {6, 8}, error));
  EXPECT_EQ(error, "dimension 0 has runtime size 6 = 1 block(s) of 6, but the scale "
                   "tensor has 3 along it");
}

// [subchannel.integrity.dynamic] runtime rank != scale tensor rank, and
// scalars.
TEST(ParameterMapIntegrity, SubChannelRankMismatch) {
  QuantType t = subChannel(sInt(8), numeric::f32Format(), {{1, 2}}, {1, 2},
                           {f32Bits(1.0f), f32Bits(2.0f)});
  std::string error;
  EXPECT_FALSE(build(t, {6, 4, 1}, error));
  EXPECT_EQ(error, "sub-channel type has a rank-2 scale tensor but the runtime rank is 3");
  EXPECT_FALSE(build(t, {}, error, /*isTensor=*/false));
  EXPECT_EQ(error, "sub-channel type has a rank-2 scale tensor but the runtime rank is 0");
}

// [subchannel.integrity.dynamic] a zero-size dimension is rejected (as
// MLIR's verifier rejects it statically: "tensor dimension size of zero is
// not allowed with sub-channel quantization").
TEST(ParameterMapIntegrity, SubChannelZeroSizeDimension) {
  QuantType t = subChannel(sInt(8), numeric::f32Format(), {{1, 2}}, {1, 2},
                           {f32Bits(1.0f), f32Bits(2.0f)});
  std::string error;
  EXPECT_FALSE(build(t, {0, 4}, error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(build(t, {3, 0}, error));
  EXPECT_FALSE(error.empty());
}

} // namespace
} // namespace qi::quant::test
