#!/usr/bin/env bash
# End-to-end tests of `gapcheck run` as a process, run by ctest (label cli):
#   run_process_test.sh GAPCHECK CASE
# CASE is one of:
#   signals   SIGINT / SIGTERM sent to a running batch: exit 130 / 143, the finished runs are
#             written (and stored with --db), and the output does not look complete; sent while
#             the last run is in progress: it finishes, exit 0
#   progress  under a pseudo-terminal (script(1)) stderr shows the progress line; --quiet and a
#             piped stderr show none
#   estimate  before a batch of more than a minute, stderr says about how long it will take (from
#             a pilot run); a short batch and --quiet say nothing of it
#   devfull   writing to /dev/full exits 1 with a message (not 0, not an abort)
#   threads   threads that cannot be started (an address-space limit) leave their runs to the
#             others, and a run that runs out of memory beside them is run again alone: the
#             batch completes
#   stored    runs the store holds need no memory for loads: under a limit that one run's loads
#             exceed, a batch read back whole runs, and one with a run to simulate is refused
#   whole     `check` and `report`, whose output needs every run: a signal stops them with 130 /
#             143 and a note, no verdict and no report, the previous report left as it was; the
#             report's --out with a trailing slash, unwritable or naming no directory
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/test_case.sh"

# A batch of many runs of about a tenth of a second each: it is running when the signal comes.
long_batch=(run --process two-choice --n 1000 --m 5e6 --runs 1000 --threads 2)

# Starts the batch with the given output flag, sends `signal` after a second, waits for it.
# Sets $code; the output is in out.txt, stderr in err.txt.
interrupt() {
  local signal=$1; shift
  "$gapcheck" "${long_batch[@]}" "$@" > out.txt 2> err.txt &
  local pid=$!
  sleep 1.5
  kill -s "$signal" "$pid"
  code=0
  wait "$pid" || code=$?
}

