#!/usr/bin/env bash
# End-to-end tests of `gapcheck sweep` and its run store, run by ctest (label store):
#   sweep_test.sh GAPCHECK CASE
# CASE is one of:
#   kill     a sweep killed with SIGKILL mid-way, twice, then resumed, ends with exactly the
#            grid's runs, none twice, none lost, equal to an uninterrupted sweep's
#   mpi      `mpirun -n 2` gives the same rows as a plain sweep, and resumes a partial store
#   refuse   a file that is not a gapcheck store is refused (exit 2, one line) and left as it was
#   version  rows of another results version are not reused: the sweep runs them again
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/test_case.sh"

# Every column that is a function of the run's key (all but the wall time and finish time).
rows() {
  sqlite3 "$1" "SELECT version, process, setting, weights, n, m, gap_level, seed, replicate, gap,
                max_load, max_gap_over_time, fraction_above_level, balls, steps, probes, histogram,
                setting_counts FROM runs ORDER BY process, setting, weights, n, m, gap_level, seed,
                replicate"
}
count() { sqlite3 "$1" "SELECT count(*) FROM runs"; }
distinct_keys() {
  sqlite3 "$1" "SELECT count(*) FROM (SELECT DISTINCT version, process, setting, weights, n, m,
                gap_level, seed, replicate FROM runs)"
}

# A grid of 4 points x 60 runs; runs of 2n..200n balls into 500 bins take about a millisecond.
cat > grid.toml <<'GRID'
processes = ["one-choice", "two-choice"]
settings  = ["exact", "g-bounded:g=1"]
n         = [500]
m         = ["200n"]
runs      = 60
seed      = 11
GRID
total=240

case "$case_name" in
kill)
  "$gapcheck" sweep grid.toml --db reference.db --threads 2 > /dev/null 2>&1
  [[ $(count reference.db) -eq $total ]] || fail "the reference sweep stored $(count reference.db) runs"
  for kill_at in 40 120; do
    "$gapcheck" sweep grid.toml --db killed.db --threads 1 > /dev/null 2>&1 &
    pid=$!
    while [[ ! -f killed.db ]] || [[ $(count killed.db 2>/dev/null || echo 0) -lt $kill_at ]]; do
      kill -0 "$pid" 2> /dev/null || break
      sleep 0.01
    done
    kill -KILL "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
    stored=$(count killed.db)
    echo "killed at $stored of $total runs stored"
    [[ $stored -lt $total ]] || fail "the sweep finished before it was killed; enlarge the grid"
  done
  "$gapcheck" sweep grid.toml --db killed.db --threads 2 > resumed.txt 2> /dev/null
  grep -q "^done    $total runs" resumed.txt || fail "resumed sweep: $(head -4 resumed.txt)"
  [[ $(count killed.db) -eq $total ]] || fail "$(count killed.db) rows, the grid has $total runs"
  [[ $(distinct_keys killed.db) -eq $total ]] || fail "a run is stored twice"
  cmp <(rows killed.db) <(rows reference.db) || fail "the resumed store differs from an uninterrupted sweep's"
  ;;
mpi)
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI runs as root
  "$gapcheck" sweep grid.toml --db plain.db --threads 2 > /dev/null 2>&1
  mpirun -n 2 --oversubscribe "$gapcheck" sweep grid.toml --db mpi.db > mpi.txt 2> mpi_err.txt ||
    fail "mpirun exited with $?: $(cat mpi_err.txt)"
  grep -q "on 1 MPI worker" mpi_err.txt || fail "the sweep did not run under MPI: $(head -2 mpi_err.txt)"
  [[ $(count mpi.db) -eq $total ]] || fail "$(count mpi.db) rows under MPI, the grid has $total runs"
  cmp <(rows mpi.db) <(rows plain.db) || fail "mpirun -n 2 stored other rows than a plain sweep"
  # A partial store (the runs of replicates >= 30 removed) is completed under MPI, equal again.
  sqlite3 mpi.db "DELETE FROM runs WHERE replicate >= 30"
  mpirun -n 3 --oversubscribe "$gapcheck" sweep grid.toml --db mpi.db > /dev/null 2> mpi_err.txt ||
    fail "mpirun -n 3 exited with $?: $(cat mpi_err.txt)"
  grep -q "120 of 240 runs done" mpi_err.txt || fail "resume under MPI: $(head -1 mpi_err.txt)"
  cmp <(rows mpi.db) <(rows plain.db) || fail "the resumed MPI store differs from a plain sweep's"
  # A refused store stops the workers too: exit 2, no hang.
  echo "not a database, but somebody's notes" > notes.db
  set +e
  timeout 60 mpirun -n 2 --oversubscribe "$gapcheck" sweep grid.toml --db notes.db > /dev/null 2> err.txt
  code=$?
  set -e
  [[ $code -ne 0 && $code -ne 124 ]] || fail "a refused store under MPI exited with $code"
  grep -q "is not a gapcheck run store" err.txt || fail "no error for the refused store: $(cat err.txt)"
  ;;
refuse)
  printf 'gap,n\n1,2\n' > results.csv
  cp results.csv results.before
  sqlite3 other.db "CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ada');"
  cp other.db other.before
  for file in results.csv other.db; do
    for command in "sweep grid.toml --db $file" "sweep grid.toml --db $file --status" \
                   "export --db $file --csv" "run --process two-choice --n 10 --m 10 --db $file"; do
      set +e
      "$gapcheck" $command > out.txt 2> err.txt
      code=$?
      set -e
      [[ $code -eq 2 ]] || fail "'gapcheck $command' exited with $code"
      [[ ! -s out.txt ]] || fail "'gapcheck $command' printed: $(cat out.txt)"
      [[ $(wc -l < err.txt) -eq 1 ]] || fail "'gapcheck $command' said: $(cat err.txt)"
      grep -q "'$file'" err.txt || fail "the error does not name $file: $(cat err.txt)"
    done
  done
  cmp results.csv results.before || fail "results.csv was modified"
  cmp other.db other.before || fail "other.db was modified"
  [[ $(ls | sort | tr '\n' ' ') == "err.txt grid.toml other.before other.db out.txt results.before results.csv " ]] ||
    fail "files were created: $(ls)"
  ;;
version)
  "$gapcheck" sweep grid.toml --db runs.db --threads 2 > /dev/null 2>&1
  rows runs.db > current.txt
  sqlite3 runs.db "UPDATE runs SET version = 'gapcheck-0.0/results-0', gap = -1"
  "$gapcheck" sweep grid.toml --db runs.db --status > status.txt
  grep -q "^done    0 runs" status.txt || fail "rows of another version counted as done: $(head -4 status.txt)"
  grep -q "240 rows of other results versions" status.txt || fail "other versions not reported"
  "$gapcheck" sweep grid.toml --db runs.db --threads 2 > /dev/null 2>&1
  [[ $(count runs.db) -eq $((2 * total)) ]] || fail "$(count runs.db) rows; expected old and new"
  cmp <(rows runs.db | grep -v '^gapcheck-0.0/') current.txt || fail "the new rows differ from a fresh sweep's"
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok ($case_name)"
