//===- RescaleVector.h - tosa.rescale i32 -> bytes, four lanes at a time -*- C++ -*-===//
//
// Spec: [fast.rescale] (the vector form) in spec/performance.md. For a
// RescalePlan whose in_t is i32 read signed (input_zp is then 0) and whose
// out_t fits a byte, SSE2 computes RESCALE's formula on four int32 lanes
// without 64-bit signed multiplies or arithmetic shifts, which SSE2 lacks:
//   u = value + 2^31 (unsigned), t = u * multiplier + C + (bit 31 of u) * d
//   with C = round_negative + 2^62 - multiplier * 2^31 and d = round_non-
//   negative - round_negative (0 or 2^31), i.e. t = value * multiplier +
//   round + 2^62, a number in [0, 2^64); then (t >> shift) - 2^(62 - shift)
//   + output_zp in int32 lanes, the clip in int16 lanes and the low out_t
//   bits by an unsigned pack.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_RESCALEVECTOR_H
#define QI_FAST_RESCALEVECTOR_H

#include "interpreter/fast/RescalePlan.h"

#include <cstdint>

namespace qi::fast {

/// Whether the vector form computes `plan` into `outBytes`-byte elements:
/// an SSE2 host, in_t i32 read signed with input_zp 0, out_t of at most 8
/// bits (one byte), and per-channel a channel count that is a multiple of 4.
bool rescaleVectorApplies(const RescalePlan &plan, unsigned outBytes);

/// Elements [0, n) of `in` (int32) into `out` (bytes) by the vector form,
/// for a plan where rescaleVectorApplies; returns how many it computed from
/// the start (a multiple of the lane count, whole rows per-channel); the
/// caller computes the rest.
int64_t rescaleVectorInt32ToBytes(const RescalePlan &plan, const uint8_t *in, uint8_t *out,
                                  int64_t n);

} // namespace qi::fast

#endif
