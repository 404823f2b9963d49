#!/usr/bin/env python3
"""A planted wrong calibration backend ([conform.calibration], docs/vendor-guide.md "Calibration suites").

Usage (as quant-conform's --command): zero_point_flipped.py QUANT_INTERP --choose-params --calibration=RECIPE
--ranges-file=FILE --json

Runs quant-interp with the arguments after QUANT_INTERP and passes its --json lines on, except that for the recipe
`tflite:narrow=0,type=u8` the first accepted answer's zero point is moved by one (toward the middle of the storage
range, so it stays a valid zero point). quant-conform must report exactly that case as failing and exit 1; the
CTest conform-calibration-mutant-detected checks both.
"""
import json
import subprocess
import sys

PERTURBED_RECIPE = "tflite:narrow=0,type=u8"


def main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: zero_point_flipped.py QUANT_INTERP ARGS...\n")
        return 2
    run = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE)
    if run.returncode != 0:
        return run.returncode
    perturbed = False
    for line in run.stdout.decode().splitlines():
        answer = json.loads(line)
        if not perturbed and answer.get("recipe") == PERTURBED_RECIPE and answer.get("ok"):
            zero_point = answer["zero_points"][0]
            answer["zero_points"][0] = zero_point + 1 if zero_point < answer["storage_max"] else zero_point - 1
            perturbed = True
            line = json.dumps(answer)
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
