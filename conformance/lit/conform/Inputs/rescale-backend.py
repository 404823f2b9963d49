#!/usr/bin/env python3
"""A command-protocol backend for rescale.test: the example backend's RESCALE, bent in one named way.

usage: rescale-backend.py MODE REQUEST_DIR
  record DIR        the example's answer; also writes DIR/<id>.txt: the request's file names, request.txt, rescale.json
  interval-high     INEXACT_ROUND: the largest output [rescale.inexact] allows (computed here, in fp64, as the
                    specification writes it), not the SINGLE_ROUND value
  interval-beyond   INEXACT_ROUND: one more than that, where the output type has room
  compute-require   where a REQUIRE fails, a value (0) instead of a rejection
"""
import json
import math
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples"))
import vendor_backend as vb  # noqa: E402

MODE = sys.argv[1]


class Backend(vb.RescaleBackend):
    def rescale(self, x, multiplier, shift):
        try:
            value = super().rescale(x, multiplier, shift)
        except vb.Rejected:
            if MODE == "compute-require":
                return 0
            raise
        if self.rounding_mode != "INEXACT_ROUND" or not MODE.startswith("interval-"):
            return value
        # type_conversion.adoc: out_ref in fp64, err_bnd, the largest allowed output, clipped.
        out_ref = float(x - self.op["inputZp"]) * float(multiplier) * math.ldexp(1.0, -shift)
        zp = float(self.op["outputZp"])
        err_bnd = 0.5 + (3 * abs(out_ref) + abs(out_ref + zp)) * math.ldexp(1.0, -24)
        high = self.clip(math.floor(out_ref + err_bnd + zp))
        return self.clip(high + 1) if MODE == "interval-beyond" else high


if MODE == "record":
    directory = sys.argv[3]
    with open(os.path.join(directory, "request.txt")) as f:
        request = f.read()
    case_id = next(line.split()[1] for line in request.splitlines() if line.startswith("id "))
    with open(os.path.join(sys.argv[2], case_id + ".txt"), "w") as out:
        out.write("files: %s\n" % " ".join(sorted(os.listdir(directory))))
        out.write(request)
        with open(os.path.join(directory, "rescale.json")) as f:
            out.write("rescale.json: %s\n" % json.dumps(json.load(f), sort_keys=True))
    sys.argv = [sys.argv[0], directory]
else:
    sys.argv = [sys.argv[0], sys.argv[2]]
sys.exit(vb.main(rescale_class=Backend))
