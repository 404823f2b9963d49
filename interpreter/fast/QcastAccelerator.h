//===- QcastAccelerator.h - What a proven qcast accelerator offers -*- C++ -*-===//
//
// Spec: [fast.proof], [fast.dispatch] (spec/performance.md). An accelerator
// computes, for the (type, semantics) it was made for, exactly the bits of
// the reference kernel (quant::QuantizeKernel). Each implementation has a
// static `supports(type, semantics)` naming the combinations it is proven
// for; a constructor (type, semantics, reference) whose reference kernel
// decides the few elements the accelerator hands back (e.g. the wrap of a
// huge t) and must outlive it; and a differential test against the
// reference kernel. The dispatcher (Dispatch.h) picks at most one per op.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_QCASTACCELERATOR_H
#define QI_FAST_QCASTACCELERATOR_H

#include "interpreter/numeric/FloatFormat.h"

#include <cstdint>
#include <vector>

namespace qi::fast {

class QcastAccelerator {
public:
  virtual ~QcastAccelerator() = default;

  /// Quantizes elements [start, start + length) of `in` (expressed values in
  /// the expressed type's host layout: 1, 2, 4, 8 or 16 bytes each) into
  /// `out` (storage bit patterns of `outBytes` = 1, 2 or 4 bytes each), all
  /// with parameter `parameter`. Indices of poison results are appended to
  /// `poison`.
  virtual void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                   int64_t length, int64_t parameter, std::vector<int64_t> &poison) const = 0;
  /// The same with element start + j using parameters[j] (per-channel types
  /// whose parameter changes every few elements).
  virtual void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                   int64_t length, const int64_t *parameters,
                   std::vector<int64_t> &poison) const = 0;
  /// One element: the stored bit pattern, or -1 for poison (tests, and the
  /// entries of a table, [fast.table]).
  virtual int64_t quantizeOne(numeric::Bits x, int64_t parameter) const = 0;
};

} // namespace qi::fast

#endif
