#!/usr/bin/env bash
# The journeys on a busy machine: a CPU load of one busy thread per core (scripts/cpu-load.mjs) runs
# beside the Playwright suite, with no retries, so a journey that passes only on a quiet machine
# fails here. E2E_LOAD_RUNS runs it that many times in a row (default 1), stopping at the first
# failure; CPU_LOAD_THREADS sets the load. Arguments go to `playwright test`.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${E2E_LOAD_RUNS:-1}
[ -f dist/assets.json ] || npm run -s build

node scripts/cpu-load.mjs &
LOAD=$!
trap 'kill "$LOAD" 2>/dev/null || true' EXIT

for run in $(seq 1 "$RUNS"); do
  printf '\n=== journeys under load: run %s of %s\n' "$run" "$RUNS"
  start=$SECONDS
  npx playwright test --retries=0 "$@"
  printf '=== run %s of %s passed in %s s\n' "$run" "$RUNS" "$((SECONDS - start))"
done
