#!/usr/bin/env bash
# Is a Matérn, exponential or Laplacian trigonometric map as fast as the Gaussian one at the same m and d?
# (Target: no slower than 1.1x. The norms are drawn once with the projections, so a row costs the same
# product and the same cos/sin.) Times `rf4j bench --config` on one thread for each kernel's iid (and,
# for the isotropic kernels, orthogonal) trigonometric map, in FORKS fresh JVMs taken round robin over
# the configs so that a change of load hits them alike, and prints per config the min / median / max of
# rows per second and the Gaussian's median over its own (the slowdown; <= 1.1 meets the target).
# The load average is printed before and after: run it on an idle machine.
# Usage: scripts/kernel_speed.sh [FORKS] [N] [D] [M]   (default 5 20000 64 256: m projections, 2m features)
# Needs the CLI built (./mvnw -q package -DskipTests -pl app -am) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
forks="${1:-5}"; n="${2:-20000}"; d="${3:-64}"; m="${4:-256}"
for v in "$forks" "$n" "$d" "$m"; do
    [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "kernel_speed.sh: '$v' is not allowed; allowed: FORKS, N, D and M as integers >= 1" >&2; exit 2; }
done
dir="$(mktemp -d)"; trap 'rm -rf "$dir"' EXIT
# the length scale only scales the projections; 1 keeps every kernel at comparable values
configs=(
  "gaussian iid|{\"id\": \"gaussian\", \"sigma\": 1.0}|iid"
  "gaussian orthogonal|{\"id\": \"gaussian\", \"sigma\": 1.0}|orthogonal"
  "matern-1.5 iid|{\"id\": \"matern\", \"nu\": 1.5, \"lengthscale\": 1.0}|iid"
  "matern-1.5 orthogonal|{\"id\": \"matern\", \"nu\": 1.5, \"lengthscale\": 1.0}|orthogonal"
  "exponential iid|{\"id\": \"exponential\", \"lengthscale\": 1.0}|iid"
  "laplacian iid|{\"id\": \"laplacian\", \"gamma\": 1.0}|iid"
)
for i in "${!configs[@]}"; do
    IFS='|' read -r _ kernel coupling <<< "${configs[$i]}"
    printf '{"kernel": %s, "estimator": {"id": "random-features", "coupling": {"id": "%s"}, "features": {"id": "trigonometric"}, "m": %s}, "seed": 1}\n' \
        "$kernel" "$coupling" "$m" > "$dir/c$i.json"
done
echo "== trigonometric maps, n = $n, d = $d, m = $m, 1 thread, $forks forks; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for f in $(seq "$forks"); do
    for i in "${!configs[@]}"; do
        ./rf4j bench --config "$dir/c$i.json" --n "$n" --d "$d" --threads 1 --json 2>/dev/null \
            | grep '^{' | sed "s/^/$i /" >> "$dir/runs"
    done
done
python3 - "$dir/runs" "${configs[@]}" <<'EOF'
import json, statistics, sys
names = [c.split("|")[0] for c in sys.argv[2:]]
rates = {i: [] for i in range(len(names))}
for line in open(sys.argv[1]):
    i, j = line.split(" ", 1)
    rates[int(i)].append(json.loads(j)["rowsPerSecond"])
med = {i: statistics.median(v) for i, v in rates.items()}
print("config,min rows/s,median rows/s,max rows/s,Gaussian median / this median (target <= 1.1)")
for i, name in enumerate(names):
    v = sorted(rates[i])
    ref = med[1] if name.endswith("orthogonal") else med[0]
    print("%s,%.0f,%.0f,%.0f,%.3f" % (name, v[0], med[i], v[-1], ref / med[i]))
EOF
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
