//===- FloatEnvironment.h - The host float environment the fast paths need -*- C++ -*-===//
//
// Spec: [fast.environment] (spec/performance.md). Every host float fast path
// (the qcast / dcast accelerators, the lowered-IR host arithmetic) assumes
// the IEEE default environment; the dispatchers check it at every op.
//
//===----------------------------------------------------------------------===//
#ifndef QI_HOST_FLOATENVIRONMENT_H
#define QI_HOST_FLOATENVIRONMENT_H

namespace qi::host {

/// Whether the host's floating-point environment is the IEEE default every
/// host fast path assumes: round to nearest-even, no flush-to-zero, no
/// denormals-are-zero (SSE's MXCSR). False on hosts without SSE2, where no
/// host path is proven.
bool hostFloatEnvironmentIsDefault();

} // namespace qi::host

#endif
