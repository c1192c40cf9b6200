#!/usr/bin/env bash
# `npm start`: install what is missing, build the web app if its sources changed, then run the whole
# product on embedded defaults (PGlite under DATA_DIR, local files, in-process workers).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh runtime
bash scripts/npm-deps.sh

stamp=apps/web/dist/.build-stamp
if [ ! -f "$stamp" ] || [ -n "$(find apps/web/src apps/web/index.html apps/web/public packages -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
  echo "Building the web app…"
  npm run build -w @mouthpiece/web --silent
  touch "$stamp"
fi

export WEB_DIST="${WEB_DIST:-apps/web/dist}"
exec node --import tsx apps/server/src/main.ts
