//===- Sweep.h - qcast of every f32 pattern ---------------------*- C++ -*-===//
//
// docs/performance.md "sweep". All 2^32 f32 bit patterns through the qcast
// dispatcher (fast/Dispatch.h) for one per-layer type and profile, in
// 2^24-element chunks shared by `threads` workers; prints the time, the
// path taken, the poison count, a histogram summary and an order-independent
// digest of every (input, output) pair.
//
//===----------------------------------------------------------------------===//
#ifndef QI_TOOLS_QUANTBENCH_SWEEP_H
#define QI_TOOLS_QUANTBENCH_SWEEP_H

#include <string>

namespace qi::bench {

/// Returns the process exit status.
int sweep(const std::string &typeText, const std::string &profile, unsigned threads);

} // namespace qi::bench

#endif
