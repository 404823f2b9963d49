//===- HostDequantize.cpp - dcast with host IEEE arithmetic ---------------===//
//
// Spec: [fast.host-dcast], [fast.environment] (spec/performance.md). The
// steps of DequantizeKernel::operator() (ReferenceKernels.cpp), one host operation
// each; the scale and zero-point constants come from the exact
// StepArithmetic.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/HostDequantize.h"

#include "interpreter/fast/ElementBytes.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/fast/HostStepValue.h"

#include <cfloat>
#include <cstring>

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "host fast paths need FLT_EVAL_METHOD == 0 (SSE arithmetic)"
#endif

namespace qi::fast {

using namespace quant;
using namespace host;

using namespace numeric;

bool HostDequantizer::supports(const QuantType &type, const Semantics &semantics) {
  const FloatFormat &e = *type.expressed;
  const DequantizeRecipe &r = type.granularity == QuantType::Granularity::PerLayer
                                  ? semantics.dequantizePerLayer
                                  : semantics.dequantizePerChannel;
  if (&e != &f32Format() && &e != &f64Format())
    return false;
  // Fused multiply-add and flushed subnormals are not host operations here;
  // of integer differences only exact ones and int32 wraps.
  if (semantics.arithRounding != RoundingMode::NearestEven || r.fusedMultiplyAdd ||
      r.flushSubnormals || (r.differenceBits != 0 && r.differenceBits != 32))
    return false;
  if (!isHostFormat(r.difference, e) || !isHostFormat(r.scale, e) ||
      !isHostFormat(r.product, e))
    return false;
  // q and zp fit int64 exactly, and so does q - zp: storage of at most 32
  // bits, zero points within +-2^32 (MLIR accepts any int64 zero point).
  return type.storage.width <= 32 && zeroPointsWithin(type, semantics, int64_t(1) << 32);
}

HostDequantizer::HostDequantizer(const QuantType &type, const Semantics &semantics,
                                 const DequantizeKernel &reference)
    : type_(type), reference_(reference),
      recipe_(type.granularity == QuantType::Granularity::PerLayer
                  ? semantics.dequantizePerLayer
                  : semantics.dequantizePerChannel) {
  StepArithmetic arith(semantics.arithRounding, *type.expressed);
  expressedIsF64_ = type.expressed == &f64Format();
  differenceIsF64_ = arith.format(recipe_.difference) == &f64Format();
  productIsF64_ = arith.format(recipe_.product) == &f64Format();
  for (size_t i = 0; i < type.scales.size(); ++i) {
    Parameter p;
    p.zeroPoint = zeroPointFor(type, semantics, i);
    StepValue scale = arith.convert(
        arith.fromBits(*type.scales[i].format, type.scales[i].bits), recipe_.scale);
    // StepArithmetic::mul converts both operands into the product's format.
    p.scale = hostValue(arith.convert(scale, recipe_.product));
    p.zeroPointFloat =
        hostValue(arith.fromExact(Exact::fromInteger(p.zeroPoint), recipe_.difference));
    parameters_.push_back(p);
  }
}

template <typename D, typename P, typename E>
Bits HostDequantizer::element(int64_t q, int64_t parameter) const {
  const Parameter &p = parameters_[size_t(parameter)];
  // int64 -> float conversions are correctly rounded (cvtsi2ss / cvtsi2sd).
  // [recipe.dequantize] q - zp exactly in int64, or wrapped into int32.
  const int64_t integerDifference =
      recipe_.differenceBits == 32
          ? static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(q - p.zeroPoint)))
          : q - p.zeroPoint;
  const D difference = recipe_.integerDifference
                           ? static_cast<D>(integerDifference)
                           : static_cast<D>(static_cast<D>(q) -
                                            static_cast<D>(p.zeroPointFloat));
  const P product = static_cast<P>(difference) * static_cast<P>(p.scale);
  const E y = static_cast<E>(product);
  if (y != y) // the NaN's bits are [format.nan]'s, not the host's
    return reference_(q, parameter).bits;
  return bitsOf(y);
}

