#!/usr/bin/env bash
# End-to-end tests of `gapcheck sweep` and its run store, run by ctest (label store):
#   sweep_test.sh GAPCHECK CASE
# CASE is one of:
#   kill     a sweep killed with SIGKILL mid-way, twice, then resumed, ends with exactly the
#            grid's runs, none twice, none lost, equal to an uninterrupted sweep's
#   mpi      `mpirun -n 2` gives the same rows as a plain sweep, and resumes a partial store
#   mpi_interrupt  a signal to mpirun, or to rank 0 alone, stops an MPI sweep: what was received
#            is stored, no rank hangs, and rank 0 alone prints the status and exits 143; resumed,
#            the store equals a plain sweep's
#   plan     `check --plan` swept by `mpirun -n 2` (and by --part 1/2, 2/2 and merge), then
#            `check` on that store: every run read back, the verdicts byte for byte a plain
#            check's; `report --plan` likewise for the report's files; a staged check planned
#            stage by stage (`--plan --next-stage`), swept by mpirun, stores what a plain check
#            stores and reads the same verdicts back
#   refuse   a file that is not a gapcheck store is refused (exit 2, one line) and left as it was
#   corrupt  a row that is not a run (a histogram that is not JSON, a gap that is text) is named
#            with its key and refused (exit 2) by run --db (which check and report read through),
#            export, sweep,
#            sweep --status and merge; merge copies nothing from such a source
#   version  rows of another results version are not reused: the sweep runs them again
#   part     parts 1/3, 2/3 and 3/3 into three stores, merged, equal one whole sweep; bad parts
#            are refused
#   interrupt SIGINT stops a sweep cleanly: the runs in progress finish and are stored, exit 130
#   files    --db '' refused; --status leaves an empty file empty and plans on a database with
#            no store yet; a full disk exits 1 naming the store; a point that cannot fit is
#            refused before the store is made
#   readonly a read-only store is read by --status and export and refused by sweep before any
#            run (needs a read-only bind mount: unshare -m and mount; skipped without them)
#   users    a store that its reader may not write (another user's, through setpriv; skipped
#            unless root): --status, export and merge read it and leave no file beside it, and
#            its owner writes it afterwards; in a folder the reader may not write, the reader's
#            sweep and run --db are refused (exit 2); a reader who may write it leaves nothing
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
mpi_interrupt)
  # A signal stops an MPI sweep cleanly: the runs received are stored, the status and a closing
  # line are printed, every rank ends (no hang), and the same command completes the store.
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI runs as root
  # The grid above with the exact setting only and runs long enough to signal midway.
  sed -e '/^settings/d' -e 's/^n .*/n = [20000]/' -e 's/^runs .*/runs = 200/' grid.toml > busy.toml
  busy_total=400
  stop_mpi_midway() {  # WHO (launcher: mpirun gets SIGINT; rank0: rank 0 alone gets SIGTERM)
    local before pid code stored target
    before=$(count busy.db 2> /dev/null || echo 0)
    timeout 120 mpirun -n 3 --oversubscribe "$gapcheck" sweep busy.toml --db busy.db > out.txt 2> err.txt &
    pid=$!
    target=$pid
    until [[ $(count busy.db 2> /dev/null || echo 0) -gt $((before + 40)) ]]; do
      kill -0 "$pid" 2> /dev/null || fail "the MPI sweep ended before 40 runs were stored: $(tail -2 err.txt)"
      sleep 0.05
    done
    # $pid is timeout's; it would pass a signal on to mpirun twice (to it and to its group), and
    # a second signal makes mpirun exit at once: signal mpirun itself, or its rank 0.
    local launcher
    launcher=$(pgrep -P "$pid" -x mpirun) || fail "mpirun not found under timeout ($pid)"
    if [[ $1 == rank0 ]]; then
      for candidate in $(pgrep -P "$launcher"); do
        tr '\0' '\n' < "/proc/$candidate/environ" 2> /dev/null | grep -qx "OMPI_COMM_WORLD_RANK=0" &&
          target=$candidate
      done
      [[ $target != "$pid" ]] || fail "rank 0's process not found among mpirun's children"
      kill -TERM "$target"
    else
      kill -INT "$launcher"
    fi
    set +e
    wait "$pid"
    code=$?
    set -e
    [[ $code -ne 0 && $code -ne 124 ]] || fail "the MPI sweep stopped by a signal ($1) exited with $code"
    # Rank 0's MPI_Abort(128 + SIGTERM) is mpirun's exit code; a signalled mpirun exits with 1.
    [[ $1 != rank0 || $code -eq 143 ]] || fail "SIGTERM to rank 0: mpirun exited with $code, not 143"
    stored=$(count busy.db)
    echo "stopped ($1) with $stored of $busy_total runs stored, exit $code"
    [[ $stored -lt $busy_total ]] || fail "the sweep finished before the signal; enlarge the grid"
    # The closing line and the status are asserted where rank 0 alone was signalled: a signalled
    # mpirun kills the ranks a moment later and may stop forwarding their output first (seen on
    # a loaded machine), so after a signal to mpirun only the store is guaranteed.
    [[ $1 == launcher ]] && return
    grep -q "interrupted by SIGTERM: $stored of $busy_total runs are in the store (the runs the workers were simulating are lost)" err.txt ||
      fail "no closing line naming the $stored runs stored ($1): $(tail -2 err.txt)"
    grep -q "^done    $stored runs" out.txt || fail "no status after the signal ($1): $(head -4 out.txt)"
  }
  stop_mpi_midway launcher
  stop_mpi_midway rank0
  mpirun -n 3 --oversubscribe "$gapcheck" sweep busy.toml --db busy.db > /dev/null 2> err.txt ||
    fail "the resumed MPI sweep exited with $?: $(tail -2 err.txt)"
  [[ $(count busy.db) -eq $busy_total ]] || fail "$(count busy.db) rows after the resumed sweep"
  [[ $(distinct_keys busy.db) -eq $busy_total ]] || fail "a run is stored twice"
  "$gapcheck" sweep busy.toml --db plain.db --threads 2 > /dev/null 2>&1
  cmp <(rows busy.db) <(rows plain.db) || fail "the interrupted and resumed MPI store differs from a plain sweep's"
  ;;
