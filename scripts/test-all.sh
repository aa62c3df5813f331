#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s\n' "$*"; }

step "browser for e2e"; bash scripts/ensure-chromium.sh
step "services the tests need"; node scripts/check-services.mjs
step "catalogs and styles"; npx lingui compile --typescript >/dev/null && npx panda codegen --silent
step "dependency rules (ARCHITECTURE §7)"; npm run -s lint
step "types"; npm run -s typecheck
# The money reliability suite (npm run test:money: concurrency, replays, crash on PostgreSQL) is
# part of this run, not a step of its own, so it is never run twice.
step "unit, machine, service and server tests, money reliability included"; rm -rf coverage/flows; npx vitest run
step "machine state coverage (model tests record it)"; npm run -s flows -- coverage
step "production build"; npm run -s build
step "browser journeys (Playwright, chromium)"; npx playwright test
step "flow coverage with the journeys' recordings (docs/flows.md)"; npm run -s flows -- coverage