Bits HostDequantizer::dequantizeOne(int64_t stored, int64_t parameter) const {
  if (differenceIsF64_)
    return productIsF64_ ? (expressedIsF64_ ? element<double, double, double>(stored, parameter)
                                            : element<double, double, float>(stored, parameter))
                         : (expressedIsF64_ ? element<double, float, double>(stored, parameter)
                                            : element<double, float, float>(stored, parameter));
  return productIsF64_ ? (expressedIsF64_ ? element<float, double, double>(stored, parameter)
                                          : element<float, double, float>(stored, parameter))
                       : (expressedIsF64_ ? element<float, float, double>(stored, parameter)
                                          : element<float, float, float>(stored, parameter));
}

template <typename D, typename P, typename E>
void HostDequantizer::runTyped(const uint8_t *in, unsigned inBytes, uint8_t *out,
                               int64_t start, int64_t length, const int64_t *parameters,
                               int64_t parameter) const {
  switch (inBytes) {
  case 1:
    return runLoop<D, P, E, uint8_t>(in, out, start, length, parameters, parameter);
  case 2:
    return runLoop<D, P, E, uint16_t>(in, out, start, length, parameters, parameter);
  default:
    return runLoop<D, P, E, uint32_t>(in, out, start, length, parameters, parameter);
  }
}

template <typename D, typename P, typename E, typename In>
void HostDequantizer::runLoop(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                              const int64_t *parameters, int64_t parameter) const {
  const unsigned width = type_.storage.width;
  const uint64_t mask = (uint64_t(1) << width) - 1;
  const int64_t signBit = type_.storage.isSigned ? int64_t(1) << (width - 1) : 0;
  for (int64_t i = start; i < start + length; ++i) {
    // The storage's signedness (IntFormat::fromBitsSmall), width <= 32.
    int64_t q = static_cast<int64_t>(loadElement<In>(in, i) & mask);
    if (q & signBit)
      q -= int64_t(2) * signBit;
    const Bits y = element<D, P, E>(q, parameters ? parameters[i - start] : parameter);
    const E value = [&] {
      E v;
      std::memcpy(&v, &y, sizeof(E));
      return v;
    }();
    std::memcpy(out + i * int64_t(sizeof(E)), &value, sizeof(E));
  }
}

template <typename D, typename P>
void HostDequantizer::runWithExpressed(const uint8_t *in, unsigned inBytes, uint8_t *out,
                                       int64_t start, int64_t length,
                                       const int64_t *parameters, int64_t parameter) const {
  if (expressedIsF64_)
    runTyped<D, P, double>(in, inBytes, out, start, length, parameters, parameter);
  else
    runTyped<D, P, float>(in, inBytes, out, start, length, parameters, parameter);
}

void HostDequantizer::run(const uint8_t *in, unsigned inBytes, uint8_t *out, int64_t start,
                          int64_t length, int64_t parameter) const {
  dispatch(in, inBytes, out, start, length, nullptr, parameter);
}

void HostDequantizer::run(const uint8_t *in, unsigned inBytes, uint8_t *out, int64_t start,
                          int64_t length, const int64_t *parameters) const {
  dispatch(in, inBytes, out, start, length, parameters, 0);
}

void HostDequantizer::dispatch(const uint8_t *in, unsigned inBytes, uint8_t *out,
                               int64_t start, int64_t length, const int64_t *parameters,
                               int64_t parameter) const {
  if (differenceIsF64_) {
    if (productIsF64_)
      runWithExpressed<double, double>(in, inBytes, out, start, length, parameters,
                                       parameter);
    else
      runWithExpressed<double, float>(in, inBytes, out, start, length, parameters,
                                      parameter);
  } else if (productIsF64_) {
    runWithExpressed<float, double>(in, inBytes, out, start, length, parameters, parameter);
  } else {
    runWithExpressed<float, float>(in, inBytes, out, start, length, parameters, parameter);
  }
}

} // namespace qi::fast
