#!/usr/bin/env python3
"""One fit as a fresh process, the peer of `rf4j fit` in scripts/cold_start.sh: reads a CSV (header, label
last), standardises the columns, takes sigma = the median pairwise distance of the standardised rows,
fits RBFSampler(n_components=m, gamma=1/(2 sigma^2)) + RidgeClassifier(alpha = n * lambda) and writes the
model (coefficients) to a file. Usage: sklearn_fit_once.py DATA.csv M LAMBDA OUT"""
import sys

import numpy as np
from sklearn.kernel_approximation import RBFSampler
from sklearn.linear_model import RidgeClassifier
from sklearn.metrics import pairwise_distances


def main():
    data, m, lam, out = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    table = np.loadtxt(data, delimiter=",", skiprows=1)
    x, y = table[:, :-1], table[:, -1]
    mean, std = x.mean(axis=0), x.std(axis=0)
    std[std == 0] = 1.0
    z = (x - mean) / std
    d = pairwise_distances(z)
    sigma = np.median(d[np.triu_indices_from(d, k=1)])
    features = RBFSampler(n_components=m, gamma=1.0 / (2 * sigma * sigma), random_state=42).fit(z)
    model = RidgeClassifier(alpha=len(y) * lam).fit(features.transform(z), y)
    np.save(out, model.coef_)


if __name__ == "__main__":
    main()
