// [shape.broadcast] [shape.is_broadcastable] [shape.shape_eq] NumPy-style
// broadcasting of extent tensors (shorter shapes padded with 1s on the
// left). Incompatible extents are an error for broadcast (its extent tensor
// result cannot hold an error shape) and false for is_broadcastable.
//
// RUN: quant-interp %s --arg='dense<[3, 1, 5]> : tensor<3xindex>' --arg='dense<[4, 1]> : tensor<2xindex>' | FileCheck %s --check-prefix=OK --match-full-lines
// RUN: quant-interp %s --entry=checks --arg='dense<[3, 2]> : tensor<2xindex>' --arg='dense<[4, 1]> : tensor<2xindex>' | FileCheck %s --check-prefix=NO --match-full-lines
// RUN: quant-interp %s --entry=checks --arg='dense<[2]> : tensor<1xindex>' --arg='dense<[2]> : tensor<1xindex>' | FileCheck %s --check-prefix=EQ --match-full-lines
// RUN: not quant-interp %s --arg='dense<[3, 2]> : tensor<2xindex>' --arg='dense<[4, 1]> : tensor<2xindex>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=ERR --match-full-lines
// RUN: not quant-interp %s --arg='dense<[3, 2]> : tensor<2xindex>' --arg='dense<[4, 1]> : tensor<2xindex>' 2>/dev/null | count 0

// OK: dense<[3, 4, 5]> : tensor<3xindex>
// OK-NOT: {{.+}}
// ERR: [[FILE]]:[[@LINE+3]]:8: error: shape.broadcast: shapes [3, 2], [4, 1] are not broadcastable (extents 3 and 4 in dimension 0 of the result): operands mismatch
// ERR-NOT: {{.+}}
func.func @main(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %r = shape.broadcast %a, %b {error = "operands mismatch"} : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return %r : tensor<?xindex>
}

// NO: false : i1
// NO-NEXT: false : i1
// NO-NOT: {{.+}}
// EQ: true : i1
// EQ-NEXT: true : i1
// EQ-NOT: {{.+}}
func.func @checks(%a: tensor<?xindex>, %b: tensor<?xindex>) -> (i1, i1) {
  %ok = shape.is_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %eq = shape.shape_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  return %ok, %eq : i1, i1
}
