// [qscast.semantics] scast reinterprets the bits, both directions, on every
// shape kind. A quantized result prints with the storage's signedness (ui8
// for u8); a signless integer result prints signed, as MLIR does.
//
// RUN: quant-interp %s --entry=scalar_to_quant --arg='-56 : i8' | FileCheck %s --check-prefix=S2Q --match-full-lines
// RUN: quant-interp %s --entry=scalar_to_int --arg='200 : i8' | FileCheck %s --check-prefix=S2I --match-full-lines
// RUN: quant-interp %s --entry=rank0 --arg='dense<-1> : tensor<i8>' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=static --arg='dense<[-1, 0, 127, -128]> : tensor<4xi8>' | FileCheck %s --check-prefix=STATIC --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[255, 1], [128, 127]]> : tensor<2x2xi8>' | FileCheck %s --check-prefix=DYNAMIC --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[[-2]], [[3]]]> : tensor<2x1x1xi8>' | FileCheck %s --check-prefix=UNRANKED --match-full-lines

!u = !quant.uniform<u8:f32, 0.5:128>

// bits 0xC8 read as u8: 200
// S2Q: 200 : ui8
// S2Q-NOT: {{.+}}
func.func @scalar_to_quant(%x: i8) -> !u {
  %q = quant.scast %x : i8 to !u
  return %q : !u
}

// u8 200 -> i8 bits 0xC8 = -56
// S2I: -56 : i8
// S2I-NOT: {{.+}}
func.func @scalar_to_int(%x: !u) -> i8 {
  %i = quant.scast %x : !u to i8
  return %i : i8
}

// there and back: i8 -> u8 quantized (255) -> i8 (-1)
// RANK0: dense<255> : tensor<ui8>
// RANK0-NEXT: dense<-1> : tensor<i8>
// RANK0-NOT: {{.+}}
func.func @rank0(%x: tensor<i8>) -> (tensor<!u>, tensor<i8>) {
  %q = quant.scast %x : tensor<i8> to tensor<!u>
  %i = quant.scast %q : tensor<!u> to tensor<i8>
  return %q, %i : tensor<!u>, tensor<i8>
}

// STATIC: dense<[255, 0, 127, 128]> : tensor<4xui8>
// STATIC-NOT: {{.+}}
func.func @static(%x: tensor<4xi8>) -> tensor<4x!u> {
  %q = quant.scast %x : tensor<4xi8> to tensor<4x!u>
  return %q : tensor<4x!u>
}

// quantized argument (storage literal 255 = bits 0xFF) -> i8
// DYNAMIC: dense<{{\[\[}}-1, 1], [-128, 127]]> : tensor<2x2xi8>
// DYNAMIC-NOT: {{.+}}
func.func @dynamic(%x: tensor<?x2x!u>) -> tensor<?x2xi8> {
  %i = quant.scast %x : tensor<?x2x!u> to tensor<?x2xi8>
  return %i : tensor<?x2xi8>
}

// UNRANKED: dense<{{\[\[\[}}254]], {{\[\[}}3]]]> : tensor<2x1x1xui8>
// UNRANKED-NOT: {{.+}}
func.func @unranked(%x: tensor<*xi8>) -> tensor<*x!u> {
  %q = quant.scast %x : tensor<*xi8> to tensor<*x!u>
  return %q : tensor<*x!u>
}
