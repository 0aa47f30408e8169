#!/bin/sh
# Balls per second of the bins, levels and bulk engines, side by side, one thread, through
# `gapcheck run` (the code users run). Usage: scripts/engines_speed.sh [gapcheck binary] [m]
# Prints: process, n, engine, balls per second of user CPU time (one run; on a shared machine
# the wall time also counts the other tenants' turns), that CPU time, and the wall time.
set -eu
gapcheck=${1:-build/cli/gapcheck}
m=${2:-2^25}
for process in one-choice two-choice one-plus-beta:beta=0.5 thinning:threshold=relative,L=0; do
  for n in 2^10 2^16 2^20 2^24; do
    engines="bins levels"
    case $process in one-choice | two-choice) engines="bins levels bulk" ;; esac
    for engine in $engines; do
      line=$( { /usr/bin/time -f "%U %e" "$gapcheck" run --process "$process" --n "$n" \
        --m "$m" --runs 1 --threads 1 --engine "$engine" > /dev/null; } 2>&1 |
        awk -v m="$m" 'BEGIN { split(m, p, "^"); if (p[2] != "") m = p[1] ^ p[2] }
                       { printf "%.3g balls/s (cpu %.2f s, wall %.2f s)", m / $1, $1, $2 }')
      echo "$process $n $engine $line"
    done
  done
done
