#!/usr/bin/env bash
# Replays hostile-user cases (bad input, faults, limits) against ./rf4j and counts how many are
# handled well. A case is handled well when:
#   - the exit code is the expected one (2 for a user's mistake, 0 for valid input);
#   - stderr holds exactly one "rf4j: ..." line for a refusal (warnings aside), naming the expected
#     culprit, and no stack trace ("\tat ", "Exception in thread");
#   - no temporary file (.*.tmp) is left beside the outputs and no input file changed.
# Usage: scripts/hostile-inputs.sh [-v]     (build first: ./mvnw -q package -DskipTests)
# Prints one line per case (ok / BAD) and the summary "tried N, handled well K".
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
rf4j="$root/rf4j"
verbose=0
[[ "${1:-}" == "-v" ]] && verbose=1
work="$(mktemp -d)"
logs="$(mktemp -d)"
trap 'rm -rf "$work" "$logs"' EXIT
cd "$work" || exit 1

tried=0
good=0
bad_cases=()

# the JVM's notice for incubator modules is not rf4j's output
filter() { grep -v '^WARNING: Using incubator modules' || true; }


# check NAME EXPECTED_EXIT FRAGMENT -- ARGS...   (FRAGMENT: a string stderr must contain, or "")
check() {
  local name="$1" want="$2" fragment="$3"
  shift 4
  tried=$((tried + 1))
  local sums_before sums_after
  sums_before="$(md5sum ./* 2>/dev/null | grep -v ' \./out\.')"
  "$rf4j" "$@" >"$logs/case.out" 2>"$logs/case.err.raw" </dev/null
  local code=$?
  filter <"$logs/case.err.raw" >"$logs/case.err"
  sums_after="$(md5sum ./* 2>/dev/null | grep -v ' \./out\.')"
  local why=""
  [[ "$code" == "$want" ]] || why="exit $code, expected $want"
  if grep -q $'^\tat \|Exception in thread\|internal error' "$logs/case.err"; then why="${why:+$why; }stack trace or internal error"; fi
  if [[ "$want" == 2 && -z "${USAGE_OK:-}" ]]; then
    local n
    n="$(grep -vc '^rf4j: warning:' "$logs/case.err")"
    [[ "$n" == 1 ]] || [[ "$n" == 2 && "$(sed -n 2p "$logs/case.err")" == Try* ]] || why="${why:+$why; }$n lines on stderr"
  fi
  if [[ -n "$fragment" ]] && ! grep -qF -- "$fragment" "$logs/case.err"; then
    why="${why:+$why; }stderr lacks '$fragment'"
  fi
  if [[ -n "$(find . -name '*.tmp' 2>/dev/null)" ]]; then why="${why:+$why; }temp file left"; find . -name '*.tmp' -delete; fi
  [[ "$sums_before" == "$sums_after" ]] || why="${why:+$why; }an input changed"
  if [[ -z "$why" ]]; then
    good=$((good + 1))
    echo "ok   $name"
  else
    bad_cases+=("$name")
    echo "BAD  $name: $why"
  fi
  if [[ "$verbose" == 1 || -n "$why" ]]; then sed 's/^/       | /' "$logs/case.err" | head -3; fi
  rm -f out.*
}

