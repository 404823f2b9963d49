// [shape.shape_of] The runtime shape of a ranked or unranked tensor as an
// extent tensor; a static result type must have the runtime rank. The
// !shape.shape form is not supported.
//
// RUN: quant-interp %s --entry=unranked --arg='dense<1.0> : tensor<2x0x3xf32>' | FileCheck %s --check-prefix=UNR --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<1.0> : tensor<f32>' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=ranked --arg='dense<1> : tensor<4x2xi8>' | FileCheck %s --check-prefix=RANKED --match-full-lines
// RUN: not quant-interp %s --entry=static_result --arg='dense<1.0> : tensor<2x2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=RANKERR --match-full-lines
// RUN: not quant-interp %s --entry=static_result --arg='dense<1.0> : tensor<2x2xf32>' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=shape_type --arg='dense<1.0> : tensor<2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=TYPE --match-full-lines

// UNR: dense<[2, 0, 3]> : tensor<3xindex>
// UNR-NOT: {{.+}}
// RANK0: dense<> : tensor<0xindex>
// RANK0-NOT: {{.+}}
func.func @unranked(%x: tensor<*xf32>) -> tensor<?xindex> {
  %s = shape.shape_of %x : tensor<*xf32> -> tensor<?xindex>
  return %s : tensor<?xindex>
}

// RANKED: dense<[4, 2]> : tensor<2xindex>
// RANKED-NOT: {{.+}}
func.func @ranked(%x: tensor<?x2xi8>) -> tensor<2xindex> {
  %s = shape.shape_of %x : tensor<?x2xi8> -> tensor<2xindex>
  return %s : tensor<2xindex>
}

// RANKERR: [[FILE]]:[[@LINE+3]]:8: error: shape.shape_of: result has runtime shape tensor<2> which does not fit its type tensor<3xindex>
// RANKERR-NOT: {{.+}}
func.func @static_result(%x: tensor<*xf32>) -> tensor<3xindex> {
  %s = shape.shape_of %x : tensor<*xf32> -> tensor<3xindex>
  return %s : tensor<3xindex>
}

// TYPE: [[FILE]]:[[@LINE+4]]:8: error: shape.shape_of: unsupported type !shape.shape (only extent tensors tensor<?xindex> and index are supported)
// TYPE-NOT: {{.+}}
func.func @shape_type(%x: tensor<*xf32>) -> index {
  %c0 = arith.constant 0 : index
  %s = shape.shape_of %x : tensor<*xf32> -> !shape.shape
  return %c0 : index
}
