#!/usr/bin/env python3
# Copyright 2026 The rf4j developers
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     https://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
"""scikit-learn's side of scripts/kernel_compare.sh.

  kernel_sklearn.py task DATA.csv             classify, or regress when the labels are numbers with a non-integer or
                                              more than 20 distinct values (rf4j fit's rule)
  kernel_sklearn.py folds DATA.csv K          writes shuffled K-fold test indices (one fold a line; stratified for
                                              classification)
  kernel_sklearn.py scales DATA.csv           the fixed bandwidths both sides use: ell = the median Euclidean distance
                                              and gamma = 1 / the median L1 distance over all pairs of the
                                              standardised rows (the median heuristic, computed once)
  kernel_sklearn.py run DATA.csv FOLDS M      AdditiveChi2Sampler, SkewedChi2Sampler, PolynomialCountSketch,
                                              each followed by RidgeClassifier(alpha=1) (Ridge(alpha=1) for
                                              regression), on those folds
  kernel_sklearn.py shift DATA.csv FOLDS M ELL GAMMA
                                              Nystroem(kernel=Matern(nu=1.5 and 0.5, ELL) or 'laplacian' with
                                              GAMMA, n_components=M) with the same ridge, exact kernel ridge with
                                              the same kernel and the same rule (alpha = 1, intercept by centring
                                              the kernel, as the ridge centres its features: the limit of
                                              infinitely many features), and RBFSampler(gamma = 1/(2 ELL²), M)
                                              as the speed reference of the trigonometric maps
  kernel_sklearn.py moments                   the peer's random samplers in distribution: mean and MSE of
                                              4,000 draws (m = 16) against the exact kernel and the closed
                                              forms rf4j's maps are tested against

The preprocessing is the Java side's: chi2 maps see each column divided by its largest training value
(non-negative, test values clipped at 0); the polynomial map sees columns standardised on the training
fold. Prints one CSV line per map: name, features, mean accuracy, its standard error over the folds, and
the one-thread transform speed of the whole table (rows per second of the thread's CPU time, best of 5
timed runs of at least 0.2 s each). Run it with OPENBLAS_NUM_THREADS=1.
"""
import sys
import time

import numpy as np
from sklearn.kernel_approximation import AdditiveChi2Sampler, PolynomialCountSketch, SkewedChi2Sampler
from sklearn.gaussian_process.kernels import Matern
from sklearn.kernel_approximation import Nystroem, RBFSampler
from sklearn.linear_model import Ridge, RidgeClassifier
from sklearn.metrics.pairwise import laplacian_kernel
from sklearn.model_selection import KFold, StratifiedKFold


def load(path):
    data = np.loadtxt(path, delimiter=",", skiprows=1)
    return data[:, :-1], data[:, -1]


def regression(y):
    """rf4j fit's rule: a regression target has a non-integer or more than 20 distinct values."""
    return bool(np.any(y != np.round(y)) or len(np.unique(y)) > 20)


def ridge(regress):
    return Ridge(alpha=1.0) if regress else RidgeClassifier(alpha=1.0)


def scales(x):
    """The median heuristic on the standardised rows: (median L2 distance, 1 / median L1 distance)."""
    z, _ = standardised(x, x)
    i, j = np.triu_indices(len(z), 1)
    l2 = np.empty(len(i))
    l1 = np.empty(len(i))
    for s in range(0, len(i), 200000):
        diff = z[i[s:s + 200000]] - z[j[s:s + 200000]]
        l2[s:s + 200000] = np.sqrt((diff * diff).sum(axis=1))
        l1[s:s + 200000] = np.abs(diff).sum(axis=1)
    return float(np.median(l2)), 1.0 / float(np.median(l1))


def exact_ridge(k_train, k_test, y, regress, alpha=1.0):
    """Kernel ridge with an intercept (the kernel centred in feature space) and ridge's rule: ±1 targets per
    class (argmax) or the target itself. The limit of the feature ridge as the features become exact."""
    n = k_train.shape[0]
    col = k_train.mean(axis=0)
    tot = col.mean()
    kc = k_train - col[None, :] - col[:, None] + tot
    kt = k_test - k_test.mean(axis=1)[:, None] - col[None, :] + tot
    if regress:
        t = y[:, None]
    else:
        classes = np.unique(y)
        t = np.where(y[:, None] == classes[None, :], 1.0, -1.0)
    mu = t.mean(axis=0)
    a = np.linalg.solve(kc + alpha * np.eye(n), t - mu)
    pred = kt @ a + mu
    return pred[:, 0] if regress else classes[np.argmax(pred, axis=1)]