# ---------------------------------------------------------------- fixtures
printf 'a,b\n1,2\n3,4\n0.5,-1\n' > in.csv
printf 'a,b,c\n1,2,3\n' > in3.csv
printf 'a,b\n1,2\n1e200,4\n' > big.csv
printf 'a,b\n100,2\n-100,4\n50,50\n-60,-70\n' > wide.csv
printf 'a,b\n1,NaN\n' > nan.csv
printf 'a,b\n1,2\n3\n' > ragged.csv
printf 'a,b\n1,x\n' > word.csv
printf '' > empty.csv
printf 'a,b\n' > header-only.csv
printf '@relation r\n@attribute a numeric\n@data\n1,2\n' > bad.arff
ln -s in.csv link.csv
ln in.csv hard.csv 2>/dev/null || cp in.csv hard.csv
printf 'x' > plainfile
rf='{"id": "random-features", "m": 8}'
cfg() { printf '%s' "$2" > "$1"; }
cfg ok.json "{\"estimator\": $rf, \"seed\": 1}"
cfg trailing.json "{\"estimator\": $rf} xyz"
cfg twice.json "{\"estimator\": $rf}{\"seed\": 2}"
cfg deep.json "$(printf '[%.0s' $(seq 1 1200))$(printf ']%.0s' $(seq 1 1200))"
cfg sigma1.json '{"kernel": {"id": "gaussian", "sigma": 1.0}, "estimator": {"id": "random-features", "m": 8}}'
cfg sigma.json '{"kernel": {"id": "gaussian", "sigma": 1e-320}, "estimator": {"id": "random-features", "m": 8}}'
cfg m.json '{"estimator": {"id": "random-features", "m": 16777216}}'
cfg givens.json '{"estimator": {"id": "random-features", "coupling": {"id": "givens", "rotations": 100000000}, "m": 8}}'
cfg unknown.json '{"estimator": {"id": "random-featurez"}}'
cfg badm.json '{"estimator": {"id": "random-features", "m": 0}}'
cfg dims.json '{"estimator": {"id": "random-features", "features": {"id": "oprf"}}, "data": "in.csv"}'
cfg nodata.json '{"estimator": {"id": "random-features", "features": {"id": "oprf"}}, "data": "missing.csv"}'
nest() { # a hybrid nested $1 deep, each level one hybrid and one random-features base
  local d="$1" inner="$rf"
  for ((i = 0; i < d; i++)); do
    inner="{\"id\": \"hybrid\", \"base\": [$inner, $rf], \"lambdas\": [{\"id\": \"angular\", \"n\": 2}]}"
  done
  printf '{"estimator": %s}' "$inner"
}
nest 16 > hybrid16.json
nest 26 > hybrid26.json
nest 31 > hybrid31.json
for f in positive hyperbolic complex-exponential trigonometric; do
  cfg "soft-$f.json" "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\", \"features\": {\"id\": \"$f\"}, \"m\": 8}}"
done
for f in oprf gerf poisson geometric; do
  cfg "fit-$f.json" "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\", \"features\": {\"id\": \"$f\"}, \"m\": 8}, \"data\": \"in.csv\"}"
  cfg "bigdata-$f.json" "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\", \"features\": {\"id\": \"$f\"}, \"m\": 8}, \"data\": \"big.csv\"}"
done
npy() { # npy NAME DICT: a .npy file with that header dict and 64 bytes of data
  python3 - "$1" "$2" <<'PY' 2>/dev/null || printf '' > "$1"
import struct, sys
name, d = sys.argv[1], sys.argv[2]
h = d + ' ' * (118 - len(d)) + '\n'
open(name, 'wb').write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode('latin1') + bytes(64))
PY
}
npy neg.npy "{'descr': '<f8', 'fortran_order': False, 'shape': (-3, 2), }"
npy wide.npy "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 4000000000), }"
npy object.npy "{'descr': '|O', 'fortran_order': False, 'shape': (2, 2), }"
npy short.npy "{'descr': '<f8', 'fortran_order': False, 'shape': (100, 2), }"

# ---------------------------------------------------------------- usage
USAGE_OK=1 check "bare rf4j exits 2 with the usage" 2 "a command is required" --
check "unknown command"                         2 "" -- frobnicate
check "unknown option"                          2 "--nope" -- estimate --nope
check "--plugins that does not exist warns"     0 "warning: --plugins" -- --plugins ./no-such-dir config
check "transform --threads"                     0 "" -- transform --input in.csv --output out.csv --threads 2
check "estimate --threads"                      0 "" -- estimate --trials 20 --threads 1
check "--threads -1"                            2 "--threads" -- estimate --threads -1

