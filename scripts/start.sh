#!/usr/bin/env bash
# `npm start`: install what is missing, build the web app and the server if their sources changed,
# then run the whole product on embedded defaults (PGlite under DATA_DIR, local files, in-process workers).
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

# The server's own TypeScript, bundled once per change (scripts/build-server.mjs): a start then loads
# a few plain modules instead of sending hundreds through tsx's loader. The stamp is taken before
# building, so a file saved during the build makes the next start build again.
server_stamp=apps/server/dist/.build-stamp
if [ ! -f "$server_stamp" ] || [ -n "$(find apps/server/src packages scripts/build-server.mjs package-lock.json -newer "$server_stamp" -type f -not -path '*/node_modules/*' -print -quit 2>/dev/null)" ]; then
  echo "Building the server…"
  next_stamp="$(mktemp)"
  node scripts/build-server.mjs apps/server/dist
  mv "$next_stamp" "$server_stamp"
fi

export WEB_DIST="${WEB_DIST:-apps/web/dist}"
exec node --enable-source-maps apps/server/dist/main.js
