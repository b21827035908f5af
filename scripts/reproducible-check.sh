#!/usr/bin/env bash
# Two clean builds of one commit give byte-identical jars: clones HEAD twice into a temporary
# folder, packages each (no tests), and compares the SHA-256 of every jar the reactor builds.
# Usage: scripts/reproducible-check.sh [commit]   (exit 1 and the differing jars if any differ)
set -euo pipefail
cd "$(dirname "$0")/.."
commit="${1:-HEAD}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for side in a b; do
  git clone -q --no-checkout . "$work/$side"
  git -C "$work/$side" checkout -q "$commit"
  (cd "$work/$side" && ./mvnw -B -q package -DskipTests)
  (cd "$work/$side" && find . -path '*/target/*.jar' -not -path '*/consumer-check/*' | sort | xargs sha256sum) > "$work/$side.sums"
done
if diff "$work/a.sums" "$work/b.sums"; then
  echo "reproducible: $(wc -l < "$work/a.sums") jars byte-identical across two clean builds of $(git rev-parse --short "$commit")"
else
  echo "reproducible: jars differ (above)"; exit 1
fi