def max_scaled(train, test):
    top = train.max(axis=0)
    top[top == 0] = 1.0
    return train / top, np.maximum(test / top, 0.0)


def standardised(train, test):
    mu = train.mean(axis=0)
    sd = train.std(axis=0)
    sd[sd == 0] = 1.0
    return (train - mu) / sd, (test - mu) / sd


def speed(sampler, x):
    best = float("inf")
    for _ in range(5):
        reps = 0
        t0 = time.thread_time()
        while True:
            sampler.transform(x)
            reps += 1
            t = time.thread_time() - t0
            if t >= 0.2:
                break
        best = min(best, t / reps)
    return x.shape[0] / best


def moments():
    """SkewedChi2Sampler and PolynomialCountSketch against the closed forms of rf4j's maps."""
    x = np.array([0.3, 1.2, 0.0, 4.0])
    y = np.array([0.5, 0.9, 2.0, 3.1])
    trials, m = 4000, 16

    def report(name, est, exact, mse):
        err = est - exact
        se_mean = est.std(ddof=1) / np.sqrt(trials)
        se_mse = (err ** 2).std(ddof=1) / np.sqrt(trials)
        print("%s: mean %.5f vs exact %.5f (%.1f SE); MSE %.5f vs closed form %.5f (%.1f SE)" % (
            name, est.mean(), exact, (est.mean() - exact) / se_mean, (err ** 2).mean(), mse,
            ((err ** 2).mean() - mse) / se_mse))

    c = 0.5
    k = np.prod(2 * np.sqrt(x + c) * np.sqrt(y + c) / (x + y + 2 * c))
    k2 = np.prod(1 / np.cosh(np.log(x + c) - np.log(y + c)))
    est = np.empty(trials)
    for t in range(trials):
        f = SkewedChi2Sampler(skewedness=c, n_components=m, random_state=t).fit(x[None, :]).transform(np.vstack([x, y]))
        est[t] = f[0] @ f[1]
    report("SkewedChi2Sampler", est, k, (1 + k2 / 2 - k * k) / m)

    g, c0, p = 0.5, 1.0, 3
    v = np.append(np.sqrt(g) * x, np.sqrt(c0))
    w = np.append(np.sqrt(g) * y, np.sqrt(c0))
    diag = np.sum(v * v * w * w)
    a = (v @ w) ** 2
    b = (v @ v) * (w @ w) - diag
    cc = a - diag
    var = ((a + b) ** p + (a + cc) ** p - 2 * a ** p) / m + 2 * (
        (a + b + cc) ** p - (a + b) ** p - (a + cc) ** p + a ** p) / m ** 2
    for t in range(trials):
        f = PolynomialCountSketch(gamma=g, coef0=c0, degree=p, n_components=m, random_state=t).fit(
            x[None, :]).transform(np.vstack([x, y]))
        est[t] = f[0] @ f[1]
    report("PolynomialCountSketch", est, (v @ w) ** p, var)