plan)
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI runs as root
  selection=(check 'fluid-greedy*' --threads 2)
  "$gapcheck" "${selection[@]}" --db plain.db > plain.txt 2> /dev/null ||
    fail "the plain check exited with $?"
  "$gapcheck" "${selection[@]}" --plan > plan.toml 2> plan_err.txt || fail "--plan exited with $?"
  grep -q "^plan: 12 points, 360 runs, .* balls: .* of CPU on .*(a pilot run of each point), which placed Two-Choice's balls at [0-9]* M/s (n = 2^16, one thread) meanwhile" plan_err.txt ||
    fail "the plan's totals: $(cat plan_err.txt)"
  [[ $(grep -c '^\[\[point\]\]$' plan.toml) -eq 12 ]] || fail "the plan lists $(grep -c point plan.toml) points"
  ! grep -q "stage 1" plan_err.txt || fail "a check in one stage planned a first stage: $(cat plan_err.txt)"
  # In stages, the totals add what the first stage alone costs (30 runs a point, the floor).
  "$gapcheck" "${selection[@]}" --stages 2 --plan 2> staged_err.txt | grep -v '^#' |
    cmp -s - <(grep -v '^#' plan.toml) || fail "--stages changed the plan's points"
  grep -q "; .* of CPU if every claim is decided as early as it can be (stage 1 of 2; 360 runs)$" \
    staged_err.txt || fail "the staged plan's totals: $(cat staged_err.txt)"
  # Where stage 1 reads fewer runs than the last: mean-thinning-log, 4 points of 100 runs, reads
  # 50 of each at stage 1 of 2; a distribution claim (its PASS reads every stage) counts all.
  "$gapcheck" check mean-thinning-log --stages 2 --plan 2> staged_err.txt > /dev/null
  grep -q "^plan: 4 points, 400 runs, .* (stage 1 of 2; 200 runs)$" staged_err.txt ||
    fail "the staged plan's first stage: $(cat staged_err.txt)"
  "$gapcheck" check published-sigma-noisy-s2 --stages 2 --plan 2> staged_err.txt > /dev/null
  grep -q "^plan: 1 point, 100 runs, .* (stage 1 of 2; 100 runs)$" staged_err.txt ||
    fail "a distribution claim's first stage does not count every run: $(cat staged_err.txt)"
  # A report checks its claims in stages as check does, so its plan gives the same first-stage
  # floor: here a paper-tier order claim of 2 points of 160 runs a side, 40 a point at stage 1 of 3.
  cat > tiny_catalog.toml <<'TOML'
