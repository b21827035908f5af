#!/usr/bin/env bash
# Smoke-tests the two jlink images: each lists its mechanisms and runs an estimate with no JDK on
# the PATH (env -i); prints each image's size and the start-up time of its `mechanisms` command.
# Usage: smoke-images.sh IMAGE_APP IMAGE_EMBED
set -euo pipefail
app=$1
embed=$2
fail() { echo "[smoke] FAILED: $*" >&2; exit 1; }
run() { env -i PATH=/usr/bin:/bin HOME="${HOME:-/tmp}" "$@"; }

# Best of 5 runs: "WALL ms wall, CPU ms cpu" (CPU = user + sys of the JVM; on a loaded machine the
# wall time mostly measures the wait for a core).
startup() {
  local best=999999 cpu=0
  for _ in 1 2 3 4 5; do
    local t0 t1 ms c
    t0=$(date +%s%N)
    c=$( { TIMEFORMAT='%U %S'; time run "$@" > /dev/null 2>&1; } 2>&1 | awk '{printf "%d", ($1 + $2) * 1000}')
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 ))
    if (( ms < best )); then best=$ms; cpu=$c; fi
  done
  echo "$best ms wall, $cpu ms cpu"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

out=$(run "$app/bin/rf4j" mechanisms 2>&1) || fail "rf4j mechanisms: $out"
for id in iid positive trigonometric random-features; do
  grep -q -- "$id" <<< "$out" || fail "rf4j mechanisms does not list $id: $out"
done
cat > "$work/config.json" <<'JSON'
{"kernel": {"id": "gaussian", "sigma": 1.0}, "estimator": {"id": "random-features", "coupling": {"id": "iid"}, "features": {"id": "positive"}, "m": 64}, "seed": 42}
JSON
out=$(run "$app/bin/rf4j" estimate --config "$work/config.json" --x 0.1,0.2,0.3 --y 0.2,0.1,0.0 --trials 200 --json 2>&1) \
  || fail "rf4j estimate: $out"
grep -q '"exact"' <<< "$out" && grep -q '"theoryMse"' <<< "$out" || fail "rf4j estimate output: $out"

out=$(run "$embed/bin/rf4j-embed" mechanisms 2>&1) || fail "rf4j-embed mechanisms: $out"
grep -q "random-features" <<< "$out" || fail "rf4j-embed mechanisms: $out"
out=$(run "$embed/bin/rf4j-embed" estimate --trials 200 2>&1) || fail "rf4j-embed estimate: $out"
grep -q "^theoryMse [0-9]" <<< "$out" || fail "rf4j-embed estimate: $out"
if find "$embed/lib" -name '*guice*' | grep -q . || "$embed/bin/java" --list-modules | grep -qi guice; then
  fail "the embed image contains Guice"
fi

echo "[smoke] image   size   'mechanisms' start-up, best of 5 (load average $(cut -d' ' -f1 /proc/loadavg))"
printf '[smoke] %-6s %6s   %s\n' "app" "$(du -sh "$app" | cut -f1)" "$(startup "$app/bin/rf4j" mechanisms)"
printf '[smoke] %-6s %6s   %s\n' "embed" "$(du -sh "$embed" | cut -f1)" "$(startup "$embed/bin/rf4j-embed" mechanisms)"
echo "[smoke] OK"
