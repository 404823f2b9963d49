//===- RationalQuantize.h - qcast under exact arithmetic, in integers -*- C++ -*-===//
//
// Spec: [fast.exact-rational], [fast.dispatch] in spec/performance.md. Under
// `--arith-rounding=exact` (Semantics::arithRounding == nullopt) no step of
// a recipe rounds: t = x / s + zp (or x * (1/s) + zp, the same value) is a
// rational number. With x = X * 2^a (|X| < 2^64) and the stored scale
// s = S * 2^b (S odd, S < 2^64), the integer part of 2t and whether 2t is an
// integer are found with one 128-by-64-bit integer division; round_R, the
// overflow and NaN policies and the integer steps are HostQcastTail's,
// shared with the host float paths. Wrapping a |t| > 2^39 is handed to the
// reference kernel. Proven identical to QuantizeKernel by RationalQuantizeDiffTest.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_RATIONALQUANTIZE_H
#define QI_FAST_RATIONALQUANTIZE_H

#include "interpreter/fast/HostQcastTail.h"
#include "interpreter/fast/QcastAccelerator.h"
#include "interpreter/quant/ReferenceKernels.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace qi::fast {

/// A float value read from its bit pattern: NaN, +-infinity, or the finite
/// (-1)^negative * significand * 2^exponent -- what numeric::decode gives.
struct RationalInput {
  enum class Kind : uint8_t { Finite, Infinity, NaN };
  Kind kind = Kind::Finite;
  bool negative = false;
  uint64_t significand = 0; ///< < 2^precision; 0 for a zero
  int32_t exponent = 0;
};

/// Decodes the patterns of one float format of at most 64 bits without an
/// explicit integer bit (f64, f32, tf32, f16, bf16, every f8, f6 and f4
/// format) or of x87's f80 from the layout FloatFormat describes, as
/// numeric::decode (FloatCodec.cpp) does: RationalQuantizeDiffTest checks every
/// pattern of each such format of at most 19 bits, every f80 encoding class
/// and 10^6 random f32, f64 and f80 patterns.
class RationalDecoder {
public:
  static bool supports(const numeric::FloatFormat &format);
  explicit RationalDecoder(const numeric::FloatFormat &format);
  /// Whether the format is f80 (decode with x87()).
  bool isX87() const { return x87_; }

  /// A pattern of a format without explicit integer bit.
  RationalInput operator()(uint64_t bits) const {
    bits &= mask_;
    RationalInput x;
    x.negative = hasSign_ && ((bits >> signShift_) & 1u);
    const uint32_t exponent = static_cast<uint32_t>(bits >> fractionBits_) & exponentMax_;
    const uint64_t fraction = bits & fractionMask_;
    switch (nonFinite_) {
    case numeric::NonFinite::IEEE:
      if (exponent == exponentMax_) {
        x.kind = fraction ? RationalInput::Kind::NaN : RationalInput::Kind::Infinity;
        return x;
      }
      break;
    case numeric::NonFinite::NanOnly:
      if (negativeZeroIsNaN_ ? bits == signMask_
                             : (exponent == exponentMax_ && fraction == fractionMask_)) {
        x.kind = RationalInput::Kind::NaN;
        return x;
      }
      break;
    case numeric::NonFinite::FiniteOnly:
      break;
    }
    if (!hasSubnormals_) { // f8E8M0FNU: a bare power of two
      x.significand = 1;
      x.exponent = static_cast<int32_t>(exponent) + normalShift_;
    } else if (exponent == 0) { // zero or subnormal
      x.significand = fraction;
      x.exponent = subnormalExponent_;
    } else {
      x.significand = fraction | implicitBit_;
      x.exponent = static_cast<int32_t>(exponent) + normalShift_;
    }
    return x;
  }

