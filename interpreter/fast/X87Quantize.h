//===- X87Quantize.h - qcast from f80 with x87 arithmetic -------*- C++ -*-===//
//
// Spec: [fast.x87-host], [fast.x87-directed], [fast.host-qcast],
// [fast.environment] in spec/performance.md. For expressed f80 under the
// arithmetic modes IEEE hardware has (nearest-even, toward zero, toward
// +infinity, toward -infinity), the steps of QuantizeKernel (ReferenceKernels.cpp) in the same
// order: the input is read as an x87 long double (X87Float.h), converted
// into the format of t (f80: none; f32 / f64: one x87 store rounding), each
// float step is one host operation in that format (x87 for f80, SSE for
// f32 / f64) rounded in the arithmetic mode (set on both units for the
// span of one run, then restored), and the integer steps, NaN and overflow policies are those of
// HostQuantizer. The per-parameter constants come from the exact
// StepArithmetic. Wrapping a finite |t| >= 2^62 is handed to the exact
// kernel. Proven identical by X87QuantizeDiffTest.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_X87QUANTIZE_H
#define QI_FAST_X87QUANTIZE_H

#include "interpreter/fast/HostQcastTail.h"
#include "interpreter/fast/QcastAccelerator.h"
#include "interpreter/quant/ReferenceKernels.h"

#include <cstdint>
#include <vector>

namespace qi::fast {

/// qcast of f80 elements (16 bytes each) on the host. [fast.x87-host]
class X87Quantizer final : public QcastAccelerator {
public:
  static bool supports(const quant::QuantType &type, const quant::Semantics &semantics);
  X87Quantizer(const quant::QuantType &type, const quant::Semantics &semantics,
               const quant::QuantizeKernel &reference);

  // QcastAccelerator
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start, int64_t length,
           int64_t parameter, std::vector<int64_t> &poison) const override;
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start, int64_t length,
           const int64_t *parameters, std::vector<int64_t> &poison) const override;
  int64_t quantizeOne(numeric::Bits x, int64_t parameter) const override;

private:
  /// The constants of one parameter in the format T of t.
  template <typename T> struct Constants {
    T factor = 0, zeroPointFloat = 0, clampLow = 0, clampHigh = 0;
    int64_t zeroPoint = 0;
  };
  enum class Scaled { F32, F64, F80 };

  template <typename T> const std::vector<Constants<T>> &constants() const;
  template <typename T> T upperBound() const;
  template <typename T> int64_t element(const uint8_t *x, int64_t parameter) const;
  template <typename T, typename S>
  void runTyped(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                const int64_t *parameters, int64_t parameter,
                std::vector<int64_t> &poison) const;
  template <typename T>
  void runStored(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                 int64_t length, const int64_t *parameters, int64_t parameter,
                 std::vector<int64_t> &poison) const;
  void dispatch(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                int64_t length, const int64_t *parameters, int64_t parameter,
                std::vector<int64_t> &poison) const;

  const quant::QuantType &type_;
  const quant::QuantizeKernel &reference_;
  HostQcastTail tail_;
  quant::QuantizeRecipe recipe_;
  Scaled scaled_ = Scaled::F80;
  int direction_; // <cfenv> rounding direction of the arithmetic mode
  bool hasUpperBound_ = false;
  float upperBoundF32_ = 0;
  double upperBoundF64_ = 0;
  long double upperBoundF80_ = 0;
  /// Only the vector of the format of t is filled.
  std::vector<Constants<float>> f32_;
  std::vector<Constants<double>> f64_;
  std::vector<Constants<long double>> f80_;
};

} // namespace qi::fast

#endif
