//===- LargeAllocations.h - Reuse of freed tensor storage --------*- C++ -*-===//
//
// Spec: [fast.allocation] in spec/performance.md. Every op of an interpreted
// program allocates its result tensors and frees dead ones; with the C
// library's defaults each block above 32 MiB is a fresh mmap, whose pages the
// kernel faults in and zeroes again on every op. The tools keep freed
// storage in the process instead, for the next op to reuse.
//
//===----------------------------------------------------------------------===//
#ifndef QI_VALUE_LARGEALLOCATIONS_H
#define QI_VALUE_LARGEALLOCATIONS_H

namespace qi {

/// Lets the allocator serve tensors of up to 1 GiB from its heap and keep up
/// to 1 GiB of freed memory for reuse. Call once at the start of a tool.
/// Results are unchanged; only where the bytes live changes.
void keepLargeAllocations();

} // namespace qi

#endif
