#!/usr/bin/env bash
# Measures the decision rules on fresh seeds: reruns a catalog R times with
# `gapcheck check --catalog FILE --fresh-seeds --json` (each rerun draws a new seed salt,
# recorded in its JSON) and counts each claim's verdicts. For a true claim the FAIL count is the
# rule's false-alarm rate on that grid; for a negative control the FAIL count is its power.
#
#   scripts/claims_false_alarms.sh [-r RERUNS] [-j JOBS] [-c CATALOG] [-o OUT.tsv] [-s STAGES]
#
# Default catalog: scripts/claims_false_alarms.toml (cheap grids, one or more per rule). -s K
# checks in K stages (`gapcheck check --stages K`; default 1), to measure a staged check.
# Output: one TSV row per claim: id, rule, control, reruns, PASS, FAIL, INCONCLUSIVE, the 95 %
# Clopper-Pearson interval of the FAIL rate, and the salts of up to five FAILs (replay one with
# `gapcheck check ID --catalog CATALOG --salt SALT`). Needs build/cli/gapcheck and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
reruns=200
jobs=2
catalog=scripts/claims_false_alarms.toml
out=/dev/stdout
stages=1
while getopts "r:j:c:o:s:" opt; do
  case $opt in
    r) reruns=$OPTARG ;;
    j) jobs=$OPTARG ;;
    c) catalog=$OPTARG ;;
    o) out=$OPTARG ;;
    s) stages=$OPTARG ;;
    *) echo "usage: $0 [-r RERUNS] [-j JOBS] [-c CATALOG] [-o OUT.tsv] [-s STAGES]" >&2; exit 2 ;;
  esac
done
[[ $stages =~ ^[1-8]$ ]] || { echo "$0: -s $stages: the stages are a whole number in [1, 8]" >&2; exit 2; }
gapcheck=build/cli/gapcheck
[ -x "$gapcheck" ] || { echo "$0: $gapcheck is not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seq 1 "$reruns" | xargs -P "$jobs" -I{} sh -c \
  "'$gapcheck' check --db '' --catalog '$catalog' --stages '$stages' --fresh-seeds --json --threads 1 2>/dev/null > '$work/{}.json' || true"

python3 - "$work" >"$out" <<'PY'
import glob, json, sys
from collections import defaultdict
from math import comb

def tail_le(k, n, p):
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))

def clopper_pearson(k, n):  # 95 %, by bisection on the binomial cdf
    def solve(f):
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if f(mid) else (lo, mid)
        return (lo + hi) / 2
    low = 0.0 if k == 0 else solve(lambda p: 1 - tail_le(k - 1, n, p) < 0.025)
    high = 1.0 if k == n else solve(lambda p: tail_le(k, n, p) > 0.025)
    return low, high

stats = defaultdict(lambda: {"PASS": 0, "FAIL": 0, "INCONCLUSIVE": 0, "salts": []})
meta = {}
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    try:
        outcomes = json.load(open(f))
    except Exception:
        continue
    for o in outcomes:
        s = stats[o["id"]]
        s[o["verdict"]] += 1
        meta[o["id"]] = (o["details"]["rule"], o["control"])
        if o["verdict"] == "FAIL":
            s["salts"].append(str(o["details"]["salt"]))
print("id\trule\tcontrol\treruns\tPASS\tFAIL\tINCONCLUSIVE\tfail_rate_ci95\tfail_salts")
for cid, s in stats.items():
    n = s["PASS"] + s["FAIL"] + s["INCONCLUSIVE"]
    lo, hi = clopper_pearson(s["FAIL"], n)
    rule, control = meta[cid]
    print(f"{cid}\t{rule}\t{str(control).lower()}\t{n}\t{s['PASS']}\t{s['FAIL']}\t"
          f"{s['INCONCLUSIVE']}\t[{lo:.4f}, {hi:.4f}]\t{','.join(s['salts'][:5])}")
PY
