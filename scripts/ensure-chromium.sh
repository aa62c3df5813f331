#!/usr/bin/env bash
# Browser tests use Debian's chromium: Playwright's own browser download cannot work on these machines.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "chromium not found at $CHROMIUM: installing Debian's chromium package"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
[ -x "$CHROMIUM" ] || { echo "chromium is still missing at $CHROMIUM" >&2; exit 1; }