# ---------------------------------------------------------------- no input overwritten
check "transform --output = --input"            2 "same file" -- transform --input in.csv --output in.csv
check "transform --output = symlink to input"   2 "same file" -- transform --input in.csv --output link.csv
check "transform --output = hard link to input" 2 "same file" -- transform --input in.csv --output hard.csv
check "transform --output = ./../x/input path"  2 "same file" -- transform --input in.csv --output "../$(basename "$work")/in.csv"
check "transform --output = --config"           2 "same file" -- transform --config ok.json --input in.csv --output ok.json
check "attention --out = --q"                   2 "same file" -- attention --q in.csv --out link.csv
check "evaluate --report = --config"            2 "same file" -- evaluate --config ok.json --report ok.json --m 8 --seeds 2
check "evaluate --report = --data"              2 "same file" -- evaluate --task gram --data in.csv --report in.csv --m 8 --seeds 2
check "theory --svg = --config"                 2 "same file" -- theory --config ok.json --svg ok.json
check "output parent is a regular file"         2 "plainfile is a regular file" -- transform --input in.csv --output plainfile/out.csv
check "output folder missing"                   2 "does not exist" -- transform --input in.csv --output nodir/out.csv

# ---------------------------------------------------------------- config
check "trailing content after the config"       2 "column" -- config --config trailing.json
check "two JSON objects in the config"          2 "content after the config" -- config --config twice.json
check "JSON nested 1200 deep"                   2 "nested 1001 deep" -- config --config deep.json
check "sigma 1e-320 names sigma"                2 "kernel.sigma" -- estimate --config sigma.json --trials 5
check "unknown mechanism id"                    2 "random-featurez" -- config --config unknown.json
check "m = 0"                                   2 "m" -- config --config badm.json
check "missing config file"                     2 "does not exist" -- config --config nope.json
check "missing data file in config"             2 "missing.csv" -- config --config nodata.json
check "data dimension mismatch names the file"  2 "in.csv" -- transform --config dims.json --input in3.csv --output out.csv
check "valid config"                            0 "" -- config --config ok.json

# ---------------------------------------------------------------- data files
check "NaN in CSV"                              2 "nan.csv" -- transform --input nan.csv --output out.csv
check "ragged CSV"                              2 "ragged.csv, line 3" -- transform --input ragged.csv --output out.csv
check "word in CSV"                             2 "word.csv, line 2" -- transform --input word.csv --output out.csv
check "empty CSV"                               2 "empty.csv" -- transform --input empty.csv --output out.csv
check "header-only CSV"                         0 "" -- transform --input header-only.csv --output out.csv
check "ARFF row wider than attributes"          2 "bad.arff" -- transform --input bad.arff --output out.csv
check "missing input"                           2 "does not exist" -- transform --input nope.csv --output out.csv
check ".npy negative shape"                     2 "negative dimension" -- transform --input neg.npy --output out.csv
check ".npy 4e9 columns"                        2 "4000000000 columns" -- transform --input wide.npy --output out.csv
check ".npy object dtype"                       2 "'|O' is not supported" -- transform --input object.npy --output out.csv
check ".npy data shorter than its shape"        2 "ends early" -- transform --input short.npy --output out.csv
check "output extension unknown"                2 "extension" -- transform --input in.csv --output out.xlsx

# ---------------------------------------------------------------- overflowing rows: one rule
for f in positive hyperbolic complex-exponential trigonometric; do
  check "1e200 row, softmax, $f"                2 "big.csv, line 3" -- transform --config "soft-$f.json" --input big.csv --output out.csv
done
for f in oprf gerf poisson geometric; do
  check "1e200 row, softmax, $f"                2 "big.csv, line 3" -- transform --config "fit-$f.json" --input big.csv --output out.csv
  check "1e200 row in $f's data"                2 "big.csv, line 3" -- transform --config "bigdata-$f.json" --input in.csv --output out.csv
