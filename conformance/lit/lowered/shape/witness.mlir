// [shape.witness] Constraints (cstr_broadcastable, cstr_eq, cstr_require)
// are checked where they are evaluated: a violated one is an error at that
// op. A witness is held internally as a flag; shape.assuming runs its region
// when the witness holds (const_witness false: an error at the assuming).
//
// RUN: quant-interp %s --arg='dense<[2, 1]> : tensor<2xindex>' --arg='dense<[3]> : tensor<1xindex>' | FileCheck %s --check-prefix=OK --match-full-lines
// RUN: not quant-interp %s --arg='dense<[2, 2]> : tensor<2xindex>' --arg='dense<[3]> : tensor<1xindex>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=BCAST --match-full-lines
// RUN: not quant-interp %s --arg='dense<[2, 2]> : tensor<2xindex>' --arg='dense<[3]> : tensor<1xindex>' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=eq --arg='dense<[2, 2]> : tensor<2xindex>' --arg='dense<[2]> : tensor<1xindex>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=EQ --match-full-lines
// RUN: not quant-interp %s --entry=require --arg='false' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=REQ --match-full-lines
// RUN: not quant-interp %s --entry=const_false 2>&1 | FileCheck %s -DFILE=%s --check-prefix=CONST --match-full-lines

// OK: dense<[2, 3]> : tensor<2xindex>
// OK-NOT: {{.+}}
// BCAST: [[FILE]]:[[@LINE+3]]:8: error: shape.cstr_broadcastable: shapes [2, 2], [3] are not broadcastable (extents 2 and 3 in dimension 1 of the result)
// BCAST-NOT: {{.+}}
func.func @main(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %w = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %t = shape.const_witness true
  %all = shape.assuming_all %w, %t
  %r = shape.assuming %all -> (tensor<?xindex>) {
    %s = shape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    shape.assuming_yield %s : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// EQ: [[FILE]]:[[@LINE+3]]:8: error: shape.cstr_eq: shapes [2, 2], [2] differ
// EQ-NOT: {{.+}}
func.func @eq(%a: tensor<?xindex>, %b: tensor<?xindex>) -> index {
  %w = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %r = shape.assuming %w -> (index) {
    %n = shape.rank %a : tensor<?xindex> -> index
    shape.assuming_yield %n : index
  }
  return %r : index
}

// REQ: [[FILE]]:[[@LINE+3]]:8: error: shape.cstr_require: requirement failed: needs a true flag
// REQ-NOT: {{.+}}
func.func @require(%p: i1) -> i1 {
  %w = shape.cstr_require %p, "needs a true flag"
  shape.assuming %w {
  }
  return %p : i1
}

// CONST: [[FILE]]:[[@LINE+4]]:8: error: shape.assuming: the witness does not hold
// CONST-NOT: {{.+}}
func.func @const_false() -> index {
  %w = shape.const_witness false
  %r = shape.assuming %w -> (index) {
    %c = arith.constant 1 : index
    shape.assuming_yield %c : index
  }
  return %r : index
}
