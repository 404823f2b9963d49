// Input of cli/split-input-file.mlir: three chunks, the middle one fails.
func.func @main(%x: f32) -> !quant.uniform<i8:f32, 1.0> {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32, 1.0>
  return %q : !quant.uniform<i8:f32, 1.0>
}

// -----
func.func @main(%x: f32) -> f32 {
  // line 10 of this file:
  %y = math.tanh %x : f32
  return %y : f32
}

// -----
func.func @main(%x: f32) -> !quant.uniform<i8:f32, 0.5> {
  %q = quant.qcast %x : f32 to !quant.uniform<i8:f32, 0.5>
  return %q : !quant.uniform<i8:f32, 0.5>
}
