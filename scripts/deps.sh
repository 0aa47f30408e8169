#!/usr/bin/env bash
# The one list of Debian 12 packages gapcheck needs to build, test, benchmark and draw figures.
# Installs only what is missing; needs root (or sudo) when something is missing.
# Usage: scripts/deps.sh          install what is missing
#        scripts/deps.sh --list   print the list, one package a line
set -euo pipefail

packages=(
  build-essential     # g++ 12, make
  cmake               # >= 3.25
  libgtest-dev        # unit tests
  libgmock-dev        # GoogleTest's CMake package also exports gmock
  librapidcheck-dev   # property tests
  libboost-dev        # Boost headers
  libboost-math-dev   # distributions behind confidence intervals and claims
  libcli11-dev        # the gapcheck command line
  nlohmann-json3-dev  # --json output
  libfmt-dev          # formatting
  libbenchmark-dev    # bench/: balls per second
  gnuplot-nox         # reports: figures
  libeigen3-dev       # stats/: least squares
  libsqlite3-dev      # the run store
  sqlite3             # the run store's tests read it with the sqlite3 shell
  xz-utils            # scripts/paper_tier_snapshot.sh compresses the recorded runs
  libtomlplusplus-dev # sweep grids (TOML)
  libopenmpi-dev      # sweeps over MPI ranks
  openmpi-bin         # mpirun, for those sweeps and their test
  clang               # scripts/sanitize.sh: ASan, UBSan, TSan builds and libFuzzer
  libclang-rt-14-dev  # clang's sanitizer and libFuzzer runtimes
)

if [[ "${1:-}" == "--list" ]]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "deps.sh: installing ${missing[*]}" >&2
as_root=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then
    as_root=(sudo)
  else
    echo "deps.sh: missing packages (${missing[*]}); run as root or install sudo" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