done
check "1e200 row, --precision float"            2 "big.csv, line 3" -- transform --input big.csv --output out.csv --precision float
check "--precision half"                        2 "--precision" -- transform --input in.csv --output out.csv --precision half
check "float32 .npy output"                     0 "" -- transform --input in.csv --output out.npy --precision float
check "attention --precision half"              2 "--precision" -- attention --L 10 --precision half
check "1e200 in estimate --x, sigma 1"          2 "norm" -- estimate --config sigma1.json --x 1e200,1 --y 1,1 --trials 5
check "1e200 in estimate --x, median sigma"     0 "" -- estimate --x 1e200,1 --y 1,1 --trials 5
check "1e200 row, median sigma"                 0 "" -- transform --input big.csv --output out.csv
printf '1 1:0.5 3:1\n0 2:1\n' > sparse.libsvm
check "libsvm, bundled default (median sigma)"  2 "--config (the bundled default config)" -- transform --input sparse.libsvm --output out.csv
check "libsvm, numeric sigma"                   0 "" -- transform --config sigma1.json --input sparse.libsvm --output out.csv
check "evaluate gram beyond closed form"        2 "|x ± y|²" -- evaluate --task gram --data wide.csv --m 8 --seeds 2
check "evaluate pointwise beyond closed form"   2 "|x ± y|²" -- evaluate --task pointwise --data wide.csv --m 8 --seeds 2

# ---------------------------------------------------------------- sizes, memory, overflow
check "m = 16777216, estimate"                  2 "" -- estimate --config m.json --trials 5
check "m = 16777216, transform"                 2 "16777216" -- transform --config m.json --input in.csv --output out.csv
check "m = 16777216, bench"                     2 "16777216" -- bench --m 16777216 --n 100
check "givens rotations 1e8"                    2 "'estimator.coupling.rotations' = 100000000" -- estimate --config givens.json --trials 5
check "givens rotations 1e8, config only"       2 "givens.json: parameter 'estimator.coupling.rotations'" -- config --config givens.json
check "hybrid nested 16 deep (too many features)" 2 "features per row" -- estimate --config hybrid16.json --trials 5
check "hybrid nested 26 deep"                   2 "$(printf '.base[0]%.0s' $(seq 1 9))' = 'a hybrid nested 17 deep'" -- estimate --config hybrid26.json --trials 5
check "hybrid nested 31 deep"                   2 "$(printf '.base[0]%.0s' $(seq 1 14))' = 'a hybrid nested 17 deep'" -- estimate --config hybrid31.json --trials 5
check "hybrid nested 31 deep, config only"      2 "at most 16 nested hybrid levels" -- config --config hybrid31.json
check "--chunk 2147483647"                      2 "--chunk" -- transform --input in.csv --output out.csv --chunk 2147483647
check "--chunk 0"                               2 "--chunk" -- transform --input in.csv --output out.csv --chunk 0
check "--trials 2147483647"                     2 "--trials" -- estimate --trials 2147483647
check "attention --L 1e9"                       2 "--L" -- attention --L 1000000000
check "bench --n 1e9"                           2 "--n" -- bench --n 1000000000
check "bench --attention --L 1e9"               2 "--L" -- bench --attention --L 1000000000
check "--n 1e9 as text"                         2 "--n" -- bench --n 1e9
RF4J_JAVA_OPTS="-Xmx64m" check "--chunk 1000000 with a 64 MB heap" 2 "heap" -- transform --input in.csv --output out.csv --chunk 1000000

