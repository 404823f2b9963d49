//===- GranularityTest.cpp - [qtype.granularity] kernels + parameter map --===//
//
// Spec: [qtype.granularity], [qcast.steps], [dcast.steps]: per-axis and
// sub-channel types pick each element's scale and zero point from its
// coordinates; the kernels run with that parameter. Examples from the seeds
// (003: the quant dialect doc; 002: the sub-channel RFC).
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/tests/QuantTestUtil.h"

namespace qi::quant::test {
namespace {

ParameterMap buildMap(const QuantType &t, const Shape &shape) {
  std::string error;
  std::optional<ParameterMap> map = ParameterMap::build(t, shape, true, error);
  EXPECT_TRUE(map.has_value()) << error;
  return map ? *map : ParameterMap{};
}

// [qtype.granularity] seed 003: tensor<2x3x4x!quant.uniform<i8:f32:1,
// {3.0, 4.0, 5.0}>>: elements [*][j][*] use scale 3, 4, 5 for j = 0, 1, 2.
TEST(Granularity, Seed003PerChannelExample) {
  QuantType t = perAxis(sInt(8), numeric::f32Format(), 1, {3.0, 4.0, 5.0});
  ParameterMap map = buildMap(t, {2, 3, 4});
  QuantizeKernel q(t, Semantics{});
  DequantizeKernel d(t, Semantics{});
  const float scales[3] = {3.0f, 4.0f, 5.0f};
  // qcast(10.0): 10/3 = 3.33 -> 3; 10/4 = 2.5 -> 2 (even); 10/5 = 2.
  const int64_t quantized[3] = {3, 2, 2};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k) {
        int64_t flat = (i * 3 + j) * 4 + k;
        int64_t p = map.parameterIndex(flat);
        EXPECT_EQ(p, j);
        EXPECT_TRUE(isBits(d(1, p), f32Bits(scales[j])));
        EXPECT_TRUE(isBits(d(-7, p), f32Bits(-7 * scales[j])));
        EXPECT_TRUE(isStored(q(f32Bits(10.0f), p), quantized[j]));
      }
}

// [qtype.granularity] seed 003: tensor<?x?x!quant.uniform<u16:f32:0,
// {2.0:10, 3.0:20}>> at runtime 2x5: row 0 uses 2.0:10, row 1 3.0:20.
TEST(Granularity, Seed003PerChannelWithZeroPoints) {
  QuantType t = perAxis(uInt(16), numeric::f32Format(), 0, {2.0, 3.0}, {10, 20});
  ParameterMap map = buildMap(t, {2, 5});
  QuantizeKernel q(t, Semantics{});
  DequantizeKernel d(t, Semantics{});
  for (int64_t flat = 0; flat < 10; ++flat) {
    int64_t p = map.parameterIndex(flat);
    EXPECT_EQ(p, flat / 5);
    // qcast(6.0) = 6/2 + 10 = 13 or 6/3 + 20 = 22; dcast(25) = 30 or 15.
    EXPECT_TRUE(isStored(q(f32Bits(6.0f), p), p == 0 ? 13 : 22));
    EXPECT_TRUE(isBits(d(25, p), f32Bits(p == 0 ? 30.0f : 15.0f)));
    // Negative results saturate to the u16 minimum 0.
    EXPECT_TRUE(isStored(q(f32Bits(-100.0f), p), 0));
  }
}

// [qtype.granularity] seed 002: !quant.uniform<i8<-128:127>:f32:{1:2, 3:2},
// {1.0:1, 2.0:2, 3.0:3, 4.0:4}> as a 1x2x1x2 scale tensor on 6x4x6x4:
// element [a][b][c][e] uses parameter (b / 2) * 2 + (e / 2).
TEST(Granularity, Seed002SubChannelExample) {
  QuantType t = subChannel(sInt(8), numeric::f32Format(), {{1, 2}, {3, 2}}, {1, 2, 1, 2},
                           {f32Bits(1.0f), f32Bits(2.0f), f32Bits(3.0f), f32Bits(4.0f)},
                           {1, 2, 3, 4}, std::make_pair(-128, 127));
  ParameterMap map = buildMap(t, {6, 4, 6, 4});
  QuantizeKernel q(t, Semantics{});
  DequantizeKernel d(t, Semantics{});
  int64_t flat = 0;
  for (int a = 0; a < 6; ++a)
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 6; ++c)
        for (int e = 0; e < 4; ++e, ++flat) {
          int64_t expected = (b / 2) * 2 + (e / 2);
          int64_t p = map.parameterIndex(flat);
          ASSERT_EQ(p, expected) << a << "," << b << "," << c << "," << e;
          const float scale = static_cast<float>(p + 1);
          const int64_t zp = p + 1;
          // dcast(10) = (10 - zp) * scale; qcast(12.0) = round(12 / s) + zp.
          EXPECT_TRUE(isBits(d(10, p), f32Bits((10 - zp) * scale)));
          const int64_t q12[4] = {12 + 1, 6 + 2, 4 + 3, 3 + 4};
          EXPECT_TRUE(isStored(q(f32Bits(12.0f), p), q12[p]));
        }
}

// [qtype.granularity] a per-layer type has one parameter for every element
// and scalars.
TEST(Granularity, PerLayerUsesParameterZero) {
  QuantType t = perLayer(sInt(8), numeric::f32Format(), 0.5, 1);
  std::string error;
  auto scalar = ParameterMap::build(t, {}, false, error);
  ASSERT_TRUE(scalar);
  EXPECT_EQ(scalar->parameterIndex(0), 0);
  auto tensor = ParameterMap::build(t, {3, 7}, true, error);
  ASSERT_TRUE(tensor);
  for (int64_t i = 0; i < 21; ++i)
    EXPECT_EQ(tensor->parameterIndex(i), 0);
}

} // namespace
} // namespace qi::quant::test