[[claim]]
id = "tiny-two-choice-beats-one-choice"
statement = "Two-Choice <= One-Choice (gap)"
source = "Azar, Broder, Karlin, Upfal, SIAM J. Comput. 1999"
evidence = "V"
process = "two-choice"
than = { process = "one-choice" }
rule = "order"
x = "n"
[claim.ci]
n = [64, 128]
m = "10n"
runs = 40
[claim.paper]
n = [64, 128]
m = "10n"
runs = 160
TOML
  "$gapcheck" report 'tiny*' --catalog tiny_catalog.toml --tier paper --plan 2> staged_err.txt > /dev/null ||
    fail "report --plan with a catalog exited with $?: $(cat staged_err.txt)"
  grep -q "^plan: 4 points, 640 runs, .* (stage 1 of 3; 160 runs)$" staged_err.txt ||
    fail "the staged report plan's first stage: $(cat staged_err.txt)"
  [[ ! -e gapcheck.db ]] || fail "--plan made a store"
  mpirun -n 2 --oversubscribe "$gapcheck" sweep plan.toml --db swept.db > /dev/null 2> sweep_err.txt ||
    fail "mpirun sweep of the plan exited with $?: $(cat sweep_err.txt)"
  grep -q "on 1 MPI worker" sweep_err.txt || fail "the plan did not run under MPI: $(head -2 sweep_err.txt)"
  # --status ends each point's row with its own seed.
  first_seed=$(grep -m1 '^seed = ' plan.toml | cut -d' ' -f3)
  "$gapcheck" sweep plan.toml --db swept.db --status | grep -q " 30/30 *$first_seed\$" ||
    fail "--status does not give the plan's first seed $first_seed"
  for part in 1/2 2/2; do
    "$gapcheck" sweep plan.toml --part $part --db "part${part%/2}.db" > /dev/null 2>&1 ||
      fail "sweep --part $part of the plan exited with $?"
  done
  "$gapcheck" merge --db merged.db part1.db part2.db > /dev/null
  for store in swept merged; do
    "$gapcheck" "${selection[@]}" --db $store.db > $store.txt 2> ${store}_err.txt ||
      fail "check on the $store store exited with $?"
    [[ $(grep -c "read back from the store" ${store}_err.txt) -eq 12 ]] ||
      fail "check on the $store store simulated: $(cat ${store}_err.txt)"
    cmp plain.txt $store.txt || fail "check on the $store store differs from a plain check"
  done
  # A report's plan: its claims' runs (fluid-greedy*, ci tier) and its experiments' (firstdiff,
  # tiny tier). Swept, the report simulates none of them (the store gains no row) and draws the
  # figures a plain report draws.
  for report in "fluid-greedy* ci" "firstdiff tiny"; do
    read -r glob tier <<< "$report"
    args=(report "$glob" --tier "$tier" --threads 2)
    "$gapcheck" "${args[@]}" --db plain_$tier.db --out plain_$tier > /dev/null 2>&1 ||
      fail "the plain report $report exited with $?"
    "$gapcheck" "${args[@]}" --plan > plan_$tier.toml 2> /dev/null || fail "report --plan ($report) exited with $?"
    "$gapcheck" sweep plan_$tier.toml --db swept_$tier.db > /dev/null 2>&1 ||
      fail "sweeping the plan of report $report exited with $?"
    before=$(count swept_$tier.db)
    "$gapcheck" "${args[@]}" --db swept_$tier.db --out swept_$tier > /dev/null 2>&1 ||
      fail "the report $report on the swept store exited with $?"
    [[ $(count swept_$tier.db) -eq $before ]] ||
      fail "the report $report simulated $(( $(count swept_$tier.db) - before )) runs"
    [[ $before -eq $(count plain_$tier.db) ]] ||
      fail "the plan of report $report holds $before runs, the report made $(count plain_$tier.db)"
    for dat in plain_$tier/figures/*.dat; do
      cmp "$dat" "swept_$tier/figures/${dat##*/}" || fail "${dat##*/} differs from a plain report's"
    done
  done
  # A staged check, stage by stage: --plan --next-stage plans what the claims still open need
  # next and the store lacks. The order claim is decided at stage 1 (40 runs of its 160 a
  # point); a tie (the order claim with Two-Choice on both sides: the same runs) stops there
  # for futility; the fluid claim's PASS reads every stage, so it asks for 80 and then 160 runs
  # of its two points. Swept by mpirun until nothing is left, the store holds what a plain
  # check stores, and check reads the same verdicts back without simulating.
  cp tiny_catalog.toml staged_catalog.toml
  sed -e 's/tiny-two-choice-beats-one-choice/tiny-tie/' -e 's/<= One-Choice/<= Two-Choice/' \
      -e 's/process = "one-choice"/process = "two-choice"/' tiny_catalog.toml >> staged_catalog.toml
  cat >> staged_catalog.toml <<'TOML'

[[claim]]
id = "tiny-fluid-greedy"
statement = "Greedy[2]: fractions of bins with load >= i match the ODE"
source = "Mitzenmacher, Combin. Probab. Comput. 1999"
evidence = "M"
process = "d-choice:d={d}"
variable = "load_fractions"
rule = "fluid"
model = "greedy"
x = "t"
[claim.paper]
n = [1024]
d = [2]
t = [1, 2]
m = "{t}n"
runs = 160
TOML
  staged=(check 'tiny*' --catalog staged_catalog.toml --tier paper --threads 2)
  "$gapcheck" "${staged[@]}" --db staged_plain.db > staged_plain.txt 2> /dev/null ||
    fail "the plain staged check exited with $?"
  expected=("stage 1 of 3 for the 3 claims still open: 6 points, 240 runs"
            "stage 2 of 3 for the 1 claim still open: 2 points, 80 runs"
            "stage 3 of 3 for the 1 claim still open: 2 points, 160 runs")
  for want in "${expected[@]}"; do
    "$gapcheck" "${staged[@]}" --plan --next-stage --db staged.db > next.toml 2> next_err.txt ||
      fail "--plan --next-stage exited with $?: $(cat next_err.txt)"
    grep -q "^# The plan of .*, $want, " next.toml || fail "the next stage is not '$want': $(head -1 next.toml)"
    mpirun -n 2 --oversubscribe "$gapcheck" sweep next.toml --db staged.db > /dev/null 2>&1 ||
      fail "mpirun sweep of the plan '$want' exited with $?"
  done
  "$gapcheck" "${staged[@]}" --plan --next-stage --db staged.db > next.toml 2> next_err.txt
  grep -q "^plan: nothing to run: staged.db decides all 3 claims from the store$" next_err.txt ||
    fail "after the last stage: $(cat next_err.txt)"
  [[ $(count staged.db) -eq $(count staged_plain.db) ]] ||
    fail "the staged plans stored $(count staged.db) runs, a plain check $(count staged_plain.db)"
  before=$(count staged.db)
  "$gapcheck" "${staged[@]}" --db staged.db > staged.txt 2> staged_err.txt
  [[ $(count staged.db) -eq $before ]] || fail "check on the staged store simulated: $(cat staged_err.txt)"
  cmp staged_plain.txt staged.txt || fail "check on the staged store differs from a plain check"
  grep -q "^tiny-tie .*INCONCLUSIVE.*stage 1 of 3 (stopped for futility" staged.txt ||
    fail "the tie did not stop for futility at stage 1: $(grep tiny-tie staged.txt)"
  "$gapcheck" "${staged[@]}" --plan --next-stage --fresh-seeds --db staged.db > /dev/null 2> err.txt &&
    fail "--next-stage with --fresh-seeds ran"
  grep -q -- "--next-stage with --fresh-seeds" err.txt || fail "--fresh-seeds with --next-stage: $(cat err.txt)"
  "$gapcheck" report 'typo*' --tier paper --plan --next-stage --db staged.db > /dev/null 2> err.txt &&
    fail "report --next-stage of a glob that selects nothing ran"
  grep -q "'typo\*' selects no experiment and no claim" err.txt || fail "a glob that selects nothing: $(cat err.txt)"
  "$gapcheck" "${staged[@]}" --next-stage > /dev/null 2> err.txt && fail "--next-stage without --plan ran"
  grep -q -- "--next-stage plans: it needs --plan" err.txt || fail "--next-stage without --plan: $(cat err.txt)"
  # The report plans the same stages for its claims, and its experiments' runs at once; drawn
  # from the store so filled, it simulates nothing and writes a plain report's figure data.
  for report in "tiny* paper 3" "firstdiff tiny 1"; do
    read -r glob tier plans <<< "$report"
    args=(report "$glob" --tier "$tier" --catalog staged_catalog.toml --threads 2)
    "$gapcheck" "${args[@]}" --db rplain_$tier.db --out rplain_$tier > /dev/null 2>&1 ||
      fail "the plain report $report exited with $?"
    for ((i = 1; i <= plans; i++)); do
      "$gapcheck" "${args[@]}" --plan --next-stage --db rstaged_$tier.db > next.toml 2> next_err.txt ||
        fail "report --plan --next-stage ($report, plan $i) exited with $?: $(cat next_err.txt)"
      ! grep -q "nothing to run" next_err.txt || fail "report $report: nothing left to run at plan $i"
      mpirun -n 2 --oversubscribe "$gapcheck" sweep next.toml --db rstaged_$tier.db > /dev/null 2>&1 ||
        fail "mpirun sweep of the report's plan $i ($report) exited with $?"
    done
    "$gapcheck" "${args[@]}" --plan --next-stage --db rstaged_$tier.db > /dev/null 2> next_err.txt
    grep -q "^plan: nothing to run: rstaged_$tier.db holds every run the report reads$" next_err.txt ||
      fail "report $report after $plans plans: $(cat next_err.txt)"
    before=$(count rstaged_$tier.db)
    "$gapcheck" "${args[@]}" --db rstaged_$tier.db --out rstaged_$tier > /dev/null 2>&1 ||
      fail "the report $report on the staged store exited with $?"
    [[ $(count rstaged_$tier.db) -eq $before ]] || fail "the report $report simulated on the staged store"
    for dat in rplain_$tier/figures/*.dat; do
      cmp "$dat" "rstaged_$tier/figures/${dat##*/}" || fail "${dat##*/} differs from a plain report's"
    done
  done
  # The report takes check's --stages and --no-futility-stop for its claims: in its plan (the
  # first stage's runs, and the command that reads the plan back) and in its verdicts.
  "$gapcheck" report 'tiny*' --catalog tiny_catalog.toml --tier paper --stages 2 --plan \
    > staged_plan.toml 2> staged_err.txt || fail "report --stages 2 --plan exited with $?"
  grep -q "^# The plan of gapcheck report 'tiny\*' --tier paper --seed 1 --catalog tiny_catalog.toml --stages 2" \
    staged_plan.toml || fail "report --stages 2 --plan: the plan's header does not repeat --stages"
  grep -q "^plan: 4 points, 640 runs, .* (stage 1 of 2; 320 runs)$" staged_err.txt ||
    fail "report --stages 2: the plan's first stage: $(cat staged_err.txt)"
  grep -q "stage 1 of 3 (stopped for futility" rplain_paper/README.md ||
    fail "the report's tie did not stop for futility"
  "$gapcheck" report 'tiny-tie' --catalog staged_catalog.toml --tier paper --threads 2 --db '' \
    --no-futility-stop --out rnofut > /dev/null 2> err.txt || fail "report --no-futility-stop exited with $?: $(cat err.txt)"
  grep -q "tiny-tie.*| inconclusive |" rnofut/README.md || fail "report --no-futility-stop: no verdict of the tie"
  grep -q "stage 3 of 3" rnofut/README.md && ! grep -q "stopped for futility" rnofut/README.md ||
    fail "report --no-futility-stop did not read every stage of the tie"
  # ... and so does its stage-by-stage plan; a bad K is refused at every tier, before a store.
  "$gapcheck" report 'tiny-tie' --catalog staged_catalog.toml --tier paper --no-futility-stop \
    --plan --next-stage --db nofut.db > next.toml 2> next_err.txt ||
    fail "report --next-stage --no-futility-stop exited with $?: $(cat next_err.txt)"
  grep -q "^# The plan of gapcheck report 'tiny-tie' .* --no-futility-stop" next.toml ||
    fail "the next-stage plan does not repeat --no-futility-stop: $(head -1 next.toml)"
  for tier in tiny paper; do
    "$gapcheck" report 'tiny*' --catalog staged_catalog.toml --tier $tier --stages 9 --plan \
      --next-stage --db bad.db > /dev/null 2> err.txt && fail "report --stages 9 --tier $tier ran"
    [[ $(wc -l < err.txt) -eq 1 ]] && grep -q "stages=9 is too large" err.txt ||
      fail "report --stages 9 --tier $tier: $(cat err.txt)"
    [[ ! -e bad.db ]] || fail "report --stages 9 made a store"
  done
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
corrupt)
  "$gapcheck" sweep grid.toml --db good.db > /dev/null 2>&1
  two_choice="process LIKE 'two-choice%' AND setting = 'exact'"
  for damage in "histogram = '{not json'" "gap = 'abc'" "setting_counts = '[1]'" "n = 'many'"; do
    cp good.db bad.db
    sqlite3 bad.db "UPDATE runs SET $damage WHERE $two_choice AND replicate = 7"
    for command in "run --process two-choice --n 500 --m 200n --runs 10 --seed 11 --db bad.db" \
                   "export --db bad.db --csv" "export --db bad.db --json --per-point" \
                   "sweep grid.toml --db bad.db" "sweep grid.toml --db bad.db --status" \
                   "merge --db into.db bad.db"; do
      # A row whose key column is damaged is no key's row: a lookup by key never reads it.
      [[ $damage == "n = 'many'" && $command == run* ]] && continue
      set +e
      "$gapcheck" $command > out.txt 2> err.txt
      code=$?
      set -e
      [[ $code -eq 2 ]] || fail "'gapcheck $command' with $damage exited with $code: $(cat err.txt)"
      [[ $(wc -l < err.txt) -eq 1 ]] || fail "'gapcheck $command' said: $(cat err.txt)"
      grep -q "two-choice:ties=random, exact, unit, n=[0-9a-z]*, m=100000, .*seed 11, replicate 7 .* is not a run" err.txt ||
        fail "the error does not name the row: $(cat err.txt)"
    done
    [[ ! -e into.db ]] || [[ $(count into.db) -eq 0 ]] || fail "merge copied $(count into.db) rows of a corrupt store"
  done
  # Rows stored before histograms had widths (no level_width) are runs: read and merged.
  cp good.db old.db
  sqlite3 old.db "UPDATE runs SET histogram = json_remove(histogram, '\$.level_width')"
  [[ $(sqlite3 old.db "SELECT count(*) FROM runs WHERE histogram LIKE '%level_width%'") -eq 0 ]] ||
    fail "the old-format rows were not made"
  "$gapcheck" export --db old.db --csv > /dev/null || fail "export refused rows without level_width"
  "$gapcheck" sweep grid.toml --db old.db --status > /dev/null || fail "--status refused rows without level_width"
  rm -f into.db
  "$gapcheck" merge --db into.db old.db > /dev/null || fail "merge refused rows without level_width"
  [[ $(count into.db) -eq $total ]] || fail "merge copied $(count into.db) of $total old-format rows"
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
part)
  "$gapcheck" sweep grid.toml --db whole.db --threads 2 > /dev/null 2>&1
  for k in 1 2 3; do
    "$gapcheck" sweep grid.toml --db "part$k.db" --part "$k/3" --threads 2 > "part$k.txt" 2> /dev/null
    [[ $(count "part$k.db") -eq $((total / 3)) ]] || fail "part $k/3 stored $(count "part$k.db") runs"
    [[ $(sqlite3 "part$k.db" "SELECT count(*) FROM runs WHERE replicate % 3 != $((k - 1))") -eq 0 ]] ||
      fail "part $k/3 stored replicates of another part"
  done
  grep -q "in this part; 160 runs in the other parts" part1.txt || fail "status of a part: $(head -4 part1.txt)"
  # Part 2's status on part 1's store: none of part 2 is done, part 1's runs are the other parts'.
  "$gapcheck" sweep grid.toml --db part1.db --part 2/3 --status > part2of1.txt
  grep -q "^done    0 runs in this part; $((total / 3)) runs in the other parts" part2of1.txt ||
    fail "status of part 2 on part 1's store: $(head -4 part2of1.txt)"
  "$gapcheck" merge --db merged.db part1.db part2.db part3.db > /dev/null
  cmp <(rows merged.db) <(rows whole.db) || fail "the merged parts differ from one whole sweep"
  for bad in 0/3 4/3 3 a/b 1/0; do
    set +e
    "$gapcheck" sweep grid.toml --db bad.db --part "$bad" > /dev/null 2> err.txt
    code=$?
    set -e
    [[ $code -eq 2 ]] || fail "--part $bad exited with $code"
    grep -q -- "--part $bad is not K/N" err.txt || fail "--part $bad: $(cat err.txt)"
  done
  [[ ! -e bad.db ]] || fail "a refused part created its store"
  ;;