# ---------------------------------------------------------------- learning: fit and predict
printf 'a,b,y\n0.1,0.2,in\n1.5,1.1,out\n0.2,-0.1,in\n-1.4,1.2,out\n0.0,0.3,in\n1.3,-1.6,out\n-0.2,0.1,in\n-1.2,-1.5,out\n' > train.csv
printf 'a,b,c,d\n1,2,3,4\n' > wide4.csv
check "fit --sigmas not a number"               2 "'wide'" -- fit --data train.csv --config ok.json --model out.json --sigmas wide
check "fit --sigmas 0"                          2 "sigmas" -- fit --data train.csv --config ok.json --model out.json --sigmas 0,1
check "fit --warmup-seconds -1"                 2 "--warmup-seconds" -- fit --data train.csv --config ok.json --model out.json --lambda 1e-3 --warmup-seconds -1
check "fit --warmup-seconds NaN"                2 "--warmup-seconds" -- fit --data train.csv --config ok.json --model out.json --lambda 1e-3 --warmup-seconds NaN
check "fit --lambda 0"                          2 "lambda" -- fit --data train.csv --config ok.json --model out.json --lambda 0
check "fit --model onto its --data"             2 "never overwritten" -- fit --data train.csv --config ok.json --model train.csv
check "fit --label unknown"                     2 "'nope'" -- fit --data train.csv --config ok.json --model out.json --label nope
check "fit, defaults (standardised, median σ)"  0 "" -- fit --data train.csv --config ok.json --model out.json --cv 2
printf '0\n1\n0\n1\n0\n1\n0\n1\n' > folds.txt; printf '0\n1\n0\n' > folds3.txt; printf '0\n1\n0\nx\n0\n1\n0\n1\n' > foldsx.txt
printf '0\n2\n0\n2\n0\n2\n0\n2\n' > folds02.txt; printf '0\n-1\n0\n1\n0\n1\n0\n1\n' > foldsneg.txt
check "fit --folds-file"                        0 "" -- fit --data train.csv --config ok.json --model out.json --folds-file folds.txt
check "fit --folds-file, too few rows"          2 "3 fold numbers" -- fit --data train.csv --config ok.json --model out.json --folds-file folds3.txt
check "fit --folds-file, not a number"          2 "line 4" -- fit --data train.csv --config ok.json --model out.json --folds-file foldsx.txt
check "fit --folds-file, an unused fold"        2 "no row in fold 1" -- fit --data train.csv --config ok.json --model out.json --folds-file folds02.txt
check "fit --folds-file, a negative fold"       2 "negative" -- fit --data train.csv --config ok.json --model out.json --folds-file foldsneg.txt
check "fit --folds-file and --cv disagree"      2 "--cv" -- fit --data train.csv --config ok.json --model out.json --folds-file folds.txt --cv 3
check "fit --folds-file missing"                2 "--folds-file" -- fit --data train.csv --config ok.json --model out.json --folds-file nope.txt
check "fit --model onto its --folds-file"       2 "never overwritten" -- fit --data train.csv --config ok.json --model folds.txt --folds-file folds.txt
check "predict with a missing model"            2 "does not exist" -- predict --model nope.json --data train.csv --output out.csv

# ---------------------------------------------------------------- a model is an input
"$rf4j" fit --config ok.json --data train.csv --lambda 0.1 --model model.json >/dev/null 2>&1
printf 'y,b,a\nin,0.2,0.1\nout,1.1,1.5\nin,-0.1,0.2\nout,1.2,-1.4\n' > moved.csv
printf 'a,y\n0.1,in\n1.5,out\n' > lacking.csv
printf 'a,b,z,y\n0.1,0.2,9,in\n1.5,1.1,9,out\n' > extra.csv
printf '0.1,0.2,in\n1.5,1.1,out\n' > plain.csv
edit() { python3 - "$@" <<'PY'
import json, sys
src, dst, path, value = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
text = open(src).read()
o = json.loads(text)
node = o
keys = path.split('/')
for k in keys[:-1]:
    node = node[int(k)] if isinstance(node, list) else node[k]
last = keys[-1]
marker = '"__VALUE__"'
if isinstance(node, list):
    node[int(last)] = '__VALUE__'
else:
    node[last] = '__VALUE__'
open(dst, 'w').write(json.dumps(o).replace(marker, value))
PY
}
edit model.json m-weight.json weights/0/0 1e999
edit model.json m-scale.json standardize/scale/1 0
edit model.json m-version.json rf4jVersion '"99.0.0"'
edit model.json m-config.json config/estimator/id '"no-such-estimator"'
edit model.json m-intercept.json intercept/0 '-1e999'
edit model.json m-columns.json columns/1 '"a"'
check "model weight 1e999"                      2 "weights[0][0]" -- predict --model m-weight.json --data train.csv --output out.csv
check "model scale 0"                           2 "standardize.scale[1]" -- predict --model m-scale.json --data train.csv --output out.csv
check "model from rf4j 99"                      2 "major version 99" -- predict --model m-version.json --data train.csv --output out.csv
check "model config that does not resolve"      2 "'config' does not resolve" -- predict --model m-config.json --data train.csv --output out.csv
check "model intercept -1e999"                  2 "intercept[0]" -- predict --model m-intercept.json --data train.csv --output out.csv
check "model with a column twice"               2 "twice" -- predict --model m-columns.json --data train.csv --output out.csv
check "predict: reordered columns matched"      0 "another order" -- predict --model model.json --data moved.csv --output out.csv
check "predict: a missing column named"         2 "input column 'b'" -- predict --model model.json --data lacking.csv --output out.csv
check "predict: an extra column named"          2 "'z'" -- predict --model model.json --data extra.csv --output out.csv
check "predict: no header, by position"         0 "names cannot be checked" -- predict --model model.json --data plain.csv --output out.csv

