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
    # the fp32 path against the same computations in NumPy float32
    "positive-float": (["--features", "positive", "--coupling", "iid", "--n", "100000", "--d", "64", "--m", "512",
                        "--precision", "float"], "positive_f32", "rowsPerSecond"),
    "attention-float": (["--attention", "--L", "16384", "--d", "64", "--m", "256", "--precision", "float"],
                        "performer_f32", "seconds"),
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
    p.add_argument("--summarize", metavar="FILE", help="only print the summary of a file of earlier \"raw\" lines")
    args = p.parse_args()
    if args.summarize:
        with open(args.summarize) as fh:
            report([json.loads(ln[4:]) for ln in fh if ln.startswith("raw ")], args.coretype)
        return 0
    figures = [f.strip() for f in args.figures.split(",") if f.strip()]
    for f in figures:
        if f not in FIGURES:
            p.error("unknown figure %r (known: %s)" % (f, ", ".join(FIGURES)))
    jdks = args.jdk or [os.environ.get("JAVA_HOME", "")]
    threads = [int(t) for t in args.threads.split(",") if t.strip()]
    coretype = args.coretype

    records = []
    load0 = load()
    t0 = time.time()
    for rnd in range(args.forks):
        for t in threads:
            pr = peer(args.python, t, coretype, figures)
            rec = {"round": rnd, "threads": t, "peer": pr, "load": load()}
            records.append(rec)
            print("raw " + json.dumps(rec), flush=True)
            for f in figures:
                for jdk in jdks:
                    r = rf4j(jdk, t, f)
                    rec = {"round": rnd, "threads": t, "jdk": jdk, "jdkVersion": jdk_name(jdk), "figure": f,
                           "rf4j": r, "load": load()}
                    records.append(rec)
                    print("raw " + json.dumps(rec), flush=True)
    print()
    print("load average %.1f before, %.1f after; %d rounds in %.0f s" % (load0, load(), args.forks, time.time() - t0))
    report(records, coretype)
    return 0


def report(records, coretype=""):
    """The summary table of raw records (also: bench_rounds.py --summarize FILE of "raw " lines)."""
    peers = {}
    core_used = set()
    loads = [r["load"] for r in records if "load" in r]
    for r in records:
        if "peer" in r:
            peers[(r["round"], r["peer"]["threads"])] = r["peer"]
            core_used.add(r["peer"].get("openblasCore", "?"))
    rows = {}
    for r in records:
        if "figure" not in r:
            continue
        f = r["figure"]
        key, q = FIGURES[f][1], FIGURES[f][2]
        t = r["rf4j"]["threads"]
        pr = peers.get((r["round"], t), {})
        pv = pr.get(key, {}).get("seconds" if q == "seconds" else q)
        v = r["rf4j"]["seconds"] if q == "seconds" else r["rf4j"][q]
        ratio = float("nan") if not pv else (pv / v if q == "seconds" else v / pv)
        rows.setdefault((f, t, r.get("jdkVersion", r.get("jdk", ""))), []).append(
            (v, ratio, r["rf4j"].get("allocatedBytes", -1), pv))
    what = {"gflops": "GFLOP/s", "rowsPerSecond": "rows/s", "seconds": "s"}
    print("OpenBLAS core type loaded by the peer: %s (requested: %s); load average over the runs %s" % (
        ", ".join(sorted(core_used)), coretype or "matching the CPU", summary(loads)))
    print()
    print("| figure | threads | JDK | forks | rf4j min / median / max | peer median | rf4j ÷ peer min / median / max |"
          " allocatedBytes per call, max |")
    print("|---|---|---|---|---|---|---|---|")
    for (f, t, jdk), vals in rows.items():
        q = FIGURES[f][2]
        pv = [x[3] for x in vals if x[3]]
        print("| %s (%s%s) | %d | %s | %d | %s | %s | %s | %s |" % (
            f, what[q], ", peer time ÷ rf4j time" if q == "seconds" else "", t, jdk, len(vals),
            summary([x[0] for x in vals]), fmt(statistics.median(pv)) if pv else "—",
            summary([x[1] for x in vals]), max(x[2] for x in vals)))


def jdk_name(home):
    java = os.path.join(home, "bin", "java") if home else "java"
    try:
        out = subprocess.run([java, "-version"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True).stderr
        return out.split('"')[1] if '"' in out else out.split()[0]
    except OSError:
        return home or "java"


if __name__ == "__main__":
    sys.exit(main())
