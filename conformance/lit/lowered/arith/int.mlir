// [arith.int] Integer arithmetic on i1, i3, i8, i64 and index: wrapping by
// default; overflow<nsw> / overflow<nuw> make a signed / unsigned overflow
// poison; `exact` division and right shifts are poison when a non-zero
// remainder / bit is dropped; a shift amount >= the width is poison.
// Hand-checked: i8 127+1 = -128 (nsw poison, nuw fine); -128 + -1 = 127
// (both poison: 128+255 = 383 > 255); -1 + 1 = 0 (nuw poison). i1 true is -1
// signed / 1 unsigned: true+true = false with nsw poison (-2 < -1).
// Divisions round toward zero (divsi), +inf (ceildiv*), -inf (floordivsi):
// 7/2, -7/2, 7/-2, -7/-2 = 3, -3, -3, 3; ceil 4, -3, -3, 4; floor 3, -4, -4, 3;
// -128/3 = -42 (ceil -42, floor -43), remsi -2 (sign of the dividend). Unsigned:
// -7 = 249: 249/2 = 124, ceil 125, 249 % 2 = 1, 249 % 254 = 249 (prints -7).
// Shifts (i8 0xA0 = -96): shli 3 = 0 (nsw and nuw poison); 1 shli 7 = -128
// (nsw poison: -128 >> 7 = -1 != 1; nuw fine); 0xA0 shrui 3 = 20, shrsi 3 = -12
// (exact fine), shrsi 6 = -2 (exact poison: 0x20 dropped). Extended ops:
// -56 (200) + 100 = 44 carry true; -56 * 100 = -5600 = 0xEA20: low 32, high
// -22 (0xEA); unsigned 200 * 100 = 0x4E20: low 32, high 78.
//
// RUN: quant-interp %s --entry=add | FileCheck %s --check-prefix=ADD --match-full-lines
// RUN: quant-interp %s --entry=sub | FileCheck %s --check-prefix=SUB --match-full-lines
// RUN: quant-interp %s --entry=mul | FileCheck %s --check-prefix=MUL --match-full-lines
// RUN: quant-interp %s --entry=i1 | FileCheck %s --check-prefix=I1 --match-full-lines
// RUN: quant-interp %s --entry=div | FileCheck %s --check-prefix=DIV --match-full-lines
// RUN: quant-interp %s --entry=exact | FileCheck %s --check-prefix=EXACT --match-full-lines
// RUN: quant-interp %s --entry=div64 | FileCheck %s --check-prefix=DIV64 --match-full-lines
// RUN: quant-interp %s --entry=bits | FileCheck %s --check-prefix=BITS --match-full-lines
// RUN: quant-interp %s --entry=shift | FileCheck %s --check-prefix=SHIFT --match-full-lines
// RUN: quant-interp %s --entry=minmax | FileCheck %s --check-prefix=MINMAX --match-full-lines
// RUN: quant-interp %s --entry=extended | FileCheck %s --check-prefix=EXTENDED --match-full-lines
// RUN: quant-interp %s --entry=odd_width | FileCheck %s --check-prefix=ODD-WIDTH --match-full-lines

// ADD: dense<[-128, 127, 127, 0]> : tensor<4xi8>
// ADD-NEXT: dense<[0, 0, 127, 0]> : tensor<4xi8>
// ADD-NEXT: // poison: 0, 1
// ADD-NEXT: dense<[-128, 0, 127, 0]> : tensor<4xi8>
// ADD-NEXT: // poison: 1, 3
// ADD-NEXT: dense<[0, 0, 127, 0]> : tensor<4xi8>
// ADD-NEXT: // poison: 0, 1, 3
// ADD-NOT: {{.+}}
func.func @add() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[127, -128, 100, -1]> : tensor<4xi8>
  %b = arith.constant dense<[1, -1, 27, 1]> : tensor<4xi8>
  %0 = arith.addi %a, %b : tensor<4xi8>
  %1 = arith.addi %a, %b overflow<nsw> : tensor<4xi8>
  %2 = arith.addi %a, %b overflow<nuw> : tensor<4xi8>
  %3 = arith.addi %a, %b overflow<nsw, nuw> : tensor<4xi8>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}
