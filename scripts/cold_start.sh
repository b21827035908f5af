#!/usr/bin/env bash
# Cold start of the CLI as users meet it: fresh processes of ./rf4j (after its first run has written
# its class-data cache), each timed from outside, min/median/max of N runs after one warm-up, beside
# the same fit by scikit-learn as a fresh Python process (scripts/sklearn_fit_once.py).
# Usage: scripts/cold_start.sh DATA.csv [N]   (DATA: a CSV with a label column, e.g. the digits data; N default 7)
# Needs a built CLI (the README's first command) and python3 with scikit-learn for the peer.
set -euo pipefail
cd "$(dirname "$0")/.."
data="$1"; runs="${2:-7}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cat > "$work/config.json" <<'JSON'
{"kernel": {"id": "gaussian", "sigma": 1.0},
 "estimator": {"id": "random-features", "coupling": {"id": "iid"}, "features": {"id": "trigonometric"}, "m": 128},
 "seed": 42}
JSON

# time_cmd LABEL CMD...: prints LABEL min median max (seconds, wall) over $runs runs after one warm-up
time_cmd() {
  local label=$1; shift
  "$@" > /dev/null 2>&1 || { echo "$label: the command failed: $*" >&2; return 1; }
  local t=()
  for ((i = 0; i < runs; i++)); do
    local s e
    s=$(date +%s%N); "$@" > /dev/null 2>&1; e=$(date +%s%N)
    t+=("$(( (e - s) / 1000000 ))")
  done
  printf '%s\n' "${t[@]}" | sort -n | awk -v l="$label" '{v[NR]=$1} END {printf "%-28s min %.3f  median %.3f  max %.3f s\n", l, v[1]/1000, v[int((NR+1)/2)]/1000, v[NR]/1000}'
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $runs runs each after one warm-up; JDK: $(java -version 2>&1 | head -1)"
time_cmd "rf4j mechanisms" ./rf4j mechanisms
time_cmd "rf4j estimate" ./rf4j estimate
time_cmd "rf4j fit (m = 256 features)" ./rf4j fit --config "$work/config.json" --data "$data" --sigmas median \
    --lambda 1e-3 --model "$work/model.json"
time_cmd "rf4j fit, RF4J_CDS=off" env RF4J_CDS=off ./rf4j fit --config "$work/config.json" --data "$data" \
    --sigmas median --lambda 1e-3 --model "$work/model2.json"
py=/usr/bin/python3                       # Debian's python3-sklearn, as scripts/bench_compare.sh
[[ -x $py ]] || py="$(command -v python3)"
if "$py" -c 'import sklearn' 2>/dev/null; then
  time_cmd "scikit-learn fit (m = 256)" "$py" scripts/sklearn_fit_once.py "$data" 256 1e-3 "$work/sk.npy"
else
  echo "scikit-learn not found for $py: the peer was not timed"
fi