def main():
    if sys.argv[1] == "moments":
        moments()
        return
    mode, path = sys.argv[1], sys.argv[2]
    x, y = load(path)
    regress = regression(y)
    if mode == "task":
        print("regress" if regress else "classify")
        return
    if mode == "scales":
        print("%.17g %.17g" % scales(x))
        return
    if mode == "folds":
        k = int(sys.argv[3])
        split = KFold(n_splits=k, shuffle=True, random_state=0) if regress else StratifiedKFold(
            n_splits=k, shuffle=True, random_state=0)
        for _, test in split.split(x, y):
            print(" ".join(str(i) for i in test))
        return
    folds = [np.array([int(t) for t in line.split()]) for line in open(sys.argv[3]) if line.strip()]
    m = int(sys.argv[4])
    d = x.shape[1]
    if mode == "shift":
        shift(x, y, folds, m, float(sys.argv[5]), float(sys.argv[6]), regress)
        return
    maps = [
        ("chi2 (AdditiveChi2Sampler, 2 steps)", max_scaled, lambda seed: AdditiveChi2Sampler(sample_steps=2)),
        ("skewed-chi2 (SkewedChi2Sampler, c = 1)", max_scaled,
         lambda seed: SkewedChi2Sampler(skewedness=1.0, n_components=m, random_state=seed)),
        ("polynomial (PolynomialCountSketch, p = 2)", standardised,
         lambda seed: PolynomialCountSketch(gamma=1.0 / d, coef0=1.0, degree=2, n_components=m, random_state=seed)),
    ]
    for name, prep, make in maps:
        acc = []
        width = 0
        for f, test in enumerate(folds):
            train = np.setdiff1d(np.arange(len(y)), test)
            xtr, xte = prep(x[train], x[test])
            sampler = make(f).fit(xtr)
            ftr = sampler.transform(xtr)
            width = ftr.shape[1]
            clf = ridge(regress).fit(ftr, y[train])
            acc.append(clf.score(sampler.transform(xte), y[test]))
        acc = np.array(acc)
        xall, _ = prep(x, x)
        rate = speed(make(0).fit(xall), xall)
        print("%s,%d,%.4f,%.4f,%.0f" % (name, width, acc.mean(), acc.std(ddof=1) / np.sqrt(len(acc)), rate))


def report(name, width, scores, rate):
    scores = np.array(scores)
    print("%s,%d,%.4f,%.4f,%s" % (name, width, scores.mean(), scores.std(ddof=1) / np.sqrt(len(scores)),
                                  "%.0f" % rate if rate else "—"))


def shift(x, y, folds, m, ell, gamma, regress):
    """Nyström with the Matérn and Laplacian kernels, exact kernel ridge, and RBFSampler's speed."""
    kernels = [("matern-1.5", Matern(nu=1.5, length_scale=ell)),
               ("exponential (matern-0.5)", Matern(nu=0.5, length_scale=ell)),
               ("laplacian", "laplacian")]
    for name, kernel in kernels:
        params = {"gamma": gamma} if kernel == "laplacian" else {}  # Nystroem's own gamma for a named kernel
        exact_fn = (lambda a, b: laplacian_kernel(a, b, gamma=gamma)) if kernel == "laplacian" else kernel
        nys, exact = [], []
        width = 0
        for f, test in enumerate(folds):
            train = np.setdiff1d(np.arange(len(y)), test)
            xtr, xte = standardised(x[train], x[test])
            sampler = Nystroem(kernel=kernel, n_components=m, random_state=f, **params).fit(xtr)
            ftr = sampler.transform(xtr)
            width = ftr.shape[1]
            nys.append(ridge(regress).fit(ftr, y[train]).score(sampler.transform(xte), y[test]))
            pred = exact_ridge(exact_fn(xtr, xtr), exact_fn(xte, xtr), y[train], regress)
            exact.append(1 - ((pred - y[test]) ** 2).sum() / ((y[test] - y[test].mean()) ** 2).sum() if regress
                         else np.mean(pred == y[test]))
        xall, _ = standardised(x, x)
        sampler = Nystroem(kernel=kernel, n_components=m, random_state=0, **params).fit(xall)
        report("%s (Nystroem, %d components)" % (name, m), width, nys, speed(sampler, xall))
        report("%s (exact kernel ridge)" % name, len(y) - len(folds[0]), exact, None)
    xall, _ = standardised(x, x)
    rbf = RBFSampler(gamma=1.0 / (2 * ell * ell), n_components=m, random_state=0).fit(xall)
    scores = []
    for f, test in enumerate(folds):
        train = np.setdiff1d(np.arange(len(y)), test)
        xtr, xte = standardised(x[train], x[test])
        s = RBFSampler(gamma=1.0 / (2 * ell * ell), n_components=m, random_state=f).fit(xtr)
        scores.append(ridge(regress).fit(s.transform(xtr), y[train]).score(s.transform(xte), y[test]))
    report("gaussian, sigma = ell (RBFSampler; speed reference)", m, scores, speed(rbf, xall))


if __name__ == "__main__":
    main()
