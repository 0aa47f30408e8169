#!/usr/bin/env bash
# scripts/paper_tier_snapshot.sh on the tiny tier: it refuses a missing store and a store that
# lacks runs, and from a full store writes a page whose every figure is there, the runs in
# runs.csv.xz, and the commands.
#   snapshot_test.sh GAPCHECK SOURCE_DIR
set -uo pipefail
gapcheck=$1
script=$2/scripts/paper_tier_snapshot.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export GAPCHECK=$gapcheck TIER=tiny

"$script" "$work/none.db" "$work/out" > /dev/null 2> "$work/err"
[[ $? -eq 2 ]] && grep -q "no run store at $work/none.db" "$work/err" || fail "a missing store: $(cat "$work/err")"

# A store with some runs but not the tier's: refused before anything is written.
"$gapcheck" run --process two-choice --n 64 --m 64 --runs 2 --db "$work/partial.db" > /dev/null 2>&1 ||
  fail "the partial store was not made"
"$script" "$work/partial.db" "$work/out" > /dev/null 2> "$work/err"
[[ $? -eq 1 ]] && grep -q "the store lacks runs of the tiny tier" "$work/err" ||
  fail "a store lacking runs: $(cat "$work/err")"
[[ ! -e "$work/out" ]] || fail "a refused snapshot wrote $work/out"

# A directory that is not a snapshot is never replaced.
mkdir -p "$work/keep" && echo mine > "$work/keep/notes.txt"
"$script" "$work/partial.db" "$work/keep" > /dev/null 2> "$work/err"
[[ $? -eq 2 ]] && grep -q "exists and is not a snapshot" "$work/err" && [[ -f "$work/keep/notes.txt" ]] ||
  fail "a directory that is not a snapshot: $(cat "$work/err")"

"$gapcheck" report --tier tiny --db "$work/full.db" --threads 2 --out "$work/report" > /dev/null 2>&1 ||
  fail "the tiny report did not run"
"$script" "$work/full.db" "$work/out" > "$work/log" 2>&1 || fail "the snapshot failed: $(cat "$work/log")"
page=$work/out/README.md
head -1 "$page" | grep -q '^# gapcheck report$' || fail "the page's title: $(head -1 "$page")"
grep -q "^The tiny tier's report, read back" "$page" || fail "the page does not say where it came from"
grep -q 'tier tiny' "$page" || fail "the page does not name its tier"
! grep -q '\.png)\|\.pdf)\|\.tex)' "$page" || fail "the page links a format the snapshot does not carry"
linked=$(grep -o '(figures/[^)]*)' "$page" | tr -d '()' | sort -u)
while read -r f; do [[ -f "$work/out/$f" ]] || fail "the page links $f, which is not there"; done <<< "$linked"
grep -q '(figures/[^)]*\.dat)' "$page" && grep -q '(figures/[^)]*\.gp)' "$page" ||
  fail "the page links no figure data or gnuplot script"
figures=$(grep -o '(figures/[^)]*\.svg)' "$page" | tr -d '()' | sort -u)
[[ $(wc -l <<< "$figures") -ge 10 ]] || fail "the page links $(wc -l <<< "$figures") figures"
while read -r f; do
  head -c 300 "$work/out/$f" | grep -q '<svg' || fail "$f is not an SVG"
done <<< "$figures"
# A figure's script redraws it from its data, beside it in the snapshot.
first=$(head -1 <<< "$figures")
(cd "$work/out/figures" && gnuplot -e 'fmt="pdf"' "$(basename "${first%.svg}").gp") > /dev/null 2>&1 &&
  [[ -s "$work/out/${first%.svg}.pdf" ]] || fail "gnuplot did not redraw ${first%.svg}.pdf from the snapshot"
# The runs: the report's own runs.csv, compressed.
xz -dc "$work/out/runs.csv.xz" | cmp -s - "$work/report/runs.csv" ||
  fail "runs.csv.xz differs from the report's runs.csv"
[[ $(xz -dc "$work/out/runs.csv.xz" | wc -l) -gt 100 ]] || fail "runs.csv.xz holds too few runs"
grep -q '\[runs.csv.xz\](runs.csv.xz)' "$page" || fail "the page does not link runs.csv.xz"
[[ -s "$work/out/commands.txt" ]] || fail "no commands.txt"
[[ ! -e "$work/out.new" ]] || fail "the snapshot left $work/out.new behind"
# A snapshot is replaced by the next one.
"$script" "$work/full.db" "$work/out" > /dev/null 2>&1 || fail "a snapshot did not replace the last"
echo "ok: $(wc -l <<< "$figures") figures"
