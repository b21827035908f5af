#!/usr/bin/env bash
# Smoke-tests the two jlink images: each lists its mechanisms and runs an estimate with no JDK on
# the PATH (env -i); prints each image's size and the start-up time of its `mechanisms` command.
# With EXAMPLES (the repository's examples/ folder) and JAVA_HOME (a JDK) set, it also compiles the
# two example plugins against the image's modules and checks that the app image loads them from a
# plugins directory (each JAR in its own module layer) and uses them in an estimate.
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

if [[ -n "${EXAMPLES:-}" && -n "${MODULES_APP:-}" ]]; then
  # Third-party plugins built against the image's modules, then dropped into a plugins directory.
  mkdir -p "$work/plugins"
  for ex in example-plugin guice-plugin; do
    src="$EXAMPLES/$ex/src/main"
    mkdir -p "$work/$ex"
    "$JAVA_HOME/bin/javac" --release 17 -nowarn -d "$work/$ex" -p "$MODULES_APP" $(find "$src/java" -name '*.java')
    cp -r "$src/resources/." "$work/$ex/"
    "$JAVA_HOME/bin/jar" --create --file "$work/plugins/$ex.jar" -C "$work/$ex" .
  done
  out=$(run "$app/bin/rf4j" --plugins "$work/plugins" mechanisms --json 2>&1) || fail "rf4j mechanisms with plugins: $out"
  for id in antithetic random-phase constant tuned-constant; do
    grep -q "\"$id\"" <<< "$out" || fail "the image does not list the plugin's $id: $out"
  done
  grep -q '"problems" : \[ \]' <<< "$out" || fail "plugin problems: $out"
  cat > "$work/plugin.json" <<'JSON'
{"kernel": {"id": "gaussian", "sigma": 1.0}, "estimator": {"id": "random-features", "coupling": {"id": "antithetic"}, "features": {"id": "random-phase"}, "m": 16}, "seed": 3}
JSON
  out=$(run "$app/bin/rf4j" --plugins "$work/plugins" estimate --config "$work/plugin.json" --x 0.1,0.2 --y 0.3,0.1 --trials 100 --json 2>&1) \
    || fail "rf4j estimate with the plugin: $out"
  echo "[smoke] plugins: example-plugin.jar and guice-plugin.jar loaded and used by the app image"
  # the curated image loads plugins too (the example plugin needs no Guice)
  out=$(run "$embed/bin/rf4j-embed" mechanisms --plugins "$work/plugins" 2>&1) || fail "rf4j-embed mechanisms with plugins: $out"
  grep -q "antithetic" <<< "$out" || fail "the embed image does not list the plugin's antithetic: $out"
  out=$(run "$embed/bin/rf4j-embed" estimate --plugins "$work/plugins" --coupling antithetic --features random-phase --m 16 --trials 50 2>&1) \
    || fail "rf4j-embed estimate with the plugin: $out"
  echo "[smoke] plugins: example-plugin.jar loaded and used by the embed image"
fi

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