interrupt)
  # Four runs of a few seconds each on two threads: each signal comes while two runs are in
  # progress, which finish and are stored before the sweep exits with 128 + the signal.
  cat > slow.toml <<'GRID'
processes = ["left:d=2"]
n         = ["2^16"]
m         = ["10000n"]
runs      = 4
seed      = 5
GRID
  stop_midway() {  # SIGNAL DONE_BEFORE DONE_AFTER EXIT_CODE
    "$gapcheck" sweep slow.toml --db slow.db --threads 2 > out.txt 2> err.txt &
    local pid=$! code
    until grep -q "$2 of 4 runs done" err.txt 2> /dev/null; do
      kill -0 "$pid" 2> /dev/null || fail "the sweep ended before its first line: $(cat err.txt)"
      sleep 0.05
    done
    sleep 0.3
    kill "-$1" "$pid"
    set +e
    wait "$pid"
    code=$?
    set -e
    [[ $code -eq $4 ]] || fail "the sweep stopped by SIG$1 exited with $code"
    [[ $(count slow.db) -eq $3 ]] || fail "$(count slow.db) runs stored after SIG$1, not $3"
    grep -q "interrupted by SIG$1: $3 of 4 runs are in the store" err.txt ||
      fail "no closing line after SIG$1: $(tail -1 err.txt)"
    grep -q "^done    $3 runs" out.txt || fail "no status after SIG$1: $(head -4 out.txt)"
  }
  stop_midway INT 0 2 130
  stop_midway TERM 2 4 143  # a scheduler's stop: the two runs left finish
  ;;
