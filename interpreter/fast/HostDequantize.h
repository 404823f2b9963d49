//===- HostDequantize.h - dcast with host IEEE arithmetic ------ -*- C++ -*-===//
//
// Spec: [fast.host-dcast], [fast.environment] in spec/performance.md. For
// f32 / f64 expressed types under nearest-even arithmetic, each float step of
// a dequantize recipe is one correctly rounded host operation (int64 -> float
// conversion, subtraction, multiplication, narrowing conversion), so the host
// computes the same bits as DequantizeKernel. A NaN result is handed to the
// reference kernel (the host's default NaN differs from [format.nan]). Proven
// identical by FastDequantizeDiffTest.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_HOSTDEQUANTIZE_H
#define QI_FAST_HOSTDEQUANTIZE_H

#include "interpreter/quant/ReferenceKernels.h"

#include <cstdint>
#include <vector>

namespace qi::fast {

/// dcast on raw element storage with host floats. [fast.host-dcast]
class HostDequantizer {
public:
  /// Whether (type, semantics) is a combination this path is proven for.
  static bool supports(const quant::QuantType &type, const quant::Semantics &semantics);
  /// `reference` (the reference kernel) decides NaN results; it must outlive this object.
  HostDequantizer(const quant::QuantType &type, const quant::Semantics &semantics,
                  const quant::DequantizeKernel &reference);

  /// Dequantizes elements [start, start + length) of `in` (storage patterns
  /// of `inBytes` bytes) into `out` (the expressed type's host layout).
  void run(const uint8_t *in, unsigned inBytes, uint8_t *out, int64_t start,
           int64_t length, int64_t parameter) const;
  /// The same with element start + j using parameters[j].
  void run(const uint8_t *in, unsigned inBytes, uint8_t *out, int64_t start,
           int64_t length, const int64_t *parameters) const;
  /// One element, for tests: the expressed bit pattern.
  numeric::Bits dequantizeOne(int64_t stored, int64_t parameter) const;

private:
  struct Parameter {
    double scale = 0, zeroPointFloat = 0;
    int64_t zeroPoint = 0;
  };
  template <typename D, typename P, typename E>
  numeric::Bits element(int64_t q, int64_t parameter) const;
  void dispatch(const uint8_t *in, unsigned inBytes, uint8_t *out, int64_t start,
                int64_t length, const int64_t *parameters, int64_t parameter) const;
  template <typename D, typename P, typename E>
  void runTyped(const uint8_t *in, unsigned inBytes, uint8_t *out, int64_t start,
                int64_t length, const int64_t *parameters, int64_t parameter) const;
  template <typename D, typename P, typename E, typename In>
  void runLoop(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
               const int64_t *parameters, int64_t parameter) const;
  template <typename D, typename P>
  void runWithExpressed(const uint8_t *in, unsigned inBytes, uint8_t *out, int64_t start,
                        int64_t length, const int64_t *parameters, int64_t parameter) const;

  const quant::QuantType &type_;
  const quant::DequantizeKernel &reference_;
  quant::DequantizeRecipe recipe_;
  bool expressedIsF64_ = false, differenceIsF64_ = false, productIsF64_ = false;
  std::vector<Parameter> parameters_;
};

} // namespace qi::fast

#endif
