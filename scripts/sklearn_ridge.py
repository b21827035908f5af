#!/usr/bin/env python3
"""rf4j fit/predict against scikit-learn's RBFSampler/Nystroem + RidgeClassifier/Ridge, fairly.

Accuracy (mode "accuracy"): for each of --splits random 80/20 train/test splits (split k uses seed k)
the split is written to two CSV files that both sides read. Both sides then run the same protocol:
  - standardise the columns with the training file's mean and population standard deviation;
  - sigma0 = the median pairwise distance of the standardised training rows; the Gaussian bandwidth
    grid is sigma0 x {1/2, 1/sqrt2, 1, sqrt2, 2} (scikit-learn gamma = 1/(2 sigma^2));
  - the ridge grid is lambda in 1e-7 .. 1 (rf4j solves (Phi^T Phi + n lambda I) w = Phi^T y with an
    unpenalised intercept; scikit-learn alpha = n lambda with n the rows being fitted, i.e. the fold's
    training rows during cross-validation and every training row in the final fit);
  - 5-fold cross-validation picks (sigma, lambda) by mean validation accuracy (R^2 for regression) on
    identical folds: scikit-learn's KFold(shuffle=True, random_state=split seed) partition is written to a
    file that rf4j reads (`fit --folds-file`), so the fold noise cancels in the paired difference
    (--own-folds: each side its own seeded folds, as before); the final model is fitted on every
    training row and scored on the test file;
  - the same feature count m: RBFSampler(n_components=m) against rf4j's trigonometric maps with m/2
    projections (a cos and a sin each: m features), rf4j's random-fourier maps with m projections (one
    cos(w.x + b) each, RBFSampler's own law) and Nystroem/nystroem with m landmarks (at most n).
  The random features are drawn with the split's seed on both sides. Reported: test accuracy (or RMSE)
  mean +- standard error over the splits, the paired difference to RBFSampler, and the whole training
  time (cross-validation and final fit) per split.

Training time (mode "timing"): split 0. "fit": fixed sigma0 and lambda = 1e-3, each side trains W + R
times in one process (rf4j: `fit --lambda --repeat`, its in-process trainSeconds from the raw rows:
standardisation, drawing the map, features, solve) after training untimed for --warmup-seconds (rf4j:
`fit --warmup-seconds`), and the first W (JIT warm-up, BLAS start-up) are dropped; min/median/max of the
other R are reported. The time-based warm-up matters for small problems: a fresh JVM compiles rf4j's
vector kernels 2-4 s after start, later than 10 runs of breast cancer at m = 256 end. "cv": the whole 5-fold search over the grid and the
final fit, 1 + C times, the first dropped.

Usage (build rf4j first: ./mvnw -q package -DskipTests):
    scripts/sklearn_ridge.py --data DATA.csv [--mode accuracy|timing|both] [--m 256,1024,4096]
        [--splits 5] [--repeats 5] [--mechanisms iid/trigonometric,orthogonal/trigonometric,iid/nystroem]
        [--peers RBFSampler,Nystroem] [--java-home JDK] [--json]
The data file is CSV with a header; the last column is the label (class index or value).
Needs NumPy and scikit-learn (Debian: python3-sklearn); without them it says so and exits 0. With
Debian's OpenBLAS on an AVX-512 machine set OPENBLAS_CORETYPE=SkylakeX for the peer's full speed.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
    from sklearn.kernel_approximation import Nystroem, RBFSampler
    from sklearn.linear_model import Ridge, RidgeClassifier
    from sklearn.model_selection import KFold
except ImportError as e:  # the peer is optional
    print(f"sklearn_ridge.py: scikit-learn/NumPy not available ({e}); nothing to compare", file=sys.stderr)
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
RF4J = os.path.join(os.path.dirname(HERE), "rf4j")
LAMBDAS = [1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0]
SIGMA_FACTORS = [0.5, 2 ** -0.5, 1.0, 2 ** 0.5, 2.0]
FOLDS = 5


def read(path):
    with open(path) as f:
        header = f.readline().strip().split(",")
    data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    return header, data[:, :-1], data[:, -1]


def write(path, header, x, y, classify):
    with open(path, "w") as f:
        f.write(",".join(header) + "\n")
        for row, label in zip(x, y):
            lab = str(int(label)) if classify else repr(float(label))
            f.write(",".join(repr(float(v)) for v in row) + "," + lab + "\n")


def standardise(xtr, x):
    mean = xtr.mean(0)
    scale = xtr.std(0)
    scale[scale == 0] = 1.0
    return (x - mean) / scale


def median_distance(z):
    d = np.sqrt(((z[:, None, :] - z[None, :, :]) ** 2).sum(-1))
    return float(np.median(d[np.triu_indices(len(z), 1)]))


class Rf4j:
    def __init__(self, java_home):
        self.env = dict(os.environ)
        if java_home:
            self.env["JAVA_HOME"] = java_home

    def __call__(self, *args):
        out = subprocess.run([RF4J, *args], capture_output=True, text=True, env=self.env)
        if out.returncode != 0:
            raise SystemExit(f"rf4j {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
        return json.loads(out.stdout)


def rf4j_config(path, mechanism, m, sigma, seed):
    coupling, features = mechanism.split("/")
    proj = m // 2 if features == "trigonometric" else m
    with open(path, "w") as f:
        json.dump({"kernel": {"id": "gaussian", "sigma": sigma},
                   "estimator": {"id": "random-features", "coupling": {"id": coupling},
                                 "features": {"id": features}, "m": proj},
                   "seed": seed}, f)


def peer(name, m, n, gamma, seed):
    if name == "RBFSampler":
        return RBFSampler(gamma=gamma, n_components=m, random_state=seed)
    return Nystroem(gamma=gamma, n_components=min(m, n), random_state=seed)


def score(classify, pred, y):
    if classify:
        return float(np.mean(pred == y))
    return float(np.sqrt(np.mean((pred - y) ** 2)))


def peer_fit(name, classify, m, zs, ytr, gamma, lam, seed):
    sampler = peer(name, m, len(ytr), gamma, seed)
    phi = sampler.fit_transform(zs)
    model = (RidgeClassifier if classify else Ridge)(alpha=lam * len(ytr)).fit(phi, ytr)
    return sampler, model


def cv_splits(n, seed):
    """scikit-learn's shuffled 5-fold partition of n rows for a split's seed: (train, validation) index pairs."""
    return list(KFold(FOLDS, shuffle=True, random_state=seed).split(np.zeros((n, 1))))


def write_folds(path, splits, n):
    """The partition as rf4j's --folds-file: the validation fold of each row, one per line."""
    ids = np.full(n, -1)
    for f, (_, va) in enumerate(splits):
        ids[va] = f
    assert (ids >= 0).all()
    with open(path, "w") as f:
        f.write("".join(f"{int(i)}\n" for i in ids))


