//===- X87Quantize.h - qcast from f80 with x87 arithmetic -------*- C++ -*-===//
//
// Spec: [fast.x87-host], [fast.x87-directed], [fast.host-qcast],
// [fast.environment] in spec/performance.md. For expressed f80 under the
// arithmetic modes IEEE hardware has (nearest-even, toward zero, toward
// +infinity, toward -infinity), the steps of QuantizeKernel (Kernels.cpp) in the same
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
#ifndef QI_QUANT_X87QUANTIZE_H
#define QI_QUANT_X87QUANTIZE_H

#include "quant/HostQcastTail.h"
#include "quant/Kernels.h"

#include <cstdint>
#include <vector>

namespace qi::quant {

/// qcast of f80 elements (16 bytes each) on the host. [fast.x87-host]
class X87Quantizer {
public:
  /// Whether (type, semantics) is a combination this path is proven for
  /// (the dispatcher also checks x87EnvironmentIsDefault and
  /// hostFloatEnvironmentIsDefault).
  static bool supports(const QuantType &type, const Semantics &semantics);
  /// `exact` decides the elements the host path hands back; it must outlive
  /// this object.
  X87Quantizer(const QuantType &type, const Semantics &semantics,
               const QuantizeKernel &exact);

  /// Quantizes elements [start, start + length) of `in` (f80 in 16-byte
  /// elements) into `out` (storage bit patterns of `outBytes` = 1, 2 or 4
  /// bytes each) with parameter `parameter`; indices of poison results are
  /// appended to `poison`.
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
           int64_t length, int64_t parameter, std::vector<int64_t> &poison) const;
  /// The same with element start + j using parameters[j].
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
           int64_t length, const int64_t *parameters, std::vector<int64_t> &poison) const;

  /// One element: the stored bit pattern, or -1 for poison.
  int64_t quantizeOne(numeric::Bits x, int64_t parameter) const;

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

  const QuantType &type_;
  const QuantizeKernel &exact_;
  HostQcastTail tail_;
  QuantizeRecipe recipe_;
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

} // namespace qi::quant

#endif