files)
  expect_exit() {  # CODE COMMAND...: exit code CODE, one line on stderr, which is kept in err.txt
    local want=$1
    shift
    set +e
    "$@" > out.txt 2> err.txt
    local code=$?
    set -e
    [[ $code -eq $want ]] || fail "'$*' exited with $code: $(cat err.txt)"
    [[ $(wc -l < err.txt) -eq 1 ]] || fail "'$*' said: $(cat err.txt)"
    ! grep -q "internal error" err.txt || fail "'$*': $(cat err.txt)"
  }
  expect_exit 2 "$gapcheck" sweep grid.toml --db ''
  grep -q -- "--db ''" err.txt || fail "the refusal does not name --db '': $(cat err.txt)"
  : > empty.db
  "$gapcheck" sweep grid.toml --db empty.db --status > status.txt
  [[ ! -s empty.db ]] || fail "--status wrote into an empty file"
  grep -q "empty.db (empty)" status.txt || fail "the status of an empty file: $(head -3 status.txt)"
  # A database with no store in it yet (made by sqlite3) is planned on as an empty store.
  sqlite3 bare.db "PRAGMA journal_mode = WAL" > /dev/null
  "$gapcheck" sweep grid.toml --db bare.db --status > status.txt || fail "--status on a bare database"
  "$gapcheck" sweep grid.toml --db bare.db --threads 2 > /dev/null 2>&1 || fail "a sweep into a bare database"
  [[ $(count bare.db) -eq $total ]] || fail "the bare database holds $(count bare.db) runs"
  expect_exit 1 "$gapcheck" sweep grid.toml --db /dev/full
  grep -q "'/dev/full'" err.txt || fail "the error does not name the store: $(cat err.txt)"
  printf 'processes = ["left:d=2"]\nn = [100, "2^30"]\nm = [1000]\nruns = 2\n' > big.toml
  (ulimit -v 1000000 && expect_exit 2 "$gapcheck" sweep big.toml --db big.db --threads 1)
  grep -q "n = 1073741824" err.txt || fail "the refusal does not name the point: $(cat err.txt)"
  [[ ! -e big.db ]] || fail "a refused sweep created its store"
  ;;
