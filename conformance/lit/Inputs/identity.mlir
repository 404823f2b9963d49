// A tiny valid program used by the CLI tests in errors/ and cli/.
func.func @main(%x: f32) -> f32 {
  return %x : f32
}
