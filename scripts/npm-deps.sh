#!/usr/bin/env bash
# Installs npm packages when node_modules is missing or was installed from a different lockfile.
# Compares a hash of package-lock.json, not mtimes: a checkout or pull does not order mtimes.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
stamp=node_modules/.mouthpiece-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing npm packages…"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
