//===- Status.h - Exception flags returned by value -------------*- C++ -*-===//
//
// Spec: [status.flags]. Flags are returned with each result, never global.
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_STATUS_H
#define QI_NUMERIC_STATUS_H

#include <cstdint>

namespace qi::numeric {

/// IEEE 754 exception flags raised by one operation.
struct Status {
  enum : uint8_t {
    Ok = 0,
    Invalid = 1,
    DivideByZero = 2,
    Overflow = 4,
    Underflow = 8,
    Inexact = 16,
  };
  uint8_t flags = Ok;

  bool invalid() const { return flags & Invalid; }
  bool divideByZero() const { return flags & DivideByZero; }
  bool overflow() const { return flags & Overflow; }
  bool underflow() const { return flags & Underflow; }
  bool inexact() const { return flags & Inexact; }
  Status &operator|=(Status other) {
    flags |= other.flags;
    return *this;
  }
  friend Status operator|(Status a, Status b) { return a |= b; }
  friend bool operator==(Status a, Status b) { return a.flags == b.flags; }
};

inline Status makeStatus(uint8_t flags) { return Status{flags}; }

} // namespace qi::numeric

#endif