// SUB: dense<[127, -128, -1, 2]> : tensor<4xi8>
// SUB-NEXT: dense<[0, 0, -1, 2]> : tensor<4xi8>
// SUB-NEXT: // poison: 0, 1
// SUB-NEXT: dense<[127, 0, 0, 2]> : tensor<4xi8>
// SUB-NEXT: // poison: 1, 2
// SUB-NOT: {{.+}}
func.func @sub() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[-128, 127, 0, 5]> : tensor<4xi8>
  %b = arith.constant dense<[1, -1, 1, 3]> : tensor<4xi8>
  %0 = arith.subi %a, %b : tensor<4xi8>
  %1 = arith.subi %a, %b overflow<nsw> : tensor<4xi8>
  %2 = arith.subi %a, %b overflow<nuw> : tensor<4xi8>
  return %0, %1, %2 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}
// MUL: dense<[-128, -128, 1, -1]> : tensor<4xi8>
// MUL-NEXT: dense<[0, 0, 1, 0]> : tensor<4xi8>
// MUL-NEXT: // poison: 0, 1, 3
// MUL-NEXT: dense<[-128, 0, 0, -1]> : tensor<4xi8>
// MUL-NEXT: // poison: 1, 2
// MUL-NEXT: 0 : i64
// MUL-NEXT: 0 : i64
// MUL-NEXT: // poison: 0
// MUL-NOT: {{.+}}
func.func @mul() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, i64, i64) {
  %a = arith.constant dense<[16, -128, -1, 15]> : tensor<4xi8>
  %b = arith.constant dense<[8, -1, -1, 17]> : tensor<4xi8>
  %0 = arith.muli %a, %b : tensor<4xi8>
  %1 = arith.muli %a, %b overflow<nsw> : tensor<4xi8>
  %2 = arith.muli %a, %b overflow<nuw> : tensor<4xi8>
  %x = arith.constant 4294967296 : i64
  %3 = arith.muli %x, %x : i64
  %4 = arith.muli %x, %x overflow<nuw> : i64
  return %0, %1, %2, %3, %4 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, i64, i64
}
// I1: dense<[false, true, false, true]> : tensor<4xi1>
// I1-NEXT: dense<[false, true, false, true]> : tensor<4xi1>
// I1-NEXT: // poison: 2
// I1-NEXT: dense<[false, false, false, false]> : tensor<4xi1>
// I1-NEXT: // poison: 2
// I1-NEXT: dense<[false, true, false, false]> : tensor<4xi1>
// I1-NEXT: // poison: 3
// I1-NOT: {{.+}}
func.func @i1() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = arith.constant dense<[false, true, true, false]> : tensor<4xi1>
  %b = arith.constant dense<[false, false, true, true]> : tensor<4xi1>
  %0 = arith.addi %a, %b : tensor<4xi1>
  %1 = arith.addi %a, %b overflow<nsw> : tensor<4xi1>
  %2 = arith.muli %a, %b overflow<nsw> : tensor<4xi1>
  %3 = arith.subi %a, %b overflow<nuw> : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
