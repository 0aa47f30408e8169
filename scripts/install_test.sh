#!/usr/bin/env bash
# Installs gapcheck into a temporary prefix and builds examples/new-variant against it, as a user
# would on a clean machine: the variant's property suite and declared claim must pass, `list`,
# `run` and `report --catalog` must know it by name, and a broken copy of the rule (it places in
# the heaviest sample instead of the lightest) must be caught by its claim, and must not read back
# the runs the good build stored.
# Usage: install_test.sh <gapcheck build dir> <source dir> [compiler launcher]
set -euo pipefail
build=$1
source=$2
launcher=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
configure=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$tmp/prefix")
[[ -n "$launcher" ]] && configure+=(-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher")
step() { echo "== $*"; }

step "install into $tmp/prefix"
cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log"
test -x "$tmp/prefix/bin/gapcheck"

step "the example against the installed package"
cp -r "$source/examples/new-variant" "$tmp/good"
cmake -S "$tmp/good" -B "$tmp/good/build" "${configure[@]}" > "$tmp/good.log"
cmake --build "$tmp/good/build" -j2 >> "$tmp/good.log"
(cd "$tmp/good/build" && ctest --output-on-failure)
step "the variant's property suite: the built-ins' case count, on a fixed seed it prints"
env -u RC_PARAMS "$tmp/good/build/one_plus_beta_d_properties" > "$tmp/properties.log"
grep -F 'variant properties: RC_PARAMS="seed=20261129 max_success=5000"' "$tmp/properties.log"
RC_PARAMS="seed=7 max_success=50" "$tmp/good/build/one_plus_beta_d_properties" |
  grep -F 'variant properties: RC_PARAMS="seed=7 max_success=50"' > /dev/null
variant="$tmp/good/build/one_plus_beta_d_gapcheck"
"$variant" list | grep 'one-plus-beta-d ' > /dev/null
"$variant" run --process one-plus-beta-d:beta=0.5,d=3 --n 1000 --m 20n --runs 4 --json | grep '"gap' > /dev/null
# the command it prints to repeat a batch names the variant's executable, which knows the process
"$variant" run --process one-plus-beta-d:beta=0.5,d=3 --n 1000 --m 20n --runs 2 \
  | grep -F "repeat with         $variant run --process one-plus-beta-d" > /dev/null
(cd "$tmp/good" && "$variant" report 'one-plus-beta-d-beats-one-choice' --catalog claims.toml \
   --out "$tmp/report" --db '' 2>/dev/null)
test -s "$tmp/report/figures/claim-one-plus-beta-d-beats-one-choice.svg"

step "a broken copy: the heaviest sample takes the ball"
cp -r "$source/examples/new-variant" "$tmp/broken"
sed -i 's/Order::less/Order::greater/' "$tmp/broken/one_plus_beta_d.cpp"
grep -q 'Order::greater' "$tmp/broken/one_plus_beta_d.cpp"
cmake -S "$tmp/broken" -B "$tmp/broken/build" "${configure[@]}" > "$tmp/broken.log"
cmake --build "$tmp/broken/build" -j2 --target one_plus_beta_d_gapcheck >> "$tmp/broken.log"
if (cd "$tmp/broken/build" && ctest -R one_plus_beta_d_claims --output-on-failure > "$tmp/caught.log" 2>&1); then
  cat "$tmp/caught.log"
  echo "the broken copy passed its claim" >&2
  exit 1
fi
grep -E 'one-plus-beta-d-beats-one-choice +FAIL' "$tmp/caught.log"

step "a rebuilt variant does not read back the runs of the build before"
point=(run --process one-plus-beta-d:beta=0.5,d=3 --n 1000 --m 20n --runs 4 --seed 3 --csv
       --db "$tmp/shared.db")
"$variant" "${point[@]}" > "$tmp/good.csv"
"$tmp/broken/build/one_plus_beta_d_gapcheck" "${point[@]}" > "$tmp/broken.csv"
if cmp -s "$tmp/good.csv" "$tmp/broken.csv"; then
  echo "the broken build printed the good build's stored runs" >&2
  exit 1
fi
[[ $(sqlite3 "$tmp/shared.db" "SELECT count(DISTINCT version) FROM runs") -eq 2 ]]
echo "install test: the example passes, the broken copy is caught by its claim"
