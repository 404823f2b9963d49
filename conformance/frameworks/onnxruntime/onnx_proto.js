// The protobuf (proto3 wire format) writer the ONNX Runtime adapters build their one-node ONNX models with
// (ort_backend.js, ../calibration/ort_dynamic.js): no onnx package needed at run time.
'use strict';

function varint(n) {
  let v = BigInt.asUintN(64, BigInt(n));
  const out = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return Buffer.from(out);
}
const key = (field, wire) => varint((field << 3) | wire);
/// A varint field.
const fInt = (field, n) => Buffer.concat([key(field, 0), varint(n)]);
/// A length-delimited field from a Buffer or an array of bytes.
const fBytes = (field, bytes) => {
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  return Buffer.concat([key(field, 2), varint(b.length), b]);
};
const fStr = (field, s) => fBytes(field, Buffer.from(s, 'utf8'));

module.exports = { varint, key, fInt, fBytes, fStr };
