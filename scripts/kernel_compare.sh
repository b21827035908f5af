#!/usr/bin/env bash
# The kernel maps beside scikit-learn's kernel_approximation: chi2 (AdditiveChi2Sampler), skewed-chi2
# (SkewedChi2Sampler) and polynomial (PolynomialCountSketch; rf4j also Random Maclaurin), each followed
# by the same ridge classifier (RidgeClassifier(alpha=1) and its equivalent), on identical stratified
# K-fold splits and the same feature count M. Prints per map: features, mean accuracy ± its standard
# error over the folds, and the one-thread transform speed of the whole table in rows per second
# (the peer with OPENBLAS_NUM_THREADS=1 and the OpenBLAS core type matching the CPU, as
# scripts/bench_compare.sh; rf4j with the Vector API module and one thread). The load average is
# printed beside the figures: run it on an idle machine.
# Usage: scripts/kernel_compare.sh DATA.csv [M] [K]   e.g. digits.csv 512 5
# Needs a built tree (./mvnw -q install -DskipTests) and /usr/bin/python3 with scikit-learn.
set -euo pipefail
cd "$(dirname "$0")/.."
data="$1"; m="${2:-512}"; k="${3:-5}"
py=/usr/bin/python3
[[ -x $py ]] || py="$(command -v python3)"
folds="$(mktemp)"; trap 'rm -f "$folds"' EXIT
coretype=""
if grep -m1 '^flags' /proc/cpuinfo | grep -qw avx512vl; then coretype=SkylakeX
elif grep -m1 '^flags' /proc/cpuinfo | grep -qw avx2; then coretype=Haswell; fi
"$py" scripts/kernels/kernel_sklearn.py folds "$data" "$k" > "$folds"
features=$(ls rf-features/target/rf-features-*.jar | grep -v -e sources -e javadoc | head -1)
cp="$features:$(ls app/target/modules/*.jar | grep -v -e logback -e rf-features | tr '\n' ':')"
echo "== $(basename "$data"), M = $m, $k folds; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "map,features,accuracy,standard error,rows per second (1 thread, CPU time)"
java -Xmx2g -Drf4j.threads=1 --add-modules jdk.incubator.vector -cp "$cp" scripts/kernels/KernelCompare.java \
    "$data" "$folds" "$m" 2>/dev/null
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 OPENBLAS_CORETYPE="$coretype" \
    "$py" scripts/kernels/kernel_sklearn.py run "$data" "$folds" "$m"
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