  /// An f80 pattern: the 64-bit significand with its explicit integer bit
  /// and the 16 bits of sign and exponent field above it. Pseudo-infinities,
  /// pseudo-NaNs and unnormals (integer bit clear, exponent field neither 0
  /// nor all ones) are NaN; pseudo-denormals (exponent field 0, integer bit
  /// set) are read like denormals, as the numeric core reads them.
  RationalInput x87(uint64_t significand, uint32_t signExponent) const {
    constexpr uint64_t integerBit = uint64_t(1) << 63;
    RationalInput x;
    x.negative = (signExponent >> 15) & 1u;
    const uint32_t exponent = signExponent & 0x7FFFu;
    if (exponent == 0x7FFFu) {
      x.kind = significand == integerBit ? RationalInput::Kind::Infinity
                                         : RationalInput::Kind::NaN;
      return x;
    }
    if (exponent != 0 && !(significand & integerBit)) {
      x.kind = RationalInput::Kind::NaN;
      return x;
    }
    x.significand = significand;
    x.exponent = exponent == 0 ? subnormalExponent_
                               : static_cast<int32_t>(exponent) + normalShift_;
    return x;
  }

  /// Any pattern of the format.
  RationalInput decode(numeric::Bits bits) const {
    return x87_ ? x87(static_cast<uint64_t>(bits), static_cast<uint32_t>(bits >> 64))
                : (*this)(static_cast<uint64_t>(bits));
  }

private:
  uint64_t mask_ = 0, signMask_ = 0, fractionMask_ = 0, implicitBit_ = 0;
  uint32_t exponentMax_ = 0;
  unsigned signShift_ = 0, fractionBits_ = 0;
  bool hasSign_ = true, hasSubnormals_ = true, negativeZeroIsNaN_ = false, x87_ = false;
  numeric::NonFinite nonFinite_ = numeric::NonFinite::IEEE;
  int32_t normalShift_ = 0, subnormalExponent_ = 0;
};

/// A stored scale as (-1)^negative * S * 2^exponent with S odd and
/// S < 2^64; nullopt for zero, infinite or NaN scales and wider
/// significands. [fast.exact-rational]
struct RationalScale {
  bool negative = false;
  uint64_t significand = 1; ///< odd
  int32_t exponent = 0;
  int32_t bits = 1; ///< bit length of the significand
};
std::optional<RationalScale> rationalScale(const quant::ScaleValue &scale);

/// qcast under exact arithmetic with integer arithmetic. [fast.exact-rational]
class RationalQuantizer final : public QcastAccelerator {
public:
  static bool supports(const quant::QuantType &type, const quant::Semantics &semantics);
  RationalQuantizer(const quant::QuantType &type, const quant::Semantics &semantics,
                         const quant::QuantizeKernel &reference);

  // QcastAccelerator
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start, int64_t length,
           int64_t parameter, std::vector<int64_t> &poison) const override;
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start, int64_t length,
           const int64_t *parameters, std::vector<int64_t> &poison) const override;
  int64_t quantizeOne(numeric::Bits x, int64_t parameter) const override;

private:
  struct Parameter {
    uint64_t scale = 1;       ///< S, odd
    int32_t scaleExponent = 0; ///< b
    int32_t scaleBits = 1;    ///< bit length of S
    bool negativeScale = false;
    int64_t zeroPointFloat = 0; ///< the zero point added before rounding (or 0)
    int64_t zeroPoint = 0;      ///< as HostQcastTail's finish takes it
  };
  /// `x` decoded from `bits` (which only a wrap handed to the reference kernel
  /// reads).
  int64_t element(const RationalInput &x, numeric::Bits bits, int64_t parameter) const;
  template <typename In, typename Out>
  void runTyped(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                const int64_t *parameters, int64_t parameter,
                std::vector<int64_t> &poison) const;
  void dispatch(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                int64_t length, const int64_t *parameters, int64_t parameter,
                std::vector<int64_t> &poison) const;

  const quant::QuantType &type_;
  const quant::QuantizeKernel &reference_;
  HostQcastTail tail_;
  RationalDecoder decoder_;
  unsigned inBytes_ = 4;
  std::vector<Parameter> parameters_;
};

} // namespace qi::fast

#endif
