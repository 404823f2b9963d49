//===- X87Float.cpp - The x87 environment check ---------------------------===//
//
// Spec: [fast.x87-host], [fast.environment] (spec/performance.md).
//
//===----------------------------------------------------------------------===//
#include "interpreter/host/X87Float.h"

namespace qi::host {

namespace {

/// Control word fields: exception masks (bits 0-5), precision control
/// (bits 8-9, 11 = 64-bit significand), rounding control (bits 10-11, 00 =
/// nearest-even). Bit 12 (infinity control) has no effect since the 80387.
constexpr unsigned kCheckedBits = 0x0F3F, kDefaultBits = 0x033F;

} // namespace

unsigned x87ControlWord() {
#if defined(__x86_64__)
  uint16_t cw = 0;
  __asm__ volatile("fnstcw %0" : "=m"(cw));
  return cw;
#else
  return 0;
#endif
}

bool x87EnvironmentIsDefault() {
  if constexpr (!kHostHasX87) {
    return false; // not proven on other hosts: always the reference kernels
  } else {
#if defined(__x86_64__)
    // fnstenv also masks every exception; fldenv puts the saved state back.
    struct {
      uint32_t control, status, tags, rest[4];
    } env;
    __asm__ volatile("fnstenv %0\n\tfldenv %0" : "=m"(env) : : "memory");
    const bool stackEmpty = (env.tags & 0xFFFF) == 0xFFFF;
    return (env.control & kCheckedBits) == kDefaultBits && stackEmpty;
#else
    return false;
#endif
  }
}

} // namespace qi::host
