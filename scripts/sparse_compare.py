#!/usr/bin/env python3
"""Sparse rows: `rf4j transform` of a libsvm file against scikit-learn's RBFSampler on a scipy CSR matrix.

Both sides map the same n x d CSR matrix (fixed seed: d = 2^18 columns as HashingTF's default, a Poisson(`--nnz`)
number of distinct uniform columns per row, values uniform in [0, 1)) to m
random Fourier features sqrt(2/m)·cos(w·x + b) of the Gaussian kernel exp(-|x-y|²/(2σ²))
(RBFSampler's gamma = 1/(2σ²)), on one thread. rf4j reads the matrix from a libsvm file
(`rf4j transform --input x.svm --dimension d --json`: readSeconds, mapSeconds, writeSeconds); the
peer loads the same file with sklearn's load_svmlight_file, then times RBFSampler.fit (drawing its
d×m weights) and RBFSampler.transform (the CSR × dense product, cos, scale). The figure compared is
the map: rf4j's mapSeconds against the peer's transform. rf4j runs twice per round: with the
projection stored (a budget of 1024 MiB holds the 8·m·d-byte W, as RBFSampler does) and with the
default budget of 256 MiB, over which W is generated on the fly (no storage). Each run is a fresh
process (JVM forks); the summary gives min / median / max over --repeats rounds and the ratio of the
medians (peer time ÷ rf4j time: above 1 means rf4j is faster).

Usage (build rf4j first: ./mvnw -q package -DskipTests; the peer needs Debian's python3-numpy,
python3-scipy and python3-sklearn, run with /usr/bin/python3):
    scripts/sparse_compare.py [--n 20000] [--d 262144] [--nnz 100] [--m 256] [--repeats 5]
                              [--java-home JDK] [--json]
Exits 0 with a note when NumPy, SciPy or scikit-learn is missing.
"""
import argparse
import json
import os
import sys
import tempfile
import time

from forks import mmm, parse, timed

HERE = os.path.dirname(os.path.abspath(__file__))
RF4J = os.path.join(os.path.dirname(HERE), "rf4j")
SIGMA = 1.0


def worker(a):
    """The peer, in its own process: load, draw (fit), map (transform), each phase timed."""
    from sklearn.datasets import load_svmlight_file
    from sklearn.kernel_approximation import RBFSampler
    t0 = time.perf_counter()
    x, _ = load_svmlight_file(a.input, n_features=a.d, dtype="float64")
    t1 = time.perf_counter()
    sampler = RBFSampler(gamma=1.0 / (2 * SIGMA * SIGMA), n_components=a.m, random_state=a.seed).fit(x)
    t2 = time.perf_counter()
    z = sampler.transform(x)
    t3 = time.perf_counter()
    print(json.dumps({"rows": int(z.shape[0]), "readSeconds": t1 - t0, "drawSeconds": t2 - t1,
                      "mapSeconds": t3 - t2}))