def peer_cv(name, classify, m, zs, ytr, sigmas, seed):
    """scikit-learn's side of the protocol: 5-fold CV over sigma x lambda, then the final fit."""
    best = (-math.inf, None, None)
    splits = cv_splits(len(zs), seed)
    for sigma in sigmas:
        gamma = 1.0 / (2 * sigma * sigma)
        scores = np.zeros(len(LAMBDAS))
        for tr, va in splits:
            # the features once per (sigma, fold); alpha = lambda x the fold's training rows, as rf4j's n lambda
            sampler = peer(name, m, len(tr), gamma, seed)
            phi = sampler.fit_transform(zs[tr])
            phv = sampler.transform(zs[va])
            yv = ytr[va]
            for li, lam in enumerate(LAMBDAS):
                pv = (RidgeClassifier if classify else Ridge)(alpha=lam * len(tr)).fit(phi, ytr[tr]).predict(phv)
                if classify:
                    scores[li] += float(np.mean(pv == yv)) / FOLDS
                else:
                    sst = float(((yv - yv.mean()) ** 2).sum())
                    scores[li] += (1 - float(((pv - yv) ** 2).sum()) / sst if sst > 0 else 0.0) / FOLDS
        for li, lam in enumerate(LAMBDAS):
            if scores[li] >= best[0]:  # ties go to the later (larger) lambda and sigma, as rf4j
                best = (scores[li], sigma, lam)
    _, sigma, lam = best
    sampler, model = peer_fit(name, classify, m, zs, ytr, 1.0 / (2 * sigma * sigma), lam, seed)
    return sampler, model, sigma, lam


