#!/usr/bin/env bash
# The Debian packages Mouthpiece needs, in one place. Usage: system-deps.sh [runtime|test]
#   runtime: what `npm start` needs;  test: that plus the browser for Playwright.
# As root, installs what is missing; otherwise prints the exact apt command and fails.
set -euo pipefail

RUNTIME_PKGS=(
  ffmpeg              # audio/video encode, voice effects, compositing
  libespeak-ng1       # built-in speech engine (loaded in-process)
  espeak-ng-data
  festival            # the warmer built-in voice
  festvox-us-slt-hts
  fonts-liberation    # metric-compatible Arial/Helvetica for captions
  fonts-dejavu-core
)
TEST_PKGS=(chromium)

want=("${RUNTIME_PKGS[@]}")
[ "${1:-runtime}" = test ] && want+=("${TEST_PKGS[@]}")

# A stamp newer than dpkg's database proves nothing was installed or removed since the last
# check passed: skip asking dpkg about every package on each start.
stamp="$(dirname "$0")/../.tmp/stamps/system-deps-${1:-runtime}"
dpkg_db=/var/lib/dpkg/status
if [ -f "$stamp" ] && [ -f "$dpkg_db" ] && [ "$stamp" -nt "$dpkg_db" ]; then exit 0; fi

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  mkdir -p "$(dirname "$stamp")" && touch "$stamp"
  exit 0
fi

cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "Mouthpiece needs these Debian packages: ${missing[*]}" >&2
  echo "Install them as root, then run this again:" >&2
  echo "  sudo sh -c '$cmd'" >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
mkdir -p "$(dirname "$stamp")" && touch "$stamp"