def random_csr(n, d, nnz, seed):
    """n rows with about nnz distinct uniform columns each (values uniform in [0, 1)), as a CSR matrix.
    Row by row: scipy.sparse.random draws from all n·d positions at once, which needs n·d·8 bytes."""
    import numpy as np
    import scipy.sparse
    rng = np.random.default_rng(seed)
    indptr = [0]
    cols = []
    for _ in range(n):
        c = np.unique(rng.integers(0, d, size=rng.poisson(nnz)))
        cols.append(c)
        indptr.append(indptr[-1] + len(c))
    indices = np.concatenate(cols) if cols else np.zeros(0, dtype=np.int64)
    return scipy.sparse.csr_matrix((rng.random(len(indices)), indices, np.array(indptr)), shape=(n, d))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--input", help=argparse.SUPPRESS)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--n", type=int, default=20000)
    p.add_argument("--d", type=int, default=1 << 18)
    p.add_argument("--nnz", type=float, default=100.0, help="stored entries per row on average")
    p.add_argument("--m", type=int, default=256)
    p.add_argument("--repeats", type=int, default=5)
    a = parse(p, worker)
    if a is None:
        return
    try:
        import numpy as np  # noqa: F401
        import scipy.sparse  # noqa: F401
        from sklearn.datasets import dump_svmlight_file
        import sklearn.kernel_approximation  # noqa: F401
    except ImportError as e:
        print(f"sparse_compare.py: NumPy/SciPy/scikit-learn not available ({e}); nothing to compare", file=sys.stderr)
        return
    one = {k: "1" for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    peer_env = dict(os.environ, **one)
    rf_env = dict(os.environ, **one)
    if a.java_home:
        rf_env["JAVA_HOME"] = a.java_home
    sides = {"rf4j stored W": [], "rf4j generated W": [], "sklearn RBFSampler": []}
    with tempfile.TemporaryDirectory() as tmp:
        x = random_csr(a.n, a.d, a.nnz, a.seed)
        inp = os.path.join(tmp, "x.svm")
        dump_svmlight_file(x, np.zeros(a.n), inp, zero_based=False)
        configs = {}
        for side, budget in (("rf4j stored W", 1024), ("rf4j generated W", None)):
            est = {"id": "random-features", "coupling": {"id": "iid"}, "features": {"id": "random-fourier"}, "m": a.m}
            if budget is not None:
                est["projectionBudgetMiB"] = budget
            cfg = os.path.join(tmp, "%s.json" % side.split()[1])
            with open(cfg, "w") as f:
                json.dump({"kernel": {"id": "gaussian", "sigma": SIGMA}, "estimator": est, "seed": a.seed}, f)
            configs[side] = cfg
        for r in range(a.repeats):
            for side, cfg in configs.items():
                out = os.path.join(tmp, "rf4j.npy")
                sides[side].append(timed([RF4J, "transform", "--config", cfg, "--input", inp, "--output", out,
                                          "--dimension", str(a.d), "--threads", "1", "--json"], rf_env))
                os.remove(out)
            sides["sklearn RBFSampler"].append(timed(["/usr/bin/python3" if os.path.exists("/usr/bin/python3")
                                                      else sys.executable, os.path.abspath(__file__), "--worker",
                                                      "--input", inp, "--d", str(a.d), "--m", str(a.m),
                                                      "--seed", str(a.seed)], peer_env))
    summary = {"n": a.n, "d": a.d, "nnzPerRow": x.nnz / a.n, "m": a.m, "threads": 1, "repeats": a.repeats,
               "sides": {}}
    for side, runs in sides.items():
        summary["sides"][side] = {k: mmm([r[k] for r in runs]) for k in ("wallSeconds", "readSeconds", "mapSeconds")}
    peer = summary["sides"]["sklearn RBFSampler"]["mapSeconds"][1]
    summary["peerOverRf4j"] = {s: peer / summary["sides"][s]["mapSeconds"][1] for s in configs}
    if a.json:
        print(json.dumps(summary))
        return
    print(f"{a.n} sparse rows x {a.d} columns ({summary['nnzPerRow']:.1f} stored per row) -> {a.m} random Fourier"
          f" features, 1 thread, {a.repeats} forks per side; seconds, min / median / max")
    print("| side | map | read | wall (start-up included) | rows/s (map, median) |")
    print("|---|---|---|---|---|")
    for side in sides:
        s = summary["sides"][side]
        cells = " | ".join("%.3f / %.3f / %.3f" % s[k] for k in ("mapSeconds", "readSeconds", "wallSeconds"))
        print(f"| {side} | {cells} | {a.n / s['mapSeconds'][1]:,.0f} |")
    for side, ratio in summary["peerOverRf4j"].items():
        print(f"sklearn map time / {side} map time (medians): {ratio:.2f}")


if __name__ == "__main__":
    main()