def mean_se(v):
    if not v:
        return float("nan"), float("nan")
    if len(v) == 1:
        return v[0], float("nan")
    return statistics.fmean(v), statistics.stdev(v) / math.sqrt(len(v))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", required=True)
    p.add_argument("--mode", choices=["accuracy", "timing", "both"], default="both")
    p.add_argument("--m", default="256,1024,4096")
    p.add_argument("--splits", type=int, default=5, help="random train/test splits (seeds 0..S-1)")
    p.add_argument("--test-fraction", type=float, default=0.2)
    p.add_argument("--repeats", type=int, default=10, help="timed fixed-lambda trainings per side in timing mode")
    p.add_argument("--warmup", type=int, default=10, help="untimed trainings first, in the same process (JIT, BLAS start-up)")
    p.add_argument("--warmup-seconds", type=float, default=3.0,
                   help="and untimed trainings for at least this long before them, on both sides (JIT compilation of"
                        " rf4j's vector kernels takes 2-4 s of a fresh JVM; 10 runs of a small problem end sooner)")
    p.add_argument("--cv-repeats", type=int, default=2, help="timed cross-validated trainings per side (after one warm-up); 0: none")
    p.add_argument("--timing-lambda", type=float, default=1e-3)
    p.add_argument("--task", choices=["classify", "regress"], default=None)
    p.add_argument("--mechanisms", default="iid/trigonometric,orthogonal/trigonometric,iid/nystroem",
                   help="rf4j mechanisms (coupling/features)")
    p.add_argument("--timing-mechanisms", default="iid/trigonometric,orthogonal/trigonometric")
    p.add_argument("--peers", default="RBFSampler,Nystroem")
    p.add_argument("--java-home", default=None, help="JDK for rf4j (default: JAVA_HOME, else java on PATH)")
    p.add_argument("--own-folds", action="store_true",
                   help="each side its own seeded CV folds (default: rf4j reads scikit-learn's partition, --folds-file)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()

    header, x, y = read(a.data)
    classify = a.task == "classify" or (a.task is None and np.all(y == np.round(y)) and len(set(y)) <= 20)
    metric = "accuracy" if classify else "rmse"
    task = "classify" if classify else "regress"
    ms = [int(v) for v in a.m.split(",")]
    mechanisms = [s for s in a.mechanisms.split(",") if s]
    peers = [s for s in a.peers.split(",") if s]
    rf4j = Rf4j(a.java_home)
    runs = []     # accuracy mode: one entry per (split, m, side, mechanism)
    timings = []  # timing mode: one entry per (m, side, mechanism)
    with tempfile.TemporaryDirectory() as tmp:
        splits = range(a.splits) if a.mode in ("accuracy", "both") else []
        for seed in sorted(set(splits) | ({0} if a.mode in ("timing", "both") else set())):
            rng = np.random.default_rng(seed)
            perm = rng.permutation(len(y))
            nte = int(round(a.test_fraction * len(y)))
            train_csv = os.path.join(tmp, f"train{seed}.csv")
            test_csv = os.path.join(tmp, f"test{seed}.csv")
            write(train_csv, header, x[perm[nte:]], y[perm[nte:]], classify)
            write(test_csv, header, x[perm[:nte]], y[perm[:nte]], classify)
            # both sides from here on read the files
            _, xtr, ytr = read(train_csv)
            _, xte, yte = read(test_csv)
            zs, zt = standardise(xtr, xtr), standardise(xtr, xte)
            sigma0 = median_distance(zs[:1000])
            sigmas = [sigma0 * f for f in SIGMA_FACTORS]
            cfg = os.path.join(tmp, "c.json")
            model = os.path.join(tmp, "model.json")
            pred = os.path.join(tmp, "pred.csv")
            folds_file = os.path.join(tmp, f"folds{seed}.txt")
            write_folds(folds_file, cv_splits(len(ytr), seed), len(ytr))
            cv_args = ["--cv", str(FOLDS)] if a.own_folds else ["--folds-file", folds_file]
            if seed in splits:
                for m in ms:
                    for mech in mechanisms:
                        rf4j_config(cfg, mech, m, sigma0, seed)
                        fit = rf4j("fit", "--config", cfg, "--data", train_csv, *cv_args, "--seed", str(seed),
                                   "--sigmas", ",".join(repr(s) for s in sigmas), "--lambdas", ",".join(repr(v) for v in LAMBDAS),
                                   "--standardize", "--task", task, "--model", model, "--json")
                        out = rf4j("predict", "--model", model, "--data", test_csv, "--output", pred, "--json")
                        runs.append({"split": seed, "m": m, "side": "rf4j", "mechanism": mech, "features": fit["outputDimension"],
                                     metric: out["accuracy"] if classify else out["rmse"], "sigma": fit["sigma"],
                                     "lambda": fit["lambda"], "trainSeconds": fit["trainSeconds"]})
                    for name in peers:
                        t0 = time.perf_counter()
                        sampler, mdl, s, lam = peer_cv(name, classify, m, zs, ytr, sigmas, seed)
                        t = time.perf_counter() - t0
                        runs.append({"split": seed, "m": m, "side": "scikit-learn", "mechanism": name,
                                     "features": sampler.n_components, metric: score(classify, mdl.predict(sampler.transform(zt)), yte),
                                     "sigma": s, "lambda": lam, "trainSeconds": t})
            if seed == 0 and a.mode in ("timing", "both"):
                w, r = a.warmup, a.repeats
                grid = ["--sigmas", ",".join(repr(v) for v in sigmas), "--lambdas", ",".join(repr(v) for v in LAMBDAS)]
                for m in ms:
                    for mech in [v for v in a.timing_mechanisms.split(",") if v]:
                        rf4j_config(cfg, mech, m, sigma0, 0)
                        fit = rf4j("fit", "--config", cfg, "--data", train_csv, "--lambda", repr(a.timing_lambda),
                                   "--standardize", "--task", task, "--model", model, "--json", "--repeat", str(w + r),
                                   "--warmup-seconds", repr(a.warmup_seconds))
                        timings.append({"m": m, "side": "rf4j", "mechanism": mech, "what": "fit",
                                        "seconds": fit["trainSecondsAll"][w:]})
                        if a.cv_repeats > 0:
                            fit = rf4j("fit", "--config", cfg, "--data", train_csv, *cv_args, *grid, "--standardize",
                                       "--task", task, "--model", model, "--json", "--repeat", str(1 + a.cv_repeats))
                            timings.append({"m": m, "side": "rf4j", "mechanism": mech, "what": "cv",
                                            "seconds": fit["trainSecondsAll"][1:]})
                    for name in peers:
                        gamma = 1.0 / (2 * sigma0 * sigma0)
                        sec = []
                        until = time.perf_counter() + a.warmup_seconds
                        while time.perf_counter() < until:
                            peer_fit(name, classify, m, standardise(xtr, xtr), ytr, gamma, a.timing_lambda, 0)
                        for _ in range(w + r):
                            t0 = time.perf_counter()
                            # the whole training from the raw training rows, as rf4j's trainSeconds
                            z = standardise(xtr, xtr)
                            peer_fit(name, classify, m, z, ytr, gamma, a.timing_lambda, 0)
                            sec.append(time.perf_counter() - t0)
                        timings.append({"m": m, "side": "scikit-learn", "mechanism": name, "what": "fit", "seconds": sec[w:]})
                        if a.cv_repeats > 0 and name == "RBFSampler":
                            sec = []
                            for _ in range(1 + a.cv_repeats):
                                t0 = time.perf_counter()
                                peer_cv(name, classify, m, standardise(xtr, xtr), ytr, sigmas, 0)
                                sec.append(time.perf_counter() - t0)
                            timings.append({"m": m, "side": "scikit-learn", "mechanism": name, "what": "cv", "seconds": sec[1:]})
    summary = []
    for m in ms:
        keys = [("rf4j", k) for k in mechanisms] + [("scikit-learn", k) for k in peers]
        ref = {r["split"]: r[metric] for r in runs if r["m"] == m and r["side"] == "scikit-learn" and r["mechanism"] == "RBFSampler"}
        for side, mech in keys:
            rs = [r for r in runs if r["m"] == m and r["side"] == side and r["mechanism"] == mech]
            if not rs:
                continue
            mu, se = mean_se([r[metric] for r in rs])
            diff = [r[metric] - ref[r["split"]] for r in rs if r["split"] in ref]
            dmu, dse = mean_se(diff)
            summary.append({"m": m, "side": side, "mechanism": mech, "features": rs[0]["features"], "splits": len(rs),
                            metric: mu, "se": se, "vsRBFSampler": dmu, "vsRBFSamplerSe": dse,
                            "trainSecondsMedian": statistics.median(r["trainSeconds"] for r in rs)})
    result = {"data": os.path.basename(a.data), "rows": len(y), "columns": x.shape[1], "task": task, "metric": metric,
              "splits": a.splits if a.mode != "timing" else 0, "folds": FOLDS, "sameFolds": not a.own_folds, "lambdas": LAMBDAS, "sigmaFactors": SIGMA_FACTORS,
              "timingLambda": a.timing_lambda, "summary": summary, "timings": timings, "runs": runs}
    if a.json:
        print(json.dumps(result))
        return
    print(f"{result['data']}: {len(y)} rows, {x.shape[1]} columns, {task}; {a.splits} splits 80/20, {FOLDS}-fold CV over "
          f"sigma0 x {{1/2 .. 2}} x lambda {{1e-7 .. 1}} on both sides, "
          f"{'each side its own folds' if a.own_folds else 'identical folds'}")
    if summary:
        print(f"{'m':>6}  {'side':<13}{'mechanism':<26}{'features':>9}{metric:>16}{'- RBFSampler':>18}{'train s (CV)':>14}")
        for r in summary:
            print(f"{r['m']:>6}  {r['side']:<13}{r['mechanism']:<26}{r['features']:>9}"
                  f"{r[metric]:>10.4f} ± {r['se']:.4f}{r['vsRBFSampler']:>+11.4f} ± {r['vsRBFSamplerSe']:.4f}"
                  f"{r['trainSecondsMedian']:>14.3f}")
    if timings:
        print(f"training seconds, split 0, min / median / max: fit = fixed sigma0 and lambda = {a.timing_lambda:g} "
              f"({a.repeats} runs after {a.warmup} warm-up runs); cv = the 5-fold search and final fit ({a.cv_repeats} runs after 1)")
        for t in timings:
            s = t["seconds"]
            print(f"{t['m']:>6}  {t['side']:<13}{t['mechanism']:<26}{t['what']:<4}{min(s):>9.4f} / {statistics.median(s):.4f} / {max(s):.4f}")


if __name__ == "__main__":
    main()
