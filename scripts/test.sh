#!/usr/bin/env bash
# `npm test`: install what is missing (incl. Chromium), then lint (`npm run lint`), types, unit + integration
# (server suites on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set), browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's wall time is printed as it ends and summed up at the end, so a CI log answers where
# the minutes went (docs/decisions/0023-test-time.md keeps the figures).
times=()
stage=""; stage_start=$SECONDS
step() {
  [ -n "$stage" ] && times+=("$(printf '%-20s %5d s' "$stage" $((SECONDS - stage_start)))")
  stage="$1"; stage_start=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$1"
}
summary() {
  local rc=$?
  [ -n "$stage" ] && times+=("$(printf '%-20s %5d s%s' "$stage" $((SECONDS - stage_start)) "$([ $rc -ne 0 ] && echo ' (failed)')")")
  printf '\n\033[1m== stage times\033[0m\n'; printf '%s\n' "${times[@]}"; printf '%-20s %5d s\n' total "$SECONDS"
}
trap summary EXIT

step "system deps"; bash scripts/system-deps.sh test
step "npm deps";    bash scripts/npm-deps.sh
# Lint (prettier, type-aware eslint, cycles, boundaries, outside references) and the type check each
# keep one core busy for a minute or two, so they run side by side; each one's output is printed whole.
step "lint + typecheck"
mkdir -p .tmp
npm run lint --silent > .tmp/lint.log 2>&1 & lint_pid=$!
tsc_rc=0; npx tsc -b tsconfig.json || tsc_rc=$?
lint_rc=0; wait "$lint_pid" || lint_rc=$?
cat .tmp/lint.log
if [ "$tsc_rc" -ne 0 ] || [ "$lint_rc" -ne 0 ]; then
  echo "lint exited $lint_rc, typecheck exited $tsc_rc" >&2
  exit 1
fi
step "unit + integration"; npx vitest run
# The web app, and the server bundle `npm start` runs (scripts/build-server.mjs): the browser tests
# run against that bundle, not against the sources through tsx (docs/decisions/0023-test-time.md).
step "build";      npm run build -w @mouthpiece/web --silent && touch apps/web/dist/.build-stamp && node scripts/server-bundle.mjs
step "browser";    npx playwright test
