#!/usr/bin/env bash
# Gaussian-process regression: rf4j's GaussianProcess on random features (trigonometric, m features,
# length scale, s² and τ² by marginal likelihood) beside scikit-learn's exact GaussianProcessRegressor
# (ConstantKernel·RBF + WhiteKernel, normalize_y, its own marginal-likelihood optimiser with 3
# restarts), on identical 70/30 splits of a CSV whose last column is the target. Prints, per split
# and side: 95%-interval coverage, RMSE, NLPD (mean negative log predictive density), the log
# marginal likelihood (rf4j's in the target's units; scikit-learn's of the standardised target) and
# the fitted length scale (in standardised columns on both sides).
# Usage: scripts/gp_compare.sh DATA.csv [M] [SPLITS]   e.g. the diabetes table, 256, 5
#
# Large n: scripts/gp_compare.sh --large [N] [M] [SKLEARN_N...]   (defaults 20000, 1024, 1000 2000 4000)
# A seeded synthetic set (d = 5, noise sd 0.3, scripts/gp/GpLarge.java) of N training rows and
# 2,000 test rows: rf4j's fit time (trigonometric features of the Gaussian kernel, M of them, the
# length scale, s² and τ² by marginal likelihood; the vector module on, threads the processor
# count) beside scikit-learn's exact GP fitted on the first SKLEARN_N rows, each timed, with test
# RMSE, NLPD and 95% coverage; wall and CPU seconds (the CPU time is the fairer number on a shared
# machine).
# Needs a built tree (./mvnw -q install -DskipTests) and /usr/bin/python3 with scikit-learn.
set -euo pipefail
cd "$(dirname "$0")/.."
cp=$(ls app/target/modules/*.jar | grep -v logback | tr '\n' ':')   # no logging backend: quiet
if [ "${1:-}" = "--large" ]; then
  n="${2:-20000}"; m="${3:-1024}"; shift $(( $# < 3 ? $# : 3 ))
  sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(1000 2000 4000)
  dir="$(mktemp -d)"; trap 'rm -rf "$dir"' EXIT
  java -Xmx6g --add-modules jdk.incubator.vector -cp "$cp" scripts/gp/GpLarge.java "$dir" "$n" "$m" 2>/dev/null
  /usr/bin/python3 scripts/gp/gp_sklearn_large.py "$dir" "${sizes[@]}" | tail -n +2
  exit 0
fi
data="$1"; m="${2:-256}"; splits="${3:-5}"
export GP_SPLITS; GP_SPLITS="$(mktemp -d)"; trap 'rm -rf "$GP_SPLITS"' EXIT
echo "== rf4j GaussianProcess, trigonometric, M = $m"
java -Xmx2g -cp "$cp" scripts/gp/GpCompare.java "$data" "$m" "$splits" 2>/dev/null
echo "== scikit-learn GaussianProcessRegressor (exact)"
/usr/bin/python3 scripts/gp/gp_sklearn.py "$data" "$splits"
