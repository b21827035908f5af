#!/usr/bin/env bash
# Back-to-back rf4j vs NumPy/OpenBLAS/scikit-learn at issue 8's shapes, on this machine.
# Build first: ./mvnw -q package -DskipTests   (needs python3-numpy python3-sklearn for the reference)
# Usage: scripts/bench_compare.sh [threads...]   (default: 1 2). JSON lines on stdout.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
threads=("${@:-1}")
[[ $# -eq 0 ]] && threads=(1 2)
py=/usr/bin/python3
for t in "${threads[@]}"; do
  if [[ -x $py ]]; then
    "$py" "$here/scripts/numpy_reference.py" --threads "$t"
  fi
  "$here/rf4j" bench --gemm --n 100000 --d 64 --m 512 --threads "$t" --json
  "$here/rf4j" bench --features positive --coupling iid --n 100000 --d 64 --m 512 --threads "$t" --json
  "$here/rf4j" bench --features trigonometric --coupling iid --kernel gaussian --n 100000 --d 64 --m 512 --threads "$t" --json
  "$here/rf4j" bench --attention --L 16384 --d 64 --m 256 --threads "$t" --json
done
"$here/rf4j" bench --attention --L 65536 --d 64 --m 256 --repetitions 3 --json
