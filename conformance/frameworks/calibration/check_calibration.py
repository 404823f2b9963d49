#!/usr/bin/env python3
"""Checks quant-interp's calibration recipes against the real frameworks, bit for bit (docs/calibration.md,
"Framework checks"; spec [calib.pytorch], [calib.onnx-dynamic]).

    check_calibration.py --framework=pytorch|onnxruntime --quant-interp=BIN [--tier=quick|full]
                         [--node-modules=DIR] [--work=DIR] [--seed=N] [--plant=NAME] [--declare=CLASS]...

For every configuration of the framework (PyTorch: dtype quint8 / qint8 / qint32 x qscheme per-tensor / per-channel
affine / symmetric x reduce_range 0 / 1, 24
configurations, and 5 with a customized quant_min / quant_max; ONNX Runtime: DynamicQuantizeLinear, 1) it draws seeded
ranges (calibration_ranges.py: full tier 10^5 random + 10^4 edge ranges per configuration, quick tier 500 + 1,700,
the edge stream starting with every pair of the 41 special values, 1,681), writes them as a ranges file, and asks both sides:

  quant-interp --choose-params --calibration=RECIPE --ranges-file=FILE --json
  PyTorch:      torch_qparams.py (observers' calculate_qparams on min_val / max_val set to the range; the full
                tier in one call for every finite ordered range, --batch=on, which the quick tier checks against
                the per-range call on all its cases and on the 10,000 full-tier edge ranges of 4 configurations,
                --batch=check)
  ONNX Runtime: ort_dynamic.js (DynamicQuantizeLinear on a data tensor whose min and max are the range)

(pipelined: quant-interp and the framework answer a configuration while the next one's ranges are drawn)

then compares every case: both refuse, or both answer with the same scale bit patterns (binary64 of the float32
scale), zero points and storage bounds. Per-channel configurations give each range its own case among other
ordinary channels, 0-3 of them (so a range the framework refuses must refuse the whole case).

The check can fail: every run also compares the first configuration's framework answers against a deliberately
wrong recipe (PyTorch: the other dtype; ONNX Runtime: PyTorch's default recipe) and requires mismatches there.
--plant=dtype|reduce-range|recipe plants such a wrong recipe in every configuration (the run must then fail).
--declare=CLASS accepts the mismatches of a declared framework behaviour (DECLARED below, with its reason); a
declared class that no longer occurs fails the run (so a fix is noticed).

Exit status: 0 no undeclared mismatch; 1 a mismatch, a failed expectation or a tool error; 2 usage; 77 the
framework is not installed (the reason printed). Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import json
import math
import os
import random
import shutil
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import calibration_ranges as cr  # noqa: E402

EXIT_SKIP = 77
TORCH_PYTHON = "/usr/bin/python3"  # Debian's python3-torch lives there
TIERS = {"quick": (500, 1700), "full": (100000, 10000)}
QI_WORKERS = 2  # quant-interp runs at a time (the CI machine has 2 cores; the framework and the drawing run too)
# The quick tier's extra check of torch_qparams.py's batched call (--batch=check) on these configurations (affine
# and symmetric, per tensor and per channel, the quint8 symmetric zero point 128 and a customized range's midpoint):
# (random, edge) ranges of the full tier's streams -- its 10,000 edge ranges, every family, where the quick tier has
# the special-value pairs and a few of each family.
BATCH_CHECK_CONFIGURATIONS = ("quint8/per_tensor_affine/reduce_range=0", "qint8/per_channel_affine/reduce_range=0",
                              "quint8/per_channel_symmetric/reduce_range=0",
                              "quint8/per_tensor_symmetric/reduce_range=0/quant_min=0,quant_max=15")
BATCH_CHECK_COUNTS = (0, 10000)
STORAGE_OF_DTYPE = {"quint8": "u8", "qint8": "i8", "qint32": "i32"}

def unrepresentable_scale(case, ours, theirs):
    """The framework answers with an infinite, NaN or zero scale, and quant-interp refuses naming that scale."""
    if not theirs or not theirs["ok"] or not ours or ours["ok"]:
        return False
    if "!quant.uniform needs a finite positive scale" not in ours["refusal"]:
        return False
    message = ours["refusal"].lower()
    for bits in theirs["scales"]:
        value = cr.f64_of_bits(int(bits, 16))
        if value != value and "scale nan" in message:
            return True
        if value in (cr.INF, -cr.INF) and ("scale inf" in message or "scale -inf" in message):
            return True
        if value == 0 and ("scale 0.0" in message or "scale -0.0" in message):
            return True
    return False


# Framework behaviours a recipe does not follow, accepted with --declare=NAME: (frameworks, predicate on (case,
# quant-interp's answer, the framework's answer), reason).
DECLARED = {
    "unrepresentable-scale": (
        ("pytorch", "onnxruntime"), unrepresentable_scale,
        "the framework returns an infinite (PyTorch, ORT: an infinite range end), NaN or zero (ORT: (max - min) / 255 "
        "underflows) scale without an error; no !quant.uniform type has such a scale, so the recipe refuses, naming "
        "the scale the framework computes"),
}


class ToolError(Exception):
    pass


# ---------------------------------------------------------------------------------------------------------------
# configurations
# ---------------------------------------------------------------------------------------------------------------

def pytorch_configurations():
    out = []
    for dtype in ("quint8", "qint8", "qint32"):
        for qscheme in ("per_tensor_affine", "per_tensor_symmetric", "per_channel_affine", "per_channel_symmetric"):
            for reduce_range in ("0", "1"):
                kind = qscheme.rsplit("_", 1)[1]
                out.append({"name": f"{dtype}/{qscheme}/reduce_range={reduce_range}",
                            "recipe": f"pytorch:dtype={dtype},qscheme={kind},reduce_range={reduce_range}",
                            "per_channel": qscheme.startswith("per_channel"), "dtype": dtype,
                            "torch": [f"--dtype={dtype}", f"--qscheme={qscheme}", f"--reduce-range={reduce_range}"]})
    # Customized quant_min / quant_max (has_customized_qrange: reduce_range halves them, a symmetric quint8 zero
    # point is their rounded-down midpoint).
    for dtype, qscheme, reduce_range, qmin, qmax in (("quint8", "per_tensor_affine", "0", 0, 15),
                                                     ("quint8", "per_tensor_symmetric", "0", 0, 15),
                                                     ("qint8", "per_tensor_symmetric", "1", -8, 7),
                                                     ("qint8", "per_channel_affine", "1", -8, 7),
                                                     ("qint32", "per_tensor_affine", "0", -1000, 1000)):
        kind = qscheme.rsplit("_", 1)[1]
        out.append({"name": f"{dtype}/{qscheme}/reduce_range={reduce_range}/quant_min={qmin},quant_max={qmax}",
                    "recipe": f"pytorch:dtype={dtype},qscheme={kind},quant_max={qmax},quant_min={qmin},"
                              f"reduce_range={reduce_range}",
                    "per_channel": qscheme.startswith("per_channel"), "dtype": dtype,
                    "torch": [f"--dtype={dtype}", f"--qscheme={qscheme}", f"--reduce-range={reduce_range}",
                              f"--quant-min={qmin}", f"--quant-max={qmax}"]})
    return out


def onnxruntime_configurations():
    return [{"name": "DynamicQuantizeLinear/uint8", "recipe": "onnx-dynamic", "per_channel": False}]


def planted_recipe(config, plant):
    """A recipe the framework does not follow for `config` (the check must fail on it)."""
    if plant == "recipe" or not config["recipe"].startswith("pytorch:"):
        return "pytorch:dtype=quint8,qscheme=affine,reduce_range=0" if config["recipe"] == "onnx-dynamic" \
            else "onnx-dynamic"
    if plant == "reduce-range":
        flipped = "reduce_range=1" if "reduce_range=0" in config["recipe"] else "reduce_range=0"
        return config["recipe"].replace("reduce_range=0", flipped).replace("reduce_range=1", flipped)
    other = {"quint8": "qint8", "qint8": "quint8", "qint32": "qint8"}[config["dtype"]]
    return config["recipe"].replace(f"dtype={config['dtype']}", f"dtype={other}")


# ---------------------------------------------------------------------------------------------------------------
# cases
# ---------------------------------------------------------------------------------------------------------------

def make_cases(config, tier_counts, seed, framework):
    """The cases of one configuration: {"ranges": [(min, max), ...], "focus": k, "family": tag, "data": [...]}."""
    cseed = seed ^ zlib.crc32(config["name"].encode())
    random_count, edge_count = tier_counts
    onnx = framework == "onnxruntime"
    drawn = cr.random_ranges(random.Random(cseed), random_count)
    edge = cr.edge_ranges(random.Random(cseed + 1), edge_count + (edge_count if onnx else 0), binary64=not onnx)
    if onnx:  # data has min <= max (or NaN): no reversed range, and float32 values only
        edge = [e for e in edge if not (e[0] > e[1])][:edge_count]
    rng = random.Random(cseed + 2)
    fillers = cr.random_ranges(random.Random(cseed + 3), 3 * len(drawn + edge)) if config["per_channel"] else []
    below = cr.draws(rng)[1]  # rng.randint(0, n) is below(n + 1)
    cases = []
    for lo, hi, tag in drawn + edge:
        case = {"ranges": [(lo, hi)], "focus": 0, "family": tag}
        if config["per_channel"]:
            channels = [f[:2] for f in (fillers.pop() for _ in range(below(4)))]
            case["focus"] = below(len(channels) + 1)
            channels.insert(case["focus"], (lo, hi))
            case["ranges"] = channels
        if onnx:
            case["data"] = ort_data(rng, lo, hi)
        cases.append(case)
    return cases


def ort_data(rng, lo, hi):
    """A float32 data tensor whose min is lo and max is hi (a NaN end: exactly [lo, hi] in that order)."""
    if lo != lo or hi != hi:
        return [lo, hi]
    roll = rng.random()
    if roll < 0.6:
        return [lo, hi] if rng.random() < 0.5 else [hi, lo]
    if roll < 0.65 and cr.f32_bits(lo) == cr.f32_bits(hi):
        return [lo]
    n = rng.randint(3, 64) if roll < 0.97 else rng.randint(129, 1000)  # > 128: ORT splits min / max over threads
    data = []
    for _ in range(n - 2):
        v = cr.f32(lo + (hi - lo) * rng.random()) if (hi - lo) < cr.INF else rng.choice((lo, hi, 0.0))
        data.append(min(max(v, lo), hi) if v == v else lo)
    data.insert(rng.randint(0, len(data)), lo)
    data.insert(rng.randint(0, len(data)), hi)
    return data


def ranges_line(case, per_channel):
    numbers = " ".join(f"{lo.hex()} {hi.hex()}" for lo, hi in case["ranges"])  # cr.number_text
    return f"axis=0 {numbers}" if per_channel else numbers


# ---------------------------------------------------------------------------------------------------------------
# the two sides
# ---------------------------------------------------------------------------------------------------------------

def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise ToolError(f"`{' '.join(cmd)}` exited {r.returncode}:\n{r.stderr[-3000:]}")
    return r


def quant_interp_run(args, recipe, ranges_file, out):
    """`quant-interp --choose-params --json` on a ranges file, its answers written to `out` (run on a worker thread
    while the main one draws ranges)."""
    cmd = [args.quant_interp, "--choose-params", f"--calibration={recipe}", f"--ranges-file={ranges_file}", "--json"]
    with open(out, "w") as f:
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise ToolError(f"`{' '.join(cmd)}` exited {r.returncode}:\n{r.stderr[-3000:]}")
    return out


def quant_interp_answers(out):
    """{line: answer} of a quant_interp_run's output file (removed after reading: it is large)."""
    with open(out) as f:
        text = f.read()
    os.unlink(out)
    # one JSON array of every line: one call of the C decoder instead of one per line; the objects are the answers
    # (difference() and show_answer() read their fields: ok, scales, zero_points, storage, storage_min, storage_max,
    # refusal, recipe)
    return {obj["line"]: obj for obj in
            json.loads("[" + ",".join(line for line in text.splitlines() if line.strip()) + "]")}