# ---------------------------------------------------------------- the float path checks what it computes
printf 'a,b\n0.1,0.2\n3e38,-3e38\n' > huge.csv
printf 'a,b\n0.1,0.2\n15,0\n' > fifteen.csv
printf 'a,b\n0.1,0.2\n1,1e39\n' > beyond.csv
cfg soft-trig.json '{"kernel": {"id": "softmax"}, "estimator": {"id": "random-features", "features": {"id": "trigonometric"}, "m": 8}}'
check "float: 3e38 entries give finite features" 0 "" -- transform --input huge.csv --output out.csv --precision float
check "float: features beyond float, by line"   2 "fifteen.csv, line 3" -- transform --config soft-trig.json --input fifteen.csv --output out.csv --precision float
check "float: 1e39 named by column and name"    2 "line 3, column 2: 1.0E39 (column 'b')" -- transform --input beyond.csv --output out.csv --precision float

# ---------------------------------------------------------------- one same-file rule
ln -s model.json out-model.csv
ln -s ok.json link-ok.json
check "config --output = --config"              2 "same file" -- config --config ok.json --output ok.json
check "config --output = ./--config"            2 "same file" -- config --config ok.json --output ./ok.json
check "config --output = symlink to --config"   2 "same file" -- config --config ok.json --output link-ok.json
check "predict --output = symlink to --model"   2 "same file" -- predict --model model.json --data train.csv --output out-model.csv
check "fit --model = --data by ./"              2 "same file" -- fit --config ok.json --data train.csv --lambda 0.1 --model ./train.csv
check "advise --report = --data"                2 "same file" -- advise --data in.csv --report ./in.csv --candidates iid/trigonometric
check "theory --svg = --config via link"        2 "same file" -- theory --config ok.json --svg link-ok.json

# ---------------------------------------------------------------- errors name the user's path
check "output in /proc"                         2 "cannot write /proc/out.json" -- config --output /proc/out.json
if printf '{}' > frozen.json && chattr +i frozen.json 2>/dev/null; then
  check "immutable output"                      2 "frozen.json: the file is immutable" -- config --output frozen.json
  chattr -i frozen.json
fi
if [[ "$(id -u)" != 0 ]]; then
  mkdir -p rodir && chmod 555 rodir
  check "read-only folder"                      2 "rodir is read-only" -- config --output rodir/out.json
  chmod 755 rodir
fi

# ---------------------------------------------------------------- plugin errors charged to the right JAR
if command -v javac >/dev/null 2>&1; then
  mkdir -p plug-src/com/example/wrong plug-cls plug/META-INF/services plugins-two
  printf 'package com.example.wrong;\npublic final class NotAProvider {\n}\n' > plug-src/com/example/wrong/NotAProvider.java
  if javac -d plug-cls plug-src/com/example/wrong/NotAProvider.java 2>/dev/null; then
    python3 - <<'PY'
import zipfile
with zipfile.ZipFile('plugins-two/wrong.jar', 'w') as z:
    z.writestr('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\n')
    z.write('plug-cls/com/example/wrong/NotAProvider.class', 'com/example/wrong/NotAProvider.class')
    z.writestr('META-INF/services/org.rf4j.spi.CouplingProvider', 'com.example.wrong.NotAProvider\n')
