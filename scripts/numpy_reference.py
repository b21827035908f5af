#!/usr/bin/env python3
"""NumPy/scikit-learn reference timings for rf4j's benchmark shapes.

Run with Debian's interpreter and packages (apt-get install python3-numpy python3-sklearn):

    /usr/bin/python3 scripts/numpy_reference.py [--threads 1,2] [--n 100000 --d 64 --m 512]
                                                 [--L 16384 --attention-m 256] [--exact]
                                                 [--only matmul,positive,rbfsampler,rbfsampler_2m,performer]

Prints one JSON object per thread count (one per line). Each worker runs in a fresh process with
OPENBLAS_NUM_THREADS / OMP_NUM_THREADS set, so BLAS uses exactly that many threads. Times are the
median of --repetitions runs after --warmup runs, into preallocated outputs where NumPy allows it,
on data with the same distribution as rf4j's Benchmarks (entries N(0, d^-1/2) for feature maps,
N(0, 1) for attention). Compare with `rf4j bench ... --json` (same shapes, same quantities).
Exits 0 with {"skipped": ...} when NumPy is not installed.

OpenBLAS core type: unless --coretype or --no-coretype is given, the one matching the CPU's instruction set
(AVX-512 → SkylakeX, AVX2 → Haswell): OpenBLAS 0.3.21 does not recognise every newer or
virtualised CPU and then falls back to older kernels (Haswell's AVX2 on an AVX-512 EPYC, 25–30%
slower GEMM; generic "Prescott" on some VMs). An OPENBLAS_CORETYPE inherited from the environment
is replaced (with a note on stderr), so a stray setting cannot cripple the peer. The core OpenBLAS actually loaded (its
OPENBLAS_VERBOSE=2 "Core:" line) is reported as "openblasCore".
"""
import argparse
import json
import os
import subprocess
import sys
import time