class TorchRun:
    """One torch_qparams.py process for every configuration, fed its jobs on stdin as their ranges files are written
    (it answers one while the next is drawn and quant-interp runs)."""

    def __init__(self, work):
        os.makedirs(work, exist_ok=True)
        self.out_path, self.err_path = os.path.join(work, "torch-stdout.txt"), os.path.join(work, "torch-stderr.txt")
        self.out, self.err = open(self.out_path, "w"), open(self.err_path, "w")
        self.cmd = [TORCH_PYTHON, os.path.join(HERE, "torch_qparams.py"), "--jobs=-"]
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=self.out, stderr=self.err, text=True)

    def add(self, config, ranges_file, out, classes, batch):
        """Queues a job: the observers of `config` on ranges_file, answers to out. classes: all (every observer class
        sharing _calculate_qparams; they must agree) or first; batch: off, on or check (torch_qparams.py --batch)."""
        line = " ".join(config["torch"] + [f"--classes={classes}", f"--batch={batch}", f"--ranges-file={ranges_file}",
                                           f"--out={out}"])
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # it exited: wait() reports why

    def wait(self):
        """Its summary lines (stdout); ToolError when it failed."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        code = self.proc.wait()
        self.out.close()
        self.err.close()
        if code != 0:
            with open(self.err_path) as f:
                raise ToolError(f"`{' '.join(self.cmd)}` exited {code}:\n{f.read()[-3000:]}")
        with open(self.out_path) as f:
            return f.read().splitlines()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for f in (self.out, self.err):
            if not f.closed:
                f.close()


def torch_answers(config):
    """{line: answer} of one configuration, from WORK/torch.jsonl (TorchRun)."""
    with open(os.path.join(config["work"], "torch.jsonl")) as f:
        objects = json.loads("[" + ",".join(line for line in f if line.strip()) + "]")
    storage = STORAGE_OF_DTYPE[config["dtype"]]
    for obj in objects:  # the storage bounds are the observer's quant_min / quant_max
        if obj["ok"]:
            obj["storage"], obj["storage_min"], obj["storage_max"] = storage, obj["quant_min"], obj["quant_max"]
    return {obj["line"]: obj for obj in objects}


def ort_answers(args, cases, work):
    data_file, out = os.path.join(work, "ort-data.txt"), os.path.join(work, "ort.txt")
    with open(data_file, "w") as f:
        for case in cases:
            f.write(" ".join("%08x" % cr.f32_bits(v) for v in case["data"]) + "\n")
    env = dict(os.environ, NODE_PATH=args.node_modules)
    run(["node", os.path.join(HERE, "ort_dynamic.js"), data_file, out], env=env)
    answers = {}
    with open(out) as f:
        for line, text in enumerate(f, 1):
            if text.startswith("error "):
                answers[line] = {"ok": False, "refusal": text[6:].strip()}
                continue
            bits, zp = text.split()
            scale = cr.f32_of_bits(int(bits, 16))
            answers[line] = {"ok": True, "scales": ["0x%016x" % cr.f64_bits(scale)], "zero_points": [int(zp)],
                             "storage": "u8", "storage_min": 0, "storage_max": 255}
    return answers


# ---------------------------------------------------------------------------------------------------------------
# comparison
# ---------------------------------------------------------------------------------------------------------------

def difference(ours, theirs):
    """None when the answers agree, else the kind of mismatch."""
    if ours is None or theirs is None:
        return "missing answer"
    if ours["ok"] != theirs["ok"]:
        return "quant-interp refuses, framework answers" if theirs["ok"] else "framework refuses, quant-interp answers"
    if not ours["ok"]:
        return None
    kinds = [k for k, field in (("scale", "scales"), ("zero point", "zero_points")) if ours[field] != theirs[field]
             and (field != "scales" or [s.lower() for s in ours[field]] != theirs[field])]  # hex digits in any case
    if (ours["storage"], ours["storage_min"], ours["storage_max"]) != \
            (theirs["storage"], theirs["storage_min"], theirs["storage_max"]):
        kinds.append("storage")
    return " + ".join(kinds) or None


def show_answer(a):
    if a is None:
        return "(no answer)"
    if not a["ok"]:
        return f"refuses: {a['refusal']}"
    return f"{a['storage']}<{a['storage_min']}:{a['storage_max']}> scales {a['scales']} zero points {a['zero_points']}"


def compare(config, cases, ours, theirs, framework, declared, show):
    """Counts of the configuration; prints the first `show` undeclared mismatches."""
    stats = {"cases": len(cases), "mismatches": 0, "declared": collections.Counter(),
             "kinds": collections.Counter(), "families": collections.Counter(), "refused": 0}
    shown = 0
    for line, case in enumerate(cases, 1):
        kind = difference(ours.get(line), theirs.get(line))
        if theirs.get(line) and not theirs[line]["ok"]:
            stats["refused"] += 1
        if kind is None:
            continue
        names = [n for n in declared if DECLARED[n][1](case, ours.get(line), theirs.get(line))]
        if names:
            stats["declared"][names[0]] += 1
            continue
        stats["mismatches"] += 1
        stats["kinds"][kind] += 1
        stats["families"][case["family"]] += 1
        if shown < show:
            shown += 1
            ranges = ", ".join(f"[{cr.number_text(lo)}, {cr.number_text(hi)}]" for lo, hi in case["ranges"])
            print(f"  MISMATCH ({kind}) line {line}, {case['family']}: range {ranges}"
                  + (f" (channel {case['focus']})" if config["per_channel"] else "")
                  + (f", data of {len(case['data'])} elements" if "data" in case else ""))
            print(f"    quant-interp: {show_answer(ours.get(line))}")
            print(f"    {framework:12}: {show_answer(theirs.get(line))}")
    return stats


def installed(args):
    if args.framework == "pytorch":
        if not os.access(TORCH_PYTHON, os.X_OK):
            return f"{TORCH_PYTHON} is missing (Debian's python3-torch; .ci/setup installs it)"
        r = subprocess.run([TORCH_PYTHON, "-c", "import torch"], capture_output=True, text=True)
        if r.returncode != 0:
            return "Debian's python3-torch is not installed (.ci/setup installs it): " + \
                (r.stderr.strip().splitlines() or ["import torch failed"])[-1]
        return None
    if not shutil.which("node"):
        return "node is not installed (.ci/setup installs nodejs)"
    if not os.path.isfile(os.path.join(args.node_modules, "onnxruntime-node", "package.json")):
        return f"onnxruntime-node is not installed in {args.node_modules} (.ci/setup installs it)"
    return None


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--framework", required=True, choices=("pytorch", "onnxruntime"))
    p.add_argument("--quant-interp", required=True)
    p.add_argument("--tier", default="quick", choices=sorted(TIERS))
    p.add_argument("--node-modules", default="")
    p.add_argument("--work", default=os.path.join(os.getcwd(), "calibration-check"))
    p.add_argument("--seed", type=int, default=20241)
    p.add_argument("--plant", choices=("dtype", "reduce-range", "recipe"))
    p.add_argument("--declare", action="append", default=[], metavar="CLASS")
    p.add_argument("--show", type=int, default=5, help="mismatches printed per configuration")
    p.add_argument("--only", help="run the configurations whose name contains this text")
    args = p.parse_args()
    for name in args.declare:
        if name not in DECLARED or args.framework not in DECLARED[name][0]:
            p.error(f"--declare={name}: no declared behaviour of that name for {args.framework} "
                    f"(known: {', '.join(n for n in DECLARED if args.framework in DECLARED[n][0]) or 'none'})")
    why = installed(args)
    if why:
        print(f"SKIPPED: calibration check against {args.framework}: {why}", flush=True)
        return EXIT_SKIP
    help_text = subprocess.run([args.quant_interp, "--help"], capture_output=True, text=True).stdout
    if "--choose-params" not in help_text:
        print(f"FAIL: {args.quant_interp} --help names no --choose-params (the CLI of docs/calibration.md)")
        return 1
    configs = pytorch_configurations() if args.framework == "pytorch" else onnxruntime_configurations()
    if args.only:
        configs = [c for c in configs if args.only in c["name"]]
    counts = TIERS[args.tier]
    # Pipelined: the main thread draws each configuration's ranges and writes its ranges file; quant-interp answers
    # it on QI_WORKERS threads and the framework in its own process (PyTorch: one torch_qparams.py fed job by job;
    # ONNX Runtime: ort_dynamic.js on a worker) meanwhile; then the comparisons, in configuration order.
    # PyTorch: the quick tier asks every observer class sharing _calculate_qparams (they must agree) and checks the
    # batched calculate_qparams() call against the per-range one on every case (--batch=check); the full tier asks
    # the first class, batched (--batch=on), for time.
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=QI_WORKERS)
    torch_run = TorchRun(os.path.join(args.work, args.framework)) if args.framework == "pytorch" else None
    cases_of, qi_runs, ort_runs = {}, {}, {}
    try:
        for index, config in enumerate(configs):
            config["work"] = os.path.join(args.work, args.framework, config["name"].replace("/", "_"))
            os.makedirs(config["work"], exist_ok=True)
            cases = cases_of[config["name"]] = make_cases(config, counts, args.seed, args.framework)
            config["ranges_file"] = os.path.join(config["work"], "ranges.txt")
            with open(config["ranges_file"], "w") as f:
                f.writelines(ranges_line(c, config["per_channel"]) + "\n" for c in cases)
            if torch_run:
                torch_run.add(config, config["ranges_file"], os.path.join(config["work"], "torch.jsonl"),
                              "all" if args.tier == "quick" else "first", "check" if args.tier == "quick" else "on")
            else:
                ort_runs[config["name"]] = pool.submit(ort_answers, args, cases, config["work"])
            recipes = [planted_recipe(config, args.plant) if args.plant else config["recipe"]]
            if index == 0 and not args.plant:
                # The check can fail: the same framework answers against a recipe the framework does not follow.
                recipes.append(planted_recipe(config, "recipe" if args.framework == "onnxruntime" else "dtype"))
            qi_runs[config["name"]] = [
                (recipe, pool.submit(quant_interp_run, args, recipe, config["ranges_file"],
                                     os.path.join(config["work"], "quant-interp-%d.jsonl" % k)))
                for k, recipe in enumerate(recipes)]
        batch_checked = []
        if torch_run and args.tier == "quick":
            # The batched call against the per-range one on more ranges than the quick tier's: the full tier's
            # edge ranges (every family, not only the special-value pairs).
            for config in configs:
                if config["name"] in BATCH_CHECK_CONFIGURATIONS:
                    # only the cases the batched call takes (finite ordered float32 ranges): the others are
                    # answered per range either way
                    cases = [c for c in make_cases(config, BATCH_CHECK_COUNTS, args.seed, args.framework)
                             if all(math.isfinite(cr.f32(lo)) and math.isfinite(cr.f32(hi)) and cr.f32(lo) <= cr.f32(hi)
                                    for lo, hi in c["ranges"])]
                    ranges_file = os.path.join(config["work"], "batch-check-ranges.txt")
                    with open(ranges_file, "w") as f:
                        f.writelines(ranges_line(c, config["per_channel"]) + "\n" for c in cases)
                    torch_run.add(config, ranges_file, os.path.join(config["work"], "batch-check.jsonl"), "first",
                                  "check")
                    batch_checked.append(config["name"])
        if torch_run:
            try:
                for line in torch_run.wait():
                    print(line)
            except ToolError as e:
                print(f"FAIL: {args.framework}: {e}")
                return 1
            if batch_checked:
                print(f"  (--batch=check also on the full tier's {sum(BATCH_CHECK_COUNTS):,} edge ranges of "
                      f"{', '.join(batch_checked)}: those with finite ordered ranges)")
        failed = False
        total = collections.Counter()
        declared_seen = collections.Counter()
        for index, config in enumerate(configs):
            cases = cases_of.pop(config["name"])
            try:
                theirs = torch_answers(config) if torch_run else ort_runs[config["name"]].result()
            except ToolError as e:
                print(f"FAIL: {args.framework}: {e}")
                return 1
            (recipe, run), *others = qi_runs[config["name"]]
            try:
                ours = quant_interp_answers(run.result())
            except ToolError as e:
                print(f"FAIL: {config['name']}: {e}")
                return 1
            spelled = next(iter(ours.values()), {}).get("recipe", recipe)
            print(f"{config['name']}: --calibration={recipe} ({spelled}), {len(cases):,} cases "
                  f"({counts[0]:,} random + {len(cases) - counts[0]:,} edge)", flush=True)
            stats = compare(config, cases, ours, theirs, args.framework, args.declare, args.show)
            declared_seen.update(stats["declared"])
            print(f"  {stats['mismatches']:,} mismatches; framework refusals {stats['refused']:,}"
                  + (f"; declared {dict(stats['declared'])}" if stats["declared"] else ""))
            if stats["mismatches"]:
                failed = True
                print(f"  by kind: {dict(stats['kinds'])}")
                print(f"  by range family: {dict(stats['families'])}")
            total["cases"] += stats["cases"]
            total["mismatches"] += stats["mismatches"]
            total["configurations"] += 1
            for wrong, run in others:
                try:
                    planted = compare(config, cases, quant_interp_answers(run.result()), theirs, args.framework, [], 0)
                except ToolError as e:
                    print(f"FAIL: {config['name']} against {wrong}: {e}")
                    return 1
                print(f"  can fail: the same {args.framework} answers against --calibration={wrong}: "
                      f"{planted['mismatches']:,} mismatches {dict(planted['kinds'])} (must be > 0)")
                if not planted["mismatches"]:
                    print("FAIL: a recipe the framework does not follow matches it on every case: the check proves "
                          "nothing")
                    failed = True
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if torch_run:
            torch_run.stop()
    for name in args.declare:
        if not declared_seen[name]:
            print(f"FAIL: declared behaviour {name} ({DECLARED[name][2]}) did not occur: remove the declaration")
            failed = True
    print(f"{args.framework} ({args.tier}): {total['configurations']} configurations, {total['cases']:,} cases, "
          f"{total['mismatches']:,} undeclared mismatches" + (" (planted recipe)" if args.plant else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
