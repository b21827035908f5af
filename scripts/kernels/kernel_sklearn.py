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

  kernel_sklearn.py folds DATA.csv K          writes stratified, shuffled K-fold test indices (one fold a line)
  kernel_sklearn.py run DATA.csv FOLDS M      AdditiveChi2Sampler, SkewedChi2Sampler, PolynomialCountSketch,
                                              each followed by RidgeClassifier(alpha=1), on those folds
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
from sklearn.linear_model import RidgeClassifier
from sklearn.model_selection import StratifiedKFold


def load(path):
    data = np.loadtxt(path, delimiter=",", skiprows=1)
    return data[:, :-1], data[:, -1].astype(int)


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
    if mode == "folds":
        k = int(sys.argv[3])
        for _, test in StratifiedKFold(n_splits=k, shuffle=True, random_state=0).split(x, y):
            print(" ".join(str(i) for i in test))
        return
    folds = [np.array([int(t) for t in line.split()]) for line in open(sys.argv[3]) if line.strip()]
    m = int(sys.argv[4])
    d = x.shape[1]
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
            clf = RidgeClassifier(alpha=1.0).fit(ftr, y[train])
            acc.append(np.mean(clf.predict(sampler.transform(xte)) == y[test]))
        acc = np.array(acc)
        xall, _ = prep(x, x)
        rate = speed(make(0).fit(xall), xall)
        print("%s,%d,%.4f,%.4f,%.0f" % (name, width, acc.mean(), acc.std(ddof=1) / np.sqrt(len(acc)), rate))


if __name__ == "__main__":
    main()
