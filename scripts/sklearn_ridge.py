#!/usr/bin/env python3
"""rf4j fit/predict against scikit-learn's RBFSampler/Nystroem + RidgeClassifier/Ridge.

Both sides get the same data, the same train/test split, the same standardisation (fitted on the
training part), the same Gaussian bandwidth sigma (gamma = 1/(2 sigma^2)), the same ridge penalty
(rf4j solves (Phi^T Phi + n lambda I) w = Phi^T y, scikit-learn alpha = n * lambda; both fit an
unpenalised intercept) and the same feature count: scikit-learn's n_components = m against rf4j maps
with m output features (trigonometric maps use m/2 projections, each giving a cos and a sin).

For each m it prints the test accuracy (classification) or RMSE (regression) and the training time
of each side. rf4j's time is the in-process training time reported by `rf4j fit --json --repeat N`
(trainSeconds, the fastest of N trainings in one JVM, so JIT warm-up and start-up are excluded); the
scikit-learn side is the fastest of N trainings in this process.

Usage (build rf4j first: ./mvnw -q package -DskipTests):
    scripts/sklearn_ridge.py --data DATA.csv [--m 256,1024,4096] [--lambda 1e-4] [--sigma S]
                             [--test-fraction 0.2] [--seed 0] [--repeats 3] [--json]
The data file is CSV with a header; the last column is the label (class index or value).
Needs NumPy and scikit-learn (Debian: python3-sklearn); without them it says so and exits 0.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
    from sklearn.kernel_approximation import Nystroem, RBFSampler
    from sklearn.linear_model import Ridge, RidgeClassifier
    from sklearn.preprocessing import StandardScaler
except ImportError as e:  # the peer is optional
    print(f"sklearn_ridge.py: scikit-learn/NumPy not available ({e}); nothing to compare", file=sys.stderr)
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
RF4J = os.path.join(os.path.dirname(HERE), "rf4j")


def read(path):
    with open(path) as f:
        header = f.readline().strip().split(",")
    data = np.loadtxt(path, delimiter=",", skiprows=1)
    return header, data[:, :-1], data[:, -1]


def write(path, header, x, y, classify):
    with open(path, "w") as f:
        f.write(",".join(header) + "\n")
        for row, label in zip(x, y):
            lab = str(int(label)) if classify else repr(float(label))
            f.write(",".join(repr(float(v)) for v in row) + "," + lab + "\n")


def rf4j(*args):
    out = subprocess.run([RF4J, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"rf4j {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()}")
    return json.loads(out.stdout)


def score(classify, pred, y):
    if classify:
        return float(np.mean(pred == y))
    return float(np.sqrt(np.mean((pred - y) ** 2)))


def sklearn_side(sampler, classify, alpha, xtr, ytr, xte, yte, repeats):
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        scaler = StandardScaler().fit(xtr)
        z = sampler.fit_transform(scaler.transform(xtr))
        model = (RidgeClassifier if classify else Ridge)(alpha=alpha).fit(z, ytr)
        best = min(best, time.perf_counter() - t0)
    pred = model.predict(sampler.transform(scaler.transform(xte)))
    return score(classify, pred, yte), best


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", required=True)
    p.add_argument("--m", default="256,1024,4096")
    p.add_argument("--lambda", dest="lam", type=float, default=1e-4)
    p.add_argument("--sigma", type=float, default=None,
                   help="Gaussian bandwidth on the standardised data (default: median pairwise training distance)")
    p.add_argument("--test-fraction", type=float, default=0.2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--repeats", type=int, default=3,
                   help="training repeats per side, in one process each (rf4j: fit --repeat); the fastest is reported")
    p.add_argument("--task", choices=["classify", "regress"], default=None)
    p.add_argument("--mechanisms", default="iid/trigonometric,orthogonal/trigonometric,orthogonal/positive,iid/nystroem",
                   help="rf4j mechanisms to run (coupling/features)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()

    header, x, y = read(a.data)
    classify = a.task == "classify" or (a.task is None and np.all(y == np.round(y)) and len(set(y)) <= 20)
    rng = np.random.default_rng(a.seed)
    perm = rng.permutation(len(y))
    nte = int(round(a.test_fraction * len(y)))
    te, tr = perm[:nte], perm[nte:]
    xtr, ytr, xte, yte = x[tr], y[tr], x[te], y[te]
    n = len(ytr)
    std = StandardScaler().fit(xtr).transform(xtr)
    if a.sigma is None:
        sub = std[:256]
        d = np.sqrt(((sub[:, None, :] - sub[None, :, :]) ** 2).sum(-1))
        sigma = float(np.median(d[np.triu_indices(len(sub), 1)]))
    else:
        sigma = a.sigma
    gamma = 1.0 / (2 * sigma * sigma)
    alpha = n * a.lam
    metric = "accuracy" if classify else "rmse"
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        train_csv = os.path.join(tmp, "train.csv")
        test_csv = os.path.join(tmp, "test.csv")
        write(train_csv, header, xtr, ytr, classify)
        write(test_csv, header, xte, yte, classify)
        for m in [int(v) for v in a.m.split(",")]:
            mechanisms = [("iid/trigonometric", "iid", "trigonometric", m // 2),
                          ("orthogonal/trigonometric", "orthogonal", "trigonometric", m // 2),
                          ("orthogonal/positive", "orthogonal", "positive", m),
                          ("iid/nystroem", "iid", "nystroem", m)]
            for label, coupling, features, proj in [t for t in mechanisms if t[0] in a.mechanisms.split(",")]:
                cfg = os.path.join(tmp, "c.json")
                with open(cfg, "w") as f:
                    json.dump({"kernel": {"id": "gaussian", "sigma": sigma},
                               "estimator": {"id": "random-features", "coupling": {"id": coupling},
                                             "features": {"id": features}, "m": proj},
                               "seed": a.seed}, f)
                model = os.path.join(tmp, "model.json")
                fit = rf4j("fit", "--config", cfg, "--data", train_csv, "--lambda", repr(a.lam), "--standardize",
                           "--task", "classify" if classify else "regress", "--model", model, "--json",
                           "--repeat", str(a.repeats))
                pred = rf4j("predict", "--model", model, "--data", test_csv,
                            "--output", os.path.join(tmp, "pred.csv"), "--json")
                results.append({"m": m, "side": "rf4j", "mechanism": label, "features": fit["outputDimension"],
                                metric: pred["accuracy"] if classify else pred["rmse"], "trainSeconds": fit["trainSeconds"]})
            for label, sampler in [("RBFSampler", RBFSampler(gamma=gamma, n_components=m, random_state=a.seed)),
                                   ("Nystroem", Nystroem(gamma=gamma, n_components=min(m, n), random_state=a.seed))]:
                s, t = sklearn_side(sampler, classify, alpha, xtr, ytr, xte, yte, a.repeats)
                results.append({"m": m, "side": "scikit-learn", "mechanism": label, "features": min(m, n) if label == "Nystroem" else m,
                                metric: s, "trainSeconds": t})
    summary = {"data": os.path.basename(a.data), "rows": len(y), "train": n, "test": nte, "task": "classify" if classify else "regress",
               "sigma": sigma, "lambda": a.lam, "alpha": alpha, "results": results}
    if a.json:
        print(json.dumps(summary))
        return
    print(f"{summary['data']}: {len(y)} rows ({n} train / {nte} test), {x.shape[1]} features, "
          f"sigma = {sigma:.4g}, lambda = {a.lam:g} (alpha = {alpha:g})")
    print(f"{'m':>6}  {'side':<13}{'mechanism':<26}{'features':>9}{metric:>10}{'train s':>10}")
    for r in results:
        print(f"{r['m']:>6}  {r['side']:<13}{r['mechanism']:<26}{r['features']:>9}{r[metric]:>10.4f}{r['trainSeconds']:>10.4f}")


if __name__ == "__main__":
    main()
