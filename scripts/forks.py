"""What the side-by-side comparison scripts (transform_compare.py, sparse_compare.py) share: one run as a
fresh process, timed from outside and reporting its phases as a JSON line, and the min / median / max
summary of a figure over the runs. Imported from the scripts' own folder (Python puts it on sys.path)."""
import argparse
import json
import statistics
import subprocess
import time


def timed(cmd, env=None):
    """Runs cmd as a fresh process; its first stdout line that starts with '{' (the JSON report), plus
    wallSeconds, the wall time seen from outside (start-up included). Raises RuntimeError on failure."""
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        raise RuntimeError("%s failed (exit %d): %s" % (" ".join(cmd), r.returncode, r.stderr.strip()[-500:]))
    line = next(l for l in r.stdout.splitlines() if l.startswith("{"))
    res = json.loads(line)
    res["wallSeconds"] = wall
    return res


def mmm(v):
    """(min, median, max) of the values."""
    v = sorted(v)
    return v[0], statistics.median(v), v[-1]


def parse(p, worker):
    """Adds the options every comparison has (the hidden --worker, --java-home, --json) to the parser p,
    parses the command line and returns the arguments; in a worker process runs worker(args) instead
    and returns None."""
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--java-home", default=None)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    if a.worker:
        worker(a)
        return None
    return a
