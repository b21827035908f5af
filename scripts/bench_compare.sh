#!/usr/bin/env bash
# rf4j vs NumPy/OpenBLAS/scikit-learn, interleaved, at the benchmark shapes (n = 100,000, d = 64,
# m = 512; attention L = 16,384, m = 256, d = 64), on this machine.
# Build first: ./mvnw -q package -DskipTests   (the peer needs Debian's python3-numpy python3-sklearn)
#
# Usage: scripts/bench_compare.sh [--forks N] [--jdk JAVA_HOME]... [--figures positive,trigonometric,gemm,attention,positive-float,attention-float]
#                                 [--coretype NAME] [threads...]          (default: 10 forks, threads 1 2)
#
# Every round runs the peer once and each rf4j figure in a fresh JVM per JDK; the summary gives
# min / median / max over the forks of rf4j's figure, of its ratio to the peer in the same round,
# and the largest allocatedBytes per call. The peer's OpenBLAS core type is the one matching the
# CPU (AVX-512 → SkylakeX, AVX2 → Haswell) unless --coretype says otherwise, and the core OpenBLAS
# actually loaded (OPENBLAS_VERBOSE=2) is printed. Raw JSON lines start with "raw ".
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
py=/usr/bin/python3
[[ -x $py ]] || py="$(command -v python3)"
args=()
threads=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --forks|--jdk|--figures|--coretype|--python) args+=("$1" "$2"); shift 2 ;;
    --*) echo "bench_compare.sh: unknown option $1" >&2; exit 2 ;;
    *) threads+=("$1"); shift ;;
  esac
done
[[ ${#threads[@]} -eq 0 ]] && threads=(1 2)
tlist="$(IFS=,; echo "${threads[*]}")"
exec "$py" "$here/scripts/bench_rounds.py" --threads "$tlist" ${args[@]+"${args[@]}"}
