//===- BenchInputs.cpp - Types and inputs of the benchmarks ---------------===//
#include "tools/bench/BenchInputs.h"

#include "generators/Prng.h"
#include "interpreter/numeric/FloatOps.h"

namespace qi::bench {

namespace {

quant::ScaleValue scaleIn(const numeric::FloatFormat &format, double value) {
  numeric::FloatResult r = numeric::floatConvert(numeric::f64Format(), [&] {
    uint64_t bits;
    std::memcpy(&bits, &value, 8);
    return numeric::Bits(bits);
  }(), format, numeric::RoundingMode::NearestEven);
  return {&format, r.bits};
}

} // namespace

Shape benchShape(Granularity granularity, int64_t elements) {
  if (granularity == Granularity::PerLayer)
    return {elements};
  return {elements / 256, 256};
}

std::shared_ptr<quant::QuantType> benchType(const numeric::FloatFormat &expressed,
                                            Granularity granularity, int64_t elements) {
  auto t = std::make_shared<quant::QuantType>();
  t->spelling = "!quant.uniform<i8:" + std::string(expressed.name) + ", bench>";
  t->storage = numeric::IntFormat{8, true};
  t->storageMin = -128;
  t->storageMax = 127;
  t->expressed = &expressed;
  auto add = [&](const numeric::FloatFormat &scaleFormat, int64_t c) {
    t->scales.push_back(scaleIn(scaleFormat, 0.01 + double(c) / 16384.0));
    t->zeroPoints.push_back(c % 11 - 5);
  };
  switch (granularity) {
  case Granularity::PerLayer:
    t->granularity = quant::QuantType::Granularity::PerLayer;
    add(numeric::f64Format(), 0);
    break;
  case Granularity::PerChannel:
    t->granularity = quant::QuantType::Granularity::PerAxis;
    t->axis = 1;
    for (int64_t c = 0; c < 256; ++c)
      add(numeric::f64Format(), c);
    break;
  case Granularity::SubChannel:
    t->granularity = quant::QuantType::Granularity::SubChannel;
    t->blockSizes = {{0, elements / 256 / 16}, {1, 64}};
    t->parameterShape = {16, 4};
    for (int64_t c = 0; c < 64; ++c)
      add(expressed, c);
    break;
  }
  return t;
}

RuntimeValue expressedInput(const quant::QuantType &type, const Shape &shape) {
  const numeric::FloatFormat &e = *type.expressed;
  RuntimeValue v = RuntimeValue::tensor(ElementType::makeFloat(e), shape);
  generators::SplitMix64 rng(2024);
  // A table of 4096 values, converted once by the numeric core.
  std::vector<numeric::Bits> values(4096);
  for (numeric::Bits &b : values) {
    double x = (double(rng.range(-140 * 16, 140 * 16)) / 16.0 + 3) * 0.012;
    uint64_t bits;
    std::memcpy(&bits, &x, 8);
    b = numeric::floatConvert(numeric::f64Format(), bits, e, numeric::RoundingMode::NearestEven)
            .bits;
  }
  for (int64_t i = 0; i < v.size(); ++i)
    v.set(i, values[rng.below(4096)]);
  return v;
}

RuntimeValue storedInput(const std::shared_ptr<quant::QuantType> &type, const Shape &shape) {
  RuntimeValue v = RuntimeValue::tensor(quant::elementTypeOf(type), shape);
  generators::SplitMix64 rng(7);
  for (int64_t i = 0; i < v.size(); ++i)
    v.data()[i] = static_cast<uint8_t>(rng.next());
  return v;
}

} // namespace qi::bench
