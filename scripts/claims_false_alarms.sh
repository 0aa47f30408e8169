#!/usr/bin/env bash
# Measures the decision rules on fresh seeds: reruns each named claim R times with
# `gapcheck check ID --fresh-seeds --json` (each rerun draws a new seed salt, recorded in its
# JSON) and counts the verdicts. For a true claim the FAIL count is the rule's false-alarm rate
# on that grid; for a negative control the FAIL count is the check's power.
#
#   scripts/claims_false_alarms.sh [-r RUNS] [-j JOBS] [-o OUT.tsv] ID...
#
# Writes one TSV row per claim: id, control, reruns, PASS, FAIL, INCONCLUSIVE, the 95 %
# Clopper-Pearson upper bound of the FAIL rate (for true claims), and the salts of any FAILs.
# Needs a built gapcheck (build/cli/gapcheck) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=200
jobs=2
out=/dev/stdout
while getopts "r:j:o:" opt; do
  case $opt in
    r) runs=$OPTARG ;;
    j) jobs=$OPTARG ;;
    o) out=$OPTARG ;;
    *) echo "usage: $0 [-r RUNS] [-j JOBS] [-o OUT.tsv] ID..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "$0: name at least one claim id" >&2; exit 2; }
gapcheck=build/cli/gapcheck
[ -x "$gapcheck" ] || { echo "$0: $gapcheck is not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf 'id\tcontrol\treruns\tPASS\tFAIL\tINCONCLUSIVE\tfail_rate_upper95\tfail_salts\n' >"$out"
for id in "$@"; do
  seq 1 "$runs" | xargs -P "$jobs" -I{} sh -c \
    "'$gapcheck' check '$id' --fresh-seeds --json --threads 1 2>/dev/null > '$work/$id.{}.json' || true"
  python3 - "$work" "$id" "$runs" >>"$out" <<'PY'
import glob, json, sys
from math import isnan
work, cid, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
count = {"PASS": 0, "FAIL": 0, "INCONCLUSIVE": 0}
control, salts = False, []
for f in glob.glob(f"{work}/{cid}.*.json"):
    try:
        (o,) = json.load(open(f))
    except Exception:
        continue
    count[o["verdict"]] += 1
    control = o["control"]
    if o["verdict"] == "FAIL":
        salts.append(str(o["details"]["salt"]))
n = sum(count.values())
# Clopper-Pearson 95 % upper bound of the FAIL rate, by bisection on the binomial cdf.
def cdf(k, n, p):
    from math import comb
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))
k = count["FAIL"]
lo, hi = 0.0, 1.0
for _ in range(60):
    mid = (lo + hi) / 2
    if cdf(k, n, mid) > 0.025: lo = mid
    else: hi = mid
print(f"{cid}\t{str(control).lower()}\t{n}\t{count['PASS']}\t{count['FAIL']}\t{count['INCONCLUSIVE']}\t{hi:.4f}\t{','.join(salts[:5])}")
PY
done
