#!/usr/bin/env bash
# `npm test`: install what is missing (incl. Chromium), then lint (`npm run lint`), types, unit + integration
# (server suites on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set), browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh test
bash scripts/npm-deps.sh

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
step "lint";       npm run lint --silent   # eslint, import cycles, no references outside the repo
step "typecheck";  npx tsc -b tsconfig.json
step "unit + integration"; npx vitest run
step "build";      npm run build -w @mouthpiece/web --silent && touch apps/web/dist/.build-stamp
step "browser";    npx playwright test
