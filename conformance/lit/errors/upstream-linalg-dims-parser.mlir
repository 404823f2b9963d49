// KNOWN UPSTREAM CRASH (MLIR 22.1.8, not our code): the custom parsers of
// linalg.broadcast / linalg.transpose / linalg.reduce dereference a null
// attribute when the list after `dimensions =` / `permutation =` does not
// parse (e.g. no `[`, or a stray byte inside the brackets) (SEGV in mlir::NamedAttrList::set; `mlir-opt` crashes the same way). Found
// by the interpret fuzzer (docs/reliability.md "Upstream crashes"); the
// harness skips such inputs. This test states the behaviour we want -- the
// parser's error, exit status 1 -- and is expected to fail until MLIR is
// fixed; an unexpected pass means the workaround in
// conformance/fuzz/FuzzInterpret.cpp (hitsKnownUpstreamCrash) can go.
//
// XFAIL: *
// RUN: not quant-interp %s 2>&1 | FileCheck %s -DFILE=%s --match-full-lines

// CHECK: [[FILE]]:16:93: error: expected '['
func.func @main(%col: tensor<2xi32>, %init: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %b = linalg.broadcast ins(%col : tensor<2xi32>) outs(%init : tensor<2x3xi32>) dimensions = B [1]
  return %b : tensor<2x3xi32>
}
