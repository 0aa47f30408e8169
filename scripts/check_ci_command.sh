#!/usr/bin/env bash
# Checks that .ci/run runs exactly the test command the README gives (its last line).
set -euo pipefail
root="$(dirname "$0")/.."
command=$(tail -n 1 "$root/.ci/run")
if ! grep -qxF -- "$command" "$root/README.md"; then
  echo "README.md does not contain the .ci/run command: $command" >&2
  exit 1
fi