// DIV: dense<[3, -3, -3, 3, -42, -3]> : tensor<6xi8>
// DIV-NEXT: dense<[3, 124, 0, 0, 42, 0]> : tensor<6xi8>
// DIV-NEXT: dense<[4, -3, -3, 4, -42, -3]> : tensor<6xi8>
// DIV-NEXT: dense<[4, 125, 1, 1, 43, 1]> : tensor<6xi8>
// DIV-NEXT: dense<[3, -4, -4, 3, -43, -3]> : tensor<6xi8>
// DIV-NEXT: dense<[1, -1, 1, -1, -2, 0]> : tensor<6xi8>
// DIV-NEXT: dense<[1, 1, 7, -7, 2, 6]> : tensor<6xi8>
// DIV-NOT: {{.+}}
func.func @div() -> (tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>) {
  %a = arith.constant dense<[7, -7, 7, -7, -128, 6]> : tensor<6xi8>
  %b = arith.constant dense<[2, 2, -2, -2, 3, -2]> : tensor<6xi8>
  %0 = arith.divsi %a, %b : tensor<6xi8>
  %1 = arith.divui %a, %b : tensor<6xi8>
  %2 = arith.ceildivsi %a, %b : tensor<6xi8>
  %3 = arith.ceildivui %a, %b : tensor<6xi8>
  %4 = arith.floordivsi %a, %b : tensor<6xi8>
  %5 = arith.remsi %a, %b : tensor<6xi8>
  %6 = arith.remui %a, %b : tensor<6xi8>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>
}
// EXACT: dense<[2, 0, -2]> : tensor<3xi8>
// EXACT-NEXT: // poison: 1
// EXACT-NEXT: dense<[2, 0, 62]> : tensor<3xi8>
// EXACT-NEXT: // poison: 1
// EXACT-NOT: {{.+}}
func.func @exact() -> (tensor<3xi8>, tensor<3xi8>) {
  %a = arith.constant dense<[8, 9, -8]> : tensor<3xi8>
  %b = arith.constant dense<[4, 4, 4]> : tensor<3xi8>
  %0 = arith.divsi %a, %b exact : tensor<3xi8>
  %1 = arith.divui %a, %b exact : tensor<3xi8>
  return %0, %1 : tensor<3xi8>, tensor<3xi8>
}
// DIV64: -3074457345618258602 : i64
// DIV64-NEXT: -2 : i64
// DIV64-NEXT: 4 : index
// DIV64-NEXT: 3 : index
// DIV64-NOT: {{.+}}
func.func @div64() -> (i64, i64, index, index) {
  %a = arith.constant -9223372036854775808 : i64
  %b = arith.constant 3 : i64
  %0 = arith.divsi %a, %b : i64
  %1 = arith.remsi %a, %b : i64
  %c = arith.constant 17 : index
  %d = arith.constant 5 : index
  %2 = arith.ceildivui %c, %d : index
  %3 = arith.floordivsi %c, %d : index
  return %0, %1, %2, %3 : i64, i64, index, index
}
// BITS: dense<[8, 15, 0, 0]> : tensor<4xi8>
// BITS-NEXT: dense<[14, -1, -1, -1]> : tensor<4xi8>
// BITS-NEXT: dense<[6, -16, -1, -1]> : tensor<4xi8>
// BITS-NOT: {{.+}}
func.func @bits() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[12, -1, 0, 85]> : tensor<4xi8>
  %b = arith.constant dense<[10, 15, -1, -86]> : tensor<4xi8>
  %0 = arith.andi %a, %b : tensor<4xi8>
  %1 = arith.ori %a, %b : tensor<4xi8>
  %2 = arith.xori %a, %b : tensor<4xi8>
  return %0, %1, %2 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}