case $case_name in
  estimate)
    # 2^40 balls on the levels engine: an hour or more at any speed this engine reaches.
    "$gapcheck" run --process one-choice --engine levels --n 1000 --m 2^40 --runs 1 > out.txt 2> err.txt &
    pid=$!
    for _ in $(seq 100); do grep -q "about" err.txt && break; sleep 0.1; done
    kill -9 "$pid"
    wait "$pid" 2> /dev/null || true
    grep -qE "^gapcheck run: about [0-9]+ (h [0-9]+ min|d [0-9]+ h) for 1 run on 1 thread \(a pilot run of [0-9]+ balls took [0-9.]+ s\)" err.txt ||
      fail "no estimate of the long batch: $(cat err.txt)"
    "$gapcheck" run --process two-choice --n 1000 --m 1000n --runs 4 > out.txt 2> err.txt
    [[ ! -s err.txt ]] || fail "a short batch said: $(cat err.txt)"
    "$gapcheck" run --process one-choice --engine levels --n 1000 --m 2^40 --runs 1 --quiet > out.txt 2> err.txt &
    pid=$!
    sleep 2
    kill -9 "$pid"
    wait "$pid" 2> /dev/null || true
    [[ ! -s err.txt ]] || fail "--quiet said: $(cat err.txt)"
    ;;
  signals)
    interrupt INT --csv
    [[ $code == 130 ]] || fail "SIGINT: exit $code, want 130; stderr: $(cat err.txt)"
    grep -q "interrupted by SIGINT after" err.txt || fail "SIGINT: no note on stderr: $(cat err.txt)"
    grep -q "SIGINT: stopping, no new run starts (a second signal stops at once)" err.txt ||
      fail "SIGINT: no notice when it came: $(cat err.txt)"
    rows=$(($(wc -l < out.txt) - 1))
    (( rows >= 1 && rows < 1000 )) || fail "SIGINT: $rows CSV rows"
    # Every row complete (15 fields), replicates 0..rows-1 in order.
    awk -F, -v rows="$rows" 'NR > 1 && (NF != 15 || $8 != NR - 2) { bad = 1 } END { exit bad }' \
      out.txt || fail "SIGINT: incomplete or unordered rows"

    interrupt TERM --jsonl
    [[ $code == 143 ]] || fail "SIGTERM: exit $code, want 143"
    tail -n 1 out.txt | grep -q '"type":"interrupted"' || fail "JSONL: last line $(tail -n 1 out.txt)"
    grep -q '"type":"summary"' out.txt && fail "JSONL: an interrupted batch has a summary line"

    interrupt TERM --json --db runs.db
    [[ $code == 143 ]] || fail "SIGTERM --json: exit $code, want 143"
    grep -q '"interrupted": "INTERRUPTED by SIGTERM' out.txt || fail "JSON: no interrupted field"
    [[ $(tail -n 1 out.txt) != "}" ]] || fail "JSON: the interrupted document is closed"
    grep -q "every finished run is in the run store" err.txt || fail "--db: $(cat err.txt)"
    stored=$("$gapcheck" export --db runs.db --csv | tail -n +2 | wc -l)
    (( stored >= 1 )) || fail "--db: $stored runs stored"

    # A signal while the last run is in progress: it finishes, the output is complete, exit 0,
    # and stderr says both that the signal came and that nothing was left out.
    # The run is sized to last about 2 s on this build (sanitizer builds are many times slower).
    start=$(date +%s%N)
    "$gapcheck" run --process two-choice --n 1000 --m 1e7 --runs 1 --threads 1 > /dev/null
    nanoseconds=$(( $(date +%s%N) - start ))
    balls=$(( 10000000 * 2000000000 / nanoseconds ))
    # --quiet: no pilot run for an estimate first, so the signal lands in the run itself.
    "$gapcheck" run --process two-choice --n 1000 --m "$balls" --runs 1 --threads 1 --csv --quiet \
      > out.txt 2> err.txt &
    pid=$!
    sleep 0.5
    kill -s INT "$pid"
    code=0
    wait "$pid" || code=$?
    [[ $code == 0 ]] || fail "one run: exit $code, want 0; stderr: $(cat err.txt)"
    grep -q "SIGINT: stopping, no new run starts (a second signal stops at once)" err.txt || fail "one run: $(cat err.txt)"
    grep -q "every run had started; all 1 finished and the output is complete" err.txt ||
      fail "one run: no closing note: $(cat err.txt)"
    [[ $(wc -l < out.txt) == 2 ]] || fail "one run: $(wc -l < out.txt) CSV lines, want 2"

    # Control: the same batch, not interrupted, exits 0 with a closed document.
    "$gapcheck" run --process two-choice --n 1000 --m 1000 --runs 3 --json > out.txt
    [[ $(tail -n 1 out.txt) == "}" ]] || fail "control: the document is not closed"
    ;;
  progress)
    # The line is first drawn after 250 ms, so the batch must outlast that on this build: the
    # first m whose batch shows it (5e6 on a sanitizer build, up to 8e7 on a fast core) is the
    # one the checks of its absence use.
    shown=""
    for m in 5e6 2e7 8e7; do
      quick=(run --process two-choice --n 1000 --m "$m" --runs 12 --threads 2)
      script -qec "$(printf '%q ' "$gapcheck" "${quick[@]}" --csv)" /dev/null > tty.txt
      if grep -q "runs [0-9]*/12 .* balls/s .*left" tty.txt; then shown=$m; break; fi
    done
    [[ -n "$shown" ]] || fail "no progress line on a terminal"
    script -qec "$(printf '%q ' "$gapcheck" "${quick[@]}" --csv --quiet)" /dev/null > tty.txt
    grep -q "balls/s" tty.txt && fail "--quiet still shows progress"
    "$gapcheck" "${quick[@]}" --csv > out.txt 2> err.txt
    [[ ! -s err.txt ]] || fail "progress on a piped stderr: $(cat err.txt)"
    grep -q "balls/s" out.txt && fail "progress in stdout"
    ;;
  devfull)
    # Exit 1, and the message names the cause: the device is full.
    expect_full() {
      local what=$1 code=$2
      [[ $code == 1 ]] || fail "$what > /dev/full: exit $code, want 1"
      grep -q "writing the output failed (No space left on device)" err.txt ||
        fail "$what: $(cat err.txt)"
    }
    for format in --json --csv --jsonl ""; do
      code=0
      "$gapcheck" run --process two-choice --n 100 --m 100 --runs 3 $format > /dev/full 2> err.txt || code=$?
      expect_full "run $format" $code
    done
    printf 'processes = ["two-choice"]\nn = [100]\nm = [100]\nruns = 2\n' > grid.toml
    "$gapcheck" sweep grid.toml --db s.db --threads 1 > /dev/null 2>&1
    for command in "sweep grid.toml --db s.db --status" "export --db s.db --csv" "list"; do
      code=0
      "$gapcheck" $command > /dev/full 2> err.txt || code=$?
      expect_full "$command" $code
    done
    ;;
  threads)
    code=0
    (ulimit -v 1500000; "$gapcheck" run --process two-choice --n 10 --m 100 --runs 2000 \
       --threads 1000 --csv > out.txt 2> err.txt) || code=$?
    [[ $code == 0 ]] || fail "exit $code: $(cat err.txt)"
    [[ $(wc -l < out.txt) == 2001 ]] || fail "$(wc -l < out.txt) lines"
    ;;
  stored)
    big=(run --process two-choice --n 2^26 --m 1000 --seed 3 --threads 1 --engine bins --db big.db --csv)
    "$gapcheck" "${big[@]}" --runs 1 > first.csv
    code=0
    (ulimit -v 250000; "$gapcheck" "${big[@]}" --runs 1 > again.csv 2> err.txt) || code=$?
    [[ $code == 0 ]] || fail "a batch read back whole was refused: exit $code: $(cat err.txt)"
    cmp first.csv again.csv || fail "the run read back differs"
    code=0
    (ulimit -v 250000; "$gapcheck" "${big[@]}" --runs 2 > /dev/null 2> err.txt) || code=$?
    [[ $code == 2 ]] || fail "a batch with a run to simulate: exit $code: $(cat err.txt)"
    grep -q "needs about" err.txt || fail "no memory refusal: $(cat err.txt)"
    ;;
  whole)
    # Sends `signal` after 1.5 s to a command that runs for minutes; sets $code.
    stop_after() {
      local signal=$1; shift
      "$gapcheck" "$@" > out.txt 2> err.txt &
      local pid=$!
      sleep 1.5
      kill -s "$signal" "$pid"
      code=0
      wait "$pid" || code=$?
    }
    stop_after INT check --db runs.db
    [[ $code == 130 ]] || fail "check: exit $code, want 130; stderr: $(tail -n 3 err.txt)"
    [[ ! -s out.txt ]] || fail "check: an interrupted check printed $(head -n 3 out.txt)"
    grep -q "gapcheck check: interrupted by SIGINT: stopped after .* no verdict was printed" \
      err.txt || fail "check: no note: $(tail -n 2 err.txt)"

    "$gapcheck" report 'thinning' --tier tiny --out rep --db '' > /dev/null
    cp rep/index.html before.html
    stop_after TERM report --out rep --db runs.db
    [[ $code == 143 ]] || fail "report: exit $code, want 143; stderr: $(tail -n 3 err.txt)"
    grep -q "gapcheck report: interrupted by SIGTERM: .* no report was written" err.txt ||
      fail "report: no note: $(tail -n 2 err.txt)"
    cmp -s before.html rep/index.html || fail "report: the previous report changed"
    [[ ! -e rep.partial ]] || fail "report: rep.partial left behind"

    # A trailing slash names the same directory: the report replaces the previous one.
    "$gapcheck" report 'thinning' --tier tiny --seed 2 --out rep/ --db '' > out.txt ||
      fail "--out rep/: exit $?"
    grep -q -- "-> rep/index.html" out.txt || fail "--out rep/: $(cat out.txt)"
    grep -q "seed 2" rep/commands.txt || fail "--out rep/: the report was not replaced"
    [[ -z $(ls -A rep | grep partial) && ! -e rep.partial ]] || fail "--out rep/: staging left"

    touch file.txt
    code=0
    "$gapcheck" report --tier tiny --out file.txt/x --db '' > /dev/null 2> err.txt || code=$?
    [[ $code == 1 ]] || fail "unwritable --out: exit $code, want 1"
    grep -q "out=file.txt/x cannot be written: .*Not a directory" err.txt ||
      fail "unwritable --out: $(cat err.txt)"
    code=0
    "$gapcheck" report --tier tiny --out . --db '' > /dev/null 2> err.txt || code=$?
    [[ $code == 2 ]] || fail "--out .: exit $code, want 2"
    grep -q "out=. names no directory of its own" err.txt || fail "--out .: $(cat err.txt)"
    ;;
  *)
    fail "unknown case"
    ;;
esac
echo "ok ($case_name)"
