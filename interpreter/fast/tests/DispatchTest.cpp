//===- DispatchTest.cpp - The fast-path dispatcher ------------------------===//
//
// Spec: [fast.dispatch], [fast.table], [fast.environment], [fast.proof],
// [qtype.granularity] (spec/performance.md, spec/quant.md).
//
// - ParameterMap::forEachRun gives every element the parameter of
//   parameterIndex (random per-axis and sub-channel shapes).
// - quantizeTensor / dequantizeTensor on whole tensors equal the reference kernel
//   element for element (poison included) for per-layer, per-axis and
//   sub-channel types, host-float and table paths; the table paths
//   exhaustively over every f16 / bf16 pattern and every i16 / u8 code.
// - Fallback: every combination no fast path covers takes the reference kernel
//   (other arithmetic modes, exact arithmetic where [fast.exact-rational]
//   does not apply (f64, f80, 64-bit storage), formats without host floats
//   on small tensors, f80 outside nearest-even, f128, a non-default MXCSR or
//   x87 control word); exact arithmetic takes the integer path
//   [fast.exact-rational] whatever the MXCSR.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/tests/FastDiffInputs.h"

#include "interpreter/fast/HostQuantize.h"
#include "interpreter/fast/Dispatch.h"
#include "interpreter/host/X87Float.h"
#include "interpreter/value/ElementType.h"

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;
using namespace host;
namespace {

ParameterMap mapFor(const QuantType &t, const Shape &shape) {
  std::string error;
  std::optional<ParameterMap> m = ParameterMap::build(t, shape, true, error);
  if (!m)
    throw std::runtime_error(error);
  return *m;
}

ElementType storageElement(const QuantType &t) {
  return elementTypeOf(std::make_shared<QuantType>(t));
}

/// The path planQuantize / planDequantize choose for `elements` elements.
KernelPath chooseQuantizePath(const QuantType &t, const Semantics &s, int64_t elements) {
  return planQuantize(t, s, elements).path;
}
KernelPath chooseDequantizePath(const QuantType &t, const Semantics &s, int64_t elements) {
  return planDequantize(t, s, elements).path;
}

/// Elements and poison bits of two results; reports the first difference.
void expectSameValues(const QuantType &t, const RuntimeValue &input, const RuntimeValue &got,
                      const RuntimeValue &want) {
  int64_t mismatches = 0;
  for (int64_t i = 0; i < input.size(); ++i)
    if (got.get(i) != want.get(i) || got.isPoison(i) != want.isPoison(i))
      if (mismatches++ == 0)
        ADD_FAILURE() << t.spelling << " element " << i << " input " << hexBits(input.get(i));
  EXPECT_EQ(mismatches, 0);
}

/// qcast by `path` (which must cover the combination) and by the reference
/// kernel: every element and poison bit equal.
void expectSameQuantize(const QuantType &t, const Semantics &s, const RuntimeValue &input,
                        KernelPath path) {
  ParameterMap map = mapFor(t, input.shape());
  RuntimeValue fast = RuntimeValue::tensor(storageElement(t), input.shape());
  RuntimeValue reference = RuntimeValue::tensor(storageElement(t), input.shape());
  const std::optional<KernelPlan> plan = planQuantizeBy(path, t, s);
  ASSERT_TRUE(plan) << kernelPathName(path) << " does not cover " << t.spelling;
  quantizeTensor(*plan, t, s, map, input, fast);
  quantizeTensor(KernelPlan{KernelPath::Reference}, t, s, map, input, reference);
  expectSameValues(t, input, fast, reference);
}

void expectSameDequantize(const QuantType &t, const Semantics &s, const RuntimeValue &input,
                          KernelPath path) {
  ParameterMap map = mapFor(t, input.shape());
  ElementType e = ElementType::makeFloat(*t.expressed);
  RuntimeValue fast = RuntimeValue::tensor(e, input.shape());
  RuntimeValue reference = RuntimeValue::tensor(e, input.shape());
  const std::optional<KernelPlan> plan = planDequantizeBy(path, t, s);
  ASSERT_TRUE(plan) << kernelPathName(path) << " does not cover " << t.spelling;
  dequantizeTensor(*plan, t, s, map, input, fast);
  dequantizeTensor(KernelPlan{KernelPath::Reference}, t, s, map, input, reference);
  expectSameValues(t, input, fast, reference);
}

RuntimeValue randomExpressed(Rng &rng, const QuantType &t, const Shape &shape) {
  RuntimeValue v = RuntimeValue::tensor(ElementType::makeFloat(*t.expressed), shape);
  for (int64_t i = 0; i < v.size(); ++i)
    v.set(i, randomInput(rng, t));
  v.setPoison(v.size() / 2); // a poison input stays poison
  return v;
}

// [qtype.granularity] the fast loops' parameter runs.
TEST(Dispatch, ForEachRunMatchesParameterIndex) {
  Rng rng(42);
  for (int trial = 0; trial < 200; ++trial) {
    Shape shape;
    const int rank = int(rng.range(1, 4));
    for (int d = 0; d < rank; ++d)
      shape.push_back(rng.range(1, 3) * rng.range(1, 4));
    QuantType t;
    if (rng.chance(2)) {
      int32_t axis = int32_t(rng.below(rank));
      t = perAxis(sInt(8), fmt("f32"), axis, std::vector<double>(size_t(shape[axis]), 0.5));
    } else {
      std::vector<std::pair<int32_t, int64_t>> blocks;
      Shape parameterShape;
      for (int d = 0; d < rank; ++d) {
        int64_t block = shape[d];
        for (int64_t b = 1; b <= shape[d]; ++b)
          if (shape[d] % b == 0 && rng.chance(3))
            block = b;
        if (block != shape[d] || rng.chance(2))
          blocks.push_back({d, block});
        parameterShape.push_back(shape[d] / block);
      }
      t = subChannel(sInt(8), fmt("f32"), blocks, parameterShape,
                     std::vector<Bits>(size_t(numElements(parameterShape)), f32Bits(0.5f)));
    }
    ParameterMap map = mapFor(t, shape);
    int64_t expectedStart = 0;
    map.forEachRun(numElements(shape), [&](int64_t start, int64_t length, int64_t parameter) {
      EXPECT_EQ(start, expectedStart);
      for (int64_t i = start; i < start + length; ++i)
        ASSERT_EQ(parameter, map.parameterIndex(i)) << "trial " << trial << " element " << i;
      expectedStart = start + length;
    });
    EXPECT_EQ(expectedStart, numElements(shape));
  }
}

// [fast.host-qcast] [fast.dispatch] per-axis and sub-channel tensors.
TEST(Dispatch, HostQuantizeOfChannelsEqualsReference) {
  Rng rng(7);
  for (const char *profile : {"reference", "mlir-lower-quant-ops", "pytorch-fbgemm"}) {
    Semantics s = *findProfile(profile);
    QuantType axis = perAxis(sInt(8), fmt("f32"), 1, {0.1, 0.02, 3.0, 1e-3}, {0, -5, 7, 127});
    expectSameQuantize(axis, s, randomExpressed(rng, axis, {300, 4}), KernelPath::Host);
    QuantType sub = subChannel(uInt(8), fmt("f32"), {{0, 100}, {1, 2}}, {3, 2},
                               {f32Bits(0.1f), f32Bits(0.2f), f32Bits(0.3f), f32Bits(0.05f),
                                f32Bits(7.0f), f32Bits(1e-4f)},
                               {0, 128, 255, 3, 10, 100});
    expectSameQuantize(sub, s, randomExpressed(rng, sub, {300, 4}), KernelPath::Host);
  }
}

// [fast.table] exhaustive over every f16 / bf16 pattern (two parameters);
// the table is filled by the host quantizer ([fast.narrow-host]) under
// reference and tflite-reference, by the exact-arithmetic integer quantizer
// ([fast.exact-rational]) under exact.
TEST(Dispatch, QuantizeTableExhaustiveOver16BitFormats) {
  for (const char *e : {"f16", "bf16"})
    for (const char *profile : {"reference", "tflite-reference", "exact"}) {
      QuantType t = perAxis(sInt(8), fmt(e), 0, {0.1, 0.0078125}, {3, -128});
      RuntimeValue input = RuntimeValue::tensor(ElementType::makeFloat(fmt(e)), {2, 65536});
      for (int64_t i = 0; i < input.size(); ++i)
        input.set(i, Bits(i % 65536));
      // A host-filled table is chosen from 4 x (parameters x 2^16) elements.
      const KernelPlan plan = planQuantize(t, *findProfile(profile), 4 * input.size());
      EXPECT_EQ(plan.path, KernelPath::Table);
      EXPECT_EQ(plan.tableFiller, std::string_view(profile) == "exact" ? KernelPath::Rational
                                                                       : KernelPath::Host);
      expectSameQuantize(t, *findProfile(profile), input, KernelPath::Table);
    }
}

// [fast.table] every stored code of u8 and i16, f16 / f32 expressed.
TEST(Dispatch, DequantizeTableExhaustive) {
  for (const char *profile : {"reference", "exact", "pytorch-fbgemm"}) {
    Semantics s = *findProfile(profile);
    QuantType u8 = perLayer(uInt(8), fmt("f16"), 0.1, 200);
    RuntimeValue q8 = RuntimeValue::tensor(storageElement(u8), {256});
    for (int64_t i = 0; i < 256; ++i)
      q8.set(i, Bits(i));
    expectSameDequantize(u8, s, q8, KernelPath::Table);
    QuantType i16 = perLayer(sInt(16), fmt("f32"), 3.3e-5, -7);
    RuntimeValue q16 = RuntimeValue::tensor(storageElement(i16), {65536});
    for (int64_t i = 0; i < 65536; ++i)
      q16.set(i, Bits(i));
    expectSameDequantize(i16, s, q16, KernelPath::Table);
  }
}

// [fast.host-dcast] per-axis i32 through the dispatcher.
TEST(Dispatch, HostDequantizeOfChannelsEqualsReference) {
  Rng rng(9);
  QuantType t = perAxis(sInt(32), fmt("f32"), 0, {0.1, 1e-30, 3e30}, {0, -5, 1 << 30});
  RuntimeValue q = RuntimeValue::tensor(storageElement(t), {3, 1000});
  for (int64_t i = 0; i < q.size(); ++i)
    q.set(i, Bits(uint32_t(rng.next())));
  EXPECT_EQ(chooseDequantizePath(t, Semantics{}, q.size()), KernelPath::Host);
  expectSameDequantize(t, Semantics{}, q, KernelPath::Host);
}

// [fast.dispatch] fallback: nothing unproven is used.
TEST(Dispatch, EachCombinationTakesItsProvenPathOrTheReference) {
  const QuantType f32 = perLayer(sInt(8), fmt("f32"), 0.1);
  const int64_t big = int64_t(1) << 24;
  EXPECT_EQ(chooseQuantizePath(f32, Semantics{}, big), KernelPath::Host);
  // Exact arithmetic: the integer path ([fast.exact-rational]).
  EXPECT_EQ(chooseQuantizePath(f32, *findProfile("exact"), big), KernelPath::Rational);
  EXPECT_EQ(chooseQuantizePath(f32, *findProfile("exact"), 10), KernelPath::Rational);
  EXPECT_EQ(chooseQuantizePath(perLayer(sInt(8), fmt("f64"), 0.1), *findProfile("exact"), big),
            KernelPath::Rational);
  EXPECT_EQ(chooseQuantizePath(perLayer(sInt(64), fmt("f32"), 0.1), *findProfile("exact"), big),
            KernelPath::Reference);
  EXPECT_EQ(chooseQuantizePath(perLayer(sInt(64), fmt("f64"), 0.1), *findProfile("exact"), big),
            KernelPath::Reference);
  for (RoundingMode m : {RoundingMode::TowardZero, RoundingMode::NearestAway,
                         RoundingMode::TowardPositive, RoundingMode::Odd})
    EXPECT_EQ(chooseQuantizePath(f32, Sem().arith(m), big), KernelPath::Reference);
  // 16-bit formats: host floats ([fast.narrow-host]) under nearest-even
  // arithmetic, binary64 steps rounded in software under the other modes
  // ([fast.narrow-modes]), integers ([fast.exact-rational]) under exact
  // arithmetic, a table filled by that accelerator when it pays for itself.
  const QuantType f16 = perLayer(sInt(8), fmt("f16"), 0.1);
  EXPECT_EQ(chooseQuantizePath(f16, Semantics{}, 1000), KernelPath::Host);
  EXPECT_EQ(chooseQuantizePath(f16, Semantics{}, big), KernelPath::Table);
  EXPECT_EQ(planQuantize(f16, Semantics{}, big).tableFiller, KernelPath::Host);
  EXPECT_EQ(chooseQuantizePath(f16, *findProfile("exact"), 1000), KernelPath::Rational);
  EXPECT_EQ(chooseQuantizePath(f16, *findProfile("exact"), big), KernelPath::Table);
  EXPECT_EQ(planQuantize(f16, *findProfile("exact"), big).tableFiller, KernelPath::Rational);
  for (RoundingMode m : {RoundingMode::TowardZero, RoundingMode::NearestAway,
                         RoundingMode::TowardPositive, RoundingMode::Odd}) {
    EXPECT_EQ(chooseQuantizePath(f16, Sem().arith(m), 1000), KernelPath::Host);
    EXPECT_EQ(chooseQuantizePath(f16, Sem().arith(m), big), KernelPath::Table);
  }
  // f8: no host format; a table filled by the reference kernel when it pays.
  const QuantType f8 = perLayer(sInt(8), fmt("f8E4M3FN"), 0.1);
  EXPECT_EQ(chooseQuantizePath(f8, Semantics{}, 100), KernelPath::Reference);
  EXPECT_EQ(planQuantize(f8, Semantics{}, 1000).path, KernelPath::Table);
  EXPECT_EQ(planQuantize(f8, Semantics{}, 1000).tableFiller, KernelPath::Reference);
  EXPECT_EQ(chooseQuantizePath(f8, *findProfile("exact"), 100), KernelPath::Rational);
  // f80: the x87 host path under nearest-even and the directed arithmetic
  // modes ([fast.x87-host], [fast.x87-directed]), integers
  // ([fast.exact-rational]) under exact arithmetic, else the reference;
  // f128: no host format, no table, no integer path.
  const QuantType f80 = perLayer(sInt(8), fmt("f80"), 0.1);
  const KernelPath x87 = kHostHasX87 ? KernelPath::X87 : KernelPath::Reference;
  EXPECT_EQ(chooseQuantizePath(f80, Semantics{}, big), x87);
  EXPECT_EQ(chooseQuantizePath(f80, *findProfile("exact"), big), KernelPath::Rational);
  EXPECT_EQ(chooseQuantizePath(f80, *findProfile("exact"), 10), KernelPath::Rational);
  for (RoundingMode m :
       {RoundingMode::TowardZero, RoundingMode::TowardPositive, RoundingMode::TowardNegative})
    EXPECT_EQ(chooseQuantizePath(f80, Sem().arith(m), big), x87);
  for (RoundingMode m : {RoundingMode::NearestAway, RoundingMode::NearestUp, RoundingMode::Odd})
    EXPECT_EQ(chooseQuantizePath(f80, Sem().arith(m), big), KernelPath::Reference);
  EXPECT_EQ(chooseQuantizePath(perLayer(sInt(64), fmt("f80"), 0.1), Semantics{}, big),
            KernelPath::Reference);
  EXPECT_EQ(chooseDequantizePath(f80, Semantics{}, 100), KernelPath::Reference);
  EXPECT_EQ(chooseQuantizePath(perLayer(sInt(8), fmt("f128"), 0.1), Semantics{}, big),
            KernelPath::Reference);
  EXPECT_EQ(chooseQuantizePath(perLayer(sInt(8), fmt("f128"), 0.1), *findProfile("exact"), big),
            KernelPath::Reference);
  // A requested path that does not cover the combination has no plan.
  Rng rng(3);
  const QuantType f64 = perLayer(sInt(8), fmt("f64"), 0.1);
  EXPECT_FALSE(planQuantizeBy(KernelPath::Host, f64, Sem().arith(RoundingMode::TowardZero)));
  EXPECT_FALSE(planQuantizeBy(KernelPath::Rational, f64, Semantics{}));
  EXPECT_FALSE(planQuantizeBy(KernelPath::X87, f32, Semantics{}));
  EXPECT_FALSE(planQuantizeBy(KernelPath::Table, f32, Semantics{}));
  EXPECT_FALSE(planDequantizeBy(KernelPath::X87, f32, Semantics{}));
  EXPECT_FALSE(planDequantizeBy(KernelPath::Table, perLayer(sInt(32), fmt("f32"), 0.1),
                                Semantics{}));
  expectSameQuantize(f64, *findProfile("exact"), randomExpressed(rng, f64, {64}),
                     KernelPath::Rational);
  expectSameQuantize(f32, *findProfile("exact"), randomExpressed(rng, f32, {64}),
                     KernelPath::Rational);
  // dcast: i32 f16 has neither host floats nor a small table.
  const QuantType i32f16 = perLayer(sInt(32), fmt("f16"), 0.1);
  EXPECT_EQ(chooseDequantizePath(i32f16, Semantics{}, big), KernelPath::Reference);
  EXPECT_EQ(chooseDequantizePath(perLayer(sInt(32), fmt("f32"), 0.1), *findProfile("exact"),
                                 big),
            KernelPath::Reference);
  EXPECT_EQ(chooseDequantizePath(perLayer(sInt(8), fmt("f32"), 0.1), Semantics{}, 100),
            KernelPath::Host);
  EXPECT_EQ(chooseDequantizePath(perLayer(sInt(8), fmt("f16"), 0.1), Semantics{}, 100),
            KernelPath::Reference);
  EXPECT_EQ(chooseDequantizePath(perLayer(sInt(8), fmt("f16"), 0.1), Semantics{}, 1000),
            KernelPath::Table);
  EXPECT_EQ(chooseDequantizePath(perLayer(sInt(8), fmt("f32"), 0.1), Semantics{}, big),
            KernelPath::Table);
  EXPECT_EQ(chooseDequantizePath(perLayer(sInt(16), fmt("f32"), 0.1), Semantics{}, 1 << 20),
            KernelPath::Host);
}

// [qtype.model] MLIR accepts any int64 zero point. Beyond +-2^32 the host
// paths' int64 steps could overflow, so they decline and the reference kernel
// (big integers) computes; the values are derived by hand. Under
// mlir-lower-quant-ops the zero point first wraps to the storage width
// ([sem.zero-point-storage]), which the host paths then claim.
TEST(Dispatch, ZeroPointsBeyondTwoToThe32TakeTheReferenceKernel) {
  const int64_t big = int64_t(1) << 24;
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  for (int64_t zp : {kMin, kMax, (int64_t(1) << 32) + 1}) {
    const QuantType i8 = perLayer(sInt(8), fmt("f32"), 1.0, zp);
    const QuantType u8 = perLayer(uInt(8), fmt("f32"), 1.0, zp);
    for (const char *profile : {"reference", "tflite-reference", "tosa-from-tflite", "exact"}) {
      SCOPED_TRACE(std::string(profile) + " zp " + std::to_string(zp));
      EXPECT_EQ(chooseQuantizePath(i8, *findProfile(profile), big), KernelPath::Reference);
      EXPECT_EQ(chooseQuantizePath(u8, *findProfile(profile), big), KernelPath::Reference);
    }
    // (A table, filled by the reference kernel, may still pay off.)
    EXPECT_NE(chooseDequantizePath(perLayer(sInt(16), fmt("f32"), 1.0, zp), Semantics{}, 1 << 20),
              KernelPath::Host);
    // t = 3 + zp saturates to a bound whatever the rounding.
    const bool positive = zp > 0;
    EXPECT_TRUE(isStored(qcast(i8, f32Bits(3.0f), Semantics{}), positive ? 127 : -128));
    EXPECT_TRUE(isStored(qcast(u8, f32Bits(3.0f), *findProfile("tosa-from-tflite")),
                         positive ? 255 : 0));
    // dcast: (q - zp) * 1 rounded to f32.
    const float expected = static_cast<float>(-static_cast<long double>(zp));
    EXPECT_EQ(dcast(perLayer(sInt(8), fmt("f32"), 1.0, zp), 0, Semantics{}).bits,
              f32Bits(expected));
  }
  // mlir-lower-quant-ops: INT64_MIN wraps to 0 in i8, so the host path claims it.
  const QuantType wrapsToZero = perLayer(sInt(8), fmt("f32"), 1.0, kMin);
  EXPECT_EQ(chooseQuantizePath(wrapsToZero, *findProfile("mlir-lower-quant-ops"), big),
            KernelPath::Host);
  EXPECT_TRUE(isStored(qcast(wrapsToZero, f32Bits(3.0f), *findProfile("mlir-lower-quant-ops")), 3));
}

// [fast.environment] flush-to-zero, denormals-are-zero or another rounding
// mode in MXCSR: the host paths are not used.
TEST(Dispatch, NonDefaultFloatEnvironmentFallsBackToTheReference) {
#if defined(__SSE2__)
  const QuantType f32 = perLayer(sInt(8), fmt("f32"), 0.1);
  const unsigned saved = _mm_getcsr();
  EXPECT_TRUE(hostFloatEnvironmentIsDefault());
  for (unsigned bits : {0x8000u, 0x0040u, 0x2000u, 0x4000u, 0x6000u}) {
    _mm_setcsr(saved | bits);
    const bool isDefault = hostFloatEnvironmentIsDefault();
    const KernelPath q = chooseQuantizePath(f32, Semantics{}, 1 << 24);
    const KernelPath d = chooseDequantizePath(perLayer(sInt(32), fmt("f32"), 0.1), Semantics{},
                                              1 << 24);
    // Integer arithmetic only: [fast.exact-rational] does not depend on MXCSR.
    const KernelPath integers = chooseQuantizePath(f32, *findProfile("exact"), 1 << 24);
    _mm_setcsr(saved);
    EXPECT_FALSE(isDefault) << bits;
    EXPECT_EQ(q, KernelPath::Reference) << bits;
    EXPECT_EQ(d, KernelPath::Reference) << bits;
    EXPECT_EQ(integers, KernelPath::Rational) << bits;
  }
#endif
}

// [fast.x87-host] [fast.environment] x87 precision control below 64 bits,
// another rounding control or an unmasked exception: the f80 host path is
// not used (the x87 control word is checked at every dispatch).
TEST(Dispatch, NonDefaultX87ControlWordFallsBackToTheReference) {
  if (!kHostHasX87)
    GTEST_SKIP() << "no x87 long double on this host";
#if defined(__x86_64__)
  const QuantType f80 = perLayer(sInt(8), fmt("f80"), 0.1);
  const unsigned saved = x87ControlWord();
  EXPECT_TRUE(x87EnvironmentIsDefault()) << std::hex << saved;
  EXPECT_EQ(chooseQuantizePath(f80, Semantics{}, 1 << 24), KernelPath::X87);
  // precision 53 and 24 bits; rounding down, up, toward zero; invalid,
  // denormal, zero-divide, overflow, underflow, precision unmasked.
  for (unsigned change : {0x0100u, 0x0300u, 0x0400u, 0x0800u, 0x0C00u, 0x0001u, 0x0002u,
                          0x0004u, 0x0008u, 0x0010u, 0x0020u}) {
    const uint16_t cw = static_cast<uint16_t>(saved ^ change);
    // No pending flag may meet an unmasked exception (that would trap).
    __asm__ volatile("fnclex\n\tfldcw %0" : : "m"(cw));
    const bool isDefault = x87EnvironmentIsDefault();
    const KernelPath q = chooseQuantizePath(f80, Semantics{}, 1 << 24);
    const uint16_t restore = static_cast<uint16_t>(saved);
    __asm__ volatile("fldcw %0" : : "m"(restore));
    EXPECT_FALSE(isDefault) << std::hex << cw;
    EXPECT_EQ(q, KernelPath::Reference) << std::hex << cw;
  }
  EXPECT_EQ(x87ControlWord(), saved);
#if defined(__SSE2__)
  // Its f32 / f64 steps are SSE operations: a non-default MXCSR also falls back.
  const unsigned csr = _mm_getcsr();
  _mm_setcsr(csr | 0x8000u);
  const KernelPath q = chooseQuantizePath(f80, *findProfile("tflite-reference"), 1 << 24);
  _mm_setcsr(csr);
  EXPECT_EQ(q, KernelPath::Reference);
#endif
#endif
}

// [fast.x87-directed] f80 qcast under a directed arithmetic mode sets the
// host rounding direction only for its own loops: the result equals the
// reference kernel's and the x87 control word and MXCSR are back at their
// defaults afterwards (the next dispatch may take a host path again).
TEST(Dispatch, DirectedX87RunRestoresTheEnvironment) {
  if (!kHostHasX87)
    GTEST_SKIP() << "no x87 long double on this host";
  Rng rng(80);
  for (const char *profile : {"reference", "tflite-reference"})
    for (RoundingMode m :
         {RoundingMode::TowardZero, RoundingMode::TowardPositive, RoundingMode::TowardNegative}) {
      Semantics s = *findProfile(profile);
      s.arithRounding = m;
      const QuantType t = perLayer(sInt(8), fmt("f80"), 0.037);
      expectSameQuantize(t, s, randomExpressed(rng, t, {2000}), KernelPath::X87);
      EXPECT_TRUE(x87EnvironmentIsDefault()) << std::hex << x87ControlWord();
      EXPECT_TRUE(hostFloatEnvironmentIsDefault());
    }
}

} // namespace
} // namespace qi::fast::test
