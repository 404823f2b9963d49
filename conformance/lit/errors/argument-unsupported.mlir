// Parameter types and argument literals the interpreter does not take
// (docs/errors.md "unsupported parameter type", "non-dense elements
// argument"): reported for the argument at the function, exit status 1,
// nothing on stdout.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=mem --arg='dense<1.0> : tensor<2xf32>' | FileCheck %s -DFILE=%s --check-prefix=MEMREF --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=wide --arg='1 : i128' | FileCheck %s -DFILE=%s --check-prefix=WIDE --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=enc --arg='dense<1.0> : tensor<2xf32>' | FileCheck %s -DFILE=%s --check-prefix=ENCODING --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=plain --arg='sparse<[[0]], [1.0]> : tensor<2xf32>' | FileCheck %s -DFILE=%s --check-prefix=SPARSE --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --entry=plain --arg='dense_resource<blob1> : tensor<2xf32>' | FileCheck %s -DFILE=%s --check-prefix=RESOURCE --match-full-lines
// RUN: not quant-interp %s --entry=mem --arg='dense<1.0> : tensor<2xf32>' 2>/dev/null | count 0
// RUN: quant-interp %s --entry=plain --arg='dense<1.0> : tensor<2xf32>' | FileCheck %s --check-prefix=OK --match-full-lines

// MEMREF: [[FILE]]:28:1: error: @mem argument #1: parameter type is not supported: unsupported type memref<2xf32> (only scalars and tensors)
// MEMREF-NEXT: exit status: 1
// WIDE: [[FILE]]:32:1: error: @wide argument #1: parameter type is not supported: unsupported integer type i128 (at most 64 bits)
// WIDE-NEXT: exit status: 1
// ENCODING: [[FILE]]:36:1: error: @enc argument #1: parameter type is not supported: tensor encodings are not supported: tensor<2xf32, "enc">
// ENCODING-NEXT: exit status: 1
// SPARSE: [[FILE]]:40:1: error: @plain argument #1 (parameter type tensor<2xf32>): unsupported elements attribute (use dense<...>): only inline dense literals are supported
// SPARSE-NEXT: exit status: 1
// RESOURCE: [[FILE]]:40:1: error: @plain argument #1 (parameter type tensor<2xf32>): unsupported elements attribute (use dense<...>): only inline dense literals are supported
// RESOURCE-NEXT: exit status: 1
// OK: dense<[1.0, 1.0]> : tensor<2xf32>



func.func @mem(%x: memref<2xf32>) -> memref<2xf32> {
  return %x : memref<2xf32>
}

func.func @wide(%x: i128) -> i128 {
  return %x : i128
}

func.func @enc(%x: tensor<2xf32, "enc">) -> tensor<2xf32, "enc"> {
  return %x : tensor<2xf32, "enc">
}

func.func @plain(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
