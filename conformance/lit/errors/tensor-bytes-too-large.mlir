// The per-tensor memory budget (docs/errors.md "tensor too large"): besides
// the 2^30-element limit, a tensor's element storage may not exceed 4 GiB
// (2^32 bytes, what 2^30 f32 elements take). Wider element types therefore get
// fewer elements: f64 2^29, f128 2^28. Refused before anything is allocated,
// for an --arg literal (reported for the argument) and for an op result
// (reported at the op); nothing on stdout, exit status 1.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=arg64 --arg='dense<1.0> : tensor<536870913xf64>' | FileCheck %s -DFILE=%s --check-prefix=ARG64 --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=arg128 --arg='dense<1.0> : tensor<16384x16385xf128>' | FileCheck %s -DFILE=%s --check-prefix=ARG128 --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=empty | FileCheck %s -DFILE=%s --check-prefix=EMPTY --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=splat --arg='536870913 : index' | FileCheck %s -DFILE=%s --check-prefix=SPLAT --match-full-lines
// Under the budget (and for narrow types, the element limit alone) nothing changes.
// RUN: quant-interp %s --entry=arg64 --arg='dense<1.0> : tensor<2xf64>' | FileCheck %s --check-prefix=SMALL --match-full-lines

// ARG64: [[FILE]]:25:1: error: @arg64 argument #1 (parameter type tensor<?xf64>): tensor<536870913xf64> needs 4294967304 bytes, more than the 4 GiB limit per tensor
// ARG64-NEXT: exit status: 1
// ARG128: [[FILE]]:29:1: error: @arg128 argument #1 (parameter type tensor<?x?xf128>): tensor<16384x16385xf128> needs 4295229440 bytes, more than the 4 GiB limit per tensor
// ARG128-NEXT: exit status: 1
// EMPTY: [[FILE]]:34:8: error: tensor<268435457xf128> needs 4294967312 bytes, more than the 4 GiB limit per tensor
// EMPTY-NEXT: exit status: 1
// SPLAT: [[FILE]]:40:8: error: tensor<536870913xf64> needs 4294967304 bytes, more than the 4 GiB limit per tensor
// SPLAT-NEXT: exit status: 1
// SMALL: dense<[1.0, 1.0]> : tensor<2xf64>

func.func @arg64(%x: tensor<?xf64>) -> tensor<?xf64> {
  return %x : tensor<?xf64>
}

func.func @arg128(%x: tensor<?x?xf128>) -> tensor<?x?xf128> {
  return %x : tensor<?x?xf128>
}

func.func @empty() -> tensor<268435457xf128> {
  %e = tensor.empty() : tensor<268435457xf128>
  return %e : tensor<268435457xf128>
}

func.func @splat(%n: index) -> tensor<?xf64> {
  %one = arith.constant 1.0 : f64
  %s = tensor.splat %one[%n] : tensor<?xf64>
  return %s : tensor<?xf64>
}