// SHIFT: dense<[0, 0, 16, -128, 0, 0]> : tensor<6xi8>
// SHIFT-NEXT: // poison: 4, 5
// SHIFT-NEXT: dense<[0, 0, 0, 0, 0, 0]> : tensor<6xi8>
// SHIFT-NEXT: // poison: 0, 1, 2, 3, 4, 5
// SHIFT-NEXT: dense<[0, 0, 0, -128, 0, 0]> : tensor<6xi8>
// SHIFT-NEXT: // poison: 0, 1, 2, 4, 5
// SHIFT-NEXT: dense<[20, 2, 12, 0, 0, 0]> : tensor<6xi8>
// SHIFT-NEXT: // poison: 4, 5
// SHIFT-NEXT: dense<[-12, -2, 12, 0, 0, 0]> : tensor<6xi8>
// SHIFT-NEXT: // poison: 4, 5
// SHIFT-NEXT: dense<[20, 0, 0, 0, 0, 0]> : tensor<6xi8>
// SHIFT-NEXT: // poison: 1, 2, 3, 4, 5
// SHIFT-NEXT: dense<[-12, 0, 0, 0, 0, 0]> : tensor<6xi8>
// SHIFT-NEXT: // poison: 1, 2, 3, 4, 5
// SHIFT-NOT: {{.+}}
func.func @shift() -> (tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>) {
  %a = arith.constant dense<[-96, -96, 98, 1, 64, 3]> : tensor<6xi8>
  %b = arith.constant dense<[3, 6, 3, 7, 8, -1]> : tensor<6xi8>
  %0 = arith.shli %a, %b : tensor<6xi8>
  %1 = arith.shli %a, %b overflow<nsw> : tensor<6xi8>
  %2 = arith.shli %a, %b overflow<nuw> : tensor<6xi8>
  %3 = arith.shrui %a, %b : tensor<6xi8>
  %4 = arith.shrsi %a, %b : tensor<6xi8>
  %5 = arith.shrui %a, %b exact : tensor<6xi8>
  %6 = arith.shrsi %a, %b exact : tensor<6xi8>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>
}
// MINMAX: dense<[1, 5, 127]> : tensor<3xi8>
// MINMAX-NEXT: dense<[-1, 5, -128]> : tensor<3xi8>
// MINMAX-NEXT: dense<[-1, 5, -128]> : tensor<3xi8>
// MINMAX-NEXT: dense<[1, 5, 127]> : tensor<3xi8>
// MINMAX-NEXT: -7 : i32
// MINMAX-NOT: {{.+}}
func.func @minmax() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, i32) {
  %a = arith.constant dense<[-1, 5, -128]> : tensor<3xi8>
  %b = arith.constant dense<[1, 5, 127]> : tensor<3xi8>
  %0 = arith.maxsi %a, %b : tensor<3xi8>
  %1 = arith.minsi %a, %b : tensor<3xi8>
  %2 = arith.maxui %a, %b : tensor<3xi8>
  %3 = arith.minui %a, %b : tensor<3xi8>
  %x = arith.constant -7 : i32
  %y = arith.constant 3 : i32
  %4 = arith.maxui %x, %y : i32
  return %0, %1, %2, %3, %4 : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, i32
}
// EXTENDED: 44 : i8
// EXTENDED-NEXT: true : i1
// EXTENDED-NEXT: 32 : i8
// EXTENDED-NEXT: -22 : i8
// EXTENDED-NEXT: 32 : i8
// EXTENDED-NEXT: 78 : i8
// EXTENDED-NOT: {{.+}}
func.func @extended() -> (i8, i1, i8, i8, i8, i8) {
  %a = arith.constant -56 : i8
  %b = arith.constant 100 : i8
  %s, %o = arith.addui_extended %a, %b : i8, i1
  %l, %h = arith.mulsi_extended %a, %b : i8
  %ul, %uh = arith.mului_extended %a, %b : i8
  return %s, %o, %l, %h, %ul, %uh : i8, i1, i8, i8, i8, i8
}
// ODD-WIDTH: -3 : i3
// ODD-WIDTH-NEXT: 0 : i3
// ODD-WIDTH-NEXT: // poison: 0
// ODD-WIDTH-NEXT: 2 : i3
// ODD-WIDTH-NEXT: -1 : i3
// ODD-WIDTH-NOT: {{.+}}
func.func @odd_width() -> (i3, i3, i3, i3) {
  %a = arith.constant 3 : i3
  %b = arith.constant 2 : i3
  %0 = arith.addi %a, %b : i3
  %1 = arith.addi %a, %b overflow<nsw> : i3
  %m = arith.constant -4 : i3
  %2 = arith.divui %m, %b : i3
  %3 = arith.shrsi %m, %b : i3
  return %0, %1, %2, %3 : i3, i3, i3, i3
}