def median_time(fn, warmup, reps):
    for _ in range(warmup):
        fn()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    return ts[len(ts) // 2] if reps % 2 else 0.5 * (ts[reps // 2 - 1] + ts[reps // 2])


def cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def matching_coretype():
    """The OpenBLAS core type for this CPU's widest vector ISA, or None to keep OpenBLAS's choice."""
    flags = cpu_flags()
    if {"avx512f", "avx512dq", "avx512bw", "avx512vl"} <= flags:
        return "SkylakeX"
    if {"avx2", "fma"} <= flags:
        return "Haswell"
    return None


def wanted(args, key):
    return not args.only or key in args.only


def worker(args):
    import numpy as np
    rng = np.random.default_rng(42)
    n, d, m = args.n, args.d, args.m
    res = {"threads": args.threads, "numpy": np.__version__, "n": n, "d": d, "m": m,
           "openblasCoretype": os.environ.get("OPENBLAS_CORETYPE", "")}
    x = rng.standard_normal((n, d)) * d ** -0.25
    w = rng.standard_normal((m, d))
    wt = np.ascontiguousarray(w.T)
    z = np.empty((n, m))

    if wanted(args, "matmul"):
        s = median_time(lambda: np.matmul(x, wt, out=z), args.warmup, args.repetitions)
        res["matmul"] = {"seconds": s, "gflops": 2.0 * n * d * m / s / 1e9}

    half_sq = 0.5 * np.einsum("ij,ij->i", x, x)[:, None]
    scale = 1.0 / np.sqrt(m)

    def positive():
        np.matmul(x, wt, out=z)
        np.subtract(z, half_sq, out=z)
        np.exp(z, out=z)
        np.multiply(z, scale, out=z)

    if wanted(args, "positive"):
        s = median_time(positive, args.warmup, args.repetitions)
        res["positive"] = {"seconds": s, "rowsPerSecond": n / s, "gflops": 2.0 * n * d * m / s / 1e9}

    if wanted(args, "positive_f32"):
        # the float path's peer: the same map in float32 (sgemm, float32 exp)
        x32 = x.astype(np.float32)
        wt32 = wt.astype(np.float32)
        z32 = np.empty((n, m), dtype=np.float32)
        half_sq32 = half_sq.astype(np.float32)
        scale32 = np.float32(scale)

        def positive32():
            np.matmul(x32, wt32, out=z32)
            np.subtract(z32, half_sq32, out=z32)
            np.exp(z32, out=z32)
            np.multiply(z32, scale32, out=z32)

        s = median_time(positive32, args.warmup, args.repetitions)
        res["positive_f32"] = {"seconds": s, "rowsPerSecond": n / s, "gflops": 2.0 * n * d * m / s / 1e9}

    try:
        from sklearn.kernel_approximation import RBFSampler
        import sklearn
        res["sklearn"] = sklearn.__version__
        for comps, key in ((m, "rbfsampler"), (2 * m, "rbfsampler_2m")):
            if not wanted(args, key):
                continue
            sampler = RBFSampler(gamma=0.5, n_components=comps, random_state=42).fit(x[:10])
            s = median_time(lambda: sampler.transform(x), args.warmup, args.repetitions)
            res[key] = {"n_components": comps, "seconds": s, "rowsPerSecond": n / s}
    except ImportError:
        res["rbfsampler"] = {"skipped": "scikit-learn not installed"}

    L, am = args.L, args.attention_m
    q = rng.standard_normal((L, d))
    k = rng.standard_normal((L, d))
    v = rng.standard_normal((L, d))
    wa = rng.standard_normal((am, d))
    c = d ** -0.25

    def performer(q=q, k=k, v=v, wa=wa):
        # FAVOR+ positive features with the per-row stabiliser, bidirectional linear attention
        qs = q * c
        ks = k * c
        zq = qs @ wa.T
        zq -= zq.max(axis=1, keepdims=True)
        np.exp(zq, out=zq)
        zk = ks @ wa.T
        zk -= 0.5 * np.einsum("ij,ij->i", ks, ks)[:, None]
        zk -= zk.max()
        np.exp(zk, out=zk)
        kv = zk.T @ v
        ksum = zk.sum(axis=0)
        return (zq @ kv) / (zq @ ksum)[:, None]

    if wanted(args, "performer"):
        s = median_time(performer, args.warmup, args.repetitions)
        res["performer"] = {"L": L, "m": am, "seconds": s}

    if wanted(args, "performer_f32"):
        q32, k32, v32, wa32 = (a.astype(np.float32) for a in (q, k, v, wa))
        s = median_time(lambda: performer(q32, k32, v32, wa32), args.warmup, args.repetitions)
        res["performer_f32"] = {"L": L, "m": am, "seconds": s}

    if args.exact:
        def exact(block=1024):
            out = np.empty_like(v)
            for i in range(0, L, block):
                sc = (q[i:i + block] @ k.T) / np.sqrt(d)
                sc -= sc.max(axis=1, keepdims=True)
                np.exp(sc, out=sc)
                out[i:i + block] = (sc @ v) / sc.sum(axis=1, keepdims=True)
            return out

        s = median_time(exact, 1, max(1, args.repetitions // 2))
        res["exact_attention"] = {"L": L, "seconds": s}
    print(json.dumps(res), flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", default="1,2", help="comma-separated BLAS thread counts")
    p.add_argument("--n", type=int, default=100000)
    p.add_argument("--d", type=int, default=64)
    p.add_argument("--m", type=int, default=512)
    p.add_argument("--L", type=int, default=16384)
    p.add_argument("--attention-m", type=int, default=256)
    p.add_argument("--warmup", type=int, default=2)
    p.add_argument("--repetitions", type=int, default=5)
    p.add_argument("--exact", action="store_true", help="also time exact attention (row blocks)")
    p.add_argument("--only", default="", help="comma-separated subset of matmul,positive,positive_f32,rbfsampler,"
                   "rbfsampler_2m,performer,performer_f32 (default: all)")
    p.add_argument("--coretype", default=None, help="force this OPENBLAS_CORETYPE (e.g. SkylakeX, Haswell)")
    p.add_argument("--no-coretype", action="store_true",
                   help="do not set OPENBLAS_CORETYPE from the CPU's instruction set (keep OpenBLAS's own detection)")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    args.only = {k.strip() for k in args.only.split(",") if k.strip()}
    try:
        import numpy  # noqa: F401
    except ImportError:
        print(json.dumps({"skipped": "numpy not installed (apt-get install python3-numpy python3-sklearn)"}))
        return 0
    if args.worker:
        args.threads = int(args.threads)
        worker(args)
        return 0
    for t in [int(s) for s in args.threads.split(",") if s.strip()]:
        env = dict(os.environ, OPENBLAS_NUM_THREADS=str(t), OMP_NUM_THREADS=str(t), MKL_NUM_THREADS=str(t))
        inherited = env.pop("OPENBLAS_CORETYPE", None)
        chosen = args.coretype or (None if args.no_coretype else matching_coretype())
        if chosen:
            env["OPENBLAS_CORETYPE"] = chosen
        if inherited and inherited != chosen and not args.worker:
            sys.stderr.write(f"numpy_reference: ignoring OPENBLAS_CORETYPE={inherited} from the environment; "
                             f"using {chosen or 'OpenBLAS detection'} (pass --coretype to force one)\n")
        env["OPENBLAS_VERBOSE"] = "2"
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--threads", str(t)] + [
            f"--n={args.n}", f"--d={args.d}", f"--m={args.m}", f"--L={args.L}",
            f"--attention-m={args.attention_m}", f"--warmup={args.warmup}", f"--repetitions={args.repetitions}",
            f"--only={','.join(sorted(args.only))}",
        ] + (["--exact"] if args.exact else [])
        r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            return r.returncode
        core = next((ln.split(":", 1)[1].strip() for ln in r.stderr.splitlines() if ln.startswith("Core:")), "unknown")
        for line in r.stdout.splitlines():
            if line.startswith("{"):
                res = json.loads(line)
                res["openblasCore"] = core
                print(json.dumps(res), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
