#!/usr/bin/env python3
"""`rf4j transform` end to end (CSV in, features out) against a NumPy/pandas script doing the same.

Both sides read the same CSV file of n rows and d columns (written with 17 significant digits),
compute positive random features exp(w·x − |x|²/2)/√m for m random directions, and write the n×m
features as CSV (shortest round-trip digits on rf4j's side, pandas' default repr on the peer's) or
as .npy (--format npy). Each run is a fresh process, timed from outside (wall clock, start-up
included) and from inside: rf4j's `transform --json` reports readSeconds / mapSeconds /
writeSeconds, the peer reports the same three phases (pandas.read_csv; matmul + exp; to_csv or
np.save). Runs alternate between the sides; the summary gives min / median / max of each figure
over --repeats runs and the rf4j ÷ peer ratio of the medians (rows per second).

Usage (build rf4j first: ./mvnw -q package -DskipTests; the peer needs Debian's python3-numpy and
python3-pandas, run with /usr/bin/python3):
    scripts/transform_compare.py [--n 20000] [--d 64] [--m 512] [--repeats 5] [--format csv|npy]
                                 [--threads 1] [--java-home JDK] [--coretype NAME] [--json]
The peer's OpenBLAS core type is the one matching the CPU (AVX-512 -> SkylakeX) unless --coretype
says otherwise; BLAS and rf4j get the same thread count. Exits 0 with a note when NumPy or pandas
is missing.
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


def cpu_coretype():
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((l.split(":", 1)[1].split() for l in f if l.startswith("flags")), [])
    except OSError:
        return None
    if {"avx512f", "avx512dq", "avx512bw", "avx512vl"} <= set(flags):
        return "SkylakeX"
    if {"avx2", "fma"} <= set(flags):
        return "Haswell"
    return None


def worker(a):
    """The peer, in its own process: read, map, write, each phase timed."""
    import numpy as np
    import pandas as pd
    t0 = time.perf_counter()
    df = pd.read_csv(a.input)
    x = df.to_numpy(dtype=np.float64)
    t1 = time.perf_counter()
    rng = np.random.default_rng(a.seed)
    w = rng.standard_normal((a.m, x.shape[1]))
    z = x @ w.T
    z -= 0.5 * np.einsum("ij,ij->i", x, x)[:, None]
    np.exp(z, out=z)
    z *= 1.0 / np.sqrt(a.m)
    t2 = time.perf_counter()
    if a.output.endswith(".npy"):
        np.save(a.output, z)
    else:
        pd.DataFrame(z, columns=[f"f{j}" for j in range(a.m)]).to_csv(a.output, index=False)
    t3 = time.perf_counter()
    print(json.dumps({"rows": int(x.shape[0]), "readSeconds": t1 - t0, "mapSeconds": t2 - t1,
                      "writeSeconds": t3 - t2, "totalSeconds": t3 - t0}))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--input", help=argparse.SUPPRESS)
    p.add_argument("--output", help=argparse.SUPPRESS)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--n", type=int, default=20000)
    p.add_argument("--d", type=int, default=64)
    p.add_argument("--m", type=int, default=512)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--format", choices=["csv", "npy"], default="csv")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--coretype", default=None)
    a = parse(p, worker)
    if a is None:
        return
    try:
        import numpy as np
        import pandas  # noqa: F401  (the peer needs it)
    except ImportError as e:
        print(f"transform_compare.py: NumPy/pandas not available ({e}); nothing to compare", file=sys.stderr)
        return
    core = a.coretype or cpu_coretype()
    peer_env = dict(os.environ, OPENBLAS_NUM_THREADS=str(a.threads), OMP_NUM_THREADS=str(a.threads))
    peer_env.pop("OPENBLAS_L2_SIZE", None)
    if core:
        peer_env["OPENBLAS_CORETYPE"] = core
    rf_env = dict(os.environ)
    if a.java_home:
        rf_env["JAVA_HOME"] = a.java_home
    results = {"rf4j": [], "peer": []}
    with tempfile.TemporaryDirectory() as tmp:
        rng = np.random.default_rng(a.seed)
        x = rng.standard_normal((a.n, a.d)) * a.d ** -0.25
        inp = os.path.join(tmp, "x.csv")
        np.savetxt(inp, x, delimiter=",", fmt="%.17g", header=",".join(f"x{j}" for j in range(a.d)), comments="")
        cfg = os.path.join(tmp, "c.json")
        with open(cfg, "w") as f:
            json.dump({"kernel": {"id": "softmax"}, "estimator": {"id": "random-features", "coupling": {"id": "iid"},
                                                                   "features": {"id": "positive"}, "m": a.m},
                       "seed": a.seed}, f)
        for r in range(a.repeats):
            out = os.path.join(tmp, "rf4j." + a.format)
            results["rf4j"].append(timed([RF4J, "transform", "--config", cfg, "--input", inp, "--output", out,
                                          "--threads", str(a.threads), "--json"], rf_env))
            os.remove(out)
            out = os.path.join(tmp, "peer." + a.format)
            results["peer"].append(timed([sys.executable, os.path.abspath(__file__), "--worker", "--input", inp,
                                          "--output", out, "--m", str(a.m), "--seed", str(a.seed)], peer_env))
            os.remove(out)
    summary = {"n": a.n, "d": a.d, "m": a.m, "format": a.format, "threads": a.threads, "repeats": a.repeats,
               "openblasCoretype": core, "sides": {}}
    for side, runs in results.items():
        summary["sides"][side] = {k: mmm([r[k] for r in runs]) for k in
                                  ("wallSeconds", "totalSeconds", "readSeconds", "mapSeconds", "writeSeconds")}
    rf, pe = summary["sides"]["rf4j"], summary["sides"]["peer"]
    summary["ratioInProcess"] = pe["totalSeconds"][1] / rf["totalSeconds"][1]
    summary["ratioWall"] = pe["wallSeconds"][1] / rf["wallSeconds"][1]
    if a.json:
        print(json.dumps(summary))
        return
    print(f"transform {a.n} x {a.d} -> {a.m} positive features, {a.format} out, {a.threads} thread(s), "
          f"{a.repeats} runs per side (OpenBLAS core type {core}); seconds, min / median / max")
    print(f"| side | wall (start-up included) | in process | read | map | write | rows/s (in process, median) |")
    print("|---|---|---|---|---|---|---|")
    for side in ("rf4j", "peer"):
        s = summary["sides"][side]
        cells = " | ".join("%.3f / %.3f / %.3f" % s[k] for k in
                           ("wallSeconds", "totalSeconds", "readSeconds", "mapSeconds", "writeSeconds"))
        print(f"| {side if side == 'rf4j' else 'NumPy + pandas'} | {cells} | {a.n / s['totalSeconds'][1]:,.0f} |")
    print(f"rf4j ÷ peer (rows/s, medians): {summary['ratioInProcess']:.2f} in process, {summary['ratioWall']:.2f} wall")


if __name__ == "__main__":
    main()
