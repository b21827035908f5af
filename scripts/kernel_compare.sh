#!/usr/bin/env bash
# The kernel maps beside scikit-learn on identical shuffled K-fold splits (stratified for classes) and the
# same feature count M, each followed by the same ridge (RidgeClassifier(alpha=1), or Ridge(alpha=1) when
# the label is a regression target: numbers with a non-integer or more than 20 distinct values). Parts:
#   histogram        chi2 (AdditiveChi2Sampler), skewed-chi2 (SkewedChi2Sampler) and polynomial
#                    (PolynomialCountSketch; rf4j also Random Maclaurin)
#   shift-invariant  Matérn-3/2, exponential (Matérn-1/2) and Laplacian at one fixed bandwidth (the median
#                    heuristic on the standardised rows, computed once here and passed to both sides):
#                    rf4j's trigonometric map (iid; orthogonal and simplex for the isotropic kernels) and its
#                    nystroem map against scikit-learn's Nystroem(kernel=...) and exact kernel ridge with
#                    the same kernel and rule; the Gaussian map and RBFSampler as the speed reference
#   gram             the Gram-approximation MSE of the trigonometric maps on the first fold's rows at
#                    m = 32 ... 256 projections over R seeds: iid, orthogonal/iid and simplex/iid ± SE
#   all              all three (the default)
# Prints per map: features, mean accuracy (or R²) ± its standard error over the folds, and the one-thread
# transform speed of the whole table in rows per second (the peer with OPENBLAS_NUM_THREADS=1 and the
# OpenBLAS core type matching the CPU, as scripts/bench_compare.sh; rf4j with the Vector API module and
# one thread). The load average is printed before and after: run it on an idle machine.
# Usage: scripts/kernel_compare.sh DATA.csv [M] [K] [PART] [R]   e.g. digits.csv 512 5 all 20
#   (DATA.csv: a header row, the label in the last column; e.g. digits, breast cancer, or a diabetes table)
# Needs a built tree (./mvnw -q install -DskipTests) and /usr/bin/python3 with scikit-learn.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 1 ]]; then
    sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
data="$1"; m="${2:-512}"; k="${3:-5}"; part="${4:-all}"; seeds="${5:-20}"
case "$part" in all|histogram|shift-invariant|gram) ;; *)
    echo "kernel_compare.sh: PART = '$part' is not allowed; allowed: all, histogram, shift-invariant or gram" >&2; exit 2;;
esac
[[ -r $data ]] || { echo "kernel_compare.sh: DATA.csv = '$data' cannot be read" >&2; exit 2; }
py=/usr/bin/python3
[[ -x $py ]] || py="$(command -v python3)"
folds="$(mktemp)"; trap 'rm -f "$folds"' EXIT
coretype=""
if grep -m1 '^flags' /proc/cpuinfo | grep -qw avx512vl; then coretype=SkylakeX
elif grep -m1 '^flags' /proc/cpuinfo | grep -qw avx2; then coretype=Haswell; fi
task="$("$py" scripts/kernels/kernel_sklearn.py task "$data")"
"$py" scripts/kernels/kernel_sklearn.py folds "$data" "$k" > "$folds"
read -r ell gamma < <("$py" scripts/kernels/kernel_sklearn.py scales "$data")
features=$(ls rf-features/target/rf-features-*.jar | grep -v -e sources -e javadoc | head -1)
cp="$features:$(ls app/target/modules/*.jar | grep -v -e logback -e rf-features | tr '\n' ':')"
java=(java -Xmx2g -Drf4j.threads=1 --add-modules jdk.incubator.vector -cp "$cp" scripts/kernels/KernelCompare.java)
peer=(env OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 OPENBLAS_CORETYPE="$coretype" "$py" scripts/kernels/kernel_sklearn.py)
metric=accuracy; [[ $task == regress ]] && metric=R2
echo "== $(basename "$data"), $task, M = $m, $k folds, ell = $ell, gamma = $gamma; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ $part == all || $part == histogram ]]; then
    echo "map,features,$metric,standard error,rows per second (1 thread, CPU time)"
    "${java[@]}" histogram "$data" "$folds" "$m" "$task" 2>/dev/null
    "${peer[@]}" run "$data" "$folds" "$m"
fi
if [[ $part == all || $part == shift-invariant ]]; then
    echo "map,features,$metric,standard error,rows per second (1 thread, CPU time)"
    "${java[@]}" shift-invariant "$data" "$folds" "$m" "$task" "$ell" "$gamma" 2>/dev/null
    "${peer[@]}" shift "$data" "$folds" "$m" "$ell" "$gamma"
fi
if [[ $part == all || $part == gram ]]; then
    "${java[@]}" gram "$data" "$folds" "$m" "$task" "$ell" "$gamma" "$seeds" 2>/dev/null
fi
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
