#!/usr/bin/env bash
# Checks that .ci/run runs exactly the test command the README gives (its line before the last,
# which ends with `|| exit 1`), then the sanitizer stage (its last line).
set -euo pipefail
root="$(dirname "$0")/.."
command=$(tail -n 2 "$root/.ci/run" | head -n 1)
command=${command% || exit 1}  # .ci/run stops there when the command fails
if ! grep -qxF -- "$command" "$root/README.md"; then
  echo "README.md does not contain the .ci/run test command: $command" >&2
  exit 1
fi
if [[ $(tail -n 2 "$root/.ci/run" | head -n 1) != *" || exit 1" ]]; then
  echo ".ci/run does not stop when the test command fails (its line must end with || exit 1)" >&2
  exit 1
fi
last=$(tail -n 1 "$root/.ci/run")
if [[ $last != "scripts/sanitize.sh" ]]; then
  echo ".ci/run does not end with the sanitizer stage (scripts/sanitize.sh): $last" >&2
  exit 1
fi
