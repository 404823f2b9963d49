# Expected ranges of the statistics from the frameworks themselves
# (StatisticsFrameworkTest.cpp reads this script's output):
#   minmax, moving-average: PyTorch's MinMaxObserver / MovingAverageMinMaxObserver
#     (torch.ao.quantization.observer, PyTorch 1.13 as python3-torch installs it);
#   percentile: TVM's relay.quantize _find_scale_by_percentile, whose three
#     numpy lines are copied below (TVM itself is not packaged).
# Output, one case a line: SPELLING|BATCH;BATCH;...|MIN MAX, every number as
# float.hex(), a batch's values separated by commas (an empty batch is empty).
# Exit status 3 with a message when torch or numpy is missing.
import random
import sys

try:
    import numpy as np
    import torch
    from torch.ao.quantization.observer import MinMaxObserver, MovingAverageMinMaxObserver
except ImportError as e:
    sys.stderr.write("framework_statistics.py: %s: install python3-torch and python3-numpy "
                     "(.ci/setup does)\n" % e)
    sys.exit(3)


def tvm_find_scale_by_percentile(arr, percentile=0.99999):
    # apache/tvm python/tvm/relay/quantize/_calibrate.py
    assert isinstance(arr, np.ndarray)
    x = np.abs(arr)
    max_k = int(x.size * percentile)
    return np.partition(x, max_k)[max_k]


def batches_of(rng):
    count = rng.randint(1, 5)
    special = [0.0, -0.0, float("inf"), float("-inf"), 1e-45, -3.4028235677973366e38,
               0.1, 1.0000000596046448]
    result = []
    for _ in range(count):
        size = rng.choice([0, 1, 2, 5, 17])
        scale = rng.choice([1e-3, 1.0, 100.0, 1e30])
        batch = [rng.gauss(0.0, scale) for _ in range(size)]
        if batch and rng.random() < 0.25:
            batch[rng.randrange(len(batch))] = rng.choice(special)
        if batch and rng.random() < 0.05:
            batch[rng.randrange(len(batch))] = float("nan")
        result.append(batch)
    return result


def line(spelling, batches, low, high):
    text = ";".join(",".join(float(v).hex() for v in b) for b in batches)
    return "%s|%s|%s %s" % (spelling, text, float(low).hex(), float(high).hex())


def main():
    rng = random.Random(20241126)
    out = []
    for case in range(400):
        batches = batches_of(rng)
        observer = MinMaxObserver()
        for b in batches:
            observer(torch.tensor(b, dtype=torch.float64))
        out.append(line("minmax", batches, observer.min_val.item(), observer.max_val.item()))
        c = rng.choice([0.01, 0.1, 0.5, 1.0 / 3.0, 1.0])
        observer = MovingAverageMinMaxObserver(averaging_constant=c)
        for b in batches:
            observer(torch.tensor(b, dtype=torch.float64))
        out.append(line("moving-average:c=%r" % c, batches, observer.min_val.item(),
                        observer.max_val.item()))
        p = rng.choice([0.99999, 0.99, 0.9, 0.5, 0.0])
        flat = np.concatenate([np.array(b, dtype=np.float64) for b in batches])
        if int(flat.size * p) < flat.size:
            t = tvm_find_scale_by_percentile(flat, p)
            out.append(line("percentile:p=%r" % p, batches, -t, t))
    # Signed zeros and ties: which zero torch keeps.
    for batches in ([[0.0, -0.0]], [[-0.0, 0.0]], [[0.0], [-0.0]], [[-0.0], [0.0]],
                    [[1.0, -0.0, 0.0, -1.0]], [[0.0] * 20 + [-0.0] * 20]):
        observer = MinMaxObserver()
        for b in batches:
            observer(torch.tensor(b, dtype=torch.float64))
        out.append(line("minmax", batches, observer.min_val.item(), observer.max_val.item()))
    # numpy.histogram with a given range (the first step of the kl statistic):
    # histogram|BINS|FIRST LAST|VALUES|COUNTS|EDGES
    for case in range(200):
        values = [v for b in batches_of(rng) for v in b if v == v and abs(v) != float("inf")]
        if not values:
            continue
        bins = rng.choice([1, 3, 5, 255, 8001])
        t = max(abs(min(values)), abs(max(values)))
        first, last = (-t, t) if t != 0 else (-0.5, 0.5)
        counts, edges = np.histogram(np.array(values, dtype=np.float64), bins=bins,
                                     range=(-t, t))
        out.append("histogram|%d|%s %s|%s|%s|%s" % (
            bins, first.hex(), last.hex(), ",".join(v.hex() for v in values),
            ",".join(str(c) for c in counts), ",".join(float(e).hex() for e in edges)))
    print("\n".join(out))


main()
