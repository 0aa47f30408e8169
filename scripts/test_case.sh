# Sourced by the end-to-end test scripts that ctest runs as `SCRIPT GAPCHECK CASE`: sets
# $gapcheck (absolute) and $case_name, moves into a fresh folder removed on exit, defines fail().
set -euo pipefail

gapcheck=$(realpath "$1")
case_name=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() { echo "FAIL ($case_name): $*" >&2; exit 1; }