readonly)
  if ! unshare -m sh -c 'mount --bind -o ro . .' 2> /dev/null; then
    echo "skipped: needs a read-only bind mount (unshare -m and mount)"
    exit 77
  fi
  mkdir archive
  "$gapcheck" sweep grid.toml --db archive/runs.db --threads 2 > /dev/null 2>&1
  # A read-only folder (the WAL's files cannot be made there) and a read-only file.
  unshare -m bash -c "
    set -e
    mount --bind -o ro archive archive
    '$gapcheck' sweep grid.toml --db archive/runs.db --status > ro_status.txt
    '$gapcheck' export --db archive/runs.db --csv > ro_export.csv
    '$gapcheck' sweep grid.toml --db archive/runs.db > ro_out.txt 2> ro_err.txt && exit 3 || true
  " || fail "the read-only folder: exit $?"
  grep -q "^done    $total runs" ro_status.txt || fail "--status on a read-only folder: $(head -4 ro_status.txt)"
  [[ $(($(wc -l < ro_export.csv) - 1)) -eq $total ]] || fail "export on a read-only folder: $(wc -l < ro_export.csv) lines"
  grep -q "folder must be writable" ro_err.txt || fail "sweep on a read-only folder: $(cat ro_err.txt)"
  cp archive/runs.db file.db
  sqlite3 file.db "DELETE FROM runs WHERE replicate >= 30"
  unshare -m bash -c "
    mount --bind -o ro file.db file.db
    '$gapcheck' sweep grid.toml --db file.db > rofile_out.txt 2> rofile_err.txt
  " && fail "a sweep into a read-only file succeeded"
  grep -q "'file.db' is read-only" rofile_err.txt || fail "sweep into a read-only file: $(cat rofile_err.txt)"
  [[ ! -s rofile_out.txt ]] || fail "a refused sweep printed: $(cat rofile_out.txt)"
  ;;
