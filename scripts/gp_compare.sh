#!/usr/bin/env bash
# Gaussian-process regression: rf4j's GaussianProcess on random features (trigonometric, m features,
# length scale, s² and τ² by marginal likelihood) beside scikit-learn's exact GaussianProcessRegressor
# (ConstantKernel·RBF + WhiteKernel, normalize_y, its own marginal-likelihood optimiser with 3
# restarts), on identical 70/30 splits of a CSV whose last column is the target. Prints, per split
# and side: 95%-interval coverage, RMSE, NLPD (mean negative log predictive density), the log
# marginal likelihood (rf4j's in the target's units; scikit-learn's of the standardised target) and
# the fitted length scale (in standardised columns on both sides).
# Usage: scripts/gp_compare.sh DATA.csv [M] [SPLITS]   e.g. the diabetes table, 256, 5
# Needs a built tree (./mvnw -q install -DskipTests) and /usr/bin/python3 with scikit-learn.
set -euo pipefail
cd "$(dirname "$0")/.."
data="$1"; m="${2:-256}"; splits="${3:-5}"
export GP_SPLITS; GP_SPLITS="$(mktemp -d)"; trap 'rm -rf "$GP_SPLITS"' EXIT
cp=$(ls app/target/modules/*.jar | grep -v logback | tr '\n' ':')   # no logging backend: quiet
echo "== rf4j GaussianProcess, trigonometric, M = $m"
java -Xmx2g -cp "$cp" scripts/gp/GpCompare.java "$data" "$m" "$splits" 2>/dev/null
echo "== scikit-learn GaussianProcessRegressor (exact)"
/usr/bin/python3 scripts/gp/gp_sklearn.py "$data" "$splits"
