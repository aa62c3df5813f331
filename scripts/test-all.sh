#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's wall time, printed as it ends and again as a table at the end (also on failure).
declare -a TIMES=()
RUN_START=$SECONDS
summary() {
  local status=$?
  printf '\n=== step times\n'
  local line
  for line in "${TIMES[@]}"; do printf '%s\n' "$line"; done
  printf '%6ss  total%s\n' "$((SECONDS - RUN_START))" "$([ "$status" -eq 0 ] || echo " (failed)")"
}
trap summary EXIT
step() {
  local name=$1; shift
  printf '\n=== %s\n' "$name"
  local start=$SECONDS status=0
  "$@" || status=$?
  local took=$((SECONDS - start))
  if [ "$status" -ne 0 ]; then
    TIMES+=("$(printf '%6ss  %s (failed)' "$took" "$name")")
    exit "$status"
  fi
  TIMES+=("$(printf '%6ss  %s' "$took" "$name")")
  printf '=== %s: %ss\n' "$name" "$took"
}

step "browser for e2e" bash scripts/ensure-chromium.sh
step "services the tests need" node scripts/check-services.mjs
# Once for the whole run: the types, the tests and the build below all read these.
step "catalogs and styles" bash -c 'npx lingui compile --typescript >/dev/null && npx panda codegen --silent'
step "dependency rules (ARCHITECTURE §7)" npm run -s lint
step "types" npm run -s typecheck
# Every vitest project (unit, machines, views, server) in one pool. The money reliability suite
# (npm run test:money: concurrency, replays, crash on PostgreSQL) is part of it, never run twice.
# The machine tests record flow coverage into coverage/flows; the gate reads it after the journeys.
step "unit, machine, view and server tests, money reliability included" bash -c 'rm -rf coverage/flows && npx vitest run'
# `npm run build` less the catalogs and styles made above.
step "production build" npx vite build --logLevel warn
# First-load JS of the pages in budget.config.json against their budgets, from the build above.
step "bundle budget" node --import tsx scripts/check-budget.ts
step "browser journeys (Playwright, chromium)" npx playwright test
# The gate (docs/flows.md): every state and transition of every registered machine, taken by the
# machine tests and the journeys together. Run once, here, with both recordings in.
step "flow coverage, machine tests and journeys (docs/flows.md)" npm run -s flows -- coverage