users)
  if [[ $EUID -ne 0 ]] || ! command -v setpriv > /dev/null; then
    echo "skipped: needs root and setpriv (util-linux)"
    exit 77
  fi
  as() {  # as UID COMMAND...: the command run by that user, with no groups
    local uid=$1
    shift
    setpriv --reuid="$uid" --regid="$uid" --clear-groups "$@"
  }
  owner=4242 reader=65534
  chmod 755 .
  # The other users run a copy here: the build may lie in a folder only root may enter.
  cp "$gapcheck" ./gapcheck-copy && chmod 755 gapcheck-copy && gapcheck=$PWD/gapcheck-copy
  beside() { find "$(dirname "$1")" -name "$(basename "$1")-*" | sort | tr '\n' ' '; }
  # The owner's store in a folder every user may write, readable but not writable by others.
  mkdir shared && chmod 777 shared
  as $owner "$gapcheck" sweep grid.toml --db shared/runs.db --threads 2 > /dev/null 2>&1
  [[ $(count shared/runs.db) -eq $total ]] || fail "the owner's sweep stored $(count shared/runs.db)"
  chmod 644 shared/runs.db
  as $reader "$gapcheck" sweep grid.toml --db shared/runs.db --status > status.txt
  grep -q "^done    $total runs" status.txt || fail "the reader's --status: $(head -4 status.txt)"
  as $reader "$gapcheck" export --db shared/runs.db --csv > export.csv
  [[ $(($(wc -l < export.csv) - 1)) -eq $total ]] || fail "the reader's export: $(wc -l < export.csv)"
  mkdir mine && chmod 777 mine
  as $reader "$gapcheck" merge --db mine/copy.db shared/runs.db > /dev/null
  [[ $(count mine/copy.db) -eq $total ]] || fail "the reader's merge: $(count mine/copy.db) runs"
  [[ -z $(beside shared/runs.db) ]] || fail "the reader left $(beside shared/runs.db)"
  as $owner "$gapcheck" run --process two-choice --n 10 --m 10 --runs 3 --db shared/runs.db \
    --quiet > /dev/null 2> err.txt || fail "the owner could not write after a reader: $(cat err.txt)"
  # A reader who may write the store leaves nothing beside it either.
  "$gapcheck" export --db mine/copy.db --json > /dev/null
  "$gapcheck" sweep grid.toml --db mine/copy.db --status > /dev/null
  [[ -z $(beside mine/copy.db) ]] || fail "a reader who may write left $(beside mine/copy.db)"
  # A folder the reader may not write, with a store the reader may: read, but not written.
  mkdir locked && cp mine/copy.db locked/ && chmod 755 locked && chmod 666 locked/copy.db
  as $reader "$gapcheck" export --db locked/copy.db --csv > locked.csv
  cmp -s export.csv locked.csv || fail "export from a folder the reader may not write differs"
  for command in "sweep grid.toml --db locked/copy.db" \
                 "run --process two-choice --n 10 --m 10 --runs 2 --db locked/copy.db"; do
    code=0
    as $reader "$gapcheck" $command > /dev/null 2> err.txt || code=$?
    [[ $code == 2 ]] || fail "$command in a folder the reader may not write: exit $code"
    grep -q "folder must be writable" err.txt || fail "$command: $(cat err.txt)"
  done
  [[ -z $(beside locked/copy.db) ]] || fail "files beside a store in a locked folder"
  # An empty log beside another user's store and no shared-memory file: still nothing left.
  as $owner touch shared/runs.db-wal
  as $reader "$gapcheck" export --db shared/runs.db --csv > /dev/null
  [[ $(beside shared/runs.db) == "shared/runs.db-wal " ]] || fail "left $(beside shared/runs.db)"
  as $owner "$gapcheck" run --process two-choice --n 10 --m 10 --runs 4 --db shared/runs.db \
    --quiet > /dev/null 2> err.txt || fail "the owner could not write after a reader: $(cat err.txt)"
  # A writer at work (it has deleted half the runs and keeps its log) in a folder the reader may
  # not write: the reader reads through the writer's files and sees what it committed.
  mkdir held && cp mine/copy.db held/ && chown -R $owner held && chmod 755 held
  chmod 644 held/copy.db
  fifo=$(mktemp -u) && mkfifo "$fifo" && chmod 666 "$fifo"
  as $owner sqlite3 held/copy.db < "$fifo" > /dev/null &
  writer=$!
  exec 3> "$fifo"
  echo "PRAGMA wal_autocheckpoint = 0; DELETE FROM runs WHERE replicate >= 30;" >&3
  # Wait for the commit, not for the log: the log holds frames before its commit frame is written.
  # The poll waits out the moment the writer holds the store while it opens it (.timeout): a
  # query refused as locked then would count as no commit.
  committed() {
    [[ $(as $owner sqlite3 -cmd ".timeout 5000" held/copy.db "SELECT count(*) FROM runs") == $((total / 2)) ]]
  }
  for _ in $(seq 400); do committed && break; sleep 0.05; done
  committed || fail "the writer committed nothing"
  [[ -s held/copy.db-wal ]] || fail "the writer wrote no log"
  as $reader "$gapcheck" export --db held/copy.db --csv > held.csv
  [[ $(($(wc -l < held.csv) - 1)) -eq $((total / 2)) ]] || fail "read $(wc -l < held.csv) lines"
  # The same store as a writer that stopped left it (its log, no shared memory), reached through
  # a link in a folder the reader may write: refused, not read as if the log were not there.
  mkdir stopped links && chmod 777 links
  cp held/copy.db held/copy.db-wal stopped/ && chmod 644 stopped/*
  exec 3>&- && wait $writer
  ln -s ../stopped/copy.db links/copy.db
  code=0
  as $reader "$gapcheck" export --db links/copy.db --csv > /dev/null 2> err.txt || code=$?
  [[ $code == 2 ]] && grep -q "write-ahead log" err.txt || fail "a stopped writer's log: $code $(cat err.txt)"
  "$gapcheck" export --db links/copy.db --csv > linked.csv  # a user who may write folds it in
  [[ $(($(wc -l < linked.csv) - 1)) -eq $((total / 2)) ]] || fail "read $(wc -l < linked.csv) lines"
  # A path that starts with two slashes is a path.
  "$gapcheck" export --db "/$PWD/mine/copy.db" --csv > /dev/null || fail "//: $?"
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok ($case_name)"
