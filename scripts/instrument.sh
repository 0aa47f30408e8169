#!/usr/bin/env bash
# Builds and runs the measuring instrument (limit.cpp, a standalone file of a naive loop and tuned
# Two-Choice loops that this repository does not ship) with two variants added: its tuned
# byte-cell loop `h_ring64_u8thp` on both cores, each core its own run and its own huge-page array
# (`h_ring64_u8thp_2thr`, aggregate balls per second), and the same on one core
# (`h_ring64_u8thp_1thr`: the instrument's `h_ring64_u8thp` under a second name, so that a run
# lists the pair together). The instrument's own two-core
# variants use 32-bit loads; gapcheck's engine keeps one byte a bin, so these two say what two
# cores give a tuned loop on gapcheck's layout on this machine.
# Usage: scripts/instrument.sh PATH/limit.cpp -- [instrument arguments, e.g. --nlogs 16,24 --mlog 26]
set -euo pipefail
source=""
if [[ $# -gt 0 && $1 != -* ]]; then source=$1; shift; fi
if [[ ${1:-} == -- ]]; then shift; fi
[[ -f $source ]] || {
  echo "instrument.sh: no instrument source at '$source'; give its path: scripts/instrument.sh PATH/limit.cpp -- ARGS" >&2
  exit 2
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$source" "$work/limit.cpp"
# Two anchors of the instrument's source; stop if either moved rather than measure something else.
grep -q '^static Result run_array_2thr(u32 n, u64 m, F kern) {$' "$work/limit.cpp" &&
  grep -q '^  Buf<T> B0(n, false), B1(n, false);$' "$work/limit.cpp" &&
  grep -q '^  PLAIN("g24_2thr", 2.0 \* m,$' "$work/limit.cpp" ||
  { echo "instrument.sh: $source is not the instrument this script knows" >&2; exit 2; }
sed -i \
  -e 's/^static Result run_array_2thr(u32 n, u64 m, F kern) {$/static Result run_array_2thr(u32 n, u64 m, F kern, bool thp = false) {/' \
  -e 's/^  Buf<T> B0(n, false), B1(n, false);$/  Buf<T> B0(n, thp), B1(n, thp);/' \
  -e '/^  PLAIN("g24_2thr", 2.0 \* m,$/i\
  V.push_back({"h_ring64_u8thp_2thr", [=](u32 n, u64 m) { return run_array_2thr<u8>(n, m, [](u8 *L, u32 n, u64 m, u64 s) { k_simd_ring<u8, 64, true>(L, n, m, s); }, true); }, 2});\
  V.push_back({"h_ring64_u8thp_1thr", [=](u32 n, u64 m) { return run_array<u8>(n, m, true, [](u8 *L, u32 n, u64 m) { k_simd_ring<u8, 64, true>(L, n, m, SEED); }); }, 2});' \
  "$work/limit.cpp"
g++ -O3 -march=native -std=c++17 -pthread -o "$work/limit" "$work/limit.cpp"
"$work/limit" "$@"