with zipfile.ZipFile('plugins-two/empty.jar', 'w') as z:
    z.writestr('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\n')
PY
    tried=$((tried + 1))
    "$rf4j" --plugins plugins-two mechanisms >/dev/null 2>"$logs/plug.err"
    if grep -q 'wrong.jar' "$logs/plug.err" && ! grep -q 'empty.jar' "$logs/plug.err"; then
      good=$((good + 1)); echo "ok   plugin error charged to wrong.jar only"
    else
      bad_cases+=("plugin error charged to wrong.jar only"); echo "BAD  plugin error charged to wrong.jar only"
      sed 's/^/       | /' "$logs/plug.err" | head -3
    fi
  fi
fi

# ---------------------------------------------------------------- advise refuses degenerate data
printf 'a,b\n1,2\n' > one.csv
printf 'a,b\n1,2\n1,2\n' > twins.csv
printf 'a,b\n0,0\n0,0\n0,0\n' > zeros.csv
check "advise: one row"                         2 "one row" -- advise --data one.csv
check "advise: two identical rows"              2 "distinct rows" -- advise --data twins.csv
check "advise: all-zero data, softmax"          2 "zero variance" -- advise --data zeros.csv --kernel softmax

# ---------------------------------------------------------------- messages point at the right place
printf 'a;b\n1,5;2,5\n3,0;4,0\n' > semi.csv
check "semicolon file with decimal commas"      2 "semi.csv, line 2, column 1: '1,5'" -- transform --input semi.csv --output out.csv
check "softmax overflow names file and line"    2 "big.csv, line 3" -- transform --config soft-trig.json --input big.csv --output out.csv
check "fit --lambda 1e308 advises lowering"     2 "lower lambda" -- fit --config ok.json --data train.csv --lambda 1e308 --model out.json
check "fit --holdout 0"                         2 "--holdout" -- fit --config ok.json --data train.csv --holdout 0 --model out.json

# ---------------------------------------------------------------- interruptions: no temp file survives
rows() { python3 -c "
import math
print('a,b,c,d')
for i in range($1): print(f'{math.sin(i):.4f},{math.cos(i):.4f},{i%97*0.001:.4f},0.5')"; }
rows 20000 > long.csv
cfg wide.json '{"kernel": {"id": "gaussian", "sigma": 2}, "estimator": {"id": "random-features", "features": {"id": "trigonometric"}, "m": 512}}'
interrupt() { # interrupt NAME SIGNAL: start a long transform, wait for its temp file, send the signal
  local name="$1" sig="$2"
  tried=$((tried + 1))
  set -m # job control: a background job must not start with SIGINT ignored
  "$rf4j" transform --config wide.json --input long.csv --output out.csv --chunk 256 >/dev/null 2>&1 &
  local pid=$!
  set +m
  for _ in $(seq 1 600); do
    [[ -n "$(find . -name '.out.csv.*.tmp' -size +100k 2>/dev/null)" ]] && break
    sleep 0.1
  done
  kill "-$sig" "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [[ "$sig" == KILL ]]; then
    # kill -9 runs no hook: the next run to the same output sweeps the dead process's temp file
    "$rf4j" transform --input in.csv --output out.csv >/dev/null 2>&1
  fi
  if [[ -z "$(find . -name '*.tmp')" ]]; then
    good=$((good + 1)); echo "ok   $name"
  else
    bad_cases+=("$name"); echo "BAD  $name: temp file left"; find . -name '*.tmp' -delete
  fi
  rm -f out.csv
}
interrupt "transform interrupted by SIGTERM" TERM
interrupt "transform interrupted by SIGINT (Ctrl-C)" INT
interrupt "transform killed with kill -9, then rerun" KILL

echo
echo "tried $tried, handled well $good"
if ((${#bad_cases[@]} > 0)); then
  printf 'handled badly: %s\n' "${bad_cases[@]}"
  exit 1
fi
