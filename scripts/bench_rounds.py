#!/usr/bin/env python3
"""Interleaved rf4j-vs-NumPy benchmark rounds (the engine behind scripts/bench_compare.sh).

Each round runs the NumPy/scikit-learn reference once (a fresh Python process with the chosen
OpenBLAS core type and thread count) and then every rf4j figure once per JDK, each in a fresh JVM
(a "fork"). Ratios are taken within a round, so a slow period of a shared machine hits both sides.
At the end it prints, per figure, thread count and JDK, the min / median / max over the forks of
rf4j's rows/s (or seconds), of the ratio to the peer, and of allocatedBytes per call, beside the
machine's load average before and after. Raw results are JSON lines on stdout (prefix "raw "),
the summary a Markdown table.

Standard library only, so it runs with any python3; the peer needs Debian's python3-numpy and
python3-sklearn (use /usr/bin/python3, not a virtualenv).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# figure -> (rf4j arguments, peer key, what is compared)
FIGURES = {
    "gemm": (["--gemm", "--n", "100000", "--d", "64", "--m", "512"], "matmul", "gflops"),
    "positive": (["--features", "positive", "--coupling", "iid", "--n", "100000", "--d", "64", "--m", "512"],
                 "positive", "rowsPerSecond"),
    "trigonometric": (["--features", "trigonometric", "--coupling", "iid", "--kernel", "gaussian", "--n", "100000",
                       "--d", "64", "--m", "512"], "rbfsampler_2m", "rowsPerSecond"),
    "attention": (["--attention", "--L", "16384", "--d", "64", "--m", "256"], "performer", "seconds"),
}


def load():
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def run_json(cmd, env=None):
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in r.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            return json.loads(line), r.stderr
    raise RuntimeError("no JSON from %s (exit %d): %s" % (" ".join(cmd), r.returncode, r.stderr.strip()[-500:]))


def peer(py, threads, coretype, figures):
    only = ",".join(sorted({FIGURES[f][1] for f in figures}))
    cmd = [py, os.path.join(HERE, "numpy_reference.py"), "--threads", str(threads), "--only", only]
    if coretype:
        cmd += ["--coretype", coretype]
    res, _ = run_json(cmd)
    return res


def rf4j(java_home, threads, figure):
    env = dict(os.environ)
    if java_home:
        env["JAVA_HOME"] = java_home
    res, _ = run_json([os.path.join(ROOT, "rf4j"), "bench", "--threads", str(threads), "--json"] + FIGURES[figure][0],
                      env)
    return res


def summary(values):
    if not values:
        return "—"
    return "%s / %s / %s" % (fmt(min(values)), fmt(statistics.median(values)), fmt(max(values)))


def fmt(v):
    if v != v:
        return "nan"
    if abs(v) >= 1e5:
        return "%.0fk" % (v / 1e3)
    if abs(v) >= 100:
        return "%.0f" % v
    if abs(v) >= 10:
        return "%.1f" % v
    return "%.3g" % v


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--forks", type=int, default=10, help="rounds (JVM forks per figure and JDK); default 10")
    p.add_argument("--threads", default="1,2", help="comma-separated thread counts; default 1,2")
    p.add_argument("--jdk", action="append", default=[],
                   help="a JAVA_HOME to run rf4j with (repeat for several); default: JAVA_HOME or java on PATH")
    p.add_argument("--figures", default="positive,trigonometric,gemm,attention",
                   help="comma-separated subset of " + ",".join(FIGURES))
    p.add_argument("--python", default="/usr/bin/python3", help="the peer's interpreter (Debian's python3-numpy)")
    p.add_argument("--coretype", default="", help="force the peer's OPENBLAS_CORETYPE (default: the one matching"
                   " the CPU, chosen by numpy_reference.py)")
    args = p.parse_args()
    figures = [f.strip() for f in args.figures.split(",") if f.strip()]
    for f in figures:
        if f not in FIGURES:
            p.error("unknown figure %r (known: %s)" % (f, ", ".join(FIGURES)))
    jdks = args.jdk or [os.environ.get("JAVA_HOME", "")]
    threads = [int(t) for t in args.threads.split(",") if t.strip()]
    coretype = args.coretype

    rows = {}  # (figure, threads, jdk) -> list of (rf4j value, ratio, allocated)
    peers = {}
    core_used = set()
    load0 = load()
    t0 = time.time()
    for rnd in range(args.forks):
        for t in threads:
            pr = peer(args.python, t, coretype, figures)
            print("raw " + json.dumps({"round": rnd, "peer": pr, "load": load()}), flush=True)
            core_used.add(pr.get("openblasCore", "?"))
            for f in figures:
                key, q = FIGURES[f][1], FIGURES[f][2]
                pv = pr.get(key, {}).get("seconds" if q == "seconds" else q)
                peers.setdefault((f, t), []).append(pv)
                for jdk in jdks:
                    r = rf4j(jdk, t, f)
                    print("raw " + json.dumps({"round": rnd, "jdk": jdk or "default", "figure": f, "rf4j": r,
                                               "load": load()}), flush=True)
                    v = r["seconds"] if q == "seconds" else r[q]
                    ratio = float("nan") if not pv else (pv / v if q == "seconds" else v / pv)
                    rows.setdefault((f, t, jdk), []).append((v, ratio, r.get("allocatedBytes", -1)))
    load1 = load()

    what = {"gflops": "GFLOP/s", "rowsPerSecond": "rows/s", "seconds": "s (lower is better)"}
    print()
    print("OpenBLAS core type used by the peer: %s (requested: %s); load average %.1f before, %.1f after;"
          " %d rounds in %.0f s" % (", ".join(sorted(core_used)), coretype or "matching the CPU", load0, load1, args.forks,
                                    time.time() - t0))
    print()
    print("| figure | threads | JDK | rf4j min / median / max | peer median | rf4j/peer min / median / max |"
          " allocatedBytes per call, max |")
    print("|---|---|---|---|---|---|---|")
    for (f, t, jdk), vals in rows.items():
        q = FIGURES[f][2]
        pv = [x for x in peers[(f, t)] if x]
        print("| %s (%s) | %d | %s | %s | %s | %s | %s |" % (
            f, what[q], t, jdk_name(jdk), summary([v for v, _, _ in vals]),
            fmt(statistics.median(pv)) if pv else "—", summary([r for _, r, _ in vals]),
            max(a for _, _, a in vals)))
    return 0


def jdk_name(home):
    java = os.path.join(home, "bin", "java") if home else "java"
    try:
        out = subprocess.run([java, "-version"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True).stderr
        return out.split('"')[1] if '"' in out else out.split()[0]
    except OSError:
        return home or "java"


if __name__ == "__main__":
    sys.exit(main())
