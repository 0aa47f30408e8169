#!/usr/bin/env bash
# Records the paper tier's results in the repository: reads the whole paper-tier report back
# from a run store that holds it (nothing is simulated; the script stops if anything would be)
# and writes into docs/paper-tier/ what a reader needs to see and check it without the store:
#
#   README.md      the report's page: every verdict with its evidence, every figure
#   figures/       each figure in SVG, with its data (.dat) and its gnuplot script (.gp), which
#                  redraws it in PDF, LaTeX or PNG: gnuplot -e 'fmt="pdf"' NAME.gp
#   runs.csv.xz    every run the figures and verdicts read: specs, n, m, seed, replicate, gap,
#                  maximum load, ... (`gapcheck run` with that seed gives the same numbers)
#   commands.txt   the commands, seeds and results version of every batch
#
#   scripts/paper_tier_snapshot.sh STORE [OUT_DIR]
#
# STORE holds the paper tier (fill it with `gapcheck report --tier paper --plan`, `gapcheck
# sweep`; docs/sweeps.md). OUT_DIR defaults to docs/paper-tier. Needs build/cli/gapcheck (or
# GAPCHECK=path) and xz; TIER=tiny records another tier (its test does).
set -euo pipefail
[[ $# -ge 1 && $# -le 2 ]] || { echo "usage: $0 STORE [OUT_DIR]" >&2; exit 2; }
[[ -f "$1" ]] || { echo "$0: no run store at $1" >&2; exit 2; }
store=$(realpath "$1")
out=$(realpath -m "${2:-$(dirname "$0")/../docs/paper-tier}")
[[ -z "${GAPCHECK:-}" ]] || GAPCHECK=$(realpath "$GAPCHECK")  # relative to the caller, as STORE
# OUT_DIR is replaced whole: only a snapshot may be, never a directory that is something else.
if [[ -e "$out" && ! ( -f "$out/README.md" && -f "$out/runs.csv.xz" ) ]]; then
  echo "$0: $out exists and is not a snapshot (no README.md and runs.csv.xz): not replaced" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
gapcheck=$(realpath "${GAPCHECK:-build/cli/gapcheck}")
tier=${TIER:-paper}
work=$(mktemp -d)
trap 'rm -rf "$work" "$out.new"' EXIT
# In a directory of its own, so that the page's recorded command names no path of this machine.
ln -s "$store" "$work/paper.db"
# The snapshot is of the store: a run it lacks would be simulated by the report, so stop first.
(cd "$work" && "$gapcheck" report --tier "$tier" --plan --next-stage --db paper.db) \
  > /dev/null 2> "$work/plan" || { cat "$work/plan" >&2; exit 1; }
grep -q '^plan: nothing to run' "$work/plan" || {
  echo "$0: the store lacks runs of the $tier tier; fill it first (docs/sweeps.md):" >&2
  cat "$work/plan" >&2
  exit 1
}
(cd "$work" && "$gapcheck" report --tier "$tier" --db paper.db --threads 2 --out paper-tier) \
  > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
rm -rf "$out.new"
mkdir -p "$out.new/figures"
revision=unknown  # outside a git checkout
if git rev-parse --git-dir > /dev/null 2>&1; then
  revision=$(git rev-parse --short HEAD)
  git diff --quiet HEAD -- . ':!docs' || revision="$revision with local changes"
fi
{
  head -1 "$work/paper-tier/README.md"
  echo
  echo "The $tier tier's report, read back from the run store that holds it (nothing simulated) by"
  echo "\`scripts/paper_tier_snapshot.sh\` with gapcheck at $revision, $(date -u +%Y-%m-%d)."
  echo "Figures in SVG, each with its data and gnuplot script (\`gnuplot -e 'fmt=\"pdf\"' NAME.gp\`"
  echo "redraws it in PDF, LaTeX or PNG); every run the verdicts and figures read is in"
  echo "runs.csv.xz (xz-compressed)."
  echo
  tail -n +2 "$work/paper-tier/README.md" |
    sed -e 's|(figures/\([^)]*\)\.png)|(figures/\1.svg)|g' \
        -e 's|\[runs.csv\](runs.csv)|[runs.csv.xz](runs.csv.xz)|' \
        -e 's|\[PDF\](figures/[^)]*\.pdf) · ||g' -e 's|\[LaTeX\](figures/[^)]*\.tex) · ||g' \
        -e 's|\[LaTeX PDF\](figures/[^)]*\.pdf) · ||g'
} > "$out.new/README.md"
cp "$work"/paper-tier/figures/*.{svg,dat,gp} "$out.new/figures/"
cp "$work/paper-tier/commands.txt" "$out.new/"
xz -9 -c "$work/paper-tier/runs.csv" > "$out.new/runs.csv.xz"
# Every file the page links is there.
missing=$({ grep -o '(figures/[^)]*)' "$out.new/README.md" || true; } | tr -d '()' | sort -u |
  while read -r f; do [[ -f "$out.new/$f" ]] || echo "$f"; done)
[[ -z "$missing" ]] || { echo "$0: the page links files that were not written: $missing" >&2; exit 1; }
rm -rf "$out"
mv "$out.new" "$out"
tail -1 "$work/log"
