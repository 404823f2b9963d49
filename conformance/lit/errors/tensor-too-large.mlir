// A tensor of more than 2^30 elements is an error ([tensor.common],
// docs/errors.md "tensor too large"), not an allocation that fails:
// regressions of the fuzzer finding of docs/reliability.md (a huge --arg
// splat aborted with std::bad_alloc; an element count overflowing int64_t
// was undefined behaviour), plus the per-op limit of tensor ops.
//
// RUN: not quant-interp %s --entry=arg --arg='dense<1> : tensor<7777777777777777773xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=ARG --match-full-lines
// RUN: not quant-interp %s --entry=arg --arg='dense<1> : tensor<4294967296x4294967296xi8>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=ARG-OVERFLOW --match-full-lines
// RUN: not quant-interp %s --entry=arg --arg='dense<1> : tensor<7777777777777777773xi8>' 2>/dev/null | count 0
// RUN: quant-interp %s --entry=arg --arg='dense<1> : tensor<2xi8>' | FileCheck %s --check-prefix=ARG-SMALL --match-full-lines
// RUN: not quant-interp %s --entry=empty 2>&1 | FileCheck %s -DFILE=%s --check-prefix=EMPTY --match-full-lines
// RUN: not quant-interp %s --entry=overflow 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OVERFLOW --match-full-lines
// RUN: not quant-interp %s --entry=dynamic --arg='1073741825 : index' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DYNAMIC --match-full-lines

// ARG: [[FILE]]:24:1: error: @arg argument #1 (parameter type tensor<?xi8>): tensor<7777777777777777773xi8> has more than 2^30 elements
// ARG-NOT: {{.+}}
// ARG-OVERFLOW: [[FILE]]:24:1: error: @arg argument #1 (parameter type tensor<?xi8>): tensor<4294967296x4294967296xi8> has more than 2^30 elements
// ARG-SMALL: dense<[1, 1]> : tensor<2xi8>
// EMPTY: [[FILE]]:29:8: error: tensor.empty: result shape 1073741825 has more than 2^30 elements
// EMPTY-NOT: {{.+}}
// OVERFLOW: [[FILE]]:34:8: error: tensor.empty: result shape 4294967296x4294967296x4 has more than 2^30 elements
// DYNAMIC: [[FILE]]:40:8: error: {{.*}}1073741825{{.*}} 2^30 elements

func.func @arg(%x: tensor<?xi8>) -> tensor<?xi8> {
  return %x : tensor<?xi8>
}

func.func @empty() -> tensor<1073741825xf32> {
  %e = tensor.empty() : tensor<1073741825xf32>
  return %e : tensor<1073741825xf32>
}

func.func @overflow() -> tensor<4294967296x4294967296x4xi8> {
  %e = tensor.empty() : tensor<4294967296x4294967296x4xi8>
  return %e : tensor<4294967296x4294967296x4xi8>
}

func.func @dynamic(%n: index) -> tensor<?xf16> {
  %one = arith.constant 1.0 : f16
  %s = tensor.splat %one[%n] : tensor<?xf16>
  return %s : tensor<?xf16>
}
