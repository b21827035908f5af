#!/usr/bin/env bash
# Calibration of the Gaussian process through the CLI: for each of SPLITS seeded 70/30 splits of a
# CSV whose last column is the target, `rf4j fit --task gp` (length scale, s² and τ² by the marginal
# likelihood, trigonometric features, m = M, seed 7) and `rf4j predict --json` on the held-out rows;
# prints each split's coverage of the 95% interval, RMSE and NLPD, then their mean ± standard error
# over the splits (sd/√SPLITS). DATA may be the word `synthetic`: 600 rows of
# y = sin(3·x₁) + x₂²/2 + 0.5·N(0, 1), x ~ N(0, I₃) (known noise 0.5, seed 11).
# Usage: scripts/gp_calibration.sh DATA.csv|synthetic [M] [SPLITS]   e.g. a copy of the diabetes table, 128, 10
# Needs a built CLI (./mvnw -q package -DskipTests -pl app -am) and python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")/.."
data="$1"; m="${2:-128}"; splits="${3:-10}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cat > "$work/c.json" <<EOF
{"kernel": {"id": "gaussian", "sigma": 1.0}, "estimator": {"id": "random-features",
 "features": {"id": "trigonometric"}, "m": $m}, "seed": 7}
EOF
if [ "$data" = synthetic ]; then
  python3 - "$work/synthetic.csv" <<'EOF'
import math, random, sys
r = random.Random(11)
with open(sys.argv[1], "w") as f:
    f.write("x1,x2,x3,y\n")
    for _ in range(600):
        x = [r.gauss(0, 1) for _ in range(3)]
        f.write("%.9g,%.9g,%.9g,%.9g\n" % (x[0], x[1], x[2], math.sin(3 * x[0]) + x[1] ** 2 / 2 + 0.5 * r.gauss(0, 1)))
EOF
  data="$work/synthetic.csv"
fi
echo "split,coverage,rmse,nlpd,lengthScale,noiseVariance"
for ((s = 0; s < splits; s++)); do
  python3 - "$data" "$work/train.csv" "$work/test.csv" "$s" <<'EOF'
import random, sys
lines = open(sys.argv[1]).read().splitlines()
head, rows = lines[0], [l for l in lines[1:] if l.strip()]
random.Random(int(sys.argv[4])).shuffle(rows)
k = round(0.7 * len(rows))
open(sys.argv[2], "w").write("\n".join([head] + rows[:k]) + "\n")
open(sys.argv[3], "w").write("\n".join([head] + rows[k:]) + "\n")
EOF
  ./rf4j fit --task gp --config "$work/c.json" --data "$work/train.csv" --model "$work/gp.json" --json \
      > "$work/fit.json" 2>/dev/null
  ./rf4j predict --model "$work/gp.json" --data "$work/test.csv" --output "$work/pred.csv" --json \
      > "$work/pred.json" 2>/dev/null
  python3 - "$work/fit.json" "$work/pred.json" "$s" <<'EOF'
import json, sys
f, p = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
print("%s,%.4f,%.6g,%.4f,%.4g,%.4g" % (sys.argv[3], p["coverage"], p["rmse"], p["nlpd"], f["lengthScale"], f["noiseVariance"]))
EOF
done | tee "$work/rows.csv"
python3 - "$work/rows.csv" <<'EOF'
import math, sys
rows = [list(map(float, l.split(","))) for l in open(sys.argv[1]) if l.strip()]
k = len(rows)
for j, name in ((1, "coverage"), (2, "rmse"), (3, "nlpd")):
    v = [r[j] for r in rows]
    mean = sum(v) / k
    se = math.sqrt(sum((x - mean) ** 2 for x in v) / (k - 1) / k) if k > 1 else float("nan")
    print("%s: %.4g ± %.2g (mean ± standard error over %d splits)" % (name, mean, se, k))
EOF
