// [cli.max-tensor-bytes] --max-tensor-bytes=N sets the per-tensor memory
// budget (default 4294967296, 4 GiB): an --arg literal or an op result whose
// element storage needs more than N bytes is refused before it is allocated,
// with the message of the default budget (errors/tensor-bytes-too-large.mlir)
// naming N; exit status 1, nothing on stdout.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=identity --arg='dense<1.0> : tensor<257xf32>' --max-tensor-bytes=1024 | FileCheck %s -DFILE=%s --check-prefix=ARG --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=empty --arg='129 : index' --max-tensor-bytes=1000 | FileCheck %s -DFILE=%s --check-prefix=OP --match-full-lines
// RUN: quant-interp %s --entry=empty --arg='125 : index' --max-tensor-bytes=1000 | FileCheck %s --check-prefix=FITS --match-full-lines
// A budget above the default lifts nothing else: the 2^30-element limit stays.
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=identity --arg='dense<1.0> : tensor<1073741825xf32>' --max-tensor-bytes=8589934592 | FileCheck %s -DFILE=%s --check-prefix=ELEMENTS --match-full-lines

// ARG: [[FILE]]:21:1: error: @identity argument #1 (parameter type tensor<?xf32>): tensor<257xf32> needs 1028 bytes, more than the 1 KiB limit per tensor
// ARG-NEXT: exit status: 1
// OP: [[FILE]]:26:8: error: tensor<129xf64> needs 1032 bytes, more than the 1000 bytes limit per tensor
// OP-NEXT: exit status: 1
// FITS: dense<{{.*}}> : tensor<125xf64>
// ELEMENTS: [[FILE]]:21:1: error: @identity argument #1 (parameter type tensor<?xf32>): tensor<1073741825xf32> has more than 2^30 elements
// ELEMENTS-NEXT: exit status: 1

func.func @identity(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

func.func @empty(%n: index) -> tensor<?xf64> {
  %e = tensor.empty(%n) : tensor<?xf64>
  return %e : tensor<?xf64>
}
